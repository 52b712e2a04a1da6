"""When something happened, in the words a person uses.

"yesterday evening, a little after six", "on Tuesday 26 February, a little
after ten", "gestern Abend, kurz nach sechs": relative where that is natural
(today, yesterday, last night), the weekday and date otherwise, the year only
when it is not this one. A span of an hour or more says where it began and
ended. Words and patterns are the language's table (`spoken` in en.json,
de.json); times are read in the zone of `now`. Night hours (before 05:00)
belong to the evening before: 02:00 on Wednesday is "last night", as in
expressions.py.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any, Final

from .expressions import PART_HOURS
from .phrases import phrases

# A span shorter than this is told as a moment (its start).
_SPAN: Final = timedelta(minutes=45)
_NIGHT_ENDS: Final = 5


def part_of_day(local: datetime) -> str:
    """morning, afternoon, evening or night (the segmentation's parts)."""
    hour = local.hour
    if hour < _NIGHT_ENDS or hour >= PART_HOURS["night"][0]:
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
                hp=plain[hour],
                n=hours[following],
                np=plain[following],
            )
    raise AssertionError(minute)  # pragma: no cover - the table ends at 60


def day_words(local: datetime, now: datetime, language: str | None) -> str:
    """The day (and part of it) as said from `now`: "yesterday evening"."""
    table: dict[str, Any] = phrases(language)["spoken"]
    part = part_of_day(local)
    # A night's small hours belong to the day it began on.
    day = local.date() - timedelta(days=1 if local.hour < _NIGHT_ENDS else 0)
    today = now.date() - timedelta(days=1 if now.hour < _NIGHT_ENDS else 0)
    if part != "night":
        day, today = local.date(), now.date()
    back = (today - day).days
    names: list[str] = table["weekday_names"]
    if back == 0:
        return str(table["today"][part])
    if back == 1:
        return str(table["yesterday"][part])
    pattern = table["date" if day.year == now.year else "date_with_year"]
    return str(pattern).format(
        weekday=names[day.weekday()],
        day=day.day,
        month=table["month_names"][day.month - 1],
        year=day.year,
    )


def say_when(
    start: datetime,
    end: datetime | None,
    *,
    now: datetime,
    language: str | None,
) -> str:
    """When an event (start, maybe end) happened, said from `now`."""
    table = phrases(language)["spoken"]
    zone = now.tzinfo
    local = start.astimezone(zone)
    day = day_words(local, now, language)
    clock = clock_words(local, language)
    if end is None or end.timestamp() - start.timestamp() < _SPAN.total_seconds():
        return str(table["at"]).format(day=day, clock=clock)
    until = end.astimezone(zone)
    until_day = day_words(until, now, language)
    if until_day == day:
        return str(table["span"]).format(
            day=day, clock=clock, until=clock_words(until, language)
        )
    return str(table["span_days"]).format(
        day=day,
        clock=clock,
        until_day=until_day,
        until=clock_words(until, language),
    )
