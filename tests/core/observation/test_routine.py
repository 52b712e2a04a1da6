"""This home's routine (memory/observation/routine.py): what is unusual here,
only once the home has a history and only where it clearly differs."""

from __future__ import annotations

from typing import TYPE_CHECKING

from custom_components.home_memory.memory.observation.drain import (
    drain,
    store_events,
)
from custom_components.home_memory.memory.observation.event_buffer import EventBuffer
from custom_components.home_memory.memory.observation.routine import (
    MIN_HISTORY_DAYS,
    unusual,
)
from custom_components.home_memory.memory.observation.segmentation import (
    DEFAULT_RULES,
)
from custom_components.home_memory.memory.store import MemoryStore

from .observation_factory import TZ, Events, local
from .test_activity import pulses, raw, tell

if TYPE_CHECKING:
    from pathlib import Path

    from custom_components.home_memory.memory.common.values import Memory

    from ..conftest import HashingEmbedder, ManualClock


def a_month_of_breakfasts(
    clock: ManualClock, store: MemoryStore, days: range = range(1, 22)
) -> None:
    """Kitchen activity between seven and eight on `days` (three weeks), as told."""
    for day in days:
        events = Events()
        events.seq = day * 1000
        start = local(day, 7, 10)
        pulses(events, start, 20, every_s=60)
        clock.value = start + 3 * 3600
        assert tell(store, raw(events), clock.value)


def test_unusual_only_where_this_home_clearly_differs(
    tmp_path: Path, clock: ManualClock, hashing_embedder: HashingEmbedder
) -> None:
    """The kitchen at half past seven is routine; at three at night it is
    unusual (and curious); the routine survives reopening the store."""
    store = MemoryStore(tmp_path / "m.db", embedder=hashing_embedder, clock=clock)
    a_month_of_breakfasts(clock, store)
    store.close()
    store = MemoryStore(tmp_path / "m.db", embedder=hashing_embedder, clock=clock)
    try:
        routine = Events()
        pulses(routine, local(23, 7, 25), 15, every_s=60)
        night = Events()
        night.seq = 90_000
        pulses(night, local(24, 3, 5), 15, every_s=60)
        assert unusual(store, routine.made, TZ) == frozenset()
        assert unusual(store, night.made, TZ) == {"binary_sensor.kitchen_motion"}
        (usual_memory,) = drain_memories(store, clock, routine)
        (night_memory,) = drain_memories(store, clock, night)
        assert usual_memory.emotion == "neutral"
        assert "unusual" not in usual_memory.content
        assert night_memory.emotion == "curious"
        assert "unusual" in night_memory.content or "usually" in night_memory.content
        # Busy in a room (0.25) and unusual here (+0.15); the breakfast is the
        # morning's first change after a quiet night: getting up (0.35).
        assert night_memory.importance == 0.25 + 0.15
        assert "got up for the day" in usual_memory.content
        assert usual_memory.importance == 0.35
    finally:
        store.close()


def drain_memories(
    store: MemoryStore, clock: ManualClock, events: Events
) -> list[Memory]:
    """Tell the events three hours after the last one; the memories."""
    clock.value = max(e.at for e in events.made) + 3 * 3600
    buffer = EventBuffer(store)
    store_events(buffer, raw(events), TZ)
    drained = drain(
        store, buffer, clock.value, TZ, DEFAULT_RULES, "Barnabee", force=True
    )
    return drained.memories


def test_nothing_is_unusual_before_the_home_has_two_weeks_of_history(
    tmp_path: Path, clock: ManualClock, hashing_embedder: HashingEmbedder
) -> None:
    """A week of breakfasts is no routine yet: the kitchen at three at night
    is not called unusual until MIN_HISTORY_DAYS have been observed."""
    store = MemoryStore(tmp_path / "m.db", embedder=hashing_embedder, clock=clock)
    try:
        night = Events()
        night.seq = 90_000
        pulses(night, local(24, 3, 5), 15, every_s=60)
        assert unusual(store, night.made, TZ) == frozenset()  # no history at all
        twelve_days = range(12, 24)  # seven active days and more, under two weeks
        assert len(twelve_days) < MIN_HISTORY_DAYS
        a_month_of_breakfasts(clock, store, twelve_days)
        assert unusual(store, night.made, TZ) == frozenset()
    finally:
        store.close()
