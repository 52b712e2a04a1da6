"""Observed events for the segmentation, narration and buffer tests."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

from benchmarks.observed_events import ObservedEvents

TZ = ZoneInfo("Europe/Berlin")


def local(day: int, hour: int, minute: int = 0, second: int = 0) -> float:
    """Unix time of a local wall-clock time in November 2026 (the 24th: Tuesday)."""
    return datetime(2026, 11, day, hour, minute, second, tzinfo=TZ).timestamp()


class Events(ObservedEvents):
    """Builds rated events with increasing buffer ids, in Berlin's time."""

    def __init__(self) -> None:
        super().__init__(TZ)
