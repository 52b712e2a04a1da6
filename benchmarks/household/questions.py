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
from typing import TYPE_CHECKING, Final

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

    for person, n in (("Anna", 6), ("Ben", 6), ("Lena", 4)):
        for k, activity in enumerate(sample(of("leave", person), n)):
            day = day_words(_local(activity.start).date())
            mine = person == "Anna" and k % 2 == 0
            who = "I" if mine else person
            asked.append(
                Question(
                    f"When did {who} leave the house on {day}?",
                    "leave",
                    person if mine else "Ben",
                    _keys(activity),
                )
            )
        for activity in sample(of("arrive", person), n):
            day = day_words(_local(activity.start).date())
            asked.append(
                Question(
                    f"When did {person} come home on {day}?",
                    "arrive",
                    "Anna",
                    _keys(activity),
                )
            )
        arrivals = of("arrive", person) + of("away_return", person)
        if not arrivals:
            continue
        latest = max(arrivals, key=lambda a: a.start)
        asked.append(
            Question(
                f"When did {person} last come home?",
                "last_arrive",
                "Anna" if person != "Anna" else "Ben",
                _keys(latest),
            )
        )
    for person, n in (("Anna", 5), ("Ben", 5), ("Lena", 4)):
        for activity in sample(of("bedtime", person), n):
            night = _night_of(activity.start)
            asked.append(
                Question(
                    f"What time did {person} go to bed on the night of the "
                    f"{ordinal(night.day)}?",
                    "bedtime",
                    "Anna" if person != "Anna" else "Ben",
                    _keys(activity),
                )
            )
        for activity in sample(of("wake", person), n):
            day = _local(activity.start).date()
            when = "this morning" if day == today else f"on {day_words(day)}"
            asked.append(
                Question(
                    f"When did {person} get up {when}?",
                    "wake",
                    "Anna" if person != "Anna" else "Ben",
                    _keys(activity),
                )
            )
    nights: dict[date, list[Activity]] = defaultdict(list)
    for activity in of("night"):
        nights[_night_of(activity.start)].append(activity)
    if yesterday in nights:
        asked.append(
            Question(
                "Did anyone get up during the night?",
                "night",
                "Anna",
                _keys(*nights[yesterday]),
            )
        )
    older = sorted(night for night in nights if night != yesterday)
    asked.extend(
        Question(
            f"Did anyone get up during the night of the {ordinal(night.day)}?",
            "night",
            "Anna",
            _keys(*nights[night]),
        )
        for night in sorted(rng.sample(older, min(5, len(older))))
    )
    for person in ("Anna", "Ben"):
        visits = of("night", person)
        if visits:
            asked.append(
                Question(
                    f"When did {person} last get up in the night?",
                    "night",
                    "Ben" if person == "Anna" else "Anna",
                    _keys(visits[-1]),
                )
            )
    for activity in sample(of("breakfast"), 5):
        day = day_words(_local(activity.start).date())
        asked.append(
            Question(
                f"When did we have breakfast on {day}?",
                "breakfast",
                "Ben",
                _keys(activity),
            )
        )
    for activity in sample(of("dinner"), 5):
        day = day_words(_local(activity.start).date())
        asked.append(
            Question(
                f"When did {activity.person} cook dinner on {day}?",
                "dinner",
                "Lena",
                _keys(activity),
            )
        )
    laundry = of("laundry")
    if laundry:
        asked.append(
            Question(
                "When was the washing machine last used?",
                "appliance_last",
                "Anna",
                _keys(laundry[-1]),
            )
        )
    for activity in sample(laundry[:-1], 3):
        day = day_words(_local(activity.start).date())
        asked.append(
            Question(
                f"Did we do the laundry on {day}?",
                "laundry",
                "Ben",
                _keys(activity),
            )
        )
    if of("dishwasher"):
        asked.append(
            Question(
                "When did the dishwasher last run?",
                "appliance_last",
                "Ben",
                _keys(of("dishwasher")[-1]),
            )
        )
    for activity in sample(of("tv"), 4):
        day = _local(activity.start).date()
        when = "yesterday evening" if day == yesterday else f"on {day_words(day)}"
        asked.append(
            Question(f"When did we watch TV {when}?", "tv", "Lena", _keys(activity))
        )
    for back in range(1, min(7, household.days + 1)):
        day = today - timedelta(days=back)
        if back == 1:
            text = "What happened in the kitchen yesterday evening?"
        else:
            text = f"What happened in the kitchen on {day:%A} evening?"
        asked.append(
            Question(
                text,
                "room_evening",
                "Anna",
                window=Window("Kitchen", at_local(day, 17, 0), at_local(day, 23, 0)),
            )
        )
    visits = of("visitors")
    if visits:
        asked.append(
            Question(
                "When did we last have visitors?",
                "visitors",
                "Anna",
                _keys(visits[-1]),
            )
        )
        for activity in visits[:-1]:
            day = day_words(_local(activity.start).date())
            asked.append(
                Question(
                    f"Did anyone visit us on {day}?",
                    "visitors",
                    "Ben",
                    _keys(activity),
                )
            )
    if of("away_leave"):
        asked.append(
            Question(
                "When did we leave for the weekend away?",
                "away",
                "Anna",
                _keys(*of("away_leave")),
            )
        )
        asked.append(
            Question(
                "When did we get back from the weekend away?",
                "away",
                "Lena",
                _keys(*of("away_return")),
            )
        )
    return asked
