"""A language's time words compiled: the JSON table's expressions as regular
expressions and its words as lookups, once per language.

`expressions.py` reads text with them; this module only builds them (the
words and rules themselves live in `en.json`, `de.json`).
"""

from __future__ import annotations

from dataclasses import dataclass
import functools
import re
from typing import TYPE_CHECKING, Any

from .phrases import phrases

if TYPE_CHECKING:
    from collections.abc import Iterable


@dataclass(frozen=True, slots=True)
class RangeWords:
    """The words that join two expressions as a span (a table's `range`)."""

    opener: re.Pattern[str]  # "from", "vom": right before the first
    to: re.Pattern[str]  # "to", "bis": alone between the two
    between: re.Pattern[str]  # "between", "zwischen": before the first...
    and_: re.Pattern[str]  # ... then "and", "und" between them

    @classmethod
    def of(cls, words: dict[str, str]) -> RangeWords:
        return cls(
            re.compile(rf"(?<!\w)(?:{words['from']})\s*$"),
            re.compile(rf"\s*(?:{words['to']})\s*"),
            re.compile(rf"(?<!\w)(?:{words['between']})(?!\w)"),
            re.compile(rf"\s*(?:{words['and']})\s*"),
        )


@dataclass(frozen=True, slots=True)
class TimeTable:
    rules: list[tuple[str, re.Pattern[str], dict[str, Any]]]
    not_after: re.Pattern[str] | None
    weekdays: dict[str, int]
    months: dict[str, int]
    numbers: dict[str, int]
    units: dict[str, str]
    parts: dict[str, str]
    # "early", "Anfang": which third of a month or week (`thirds`).
    thirds: dict[str, str]
    # "first", "zweiten", "last": which week of a month (`week_ordinals`).
    week_ordinals: dict[str, int]
    # "first", "ersten": a day of the month said as a word (`day_words`).
    day_words: dict[str, int]
    # The words that join two expressions as a span; None without them.
    range: RangeWords | None = None
    # "summer", "Herbst": which season (`seasons`; time/seasons.py).
    seasons: dict[str, str] | None = None


def alternatives(words: Iterable[str]) -> str:
    # Longest first, so "tues" never stops at "tue".
    return "|".join(re.escape(w) for w in sorted(set(words), key=lambda w: -len(w)))


@functools.lru_cache(maxsize=8)
def compiled(language: str) -> TimeTable:
    data = phrases(language)
    weekdays = {w: i for i, names in enumerate(data["weekdays"]) for w in names}
    months = {w: i + 1 for i, names in enumerate(data["months"]) for w in names}
    numbers = {str(k): int(v) for k, v in data["numbers"].items()}
    units = {w: unit for unit, names in data["units"].items() for w in names}
    parts = {w: part for part, names in data["parts"].items() for w in names}
    thirds = {w: third for third, names in data["thirds"].items() for w in names}
    week_ordinals = {str(k): int(v) for k, v in data["week_ordinals"].items()}
    seasons = {w: season for season, names in data["seasons"].items() for w in names}
    # A day of the month as said aloud ("the first of November", "am
    # ersten November"): speech to text writes the word, not "1st".
    day_words = {str(k): int(v) for k, v in data.get("day_words", {}).items()}
    said = alternatives(day_words) or "(?!)"
    days = {
        key: str(data.get(key, data["day"])).replace("{day_words}", said)
        for key in ("day_named", "day_spoken", "first_day")
    }
    places = {
        "weekday": f"(?P<weekday>{alternatives(weekdays)})",
        "month": f"(?P<month>{alternatives(months)})",
        # A month named a second time ("vom 31. Januar auf den 1. Februar").
        "month_word": f"(?:{alternatives(months)})",
        "number": f"(?P<number>\\d{{1,3}}|{alternatives(numbers)})",
        "unit": f"(?P<unit>{alternatives(units)})",
        "part": f"(?P<part>{alternatives(parts)})",
        "third": f"(?P<third>{alternatives(thirds)})",
        "season": f"(?P<season>{alternatives(seasons)})",
        "season_third": f"(?P<season_third>{alternatives(thirds)})",
        "week_ordinal": f"(?P<week_ordinal>{alternatives(week_ordinals)})",
        "year": "(?P<year>\\d{4})",
        "day": data["day"],
        "day_named": days["day_named"],
        "day_spoken": days["day_spoken"],
        "day_ordinal": data["day_ordinal"],
        "first_day": days["first_day"],
    }
    rules = []
    for rule in data["rules"]:
        kind, template = rule[0], rule[1]
        options = rule[2] if len(rule) > 2 else {}
        pattern = template.format_map(places)
        rules.append((kind, re.compile(rf"(?<!\w)(?:{pattern})(?!\w)"), options))
    guard_words = data.get("not_after") or []
    not_after = (
        re.compile(rf"\b(?:{alternatives(guard_words)})\s+\S*\s*$")
        if guard_words
        else None
    )
    words = data.get("range")
    return TimeTable(
        rules,
        not_after,
        weekdays,
        months,
        numbers,
        units,
        parts,
        thirds,
        week_ordinals,
        day_words,
        RangeWords.of(words) if words else None,
        seasons,
    )


def counts_on_from_now(words: str, language: str) -> bool:
    """Whether time words are a span counted on from now, in `language`'s
    table ("in 2 hours", "in drei Tagen": its `later` rules). Said of a deed
    told as done they tell how long it took ("ran the half marathon in 2
    hours 5 minutes"), never a time ahead."""
    folded = words.strip().casefold()
    return any(
        kind == "later" and pattern.fullmatch(folded) is not None
        for kind, pattern, _ in compiled(language).rules
    )
