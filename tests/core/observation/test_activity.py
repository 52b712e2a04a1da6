"""What people did: pulses merged into stretches, the options' significant
entities and the narrator's languages (issue 19; the home's routine is
test_routine.py's)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from custom_components.home_memory.memory.common.values import (
    SYSTEM,
    WeightClass,
)
from custom_components.home_memory.memory.observation.drain import (
    drain,
    store_events,
)
from custom_components.home_memory.memory.observation.event_buffer import (
    EventBuffer,
    ObservedEvent,
)
from custom_components.home_memory.memory.observation.faithfulness import check
from custom_components.home_memory.memory.observation.narration import narrate
from custom_components.home_memory.memory.observation.segmentation import (
    DEFAULT_RULES,
    ready_segments,
)

from .observation_factory import TZ, Events, local, night_with_a_bathroom_visit

if TYPE_CHECKING:
    from custom_components.home_memory.memory.store import MemoryStore

KITCHEN = {"area": "Kitchen", "device_class": "motion", "name": "Kitchen Motion"}


def pulses(events: Events, start: float, minutes: float, every_s: float = 2.0) -> None:
    """A motion sensor on for one second every `every_s` seconds."""
    at = start
    while at < start + minutes * 60:
        events.add(at, "binary_sensor.kitchen_motion", "on", "off", **KITCHEN)
        events.add(at + 1, "binary_sensor.kitchen_motion", "off", "on", **KITCHEN)
        at += every_s


def raw(events: Events) -> list[ObservedEvent]:
    """The made events as the observer hands them over (not yet stored)."""
    return [replace(event, seq=0, importance=0.0) for event in events.made]


def tell(store: MemoryStore, events: list[ObservedEvent], now: float) -> list[str]:
    """Store the events and let the template narrator tell them; the texts."""
    buffer = EventBuffer(store)
    store_events(buffer, events, TZ)
    drained = drain(store, buffer, now, TZ, DEFAULT_RULES, "Barnabee", force=True)
    assert drained.error is None
    return [memory.content for memory in drained.memories]


def test_one_second_pulses_become_one_stretch_whatever_the_rate(
    store: MemoryStore,
) -> None:
    """Half an hour of pulses every two seconds: two rows, one memory, true."""
    events = Events()
    pulses(events, local(24, 7, 30), 30)
    assert len(events.made) == 1800
    buffer = EventBuffer(store)
    store_events(buffer, raw(events), TZ)
    assert buffer.count() == 2  # the first "on", the last "off"
    drained = drain(
        store, buffer, local(24, 9), TZ, DEFAULT_RULES, "Barnabee", force=True
    )
    (memory,) = drained.memories
    assert "someone was busy in the kitchen for about thirty minutes" in (
        memory.content
    )
    assert "from about half past seven" in memory.content
    assert "motion" not in memory.content.casefold()
    told = buffer.told(memory, SYSTEM)
    assert check(memory.content, told, tz=TZ) == []


def test_pulses_far_apart_stay_separate_stretches(store: MemoryStore) -> None:
    """A pulse more than five minutes after the last one starts a new stretch."""
    events = Events()
    pulses(events, local(24, 7, 30), 1, every_s=30)
    pulses(events, local(24, 7, 45), 1, every_s=30)
    buffer = EventBuffer(store)
    store_events(buffer, raw(events), TZ)
    assert buffer.count() == 4


def test_a_lone_change_of_a_significant_entity_is_remembered(
    store: MemoryStore,
) -> None:
    """A light switched once is trivial, unless the options mark it significant."""
    events = Events()
    events.light(local(24, 14, 0), "on", "light.porch", area="Porch")
    buffer = EventBuffer(store)
    store_events(buffer, raw(events), TZ)
    drained = drain(
        store, buffer, local(24, 16), TZ, DEFAULT_RULES, "Barnabee", force=True
    )
    assert drained.memories == []
    assert drained.discarded == 1
    store_events(buffer, raw(events), TZ, significant=frozenset({"light.porch"}))
    drained = drain(
        store, buffer, local(24, 16), TZ, DEFAULT_RULES, "Barnabee", force=True
    )
    (memory,) = drained.memories
    assert "porch" in memory.content


def test_a_lone_front_door_is_a_possible_arrival_or_departure() -> None:
    """The front door opening and closing alone is told, not dropped."""
    events = Events()
    door = {"name": "Front Door", "device_class": "door", "area": "Hallway"}
    events.add(local(24, 10, 12), "binary_sensor.front_door", "on", "off", **door)
    events.add(local(24, 10, 13), "binary_sensor.front_door", "off", "on", **door)
    (segment,) = ready_segments(events.made, now=local(24, 12), tz=TZ, force=True)
    narration = narrate(segment, persona="Barnabee", tz=TZ)
    assert (
        "the front door opened and closed around ten past ten, so someone may "
        "have come or gone" in narration.content
    )
    assert narration.importance >= 0.4
    assert narration.weight_class is WeightClass.OBSERVATION


def test_the_main_thing_leads() -> None:
    """Getting up leads, before the lights that came on earlier; a departure
    is not buried in "smaller things": what is left out is counted truly."""
    events = Events()
    for minute, light in enumerate(
        ("kitchen", "hall", "bath", "desk", "porch", "lamp")
    ):
        events.light(local(24, 7, minute), "on", f"light.{light}", area=light.title())
    bed = {"name": "Bed Occupancy", "device_class": "occupancy", "area": "Bedroom"}
    events.add(local(24, 7, 20), "binary_sensor.bed", "off", "on", **bed)
    (segment,) = ready_segments(events.made, now=local(24, 9), tz=TZ, force=True)
    content = narrate(segment, persona="Barnabee", tz=TZ).content
    first = content.split(".")[0]
    assert "someone got up around twenty past seven" in first, content
    assert "two other things changed" in content.casefold()
    assert check(content, segment.events, tz=TZ) == []
    events = Events()
    events.leave(local(24, 7, 40), "Anna")
    for minute, light in enumerate(
        ("kitchen", "hall", "bath", "desk", "porch", "lamp")
    ):
        events.light(local(24, 7, 41 + minute), "off", f"light.{light}", area="Hall")
    (segment,) = ready_segments(events.made, now=local(24, 9), tz=TZ, force=True)
    content = narrate(segment, persona="Barnabee", tz=TZ).content
    assert "Anna" in content.split(".")[0]
    assert "around twenty to eight" in content
    assert "smaller things" not in content
    assert "a few other" not in content
    assert check(content, segment.events, tz=TZ) == []


def test_a_night_in_german() -> None:
    """Home Assistant in German: the memory is German, its numbers true."""
    events = night_with_a_bathroom_visit("Bett", "Schlafzimmer", "Bad")
    events.made = [event for event in events.made if event.at < local(25, 8)]
    (segment,) = ready_segments(events.made, now=local(26, 0), tz=TZ, force=True)
    narration = narrate(segment, persona="Barnabee", tz=TZ, language="de-DE")
    content = narration.content
    assert content.startswith("In der Dienstagnacht ")
    assert "gegen drei nachts etwa sieben Minuten lang auf und ging ins Bad" in content
    assert "ging gegen zehn nach elf ins Bett" in content
    assert check(content, segment.events, tz=TZ, language="de") == []
    assert " the " not in content
    assert "someone" not in content
