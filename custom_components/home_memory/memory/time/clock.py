"""A clock time said in words ("at 8 pm", "um 20 Uhr", "um 14 Uhr 30"): its
hour and minute, by the language's table `clock_time` (time/<language>.json).

One reader for a statement's clock time after its day ("tomorrow at 5 pm":
tense.at_the_clock) and a re-dating's clock time alone ("no, it was at 8
pm": operations/redating.py), so both read "12 am" as midnight (review s38
#6: the re-dating read it as noon). The table's groups say what the words
mean: `hour`, `minute`, `am`, `pm`, and `sure` where the words leave no
doubt without am/pm (German minutes, "um 9:30 Uhr"). Pure.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import time, timedelta
import functools
import re
from typing import Final

from .phrases import phrases
from .readings import Window

# A clock time's first word starts a word ("at 7", not "wh|at 7").
_WORD_START: Final = r"(?<!\w)"
# Noon's and midnight's hour on a 12-hour clock ("12 am" is 0:00).
_HALF_DAY: Final = 12
_LAST_HOUR: Final = 23
_LAST_MINUTE: Final = 59
_HOUR: Final = 60
# The table's `clock_words` a `clock_time` pattern names as {placeholders}:
# which of its words fill each (the words' own values are read by _clock).
_PLACEHOLDERS: Final = {
    "{hour_words}": "hours",
    "{minute_words}": "minutes",
    "{past_words}": "past",
    "{to_words}": "to",
    "{later_words}": "later",
    "{earlier_words}": "earlier",
    "{not_before}": "not_before",
}


@dataclass(frozen=True, slots=True)
class Clock:
    """A clock time said: its hour (0-23) and minute, whether the words
    leave no doubt it is that hour (`sure`: am/pm, an hour from 13, or the
    table's `sure` group), and where the words end."""

    hour: int
    minute: int
    sure: bool
    end: int


def clock_at(text: str, language: str, start: int = 0) -> Clock | None:
    """The clock time said right at `start` in `text` ("tomorrow| at 5 pm",
    "morgen|, um 14 Uhr 30"), None where none is (a house number, "at 14
    Main Street", is none). Without am/pm an hour to 12 is the earliest
    ("at 8": 8:00), and not `sure`."""
    pattern = _pattern(language)
    if pattern is None:
        return None
    said = _compiled(pattern).match(text, start)
    return None if said is None else _clock(said, language)


def clock_in(text: str, language: str) -> tuple[int, Clock] | None:
    """The first clock time said anywhere in `text` as a word of its own
    ("what happened yesterday| at 7 pm", "wer kam gestern| gegen 18 Uhr"),
    with where its words start; "what 7" says no "at 7". None where none is."""
    pattern = _pattern(language)
    if pattern is None:
        return None
    for said in _compiled(_WORD_START + pattern).finditer(text):
        clock = _clock(said, language)
        if clock is not None:
            return said.start(), clock
    return None


def clock_of(time_words: str, language: str | None) -> tuple[int, int] | None:
    """The hour and minute a clock time alone says ("at 8 pm": 20:00; "at 12
    am": 0:00; "um 5.30": 5:30; without am/pm the earliest), None for any
    other words."""
    pattern = _pattern(language)
    if pattern is None:
        return None
    said = _compiled(pattern).fullmatch(time_words.strip())
    clock = None if said is None else _clock(said, language)
    return None if clock is None else (clock.hour, clock.minute)


def on_the_day(window: Window, clock: Clock | None) -> Window:
    """`window` narrowed to the hour from `clock` where `window` is one
    whole day and `clock` leaves no doubt of its hour ("tomorrow at 5 pm":
    17:00 to 18:00); else `window` ("at 5" may be morning or afternoon)."""
    start, end = window.start, window.end
    if (
        clock is None
        or not clock.sure
        or start.time() != time(0)
        or end.time() != time(0)
        or end.date() != start.date() + timedelta(days=1)
    ):
        return window
    at = start.replace(hour=clock.hour, minute=clock.minute)
    return Window(at, at + timedelta(hours=1))


def _clock(said: re.Match[str], language: str | None) -> Clock | None:
    groups = said.groupdict()
    words = _words(language)
    hour, minute = _number(said["hour"], words), _number(groups.get("minute"), words)
    if hour is None or minute is None:
        return None
    am, pm = bool(groups.get("am")), bool(groups.get("pm"))
    later, earlier = bool(groups.get("later")), bool(groups.get("earlier"))
    if (am or pm) and not 1 <= hour <= _HALF_DAY:
        return None  # "at 14 pm", "at 0 am": no time
    if pm and hour < _HALF_DAY:
        hour += _HALF_DAY
    elif am and hour == _HALF_DAY:
        hour = 0
    if hour > _LAST_HOUR or minute > _LAST_MINUTE:
        return None
    if groups.get("past") or groups.get("to"):
        # "half past six": 6:30; "quarter to eight", "halb sieben": before it.
        before = _minutes(words, "to", groups.get("to"))
        since = hour * _HOUR + _minutes(words, "past", groups.get("past")) - before
        hour, minute = divmod(since % (2 * _HALF_DAY * _HOUR), _HOUR)
    if earlier and hour > _HALF_DAY:
        return None  # "um 19 Uhr morgens": no time
    if later and hour < _HALF_DAY:
        hour += _HALF_DAY  # "at seven in the evening", "um halb sieben abends"
    said_half = am or pm or later or earlier
    sure = said_half or hour > _HALF_DAY or groups.get("sure") is not None
    return Clock(hour, minute, sure, said.end())


def _number(said: str | None, words: dict[str, dict[str, int]]) -> int | None:
    """An hour or minute said in digits or words (a minute not said: 0)."""
    if said is None:
        return 0
    return int(said) if said.isdigit() else _said(words["hours"], said)


def _minutes(words: dict[str, dict[str, int]], kind: str, said: str | None) -> int:
    """The minutes "half past" (`past`) or "quarter to" (`to`) say; 0 for none."""
    return (_said(words[kind], said) or 0) if said else 0


def _said(words: dict[str, int], said: str) -> int | None:
    """The value of the words `said` in `words`, spaces and case aside."""
    return words.get(" ".join(said.lower().split()))


@functools.cache
def _words(language: str | None) -> dict[str, dict[str, int]]:
    """The table's `clock_words` as lookups (minutes said after an hour are
    read with its hours: "seven thirty"); {} for each it does not have."""
    table = phrases(language).get("clock_words", {})
    found: dict[str, dict[str, int]] = {
        kind: {
            " ".join(str(word).lower().split()): int(value)
            for word, value in table.get(kind, {}).items()
        }
        if isinstance(table.get(kind, {}), dict)
        else {}
        for kind in ("hours", "minutes", "past", "to")
    }
    found["hours"] = {**found["minutes"], **found["hours"]}
    return found


def hour_said(said: str, language: str | None) -> int | None:
    """The hour `said` in digits or the table's hour words ("seven", "neun");
    None for other words."""
    return _number(said, _words(language))


@functools.cache
def _pattern(language: str | None) -> str | None:
    """The table's `clock_time` with its {placeholders} filled; None
    without one."""
    pattern = phrases(language).get("clock_time")
    return with_clock_words(pattern, language) if isinstance(pattern, str) else None


def with_clock_words(pattern: str, language: str | None) -> str:
    """`pattern` with its {placeholders} filled from the table's
    `clock_words` (a placeholder without words matches nothing): a clock
    time's and a clock span's (asked_clock.py) alike."""
    words = phrases(language).get("clock_words", {})
    for placeholder, kind in _PLACEHOLDERS.items():
        said = words.get(kind, ())
        pattern = pattern.replace(
            placeholder,
            "|".join(
                r"\s+".join(re.escape(part) for part in str(word).split())
                for word in sorted(said, key=lambda w: -len(str(w)))
            )
            or "(?!)",
        )
    return pattern


@functools.cache
def _compiled(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE)
