"""When something happened, in the words a person uses.

"yesterday evening, a little after six", "on Tuesday 26 February, a little
after ten", "gestern Abend, kurz nach sechs": relative where that is natural
(today, yesterday, last night), the weekday and date otherwise, the year only
when it is not this one. A span of an hour or more says where it began and
ended. Words and patterns are the language's table (`spoken` in en.json,
de.json); times are read in the zone of `now`. Night hours (before 05:00)
belong to the evening before only in relative words: 02:00 on Wednesday is
"last night" (as in expressions.py), but "on Wednesday 4 March" by date.
A time outside the calendar Python can move across zones is said as
nothing (""), never an error.
"""

from __future__ import annotations

from datetime import date, datetime, time, timedelta
from functools import partial
import re
from typing import Any, Final

from .expressions import PART_HOURS
from .phrases import languages_to_try, phrases
from .seasons import season_of

# A span shorter than this is told as a moment (its start).
_SPAN: Final = timedelta(minutes=45)
_NIGHT_ENDS: Final = 5
# Said as night from this hour (a question's night window starts earlier, at
# PART_HOURS["night"], so it holds an early bedtime; 21:45 is still said as
# "yesterday evening").
_NIGHT_BEGINS: Final = 22


def part_of_day(local: datetime) -> str:
    """morning, afternoon, evening or night (the segmentation's parts)."""
    hour = local.hour
    if hour < _NIGHT_ENDS or hour >= _NIGHT_BEGINS:
        return "night"
    if hour < PART_HOURS["morning"][1]:
        return "morning"
    if hour < PART_HOURS["evening"][0]:
        return "afternoon"
    return "evening"


def clock_words(local: datetime, language: str | None) -> str:
    """A time as people say it: "a little after ten", "gegen halb acht"."""
    table = phrases(language)["spoken"]
    hours: list[str] = table["hours"]
    plain: list[str] = table["hours_plain"]
    hour, minute = local.hour, local.minute
    following = (hour + 1) % 24
    for below, pattern in table["clock"]:
        if minute < below:
            return str(pattern).format(
                h=hours[hour],
                # After midnight is said as midnight: "a quarter past
                # midnight", not "a quarter past twelve" (noon's words).
                hp=hours[hour] if hour == 0 else plain[hour],
                n=hours[following],
                np=plain[following],
            )
    raise AssertionError(minute)  # pragma: no cover - the table ends at 60


def day_words(
    local: datetime,
    now: datetime,
    language: str | None,
    *,
    part: str | None = None,
    plain: bool = False,
    relative: bool = True,
) -> str:
    """The day (and part of it) as said from `now`: "yesterday evening".

    `part` "day" names the whole day ("yesterday", "on Tuesday 26 February").
    `plain`: a date without its preposition, to follow "until" or "from"
    ("until Sunday 1 November", "bis Sonntag, 1. November").
    `relative` False: never "today" or "yesterday" but the date, a part of
    the day named with it ("on the evening of Friday 27 November", "am
    Freitagabend, 27. November"), for a text read on another day.
    """
    table: dict[str, Any] = phrases(language)["spoken"]
    part = part or part_of_day(local)
    day, today = local.date(), now.date()
    back = (today - day).days
    if part == "night":
        # In relative words a night's small hours belong to the day it
        # began on ("last night"); by date they are their own day.
        began = day - timedelta(days=1 if local.hour < _NIGHT_ENDS else 0)
        tonight = today - timedelta(days=1 if now.hour < _NIGHT_ENDS else 0)
        back = (tonight - began).days
        if back > 1:
            back = max(2, (today - day).days)
    if relative and back == 0:
        return str(table["today"][part])
    if relative and back == 1:
        return str(table["yesterday"][part])
    names: list[str] = table["weekday_names"]
    with_year = "" if day.year == now.year else "_with_year"
    pattern = table[("date_plain" if plain else "date") + with_year]
    if not relative and not plain and part in table["date_parts"]:
        # A night is named by the evening it began ("in der Nacht auf
        # Samstag" names the day after).
        began = day - timedelta(days=1 if local.hour < _NIGHT_ENDS else 0)
        after = began + timedelta(days=1)
        return str(table["date_parts"][part]).format(
            weekday=names[began.weekday()],
            date=str(table["date_plain" + with_year]).format(
                weekday=names[began.weekday()],
                day=began.day,
                month=table["month_names"][began.month - 1],
                year=began.year,
            ),
            day_month=str(table["day_month" + with_year]).format(
                day=began.day,
                month=table["month_names"][began.month - 1],
                year=began.year,
            ),
            next_date=str(table["date_plain" + with_year]).format(
                weekday=names[after.weekday()],
                day=after.day,
                month=table["month_names"][after.month - 1],
                year=after.year,
            ),
        )
    return str(pattern).format(
        weekday=names[day.weekday()],
        day=day.day,
        month=table["month_names"][day.month - 1],
        year=day.year,
    )


def _window_part(start: datetime, end: datetime) -> str | None:
    """ "day" or the part of the day a window from time words spans, if it is one."""
    hours = (end.timestamp() - start.timestamp()) / 3600
    if start.minute or start.second or end.minute:
        return None
    if start.hour == 0 and hours >= 23:  # a whole day (23 or 25 across DST)
        return "day" if hours <= 25 else None
    for part, (first, last) in PART_HOURS.items():
        if part != "noon" and start.hour == first and abs(hours - (last - first)) <= 1:
            return part
    return None


def _named_span(
    first: date, after: date, now: datetime, table: dict[str, Any]
) -> str | None:
    """The days [`first`, `after`) said by the year, month or season they
    are ("in 2025", "in October", "in summer 2026", "im Winter 2025/26");
    None for other days."""
    next_month = date(first.year + first.month // 12, first.month % 12 + 1, 1)
    if (first.month, first.day) == (1, 1) and after == first.replace(
        year=first.year + 1
    ):
        return str(table["year"]).format(year=first.year)
    if first.day == 1 and after == next_month:
        key = "month" if first.year == now.year else "month_with_year"
        return str(table[key]).format(
            month=table["month_names"][first.month - 1], year=first.year
        )
    if (season := season_of(first, after, now.tzinfo)) is None:
        return None
    last = after - timedelta(days=1)
    year = f"{first.year}" if last.year == first.year else f"{first.year}/{last:%y}"
    return str(table["season"]).format(season=table["season_names"][season], year=year)


def _whole_days(
    start: datetime,
    end: datetime,
    now: datetime,
    language: str | None,
    relative: bool = True,
) -> str | None:
    """Days from midnight to midnight, as time words named them ("in
    October", "in the week of Monday 16 November", "from Saturday 28
    February to Sunday 1 March"); None for
    other spans. A clock at midnight would say "around midnight" twice."""
    if any((start.hour, start.minute, start.second, end.hour, end.minute, end.second)):
        return None
    first, after = start.date(), end.date()
    if after <= first:
        return None
    table = phrases(language)["spoken"]
    if (named := _named_span(first, after, now, table)) is not None:
        return named
    said = partial(day_words, part="day", plain=True, relative=relative)
    if first.weekday() == 0 and after - first == timedelta(days=7) and "week" in table:
        # "Two weeks ago", "last week": a week, not seven days of it ("from
        # Monday … to Sunday …" told a flat tyre as lasting a week, s23).
        return str(table["week"]).format(day=said(start, now, language))
    last = datetime.combine(after - timedelta(days=1), time(12), tzinfo=start.tzinfo)
    return str(table["days"]).format(
        day=said(start, now, language), until_day=said(last, now, language)
    )


def say_when(
    start: datetime,
    end: datetime | None,
    *,
    now: datetime,
    language: str | None,
    relative: bool = True,
) -> str:
    """When an event (start, maybe end) happened, said from `now`; "" for
    a time the calendar cannot say (a year 1 stored before it was refused).
    `relative` False: by date only, never "yesterday" (`day_words`)."""
    try:
        return _said(start, end, now=now, language=language, relative=relative)
    except OverflowError, ValueError:
        return ""


def say_day(start: datetime, *, now: datetime, language: str | None) -> str:
    """The day and part of it `start` fell in, said from `now` ("this
    morning", "on Tuesday evening"), no clock; "" for a time the calendar
    cannot say (`say_when`)."""
    try:
        return day_words(start.astimezone(now.tzinfo), now, language)
    except OverflowError, ValueError:
        return ""


def _said(
    start: datetime,
    end: datetime | None,
    *,
    now: datetime,
    language: str | None,
    relative: bool,
) -> str:
    table = phrases(language)["spoken"]
    zone = now.tzinfo
    local = start.astimezone(zone)
    if end is not None:
        until = end.astimezone(zone)
        if (part := _window_part(local, until)) is not None:
            # A day or part of one, as a statement named it: no clock.
            return day_words(local, now, language, part=part, relative=relative)
        if (days := _whole_days(local, until, now, language, relative)) is not None:
            return days
    day = day_words(local, now, language, relative=relative)
    clock = clock_words(local, language)
    if end is None or end.timestamp() - start.timestamp() < _SPAN.total_seconds():
        return str(table["at"]).format(day=day, clock=clock)
    if day_words(until, now, language, relative=relative) == day:
        return str(table["span"]).format(
            day=day, clock=clock, until=clock_words(until, language)
        )
    return str(table["span_days"]).format(
        day=day,
        clock=clock,
        # "until Sunday 1 November", "bis Sonntag, 1. November": no "on"/"am".
        until_day=day_words(until, now, language, plain=True, relative=relative),
        until=clock_words(until, language),
    )


def opening_date(text: str) -> tuple[int, str] | None:
    """Where a date this module writes for a stored statement ends when
    `text` opens with one ("On the night of Monday 30 November, around
    three", "In der Nacht auf Dienstag, 1. Dezember"), with its language;
    None where it opens otherwise. "last night Ben got up" is stored so
    (`restate`), and who it is about follows the date (review s31 M1)."""
    for language, pattern in _OPENINGS.items():
        if (found := pattern.match(text)) is not None:
            return found.end(), language
    return None


_PLACEHOLDER: Final = re.compile(r"\{(\w+)\}")


def _template_pattern(template: str, fills: dict[str, str]) -> str:
    """A spoken template as a pattern: its words as written, each
    placeholder the pattern `fills` gives it."""
    parts = _PLACEHOLDER.split(template)
    return "".join(
        fills[part] if number % 2 else re.escape(part)
        for number, part in enumerate(parts)
    )


def _opening(table: dict[str, Any]) -> re.Pattern[str]:
    """The dates `day_words` and `_whole_days` write by date (not relative,
    as `restate` stores them), a clock after them, at a text's start."""
    names = "|".join(re.escape(str(name)) for name in table["weekday_names"])
    months = "|".join(re.escape(str(name)) for name in table["month_names"])
    plain = {"weekday": f"(?:{names})", "day": r"\d{1,2}", "month": f"(?:{months})"}
    plain |= {"next_weekday": plain["weekday"], "year": r"\d{4}"}

    def either(*keys: str, fills: dict[str, str] = plain) -> str:
        # The longer form first: "Monday 30 November 2025", not its start.
        said = (_template_pattern(str(table[key]), fills) for key in keys)
        return "(?:" + "|".join(said) + ")"

    dated = either("date_plain_with_year", "date_plain")
    fills = plain | {"date": dated, "next_date": dated, "until_day": dated}
    fills |= {"day_month": either("day_month_with_year", "day_month")}
    days = {**fills, "day": dated}
    said = [
        either("date_with_year", "date"),
        *(_template_pattern(str(part), fills) for part in table["date_parts"].values()),
        either("month_with_year", "month", "year"),
        *(either(key, fills=days) for key in ("week", "days") if key in table),
    ]
    word = r"[^\W\d_]+"
    hour = dict.fromkeys(("h", "hp", "n", "np"), word)
    clocks = sorted((str(said) for _, said in table["clock"]), key=len, reverse=True)
    clock = "|".join(_template_pattern(said, hour) for said in clocks)
    return re.compile(
        rf"\s*(?:{'|'.join(said)})(?:,?\s+(?:{clock}))?(?![\w.])[\s,]*",
        re.IGNORECASE,
    )


_OPENINGS: Final = {
    language: _opening(phrases(language)["spoken"])
    for language in languages_to_try(None)
}
