"""Speed, memory and retrieval-quality benchmarks of the memory engine.

Run them through `scripts/bench` (see `benchmarks/__main__.py`). Nothing here
is imported by the integration; these modules only measure it.
"""

from __future__ import annotations

from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
# Embeddings of the synthetic corpus, the peers' site of installs and scratch
# files live here; .cache/ is git-ignored.
CACHE_DIR = REPO_ROOT / ".cache" / "bench"
# LoCoMo files and their scorer: read in place, never copied (CC BY-NC 4.0).
DEFAULT_BENCH_DATA = REPO_ROOT.parent / "shared" / "bench-data"
