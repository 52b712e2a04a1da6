"""Questions a person in the household would ask, with their ground truth.

Made from the activity labels alone (home.py), never from what the memories
say. Each question is asked on the morning after the last simulated night
(`asked_at`), in the words a person uses: dates ("on Tuesday 24 February"),
nights ("on the night of the 27th"), weekdays ("on Friday evening"),
"yesterday", "last night", "last" ("When did Ben last come home?"). No
filter is built by hand: the text is all the search gets.

A returned memory answers a question when the events it was told from (its
provenance) include one of the labelled changes (`keys`), or, for "what
happened in <room> on <evening>" questions, any change in that room during
that evening (`window`).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from datetime import date, datetime, timedelta
import random
from typing import TYPE_CHECKING, Any, Final

from .home import TZ, at_local

if TYPE_CHECKING:
    from .home import Activity, Household

ASK_HOUR: Final = 7
ASK_MINUTE: Final = 30
_ORDINAL: Final = {1: "st", 2: "nd", 3: "rd", 21: "st", 22: "nd", 23: "rd", 31: "st"}


@dataclass(frozen=True, slots=True)
class Window:
    """Any change in `area` between start and end (unix seconds) answers."""

    area: str
    start: float
    end: float


@dataclass(frozen=True, slots=True)
class Question:
    """One question, who asks it, and what answers it."""

    text: str
    kind: str
    # The person asking ("I" in the text means them); None: the household.
    asked_by: str | None
    keys: frozenset[tuple[str, float]] = frozenset()
    window: Window | None = None
    # What the words were made of, for the German wording (german.py).
    template: str = ""
    who: str | None = None
    day: date | None = None


def asked_at(household: Household) -> float:
    """The morning after the last night: when every question is asked."""
    last = household.first_day + timedelta(days=household.days)
    return at_local(last, ASK_HOUR, ASK_MINUTE)


def day_words(day: date) -> str:
    """'Tuesday 24 February'."""
    return f"{day:%A} {day.day} {day:%B}"


def ordinal(n: int) -> str:
    """'27th', '1st', '22nd'."""
    return f"{n}{_ORDINAL.get(n, 'th')}"


def _local(at: float) -> datetime:
    return datetime.fromtimestamp(at, TZ)


def _night_of(at: float) -> date:
    """The evening a bedtime or night belongs to (before noon: the day before)."""
    local = _local(at)
    return (local - timedelta(hours=12)).date()


def night_words(night: date, today: date) -> str:
    """'the 27th' when that is the last 27th before today (as a person says
    it), else '4 February' (the 4th asked on 9 March is 4 March)."""
    latest = today - timedelta(days=1)
    while latest.day != night.day:
        latest -= timedelta(days=1)
    return f"the {ordinal(night.day)}" if latest == night else f"{night.day} {night:%B}"


def _keys(*activities: Activity) -> frozenset[tuple[str, float]]:
    return frozenset(key for activity in activities for key in activity.keys)


def questions(household: Household, seed: int = 7) -> list[Question]:  # noqa: PLR0912, PLR0915 - one list of kinds
    """Every question of the benchmark, in a fixed order (deterministic)."""
    rng = random.Random(seed)
    now = asked_at(household)
    today = _local(now).date()
    yesterday = today - timedelta(days=1)
    by_kind: dict[str, list[Activity]] = defaultdict(list)
    for activity in household.activities:
        by_kind[activity.kind].append(activity)
    asked: list[Question] = []

    def sample(items: list[Activity], n: int) -> list[Activity]:
        return sorted(rng.sample(items, min(n, len(items))), key=lambda a: a.start)

    def of(kind: str, person: str | None = None) -> list[Activity]:
        return [a for a in by_kind[kind] if person is None or a.person == person]

    def add(text: str, kind: str, asked_by: str, template: str, **kw: Any) -> None:
        asked.append(Question(text, kind, asked_by, template=template, **kw))

    def other(person: str) -> str:
        return "Ben" if person == "Anna" else "Anna"

    for person, n in (("Anna", 6), ("Ben", 6), ("Lena", 4)):
        for k, activity in enumerate(sample(of("leave", person), n)):
            day = _local(activity.start).date()
            mine = person == "Anna" and k % 2 == 0
            who = "I" if mine else person
            add(
                f"When did {who} leave the house on {day_words(day)}?",
                "leave",
                person if mine else "Ben",
                "leave",
                keys=_keys(activity),
                who=who,
                day=day,
            )
        for activity in sample(of("arrive", person), n):
            day = _local(activity.start).date()
            add(
                f"When did {person} come home on {day_words(day)}?",
                "arrive",
                "Anna",
                "arrive",
                keys=_keys(activity),
                who=person,
                day=day,
            )
        arrivals = of("arrive", person) + of("away_return", person)
        if arrivals:
            latest = max(arrivals, key=lambda a: a.start)
            add(
                f"When did {person} last come home?",
                "last_arrive",
                other(person),
                "last_arrive",
                keys=_keys(latest),
                who=person,
            )
    for person, n in (("Anna", 5), ("Ben", 5), ("Lena", 4)):
        for activity in sample(of("bedtime", person), n):
            night = _night_of(activity.start)
            add(
                f"What time did {person} go to bed on the night of "
                f"{night_words(night, today)}?",
                "bedtime",
                other(person),
                "bedtime",
                keys=_keys(activity),
                who=person,
                day=night,
            )
        for activity in sample(of("wake", person), n):
            day = _local(activity.start).date()
            when = "this morning" if day == today else f"on {day_words(day)}"
            add(
                f"When did {person} get up {when}?",
                "wake",
                other(person),
                "wake_today" if day == today else "wake",
                keys=_keys(activity),
                who=person,
                day=day,
            )
    nights: dict[date, list[Activity]] = defaultdict(list)
    for activity in of("night"):
        nights[_night_of(activity.start)].append(activity)
    if yesterday in nights:
        add(
            "Did anyone get up during the night?",
            "night",
            "Anna",
            "night_last",
            keys=_keys(*nights[yesterday]),
        )
    older = sorted(night for night in nights if night != yesterday)
    for night in sorted(rng.sample(older, min(5, len(older)))):
        add(
            f"Did anyone get up during the night of {night_words(night, today)}?",
            "night",
            "Anna",
            "night_of",
            keys=_keys(*nights[night]),
            day=night,
        )
    for person in ("Anna", "Ben"):
        visits = of("night", person)
        if visits:
            add(
                f"When did {person} last get up in the night?",
                "night",
                other(person),
                "night_person_last",
                keys=_keys(visits[-1]),
                who=person,
            )
    for activity in sample(of("breakfast"), 5):
        day = _local(activity.start).date()
        add(
            f"When did we have breakfast on {day_words(day)}?",
            "breakfast",
            "Ben",
            "breakfast",
            keys=_keys(activity),
            day=day,
        )
    for activity in sample(of("dinner"), 5):
        day = _local(activity.start).date()
        add(
            f"When did {activity.person} cook dinner on {day_words(day)}?",
            "dinner",
            "Lena",
            "dinner",
            keys=_keys(activity),
            who=activity.person,
            day=day,
        )
    laundry = of("laundry")
    if laundry:
        add(
            "When was the washing machine last used?",
            "appliance_last",
            "Anna",
            "washing_machine_last",
            keys=_keys(laundry[-1]),
        )
    for activity in sample(laundry[:-1], 3):
        day = _local(activity.start).date()
        add(
            f"Did we do the laundry on {day_words(day)}?",
            "laundry",
            "Ben",
            "laundry",
            keys=_keys(activity),
            day=day,
        )
    if of("dishwasher"):
        add(
            "When did the dishwasher last run?",
            "appliance_last",
            "Ben",
            "dishwasher_last",
            keys=_keys(of("dishwasher")[-1]),
        )
    for activity in sample(of("tv"), 4):
        day = _local(activity.start).date()
        when = "yesterday evening" if day == yesterday else f"on {day_words(day)}"
        add(
            f"When did we watch TV {when}?",
            "tv",
            "Lena",
            "tv_yesterday" if day == yesterday else "tv",
            keys=_keys(activity),
            day=day,
        )
    for back in range(1, min(7, household.days + 1)):
        day = today - timedelta(days=back)
        if back == 1:
            text = "What happened in the kitchen yesterday evening?"
        else:
            text = f"What happened in the kitchen on {day:%A} evening?"
        add(
            text,
            "room_evening",
            "Anna",
            "kitchen_yesterday" if back == 1 else "kitchen_evening",
            window=Window("Kitchen", at_local(day, 17, 0), at_local(day, 23, 0)),
            day=day,
        )
    visits = of("visitors")
    if visits:
        add(
            "When did we last have visitors?",
            "visitors",
            "Anna",
            "visitors_last",
            keys=_keys(visits[-1]),
        )
        for activity in visits[:-1]:
            day = _local(activity.start).date()
            add(
                f"Did anyone visit us on {day_words(day)}?",
                "visitors",
                "Ben",
                "visitors",
                keys=_keys(activity),
                day=day,
            )
    if of("away_leave"):
        add(
            "When did we leave for the weekend away?",
            "away",
            "Anna",
            "away_leave",
            keys=_keys(*of("away_leave")),
        )
        add(
            "When did we get back from the weekend away?",
            "away",
            "Lena",
            "away_return",
            keys=_keys(*of("away_return")),
        )
    return asked
