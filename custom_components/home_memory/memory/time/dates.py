"""Which day a date said without its year or month is, by tense.

"On 4 December" asked on 29 November: the past one in the past tense, the
coming one for a plan, else the nearest (half a year either side); with its
weekday ("Friday 4 December") the year near now it falls on that weekday;
"the 12th" the same over the months a year either side. Pure date
arithmetic for `expressions.py`. In more words: docs/time.md, "A date
without a year".
"""

from __future__ import annotations

import calendar
from datetime import date
from typing import Final


def valid_date(year: int, month: int, day: int) -> date | None:
    """The date, or None where the month has no such day (or the year is
    beyond what a date holds)."""
    if not 1 <= year <= 9998 or day > calendar.monthrange(year, month)[1]:
        return None
    return date(year, month, day)


def nearest_date(
    today: date, month: int, day: int, future: bool | None, weekday: int | None
) -> date | None:
    """A day and month without a year: the last one (`future` False: the
    past tense), the coming one (True: a plan), else the nearest one, half
    a year either side. Named with its weekday ("Friday 4 December"), the
    year within one either side it falls on that weekday, the tense's
    first; the date alone if none does (never years away). 29 February
    without a leap year near: the tense's one up to eight years away."""
    days = [
        found
        for year in range(today.year - 8, today.year + 9)
        if (found := valid_date(year, month, day)) is not None
    ]
    if weekday is not None:
        near = [
            found
            for found in days
            if abs((found - today).days) <= _NEAR_DAYS and found.weekday() == weekday
        ]
        if near:
            return _by_tense(near, today, future) or _by_tense(near, today, None)
    return _by_tense(days, today, future)


# A date "near" today for its weekday to pick its year: a year either side.
_NEAR_DAYS: Final = 366


def _by_tense(days: list[date], today: date, future: bool | None) -> date | None:
    """Of `days` (sorted), the last not after today (`future` False), the
    first not before it (True), or the nearest within a year (None; a tie
    is the past; the last one when none is that near)."""
    if future is False:
        return next((found for found in reversed(days) if found <= today), None)
    if future is True:
        return next((found for found in days if found >= today), None)
    near = [found for found in days if abs((found - today).days) <= _NEAR_DAYS]
    if not near:
        # 29 February with no leap year near: the last one.
        return _by_tense(days, today, False)
    return min(near, key=lambda found: (abs((found - today).days), found > today))


def day_of_recent_month(today: date, day: int, future: bool | None) -> date | None:
    """The `day`th of a month ("the 12th"): the last not after today, the
    next (ahead), or the nearest (no tense), within a year."""
    days = []
    for offset in range(-13, 14):
        year, month0 = divmod(today.year * 12 + today.month - 1 + offset, 12)
        found = valid_date(year, month0 + 1, day)
        if found is not None:
            days.append(found)
    return _by_tense(days, today, future)
