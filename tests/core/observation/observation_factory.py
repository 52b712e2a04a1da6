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


def night_with_a_bathroom_visit(
    bed: str = "Bed Occupancy", bedroom: str = "Bedroom", bathroom: str = "Bathroom"
) -> Events:
    """In bed at 23:10 on Tuesday, up at 03:02 for the bathroom (03:04-03:05),
    back at 03:09, up at 08:43 on Wednesday."""
    events = Events()
    mat = {"name": bed, "device_class": "occupancy", "area": bedroom}
    events.add(local(24, 23, 10), "binary_sensor.bed", "on", "off", **mat)
    events.add(local(25, 3, 2), "binary_sensor.bed", "off", "on", **mat)
    bath = {"area": bathroom, "device_class": "motion"}
    events.add(local(25, 3, 4), "binary_sensor.bath_motion", "on", "off", **bath)
    events.add(local(25, 3, 5), "binary_sensor.bath_motion", "off", "on", **bath)
    events.add(local(25, 3, 9), "binary_sensor.bed", "on", "off", **mat)
    events.add(local(25, 8, 43), "binary_sensor.bed", "off", "on", **mat)
    return events
