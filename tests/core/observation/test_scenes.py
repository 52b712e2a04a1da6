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
            "up_at_night:night_up",
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
    home's language; where nobody is seen coming or going, its kind says it
    may be an arrival or a departure); a lone light switch is not worth a
    memory."""
    door = Events()
    door.add(
        local(24, 10), "binary_sensor.front_door", "on", "off",
        name="Front Door", device_class="door",
    )  # fmt: skip
    segment = _segment(door)
    assert worth_telling(segment)
    assert [(item.kind, item.text) for item in _told(segment, "de")] == [
        (
            "door:arrival+departure",
            "„Front Door“ ging gegen zehn auf und blieb offen",
        )
    ]
    light = Events()
    light.add(local(24, 10), "light.kitchen", "on", "off", name="Kitchen Light")
    assert not worth_telling(_segment(light))


def test_names_inside_a_sentence_keep_acronyms_and_people() -> None:
    """'Kitchen Light' reads 'kitchen light'; 'TV' and a person keep capitals."""
    assert noun("Kitchen Light") == "kitchen light"
    assert noun("TV Remote") == "TV remote"
    assert noun("Anna Phone", ["Anna"]) == "Anna phone"


def _evening(
    *changes: tuple[float, str, str, str], now: float | None = None
) -> list[Segment]:
    """Changes of Thursday 26 November, segmented as the observer would at
    `now` (midnight), after the buffer time (not forced)."""
    events = Events()
    for at, entity_id, new, old in changes:
        name = "Living room TV" if entity_id.startswith("media") else "Kitchen light"
        events.add(at, entity_id, new, old, name=name, person="Anna")
    return ready_segments(events.made, now=now or local(27, 0), tz=TZ)


def test_a_tv_watched_or_a_light_used_for_long_is_worth_a_memory() -> None:
    """The TV on from eight to ten to nine and the kitchen light from five
    past nine to twenty to ten, nothing else that evening, are memories in
    both languages (new-user review s16: neither was remembered); a light
    or a TV on for a few minutes stays out, and so does a light switched on
    and left on."""
    tv, light = "media_player.living_room_tv", "light.kitchen"
    watched, lit = _evening(
        (local(26, 20, 0), tv, "on", "off"),
        (local(26, 20, 50), tv, "off", "on"),
        (local(26, 21, 5), light, "on", "off"),
        (local(26, 21, 40), light, "off", "on"),
    )
    assert worth_telling(watched)
    assert worth_telling(lit)
    told = {
        language: [item.text for item in _told(segment, language)]
        for language in ("en", "de")
        for segment in (watched,)
    }
    assert told["en"] == [
        "the living room TV was on for about fifty minutes (Anna), from about eight"
    ]
    assert told["de"] == [
        "„Living room TV“ war etwa fünfzig Minuten lang an (Anna), ab etwa acht"
    ]
    assert [item.text for item in _told(lit, "de")] == [
        (
            "„Kitchen light“ war etwa fünfunddreißig Minuten lang an (Anna), "
            "ab etwa fünf nach neun"
        )
    ]
    (flicked,) = _evening(
        (local(26, 20, 0), light, "on", "off"), (local(26, 20, 4), light, "off", "on")
    )
    assert not worth_telling(flicked)
    (glimpse,) = _evening(
        (local(26, 20, 0), tv, "on", "off"), (local(26, 20, 0, 2), tv, "off", "on")
    )
    assert not worth_telling(glimpse)
    (left_on,) = _evening((local(26, 19, 0), light, "on", "off"))
    assert not worth_telling(left_on)


def test_a_tv_left_on_into_the_night_is_worth_a_memory() -> None:
    """Switched on at nine and off at half past ten: the evening's segment
    holds only its "on" (the part of the day ends at ten), worth a memory as
    the TV was on for ninety minutes until the next change. Switched on at
    five to ten and still on when the evening closes (ten past ten, after
    the buffer time): five minutes as far as the observer knows, not worth
    one."""
    tv = "media_player.living_room_tv"
    (evening,) = _evening(
        (local(26, 21, 0), tv, "on", "off"), (local(26, 22, 30), tv, "off", "on")
    )
    assert worth_telling(evening)
    assert [item.text for item in _told(evening)] == [
        "the living room TV was turned on (Anna) around nine"
    ]
    (late,) = _evening((local(26, 21, 55), tv, "on", "off"), now=local(26, 22, 10, 1))
    assert not worth_telling(late)
    (watched,) = _evening((local(26, 21, 0), tv, "on", "off"), now=local(26, 22, 10, 1))
    assert worth_telling(watched)


def test_several_people_coming_or_going_together_take_the_plural_verb() -> None:
    """ "Anna, Ben und Lena ging … aus dem Haus": a German group's verb is
    plural (household replay of session 33); one person's stays singular,
    and English has one form for both."""
    out, back, alone = Events(), Events(), Events()
    out.leave(local(24, 9, 0), "Anna")
    out.leave(local(24, 9, 1), "Ben")
    back.arrive(local(24, 17, 0), "Anna")
    back.arrive(local(24, 17, 1), "Ben")
    alone.arrive(local(24, 17, 0), "Anna")
    [left] = _told(_segment(out), "de")
    assert left.text.startswith(("Anna und Ben gingen ", "Anna und Ben brachen ")), left
    [came] = _told(_segment(back), "de")
    assert came.text.startswith(("Anna und Ben kamen ", "Anna und Ben waren ")), came
    [one] = _told(_segment(alone), "de")
    assert one.text.startswith(("Anna kam ", "Anna war ")), one
    [english] = _told(_segment(out), "en")
    assert english.text.startswith("Anna and Ben "), english
