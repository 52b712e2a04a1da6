"""Observed memories state only true times, durations and counts (issue 19).

The check (memory/observation/faithfulness.py) catches the false statements
the issue found; over generated segments of every kind the template narrator
makes none, in English and German.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings, strategies as st
import pytest

from custom_components.home_memory.memory.observation.faithfulness import check
from custom_components.home_memory.memory.observation.narration import narrate
from custom_components.home_memory.memory.observation.segmentation import (
    ready_segments,
)

from .observation_factory import TZ, Events, local, night_with_a_bathroom_visit

PERSONA = "Barnabee"


def test_the_issues_false_statements_are_caught() -> None:
    """Zero minutes, one minutes, a wake-up at the wrong hour, a wrong day."""
    events = night_with_a_bathroom_visit().made
    morning = [event for event in events if event.at >= local(25, 8)]
    assert check("I saw someone get up around a quarter to nine.", morning, tz=TZ) == []
    false = {
        "Over the following zero minutes, I rested.": "zero minutes",
        "It took one minutes, I think.": "one minutes",
        "I noticed someone got up around a quarter to seven.": (
            "around a quarter to seven"
        ),
        "On Friday morning I saw someone get up around a quarter to nine.": "Friday",
        "It was Wednesday night when I saw someone get up.": "night",
    }
    for text, claim in false.items():
        assert claim in {v.claim for v in check(text, morning, tz=TZ)}, text
    night = [event for event in events if event.at < local(25, 8)]
    assert check("I noticed someone was up for about twenty minutes.", night, tz=TZ), (
        "no two events are twenty minutes apart"
    )
    assert check("Someone opened the door five times, I saw.", night, tz=TZ)


def test_a_night_is_told_truthfully_and_as_night() -> None:
    """Getting up at three is night, in bed from ten past eleven, up at 08:43."""
    events = night_with_a_bathroom_visit()
    segments = ready_segments(events.made, now=local(26, 0), tz=TZ, force=True)
    texts = []
    for segment in segments:
        content = narrate(segment, persona=PERSONA, tz=TZ).content
        assert check(content, segment.events, tz=TZ) == [], content
        texts.append(content)
    night, morning = texts
    assert "Tuesday night" in night
    assert "up at night for the bathroom around three for about seven minutes" in night
    assert "went to bed around ten past eleven" in night
    assert "morning" not in night
    assert "woke up and got out of bed around a quarter to nine" in morning
    assert "Wednesday morning" in morning


# -- generated segments ------------------------------------------------------

_KINDS = (
    "arrive",
    "leave",
    "front_door",
    "bed",
    "couch",
    "motion",
    "fridge",
    "light",
    "tv",
    "churn",
)


@st.composite
def households(draw: st.DrawFn) -> Events:
    """A few hours of one household: any mix of what the narrator tells."""
    events = Events()
    start = local(
        draw(st.integers(20, 26)), draw(st.integers(0, 23)), draw(st.integers(0, 59))
    )
    for _ in range(draw(st.integers(1, 8))):
        kind = draw(st.sampled_from(_KINDS))
        at = start + draw(st.integers(0, 4 * 3600))
        _add(events, kind, at, draw)
    events.made.sort(key=lambda event: (event.at, event.seq))
    return events


def _add(events: Events, kind: str, at: float, draw: st.DrawFn) -> None:
    gap = draw(st.integers(1, 3600))
    if kind == "arrive":
        events.arrive(at, draw(st.sampled_from(("Anna", "Ben"))))
    elif kind == "leave":
        events.leave(at, draw(st.sampled_from(("Anna", "Ben"))))
    elif kind == "front_door":
        door = {"name": "Front Door", "device_class": "door", "area": "Hallway"}
        events.add(at, "binary_sensor.front_door", "on", "off", **door)
        if draw(st.booleans()):
            events.add(
                at + gap % 300 + 1, "binary_sensor.front_door", "off", "on", **door
            )
    elif kind in {"bed", "couch"}:
        mat = {
            "name": "Bed Mat" if kind == "bed" else "Couch Seat",
            "device_class": "occupancy",
            "area": "Bedroom",
        }
        state = draw(st.sampled_from(("on", "off")))
        events.add(
            at, f"binary_sensor.{kind}", state, "off" if state == "on" else "on", **mat
        )
        other = "off" if state == "on" else "on"
        events.add(at + gap, f"binary_sensor.{kind}", other, state, **mat)
    elif kind == "motion":
        room = draw(st.sampled_from(("Kitchen", "Bathroom", "Hallway")))
        entity = f"binary_sensor.{room.lower()}_motion"
        for pulse in range(draw(st.integers(1, 30))):
            t = at + pulse * draw(st.integers(2, 240))
            events.add(t, entity, "on", "off", area=room, device_class="motion")
            events.add(t + 1, entity, "off", "on", area=room, device_class="motion")
    elif kind == "fridge":
        contact = {"name": "Fridge", "device_class": "door", "area": "Kitchen"}
        events.add(at, "binary_sensor.fridge", "on", "off", **contact)
        events.add(at + gap % 120 + 1, "binary_sensor.fridge", "off", "on", **contact)
    elif kind == "light":
        events.light(
            at, draw(st.sampled_from(("on", "off"))), "light.hall", area="Hall"
        )
    elif kind == "tv":
        events.add(
            at, "media_player.tv", "playing", "off", name="TV", area="Living Room"
        )
        events.add(
            at + gap, "media_player.tv", "off", "playing", name="TV", area="Living Room"
        )
    else:
        for i in range(draw(st.integers(2, 21))):
            events.light(
                at + i * draw(st.integers(1, 90)),
                "on" if i % 2 == 0 else "off",
                "light.desk",
                area="Office",
                name="Desk Lamp",
            )


@pytest.mark.parametrize("language", ["en", "de"])
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(household=households())
def test_generated_segments_make_no_false_statement(
    household: Events, language: str
) -> None:
    """Every segment's memory: 0 false durations, counts, times, days."""
    last = max(event.at for event in household.made)
    for segment in ready_segments(household.made, now=last + 86400, tz=TZ, force=True):
        content = narrate(segment, persona=PERSONA, tz=TZ, language=language).content
        assert check(content, segment.events, tz=TZ, language=language) == [], content
