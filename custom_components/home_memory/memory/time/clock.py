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
    pattern = phrases(language).get("clock_time")
    if not isinstance(pattern, str):
        return None
    said = _compiled(pattern).match(text, start)
    return None if said is None else _clock(said)


def clock_in(text: str, language: str) -> tuple[int, Clock] | None:
    """The first clock time said anywhere in `text` as a word of its own
    ("what happened yesterday| at 7 pm", "wer kam gestern| gegen 18 Uhr"),
    with where its words start; "what 7" says no "at 7". None where none is."""
    pattern = phrases(language).get("clock_time")
    if not isinstance(pattern, str):
        return None
    for said in _compiled(_WORD_START + pattern).finditer(text):
        clock = _clock(said)
        if clock is not None:
            return said.start(), clock
    return None


def clock_of(time_words: str, language: str | None) -> tuple[int, int] | None:
    """The hour and minute a clock time alone says ("at 8 pm": 20:00; "at 12
    am": 0:00; "um 5.30": 5:30; without am/pm the earliest), None for any
    other words."""
    pattern = phrases(language).get("clock_time")
    if not isinstance(pattern, str):
        return None
    said = _compiled(pattern).fullmatch(time_words.strip())
    clock = None if said is None else _clock(said)
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


def _clock(said: re.Match[str]) -> Clock | None:
    groups = said.groupdict()
    hour, minute = int(said["hour"]), int(groups.get("minute") or 0)
    am, pm = bool(groups.get("am")), bool(groups.get("pm"))
    if (am or pm) and not 1 <= hour <= _HALF_DAY:
        return None  # "at 14 pm", "at 0 am": no time
    if pm and hour < _HALF_DAY:
        hour += _HALF_DAY
    elif am and hour == _HALF_DAY:
        hour = 0
    if hour > _LAST_HOUR or minute > _LAST_MINUTE:
        return None
    sure = am or pm or hour > _HALF_DAY or groups.get("sure") is not None
    return Clock(hour, minute, sure, said.end())


@functools.cache
def _compiled(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE)
