"""The engine's clocks, and the one place that names the system's.

"Now" (unix seconds) comes from one clock the caller injects into
`MemoryStore(clock=...)`; everything built on the store (sessions, proposals,
extraction, retrieval's candidates and cursors) reads `store.now`, never a
clock of its own. In Home Assistant that clock is Home Assistant's time
(`runtime/clock.py`), so the test harness's frozen time drives the store too.
Without one, `system_time` reads the system's wall clock.

Both functions read their clock at each call, never at import: a default
argument `clock=time.time` would keep the real function even while a test
harness has replaced `time.time` (tests/integration/test_clock.py scans the
package for such bindings).

`elapsed` is for durations that have nothing to do with the date: the only
one in the engine is how long a backup has held writes (connections.py),
measured against `threading.Event.wait` timeouts, which run on the monotonic
clock; a wall clock set back or forward must neither stretch nor cut that.
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
