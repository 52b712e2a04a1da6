"""Retention: how much of what the home told is still recallable 1, 7 and 30
days later (issue 19; docs/retention.md).

A household lives DAYS simulated days: people leave and come home through the
front door, motion sensors pulse, lights and the TV go on and off, and now
and then the front door is unlocked at night. The observer's own
segmentation and template narrator make each day's memories, written at the
day's end on the store's injected clock, and maintenance runs every night at
03:00. A memory is recallable while it is active (search, recall and the
prompt read only that tier). No embedder is needed: retention does not
depend on vectors. `tests/core/upkeep/test_retention_simulation.py` asserts on the
same simulation.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
import random
import tempfile
from typing import Final, Protocol
from zoneinfo import ZoneInfo

from custom_components.home_memory.memory.common.values import (
    Caller,
    Tier,
    WeightClass,
)
from custom_components.home_memory.memory.observation.narration import narrate
from custom_components.home_memory.memory.observation.segmentation import (
    ready_segments,
    worth_remembering,
)
from custom_components.home_memory.memory.store import MemoryStore

from .observed_events import ObservedEvents

TZ: Final = ZoneInfo("Europe/Berlin")
HOUSEHOLD: Final = Caller()
# A Monday; the simulation's calendar (never today's).
FIRST_DAY: Final = datetime(2026, 3, 2, tzinfo=TZ)
DAYS: Final = 45
AGES: Final = (1, 7, 30)
DAY: Final = 86_400.0


class SettableClock(Protocol):
    """The store's clock, which the simulation sets (the tests' ManualClock)."""

    value: float

    def __call__(self) -> float:
        """Now, as unix time."""
        ...


class _Clock:
    def __init__(self) -> None:
        self.value = FIRST_DAY.timestamp()

    def __call__(self) -> float:
        return self.value


def at(day: int, hour: int, minute: int, second: int = 0) -> float:
    """Unix time of a local wall-clock time `day` days after FIRST_DAY."""
    # Wall-clock arithmetic on an aware datetime: minutes past 59 carry over.
    wall = FIRST_DAY + timedelta(days=day, hours=hour, minutes=minute, seconds=second)
    return wall.timestamp()


class HouseholdEvents(ObservedEvents):
    """The simulated household's events, in its time zone."""

    def __init__(self) -> None:
        super().__init__(TZ)


def household_day(events: HouseholdEvents, day: int, rng: random.Random) -> None:
    """One ordinary day: waking, leaving, a quiet noon, coming home, evening."""
    j = rng.randint(0, 20)
    # Morning: motion pulses in the hallway and the bathroom, lights, coffee.
    for k in range(rng.randint(3, 8)):
        sensor = "binary_sensor.hallway_motion"
        events.add(
            at(day, 6, 40 + j // 2, 10 * k),
            sensor,
            "on",
            "off",
            area="Hallway",
            device_class="motion",
        )
        events.add(
            at(day, 6, 40 + j // 2, 10 * k + 2),
            sensor,
            "off",
            "on",
            area="Hallway",
            device_class="motion",
        )
    events.light(at(day, 6, 45 + j // 2), "on", "light.bathroom", area="Bathroom")
    events.light(at(day, 7, 5 + j // 2), "off", "light.bathroom", area="Bathroom")
    events.add(
        at(day, 7, 10 + j // 2),
        "switch.coffee_machine",
        "on",
        "off",
        area="Kitchen",
    )
    weekday = (FIRST_DAY + timedelta(days=day)).weekday() < 5
    if weekday:
        # Leaving: the front door, then Anna's presence.
        events.add(
            at(day, 8, 5 + j),
            "binary_sensor.front_door",
            "on",
            "off",
            area="Hallway",
            device_class="door",
        )
        events.add(
            at(day, 8, 6 + j),
            "binary_sensor.front_door",
            "off",
            "on",
            area="Hallway",
            device_class="door",
        )
        events.leave(at(day, 8, 7 + j), "Anna")
    # Noon: the lights of an empty flat (a schedule): the transient kind.
    events.light(at(day, 12, 30), "on", "light.hallway", area="Hallway")
    events.light(at(day, 12, 35), "on", "light.living_room", area="Living Room")
    events.light(at(day, 12, 50), "off", "light.hallway", area="Hallway")
    events.light(at(day, 12, 55), "off", "light.living_room", area="Living Room")
    if weekday:
        events.add(
            at(day, 17, 30 + j),
            "binary_sensor.front_door",
            "on",
            "off",
            area="Hallway",
            device_class="door",
        )
        events.arrive(at(day, 17, 31 + j), "Anna")
    # Evening: the TV and the living-room light.
    events.light(at(day, 19, 0 + j), "on", "light.living_room", area="Living Room")
    events.add(
        at(day, 19, 2 + j),
        "media_player.living_room_tv",
        "playing",
        "off",
        name="Living Room TV",
        area="Living Room",
    )
    events.add(
        at(day, 21, 30 + j),
        "media_player.living_room_tv",
        "off",
        "playing",
        name="Living Room TV",
        area="Living Room",
    )
    events.light(at(day, 21, 35 + j), "off", "light.living_room", area="Living Room")
    if day % 9 == 4:
        # Now and then the front door is unlocked in the middle of the night.
        events.add(at(day, 23, 50), "lock.front_door", "unlocked", "locked")
        events.add(at(day, 23, 55), "lock.front_door", "locked", "unlocked")


@dataclass(slots=True)
class Tracked:
    """One memory the simulation made and what became of it."""

    memory_id: str
    weight_class: WeightClass
    created_at: float
    active_at_age: dict[int, bool]


def tier_of(store: MemoryStore, memory_id: str) -> Tier | None:
    """The memory's tier, or None once it is purged."""
    rowids = store.rowids_of([memory_id])
    if not rowids:
        return None
    return store.fetch(rowids)[rowids[0]].tier


def simulate(store: MemoryStore, clock: SettableClock) -> list[Tracked]:
    """Live DAYS days: each day's memories at its end, maintenance at 03:00."""
    rng = random.Random(19)
    events = HouseholdEvents()
    tracked: list[Tracked] = []
    for day in range(DAYS):
        start = len(events.made)
        household_day(events, day, rng)
        # The observer tells a segment once it is closed; here all of the day's
        # at its end (a few hours later than the observer would, which only
        # makes the memories younger at each night's run).
        segments = ready_segments(
            events.made[start:], now=at(day, 23, 59), tz=TZ, force=True
        )
        clock.value = at(day, 23, 59)
        for segment in segments:
            if not worth_remembering(segment):
                continue
            narration = narrate(segment, persona="Barnabee", tz=TZ)
            (result,) = store.create_many(
                [narration.new_memory()], HOUSEHOLD, dedup=False
            )
            tracked.append(
                Tracked(result.memory.id, narration.weight_class, clock.value, {})
            )
        clock.value = at(day + 1, 3, 0)
        store.run_maintenance()
        now = clock.value
        for memory in tracked:
            for age in AGES:
                if age not in memory.active_at_age and now - memory.created_at >= (
                    age * DAY - 6 * 3600
                ):
                    # The first night at least `age` days later (a memory of the
                    # evening meets its first night a few hours after).
                    memory.active_at_age[age] = (
                        tier_of(store, memory.memory_id) is Tier.ACTIVE
                    )
    return tracked


def shares(tracked: list[Tracked]) -> dict[WeightClass, dict[int, float]]:
    """Per class: the share of memories still active at each age reached."""
    reached: dict[WeightClass, dict[int, list[bool]]] = defaultdict(
        lambda: defaultdict(list)
    )
    for memory in tracked:
        for age, active in memory.active_at_age.items():
            reached[memory.weight_class][age].append(active)
    return {
        weight_class: {age: sum(v) / len(v) for age, v in ages.items()}
        for weight_class, ages in reached.items()
    }


def measure() -> dict[str, float]:
    """Share of observed memories recallable after 1, 7 and 30 days, by class."""
    with tempfile.TemporaryDirectory() as directory:
        clock = _Clock()
        store = MemoryStore(Path(directory) / "memory.db", clock=clock)
        try:
            by_class = shares(simulate(store, clock))
        finally:
            store.close()
    figures = {
        f"retention_after_{age}_days": by_class[WeightClass.OBSERVATION][age]
        for age in AGES
    }
    for weight_class in (WeightClass.SIGNIFICANT, WeightClass.TRANSIENT):
        for age in AGES:
            figures[f"retention_{weight_class}_after_{age}_days"] = by_class[
                weight_class
            ][age]
    return figures


if __name__ == "__main__":
    for key, value in measure().items():
        print(f"{key:40} {value:6.3f}")
