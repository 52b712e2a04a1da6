"""Consolidation speed: seconds to consolidate 10,000 memories.

The store holds the first 10,000 memories of the synthetic household corpus,
bulk-loaded without create-time dedup (as an import would load them), with
their MiniLM vectors (cached in `.cache/bench/`). The corpus is full of
near-duplicate structure: repeated texts, the same text with a different
tail ("... Worth remembering."), and template siblings that differ in one
slot (a room, a number, a person). Timed: the whole rules-only run, candidate
search (blockwise matrix products), pair classification, and the writes.
"""

from __future__ import annotations

from pathlib import Path
import tempfile
import time

from custom_components.home_memory.memory.consolidation.consolidation import (
    Consolidator,
)

from .data import CORPUS_SEED, CORPUS_VERSION, corpus
from .speed import bulk_load, open_store
from .vectors import cached_vectors, engine_embedder, stored_text

MEMORIES = 10_000


def measure(count: int = MEMORIES) -> dict[str, float]:
    """`consolidation_s_<count>` and what the run did, as benchmark figures."""
    embedder = engine_embedder()
    items = corpus(count)
    vectors, _, _ = cached_vectors(
        embedder,
        [stored_text(item.content) for item in items],
        name="corpus",
        version=f"{CORPUS_VERSION}-{CORPUS_SEED}",
    )
    with tempfile.TemporaryDirectory(prefix="bench-consolidation-") as scratch:
        store = open_store(Path(scratch), embedder)
        try:
            bulk_load(store, items, vectors)
            started = time.perf_counter()
            stats = Consolidator(store).run()
            seconds = time.perf_counter() - started
        finally:
            store.close()
    return {
        f"consolidation_s_{count}": seconds,
        f"consolidation_merged_{count}": float(stats.absorbed),
        f"consolidation_superseded_{count}": float(stats.superseded),
    }


if __name__ == "__main__":
    for name, value in measure().items():
        print(f"{name}: {value:.3f}")
