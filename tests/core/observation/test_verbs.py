"""Every verb table tells every change truly, and unknown changes neutrally.

The expectations here are written from Home Assistant's meaning of each state
(and of on/off per binary sensor device class), independently of the tables:
each (from, to) pair of a domain's known states must name the thing and say
what the new state is, and never the opposite.
"""

from __future__ import annotations

import itertools
import random
import re

import pytest

from custom_components.home_memory.memory.observation.narration import narrate
from custom_components.home_memory.memory.observation.segmentation import ready_segments
from custom_components.home_memory.memory.observation.verbs import (
    BINARY_SENSOR_TABLES,
    DOMAIN_TABLES,
    OTHER,
    table_for,
    told_change,
)

from .observation_factory import TZ, Events, local

SUBJECT = "the test thing"
# Words that say something stopped, closed or fell silent: never for a
# change to a state that is on, open, playing or sounding.
OFF_WORDS = re.compile(
    r"quiet|silent|went off|switched off|turned off|no longer|stopped|\bclosed\b"
    r"|disarmed|unplugged|disconnected|lost|nobody|away|\bleft\b"
)
ON_WORDS = re.compile(
    r"came on|switched on|turned on|\bopened\b|started|playing|detected (?!.*no)"
    r"|sounded|arrived|came home"
)

# (domain, device class) -> new state -> a pattern the sentence must match.
TRUTH: dict[tuple[str, str | None], dict[str, str]] = {
    ("light", None): {"on": r"came on|switched on", "off": r"went off|switched off"},
    ("switch", None): {"on": r"(switched|turned) on", "off": r"(switched|turned) off"},
    ("input_boolean", None): {
        "on": r"(switched|turned) on",
        "off": r"(switched|turned) off",
    },
    ("fan", None): {"on": r"switched on|started", "off": r"switched off|stopped"},
    ("siren", None): {"on": r"sounded", "off": r"fell silent"},
    ("media_player", None): {
        "off": r"turned off",
        "on": r"turned on|on with nothing playing|stopped playing",
        "idle": r"idle|turned on|stopped playing",
        "playing": r"playing|played",
        "paused": r"paused",
        "standby": r"standby",
        "buffering": r"loading",
    },
    ("cover", None): {
        "open": r"\bopened\b",
        "closed": r"\bclosed\b",
        "opening": r"started opening",
        "closing": r"started closing",
    },
    ("lock", None): {
        "locked": r"was locked",
        "unlocked": r"was unlocked",
        "locking": r"started locking",
        "unlocking": r"started unlocking",
        "jammed": r"jammed",
        "open": r"was opened",
        "opening": r"started opening",
    },
    ("climate", None): {
        "off": r"turned off",
        "heat": r"set to heat$",
        "cool": r"set to cool$",
        "heat_cool": r"set to heat or cool",
        "auto": r"set to run on its own",
        "dry": r"set to dry",
        "fan_only": r"set to run just the fan",
    },
    ("alarm_control_panel", None): {
        "disarmed": r"was disarmed",
        "armed_home": r"was armed with people at home",
        "armed_away": r"was armed for an empty house",
        "armed_night": r"was armed for the night",
        "armed_vacation": r"was armed for a long absence",
        "armed_custom_bypass": r"was armed",
        "pending": r"counting down",
        "arming": r"began arming",
        "disarming": r"began disarming",
        "triggered": r"went off",
    },
    ("vacuum", None): {
        "cleaning": r"clean",
        "docked": r"back on its dock",
        "returning": r"headed back to its dock",
        "paused": r"paused",
        "idle": r"idle|stopped cleaning",
        "error": r"problem",
    },
    ("person", None): {
        "home": r"came home",
        "not_home": r"left|away",
        "Work": r"arrived at Work",
    },
    ("device_tracker", None): {
        "home": r"came home",
        "not_home": r"left|away",
        "Work": r"arrived at Work",
    },
    ("automation", None): {"on": r"enabled", "off": r"disabled"},
    ("script", None): {"on": r"started running", "off": r"finished running"},
    ("binary_sensor", None): {"on": r"turned on", "off": r"turned off"},
}


def _detects(what: str) -> dict[str, str]:
    return {"on": f"detected {what}$", "off": f"no longer detected {what}$"}


def _reports(what: str) -> dict[str, str]:
    return {"on": f"reported {what}$", "off": f"no longer reported {what}$"}


_OPEN_CLOSED = {"on": r"\bopened$", "off": r"\bclosed$"}
# Home Assistant: "On means ..., Off means ..." for each device class.
BINARY_TRUTH: dict[str, dict[str, str]] = {
    "battery": _reports("a low battery"),
    "battery_charging": {"on": r"started charging", "off": r"stopped charging"},
    "carbon_monoxide": _detects("carbon monoxide"),
    "cold": _reports("the cold"),
    "connectivity": {"on": r"was connected", "off": r"was disconnected"},
    "door": _OPEN_CLOSED,
    "garage_door": _OPEN_CLOSED,
    "gas": _detects("gas"),
    "glass_break": _detects("breaking glass"),
    "heat": _reports("too much heat"),
    "light": _detects("light"),
    "lock": {"on": r"was unlocked", "off": r"was locked"},
    "moisture": {"on": r"detected water$", "off": r"no longer detected water"},
    "motion": _detects("movement"),
    "moving": {"on": r"started moving", "off": r"stopped moving"},
    "occupancy": {"on": r"sensed someone there", "off": r"no longer sensed anyone"},
    "opening": _OPEN_CLOSED,
    "plug": {"on": r"was plugged in", "off": r"was unplugged"},
    "power": {"on": r"detected power", "off": r"lost power"},
    "presence": {"on": r"sensed someone home", "off": r"sensed nobody home"},
    "problem": _reports("a problem"),
    "running": {"on": r"started running", "off": r"stopped running"},
    "safety": _reports("something unsafe"),
    "smoke": _detects("smoke"),
    "sound": _detects("sound"),
    "tamper": _detects("tampering"),
    "update": {"on": r"had an update available", "off": r"was up to date"},
    "vibration": _detects("vibration"),
    "window": _OPEN_CLOSED,
}
for _cls, _truth in BINARY_TRUTH.items():
    TRUTH["binary_sensor", _cls] = _truth

# States that are on, open, playing, armed or sounding: their words must not
# say something stopped or fell quiet.
ON_STATES: dict[tuple[str, str | None], set[str]] = {
    # ("on" and "idle" after playing are told as "stopped playing": true.)
    ("media_player", None): {"playing", "buffering"},
    ("cover", None): {"open", "opening"},
    ("lock", None): {"unlocked", "open", "opening"},
    ("climate", None): {"heat", "cool", "heat_cool", "auto", "dry", "fan_only"},
    ("alarm_control_panel", None): {
        "armed_home",
        "armed_away",
        "armed_night",
        "armed_vacation",
        "armed_custom_bypass",
        "arming",
    },
    ("vacuum", None): {"cleaning"},
    ("person", None): {"home"},
    ("device_tracker", None): {"home"},
}
ON_OFF_DOMAINS = ("light", "switch", "input_boolean", "fan", "siren", "automation")
# Binary sensor classes whose "on" is bad news or a report, told with words
# like "lost" or "no longer" only for "off".
for _domain in ON_OFF_DOMAINS:
    ON_STATES[_domain, None] = {"on"}
for _cls in BINARY_TRUTH:
    ON_STATES["binary_sensor", _cls] = {"on"}
ON_STATES["binary_sensor", None] = {"on"}


# States that are off, closed, locked, away or paused: their words must not
# say something came on (binary sensors and on/off domains: "off").
OFF_STATES: dict[tuple[str, str | None], set[str]] = {
    ("media_player", None): {"off", "paused", "standby"},
    ("cover", None): {"closed"},
    ("lock", None): {"locked"},
    ("climate", None): {"off"},
    ("alarm_control_panel", None): {"disarmed"},
    ("vacuum", None): {"docked", "paused"},
    ("person", None): {"not_home"},
    ("device_tracker", None): {"not_home"},
}


def _states(key: tuple[str, str | None]) -> list[str]:
    table = table_for(*key)
    assert table is not None, key
    states = list(table.states)
    if OTHER in table.to:
        states.append("Work")  # a zone
    return states


def _pairs() -> list[tuple[str, str | None, str | None, str]]:
    pairs: list[tuple[str, str | None, str | None, str]] = []
    for key in TRUTH:
        states = _states(key)
        for old, new in itertools.permutations(states, 2):
            pairs.append((*key, old, new))
        # A change whose previous state is unknown.
        pairs.extend((*key, None, new) for new in states)
    return pairs


def test_the_expectations_cover_every_table_and_state() -> None:
    """Every table and each of its states has an expectation in this file."""
    tables = {(domain, None) for domain in DOMAIN_TABLES} | {
        ("binary_sensor", cls) for cls in BINARY_SENSOR_TABLES
    }
    untested = {"button", "input_button", "scene", "select", "input_select"}
    assert {key for key in tables if key[0] not in untested} <= set(TRUTH)
    for key, truth in TRUTH.items():
        assert set(_states(key)) == set(truth), key


@pytest.mark.parametrize(("domain", "device_class", "old", "new"), _pairs())
def test_every_transition_is_told_truly(
    domain: str, device_class: str | None, old: str | None, new: str
) -> None:
    """The sentence names the thing and says its new state, never the opposite."""
    key = (domain, device_class)
    for seed in range(4):  # every wording the table may pick
        words = told_change(
            domain, device_class, old, new, SUBJECT, random.Random(seed)
        )
        assert words is not None, "a known change must not fall back"
        assert SUBJECT in words
        assert re.search(TRUTH[key][new], words), words
        if new in ON_STATES.get(key, set()):
            assert not OFF_WORDS.search(words), words
        if new in OFF_STATES.get(key, {"off"}):
            # Off, closed, locked, away...: never told as coming on.
            assert not ON_WORDS.search(words) or re.search(
                r"no longer|stopped|lost|finished", words
            ), words


@pytest.mark.parametrize("old", ["off", "standby"])
@pytest.mark.parametrize("new", ["on", "idle"])
def test_a_media_player_coming_on_is_told_as_turned_on(old: str, new: str) -> None:
    """Off or standby to on or idle: it was turned on, whatever else."""
    words = told_change("media_player", None, old, new, SUBJECT, random.Random(0))
    assert words == f"{SUBJECT} was turned on"


def test_a_tv_turning_on_is_not_told_as_going_quiet() -> None:
    """The reported bug: off -> on of a media player read "went quiet"."""
    events = Events()
    events.add(
        local(24, 18, 2),
        "media_player.living_room_tv",
        "on",
        "off",
        name="Living Room TV",
        area="Living Room",
    )
    events.add(local(24, 18, 20), "light.kitchen", "on", "off", name="Kitchen Light")
    (segment,) = ready_segments(events.made, now=local(24, 18, 40), tz=TZ)
    content = narrate(segment, persona="Barnabee", tz=TZ).content
    assert "the living room TV was turned on" in content
    assert "quiet" not in content.split(".")[0]


@pytest.mark.parametrize(
    ("entity_id", "device_class", "old", "new", "expected"),
    [
        (
            "binary_sensor.hall",
            "motion",
            "on",
            "off",
            "someone was in the hall around nine",
        ),
        ("binary_sensor.hall", "battery", "off", "on", "reported a low battery"),
        ("cover.garage", "garage", "closed", "opening", "the garage started opening"),
        ("vacuum.robbie", None, "docked", "cleaning", "the robbie started cleaning"),
        ("sensor.outdoor", "temperature", "4.5", "2", "the outdoor fell from 4.5 to 2"),
        (
            "sensor.outdoor",
            "temperature",
            "4.5",
            "12",
            "the outdoor rose from 4.5 to 12",
        ),
    ],
)
def test_changes_told_in_a_memory(
    entity_id: str, device_class: str | None, old: str, new: str, expected: str
) -> None:
    """The table's words reach the narrated memory, about the right thing."""
    events = Events()
    events.add(local(24, 9, 0), entity_id, new, old, device_class=device_class)
    events.add(local(24, 9, 20), "light.kitchen", "on", "off", name="Kitchen Light")
    (segment,) = ready_segments(events.made, now=local(24, 9, 40), tz=TZ)
    assert expected in narrate(segment, persona="Barnabee", tz=TZ).content


@pytest.mark.parametrize(
    ("entity_id", "device_class", "old", "new", "expected"),
    [
        # An unknown domain, an unknown binary sensor class, a text sensor,
        # and an unknown state of a known domain.
        ("water_heater.boiler", None, "eco", "performance", "from eco to performance"),
        ("binary_sensor.gizmo", "carpet", "off", "on", "from off to on"),
        ("sensor.washer", None, "washing", "spin_dry", "from washing to spin dry"),
        ("media_player.tv", None, "off", "warming_up", "from off to warming up"),
    ],
)
def test_unknown_changes_are_told_neutrally_in_first_person(
    entity_id: str, device_class: str | None, old: str, new: str, expected: str
) -> None:
    """No made-up verb: "I saw the X change from A to B"."""
    events = Events()
    events.add(local(24, 9, 0), entity_id, new, old, device_class=device_class)
    events.add(local(24, 9, 20), "light.kitchen", "on", "off", name="Kitchen Light")
    (segment,) = ready_segments(events.made, now=local(24, 9, 40), tz=TZ)
    content = narrate(segment, persona="Barnabee", tz=TZ).content
    thing = entity_id.split(".")[1]
    assert f"I saw the {thing} change {expected}" in content
    assert "noticed that I" not in content
    assert "saw that I" not in content


def test_there_and_back_tells_how_it_was_in_between() -> None:
    """A door opened and closed again was open for the real time; so is a TV's play."""
    events = Events()
    door = {"name": "Study Door", "device_class": "door"}
    events.add(local(24, 9, 0), "binary_sensor.study_door", "on", "off", **door)
    events.add(local(24, 9, 5), "binary_sensor.study_door", "off", "on", **door)
    events.add(local(24, 9, 10), "media_player.tv", "playing", "off", name="TV")
    events.add(local(24, 9, 20), "media_player.tv", "off", "playing", name="TV")
    (segment,) = ready_segments(events.made, now=local(24, 9, 40), tz=TZ)
    content = narrate(segment, persona="Barnabee", tz=TZ).content
    assert "the study door was open for about five minutes" in content
    assert "the TV was playing for about ten minutes" in content


@pytest.mark.parametrize(
    ("seconds", "told"),
    [
        (1, "for a moment"),
        (30, "briefly"),
        (70, "for about a minute"),
        (7 * 60, "for about seven minutes"),
        (23 * 60, "for about twenty-five minutes"),
        (70 * 60, "for about an hour"),
        (3 * 3600 + 600, "for about three hours"),
    ],
)
def test_a_door_open_is_told_for_the_time_it_really_was(
    seconds: int, told: str
) -> None:
    """A door open for a second is not "open for a while": the real time is told."""
    events = Events()
    door = {"name": "Study Door", "device_class": "door"}
    start = local(24, 6, 0)
    events.add(start, "binary_sensor.study_door", "on", "off", **door)
    events.add(start + seconds, "binary_sensor.study_door", "off", "on", **door)
    events.add(start + seconds + 1, "light.hall", "on", "off", name="Hall Light")
    (segment,) = ready_segments(events.made, now=start + 5 * 3600, tz=TZ, force=True)
    content = narrate(segment, persona="Barnabee", tz=TZ).content
    assert f"the study door was open {told}" in content
    assert "a while" not in content


def test_churn_of_a_motion_sensor_is_not_told_as_a_door() -> None:
    """A motion sensor's changes are someone being busy there, never a door."""
    events = Events()
    for i in range(6):
        events.add(
            local(24, 9, 0) + i * 30,
            "binary_sensor.hall_motion",
            "on" if i % 2 == 0 else "off",
            "off" if i % 2 == 0 else "on",
            name="Hall Motion",
            device_class="motion",
        )
    events.add(local(24, 9, 20), "light.kitchen", "on", "off", name="Kitchen Light")
    (segment,) = ready_segments(events.made, now=local(24, 9, 40), tz=TZ)
    content = narrate(segment, persona="Barnabee", tz=TZ).content
    assert "opened" not in content
    # What someone did, not what the sensor did (scenes.py).
    assert "someone was busy in the hall for about" in content
    assert "changed six times" not in content


@pytest.mark.parametrize(
    ("device_class", "tag", "not_tag"),
    [
        ("door", "doors", "safety"),
        ("smoke", "safety", "doors"),
        ("motion", "presence", "doors"),
    ],
)
def test_binary_sensors_are_tagged_by_what_they_sense(
    device_class: str, tag: str, not_tag: str
) -> None:
    """A smoke detector's memory is tagged safety, not doors."""
    events = Events()
    events.add(
        local(24, 9, 0), "binary_sensor.x", "on", "off", device_class=device_class
    )
    events.add(local(24, 9, 20), "light.kitchen", "on", "off", name="Kitchen Light")
    (segment,) = ready_segments(events.made, now=local(24, 9, 40), tz=TZ, force=True)
    tags = narrate(segment, persona="Barnabee", tz=TZ).tags
    assert tag in tags
    assert not_tag not in tags
