"""Months and years, and part of a month or a week (its thirds, a month's
weeks and weekends), as days.

"Early November" is 1-10 November, "late last week" Friday to Sunday, "the
second week of November" / "die zweite Novemberwoche" 8-14 November, "the
last week of October" 25-31 October, "the first weekend of November" the
weekend of its first Saturday, "the weekend of the 7th" the weekend that
day is in or nearest and "the week of the 16th" the week (Monday to Sunday)
it is in. Pure date arithmetic: the window a time expression
names is narrowed here (`expressions._resolve`).

In more words: docs/time.md, "A third of a month or week", "A week of a
month" and "The weekend of a date".
"""

from __future__ import annotations

from datetime import date, timedelta
from typing import Final

SATURDAY: Final = 5
# Days a unit of time words spans, about ("in the last two months").
UNIT_DAYS: Final = {"day": 1, "week": 7, "month": 30, "year": 365}
# Time words count no further than this many years.
_CENTURY: Final = 100
_LAST_YEAR: Final = 9998

# The days of a week each third spans, Monday 0 (they share a day: "late
# last week" holds Friday, so does "mid").
_WEEK_THIRDS: Final = {"early": (0, 3), "mid": (2, 5), "late": (4, 7)}
# The days of a month: 1-10, 11-20, 21 to its end.
_MONTH_THIRDS: Final = {"early": (0, 10), "mid": (10, 20), "late": (20, 31)}
# Days in a week of a month: days 1-7 are its first, 8-14 its second ...
_WEEK_DAYS: Final = 7
# The ordinal that names a month's last week ("the last week of October").
LAST_WEEK: Final = -1


def month_days(today: date, offset: int, month: int | None = None) -> tuple[date, date]:
    """The month `offset` months from `today`'s (or from `month` of its
    year), as its first day and the first day of the month after."""
    index = today.year * 12 + (today.month if month is None else month) - 1 + offset
    year, month0 = divmod(index, 12)
    after = date(year + (month0 + 1) // 12, (month0 + 1) % 12 + 1, 1)
    return date(year, month0 + 1, 1), after


def year_days(year: int) -> tuple[date, date] | None:
    """A year ("in 2024", "last year"), as its 1 January and the next
    year's; None for one the calendar cannot hold."""
    if not 1 <= year <= _LAST_YEAR:
        return None
    return date(year, 1, 1), date(year + 1, 1, 1)


def counted_days(
    today: date, count: int, unit: str, *, whole_week: bool
) -> tuple[date, date] | None:
    """The day, week, month or year `count` such units from `today` (back
    when negative: "two weeks ago" -2, "in three days" 3), as its first day
    and the day after its last; a week is the day a week on, unless
    `whole_week` ("in a week" is that day, "a week ago" that week). None
    past a century."""
    if unit == "month":
        return month_days(today, count)
    if unit == "year":
        return year_days(today.year + count) if abs(count) <= _CENTURY else None
    days = count * UNIT_DAYS[unit]
    if abs(days) > _CENTURY * UNIT_DAYS["year"]:
        return None
    day = today + timedelta(days=days)
    if unit == "week" and whole_week:
        monday = day - timedelta(days=day.weekday())
        return monday, monday + timedelta(days=_WEEK_DAYS)
    return day, day + timedelta(days=1)


def third_of(first: date, after: date, third: str) -> tuple[date, date]:
    """The first, middle or last third ("early", "mid", "late") of the week
    or month from `first` up to `after` (exclusive), as its first day and
    the day after its last."""
    days = (after - first).days
    start, end = (_WEEK_THIRDS if days == _WEEK_DAYS else _MONTH_THIRDS)[third]
    return first + timedelta(days=start), first + timedelta(days=min(end, days))


def week_of_month(first: date, after: date, ordinal: int) -> tuple[date, date] | None:
    """The `ordinal`th week of the month from `first` up to `after`
    (exclusive): days 1-7, 8-14, 15-21, 22-28, and the fifth from the 29th
    to the month's end; `LAST_WEEK` its last seven days. None where the
    month has no such week (a fifth week of a February of 28 days)."""
    if ordinal == LAST_WEEK:
        return after - timedelta(days=_WEEK_DAYS), after
    start = first + timedelta(days=_WEEK_DAYS * (ordinal - 1))
    if ordinal < 1 or start >= after:
        return None
    return start, min(start + timedelta(days=_WEEK_DAYS), after)


def weekend_around(day: date) -> tuple[date, date]:
    """The weekend (its Saturday and the Monday after) `day` is in
    (Saturday, Sunday), starts (Friday) or is nearest: Monday and Tuesday
    the one before, Wednesday and Thursday the one after (Wednesday, as
    far from both, its own week's)."""
    weekday = day.weekday()
    if weekday < 2:
        return _weekend(day - timedelta(days=weekday + 2))
    if weekday == 6:
        return _weekend(day - timedelta(days=1))
    return _weekend(day + timedelta(days=SATURDAY - weekday))


def week_around(day: date) -> tuple[date, date]:
    """The week (Monday to the Monday after) `day` is in: "the week of 16
    November", "die Woche vom 16. November"."""
    monday = day - timedelta(days=day.weekday())
    return monday, monday + timedelta(days=_WEEK_DAYS)


def weekend_of_month(
    first: date, after: date, ordinal: int
) -> tuple[date, date] | None:
    """The `ordinal`th weekend (its Saturday and the Monday after) of the
    month from `first` up to `after` (exclusive): the weekend of its first,
    second ... Saturday
    (its Sunday may be the next month's: the last weekend of October 2026
    is 31 October and 1 November); `LAST_WEEK` its last Saturday's. None
    where the month has no such Saturday."""
    saturdays = []
    day = first + timedelta(days=(SATURDAY - first.weekday()) % 7)
    while day < after:
        saturdays.append(day)
        day += timedelta(days=_WEEK_DAYS)
    if ordinal == LAST_WEEK:
        ordinal = len(saturdays)
    return _weekend(saturdays[ordinal - 1]) if 1 <= ordinal <= len(saturdays) else None


def _weekend(saturday: date) -> tuple[date, date]:
    return saturday, saturday + timedelta(days=2)
