"""A generated household: people, rooms, sensors and a month of labelled days.

Seeded and deterministic (`generate(days, seed)`): two working adults (Anna,
Ben) and a teenager (Lena) in a flat with front and back doors, room doors,
cupboards, a fridge, motion sensors that pulse on for one second every few
seconds to minutes while someone moves in a room, bed and couch occupancy
mats, lights, a TV, a washing machine and dishwasher (running sensors), a
kettle (smart plug) and a microwave door. Every day follows the people's
routines (weekday and weekend differ), with jitter, late days, night
bathroom visits, laundry, visitors and one weekend away. Each routine step
is labelled as an `Activity` with the changes that make it up (`keys`), the
ground truth of the questions (questions.py).

Entity ids, areas and device classes are as Home Assistant would have them;
nothing here knows how Home Memory tells or ranks anything.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta
import random
from typing import Final
from zoneinfo import ZoneInfo

TZ_NAME: Final = "Europe/Berlin"
TZ: Final = ZoneInfo(TZ_NAME)
# A Monday; the household's calendar (never today's). No DST change inside.
FIRST_DAY: Final = date(2026, 2, 2)
DAYS: Final = 35
SEED: Final = 19
PEOPLE: Final = ("Anna", "Ben", "Lena")


@dataclass(frozen=True, slots=True)
class Entity:
    """One entity of the home, as its registry entry and state would be."""

    entity_id: str
    name: str
    area: str | None
    initial: str
    device_class: str | None = None

    @property
    def domain(self) -> str:
        """The entity's domain."""
        return self.entity_id.split(".", 1)[0]


def _sensor(
    object_id: str, name: str, area: str, device_class: str, initial: str = "off"
) -> Entity:
    return Entity(f"binary_sensor.{object_id}", name, area, initial, device_class)


ENTITIES: Final = (
    *(Entity(f"person.{p.lower()}", p, None, "home") for p in PEOPLE),
    *(
        Entity(f"device_tracker.{p.lower()}_phone", f"{p}'s Phone", None, "home")
        for p in PEOPLE
    ),
    _sensor("front_door", "Front Door", "Hallway", "door"),
    _sensor("back_door", "Back Door", "Utility Room", "door"),
    Entity("lock.front_door", "Front Door Lock", "Hallway", "locked"),
    _sensor("bathroom_door", "Bathroom Door", "Bathroom", "door"),
    _sensor("bedroom_door", "Bedroom Door", "Bedroom", "door"),
    _sensor("lena_room_door", "Lena's Room Door", "Lena's Room", "door"),
    _sensor("kitchen_cupboard", "Kitchen Cupboard", "Kitchen", "door"),
    _sensor("fridge_door", "Fridge Door", "Kitchen", "door"),
    _sensor("microwave_door", "Microwave Door", "Kitchen", "door"),
    _sensor("hallway_motion", "Hallway Motion", "Hallway", "motion"),
    _sensor("kitchen_motion", "Kitchen Motion", "Kitchen", "motion"),
    _sensor("living_room_motion", "Living Room Motion", "Living Room", "motion"),
    _sensor("bathroom_motion", "Bathroom Motion", "Bathroom", "motion"),
    _sensor("bedroom_motion", "Bedroom Motion", "Bedroom", "motion"),
    _sensor("anna_bed_occupancy", "Anna's Bed Occupancy", "Bedroom", "occupancy", "on"),
    _sensor("ben_bed_occupancy", "Ben's Bed Occupancy", "Bedroom", "occupancy", "on"),
    _sensor(
        "lena_bed_occupancy", "Lena's Bed Occupancy", "Lena's Room", "occupancy", "on"
    ),
    _sensor("couch_occupancy", "Couch Occupancy", "Living Room", "occupancy"),
    _sensor("washing_machine", "Washing Machine", "Utility Room", "running"),
    _sensor("dishwasher", "Dishwasher", "Kitchen", "running"),
    Entity("switch.kettle", "Kettle", "Kitchen", "off"),
    Entity("light.kitchen", "Kitchen Light", "Kitchen", "off"),
    Entity("light.living_room", "Living Room Light", "Living Room", "off"),
    Entity("light.hallway", "Hallway Light", "Hallway", "off"),
    Entity("light.bathroom", "Bathroom Light", "Bathroom", "off"),
    Entity("light.bedroom", "Bedroom Light", "Bedroom", "off"),
    Entity("light.lena_room", "Lena's Room Light", "Lena's Room", "off"),
    Entity("media_player.living_room_tv", "Living Room TV", "Living Room", "off"),
)
BY_ID: Final = {entity.entity_id: entity for entity in ENTITIES}
# Observed on top of Home Memory's default domains (as the real homes
# were replayed: every sensor observed): motion, occupancy and running
# binary sensors are not observed by default, nor switches.
EXTRA_OBSERVED: Final = tuple(
    e.entity_id
    for e in ENTITIES
    if e.device_class in {"motion", "occupancy", "running"} or e.domain == "switch"
)
_MOTION: Final = {
    "Hallway": "binary_sensor.hallway_motion",
    "Kitchen": "binary_sensor.kitchen_motion",
    "Living Room": "binary_sensor.living_room_motion",
    "Bathroom": "binary_sensor.bathroom_motion",
    "Bedroom": "binary_sensor.bedroom_motion",
}


@dataclass(frozen=True, slots=True, order=True)
class Change:
    """One state change at `at` (unix seconds)."""

    at: float
    entity_id: str
    state: str


@dataclass(slots=True)
class Activity:
    """A labelled thing that happened: who, what, when, made of which changes."""

    kind: str
    person: str | None
    start: float
    end: float
    area: str | None = None
    # (entity id, unix seconds) of the changes that make up the activity.
    keys: list[tuple[str, float]] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class Variant:
    """Which home is generated: its sensors, language and clock.

    `sensors`: "all" (the family home as described above) or "contacts"
    (door and appliance contacts only, like the issue's real one-person
    apartments: no person entities, phones, motion, mats, lights, lock,
    switches or TV). `language`: the home's entity and area names (and Home
    Assistant's language in the replay). `shift_min`: the whole routine
    later (or earlier) by that many minutes.
    """

    name: str = "family"
    sensors: str = "all"
    language: str = "en"
    shift_min: float = 0.0


FAMILY: Final = Variant()
# Never tuned on: another seed, a later rhythm, doors and appliances only.
HELD_OUT: Final = Variant("held_out", sensors="contacts", shift_min=35.0)
# A German-speaking home (German names; memories told in German).
GERMAN: Final = Variant("german", language="de")
VARIANTS: Final = {v.name: v for v in (FAMILY, HELD_OUT, GERMAN)}
# The held-out variant's seed (the family home's is SEED).
HELD_OUT_SEED: Final = 23

# A German household's names for the same entities and areas.
GERMAN_NAMES: Final = {
    "Front Door": "Haustür",
    "Back Door": "Hintertür",
    "Front Door Lock": "Haustürschloss",
    "Bathroom Door": "Badezimmertür",
    "Bedroom Door": "Schlafzimmertür",
    "Lena's Room Door": "Lenas Zimmertür",
    "Kitchen Cupboard": "Küchenschrank",
    "Fridge Door": "Kühlschranktür",
    "Microwave Door": "Mikrowellentür",
    "Hallway Motion": "Bewegungsmelder Flur",
    "Kitchen Motion": "Bewegungsmelder Küche",
    "Living Room Motion": "Bewegungsmelder Wohnzimmer",
    "Bathroom Motion": "Bewegungsmelder Bad",
    "Bedroom Motion": "Bewegungsmelder Schlafzimmer",
    "Anna's Bed Occupancy": "Annas Bett",
    "Ben's Bed Occupancy": "Bens Bett",
    "Lena's Bed Occupancy": "Lenas Bett",
    "Couch Occupancy": "Couch",
    "Washing Machine": "Waschmaschine",
    "Dishwasher": "Spülmaschine",
    "Kettle": "Wasserkocher",
    "Kitchen Light": "Küchenlicht",
    "Living Room Light": "Wohnzimmerlicht",
    "Hallway Light": "Flurlicht",
    "Bathroom Light": "Badlicht",
    "Bedroom Light": "Schlafzimmerlicht",
    "Lena's Room Light": "Licht Lenas Zimmer",
    "Living Room TV": "Fernseher",
    "Anna's Phone": "Annas Handy",
    "Ben's Phone": "Bens Handy",
    "Lena's Phone": "Lenas Handy",
    "Hallway": "Flur",
    "Utility Room": "Hauswirtschaftsraum",
    "Bathroom": "Badezimmer",
    "Bedroom": "Schlafzimmer",
    "Lena's Room": "Lenas Zimmer",
    "Kitchen": "Küche",
    "Living Room": "Wohnzimmer",
}


def _has_sensor(entity: Entity, sensors: str) -> bool:
    if sensors == "all":
        return True
    return entity.domain == "binary_sensor" and entity.device_class in {
        "door",
        "running",
    }


def _named(entity: Entity, language: str) -> Entity:
    if language != "de":
        return entity
    return Entity(
        entity.entity_id,
        GERMAN_NAMES.get(entity.name, entity.name),
        None if entity.area is None else GERMAN_NAMES[entity.area],
        entity.initial,
        entity.device_class,
    )


def entities_of(variant: Variant) -> tuple[Entity, ...]:
    """The entities a variant's home has, named in its language."""
    return tuple(
        _named(e, variant.language) for e in ENTITIES if _has_sensor(e, variant.sensors)
    )


def area_name(area: str, variant: Variant) -> str:
    """An area's name in the variant's language."""
    return GERMAN_NAMES.get(area, area) if variant.language == "de" else area


@dataclass(slots=True)
class Household:
    """The generated home: its calendar, entities, changes and labels."""

    first_day: date
    days: int
    seed: int
    changes: list[Change]
    activities: list[Activity]
    variant: Variant = FAMILY

    @property
    def entities(self) -> tuple[Entity, ...]:
        """The entities this home has (the variant's sensors, names)."""
        return entities_of(self.variant)

    @property
    def observed_extra(self) -> tuple[str, ...]:
        """Observed on top of the default domains: every sensor it has."""
        ids = {e.entity_id for e in self.entities}
        return tuple(e for e in EXTRA_OBSERVED if e in ids)

    def local(self, at: float) -> datetime:
        """A unix time as the household's local datetime."""
        return datetime.fromtimestamp(at, TZ)

    def day_start(self, day: int) -> float:
        """Unix time of local midnight `day` days after the first day."""
        return at_local(self.first_day + timedelta(days=day), 0, 0)


def at_local(day: date, hour: int, minute: float) -> float:
    """Unix time of a local wall-clock time (minutes may exceed 59)."""
    midnight = datetime.combine(day, time(0), TZ)
    return (midnight + timedelta(hours=hour, minutes=minute)).timestamp()


class _Builder:
    """Collects changes, room presence (for motion pulses) and activities."""

    def __init__(self, rng: random.Random, shift_min: float = 0.0) -> None:
        self.rng = rng
        self.shift_min = shift_min
        self.changes: list[Change] = []
        self.presence: dict[str, list[tuple[float, float]]] = defaultdict(list)
        self.activities: list[Activity] = []
        self._open: Activity | None = None

    # -- labelling -----------------------------------------------------------
    def begin(self, kind: str, person: str | None, area: str | None = None) -> None:
        self._open = Activity(kind, person, float("inf"), float("-inf"), area)

    def end(self) -> Activity:
        activity = self._open
        assert activity is not None
        self._open = None
        if activity.keys:
            self.activities.append(activity)
        return activity

    def set(self, at: float, entity_id: str, state: str, *, key: bool = True) -> None:
        self.changes.append(Change(at, entity_id, state))
        if key and self._open is not None:
            self._open.keys.append((entity_id, at))
            self._open.start = min(self._open.start, at)
            self._open.end = max(self._open.end, at)

    # -- building blocks -----------------------------------------------------
    def pulse(self, at: float, entity_id: str, length: float = 1.0) -> None:
        """A binary sensor on, then off `length` seconds later (a door, a PIR)."""
        self.set(at, entity_id, "on")
        self.set(at + length, entity_id, "off")

    def door(self, at: float, entity_id: str) -> float:
        """Opened and closed a few seconds later; returns when it closed."""
        shut = at + self.rng.uniform(3, 12)
        self.set(at, entity_id, "on")
        self.set(shut, entity_id, "off")
        return shut

    def be_in(self, room: str, start: float, end: float) -> None:
        """Someone moves about `room` between start and end (motion pulses)."""
        if room in _MOTION and end > start:
            self.presence[room].append((start, end))
            if self._open is not None:
                self._open.start = min(self._open.start, start)
                self._open.end = max(self._open.end, end)

    def motion_pulses(self) -> None:
        """Every room's merged presence as one-second PIR pulses.

        A pulse is labelled with the activity whose presence it falls in only
        through the activity's time span (pulses are shared between people).
        """
        for room, spans in self.presence.items():
            sensor = _MOTION[room]
            spans.sort()
            merged: list[list[float]] = []
            for start, end in spans:
                if merged and start <= merged[-1][1] + 5:
                    merged[-1][1] = max(merged[-1][1], end)
                else:
                    merged.append([start, end])
            for start, end in merged:
                t = start
                while t < end:
                    self.pulse(t, sensor, 1.0)
                    t += self.rng.choice((4, 6, 10, 15, 20, 30, 45, 60, 90))

    def jitter(self, sigma: float) -> float:
        return self.rng.gauss(0, sigma)


def _leave(b: _Builder, person: str, at: float, *, door: str = "front") -> None:
    b.begin("leave", person, "Hallway")
    b.be_in("Hallway", at - 60, at)
    sensor = f"binary_sensor.{door}_door"
    shut = b.door(at, sensor)
    gone = shut + b.rng.uniform(40, 150)
    b.set(gone, f"person.{person.lower()}", "not_home")
    b.set(gone - 2, f"device_tracker.{person.lower()}_phone", "not_home", key=False)
    b.end()


def _arrive(b: _Builder, person: str, at: float, *, evening: bool) -> None:
    b.begin("arrive", person, "Hallway")
    b.set(at - 3, f"device_tracker.{person.lower()}_phone", "home", key=False)
    b.set(at, f"person.{person.lower()}", "home")
    opened = at + b.rng.uniform(25, 90)
    b.door(opened, "binary_sensor.front_door")
    b.be_in("Hallway", opened, opened + b.rng.uniform(40, 120))
    if evening:
        b.set(opened + 5, "light.hallway", "on")
        b.set(opened + b.rng.uniform(90, 200), "light.hallway", "off")
    b.end()


def _bathroom(b: _Builder, at: float, minutes: float, *, light: bool = True) -> float:
    """A bathroom visit; returns when it ended."""
    b.door(at, "binary_sensor.bathroom_door")
    if light:
        b.set(at + 2, "light.bathroom", "on")
    end = at + minutes * 60
    b.be_in("Bathroom", at + 5, end - 10)
    if light:
        b.set(end - 3, "light.bathroom", "off")
    b.door(end, "binary_sensor.bathroom_door")
    return end + 15


def _bed_sensor(person: str) -> str:
    return f"binary_sensor.{person.lower()}_bed_occupancy"


def _bedtime(b: _Builder, person: str, at: float) -> None:
    b.begin("bedtime", person, "Bedroom" if person != "Lena" else "Lena's Room")
    t = _bathroom(b, at - 12 * 60, b.rng.uniform(4, 9))
    if person == "Lena":
        b.door(t + 20, "binary_sensor.lena_room_door")
        b.set(at, _bed_sensor(person), "on")
        b.set(at + b.rng.uniform(5, 40) * 60, "light.lena_room", "off")
    else:
        b.be_in("Hallway", t, t + 20)
        b.door(t + 25, "binary_sensor.bedroom_door")
        b.be_in("Bedroom", t + 30, at)
        b.set(t + 30, "light.bedroom", "on")
        b.set(at, _bed_sensor(person), "on")
        b.set(at + b.rng.uniform(3, 25) * 60, "light.bedroom", "off")
    b.end()


def _wake(b: _Builder, person: str, at: float) -> None:
    b.begin("wake", person, "Bedroom" if person != "Lena" else "Lena's Room")
    b.set(at, _bed_sensor(person), "off")
    if person == "Lena":
        b.set(at + 10, "light.lena_room", "on")
        b.door(at + 60, "binary_sensor.lena_room_door")
        b.set(at + 70, "light.lena_room", "off")
        t = at + 80
    else:
        b.set(at + 8, "light.bedroom", "on")
        b.be_in("Bedroom", at, at + 120)
        b.door(at + 130, "binary_sensor.bedroom_door")
        b.set(at + 135, "light.bedroom", "off")
        b.be_in("Hallway", at + 140, at + 160)
        t = at + 170
    _bathroom(b, t, b.rng.uniform(6, 18))
    b.end()


def _night_visit(b: _Builder, person: str, at: float) -> None:
    b.begin("night", person, "Bathroom")
    b.set(at, _bed_sensor(person), "off")
    if person != "Lena":
        b.be_in("Bedroom", at, at + 20)
    b.be_in("Hallway", at + 25, at + 40)
    end = _bathroom(b, at + 45, b.rng.uniform(2, 6), light=b.rng.random() < 0.6)
    b.be_in("Hallway", end, end + 15)
    b.set(end + 40, _bed_sensor(person), "on")
    b.end()


def _breakfast(b: _Builder, who: str | None, at: float, minutes: float) -> None:
    b.begin("breakfast", who, "Kitchen")
    end = at + minutes * 60
    b.be_in("Kitchen", at, end)
    b.set(at + 5, "light.kitchen", "on")
    kettle = at + b.rng.uniform(30, 120)
    b.set(kettle, "switch.kettle", "on")
    b.set(kettle + b.rng.uniform(150, 240), "switch.kettle", "off")
    for _ in range(b.rng.randint(1, 3)):
        b.door(at + b.rng.uniform(60, minutes * 50), "binary_sensor.fridge_door")
    b.door(at + b.rng.uniform(20, 200), "binary_sensor.kitchen_cupboard")
    if b.rng.random() < 0.3:
        b.door(at + b.rng.uniform(200, minutes * 40), "binary_sensor.microwave_door")
    b.set(end, "light.kitchen", "off")
    b.end()


def _dinner(b: _Builder, who: str, at: float, minutes: float) -> None:
    b.begin("dinner", who, "Kitchen")
    end = at + minutes * 60
    b.be_in("Kitchen", at, end)
    b.set(at + 4, "light.kitchen", "on")
    for _ in range(b.rng.randint(2, 5)):
        b.door(at + b.rng.uniform(30, minutes * 55), "binary_sensor.fridge_door")
    for _ in range(b.rng.randint(2, 4)):
        b.door(at + b.rng.uniform(30, minutes * 55), "binary_sensor.kitchen_cupboard")
    if b.rng.random() < 0.5:
        b.door(at + b.rng.uniform(300, minutes * 50), "binary_sensor.microwave_door")
    if b.rng.random() < 0.4:
        k = at + b.rng.uniform(60, 600)
        b.set(k, "switch.kettle", "on")
        b.set(k + 200, "switch.kettle", "off")
    b.end()
    # Eating and clearing up: kitchen light off later, not part of the cooking.
    b.be_in("Kitchen", end, end + b.rng.uniform(20, 35) * 60)
    b.set(end + b.rng.uniform(35, 50) * 60, "light.kitchen", "off", key=False)


def _appliance(b: _Builder, kind: str, sensor: str, at: float, minutes: float) -> None:
    b.begin(kind, None, BY_ID[sensor].area)
    b.set(at, sensor, "on")
    b.set(at + minutes * 60, sensor, "off")
    b.end()


def _tv(b: _Builder, at: float, minutes: float) -> None:
    b.begin("tv", None, "Living Room")
    end = at + minutes * 60
    b.set(at, "light.living_room", "on")
    b.set(at + 30, "binary_sensor.couch_occupancy", "on")
    b.set(at + 60, "media_player.living_room_tv", "playing")
    b.be_in("Living Room", at, at + 60)
    # Now and then someone gets up: a short pulse of motion.
    t = at + b.rng.uniform(15, 40) * 60
    while t < end - 300:
        b.be_in("Living Room", t, t + b.rng.uniform(20, 90))
        t += b.rng.uniform(20, 50) * 60
    b.set(end, "media_player.living_room_tv", "off")
    b.set(end + 20, "binary_sensor.couch_occupancy", "off")
    b.set(end + 60, "light.living_room", "off")
    b.be_in("Living Room", end, end + 60)
    b.end()


def _visitors(b: _Builder, at: float, minutes: float) -> None:
    b.begin("visitors", None, "Living Room")
    end = at + minutes * 60
    b.door(at, "binary_sensor.front_door")
    b.be_in("Hallway", at, at + 120)
    b.be_in("Living Room", at + 120, end - 120)
    b.set(at + 150, "binary_sensor.couch_occupancy", "on")
    k = at + b.rng.uniform(10, 20) * 60
    b.set(k, "switch.kettle", "on")
    b.set(k + 180, "switch.kettle", "off")
    b.be_in("Kitchen", k - 60, k + 240)
    b.door(k + 100, "binary_sensor.fridge_door")
    b.set(end - 150, "binary_sensor.couch_occupancy", "off")
    b.be_in("Hallway", end - 120, end)
    b.door(end, "binary_sensor.front_door")
    b.end()


def _noise(b: _Builder, day: date, home_from: float, home_to: float) -> None:
    """Small unlabelled things: a fridge opened, a hall walk, Lena's door."""
    for _ in range(b.rng.randint(3, 8)):
        t = b.rng.uniform(home_from, home_to)
        what = b.rng.random()
        if what < 0.35:
            b.be_in("Kitchen", t, t + 40)
            b.door(t + 10, "binary_sensor.fridge_door")
        elif what < 0.6:
            b.be_in("Hallway", t, t + 20)
        elif what < 0.8:
            b.door(t, "binary_sensor.lena_room_door")
        elif what < 0.9:
            b.door(t, "binary_sensor.back_door")  # the bins, the garden
        else:
            _bathroom(b, t, b.rng.uniform(2, 6))
    del day


def _weekend_away(day: date, first: date, days: int) -> bool:
    """The third weekend (Saturday and Sunday) the family is away."""
    saturday = first + timedelta(days=(5 - first.weekday()) % 7 + 14)
    return saturday <= day <= saturday + timedelta(days=1) and (
        (saturday - first).days + 1 < days
    )


def _one_day(b: _Builder, first: date, index: int, days: int) -> None:  # noqa: PLR0912, PLR0915 - one routine
    rng = b.rng
    day = first + timedelta(days=index)
    wd = day.weekday()
    weekend = wd >= 5

    def at(hour: int, minute: float, sigma: float = 0.0) -> float:
        jitter = b.jitter(sigma) if sigma else 0.0
        return at_local(day, hour, minute + b.shift_min + jitter)

    away = _weekend_away(day, first, days)
    if away:
        if wd == 5:
            # Leaving together on Saturday morning, one after the other.
            t = at(9, 30, 10)
            _breakfast(b, None, t - 75 * 60, 35)
            for person in PEOPLE:
                _wake(b, person, t - rng.uniform(100, 130) * 60)
            for k, person in enumerate(PEOPLE):
                b.begin("away_leave", person, "Hallway")
                b.door(t + k * 40, "binary_sensor.front_door")
                b.set(t + 200 + k * 15, f"person.{person.lower()}", "not_home")
                b.end()
            b.set(t + 260, "lock.front_door", "unlocked", key=False)
            b.set(t + 262, "lock.front_door", "locked", key=False)
        else:
            # Coming back on Sunday evening.
            t = at(18, 10, 25)
            for k, person in enumerate(PEOPLE):
                b.begin("away_return", person, "Hallway")
                b.set(t + k * 20, f"person.{person.lower()}", "home")
                b.end()
            b.door(t + 90, "binary_sensor.front_door")
            b.be_in("Hallway", t + 90, t + 400)
            b.set(t + 95, "light.hallway", "on")
            b.set(t + 500, "light.hallway", "off")
            _dinner(b, "Anna", t + 40 * 60, 30)
            _tv(b, at(20, 30, 10), rng.uniform(60, 100))
            for person, (h, m) in (
                ("Anna", (22, 50)),
                ("Ben", (23, 5)),
                ("Lena", (22, 15)),
            ):
                _bedtime(b, person, at(h, m, 15))
        # Holiday lights on a schedule while nobody is home.
        if wd == 5:
            b.set(at(20, 0), "light.living_room", "on")
            b.set(at(22, 30), "light.living_room", "off")
        return

    # -- getting up ------------------------------------------------------------
    if weekend:
        wake = {
            "Anna": at(8, 20, 35),
            "Ben": at(8, 50, 40),
            "Lena": at(10, 30, 50),
        }
    else:
        wake = {
            "Anna": at(6, 25, 10),
            "Ben": at(6, 55, 12),
            "Lena": at(6, 45, 6),
        }
    for person in PEOPLE:
        _wake(b, person, wake[person])

    # -- breakfast and leaving ----------------------------------------------------
    if weekend:
        start = max(wake["Anna"], wake["Ben"]) + rng.uniform(20, 35) * 60
        _breakfast(b, None, start, rng.uniform(35, 60))
    else:
        _breakfast(
            b, "Anna", wake["Anna"] + rng.uniform(22, 30) * 60, rng.uniform(15, 25)
        )
        late = rng.random() < 0.1
        _leave(b, "Lena", at(7, 25, 4) + (12 * 60 if late else 0))
        _leave(b, "Anna", at(7, 45, 8))
        if wd != 2:  # Ben works from home on Wednesdays
            _leave(b, "Ben", at(8, 15, 12), door="back" if wd == 1 else "front")

    # -- the day -----------------------------------------------------------------
    home_day = weekend or wd == 2
    if wd in (2, 5) or (rng.random() < 0.12 and home_day):
        t = at(10, 30, 25)
        _appliance(
            b, "laundry", "binary_sensor.washing_machine", t, rng.uniform(95, 125)
        )
    if weekend:
        _noise(b, day, at(11, 0), at(17, 0))
        if wd == 5:
            # Lena goes out on Saturday evening.
            _leave(b, "Lena", at(19, 0, 20))
            _arrive(b, "Lena", at(23, 30, 30), evening=True)
        if wd == 6 and index % 14 == 6:
            _visitors(b, at(15, 0, 20), rng.uniform(120, 160))
    elif wd == 2:
        _noise(b, day, at(9, 0), at(16, 0))
    if wd == 4 and index % 14 == 11:
        # Friends for dinner on a Friday evening.
        _visitors(b, at(19, 30, 10), rng.uniform(180, 220))

    # -- coming home ----------------------------------------------------------------
    if not weekend:
        extra = 45 if wd in (1, 3) else 0  # Lena's sports
        _arrive(b, "Lena", at(15, 30 + extra, 20), evening=False)
        late_anna = 90 if rng.random() < 0.1 else 0
        _arrive(b, "Anna", at(17, 20 + late_anna, 20), evening=True)
        if wd != 2:
            late_ben = 75 if rng.random() < 0.15 else 0
            _arrive(b, "Ben", at(18, 10 + late_ben, 20), evening=True)
        _noise(b, day, at(16, 0), at(18, 0))

    # -- dinner, dishes, TV -----------------------------------------------------------
    cook = "Ben" if (not weekend and wd in (0, 2, 4)) else "Anna"
    dinner_at = at(18, 35, 12) if not weekend else at(18, 10, 20)
    _dinner(b, cook, dinner_at, rng.uniform(30, 55))
    if index % 2 == 0:
        _appliance(
            b,
            "dishwasher",
            "binary_sensor.dishwasher",
            at(20, 15, 15),
            rng.uniform(110, 140),
        )
    if not (wd == 4 and index % 14 == 11):
        _tv(b, at(20, 30, 15), rng.uniform(80, 130))

    # -- going to bed ---------------------------------------------------------------
    late_night = wd in (4, 5)
    bed = {
        "Anna": at(22, 50 + (30 if late_night else 0), 20),
        "Ben": at(23, 15 + (30 if late_night else 0), 25),
        "Lena": at(22, 0 + (110 if late_night else 0), 15),
    }
    if wd == 5:
        bed["Lena"] = max(bed["Lena"], at(23, 50, 10))
    for person in PEOPLE:
        _bedtime(b, person, bed[person])

    # -- the night that follows ------------------------------------------------------
    tomorrow = day + timedelta(days=1)
    if _weekend_away(tomorrow, first, days) and tomorrow.weekday() == 6:
        return
    visited = False
    for person, chance in (("Anna", 0.25), ("Ben", 0.2), ("Lena", 0.05)):
        if rng.random() < chance:
            visited = True
            _night_visit(b, person, at_local(tomorrow, 1, rng.uniform(30, 270)))
    if index == days - 1 and not visited:
        # The questions ask about the last night: something happens in it.
        _night_visit(b, "Ben", at_local(tomorrow, 3, rng.uniform(0, 60)))


def generate(
    days: int = DAYS,
    seed: int = SEED,
    first_day: date = FIRST_DAY,
    variant: Variant = FAMILY,
) -> Household:
    """The household's changes and activities over `days` days, deterministic.

    The last day ends at 07:00 local of day `days` (the morning the
    questions are asked): the changes stop before. A variant without some
    sensors lives the same days; their changes are not there (and an
    activity only they made up is no question).
    """
    b = _Builder(random.Random(seed), variant.shift_min)
    for index in range(days):
        _one_day(b, first_day, index, days)
    b.motion_pulses()
    end = at_local(first_day + timedelta(days=days), 7, 0)
    present = {e.entity_id for e in entities_of(variant)}
    changes = _consistent(
        sorted(c for c in b.changes if c.at < end and c.entity_id in present)
    )
    kept = {(c.entity_id, c.at) for c in changes}
    activities = []
    for activity in b.activities:
        activity.keys = [key for key in activity.keys if key in kept]
        if activity.keys and activity.end < end:
            activities.append(activity)
    activities.sort(key=lambda a: a.start)
    return Household(first_day, days, seed, changes, activities, variant)


def _consistent(changes: list[Change]) -> list[Change]:
    """Drop changes that set an entity to the state it already has, and
    ties at the same second (two people switching the same light)."""
    state = {e.entity_id: e.initial for e in ENTITIES}
    last: dict[str, float] = {}
    kept = []
    for change in sorted(changes, key=lambda c: (c.at, c.entity_id)):
        if state[change.entity_id] == change.state:
            continue
        if change.at - last.get(change.entity_id, float("-inf")) < 1.0:
            continue
        state[change.entity_id] = change.state
        last[change.entity_id] = change.at
        kept.append(change)
    return kept
