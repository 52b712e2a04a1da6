"""The German subset: the same questions, as a German-speaking person asks them.

Same ground truth as the English question each is made from (`template`,
`who`, `day` say what the words were made of); kinds are prefixed `de_`
and scored apart (`household_de_*`), since the home's memories are told in
English. The weekday and month names are the benchmark's own words for its
questions, not a date parser.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from datetime import date

    from .questions import Question

_WEEKDAYS: Final = (
    "Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag",
)  # fmt: skip
_MONTHS: Final = (
    "Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August",
    "September", "Oktober", "November", "Dezember",
)  # fmt: skip


def tag(day: date) -> str:
    """'Dienstag, 3. Februar'."""
    return f"{_WEEKDAYS[day.weekday()]}, {day.day}. {_MONTHS[day.month - 1]}"


def _text(q: Question) -> str | None:  # noqa: PLR0911, PLR0912 - one wording per template
    who, day = q.who, q.day
    match q.template:
        case "leave" if day is not None:
            if who == "I":
                return f"Wann bin ich am {tag(day)} aus dem Haus gegangen?"
            return f"Wann hat {who} am {tag(day)} das Haus verlassen?"
        case "arrive" if day is not None:
            return f"Wann ist {who} am {tag(day)} nach Hause gekommen?"
        case "last_arrive":
            return f"Wann ist {who} zuletzt nach Hause gekommen?"
        case "bedtime" if day is not None:
            after = day + timedelta(days=1)
            return (
                f"Wann ist {who} in der Nacht vom {day.day}. auf den {after.day}. "
                f"{_MONTHS[after.month - 1]} ins Bett gegangen?"
            )
        case "wake" if day is not None:
            return f"Wann ist {who} am {tag(day)} aufgestanden?"
        case "wake_today":
            return f"Wann ist {who} heute Morgen aufgestanden?"
        case "night_last":
            return "Ist heute Nacht jemand aufgestanden?"
        case "night_of" if day is not None:
            after = day + timedelta(days=1)
            return (
                f"Ist in der Nacht vom {day.day}. auf den {after.day}. "
                f"{_MONTHS[after.month - 1]} jemand aufgestanden?"
            )
        case "night_person_last":
            return f"Wann ist {who} zuletzt nachts aufgestanden?"
        case "breakfast" if day is not None:
            return f"Wann haben wir am {tag(day)} gefrühstückt?"
        case "dinner" if day is not None:
            return f"Wann hat {who} am {tag(day)} das Abendessen gekocht?"
        case "washing_machine_last":
            return "Wann lief die Waschmaschine zuletzt?"
        case "dishwasher_last":
            return "Wann lief die Spülmaschine zuletzt?"
        case "laundry" if day is not None:
            return f"Haben wir am {tag(day)} Wäsche gewaschen?"
        case "tv" if day is not None:
            return f"Wann haben wir am {tag(day)} ferngesehen?"
        case "tv_yesterday":
            return "Wann haben wir gestern Abend ferngesehen?"
        case "kitchen_yesterday":
            return "Was war gestern Abend in der Küche los?"
        case "kitchen_evening" if day is not None:
            return f"Was war am {_WEEKDAYS[day.weekday()]}abend in der Küche los?"
        case "visitors_last":
            return "Wann hatten wir zuletzt Besuch?"
        case "visitors" if day is not None:
            return f"Hatten wir am {tag(day)} Besuch?"
        case "away_leave":
            return "Wann sind wir übers Wochenende weggefahren?"
        case "away_return":
            return "Wann sind wir vom Wochenende zurückgekommen?"
    return None


def in_german(asked: list[Question]) -> list[Question]:
    """Every question that has a German wording, as German, kind `de_<kind>`."""
    out = []
    for question in asked:
        text = _text(question)
        if text is not None:
            out.append(replace(question, text=text, kind=f"de_{question.kind}"))
    return out
