"""Consolidation speed and memory: the nightly run over many memories.

`measure`: seconds to consolidate the first 10,000 memories of the synthetic
household corpus, bulk-loaded without create-time dedup (as an import would
load them), with their MiniLM vectors (cached in `.cache/bench/`). The corpus
is full of near-duplicate structure: repeated texts, the same text with a
different tail ("... Worth remembering."), and template siblings that differ
in one slot (a room, a number, a person).

`measure_cluster`: one cluster of look-alike facts ("Crash test note 2-417:
the blue crate number 1834 is in the loft.", attack review s17 H1), 2,000 and
10,000 of them, each run in a child process of its own: its peak resident
memory above what it held before the run, its seconds (wall and CPU) and
the pairs it judged. The child stops
itself past `RSS_LIMIT_MB` (the figure is then that limit, not a peak).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
from pathlib import Path
import subprocess
import sys
import tempfile
import threading
import time

from custom_components.home_memory.memory.common.values import (
    MemoryKind,
    NewMemory,
)
from custom_components.home_memory.memory.consolidation.consolidation import (
    Consolidator,
)

from . import REPO_ROOT
from .data import CORPUS_SEED, CORPUS_VERSION, corpus
from .rss import rss_mb
from .speed import CALLER, bulk_load, open_store
from .vectors import cached_vectors, engine_embedder, stored_text

MEMORIES = 10_000
CLUSTER_SIZES = (2_000, 10_000)
# A child past this resident size stops: the unbounded run reached 16 GB.
RSS_LIMIT_MB = 4_000
_LOAD_BATCH = 500


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
    figures = {
        f"consolidation_s_{count}": seconds,
        f"consolidation_merged_{count}": float(stats.absorbed),
        f"consolidation_superseded_{count}": float(stats.superseded),
    }
    for size in CLUSTER_SIZES:
        figures.update(measure_cluster(size))
    return figures


def cluster_texts(count: int) -> list[str]:
    """`count` facts that read alike and are all different."""
    return [
        f"Crash test note {i % 4}-{i}: the blue crate number "
        f"{(i * 7919) % 10_000} is in the loft."
        for i in range(count)
    ]


def measure_cluster(count: int) -> dict[str, float]:
    """The cluster run in a child process: peak MB added, seconds, merges."""
    done = subprocess.run(
        [sys.executable, "-m", "benchmarks.consolidation", "--cluster", str(count)],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise RuntimeError(done.stderr.strip()[-2000:] or f"exit {done.returncode}")
    result: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def _peak_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return rss_mb()


def _cluster_child(count: int) -> dict[str, float]:
    embedder = engine_embedder()
    texts = cluster_texts(count)
    vectors, _, _ = cached_vectors(
        embedder, [stored_text(t) for t in texts], name="cluster", version="s17-h1"
    )
    with tempfile.TemporaryDirectory(prefix="bench-cluster-") as scratch:
        store = open_store(Path(scratch), embedder)
        try:
            for start in range(0, count, _LOAD_BATCH):
                stop = min(start + _LOAD_BATCH, count)
                store.create_many(
                    [
                        NewMemory(content=text, kind=MemoryKind.FACT)
                        for text in texts[start:stop]
                    ],
                    CALLER,
                    vectors=vectors[start:stop],
                    dedup=False,
                )
            # Linux: the peak (VmHWM) starts again from here.
            with contextlib.suppress(OSError):
                Path("/proc/self/clear_refs").write_text("5")
            before = rss_mb()
            _guard(RSS_LIMIT_MB, count)
            started, cpu = time.perf_counter(), time.process_time()
            stats = Consolidator(store).run()
            seconds = time.perf_counter() - started
            cpu = time.process_time() - cpu
            peak = _peak_mb()
        finally:
            store.close()
    return {
        f"consolidation_cluster_peak_mb_{count}": peak - before,
        f"consolidation_cluster_s_{count}": seconds,
        f"consolidation_cluster_cpu_s_{count}": cpu,
        f"consolidation_cluster_pairs_{count}": float(getattr(stats, "pairs", 0)),
        f"consolidation_cluster_removed_{count}": float(len(stats.removed_ids)),
    }


def _guard(limit_mb: float, count: int) -> None:
    """Stop the process (exit 3) once its resident memory passes `limit_mb`."""
    started = time.perf_counter()

    def watch() -> None:
        while True:
            if rss_mb() > limit_mb:
                print(
                    f"cluster {count}: past {limit_mb:.0f} MB after "
                    f"{time.perf_counter() - started:.1f} s",
                    file=sys.stderr,
                    flush=True,
                )
                os._exit(3)
            time.sleep(0.5)

    threading.Thread(target=watch, daemon=True).start()


def main() -> None:
    """`--cluster N`: one cluster run, its figures as a JSON line."""
    parser = argparse.ArgumentParser(prog="benchmarks.consolidation")
    parser.add_argument("--cluster", type=int)
    args = parser.parse_args()
    if args.cluster:
        print(json.dumps(_cluster_child(args.cluster)))
        return
    for name, value in measure().items():
        print(f"{name}: {value:.3f}")


if __name__ == "__main__":
    main()
