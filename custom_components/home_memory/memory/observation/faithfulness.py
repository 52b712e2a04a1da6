"""Does a memory tell the truth about its events? Every stated number checked.

`check` reads a memory's text and the events it was told from (its
provenance, `EventBuffer.told`) and returns every claim that no event bears
out: a clock time ("around twenty past seven") with no event within the
five minutes it is rounded to, a duration ("for about twenty minutes") that
no two events span, a count ("three times") no entity's changes make, a part
of the day or a weekday no event falls in, and words that are never true
("zero minutes", "one minutes"). Claims are read with the same phrase tables
the narrator writes with (phrases.*.json): the check follows the language.

A claim is held against the events of its sentence: a sentence naming a
person against that person's comings and goings (and every other change).
Used by the tests (0 false statements over generated segments) and the
household benchmark.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
import re
from typing import TYPE_CHECKING, Final

from .phrases import CLOCK_STEP_MIN, Phrases, phrases
from .segmentation import local_time, period_bounds, time_of_day

if TYPE_CHECKING:
    from collections.abc import Sequence
    from datetime import tzinfo

    from .event_buffer import ObservedEvent

_HALF_DAY_S: Final = 12 * 3600
# A clock time is told to the nearest five minutes: at most this far off.
CLOCK_TOLERANCE_S: Final = CLOCK_STEP_MIN * 30 + 1


@dataclass(frozen=True, slots=True)
class Violation:
    """A claim its events do not bear out."""

    claim: str
    reason: str


@dataclass(frozen=True, slots=True)
class _Readings:
    """Every phrase that states a number, with what it states."""

    # phrase -> seconds after the hour 0/12 it names (mod 12 hours)
    clocks: dict[str, int]
    # phrase -> (at least, less than) seconds
    durations: dict[str, tuple[float, float]]
    counts: dict[str, int]
    pattern: re.Pattern[str]
    never: re.Pattern[str]


def _duration_bounds(p: Phrases) -> dict[str, tuple[float, float]]:
    words = p["duration"]
    bounds = {
        str(words["moment"]): (0.0, 10.0),
        str(words["seconds"]): (10.0, 60.0),
        str(words["minute"]): (30.0, 90.0),
        str(words["hour"]): (55 * 60.0, 75 * 60.0),
        str(words["hour_and_half"]): (75 * 60.0, 105 * 60.0),
    }
    for n in range(2, 55):
        lo, hi = (n - 0.5) * 60, (n + 0.5) * 60
        if n >= 10 and n % 5 == 0:
            lo, hi = min(lo, (n - 2.5) * 60), (n + 2.5) * 60
        elif n > 10:
            continue
        bounds[str(words["minutes"]).format(n=p.number(n))] = (lo, hi)
    for n in range(2, 25):
        bounds[str(words["hours"]).format(n=p.number(n))] = (
            (n - 0.5) * 3600,
            (n + 0.5) * 3600,
        )
    return bounds


@cache
def _readings(language: str) -> _Readings:
    p = phrases(language)
    clocks: dict[str, int] = {}
    for hour in range(24):
        for minute in range(0, 60, CLOCK_STEP_MIN):
            words = p.clock(hour, minute)
            seconds = (hour * 3600 + minute * 60) % _HALF_DAY_S
            for template in (p["at_time"], p["from_time"]):
                clocks[str(template).format(clock=words)] = seconds
    durations = _duration_bounds(p)
    counts = {p.times(n): n for n in range(1, 100)}
    counts |= {
        str(p["others"]["n"]).split("{names}")[0].format(n=p.number(n)).strip(): n
        for n in range(2, 100)
    }
    phrases_all = sorted({*clocks, *durations, *counts}, key=len, reverse=True)
    pattern = re.compile(
        r"(?<!\w)("
        + "|".join(re.escape(phrase) for phrase in phrases_all)
        + r")(?!\w)",
        re.IGNORECASE,
    )
    zero = re.escape(p.number(0))
    one = re.escape(p.number(1))
    never = re.compile(
        # Not inside a number word: "twenty-one times" is no "one times".
        rf"(?<![\w-])({zero}\s+\w+|{one}\s+(minutes|hours|times|Minuten|Stunden|Male))(?!\w)",
        re.IGNORECASE,
    )
    return _Readings(clocks, durations, counts, pattern, never)


def _sentences(text: str) -> list[str]:
    return [part for part in re.split(r"(?<=[.!?])\s+", text) if part]


def _about(sentence: str, events: Sequence[ObservedEvent]) -> list[ObservedEvent]:
    """The events a sentence's claims may be about.

    A sentence naming a person is held to that person's comings and goings
    (not another's), with every other change; one naming no person, to every
    event. (Things are told by many names, "the bed" for a mat named
    "Bed Occupancy"; people by theirs.)
    """
    folded = sentence.casefold()
    named = {
        event.person
        for event in events
        if event.domain == "person"
        and event.person
        and re.search(rf"(?<!\w){re.escape(event.person.casefold())}(?!\w)", folded)
    }
    if not named:
        return list(events)
    return [
        event for event in events if event.domain != "person" or event.person in named
    ]


def _clock_holds(seconds: int, events: Sequence[ObservedEvent], tz: tzinfo) -> bool:
    for event in events:
        local = local_time(event.at, tz)
        at = (local.hour * 3600 + local.minute * 60 + local.second) % _HALF_DAY_S
        gap = abs(at - seconds)
        if min(gap, _HALF_DAY_S - gap) <= CLOCK_TOLERANCE_S:
            return True
    return False


def _duration_holds(
    bounds: tuple[float, float], events: Sequence[ObservedEvent]
) -> bool:
    lo, hi = bounds
    times = sorted(event.at for event in events)
    if lo <= 0:
        return True
    return any(
        lo <= later - earlier <= hi
        for i, earlier in enumerate(times)
        for later in times[i + 1 :]
    )


def _count_holds(count: int, events: Sequence[ObservedEvent]) -> bool:
    by_entity: dict[str, list[ObservedEvent]] = {}
    for event in events:
        by_entity.setdefault(event.entity_id, []).append(event)
    if count <= len(by_entity):  # "three other things": at most the things there
        return True
    for changes in by_entity.values():
        ons = sum(e.new_state in {"on", "open", "unlocked"} for e in changes)
        if count in {len(changes), len(changes) // 2, ons}:
            return True
    return False


def _calendar(
    text: str, events: Sequence[ObservedEvent], tz: tzinfo, p: Phrases
) -> list[Violation]:
    """Parts of the day and weekdays the text names must be the events'."""
    violations = []
    folded = text.casefold()
    parts = {str(time_of_day(local_time(e.at, tz))) for e in events}
    for part, word in p["parts"].items():
        if (
            re.search(rf"(?<!\w){re.escape(str(word).casefold())}", folded)
            and part not in parts
        ):
            violations.append(Violation(str(word), "no event in that part of the day"))
    days = {period_bounds(local_time(e.at, tz))[0].weekday() for e in events}
    for index, word in enumerate(p["weekdays"]):
        if (
            re.search(rf"(?<!\w){re.escape(str(word).casefold())}", folded)
            and index not in days
        ):
            violations.append(Violation(str(word), "no event on that day"))
    return violations


def check(
    text: str,
    events: Sequence[ObservedEvent],
    *,
    tz: tzinfo,
    language: str | None = None,
) -> list[Violation]:
    """Every clock time, duration, count, part of day and weekday `text` states
    that its events do not bear out; empty when it tells the truth."""
    if not events:
        return []
    p = phrases(language)
    readings = _readings(p.language)
    violations = [
        Violation(match.group(0), "never true")
        for match in readings.never.finditer(text)
    ]
    for sentence in _sentences(text):
        about = _about(sentence, events)
        for match in readings.pattern.finditer(sentence):
            claim = match.group(0)
            key = _canonical(claim, readings)
            if key in readings.clocks:
                if not _clock_holds(readings.clocks[key], about, tz):
                    violations.append(Violation(claim, "no event at that time"))
            elif key in readings.durations:
                if not _duration_holds(readings.durations[key], about):
                    violations.append(Violation(claim, "no events that far apart"))
            elif key in readings.counts and not _count_holds(
                readings.counts[key], about
            ):
                violations.append(Violation(claim, "no thing changed that often"))
    violations += _calendar(text, events, tz, p)
    return violations


def claims_read(text: str, *, language: str | None = None) -> int:
    """How many claims `check` reads in `text` (for a count of statements
    checked): phrases that state a time, length or count, words that are
    never true, and the parts of the day and weekdays it names."""
    p = phrases(language)
    readings = _readings(p.language)
    folded = text.casefold()
    named = [*p["parts"].values(), *p["weekdays"]]
    return (
        len(readings.never.findall(text))
        + sum(len(readings.pattern.findall(sentence)) for sentence in _sentences(text))
        + sum(
            bool(re.search(rf"(?<!\w){re.escape(str(word).casefold())}", folded))
            for word in named
        )
    )


def _canonical(claim: str, readings: _Readings) -> str:
    """The table's spelling of a claim matched without regard to case."""
    for table in (readings.clocks, readings.durations, readings.counts):
        if claim in table:
            return claim
    folded = claim.casefold()
    for table in (readings.clocks, readings.durations, readings.counts):
        for key in table:
            if key.casefold() == folded:
                return key
    return claim
