"""The engine's clocks, and the one place that names the system's.

"Now" comes from the clock injected into `MemoryStore(clock=...)` (Home
Assistant's time in the integration); both clocks are read at each call,
never bound at import, so a test harness's frozen time drives the store.

In more words: docs/engine.md, "`memory/common/clock.py`".
"""

from __future__ import annotations

from collections.abc import Callable
import time

type Clock = Callable[[], float]


def system_time() -> float:
    """The system's wall clock now, in unix seconds (read at each call)."""
    return time.time()


def elapsed() -> float:
    """A monotonic reading, for measuring durations only (read at each call)."""
    return time.monotonic()
