"""What came before a segment (before.py): an arrival says how long the
person was away, a door after hours of a still home that nobody seems to
have been home, the morning's first change after a quiet night that someone
got up (issue 19); the earlier change each rests on is its provenance too."""

from __future__ import annotations

from typing import TYPE_CHECKING

from custom_components.home_memory.memory.common.values import SYSTEM, Memory
from custom_components.home_memory.memory.observation.before import Before
from custom_components.home_memory.memory.observation.drain import (
    drain,
    store_events,
)
from custom_components.home_memory.memory.observation.event_buffer import EventBuffer
from custom_components.home_memory.memory.observation.faithfulness import check
from custom_components.home_memory.memory.observation.narration import narrate
from custom_components.home_memory.memory.observation.segmentation import (
    DEFAULT_RULES,
    ready_segments,
)

from .observation_factory import TZ, Events, local
from .test_activity import raw, tell

if TYPE_CHECKING:
    from custom_components.home_memory.memory.store import MemoryStore


def test_an_arrival_says_how_long_the_person_was_away(store: MemoryStore) -> None:
    """Saturday 09:30 out, Sunday 18:15 back: the arrival (a memory of its
    own, a day later) says since when and for how long, from the departure
    the store kept (before.py); a short errand in one segment says it too."""
    events = Events()
    events.leave(local(28, 9, 30), "Anna")
    assert tell(store, raw(events), local(28, 12)) != []
    back = Events()
    back.arrive(local(29, 18, 15), "Anna")
    buffer = EventBuffer(store)
    store_events(buffer, raw(back), TZ)
    drained = drain(store, buffer, local(29, 20), TZ, DEFAULT_RULES, "B", force=True)
    (memory,) = drained.memories
    assert (
        "Anna came home around a quarter past six, after being away over the "
        "weekend for about thirty-three hours, since Saturday morning around half "
        "past nine"
    ) in memory.content.replace("got home", "came home"), memory.content
    # The departure it rests on is its provenance too: every number is true.
    told = buffer.told(memory, SYSTEM)
    assert [e.new_state for e in told] == ["not_home", "home"]
    assert check(memory.content, told, tz=TZ) == []
    for language in ("de",):
        (segment,) = ready_segments([told[1]], now=local(29, 20), tz=TZ, force=True)
        german = narrate(
            segment, persona="B", tz=TZ, language=language,
            before=Before(people={"person.anna": told[0]}),
        ).content  # fmt: skip
        assert "seit Samstagmorgen gegen halb zehn" in german, german
        assert check(german, told, tz=TZ, language=language) == []


def test_several_back_together_say_they_were_away_in_the_plural(
    store: MemoryStore,
) -> None:
    """Anna and Ben out on Saturday and back together on Sunday: "Anna und
    Ben kamen … nach Hause und waren zuvor … weg gewesen" (the verbs were
    singular), every number still true to what was observed."""
    events = Events()
    events.leave(local(28, 9, 30), "Anna")
    events.leave(local(28, 9, 31), "Ben")
    assert tell(store, raw(events), local(28, 12)) != []
    back = Events()
    back.arrive(local(29, 18, 15), "Anna")
    back.arrive(local(29, 18, 16), "Ben")
    buffer = EventBuffer(store)
    store_events(buffer, raw(back), TZ)
    drained = drain(store, buffer, local(29, 20), TZ, DEFAULT_RULES, "B", force=True)
    (memory,) = drained.memories
    came = memory.content.replace("got home", "came home")
    assert "Anna and Ben came home" in came, memory.content
    told = buffer.told(memory, SYSTEM)
    arrivals = [e for e in told if e.new_state == "home"]
    departures = {e.entity_id: e for e in events.made}
    (segment,) = ready_segments(arrivals, now=local(29, 20), tz=TZ, force=True)
    german = narrate(
        segment, persona="B", tz=TZ, language="de", before=Before(people=departures)
    ).content
    assert "Anna und Ben kamen " in german or "Anna und Ben waren " in german, german
    assert " und waren zuvor übers Wochenende " in german, german
    assert check(german, [*departures.values(), *arrivals], tz=TZ, language="de") == []


def test_nobody_seems_home_only_when_nothing_changed_since_the_door_closed(
    store: MemoryStore,
) -> None:
    """A contacts-only home: the front door closes at 09:30 and nothing
    changes until it opens at 18:15: nobody seems to have been home. A
    fridge opened in between (even one told as nothing) takes that back."""
    door = {"name": "Front Door", "device_class": "door", "area": "Hallway"}
    fridge = {"name": "Fridge Door", "device_class": "door", "area": "Kitchen"}
    out = Events()
    out.add(local(28, 9, 30), "binary_sensor.front_door", "on", "off", **door)
    out.add(local(28, 9, 30, 9), "binary_sensor.front_door", "off", "on", **door)
    assert tell(store, raw(out), local(28, 12)) != []
    back = Events()
    back.add(local(28, 18, 15), "binary_sensor.front_door", "on", "off", **door)
    back.add(local(28, 18, 15, 9), "binary_sensor.front_door", "off", "on", **door)
    (content,) = tell(store, raw(back), local(28, 20))
    assert (
        "nothing had moved at home for about nine hours before that, since "
        "around half past nine, so nobody seems to have been home until then"
    ) in content, content
    fridge_events = Events()
    fridge_events.add(local(29, 12), "binary_sensor.fridge", "on", "off", **fridge)
    fridge_events.add(local(29, 12, 1), "binary_sensor.fridge", "off", "on", **fridge)
    tell(store, raw(fridge_events), local(29, 14))
    again = Events()
    again.add(local(29, 18, 15), "binary_sensor.front_door", "on", "off", **door)
    again.add(local(29, 18, 15, 9), "binary_sensor.front_door", "off", "on", **door)
    (content,) = tell(store, raw(again), local(29, 20))
    assert "nobody" not in content, content


def test_a_home_empty_over_a_weekend_says_everyone_was_away(
    store: MemoryStore,
) -> None:
    """Household replay s36: in a contacts-only home the front door closed
    on Saturday morning and opened on Sunday evening; the memory said
    nobody seemed to have been home, and "when did we leave for the weekend
    away" found nothing (a tracked home says "after being away over the
    weekend"). A night and more without any change is everyone away, over
    the weekend when it spans one."""
    door = {"name": "Front Door", "device_class": "door", "area": "Hallway"}
    out = Events()
    out.add(local(28, 10, 20), "binary_sensor.front_door", "on", "off", **door)
    out.add(local(28, 10, 20, 9), "binary_sensor.front_door", "off", "on", **door)
    assert tell(store, raw(out), local(28, 12)) != []
    back = Events()
    back.add(local(29, 18, 30), "binary_sensor.front_door", "on", "off", **door)
    back.add(local(29, 18, 30, 9), "binary_sensor.front_door", "off", "on", **door)
    (content,) = tell(store, raw(back), local(29, 20))
    assert (
        "since Saturday morning around twenty past ten, so everyone seems to "
        "have been away over the weekend until then"
    ) in content, content


def test_the_first_change_of_a_morning_after_a_quiet_night_is_getting_up(
    store: MemoryStore,
) -> None:
    """A home without a bed mat: the bedroom and bathroom doors from 06:55,
    nothing since 23:10, are someone getting up for the day; the same doors
    after a lone change at 06:00 (itself no memory) are not."""
    doors = {
        "binary_sensor.bedroom_door": {
            "name": "Bedroom Door", "device_class": "door", "area": "Bedroom",
        },
        "binary_sensor.bath_door": {
            "name": "Bathroom Door", "device_class": "door", "area": "Bathroom",
        },
    }  # fmt: skip

    def used(events: Events, at: float) -> None:
        for offset, (entity_id, attributes) in enumerate(doors.items()):
            begin = at + offset * 120
            events.add(begin, entity_id, "on", "off", **attributes)
            events.add(begin + 5, entity_id, "off", "on", **attributes)

    night = Events()
    used(night, local(24, 23, 10))
    tell(store, raw(night), local(25, 1))
    morning = Events()
    used(morning, local(25, 6, 55))
    (content,) = tell(store, raw(morning), local(25, 9))
    assert "someone probably got up for the day around five to seven" in content
    lone = Events()
    lone.add(local(26, 6), "binary_sensor.bath_door", "on", "off", **doors[
        "binary_sensor.bath_door"])  # fmt: skip
    lone.add(local(26, 6, 0, 5), "binary_sensor.bath_door", "off", "on", **doors[
        "binary_sensor.bath_door"])  # fmt: skip
    assert tell(store, raw(lone), local(26, 6, 30)) == []
    later = Events()
    used(later, local(26, 7, 5))
    (content,) = tell(store, raw(later), local(26, 9))
    assert "got up for the day" not in content, content


def test_an_evening_out_on_a_saturday_is_not_a_weekend_away(
    store: MemoryStore,
) -> None:
    """Out from Saturday 18:55 until just after midnight: away five hours,
    not "over the weekend" (a night and most of a day would be)."""
    events = Events()
    events.leave(local(28, 18, 55), "Lena")
    tell(store, raw(events), local(28, 20))
    back = Events()
    back.arrive(local(29, 0, 5), "Lena")
    (content,) = tell(store, raw(back), local(29, 2))
    assert "after being away for about five hours, since Saturday" in content
    assert "weekend" not in content, content


def test_a_door_while_someone_is_home_and_nobody_comes_or_goes_is_a_visitor(
    store: MemoryStore,
) -> None:
    """A home that sees Anna come and go: the front door alone while she is
    at home is probably a visitor let in (tagged so); while nobody is home
    it stays someone who may have come or gone. The memory is about nobody
    of the household, even when Anna's login opened the door (new-user
    review s16: the visitor memory carried Anna)."""
    door = {
        "name": "Front Door", "device_class": "door", "area": "Hallway",
        "person": "Anna",
    }  # fmt: skip

    def door_alone(at: float) -> Memory:
        events = Events()
        events.add(at, "binary_sensor.front_door", "on", "off", **door)
        events.add(at + 9, "binary_sensor.front_door", "off", "on", **door)
        buffer = EventBuffer(store)
        store_events(buffer, raw(events), TZ)
        drained = drain(store, buffer, at + 3600, TZ, DEFAULT_RULES, "B", force=True)
        (memory,) = drained.memories
        return memory

    home = Events()
    home.arrive(local(29, 12), "Anna")
    tell(store, raw(home), local(29, 13))
    visit = door_alone(local(29, 15, 15))
    assert (
        "the front door opened and closed around a quarter past three while "
        "nobody of the household came or went, so someone probably let a "
        "visitor in"
    ) in visit.content, visit.content
    assert "visitors" in visit.tags
    assert list(visit.people) == [], visit.people
    out = Events()
    out.leave(local(29, 17), "Anna")
    tell(store, raw(out), local(29, 18))
    alone = door_alone(local(29, 19, 15))
    assert "visitor in" in alone.content  # the hedge: "or let a visitor in"
    assert "probably let a visitor in" not in alone.content, alone.content
    assert "visitors" not in alone.tags
