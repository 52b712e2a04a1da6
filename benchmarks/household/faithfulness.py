"""A second opinion on what a memory states: every clock time, time of day,
date, duration and count read from its text and checked against the events
it was told from (its provenance).

Written for the benchmark alone, from the words a person uses, without
calling anything of the narrator: if both shared a mistake, this would not
find it. Lenient where speech is vague ("around six" is 17:50-18:10, "about
ten minutes" 7-13), strict where it is wrong: a time no event is near, a
length no span of the events has, "zero minutes", "one minutes", "twice"
for something that happened once, "morning" for three at night.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from itertools import pairwise
import re
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from collections.abc import Sequence
    from zoneinfo import ZoneInfo


@dataclass(frozen=True, slots=True)
class ToldEvent:
    """What the checker needs of a provenance event."""

    at: float
    entity_id: str
    old_state: str | None
    new_state: str


@dataclass(frozen=True, slots=True)
class Statement:
    """One claim found in a text, and whether the events bear it out."""

    kind: str  # clock, part_of_day, date, duration, count, grammar
    phrase: str
    true: bool


_NUMBERS: Final = {
    "zero": 0, "no": 0, "one": 1, "a": 1, "an": 1, "two": 2, "three": 3, "four": 4,
    "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
    "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
    "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20,
    "twenty-five": 25, "thirty": 30, "forty": 40, "forty-five": 45, "fifty": 50,
    "sixty": 60, "ninety": 90,
}  # fmt: skip
_HOURS: Final = {
    **{w: n for w, n in _NUMBERS.items() if 1 <= n <= 12 and w not in {"a", "an"}},
    "midnight": 0,
    "noon": 12,
    "midday": 12,
}
_TENS: Final = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60,
    "seventy": 70, "eighty": 80, "ninety": 90}  # fmt: skip
_UNITS: Final = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
_NUM: Final = (
    r"(?<![\w-])(?:\d+|(?:"
    + "|".join(_TENS)
    + r")-(?:"
    + "|".join(_UNITS)
    + r")|"
    + "|".join(sorted(_NUMBERS, key=len, reverse=True))
    + r")"
)
_HOUR: Final = r"(?:\d{1,2}|" + "|".join(sorted(_HOURS, key=len, reverse=True)) + r")"
# Minutes relative to the named hour that a phrase allows: (earliest, latest).
_OFFSETS: Final = {
    "five past": (1, 9), "ten past": (5, 15), "a quarter past": (8, 23),
    "quarter past": (8, 23), "twenty past": (15, 25), "half past": (20, 40),
    "twenty to": (-25, -15), "a quarter to": (-23, -7), "quarter to": (-23, -7),
    "ten to": (-15, -5), "five to": (-9, -1),
}  # fmt: skip
_LEADS: Final = {
    "a little after": (0, 25), "shortly after": (0, 25), "just after": (0, 15),
    "soon after": (0, 25), "just before": (-15, 0), "shortly before": (-15, 0),
    "a little before": (-20, 0),
}  # fmt: skip
_SLACK_MIN: Final = 3.0
_CLOCK_DIGITS: Final = re.compile(
    r"\b(\d{1,2})[:.](\d{2})\s*(am|pm|a\.m\.|p\.m\.)?", re.IGNORECASE
)
_CLOCK_WORDS: Final = re.compile(
    r"\b(?P<lead>a little after|shortly after|just after|soon after|just before|"
    r"shortly before|a little before|around|at about|about|at|by|until|till|from)\s+"
    r"(?P<offset>(?:a )?quarter past|(?:a )?quarter to|half past|five past|ten past|"
    r"twenty past|twenty to|ten to|five to)?\s*"
    rf"(?P<hour>{_HOUR})(?:\s*o'clock)?\b(?![:.]\d)"
    r"(?!\s*(?:minutes?|hours?|seconds?|times?|of|things?|other|more|smaller|people|"
    r"persons?|doors?|lights?|days?|weeks?|nights?|-))",
    re.IGNORECASE,
)
_DURATION: Final = re.compile(
    rf"\b(?P<num>{_NUM}|half an|a couple of)\s+(?P<unit>seconds?|minutes?|hours?)\b",
    re.IGNORECASE,
)
_COUNT: Final = re.compile(
    rf"\b(?:(?P<word>once|twice|three times)|(?P<num>{_NUM})\s+times)\b", re.IGNORECASE
)
_PARTS: Final = {
    # Hours (local) that a part of the day may name, with an hour's slack.
    "morning": (4, 13),
    "afternoon": (11, 19),
    "evening": (16, 24),
    "at night": (21, 31),
    "during the night": (21, 31),
    "in the night": (21, 31),
    "overnight": (21, 31),
    "midnight": (23, 25),
}
_PART: Final = re.compile(
    r"\b(this morning|in the morning|morning|afternoon|evening|at night|"
    r"during the night|in the night|overnight)\b",
    re.IGNORECASE,
)
_SMALL_HOURS: Final = re.compile(
    r"\b(?:one|two|three|four|five|[1-5])(?:\s*o'clock)?\s+$", re.IGNORECASE
)
_WEEKDAYS: Final = (
    "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
)  # fmt: skip
_MONTHS: Final = (
    "january", "february", "march", "april", "may", "june", "july", "august",
    "september", "october", "november", "december",
)  # fmt: skip
_DATE: Final = re.compile(
    r"\b(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?(" + "|".join(_MONTHS) + r")\b",
    re.IGNORECASE,
)
_WEEKDAY: Final = re.compile(r"\b(" + "|".join(_WEEKDAYS) + r")\b", re.IGNORECASE)
_ON_STATES: Final = frozenset(
    {"on", "open", "opening", "playing", "home", "unlocked", "detected"}
)


def _number(word: str) -> float:
    word = word.lower()
    if word == "half an":
        return 0.5
    if word == "a couple of":
        return 2
    if word.isdigit():
        return float(word)
    if "-" in word and word.split("-")[0] in _TENS:
        tens, unit = word.split("-", 1)
        return float(_TENS[tens] + _UNITS.index(unit) + 1)
    return float(_NUMBERS[word])


def _minutes_of_day(events: Sequence[ToldEvent], tz: ZoneInfo) -> list[float]:
    out = []
    for event in events:
        local = datetime.fromtimestamp(event.at, tz)
        out.append(local.hour * 60 + local.minute + local.second / 60)
    return out


def _near(minutes: list[float], low: float, high: float) -> bool:
    """Some event's time of day in [low, high] minutes (mod a day)."""
    low, high = low - _SLACK_MIN, high + _SLACK_MIN
    for m in minutes:
        for shift in (-1440.0, 0.0, 1440.0):
            if low <= m + shift <= high:
                return True
    return False


def _clock(text: str, minutes: list[float]) -> list[Statement]:
    found: list[Statement] = []
    for match in _CLOCK_DIGITS.finditer(text):
        hour, minute = int(match[1]), int(match[2])
        if hour > 23 or minute > 59:
            continue
        meridiem = (match[3] or "").lower().replace(".", "")
        hours = [hour]
        if meridiem == "pm" and hour < 12:
            hours = [hour + 12]
        elif meridiem == "am" and hour == 12:
            hours = [0]
        elif not meridiem and hour <= 12:
            hours = [hour % 12, hour % 12 + 12]
        ok = any(
            _near(minutes, h * 60 + minute - 2, h * 60 + minute + 2) for h in hours
        )
        found.append(Statement("clock", match[0], ok))
    for match in _CLOCK_WORDS.finditer(text):
        word = match["hour"].lower()
        if word.isdigit():
            hour = int(word)
            if hour > 12:
                continue
        else:
            hour = _HOURS[word]
        lead = match["lead"].lower()
        offset = (match["offset"] or "").lower()
        if offset:
            low, high = _OFFSETS[offset]
        elif lead in _LEADS:
            low, high = _LEADS[lead]
        else:
            low, high = -10, 10
        hours = (
            [hour % 12, hour % 12 + 12] if word not in {"midnight", "noon"} else [hour]
        )
        ok = any(_near(minutes, h * 60 + low, h * 60 + high) for h in hours)
        found.append(Statement("clock", match[0], ok))
    return found


def _spans(events: Sequence[ToldEvent]) -> list[float]:
    """Lengths (seconds) a duration may be about: the whole, from its start or
    to its end, an entity's time in one state, the gaps between changes."""
    ats = sorted(e.at for e in events)
    if not ats:
        return []
    spans = [ats[-1] - ats[0]]
    spans += [a - ats[0] for a in ats] + [ats[-1] - a for a in ats]
    spans += [b - a for a, b in pairwise(ats)]
    by_entity: dict[str, list[float]] = {}
    for event in sorted(events, key=lambda e: e.at):
        by_entity.setdefault(event.entity_id, []).append(event.at)
    for times in by_entity.values():
        spans += [b - a for a, b in pairwise(times)]
        spans.append(times[-1] - times[0])
    return spans


def _durations(text: str, events: Sequence[ToldEvent]) -> list[Statement]:
    found: list[Statement] = []
    spans = _spans(events)
    for match in _DURATION.finditer(text):
        num_word, unit = match["num"].lower(), match["unit"].lower()
        value = _number(num_word)
        if value == 0:
            found.append(Statement("duration", match[0], False))
            continue
        if value == 1 and unit.endswith("s") and num_word not in {"a couple of"}:
            found.append(Statement("grammar", match[0], False))
            continue
        scale = {"second": 1, "minute": 60, "hour": 3600}[unit.rstrip("s")]
        stated = value * scale
        tolerance = max(0.3 * stated, 90.0 if scale >= 60 else 5.0)
        ok = any(abs(span - stated) <= tolerance for span in spans)
        found.append(Statement("duration", match[0], ok))
    return found


def _counts(text: str, events: Sequence[ToldEvent]) -> list[Statement]:
    found: list[Statement] = []
    changes: dict[str, int] = {}
    ons: dict[str, int] = {}
    for event in events:
        changes[event.entity_id] = changes.get(event.entity_id, 0) + 1
        if event.new_state.lower() in _ON_STATES:
            ons[event.entity_id] = ons.get(event.entity_id, 0) + 1
    possible = set(changes.values()) | set(ons.values())
    for match in _COUNT.finditer(text):
        if match["word"]:
            value = {"once": 1, "twice": 2, "three times": 3}[match["word"].lower()]
        else:
            value = int(_number(match["num"]))
        found.append(Statement("count", match[0], value > 0 and value in possible))
    return found


def _parts_of_day(
    text: str, events: Sequence[ToldEvent], tz: ZoneInfo
) -> list[Statement]:
    found: list[Statement] = []
    hours = [m / 60 for m in _minutes_of_day(events, tz)]
    for match in _PART.finditer(text):
        if _SMALL_HOURS.search(text[: match.start()]):
            continue  # "three in the morning": the clock time says it
        phrase = match[0].lower().removeprefix("this ").removeprefix("in the ")
        low, high = _PARTS.get(phrase, _PARTS.get(match[0].lower(), (0, 24)))
        ok = any(low <= h <= high or low <= h + 24 <= high for h in hours)
        found.append(Statement("part_of_day", match[0], ok))
    return found


def _dates(text: str, events: Sequence[ToldEvent], tz: ZoneInfo) -> list[Statement]:
    found: list[Statement] = []
    days = {datetime.fromtimestamp(e.at, tz).date() for e in events}
    # "Tuesday night" is about the small hours of Wednesday too.
    nights = {
        (datetime.fromtimestamp(e.at, tz) - timedelta(hours=6)).date() for e in events
    }
    for match in _WEEKDAY.finditer(text):
        index = _WEEKDAYS.index(match[1].lower())
        # "Monday night" may be the small hours of Tuesday; "Monday" alone not.
        night = text[match.end() :].lower().startswith(" night")
        allowed = days | nights if night else days
        found.append(
            Statement("date", match[0], any(d.weekday() == index for d in allowed))
        )
    for match in _DATE.finditer(text):
        day, month = int(match[1]), _MONTHS.index(match[2].lower()) + 1
        ok = any(d.day == day and d.month == month for d in days)
        found.append(Statement("date", match[0], ok))
    return found


def check(text: str, events: Sequence[ToldEvent], tz: ZoneInfo) -> list[Statement]:
    """Every claim of time, date, length and count in `text`, judged."""
    if not events:
        return []
    minutes = _minutes_of_day(events, tz)
    return [
        *_clock(text, minutes),
        *_parts_of_day(text, events, tz),
        *_dates(text, events, tz),
        *_durations(text, events),
        *_counts(text, events),
    ]
