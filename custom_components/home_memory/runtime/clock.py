"""Home Memory's one clock: Home Assistant's time.

The store is opened with `ha_now` (runtime/database.py), so every "now" the
engine reads (memories, their log, sessions, proposals, extraction, search
cursors) and the integration's own waits (conversation capture's patience,
the conversation states' expiries) are Home Assistant's time, read at each
call: the test harness's frozen time (`freezer`) drives all of them alike.

What stays on the monotonic clock measures durations only and never meets a
date: the operations' latency (runtime/latency.py, `time.perf_counter`) and
how long a backup has held writes (memory/common/clock.py, `elapsed`).
"""

from __future__ import annotations

from homeassistant.util import dt as dt_util


def ha_now() -> float:
    """Home Assistant's time now, in unix seconds (read at each call)."""
    return dt_util.utcnow().timestamp()
