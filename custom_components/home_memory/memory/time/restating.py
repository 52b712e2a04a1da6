"""A statement's relative time words said as dates, for storing it.

"Anna has a job interview next Tuesday", told on Saturday 28 November, is
stored as "Anna has a job interview on Tuesday 1 December": read a month
later, "next Tuesday" would be wrong. Only words that name their time from
the telling change ("tomorrow", "last weekend", "vor zwei Tagen"); a date,
a month and a habit stay as said. The words are the language's table that
read them; the dates are spoken.py's, said without "today" or "yesterday".
Pure: `now` (aware, the household's zone) and the language are given.
"""

from __future__ import annotations

from dataclasses import dataclass
import functools
import re
from typing import TYPE_CHECKING

from .expressions import read_statement_reading
from .phrases import phrases, table_language
from .spoken import say_when

if TYPE_CHECKING:
    from datetime import datetime

    from .readings import Window


@dataclass(frozen=True, slots=True)
class Restated:
    """The statement to store and the time it names (None: none)."""

    text: str
    window: Window | None


def restate(
    text: str, *, now: datetime, language: str | None, ahead: bool = False
) -> Restated:
    """`text` with each relative time expression replaced by its date, and
    the window the statement names (as `read_statement` reads it; `ahead`:
    as a plan, "the piano tuner comes on Wednesday" on the coming one)."""
    reading = read_statement_reading(text, now=now, language=language, ahead=ahead)
    if not reading.times:
        # Times ruled out ("not tomorrow, not Wednesday") are restated too.
        return Restated(text, None)
    out = text
    for said in sorted(reading.times, key=lambda time: -time.start):
        if not said.relative:
            continue
        words = say_when(
            said.window.start,
            said.window.end,
            now=now,
            language=said.language,
            relative=False,
        )
        if not words:
            continue
        before = out[: said.start]
        words = fitted(words, before, said.language)
        original = out[said.start : said.end]
        if original[:1].isupper() and _starts_sentence(before):
            # "Tomorrow the …" -> "On Sunday …"; a weekday inside a sentence
            # keeps the date's own case ("instead of on Tuesday …").
            words = words[:1].upper() + words[1:]
        elif original[:1].islower() and said.start == 0:
            # A spoken fragment stays one ("tomorrow my …" is made a
            # sentence, its "my" the household's, when it is stored).
            words = words[:1].lower() + words[1:]
        out = before + words + out[said.end :]
    return Restated(out, reading.window)


def fitted(words: str, before: str, language: str | None) -> str:
    """Date words said with their preposition ("on Friday 4 December", "am
    Freitag, 4. Dezember") fitted to the text `before` them: the
    preposition left out where it ends with it ("on next Tuesday" -> "on
    Tuesday 1 December", not "on on ...") or with a word a date follows
    bare ("moved to Friday" -> "to Friday 4 December", not "to on ...";
    "auf Freitag" -> "auf Freitag, 27. November", not "auf am ...", review
    s39 #2)."""
    first, _, rest = words.partition(" ")
    if rest and (
        re.search(rf"(?<!\w){re.escape(first)}\s*$", before, re.I)
        or (
            first in _date_prepositions(table_language(language))
            and after_date_word(before, language)
        )
    ):
        return rest
    return words


@functools.cache
def _date_prepositions(language: str) -> frozenset[str]:
    """The words the language says a date, a week or a month after ("on",
    "in", "from"; "am", "im", "von"): the first of its spoken patterns.
    Time words given as said ("next Friday") keep their first word."""
    table = phrases(language)["spoken"]
    patterns = [
        table[key]
        for key in (
            "date",
            "date_with_year",
            "days",
            "week",
            "month",
            "month_with_year",
            "year",
            "season",
        )
        if key in table
    ]
    patterns += list(table.get("date_parts", {}).values())
    return frozenset(
        first
        for pattern in patterns
        if (first := str(pattern).split(" ", 1)[0]) and not first.startswith("{")
    )


def _starts_sentence(before: str) -> bool:
    """Whether text after `before` starts a sentence."""
    return re.search(r"(?:^|[.!?:]\s)\s*$", before) is not None


def after_date_word(before: str, language: str | None, within: int = 1) -> bool:
    """Whether one of the last `within` words of `before` is a word a date
    follows bare ("to", "until", "auf": the table's `date_after`; within 3:
    "for the concert")."""
    last = re.search(rf"(?:\w+\s+){{0,{within - 1}}}\w+\s*$", before[-200:])
    date_after = phrases(language).get("date_after", ())
    return last is not None and any(
        word.casefold() in date_after for word in re.findall(r"\w+", last.group())
    )
