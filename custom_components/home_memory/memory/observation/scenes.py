"""What people did, from what sensors did: a segment's events as told items.

Arrivals, doors, beds and seats, busy rooms and everything else become `Told`
items, each with the time and duration of its own events, so every number a
memory states is true of what it tells (faithfulness.py checks it).

In more words: docs/engine.md, "`memory/observation/scenes.py`".
"""

from __future__ import annotations

from dataclasses import dataclass
import re
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from collections.abc import Collection
    from datetime import tzinfo

from .event_buffer import is_activity_sensor
from .phrases import Phrases, keywords, names_one_of
from .segmentation import (
    DEFAULT_RULES,
    Activity,
    Presence,
    SegmentationRules,
    compress,
    is_night,
    local_time,
    presence_change,
    time_of_day,
    worth_remembering,
)
from .verbs import (
    NUMERIC_DOMAINS,
    state_words,
    told_being,
    told_by_person,
    told_change,
    told_churn,
)

if TYPE_CHECKING:
    from collections.abc import Sequence
    import random

    from .before import Before
    from .event_buffer import ObservedEvent
    from .segmentation import Segment

# Mats and seats report occupancy (or presence, or nothing more specific).
_MAT_CLASSES: Final = frozenset({"occupancy", "presence", None})
_CONTACT_CLASSES: Final = frozenset({"door", "opening", "garage_door"})
# Changes of one room closer than this are one stretch of activity.
PLACE_GAP_S: Final = 10 * 60
# A stretch at least this long is "busy in the kitchen for ..."; shorter is
# someone being there.
BUSY_MIN_S: Final = 2 * 60
# Out of bed for at most this long at night is being up at night.
UP_AT_NIGHT_S: Final = 60 * 60
# Local hours (start inclusive, end exclusive, minutes as fractions) when a
# stretch in the kitchen is probably a meal being made, and which.
MEAL_HOURS: Final = (
    ("breakfast", 5.0, 10.5),
    ("lunch", 11.5, 14.0),
    ("dinner", 17.0, 21.0),
)
# A kitchen stretch this long (or using two things) at a mealtime is a meal.
MEAL_MIN_S: Final = 5 * 60
# A bathroom visit without a bed mat is "up at night" only in these local
# hours (after midnight, before the day): at 22:30 people are not yet in bed.
SMALL_HOURS: Final = (0, 5)
# Getting out of bed in these local hours is waking up for the day.
WAKE_HOURS: Final = (4, 12)
# An arrival says how long the person was away when it was at least this.
AWAY_SAID_S: Final = 10 * 60
# Away at least this long (a night and most of a day) across a weekend's
# days is "away over the weekend"; an evening out is not.
WEEKEND_AWAY_S: Final = 20 * 60 * 60
# An outside door opening after this long without any change at home (the
# door itself the last thing that changed) says nobody seems to have been home.
EMPTY_SAID_S: Final = 3 * 60 * 60
# The first change of a morning (WAKE_HOURS) after at least this long without
# any is someone up for the day (a night's sleep moves no door for hours).
DAY_START_QUIET_S: Final = 3 * 60 * 60
# People arriving together, and a door with them.
TOGETHER_S: Final = 5 * 60
DOOR_WITH_PERSON_S: Final = 10 * 60
_GOING: Final = {True: "door:departure", False: "door:arrival+departure"}  # unseen
NIGHT_UP, NIGHT_BATHROOM = "up_at_night:night_up", "bathroom:night_up"  # moments


class Rank:
    """Which item leads a memory: the lowest rank, then the earliest."""

    SIGNIFICANT = 0
    PRESENCE = 1
    BED = 2
    DOOR = 3
    OTHER = 4
    PLACE = 5


@dataclass(slots=True)
class Told:
    """One thing a memory tells, with the times it is about."""

    rank: int
    at: float
    until: float
    text: str
    entities: frozenset[str]
    importance: float
    # The events it was told from (what the faithfulness check reads).
    seqs: tuple[int, ...] = ()
    kind: str = "other"
    # How the left-out sentence names it ("the kitchen", "Anna").
    label: str = ""
    # Changes before the segment that it states something about (since when
    # someone was away): kept with the memory's provenance too.
    earlier: tuple[ObservedEvent, ...] = ()


def _is_mat(event: ObservedEvent | Activity, kind: str) -> bool:
    return (
        event.domain == "binary_sensor"
        and event.device_class in _MAT_CLASSES
        and names_one_of(kind, event.name)
    )


def seat_owner(
    domain: str, device_class: str | None, name: str, people: Collection[str]
) -> str | None:
    """The person a bed or seat mat belongs to, when its name says so
    ("Anna's Bed Occupancy", "Annas Bett", "Bed Anna"): their being in bed
    or getting up is about them. None for anything else, or two names."""
    if domain != "binary_sensor" or device_class not in _MAT_CLASSES:
        return None
    if not (names_one_of("bed", name) or names_one_of("seat", name)):
        return None
    words = {word.casefold() for word in re.findall(r"[\w-]+", name)}
    # Two person entities of one name (onboarding's and one configured)
    # are one person the mat names.
    owners = {
        person
        for person in people
        if (folded := person.casefold()) in words or f"{folded}s" in words
    }
    return owners.pop() if len(owners) == 1 else None


def meal_of(place: str, at: float, tz: tzinfo) -> str | None:
    """The meal a stretch in the kitchen at `at` is probably for, if any."""
    if not names_one_of("kitchen", place):
        return None
    local = local_time(at, tz)
    hour = local.hour + local.minute / 60
    return next((meal for meal, a, b in MEAL_HOURS if a <= hour < b), None)


def _is_outside_door(event: ObservedEvent | Activity) -> bool:
    return (
        event.domain == "binary_sensor"
        and event.device_class in _CONTACT_CLASSES
        and names_one_of("exterior_door", event.name)
    )


def _is_room_sensor(event: ObservedEvent) -> bool:
    return (
        is_activity_sensor(event.domain, event.device_class)
        and not _is_mat(event, "bed")
        and not _is_mat(event, "seat")
    )


def _is_small_contact(event: ObservedEvent) -> bool:
    return (
        event.domain == "binary_sensor"
        and event.device_class in _CONTACT_CLASSES
        and event.area is not None
        and not _is_outside_door(event)
    )


def place_of(name: str) -> str:
    """A room sensor without an area: its name less the sensor words."""
    sensor_words = set(keywords()["sensor_words"])
    words = [word for word in name.split() if word.casefold() not in sensor_words]
    return " ".join(words) or name


def noun(name: str, people: Collection[str] = ()) -> str:
    """A friendly name inside a sentence: "Kitchen Light" -> "kitchen light".

    Acronyms ("TV") and people's names keep their capitals.
    """
    words = []
    for word in name.split():
        keep = word.isupper() or any(word.startswith(person) for person in people)
        words.append(word if keep or not word[:1].isupper() else word.lower())
    return " ".join(words)


class _Teller:
    """Tells one segment's items in one language."""

    def __init__(
        self,
        phrases: Phrases,
        tz: tzinfo,
        rng: random.Random,
        people: Collection[str],
        rules: SegmentationRules,
    ) -> None:
        self.p = phrases
        self.tz = tz
        self.rng = rng
        self.people = people
        self.rules = rules

    def clock(self, at: float) -> str:
        local = local_time(at, self.tz)
        return self.p.clock(local.hour, local.minute, local.second)

    def at(self, at: float) -> str:
        return str(self.p["at_time"]).format(clock=self.clock(at))

    def since(self, at: float) -> str:
        return str(self.p["from_time"]).format(clock=self.clock(at))

    def since_when(self, since: float, now: float) -> str:
        """ "Saturday morning around half past nine" (the day only when it is
        another than `now`'s)."""
        local, then = local_time(now, self.tz), local_time(since, self.tz)
        clock = self.at(since)
        if local.date() == then.date():
            return clock
        return str(self.p["since_day"]).format(
            weekday=self.p["weekdays"][then.weekday()],
            part=self.p["parts"][str(time_of_day(then))],
            time=clock,
        )

    def over_weekend(self, start: float, end: float) -> str:
        """ " over the weekend" for an absence of at least WEEKEND_AWAY_S
        from a Friday, Saturday or Sunday to the Saturday, Sunday or Monday
        after (nights away, at most three), else nothing."""
        first, last = local_time(start, self.tz), local_time(end, self.tz)
        nights = (last.date() - first.date()).days
        weekend = first.weekday() >= 4 and last.weekday() in {5, 6, 0}
        if weekend and end - start >= WEEKEND_AWAY_S and 1 <= nights <= 3:
            return str(self.p["over_weekend"])
        return ""

    def until(self, at: float) -> str:
        return str(self.p["until_time"]).format(clock=self.clock(at))

    def noun(self, name: str) -> str:
        """A name inside a sentence (English lowers it; German keeps it)."""
        return noun(name, self.people) if self.p.language == "en" else name

    def the(self, name: str) -> str:
        return str(self.p["the"]).format(name=self.noun(name))

    # -- people coming and going -------------------------------------------

    def presence(
        self,
        events: list[ObservedEvent],
        doors: list[ObservedEvent],
        before: Before | None = None,
    ) -> tuple[list[Told], set[str]]:
        """Arrivals and departures, people together within a few minutes.

        An outside door that moved near one of them is the way they came or
        went; the door's entity ids come back so it is not told again. An
        arrival says how long they were away, from when each one's previous
        state began (`before`, or their departure earlier in the segment).
        """
        items: list[Told] = []
        used_doors: set[str] = set()
        groups: list[list[ObservedEvent]] = []
        for event in events:
            last = groups[-1] if groups else None
            if (
                last is not None
                and presence_change(last[0]) is presence_change(event)
                and event.at - last[0].at <= TOGETHER_S
            ):
                last.append(event)
            else:
                groups.append([event])
        for group in groups:
            first = group[0]
            arrived = presence_change(first) is Presence.ARRIVED
            names = list(dict.fromkeys(event.name for event in group))
            who, plural = self.p.join(names), len(names) > 1
            near = [d for d in doors if abs(d.at - first.at) <= DOOR_WITH_PERSON_S]
            door_ids = {d.entity_id for d in near}
            said = {"who": who, "time": self.at(first.at)}
            if len(door_ids) == 1:
                used_doors |= door_ids
                key = "arrived_door" if arrived else "left_door"
                said["door"] = self.the(near[0].name)
                seqs = tuple(e.seq for e in (*group, *near))
            else:
                key = "arrived" if arrived else "left"
                seqs = tuple(e.seq for e in group)
            text = self.p.scene(key, self.rng, plural=plural, **said)
            since = self._away_since(group, events, before) if arrived else None
            if since is not None:
                away = "away_since_plural" if plural else "away_since"
                text += str(self.p.table.get(away, self.p["away_since"])).format(
                    over=self.over_weekend(since.at, first.at),
                    duration=self.p.duration(first.at - since.at),
                    since=self.since_when(since.at, first.at),
                )
                seqs = (since.seq, *seqs)
            earlier = (since,) if since is not None and since not in events else ()
            items.append(
                Told(
                    Rank.PRESENCE,
                    first.at,
                    group[-1].at,
                    text,
                    frozenset({e.entity_id for e in group} | door_ids),
                    max(e.importance for e in group),
                    seqs,
                    "arrival" if arrived else "departure",
                    who,
                    earlier,
                )
            )
        return items, used_doors

    @staticmethod
    def _away_since(
        group: list[ObservedEvent],
        events: list[ObservedEvent],
        before: Before | None,
    ) -> ObservedEvent | None:
        """The change since which everyone arriving in `group` was away: the
        latest of those that began their state before arriving, when every
        one is known."""
        starts = []
        for arrival in group:
            earlier = [
                e
                for e in events
                if e.entity_id == arrival.entity_id and e.at < arrival.at
            ]
            start = (
                earlier[-1]
                if earlier
                else None
                if before is None
                else before.people.get(arrival.entity_id)
            )
            if start is None or start.new_state != arrival.old_state:
                return None
            starts.append(start)
        since = max(starts, key=lambda e: e.at, default=None)
        if since is None or group[0].at - since.at < AWAY_SAID_S:
            return None
        return since

    def door(
        self,
        events: list[ObservedEvent],
        *,
        quiet_after: bool = False,
        empty_since: ObservedEvent | None = None,
        visitor: bool = False,
        untracked: bool = False,
    ) -> Told:
        """An outside door on its own: someone may have come or gone; with
        nothing after it but quiet (`quiet_after`), someone probably left the
        house; after a home in which nothing changed since this door closed
        (`empty_since`), nobody seems to have been home until then; opened and
        closed once while someone was at home and nobody of the household
        (whose comings and goings are seen) came or went (`visitor`), probably
        a visitor; with comings unseen (`untracked`), kind: what it may be."""
        first = events[0]
        opens = [e for e in events if e.new_state in {"on", "open"}]
        door = self.the(events[-1].name)
        out = "_out" if quiet_after else ""
        text_key = ""
        if len(opens) >= 2:
            text = self.p.scene(
                f"door_many{out}",
                self.rng,
                door=door,
                count=self.p.times(len(opens)),
                time_from=self.since(opens[0].at),
            )
        elif events[-1].new_state in {"on", "open"}:
            start = opens[0] if opens else first
            text = self.p.scene(
                "door_open", self.rng, door=door, time=self.at(start.at)
            )
        else:
            start = opens[0] if opens else first
            visitor_key = "_visitor" if visitor and not out else ""
            text_key = f"door_once{out}{visitor_key}"
            text = self.p.scene(text_key, self.rng, door=door, time=self.at(start.at))
        seqs = tuple(e.seq for e in events)
        kind = "door:visitor" if "_visitor" in text_key else "door"
        if untracked:  # moments.<language>.json's kinds, "+" between them
            kind = "door:arrival" if empty_since else _GOING[bool(out)]
        if empty_since is not None:  # a night and more: everyone was away
            away = first.at - empty_since.at >= WEEKEND_AWAY_S
            text += str(self.p["empty_since_away" if away else "empty_since"]).format(
                duration=self.p.duration(first.at - empty_since.at),
                since=self.since_when(empty_since.at, first.at),
                over=self.over_weekend(empty_since.at, first.at),
            )
            seqs = (empty_since.seq, *seqs)
        return Told(
            Rank.DOOR,
            first.at,
            events[-1].at,
            text,
            frozenset({first.entity_id}),
            max(0.4, *(e.importance for e in events)),
            seqs,
            kind,
            door,
            () if empty_since is None else (empty_since,),
        )

    def day_started(self, first: ObservedEvent) -> Told:
        """The first change of a morning after hours in which nothing changed
        (no bed mat to tell it): someone was probably up for the day."""
        return Told(
            Rank.BED,
            first.at,
            first.at,
            self.p.scene("day_started", self.rng, time=self.at(first.at)),
            frozenset({first.entity_id}),
            0.4,
            (first.seq,),
            "got_up:morning",
            str(self.p["someone"]),
        )

    # -- beds and seats ------------------------------------------------------

    def who(self, event: ObservedEvent) -> str:
        """The person a bed or seat is about, else "someone"."""
        return event.person or str(self.p["someone"])

    def _moment(
        self, event: ObservedEvent, scene: str, rank: int, importance: float, kind: str
    ) -> Told:
        """One change told as a moment of someone's day ("went to bed around ...")."""
        text = self.p.scene(
            scene, self.rng, who=self.who(event), time=self.at(event.at)
        )
        return Told(
            rank,
            event.at,
            event.at,
            text,
            frozenset({event.entity_id}),
            importance,
            (event.seq,),
            kind,
            self.the(event.name),
        )

    def bed(self, events: list[ObservedEvent], bathroom: list[Told]) -> list[Told]:
        """Going to bed, getting up, being up at night, from a bed mat."""
        items: list[Told] = []
        entity = frozenset({events[0].entity_id})
        index = 0
        while index < len(events):
            event = events[index]
            someone = self.who(event)
            if event.new_state == "on":
                items.append(self._moment(event, "to_bed", Rank.BED, 0.35, "bed"))
                index += 1
                continue
            back = events[index + 1] if index + 1 < len(events) else None
            night = is_night(local_time(event.at, self.tz))
            if (
                back is not None
                and back.new_state == "on"
                and back.at - event.at <= UP_AT_NIGHT_S
                and night
            ):
                away = back.at - event.at
                visit = next(
                    (b for b in bathroom if event.at - 60 <= b.at <= back.at + 60), None
                )
                key = "up_at_night" if visit is None else "up_at_night_bathroom"
                text = self.p.scene(
                    key,
                    self.rng,
                    who=someone,
                    time=self.at(event.at),
                    duration=self.p.duration(away),
                )
                entities = entity | (visit.entities if visit else frozenset())
                if visit is not None:
                    bathroom.remove(visit)
                items.append(
                    Told(
                        Rank.BED,
                        event.at,
                        back.at,
                        text,
                        entities,
                        0.4,
                        (event.seq, back.seq, *(visit.seqs if visit else ())),
                        NIGHT_UP,
                        self.the(event.name),
                    )
                )
                index += 2
                continue
            first, last = WAKE_HOURS
            morning = first <= local_time(event.at, self.tz).hour < last
            key = "got_up_morning" if morning else "got_up"
            # The morning's getting up is what "when did Anna get up" asks
            # (narration's asked words); one at three in the night is not.
            kind = "got_up:morning" if morning else "got_up"
            items.append(self._moment(event, key, Rank.BED, 0.35, kind))
            index += 1
        return items

    def seat(self, events: list[ObservedEvent]) -> list[Told]:
        """Sitting on the couch or a chair, from its mat."""
        items: list[Told] = []
        seat = self.the(place_of(events[-1].name))
        entity = frozenset({events[0].entity_id})
        index = 0
        while index < len(events):
            event = events[index]
            someone = self.who(event)
            after = events[index + 1] if index + 1 < len(events) else None
            if (
                event.new_state == "on"
                and after is not None
                and after.new_state != "on"
            ):
                text = self.p.scene(
                    "seat",
                    self.rng,
                    who=someone,
                    seat=seat,
                    duration=self.p.duration(after.at - event.at),
                    time_from=self.since(event.at),
                )
                items.append(
                    Told(
                        Rank.OTHER,
                        event.at,
                        after.at,
                        text,
                        entity,
                        0.3,
                        (event.seq, after.seq),
                        "seat",
                        self.the(event.name),
                    )
                )
                index += 2
                continue
            key = "seat_down" if event.new_state == "on" else "seat_up"
            text = self.p.scene(
                key, self.rng, who=someone, seat=seat, time=self.at(event.at)
            )
            items.append(
                Told(
                    Rank.OTHER,
                    event.at,
                    event.at,
                    text,
                    entity,
                    0.3,
                    (event.seq,),
                    "seat",
                    self.the(event.name),
                )
            )
            index += 1
        return items

    # -- rooms ---------------------------------------------------------------

    def places(self, events: list[ObservedEvent], until: float) -> list[Told]:
        """A room's motion, occupancy and small contacts as stretches of
        activity; `until`: the segment's last change (a sensor still seeing
        someone then was seeing them all along)."""
        by_place: dict[str, list[ObservedEvent]] = {}
        for event in events:
            by_place.setdefault(event.area or place_of(event.name), []).append(event)
        items: list[Told] = []
        someone = str(self.p["someone"])
        for place, place_events in by_place.items():
            spans = _stretches(place_events, until)
            for span, end in spans:
                start = span[0].at
                things = list(
                    dict.fromkeys(
                        self.the(e.name) for e in span if _is_small_contact(e)
                    )
                )
                where = self.noun(place)
                first, last = SMALL_HOURS
                small_hours = first <= local_time(start, self.tz).hour < last
                if (
                    small_hours
                    and names_one_of("bathroom", place)
                    and end - start < 1800
                ):
                    text = self.p.scene(
                        "bathroom_night", self.rng, who=someone, time=self.at(start)
                    )
                    kind = NIGHT_BATHROOM
                elif end - start >= BUSY_MIN_S and not any(
                    is_activity_sensor(e.domain, e.device_class) for e in span
                ):
                    # Contacts alone (no sensor saw anyone between them): when
                    # they were used, not a length no one change bears out.
                    text = self.p.scene(
                        "used_from_until",
                        self.rng,
                        who=someone,
                        place=where,
                        things=self.p.join(things),
                        time_from=self.since(start),
                        time_until=self.until(end),
                    )
                    kind = "busy"
                elif end - start >= BUSY_MIN_S:
                    key = "busy_using" if things else "busy"
                    text = self.p.scene(
                        key,
                        self.rng,
                        who=someone,
                        place=where,
                        duration=self.p.duration(end - start),
                        time_from=self.since(start),
                        things=self.p.join(things),
                    )
                    kind = "busy"
                else:
                    key = "passed_using" if things else "passed"
                    text = self.p.scene(
                        key,
                        self.rng,
                        who=someone,
                        place=where,
                        time=self.at(start),
                        things=self.p.join(things),
                    )
                    kind = "place"
                meal = meal_of(place, start, self.tz)
                if (
                    meal
                    and kind != NIGHT_BATHROOM
                    and (end - start >= MEAL_MIN_S or len(things) >= 2)
                ):
                    # Said as a likelihood: the sensors show the kitchen in
                    # use at a mealtime, not what was eaten.
                    text += str(self.p["meal_hint"]).format(meal=self.p["meals"][meal])
                    kind = f"meal:{meal}"
                items.append(
                    Told(
                        Rank.PLACE,
                        start,
                        end,
                        text,
                        frozenset(e.entity_id for e in span),
                        0.25,
                        tuple(e.seq for e in span),
                        kind,
                        self.the(place),
                    )
                )
        return items

    # -- everything else -----------------------------------------------------

    def other(self, activity: Activity) -> Told:
        """An entity's changes by its verb table, with its own time."""
        subject = self.the(activity.name)
        clause, tail = _told(activity, subject, self.p, self.rng)
        if activity.people:
            who = self.p.join(list(activity.people))
            active = (
                told_by_person(
                    activity.domain, activity.device_class, activity.last_to, subject
                )
                if activity.changes == 1 and self.p.language == "en"
                else None
            )
            clause = (
                f"{who} {active}"
                if active
                else f"{clause.rstrip(',')} ({who}){',' * clause.endswith(',')}"
            )
        timed = (
            self.since(activity.first_at)
            if activity.last_at - activity.first_at >= 60 and activity.changes > 1
            else self.at(activity.first_at)
        )
        rank = (
            Rank.SIGNIFICANT
            if activity.importance > self.rules.significant_importance
            else Rank.OTHER
        )
        return Told(
            rank,
            activity.first_at,
            activity.last_at,
            f"{clause}{self.p['time_sep']}{timed}{tail}",
            frozenset({activity.entity_id}),
            activity.importance,
            activity.seqs,
            "significant" if rank == Rank.SIGNIFICANT else "other",
            subject,
        )


def _stretches(
    events: list[ObservedEvent], until: float
) -> list[tuple[list[ObservedEvent], float]]:
    """A room's events as stretches of activity: a sensor's "on" to its next
    "off" is one interval (it saw someone all along), a contact a moment;
    intervals less than PLACE_GAP_S apart are one stretch. A sensor still on
    at the segment's end (`until`: a break, such as an arrival, closed it
    while its pulses went on) saw someone until then at least."""
    intervals: list[tuple[float, float, list[ObservedEvent]]] = []
    opened: dict[str, ObservedEvent] = {}
    for event in events:
        if not is_activity_sensor(event.domain, event.device_class):
            intervals.append((event.at, event.at, [event]))
        elif event.new_state == "on":
            if (earlier := opened.pop(event.entity_id, None)) is not None:
                intervals.append((earlier.at, earlier.at, [earlier]))
            opened[event.entity_id] = event
        elif (began := opened.pop(event.entity_id, None)) is not None:
            intervals.append((began.at, event.at, [began, event]))
        else:
            intervals.append((event.at, event.at, [event]))
    intervals += [(e.at, max(e.at, until), [e]) for e in opened.values()]
    intervals.sort(key=lambda interval: (interval[0], interval[1]))
    stretches: list[tuple[list[ObservedEvent], float]] = []
    for start, end, members in intervals:
        if stretches and start - stretches[-1][1] <= PLACE_GAP_S:
            stretches[-1] = (stretches[-1][0] + members, max(stretches[-1][1], end))
        else:
            stretches.append((list(members), end))
    return [
        (sorted(stretch, key=lambda e: (e.at, e.seq)), end)
        for stretch, end in stretches
    ]


def _cycles(changes: int, visited: int, p: Phrases) -> str:
    """How often something went back and forth, true to its changes."""
    if visited == 2 and changes % 2 == 0:
        return p.times(changes // 2)
    return str(p["few_times"] if changes < 8 else p["many_times"])


def _fallback(p: Phrases, subject: str, old: str | None, new: str) -> str:
    if old is None:
        return str(p["verbs_fallback_new"]).format(
            subject=subject, new=state_words(new)
        )
    return str(p["verbs_fallback"]).format(
        subject=subject, old=state_words(old), new=state_words(new)
    )


def _change(
    activity: Activity, old: str | None, subject: str, p: Phrases, rng: random.Random
) -> str:
    new = activity.last_to
    if p.language == "en":
        words = told_change(
            activity.domain, activity.device_class, old, new, subject, rng
        )
    else:
        words = _local_change(p, activity, subject)
    return words if words is not None else _fallback(p, subject, old, new)


def _local_change(p: Phrases, activity: Activity, subject: str) -> str | None:
    """A change in a language other than English: its file's verbs, if any."""
    verbs: dict[str, dict[str, str]] = p.table.get("verbs", {})
    for key in (f"{activity.domain}.{activity.device_class}", activity.domain):
        if (table := verbs.get(key)) and (words := table.get(activity.last_to)):
            return words.format(subject=subject, new=state_words(activity.last_to))
    return None


def _being(
    p: Phrases, domain: str, device_class: str | None, state: str, subject: str
) -> str | None:
    """How a thing was in `state` ("on", "an"): English from verbs.py, other
    languages from their phrase file's "being"; None when no words fit."""
    if p.language == "en":
        return told_being(domain, device_class, state, subject)
    table: dict[str, dict[str, str]] = p.table.get("being", {})
    for key in (f"{domain}.{device_class}", domain):
        if (states := table.get(key)) and (words := states.get(state)):
            return words
    return None


def _told(  # noqa: PLR0911 - one return per way of telling it
    activity: Activity, subject: str, p: Phrases, rng: random.Random
) -> tuple[str, str]:
    """What happened to an entity, true to its states; (clause, tail)."""
    domain, cls, new = activity.domain, activity.device_class, activity.last_to
    count = activity.changes
    english = p.language == "en"
    if count == 1:
        return _change(activity, activity.first_from, subject, p, rng), ""
    if (
        not activity.is_churn()
        and activity.first_from == new
        and len(activity.states) == 2
        and (being := _being(p, domain, cls, activity.states[0], subject))
    ):
        # On and off again (or open and closed): how long it was so.
        lasted = p.duration(activity.last_at - activity.first_at)
        if english:
            return f"{subject} was {being} {lasted},", ""
        return str(p["was_being"]).format(
            subject=subject, duration=lasted, being=being
        ), ""
    if english and not activity.is_churn():
        before = activity.states[-2] if len(activity.states) > 1 else None
        return _change(activity, before or activity.first_from, subject, p, rng), ""
    visited = {*activity.states}
    if activity.first_from is not None:
        visited.add(activity.first_from)
    if english and (words := told_churn(domain, cls, visited, subject)) is not None:
        left = told_being(domain, cls, new, subject)
        return (
            f"{words} {_cycles(count, len(visited), p)},",
            "" if left is None else f", and was left {left}",
        )
    if domain in NUMERIC_DOMAINS and (
        words := told_change(domain, cls, activity.first_from, new, subject, rng)
    ):
        return words, ""
    if english and (being := told_being(domain, cls, new, subject)) is not None:
        return f"{subject} changed {p.times(count)} and ended up {being},", ""
    if not english:
        return str(p["changed_times"]).format(subject=subject, count=p.times(count)), ""
    return _fallback(p, subject, activity.first_from, new), ""


def told_items(
    events: Sequence[ObservedEvent],
    *,
    phrases: Phrases,
    tz: tzinfo,
    rng: random.Random,
    people: Collection[str],
    rules: SegmentationRules = DEFAULT_RULES,
    quiet_after: bool = False,
    before: Before | None = None,
) -> list[Told]:
    """Everything a segment's memory can tell, by kind; not yet ordered.

    `quiet_after`: the segment closed because nothing followed for a while
    (an outside door that was its last change was probably someone leaving).
    `before`: what happened before the segment (before.py)."""
    teller = _Teller(phrases, tz, rng, people, rules)
    presence = [e for e in events if presence_change(e) is not None]
    rest = [e for e in events if presence_change(e) is None]
    significant = [e for e in rest if e.importance > rules.significant_importance]
    significant_ids = {e.entity_id for e in significant}
    doors = [
        e for e in rest if _is_outside_door(e) and e.entity_id not in significant_ids
    ]
    items, used_doors = teller.presence(presence, doors, before)
    by_door: dict[str, list[ObservedEvent]] = {}
    for event in doors:
        if event.entity_id not in used_doors:
            by_door.setdefault(event.entity_id, []).append(event)
    last_other = max(
        (e.at for e in events if not _is_outside_door(e) and e.domain != "lock"),
        default=float("-inf"),
    )
    empty = _empty_since(events, before)
    items += [
        teller.door(
            door_events,
            quiet_after=quiet_after and door_events[-1].at > last_other,
            empty_since=empty if door_events[0] is events[0] else None,
            visitor=_visitor_likely(door_events, presence, before),
            untracked=not presence and (before is None or not before.tracked),
        )
        for door_events in by_door.values()
    ]
    door_ids = {e.entity_id for e in doors}
    beds: dict[str, list[ObservedEvent]] = {}
    seats: dict[str, list[ObservedEvent]] = {}
    room: list[ObservedEvent] = []
    left: list[ObservedEvent] = []
    for event in rest:
        if event.entity_id in door_ids or event.entity_id in significant_ids:
            if event.entity_id in significant_ids:
                left.append(event)
            continue
        if _is_mat(event, "bed"):
            beds.setdefault(event.entity_id, []).append(event)
        elif _is_mat(event, "seat"):
            seats.setdefault(event.entity_id, []).append(event)
        elif _is_room_sensor(event) or _is_small_contact(event):
            room.append(event)
        else:
            left.append(event)
    places = teller.places(room, max((e.at for e in events), default=0.0))
    bathroom = [item for item in places if item.kind == NIGHT_BATHROOM]
    for bed_events in beds.values():
        items += teller.bed(bed_events, bathroom)
    if not beds and (first := _day_start(events, before, tz)) is not None:
        items.append(teller.day_started(first))
    for seat_events in seats.values():
        items += teller.seat(seat_events)
    items += [i for i in places if i.kind != NIGHT_BATHROOM or i in bathroom]
    items += [teller.other(activity) for activity in compress(left, rules)]
    return items


def _visitor_likely(
    door: Sequence[ObservedEvent],
    presence: Sequence[ObservedEvent],
    before: Before | None,
) -> bool:
    """An outside door opened and closed in a home that sees its people come
    and go, someone of them at home, and none of them coming or going within
    DOOR_WITH_PERSON_S: probably a visitor let in (or a delivery)."""
    if before is None or not before.tracked or not before.at_home:
        return False
    return not any(
        abs(e.at - d.at) <= DOOR_WITH_PERSON_S for e in presence for d in door
    )


def _empty_since(
    events: Sequence[ObservedEvent], before: Before | None
) -> ObservedEvent | None:
    """When the home's last change before `events` was an outside door
    closing, at least EMPTY_SAID_S before the segment's first change (itself
    an outside door, with no person entity arriving), the time it closed:
    nothing at all changed at home in between."""
    if before is None or before.last is None or not events:
        return None
    last, first = before.last, events[0]
    if not (_is_outside_door(last) and _is_outside_door(first)):
        return None
    if last.new_state in {"on", "open"} or first.new_state not in {"on", "open"}:
        return None
    if any(presence_change(e) is not None for e in events):
        return None
    return last if first.at - last.at >= EMPTY_SAID_S else None


def _day_start(
    events: Sequence[ObservedEvent], before: Before | None, tz: tzinfo
) -> ObservedEvent | None:
    """The segment's first change when it starts a morning: in WAKE_HOURS,
    inside the home (a room's sensor or contact, not an outside door or a
    person), after DAY_START_QUIET_S without any change; else None."""
    if before is None or before.last is None or not events:
        return None
    first = events[0]
    if first.at - before.last.at < DAY_START_QUIET_S:
        return None
    if not (_is_room_sensor(first) or _is_small_contact(first)):
        return None
    hour = local_time(first.at, tz).hour
    return first if WAKE_HOURS[0] <= hour < WAKE_HOURS[1] else None


def worth_telling(segment: Segment, rules: SegmentationRules = DEFAULT_RULES) -> bool:
    """Whether a segment becomes a memory: what `worth_remembering` keeps, and
    what people did even through one sensor: an outside door opening (someone
    may have come or gone), a bed or seat mat, a room busy for a while."""
    if worth_remembering(segment, rules):
        return True
    spans: dict[str, list[float]] = {}
    for event in segment.events:
        if _is_outside_door(event) or _is_mat(event, "bed") or _is_mat(event, "seat"):
            return True
        if is_activity_sensor(event.domain, event.device_class):
            spans.setdefault(event.entity_id, []).append(event.at)
    return any(max(times) - min(times) >= BUSY_MIN_S for times in spans.values())
