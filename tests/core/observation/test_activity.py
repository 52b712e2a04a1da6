"""What people did: pulses merged into stretches, the options' significant
entities and the narrator's languages (issue 19; the home's routine is
test_routine.py's)."""

from __future__ import annotations

from dataclasses import replace
import re
from typing import TYPE_CHECKING

from custom_components.home_memory.memory.common.values import (
    SYSTEM,
    WeightClass,
)
from custom_components.home_memory.memory.observation.before import Before
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
from custom_components.home_memory.memory.observation.scenes import seat_owner
from custom_components.home_memory.memory.observation.segmentation import (
    DEFAULT_RULES,
    BreakReason,
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
        "have come in or gone out, or let a visitor in" in narration.content
    )
    assert narration.importance >= 0.4
    assert narration.weight_class is WeightClass.OBSERVATION


def test_a_door_where_nobody_is_tracked_is_tagged_a_possible_coming_or_going() -> None:
    """Household replay s36: in a home without person trackers the front
    door is the only sign of anyone's arrival or departure, yet its memory
    said neither "come home" nor "leave" ("someone may have come in or gone
    out"), and "when did Anna leave the house on Wednesday" found nothing.
    Tagged with the words people ask both with; followed by quiet, the
    departure's alone, as its text tells it. Where the home sees its people
    come and go, a door alone is no household member's: no such tags."""
    door = {"name": "Front Door", "device_class": "door", "area": "Hallway"}
    fridge = {"name": "Fridge Door", "device_class": "door", "area": "Kitchen"}
    events = Events()
    events.add(local(24, 17, 50), "binary_sensor.front_door", "on", "off", **door)
    events.add(local(24, 17, 50, 9), "binary_sensor.front_door", "off", "on", **door)
    events.add(local(24, 17, 55), "binary_sensor.fridge", "on", "off", **fridge)
    events.add(local(24, 17, 55, 30), "binary_sensor.fridge", "off", "on", **fridge)
    (segment,) = ready_segments(events.made, now=local(24, 20), tz=TZ, force=True)
    tags = narrate(segment, persona="Barnabee", tz=TZ).tags
    assert {"come home", "arrive", "leave", "go out"} <= set(tags), tags
    tracked = Before(tracked=True)
    tags = narrate(segment, persona="Barnabee", tz=TZ, before=tracked).tags
    assert not {"come home", "leave"} & set(tags), tags
    quiet = Events()
    quiet.add(local(24, 7, 50), "binary_sensor.fridge", "on", "off", **fridge)
    quiet.add(local(24, 8, 5), "binary_sensor.front_door", "on", "off", **door)
    quiet.add(local(24, 8, 5, 9), "binary_sensor.front_door", "off", "on", **door)
    (segment,) = ready_segments(quiet.made, now=local(24, 9), tz=TZ)
    assert segment.closed_by is BreakReason.QUIET
    tags = narrate(segment, persona="Barnabee", tz=TZ).tags
    assert "leave" in tags, tags
    assert "come home" not in tags, tags
    # Into a home where nothing had moved for hours: someone came home.
    earlier = Events()
    earlier.add(local(24, 8, 5), "binary_sensor.front_door", "on", "off", **door)
    earlier.add(local(24, 8, 5, 9), "binary_sensor.front_door", "off", "on", **door)
    (segment,) = ready_segments(events.made, now=local(24, 20), tz=TZ, force=True)
    empty = Before(last=earlier.made[-1])
    narration = narrate(segment, persona="Barnabee", tz=TZ, before=empty)
    assert "nothing had moved at home" in narration.content, narration.content
    assert "come home" in narration.tags, narration.tags
    assert "leave" not in narration.tags, narration.tags


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
    assert "someone woke up and got out of bed around twenty past seven" in first, (
        content
    )
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


def test_getting_up_in_the_night_carries_the_words_it_is_asked_by() -> None:
    """Household replay s36: "when did Anna last get up in the night" read
    a morning's getting up first and the latest night's visit fifth: no tag
    said which memories are a getting up in the night. A bed mat's night
    and a bathroom visit in the small hours (a home without a mat) carry
    the words it is asked by, in the home's language; a morning does not."""
    events = night_with_a_bathroom_visit()
    events.made = [event for event in events.made if event.at < local(25, 8)]
    (segment,) = ready_segments(events.made, now=local(26, 0), tz=TZ, force=True)
    assert "up in the night" in narrate(segment, persona="B", tz=TZ).tags
    german = narrate(segment, persona="B", tz=TZ, language="de").tags
    assert "nachts auf" in german, german
    door = {"name": "Bathroom Door", "device_class": "door", "area": "Bathroom"}
    contacts = Events()
    contacts.add(local(25, 3, 2), "binary_sensor.bath_door", "on", "off", **door)
    contacts.add(local(25, 3, 2, 5), "binary_sensor.bath_door", "off", "on", **door)
    contacts.add(local(25, 3, 8), "binary_sensor.bath_door", "on", "off", **door)
    contacts.add(local(25, 3, 8, 5), "binary_sensor.bath_door", "off", "on", **door)
    (segment,) = ready_segments(contacts.made, now=local(26, 0), tz=TZ, force=True)
    narration = narrate(segment, persona="B", tz=TZ)
    assert "up at night for the bathroom" in narration.content, narration.content
    assert "up in the night" in narration.tags, narration.tags
    morning = Events()
    morning.add(local(25, 8, 2), "binary_sensor.bath_door", "on", "off", **door)
    morning.add(local(25, 8, 2, 5), "binary_sensor.bath_door", "off", "on", **door)
    (segment,) = ready_segments(morning.made, now=local(26, 0), tz=TZ, force=True)
    assert "up in the night" not in narrate(segment, persona="B", tz=TZ).tags


def test_a_bed_or_seat_named_after_a_person_is_about_them() -> None:
    """ "Anna's Bed Occupancy", "Annas Bett", "Bed Anna" are Anna's; a room
    door named after her, a bed of two names or of nobody are no one's."""
    people = ("Anna", "Ben")
    for name in ("Anna's Bed Occupancy", "Annas Bett", "Bed Anna", "Ben\u2019s Chair"):
        owner = seat_owner("binary_sensor", "occupancy", name, people)
        assert owner == ("Ben" if "Ben" in name else "Anna"), name
    assert seat_owner("binary_sensor", "door", "Anna's Room Door", people) is None
    assert seat_owner("binary_sensor", "occupancy", "Bed Occupancy", people) is None
    assert seat_owner("binary_sensor", "occupancy", "Anna Ben Bed", people) is None
    assert seat_owner("light", None, "Anna's Bed Light", people) is None
    # Two person entities of one name (onboarding's and a configured one)
    # are one person (acceptance: her bed was "someone's").
    assert seat_owner("binary_sensor", "occupancy", "Anna's Bed", ("Anna", "Anna")) == (
        "Anna"
    )


def test_getting_out_of_bed_in_the_morning_is_waking_up_and_names_whose_bed() -> None:
    """Anna's mat clear at 06:25 is Anna waking up (the words a person asks
    with); her getting up at two at night is not called waking up."""
    events = Events()
    mat = {
        "name": "Anna's Bed Occupancy",
        "device_class": "occupancy",
        "area": "Bedroom",
        "person": "Anna",
    }
    events.add(local(24, 6, 25), "binary_sensor.anna_bed", "off", "on", **mat)
    (segment,) = ready_segments(events.made, now=local(24, 9), tz=TZ, force=True)
    narration = narrate(segment, persona="Barnabee", tz=TZ)
    assert "Anna woke up and got out of bed around twenty-five past six" in (
        narration.content
    )
    assert "Anna" in narration.people
    assert check(narration.content, segment.events, tz=TZ) == []
    events = Events()
    events.add(local(24, 14, 5), "binary_sensor.anna_bed", "off", "on", **mat)
    (segment,) = ready_segments(events.made, now=local(24, 17), tz=TZ, force=True)
    content = narrate(segment, persona="Barnabee", tz=TZ).content
    assert "Anna got up around five past two" in content
    assert "woke" not in content


def test_the_kitchen_at_a_mealtime_is_probably_a_meal() -> None:
    """Fridge and cupboard at half past six in the morning: probably breakfast
    (said so, and a tag to find it by), from when to when they were used; at
    three in the afternoon: no meal."""
    events = Events()
    for minute, thing in ((30, "fridge"), (33, "cupboard"), (41, "fridge")):
        contact = {"name": f"{thing.title()} Door", "device_class": "door"}
        entity = f"binary_sensor.{thing}"
        events.add(local(24, 6, minute), entity, "on", "off", area="Kitchen", **contact)
        events.add(
            local(24, 6, minute, 8), entity, "off", "on", area="Kitchen", **contact
        )
    (segment,) = ready_segments(events.made, now=local(24, 9), tz=TZ, force=True)
    narration = narrate(segment, persona="Barnabee", tz=TZ)
    assert "probably making breakfast" in narration.content, narration.content
    # Contacts alone: when they were used, no length that no change bears out.
    assert (
        "someone used the fridge door and the cupboard door in the kitchen from "
        "about half past six until about twenty to seven" in narration.content
    ), narration.content
    assert "for about" not in narration.content
    assert "breakfast" in narration.tags
    assert check(narration.content, segment.events, tz=TZ) == []
    german = narrate(segment, persona="Barnabee", tz=TZ, language="de")
    assert "wohl für das Frühstück" in german.content, german.content
    assert "Frühstück" in german.tags
    # As it is asked: "Wann haben wir gefrühstückt?" shares no word with
    # "Frühstück" in the keyword index (German household replay: 6th).
    assert "gefrühstückt" in german.tags
    afternoon = Events()
    for made in events.made:
        afternoon.add(
            made.at + 8.5 * 3600,
            made.entity_id,
            made.new_state,
            made.old_state,
            name=made.name,
            area=made.area,
            device_class=made.device_class,
        )
    (segment,) = ready_segments(afternoon.made, now=local(24, 18), tz=TZ, force=True)
    narration = narrate(segment, persona="Barnabee", tz=TZ)
    assert "probably" not in narration.content
    assert all(tag not in narration.tags for tag in ("breakfast", "lunch", "dinner"))


def test_a_departure_is_leaving_the_house() -> None:
    """A person's departure says "left the house": what a person asks."""
    events = Events()
    events.leave(local(24, 7, 40), "Anna")
    (segment,) = ready_segments(events.made, now=local(24, 9), tz=TZ, force=True)
    content = narrate(segment, persona="Barnabee", tz=TZ).content
    assert re.search(r"Anna (?:left|went out of) the house", content), content


def test_a_bathroom_visit_before_midnight_is_not_being_up_at_night() -> None:
    """Without a bed mat, the bathroom at 22:35 is someone in the bathroom
    (not yet in bed); at 03:05 it is someone up at night."""
    texts = []
    for day, hour in ((24, 22), (25, 3)):
        events = Events()
        bath = {"area": "Bathroom", "device_class": "door", "name": "Bathroom Door"}
        events.add(local(day, hour, 35), "binary_sensor.bath", "on", "off", **bath)
        events.add(local(day, hour, 35, 9), "binary_sensor.bath", "off", "on", **bath)
        events.add(local(day, hour, 39), "binary_sensor.bath", "on", "off", **bath)
        events.add(local(day, hour, 39, 9), "binary_sensor.bath", "off", "on", **bath)
        (segment,) = ready_segments(
            events.made, now=local(day, hour) + 3 * 3600, tz=TZ, force=True
        )
        texts.append(narrate(segment, persona="Barnabee", tz=TZ).content)
    evening, night = texts
    assert "up at night" not in evening, evening
    assert "bathroom" in evening
    assert "up at night for the bathroom around twenty-five to four" in night, night


def test_a_room_still_seen_when_the_segment_breaks_was_busy_until_then() -> None:
    """Kitchen motion on from 18:00 (its pulses merged, no "off" yet) when an
    arrival at 18:18 closes the segment: busy for about twenty minutes, one
    stretch with the fridge at 18:16, not "five minutes" to the cupboard."""
    events = Events()
    kitchen = {"area": "Kitchen"}
    events.add(
        local(24, 18, 0, 29), "binary_sensor.kitchen_motion", "on", "off",
        device_class="motion", name="Kitchen Motion", **kitchen,
    )  # fmt: skip
    used = ((1, 41, "fridge"), (5, 9, "cupboard"), (16, 47, "fridge"))
    for minute, second, thing in used:
        contact = {"name": f"{thing.title()} Door", "device_class": "door"}
        entity = f"binary_sensor.{thing}"
        opened = local(24, 18, minute, second)
        events.add(opened, entity, "on", "off", **contact, **kitchen)
        events.add(opened + 6, entity, "off", "on", **contact, **kitchen)
    events.add(
        local(24, 18, 18, 3), "binary_sensor.microwave", "off", "on",
        name="Microwave Door", device_class="door", **kitchen,
    )  # fmt: skip
    (segment,) = ready_segments(events.made, now=local(24, 21), tz=TZ, force=True)
    content = narrate(segment, persona="Barnabee", tz=TZ).content
    assert "busy in the kitchen for about twenty minutes, from about six" in content, (
        content
    )
    assert "five minutes" not in content
    assert content.count("in the kitchen") == 1, content
    assert check(content, segment.events, tz=TZ) == []


def test_an_outside_door_then_quiet_is_probably_someone_going_out() -> None:
    """The front door as the last thing before a quiet spell: someone
    probably left the house (a home without presence sensors still tells it)."""
    events = Events()
    events.add(
        local(24, 7, 50), "binary_sensor.fridge", "on", "off",
        name="Fridge Door", device_class="door", area="Kitchen",
    )  # fmt: skip
    door = {"name": "Front Door", "device_class": "door", "area": "Hallway"}
    events.add(local(24, 8, 5), "binary_sensor.front_door", "on", "off", **door)
    events.add(local(24, 8, 5, 9), "binary_sensor.front_door", "off", "on", **door)
    (segment,) = ready_segments(events.made, now=local(24, 9), tz=TZ)
    assert segment.closed_by is BreakReason.QUIET
    content = narrate(segment, persona="Barnabee", tz=TZ).content
    assert (
        "the front door opened and closed around five past eight and all was quiet "
        "afterwards, so someone probably left the house" in content
    ), content
