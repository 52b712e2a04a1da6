"""Speed, memory and retrieval-quality benchmarks of the memory engine.

Run them through `scripts/bench` (see `benchmarks/__main__.py`). Nothing here
is imported by the integration; these modules only measure it.
"""

from __future__ import annotations

import os
from pathlib import Path
import subprocess

REPO_ROOT = Path(__file__).resolve().parents[1]
# Embeddings of the synthetic corpus, the peers' site of installs and scratch
# files live here; .cache/ is git-ignored.
CACHE_DIR = REPO_ROOT / ".cache" / "bench"


def _shared_bench_data() -> Path:
    """../shared/bench-data beside this clone, else beside the clone it came from.

    A CI clone in a temporary folder has no ../shared; its origin (a local
    path) does. HOME_MEMORY_BENCH_DATA overrides both.
    """
    if override := os.environ.get("HOME_MEMORY_BENCH_DATA"):
        return Path(override)
    beside = REPO_ROOT.parent / "shared" / "bench-data"
    if beside.is_dir():
        return beside
    origin = subprocess.run(
        ["git", "-C", str(REPO_ROOT), "remote", "get-url", "origin"],
        capture_output=True,
        text=True,
        check=False,
    ).stdout.strip()
    if origin and Path(origin).is_dir():
        candidate = Path(origin).resolve().parent / "shared" / "bench-data"
        if candidate.is_dir():
            return candidate
    return beside


# LoCoMo files and their scorer: read in place, never copied (CC BY-NC 4.0).
DEFAULT_BENCH_DATA = _shared_bench_data()
