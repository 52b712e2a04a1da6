"""The clock time a question asks at: its day narrowed to the hours around it.

"What happened yesterday at 7 pm?", "Wer kam gestern gegen 18 Uhr nach
Hause?", "Who rang the doorbell at 3 pm?": the day's window alone lets any
of its events answer (a home writes dozens a day), so the window becomes
the hour either side of the time said (ASKED_CLOCK_SLACK: a door opened at
18:40 is what "at 7 pm" means), inside the day or part of day the question
names. An hour that may be morning or evening ("at 7") narrows only where
the part of the day decides ("this evening at 7": 19:00); a clock time
alone does only in a question of the past ("who rang at 3 pm": the last
3 pm), never a habit's ("what does Anna do at 7 pm"). Statements read
their clock time in tense.py (`at_the_clock`); both read it with clock.py.
Pure.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date, datetime, time, timedelta
import re
from typing import TYPE_CHECKING, Final

from .clock import Clock, clock_in
from .readings import TimeReading, Window

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

# How far either side of the time asked an event still answers it.
ASKED_CLOCK_SLACK: Final = timedelta(hours=1)
# A question's clock time is near its start or end (as expressions.py's).
_READ_CHARS: Final = 2_000
# The longest window a clock time narrows: one day (and a clock change).
_ONE_DAY: Final = timedelta(hours=25)
_HALF_DAY: Final = 12


def at_the_asked_clock(
    text: str,
    reading: TimeReading,
    *,
    now: datetime,
    languages: Sequence[str],
    past: Callable[[str], bool],
) -> TimeReading:
    """`reading` (of `text`) with its window narrowed to the clock time
    `text` asks at, read by the first of `languages`' tables that finds
    one, and that time's words out of its rest; `reading` itself where no
    clock time narrows it. `past`: the question speaks of the past (a
    clock time alone then means the last such time before `now`)."""
    if reading.impossible:
        return reading
    language, clock = next(
        (
            (language, found[1])
            for language in languages
            if (found := clock_in(text[:_READ_CHARS], language)) is not None
        ),
        ("", None),
    )
    if clock is None:
        return reading
    if reading.window is None:
        if (
            not clock.sure
            or reading.newest_first
            or not (reading.past or past(_without_clock(text, language)))
        ):
            return reading
        at = _last_before(now, clock)
        narrowed = Window(at - ASKED_CLOCK_SLACK, at + ASKED_CLOCK_SLACK)
        reading = replace(reading, past=True)
    else:
        window = reading.window
        at_or_none = _the_one_inside(window, clock)
        if at_or_none is None:
            # "Yesterday at 6": morning or evening, the day decides; "at 6"
            # is no topic to search the day for.
            return replace(reading, rest=_without_clock(reading.rest, language))
        narrowed = Window(
            max(window.start, at_or_none - ASKED_CLOCK_SLACK),
            min(window.end, at_or_none + ASKED_CLOCK_SLACK),
        )
    return replace(
        reading, window=narrowed, rest=_without_clock(reading.rest, language)
    )


def _last_before(now: datetime, clock: Clock) -> datetime:
    """The last time it was `clock` o'clock, up to `now`."""
    today = _on(now.date(), clock.hour, clock.minute, now)
    if today <= now:
        return today
    return _on(now.date() - timedelta(days=1), clock.hour, clock.minute, now)


def _the_one_inside(window: Window, clock: Clock) -> datetime | None:
    """The one moment inside `window` (a day or less) the clock time can
    be; None where there is none, or two ("today at 7": morning or
    evening)."""
    if window.end - window.start > _ONE_DAY:
        return None
    hours = [clock.hour]
    if not clock.sure and clock.hour < _HALF_DAY:
        hours.append(clock.hour + _HALF_DAY)
    day, moments = window.start.date(), list[datetime]()
    while (start := _on(day, 0, 0, window.start)) < window.end:
        moments.extend(
            at
            for hour in hours
            if window.start
            <= (at := start.replace(hour=hour, minute=clock.minute))
            < window.end
        )
        day += timedelta(days=1)
    return moments[0] if len(moments) == 1 else None


def _on(day: date, hour: int, minute: int, zoned: datetime) -> datetime:
    """`day` at `hour`:`minute` in `zoned`'s time zone."""
    return datetime.combine(day, time(hour, minute), tzinfo=zoned.tzinfo)


def _without_clock(rest: str, language: str) -> str:
    """`rest` without its clock time's words ("what happened at 7 pm?" ->
    "what happened?"), spaces and punctuation tidied."""
    found = clock_in(rest, language)
    if found is None:
        return rest
    start, clock = found
    text = re.sub(r"\s+", " ", rest[:start] + " " + rest[clock.end :]).strip()
    return re.sub(r"\s+([?!.,;:])", r"\1", text)
