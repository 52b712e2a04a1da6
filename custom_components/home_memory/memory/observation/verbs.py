"""How one observed change is told: a verb table per kind of entity.

Each table says, for every state of its domain (or binary sensor device
class), what reaching that state means, in words that are true whatever the
state before was; where the state before tells more ("stopped playing"
rather than "went idle"), a pair entry says so. A change no table knows is
not guessed at: the narrator says plainly what it saw (narration.py).

Binary sensors follow Home Assistant's meaning of on and off for each device
class (a door's "on" is open, a battery's "on" is low, a lock's "on" is
unlocked). Templates name the thing as `{subject}` ("the kitchen light",
or a person's name) and may use `{new}` and `{old}`, the states in words.
"""

from __future__ import annotations

from dataclasses import dataclass, field
import math
from types import MappingProxyType
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from collections.abc import Collection, Mapping
    import random

# In `to` and `between`: any state the table does not list (a zone's name,
# a button's last-pressed time).
OTHER: Final = "*"


def _frozen[K, V](values: Mapping[K, V] | None = None) -> Mapping[K, V]:
    return MappingProxyType(dict(values or {}))


@dataclass(frozen=True, slots=True, kw_only=True)
class VerbTable:
    """The words for one kind of entity's changes."""

    # Every state the table knows; tests walk every pair of them.
    states: tuple[str, ...]
    # New state -> what happened (alternatives to vary the wording), true
    # from any state before.
    to: Mapping[str, tuple[str, ...]]
    # (old, new) -> what happened, where the state before tells more.
    between: Mapping[tuple[str, str], str] = field(default_factory=_frozen)
    # State -> how the thing was ("was {being} for about ten minutes").
    being: Mapping[str, str] = field(default_factory=_frozen)
    # New state -> what a person did to it, said after their name.
    by_person: Mapping[str, str] = field(default_factory=_frozen)
    # Many changes among these states, said before "twenty times".
    churn: tuple[frozenset[str], str] | None = None


def _table(
    to: Mapping[str, str | tuple[str, ...]],
    *,
    between: Mapping[tuple[str, str], str] | None = None,
    being: Mapping[str, str] | None = None,
    by_person: Mapping[str, str] | None = None,
    churn: str | None = None,
    churn_states: Collection[str] | None = None,
) -> VerbTable:
    states = tuple(state for state in to if state != OTHER)
    return VerbTable(
        states=states,
        to=_frozen(
            {
                state: (words,) if isinstance(words, str) else words
                for state, words in to.items()
            }
        ),
        between=_frozen(between),
        being=_frozen(being),
        by_person=_frozen(by_person),
        churn=None
        if churn is None
        else (frozenset(churn_states if churn_states is not None else states), churn),
    )


def _on_off(
    on: str | tuple[str, ...],
    off: str | tuple[str, ...],
    *,
    being: tuple[str, str] = ("on", "off"),
    by_person: tuple[str, str] | None = None,
    churn: str | None = None,
) -> VerbTable:
    """A table for the two states "on" and "off"."""
    return _table(
        {"on": on, "off": off},
        being={"on": being[0], "off": being[1]},
        by_person=None
        if by_person is None
        else {"on": by_person[0], "off": by_person[1]},
        churn=churn,
    )


_SWITCHED: Final = _on_off(
    ("{subject} was switched on", "{subject} was turned on"),
    ("{subject} was switched off", "{subject} was turned off"),
    by_person=("switched on {subject}", "switched off {subject}"),
    churn="{subject} was switched on and off",
)

_OPENING: Final = _on_off(
    "{subject} opened",
    "{subject} closed",
    being=("open", "closed"),
    by_person=("opened {subject}", "closed {subject}"),
    churn="{subject} opened and closed",
)


def _detector(what: str) -> VerbTable:
    """A binary sensor whose "on" means it detects `what`."""
    return _on_off(
        f"{{subject}} detected {what}",
        f"{{subject}} no longer detected {what}",
        being=(f"detecting {what}", "clear"),
    )


def _reporter(what: str, normal: str) -> VerbTable:
    """A binary sensor whose "on" reports `what` and "off" that all is `normal`."""
    return _on_off(
        f"{{subject}} reported {what}",
        f"{{subject}} no longer reported {what}",
        being=(f"reporting {what}", normal),
    )


# Home Assistant's meaning of each binary sensor device class
# (BinarySensorDeviceClass: "On means ..., Off means ...").
BINARY_SENSOR_TABLES: Final[Mapping[str, VerbTable]] = MappingProxyType(
    {
        "battery": _reporter("a low battery", "fine"),
        "battery_charging": _on_off(
            "{subject} started charging",
            "{subject} stopped charging",
            being=("charging", "not charging"),
        ),
        "carbon_monoxide": _detector("carbon monoxide"),
        "cold": _reporter("the cold", "at a normal temperature"),
        "connectivity": _on_off(
            "{subject} was connected",
            "{subject} was disconnected",
            being=("connected", "disconnected"),
        ),
        "door": _OPENING,
        "garage_door": _OPENING,
        "gas": _detector("gas"),
        "glass_break": _detector("breaking glass"),
        "heat": _reporter("too much heat", "at a normal temperature"),
        "light": _detector("light"),
        "lock": _on_off(
            "{subject} was unlocked",
            "{subject} was locked",
            being=("unlocked", "locked"),
            churn="{subject} was locked and unlocked",
        ),
        "moisture": _on_off(
            "{subject} detected water",
            "{subject} no longer detected water",
            being=("wet", "dry"),
        ),
        "motion": _detector("movement"),
        "moving": _on_off(
            "{subject} started moving",
            "{subject} stopped moving",
            being=("moving", "still"),
        ),
        "occupancy": _on_off(
            "{subject} sensed someone there",
            "{subject} no longer sensed anyone there",
            being=("sensing someone there", "clear"),
        ),
        "opening": _OPENING,
        "plug": _on_off(
            "{subject} was plugged in",
            "{subject} was unplugged",
            being=("plugged in", "unplugged"),
        ),
        "power": _on_off(
            "{subject} detected power",
            "{subject} lost power",
            being=("powered", "without power"),
        ),
        "presence": _on_off(
            "{subject} sensed someone home",
            "{subject} sensed nobody home",
            being=("sensing someone home", "sensing nobody home"),
        ),
        "problem": _reporter("a problem", "fine"),
        "running": _on_off(
            "{subject} started running",
            "{subject} stopped running",
            being=("running", "stopped"),
        ),
        "safety": _reporter("something unsafe", "safe"),
        "smoke": _detector("smoke"),
        "sound": _detector("sound"),
        "tamper": _detector("tampering"),
        "update": _on_off(
            "{subject} had an update available",
            "{subject} was up to date",
            being=("waiting for an update", "up to date"),
        ),
        "vibration": _detector("vibration"),
        "window": _OPENING,
    }
)
# A binary sensor without a device class: on and off, nothing more.
GENERIC_BINARY_SENSOR: Final = _on_off(
    "{subject} turned on",
    "{subject} turned off",
    churn="{subject} turned on and off",
)

_MEDIA_STARTED = ("off", "standby")
_MEDIA_ACTIVE = ("playing", "paused", "buffering")
_MEDIA_PLAYER: Final = _table(
    {
        "off": "{subject} was turned off",
        "on": "{subject} was on with nothing playing",
        "idle": "{subject} went idle",
        "playing": ("{subject} started playing", "something played on {subject}"),
        "paused": "{subject} was paused",
        "standby": "{subject} went into standby",
        "buffering": "{subject} started loading something to play",
    },
    between={
        **{
            (old, new): "{subject} was turned on"
            for old in _MEDIA_STARTED
            for new in ("on", "idle")
        },
        **{
            (old, new): "{subject} stopped playing"
            for old in _MEDIA_ACTIVE
            for new in ("on", "idle")
        },
        ("paused", "playing"): "{subject} carried on playing",
    },
    being={
        "off": "off",
        "on": "on",
        "idle": "idle",
        "playing": "playing",
        "paused": "paused",
        "standby": "in standby",
        "buffering": "loading",
    },
    by_person={
        "off": "turned off {subject}",
        "playing": "played something on {subject}",
        "paused": "paused {subject}",
    },
)

_COVER: Final = _table(
    {
        "open": "{subject} opened",
        "closed": "{subject} closed",
        "opening": "{subject} started opening",
        "closing": "{subject} started closing",
    },
    being={
        "open": "open",
        "closed": "closed",
        "opening": "opening",
        "closing": "closing",
    },
    by_person={"open": "opened {subject}", "closed": "closed {subject}"},
    churn="{subject} opened and closed",
)

_LOCK: Final = _table(
    {
        "locked": "{subject} was locked",
        "unlocked": "{subject} was unlocked",
        "locking": "{subject} started locking",
        "unlocking": "{subject} started unlocking",
        "jammed": "{subject} jammed",
        "open": "{subject} was opened",
        "opening": "{subject} started opening",
    },
    being={
        "locked": "locked",
        "unlocked": "unlocked",
        "locking": "locking",
        "unlocking": "unlocking",
        "jammed": "jammed",
        "open": "open",
        "opening": "opening",
    },
    by_person={
        "locked": "locked {subject}",
        "unlocked": "unlocked {subject}",
        "open": "opened {subject}",
    },
    churn="{subject} was locked and unlocked",
    churn_states=("locked", "unlocked", "locking", "unlocking"),
)

_HVAC_MODES: Final = {
    "heat": "heat",
    "cool": "cool",
    "heat_cool": "heat or cool as needed",
    "auto": "run on its own schedule",
    "dry": "dry the air",
    "fan_only": "run just the fan",
}
_CLIMATE: Final = _table(
    {
        "off": "{subject} was turned off",
        **{
            mode: f"{{subject}} was set to {words}"
            for mode, words in _HVAC_MODES.items()
        },
    },
    being={
        "off": "off",
        **{mode: f"set to {words}" for mode, words in _HVAC_MODES.items()},
    },
    by_person={
        "off": "turned off {subject}",
        **{mode: f"set {{subject}} to {words}" for mode, words in _HVAC_MODES.items()},
    },
)

_ARMED: Final = {
    "armed_home": "with people at home",
    "armed_away": "for an empty house",
    "armed_night": "for the night",
    "armed_vacation": "for a long absence",
    "armed_custom_bypass": "with some zones bypassed",
}
_ALARM: Final = _table(
    {
        "disarmed": "{subject} was disarmed",
        **{state: f"{{subject}} was armed {words}" for state, words in _ARMED.items()},
        "arming": "{subject} began arming",
        "pending": "{subject} began counting down to going off",
        "disarming": "{subject} began disarming",
        "triggered": "{subject} went off",
    },
    being={
        "disarmed": "disarmed",
        **dict.fromkeys(_ARMED, "armed"),
        "arming": "arming",
        "pending": "counting down",
        "disarming": "disarming",
        "triggered": "going off",
    },
    by_person={
        "disarmed": "disarmed {subject}",
        **{state: f"armed {{subject}} {words}" for state, words in _ARMED.items()},
    },
)

_VACUUM: Final = _table(
    {
        "cleaning": "{subject} started cleaning",
        "docked": "{subject} was back on its dock",
        "returning": "{subject} headed back to its dock",
        "paused": "{subject} paused",
        "idle": "{subject} stood idle",
        "error": "{subject} ran into a problem",
    },
    between={
        ("paused", "cleaning"): "{subject} carried on cleaning",
        ("cleaning", "idle"): "{subject} stopped cleaning",
    },
    being={
        "cleaning": "cleaning",
        "docked": "on its dock",
        "returning": "heading back to its dock",
        "paused": "paused",
        "idle": "idle",
        "error": "stuck with a problem",
    },
    by_person={
        "cleaning": "sent {subject} off cleaning",
        "returning": "sent {subject} back to its dock",
    },
)

# A person or tracker: home, away (not_home), or in a zone (its name).
_WHEREABOUTS: Final = _table(
    {
        "home": "{subject} came home",
        "not_home": "{subject} was away",
        OTHER: "{subject} arrived at {new}",
    },
    between={
        ("home", "not_home"): "{subject} left home",
        (OTHER, "not_home"): "{subject} left {old}",
    },
    being={"home": "home", "not_home": "away", OTHER: "at {new}"},
)

_SIREN: Final = _on_off(
    "{subject} sounded",
    "{subject} fell silent",
    being=("sounding", "silent"),
)
_FAN: Final = _on_off(
    ("{subject} was switched on", "{subject} started"),
    ("{subject} was switched off", "{subject} stopped"),
    by_person=("switched on {subject}", "switched off {subject}"),
    churn="{subject} was switched on and off",
)

DOMAIN_TABLES: Final[Mapping[str, VerbTable]] = MappingProxyType(
    {
        "light": _on_off(
            ("{subject} came on", "{subject} was switched on"),
            ("{subject} went off", "{subject} was switched off"),
            by_person=("switched on {subject}", "switched off {subject}"),
            churn="{subject} was switched on and off",
        ),
        "switch": _SWITCHED,
        "input_boolean": _SWITCHED,
        "fan": _FAN,
        "siren": _SIREN,
        "media_player": _MEDIA_PLAYER,
        "cover": _COVER,
        "lock": _LOCK,
        "climate": _CLIMATE,
        "alarm_control_panel": _ALARM,
        "vacuum": _VACUUM,
        "person": _WHEREABOUTS,
        "device_tracker": _WHEREABOUTS,
        "automation": _on_off(
            "{subject} was enabled",
            "{subject} was disabled",
            being=("enabled", "disabled"),
        ),
        "script": _on_off(
            "{subject} started running",
            "{subject} finished running",
            being=("running", "idle"),
        ),
        # Their state is the time they were last used.
        "button": _table({OTHER: "{subject} was pressed"}),
        "input_button": _table({OTHER: "{subject} was pressed"}),
        "scene": _table({OTHER: "{subject} was activated"}),
        "select": _table({OTHER: "{subject} was set to {new}"}),
        "input_select": _table({OTHER: "{subject} was set to {new}"}),
    }
)
# Their state is a number (or text): told by comparing values.
NUMERIC_DOMAINS: Final = frozenset({"sensor", "number", "input_number"})


def table_for(domain: str, device_class: str | None) -> VerbTable | None:
    """The table of this kind of entity, or None when none is known."""
    if domain == "binary_sensor":
        if device_class is None:
            return GENERIC_BINARY_SENSOR
        return BINARY_SENSOR_TABLES.get(device_class)
    return DOMAIN_TABLES.get(domain)


def state_words(state: str) -> str:
    """A raw state as words: "not_home" -> "not home"."""
    return state.replace("_", " ")


def _number(value: str | None) -> float | None:
    if value is None:
        return None
    try:
        number = float(value)
    except ValueError:
        return None
    return number if math.isfinite(number) else None


def _fill(template: str, subject: str, old: str | None, new: str) -> str:
    return template.format(
        subject=subject,
        old=state_words(old) if old is not None else "",
        new=state_words(new),
    )


def _key(table: VerbTable, state: str) -> str:
    return state if state in table.states else OTHER


def told_change(
    domain: str,
    device_class: str | None,
    old: str | None,
    new: str,
    subject: str,
    rng: random.Random,
) -> str | None:
    """What happened, as a clause true to the change; None when unknown."""
    if domain in NUMERIC_DOMAINS:
        return _told_number(domain, old, new, subject)
    table = table_for(domain, device_class)
    if table is None:
        return None
    new_key = _key(table, new)
    if old is not None and (
        words := table.between.get((old, new))
        or table.between.get((_key(table, old), new_key))
    ):
        return _fill(words, subject, old, new)
    if (choices := table.to.get(new_key)) is None:
        return None
    return _fill(rng.choice(choices), subject, old, new)


def _told_number(domain: str, old: str | None, new: str, subject: str) -> str | None:
    before, after = _number(old), _number(new)
    if after is None:
        return None
    if domain != "sensor":
        return f"{subject} was set to {new}"
    if before is None or before == after:
        return None
    direction = "rose" if after > before else "fell"
    return f"{subject} {direction} from {old} to {new}"


def told_by_person(
    domain: str, device_class: str | None, new: str, subject: str
) -> str | None:
    """What a person did, said after their name ("switched on the lamp")."""
    table = table_for(domain, device_class)
    if table is None or (words := table.by_person.get(new)) is None:
        return None
    return _fill(words, subject, None, new)


def told_being(
    domain: str, device_class: str | None, state: str, subject: str
) -> str | None:
    """How the thing was in `state` ("open", "playing"); None when unknown."""
    table = table_for(domain, device_class)
    if table is None or (words := table.being.get(_key(table, state))) is None:
        return None
    return _fill(words, subject, None, state)


def told_churn(
    domain: str, device_class: str | None, states: Collection[str], subject: str
) -> str | None:
    """Many changes among `states`, before a count; None when no words fit."""
    table = table_for(domain, device_class)
    if table is None or table.churn is None:
        return None
    allowed, words = table.churn
    if not set(states) <= allowed:
        return None
    return _fill(words, subject, None, "")
