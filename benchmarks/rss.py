"""Resident memory of a process that has the store open and searches it.

Measured in a fresh child process (`python -m benchmarks.rss`): the parent
holds the 100K corpus, its vectors and, earlier, the peers' data, none of
which a Home Assistant process would have. The child loads the embedder (a
real install has it loaded), opens the store file the parent built, runs
searches, and reports its RSS then.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
import resource
import subprocess
import sys
from typing import TYPE_CHECKING

from custom_components.home_memory.memory.search.retrieval import Retriever
from custom_components.home_memory.memory.store import MemoryStore

from . import REPO_ROOT
from .data import questions
from .speed import CALLER, SEARCH_LIMIT
from .vectors import engine_embedder

if TYPE_CHECKING:
    from collections.abc import Sequence

RSS_QUERIES = 50
_MB = 1024 * 1024


def _status_mb(field: str) -> float | None:
    """A VmRSS/VmHWM line of /proc/self/status in MB (Linux), else None."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith(f"{field}:"):
                return int(line.split()[1]) * 1024 / _MB
    except OSError:
        return None
    return None


def rss_mb() -> float:
    """Current resident set size in MB."""
    current = _status_mb("VmRSS")
    if current is not None:
        return current
    # No /proc: the peak is the best that getrusage offers (KB on Linux).
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024 / _MB


def peak_rss_mb() -> float:
    """Peak resident set size in MB."""
    peak = _status_mb("VmHWM")
    return peak if peak is not None else rss_mb()


def measure(db: Path, queries: Sequence[str]) -> dict[str, float]:
    """RSS with the embedder loaded, then with the store open and searched."""
    embedder = engine_embedder()
    before = rss_mb()
    store = MemoryStore(db, embedder=embedder)
    try:
        # The HNSW graph (when usearch imports) is part of the steady state.
        store.index.wait_for_graph()
        retriever = Retriever(store)
        for text in queries:
            retriever.search(text, CALLER, limit=SEARCH_LIMIT, record_access=False)
        figures = {"rss_mb": rss_mb(), "rss_peak_mb": peak_rss_mb()}
        figures["rss_mb_embedder_only"] = before
        # The index reports its own arrays; older indexes may not.
        nbytes = getattr(store.index, "nbytes", None)
        if isinstance(nbytes, int):
            figures["index_mb"] = nbytes / _MB
    finally:
        store.close()
    return figures


def run_rss(db: Path, n: int) -> tuple[dict[str, float], str | None]:
    """Measure in a child process; (figures named for n, error or None)."""
    command = [sys.executable, "-m", "benchmarks.rss", str(db)]
    done = subprocess.run(
        command, cwd=REPO_ROOT, capture_output=True, text=True, timeout=600, check=False
    )
    if done.returncode != 0:
        tail = " ".join(done.stderr.strip().splitlines()[-3:])
        return {}, f"rss child failed (exit {done.returncode}): {tail}"
    raw = json.loads(done.stdout.strip().splitlines()[-1])
    figures = {
        f"rss_mb_{n}": raw["rss_mb"],
        f"rss_peak_mb_{n}": raw["rss_peak_mb"],
        "rss_mb_embedder_only": raw["rss_mb_embedder_only"],
    }
    if "index_mb" in raw:
        figures[f"vector_index_mb_{n}"] = raw["index_mb"]
    return figures, None


def main(argv: Sequence[str] | None = None) -> None:
    """Child-process entry: print the figures as one JSON line."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.rss")
    parser.add_argument("db", type=Path)
    args = parser.parse_args(argv)
    print(json.dumps(measure(args.db, questions(RSS_QUERIES))))


if __name__ == "__main__":
    main()
