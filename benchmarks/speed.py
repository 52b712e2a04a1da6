"""The engine's own speed: bulk load, search, end-to-end search, embedding.

Every store here is a fresh MemoryStore in a temporary folder, loaded the way
a bulk import loads it (`create_many` in batches, precomputed vectors, no
dedup). Searches run as a household member ("anna") so the visibility filter
is part of what is measured.
"""

from __future__ import annotations

import sqlite3
import time
from typing import TYPE_CHECKING

import numpy as np

from custom_components.home_memory.memory.common.values import Caller
from custom_components.home_memory.memory.store import MemoryStore

from .data import USERS, CorpusItem
from .timing import Latency, rate, time_calls

if TYPE_CHECKING:
    from collections.abc import Sequence
    from pathlib import Path

    from custom_components.home_memory.memory.embedding.embedder import Embedder
    from custom_components.home_memory.memory.search.retrieval import Retriever

    from .vectors import Vectors

CALLER = Caller(user_id=USERS[0])
# Rows per create_many call: one transaction each, as a bulk import would do.
LOAD_BATCH = 5000
# Items per create_many call when the store embeds the texts itself.
EMBED_INSERT_BATCH = 200
# What a search shows the user: the first page of an explicit search.
SEARCH_LIMIT = 10
RECALL_K = 20


GRAPH_FILE = "graph.usearch"


def open_store(directory: Path, embedder: Embedder) -> MemoryStore:
    """The store in `directory` (new and empty at first) with the real embedder.

    Its vector graph is saved beside it on close and adopted when it reopens,
    as Home Assistant does with its cache folder.
    """
    directory.mkdir(parents=True, exist_ok=True)
    return MemoryStore(
        directory / "memory.db", embedder=embedder, graph_path=directory / GRAPH_FILE
    )


def bulk_load(
    store: MemoryStore,
    items: Sequence[CorpusItem],
    vectors: Vectors,
    *,
    batch: int = LOAD_BATCH,
) -> float:
    """Load items with their precomputed vectors; returns the seconds taken.

    Timed: validation, one transaction per batch (rows, labels, FTS, vectors,
    audit log, fsync) and the in-memory index update after each commit.
    """
    new = [item.new_memory() for item in items]
    started = time.perf_counter_ns()
    for start in range(0, len(new), batch):
        stop = min(start + batch, len(new))
        store.create_many(
            new[start:stop], CALLER, vectors=vectors[start:stop], dedup=False
        )
    return (time.perf_counter_ns() - started) / 1e9


def insert_rate_with_embedding(
    directory: Path, embedder: Embedder, items: Sequence[CorpusItem]
) -> float:
    """Memories per second when create_many embeds the texts itself.

    A fresh store, so only the embedding and the write are measured, in
    batches as a conversation importer would send them.
    """
    store = open_store(directory, embedder)
    try:
        new = [item.new_memory() for item in items]
        started = time.perf_counter_ns()
        for start in range(0, len(new), EMBED_INSERT_BATCH):
            store.create_many(
                new[start : start + EMBED_INSERT_BATCH], CALLER, dedup=False
            )
        return rate(len(new), (time.perf_counter_ns() - started) / 1e9)
    finally:
        store.close()


def search_latency(
    retriever: Retriever, queries: Sequence[str], *, warmup: Sequence[str]
) -> Latency:
    """Hybrid search without embedding.

    Timed per query: `Retriever.search` (limit 10, no access recording) over
    the store, i.e. vector candidates from the in-memory index, BM25
    candidates from FTS5, exact cosine for keyword-only hits, fusion, fetching
    the candidate rows and composite scoring. The query vectors are computed
    beforehand, untimed, and sit in the embedder's query cache, so no model
    runs inside the timing: this is the search as it runs for a repeated
    request or for a query embedded ahead.
    """
    store = retriever.store
    for text in (*warmup, *queries):
        store.embed_query(text)  # fills the query cache (untimed)
    return time_calls(
        lambda text: retriever.search(
            text, CALLER, limit=SEARCH_LIMIT, record_access=False
        ),
        queries,
        warmup=warmup,
    )


def e2e_latency(
    retriever: Retriever, fresh_queries: Sequence[str], *, warmup: Sequence[str]
) -> Latency:
    """Embedding + hybrid search + scoring, as for a new user request.

    Timed per query: the same `Retriever.search` call as search_latency, but
    every text is new to the embedder (callers pass texts never used before
    in this process), so each call runs the model once.
    """
    return time_calls(
        lambda text: retriever.search(
            text, CALLER, limit=SEARCH_LIMIT, record_access=False
        ),
        fresh_queries,
        warmup=warmup,
    )


def embed_query_latency(
    embedder: Embedder, fresh_queries: Sequence[str], *, warmup: Sequence[str]
) -> Latency:
    """One query embedding (tokenise, model, pool, normalise), cache missed."""
    return time_calls(embedder.embed_query, fresh_queries, warmup=warmup)


def rowids_in_load_order(store: MemoryStore) -> np.ndarray:
    """Rowids of the loaded memories, in corpus order (fresh store, one load)."""
    with sqlite3.connect(f"{store.path.as_uri()}?mode=ro", uri=True) as conn:
        rows = conn.execute("SELECT rowid FROM memories ORDER BY rowid").fetchall()
    return np.fromiter((r[0] for r in rows), np.int64, len(rows))


def index_recall(
    store: MemoryStore,
    corpus_vectors: Vectors,
    query_vectors: Vectors,
    *,
    k: int = RECALL_K,
) -> float:
    """Share of the index's top k that belong to the exact top k (numpy cosine).

    Over all rows (no visibility filter), so it measures the index alone. A
    returned row counts when its exact cosine reaches the k-th best: the
    corpus repeats some texts, and which of several equal vectors fills the
    last places is arbitrary for both sides.
    """
    rowids = rowids_in_load_order(store)
    if len(rowids) != len(corpus_vectors):
        raise ValueError("the store does not hold exactly the corpus")
    found = 0
    for query in query_vectors:
        scores = corpus_vectors @ query
        kth = -np.partition(-scores, k - 1)[k - 1]
        approx = np.asarray([rowid for rowid, _ in store.index.search(query, k)])
        positions = np.searchsorted(rowids, approx)
        found += int(np.count_nonzero(scores[positions] >= kth - 1e-5))
    return found / (k * len(query_vectors))
