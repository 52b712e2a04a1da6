"""What people did, from what sensors did (memory/observation/scenes.py): a
segment's events as told items, and which segments are worth telling."""

from __future__ import annotations

import random

from custom_components.home_memory.memory.observation.phrases import phrases
from custom_components.home_memory.memory.observation.scenes import (
    BUSY_MIN_S,
    Told,
    noun,
    told_items,
    worth_telling,
)
from custom_components.home_memory.memory.observation.segmentation import (
    Segment,
    ready_segments,
)

from .observation_factory import TZ, Events, local, night_with_a_bathroom_visit

KITCHEN = {"area": "Kitchen", "device_class": "motion", "name": "Kitchen Motion"}


def _segment(events: Events) -> Segment:
    (segment,) = ready_segments(events.made, now=local(24, 18), tz=TZ, force=True)
    return segment


def _told(segment: Segment, language: str = "en") -> list[Told]:
    return told_items(
        segment.events,
        phrases=phrases(language),
        tz=TZ,
        rng=random.Random(1),
        people=(),
    )


def _kitchen(minutes: int) -> Segment:
    events = Events()
    events.add(local(24, 15, 0), "binary_sensor.kitchen_motion", "on", "off", **KITCHEN)
    events.add(
        local(24, 15, minutes), "binary_sensor.kitchen_motion", "off", "on", **KITCHEN
    )
    return _segment(events)


def test_a_night_in_bed_is_told_as_what_someone_did() -> None:
    """The bed mat and the bathroom's motion become going to bed and being up
    at night for the bathroom, each with its own true time and events."""
    made = night_with_a_bathroom_visit().made
    evening, _morning = ready_segments(made, now=local(25, 12), tz=TZ, force=True)
    items = _told(evening)
    assert [(item.kind, item.text) for item in items] == [
        ("bed", "someone went to bed around ten past eleven"),
        (
            "up_at_night",
            (
                "someone was up at night for the bathroom around three "
                "for about seven minutes"
            ),
        ),
    ]
    assert sorted(items[1].seqs) == [2, 3, 4, 5]
    assert worth_telling(evening)


def test_a_room_is_busy_only_for_a_while() -> None:
    """Motion for five minutes is busy in the kitchen and worth telling; for
    one minute someone was there, not worth a memory of its own."""
    assert BUSY_MIN_S == 2 * 60
    long, short = _kitchen(5), _kitchen(1)
    assert [(item.kind, item.text) for item in _told(long)] == [
        (
            "busy",
            "someone was busy in the kitchen for about five minutes, from about three",
        )
    ]
    assert worth_telling(long)
    assert [item.kind for item in _told(short)] == ["place"]
    assert not worth_telling(short)


def test_an_outside_door_alone_is_worth_telling_a_light_is_not() -> None:
    """Someone may have come or gone through the front door (told in the
    home's language); a lone light switch is not worth a memory."""
    door = Events()
    door.add(
        local(24, 10), "binary_sensor.front_door", "on", "off",
        name="Front Door", device_class="door",
    )  # fmt: skip
    segment = _segment(door)
    assert worth_telling(segment)
    assert [(item.kind, item.text) for item in _told(segment, "de")] == [
        ("door", "„Front Door“ ging gegen zehn auf und blieb offen")
    ]
    light = Events()
    light.add(local(24, 10), "light.kitchen", "on", "off", name="Kitchen Light")
    assert not worth_telling(_segment(light))


def test_names_inside_a_sentence_keep_acronyms_and_people() -> None:
    """'Kitchen Light' reads 'kitchen light'; 'TV' and a person keep capitals."""
    assert noun("Kitchen Light") == "kitchen light"
    assert noun("TV Remote") == "TV remote"
    assert noun("Anna Phone", ["Anna"]) == "Anna phone"
