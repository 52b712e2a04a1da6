"""The clock time a question asks at: its day narrowed to the hours it names.

"What happened yesterday at 7 pm?", "Wer kam gestern gegen 18 Uhr nach
Hause?", "between 2 and 4 pm yesterday", "gestern nach 21 Uhr", "zwischen
sieben und neun Uhr abends": the day's
window alone lets any of its events answer (a home writes dozens a day). A
clock time (the table's `clock_time`, read by clock.py as a statement's
is) becomes the hour either side of it (ASKED_CLOCK_SLACK); a span or a
bound (`clock_spans`) those hours, past midnight where its end comes first
("between 11 pm and 1 am"). Always from inside the day or part of day
asked, and only where that leaves one reading: "this evening at 7" is
19:00, "yesterday at 6" keeps the day (its clock words are no topic),
asking at both 06:00 and 18:00 (`TimeReading.asked_at`: nearest first).
Without a day, a question of the past reads the last 24 hours, never a
habit's time ("what does Anna do at 7 pm"). docs/time.md. Pure."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date, datetime, time, timedelta
import functools
import re
from typing import TYPE_CHECKING, Final

from .clock import clock_in, hour_said, with_clock_words
from .phrases import phrases
from .readings import TimeReading, Window

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

# How far either side of the time asked at an event still answers it.
ASKED_CLOCK_SLACK: Final = timedelta(hours=1)
# A question's clock time is near its start or end (as expressions.py's).
_READ_CHARS: Final = 2_000
# The longest window a clock time narrows: one day (and a clock change).
_ONE_DAY: Final = timedelta(hours=25)
# What a past question without a day reads its clock time in.
_LAST_DAY: Final = timedelta(days=1)
_HALF_DAY: Final = 12
_LAST_HOUR: Final = 23
_LAST_MINUTE: Final = 59
# A clock time's first word starts a word ("at 7", not "wh|at 7").
_WORD_START: Final = r"(?<!\w)"


@dataclass(frozen=True, slots=True)
class _Asked:
    """Clock words found in a text: where, their kind ("at", "between",
    "after", "before"), and the times of day each end may be (two where
    the words may mean morning or evening)."""

    start: int
    end: int
    kind: str
    first: tuple[time, ...]
    second: tuple[time, ...] = ()


def at_the_asked_clock(
    text: str,
    reading: TimeReading,
    *,
    now: datetime,
    languages: Sequence[str],
    past: Callable[[str, str], bool],
) -> TimeReading:
    """`reading` (of `text`) with its window narrowed to the clock time
    `text` asks about, read by the first of `languages`' tables that finds
    one, and that time's words out of its rest; `reading` itself where
    none is. `past`: whether a text (the question without its clock words:
    "um 15:30 Uhr" hid the perfect of "Wer hat … geklingelt") speaks of the
    past in a language, where no day is said: in the language whose table
    read the clock time alone (English reads German "Was macht Anna um 19
    Uhr?" as past: "was"; live review s40 MED-1)."""
    if reading.impossible or reading.newest_first:
        return reading
    language, asked = next(
        (
            (language, found)
            for language in languages
            if (found := _asked_in(text[:_READ_CHARS], language)) is not None
        ),
        ("", None),
    )
    if asked is None:
        return reading
    rest = _without_asked(reading.rest, language)
    window = reading.window
    if window is None:
        if not (reading.past or past(_without_asked(text, language), language)):
            return reading  # a habit's time: "what does Anna do at 7 pm"
        window = Window(now - _LAST_DAY, now)
        reading = replace(reading, past=True)
    narrowed = _narrowed(window, asked)
    if narrowed is None:
        if reading.window is None:
            return reading
        # Morning or evening ("yesterday at 6", "gestern um Viertel nach
        # acht"): the day stays, what happened nearest either time first
        # (live review s42); its clock words are no topic to search it for.
        return replace(reading, rest=rest, asked_at=_asked_at(window, asked))
    return replace(
        reading, window=narrowed, rest=rest, asked_at=_asked_at(narrowed, asked)
    )


def _asked_at(window: Window, asked: _Asked) -> tuple[datetime, ...]:
    """The moments in `window` a clock time asks at ("at 7 pm": 19:00;
    "at 8" in a whole day: 08:00 and 20:00); none for a span or a bound."""
    if asked.kind != "at" or window.end - window.start > _ONE_DAY:
        return ()
    return tuple(_moments(window, asked.first))


def _narrowed(window: Window, asked: _Asked) -> Window | None:
    """`window` (a day or less) narrowed to what `asked` says, where it
    leaves one reading; None where it leaves none or two."""
    if window.end - window.start > _ONE_DAY:
        return None
    if asked.kind == "between" and asked.first == asked.second:
        # "zwischen 23 und 23 Uhr": no span, that time.
        asked = replace(asked, kind="at", second=())
    firsts = _moments(window, asked.first)
    if asked.kind == "between":
        pairs = [
            (start, end)
            for start in firsts
            for end in _moments(window, asked.second, closed=True)
            if start < end
        ] or [
            # None inside it: the span wraps past midnight ("between 11 pm
            # and 1 am yesterday": 23:00 to 01:00 the next day; "between 4
            # pm and 2 pm" too: the words say where it starts and ends).
            (start, _next(start, end))
            for start in firsts
            for end in asked.second
            if end != start.time()
        ]
        shortest = min((end - start for start, end in pairs), default=None)
        pairs = [pair for pair in pairs if pair[1] - pair[0] == shortest]
        return Window(*pairs[0]) if len(pairs) == 1 else None
    if len(firsts) != 1:
        return None
    [at] = firsts
    if asked.kind == "after":
        return Window(at, window.end)
    if asked.kind == "before":
        return Window(window.start, at)
    return Window(
        max(window.start, at - ASKED_CLOCK_SLACK),
        min(window.end, at + ASKED_CLOCK_SLACK),
    )


def _moments(
    window: Window, times: tuple[time, ...], *, closed: bool = False
) -> list[datetime]:
    """Each moment inside `window` (its end too, `closed`) at one of
    `times`, on the wall clock of the window's time zone."""
    day: date = window.start.date()
    found: list[datetime] = []
    while _on(day, time(0), window.start) < window.end:
        found.extend(
            at
            for at in (_on(day, clock, window.start) for clock in times)
            if window.start <= at and (at <= window.end if closed else at < window.end)
        )
        day += timedelta(days=1)
    return sorted(set(found))


def _next(start: datetime, clock: time) -> datetime:
    """The first moment after `start` at `clock`: its day's, else the next
    day's, on the wall clock of its time zone."""
    at = _on(start.date(), clock, start)
    return at if at > start else _on(start.date() + timedelta(days=1), clock, start)


def _on(day: date, clock: time, zoned: datetime) -> datetime:
    """`day` at `clock` in `zoned`'s time zone."""
    return datetime.combine(day, clock, tzinfo=zoned.tzinfo)


def _asked_in(text: str, language: str) -> _Asked | None:
    """The first clock span or bound (`clock_spans`), else clock time,
    `text` says in `language`'s table."""
    found = clock_in(text, language)
    for kind, pattern in _spans(language):
        for said in pattern.finditer(text):
            if found is not None and found[0] < said.start() < found[1].end:
                # "um Viertel nach acht Uhr abends", "um fünf vor acht Uhr":
                # the clock time's own words, no bound.
                continue
            first = _times(said, "", language, half=kind != "between")
            second = _times(said, "2", language) if kind == "between" else ()
            if first and (second or kind != "between"):
                return _Asked(said.start(), said.end(), kind, first, second)
    if found is None:
        return None
    start, clock = found
    times = [time(clock.hour, clock.minute)]
    if not clock.sure and clock.hour < _HALF_DAY:
        times.append(time(clock.hour + _HALF_DAY, clock.minute))
    return _Asked(start, clock.end, "at", tuple(times))


def _times(
    said: re.Match[str], end: str, language: str, *, half: bool = True
) -> tuple[time, ...]:
    """The times of day one end of a span may be (groups `hour`, `minute`,
    `am`, `pm`, with `end`'s suffix; the hour in digits or words): one with
    am/pm, an hour from 13 or, where `half`, the part of the day said after
    the span (groups `later`, `earlier`: "between seven and nine in the
    evening" says it of its end, whose shortest span then picks the
    start), else morning and evening; none for no time ("at 14 pm")."""
    groups = said.groupdict()
    hour = hour_said(groups[f"hour{end}"], language)
    minute = int(groups.get(f"minute{end}") or 0)
    am, pm = bool(groups.get(f"am{end}")), bool(groups.get(f"pm{end}"))
    later = half and bool(groups.get("later"))
    earlier = half and bool(groups.get("earlier"))
    if hour is None or ((am or pm or earlier) and not 1 <= hour <= _HALF_DAY):
        return ()
    if hour > _LAST_HOUR or minute > _LAST_MINUTE:
        return ()
    if later and hour < _HALF_DAY:
        # "after eight in the evening", "nach acht Uhr abends": 20:00.
        pm = True
    if am or pm or earlier:
        return (time(hour % _HALF_DAY + (_HALF_DAY if pm else 0), minute),)
    if hour == 0 or hour >= _HALF_DAY:
        return (time(hour, minute),)
    return (time(hour, minute), time(hour + _HALF_DAY, minute))


@functools.cache
def _spans(language: str) -> tuple[tuple[str, re.Pattern[str]], ...]:
    """The table's clock spans and bounds, compiled: (kind, pattern)."""
    table = phrases(language).get("clock_spans", [])
    return tuple(
        (
            kind,
            re.compile(
                _WORD_START + with_clock_words(pattern, language), re.IGNORECASE
            ),
        )
        for kind, pattern in table
    )


def _without_asked(text: str, language: str) -> str:
    """`text` without its clock words ("what happened at 7 pm?" -> "what
    happened?"), spaces and punctuation tidied."""
    asked = _asked_in(text, language)
    if asked is None:
        return text
    rest = re.sub(r"\s+", " ", text[: asked.start] + " " + text[asked.end :]).strip()
    return re.sub(r"\s+([?!.,;:])", r"\1", rest)
