"""A month's thirds, weeks and weekends, a week's thirds and the weekend of a day."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from custom_components.home_memory.memory.time.expressions import read_question
from custom_components.home_memory.memory.time.spans import (
    LAST_WEEK,
    counted_days,
    month_days,
    third_of,
    week_around,
    week_of_month,
    weekend_around,
    weekend_of_month,
    year_days,
)

NOVEMBER = (date(2026, 11, 1), date(2026, 12, 1))
FEBRUARY = (date(2026, 2, 1), date(2026, 3, 1))


@pytest.mark.parametrize(
    ("ordinal", "first", "after"),
    [
        (1, date(2026, 11, 1), date(2026, 11, 8)),
        (2, date(2026, 11, 8), date(2026, 11, 15)),
        (3, date(2026, 11, 15), date(2026, 11, 22)),
        (4, date(2026, 11, 22), date(2026, 11, 29)),
        (5, date(2026, 11, 29), date(2026, 12, 1)),
        (LAST_WEEK, date(2026, 11, 24), date(2026, 12, 1)),
    ],
)
def test_the_weeks_of_a_month_are_its_days_by_seven(
    ordinal: int, first: date, after: date
) -> None:
    """Days 1-7, 8-14, 15-21, 22-28, the rest; the last: its last seven."""
    assert week_of_month(*NOVEMBER, ordinal) == (first, after)


def test_a_month_without_that_week() -> None:
    """February 2026 has 28 days: no fifth week; its last is 22-28."""
    assert week_of_month(*FEBRUARY, 5) is None
    assert week_of_month(*FEBRUARY, 0) is None
    assert week_of_month(*FEBRUARY, LAST_WEEK) == (date(2026, 2, 22), date(2026, 3, 1))


def test_thirds_of_a_month_and_of_a_week() -> None:
    """A month's: 1-10, 11-20, 21 to its end; a week's: Monday-Wednesday,
    Wednesday-Friday, Friday-Sunday."""
    assert third_of(*NOVEMBER, "early") == (date(2026, 11, 1), date(2026, 11, 11))
    assert third_of(*NOVEMBER, "late") == (date(2026, 11, 21), date(2026, 12, 1))
    assert third_of(*FEBRUARY, "late") == (date(2026, 2, 21), date(2026, 3, 1))
    monday = date(2026, 11, 16)
    week = (monday, date(2026, 11, 23))
    assert third_of(*week, "early") == (monday, date(2026, 11, 19))
    assert third_of(*week, "mid") == (date(2026, 11, 18), date(2026, 11, 21))
    assert third_of(*week, "late") == (date(2026, 11, 20), date(2026, 11, 23))


@pytest.mark.parametrize(
    ("day", "saturday"),
    [
        (date(2026, 11, 7), date(2026, 11, 7)),  # a Saturday: its weekend
        (date(2026, 11, 8), date(2026, 11, 7)),  # a Sunday
        (date(2026, 11, 6), date(2026, 11, 7)),  # a Friday starts it
        (date(2026, 11, 9), date(2026, 11, 7)),  # Monday: the one before
        (date(2026, 11, 10), date(2026, 11, 7)),  # Tuesday
        (date(2026, 11, 11), date(2026, 11, 14)),  # Wednesday: its week's
        (date(2026, 11, 12), date(2026, 11, 14)),  # Thursday: the one after
    ],
)
def test_the_weekend_a_day_is_in_starts_or_is_nearest(
    day: date, saturday: date
) -> None:
    """Its own, the one it starts, else the nearer one (Wednesday: after)."""
    assert weekend_around(day) == (saturday, saturday + timedelta(days=2))


def test_the_weekends_of_a_month_are_its_saturdays() -> None:
    """November 2026 begins on a Sunday: its first weekend is the 7th-8th
    (the 1st is October's last weekend's Sunday); it has four; October's
    last weekend ends on 1 November."""
    assert weekend_of_month(*NOVEMBER, 1) == (date(2026, 11, 7), date(2026, 11, 9))
    assert weekend_of_month(*NOVEMBER, 2) == (date(2026, 11, 14), date(2026, 11, 16))
    assert weekend_of_month(*NOVEMBER, LAST_WEEK) == (
        date(2026, 11, 28),
        date(2026, 11, 30),
    )
    assert weekend_of_month(*NOVEMBER, 5) is None
    assert weekend_of_month(*NOVEMBER, 0) is None
    october = (date(2026, 10, 1), date(2026, 11, 1))
    assert weekend_of_month(*october, 5) == (date(2026, 10, 31), date(2026, 11, 2))
    assert weekend_of_month(*october, LAST_WEEK) == weekend_of_month(*october, 5)


# Wednesday 2 December 2026, 20:05 in Berlin (month-long review s19, F0).
DECEMBER_2 = datetime(2026, 12, 2, 20, 5, tzinfo=ZoneInfo("Europe/Berlin"))

# question | language | the weekend's Saturday (Berlin, at DECEMBER_2)
WEEKENDS = """
what did we do on the weekend of the 7th | en | 2026-11-07
what did we do on the weekend of November 7 | en | 2026-11-07
what did we do the weekend of 8 November | en | 2026-11-07
what did we do on the weekend of the 14th | en | 2026-11-14
what did we do the weekend of Friday 13 November | en | 2026-11-14
what did we do the first weekend of November | en | 2026-11-07
what did we do on the second weekend of November | en | 2026-11-14
what happened on the last weekend of October | en | 2026-10-31
what did we do the second weekend of last month | en | 2026-11-14
what are we doing the first weekend of next month | en | 2027-01-02
what are we doing on the weekend of the 12th | en | 2026-12-12
was haben wir am Wochenende vom 7. gemacht | de | 2026-11-07
was haben wir am ersten Novemberwochenende gemacht | de | 2026-11-07
was war am Wochenende des 14. November | de | 2026-11-14
was war am Wochenende vom 7.11.2026 | de | 2026-11-07
was haben wir am zweiten Wochenende im November gemacht | de | 2026-11-14
was war am letzten Wochenende im Oktober | de | 2026-10-31
was haben wir am zweiten Wochenende des letzten Monats gemacht | de | 2026-11-14
was machen wir am Wochenende vom 12. Dezember | de | 2026-12-12
"""


@pytest.mark.parametrize(
    ("question", "language", "saturday"),
    [
        tuple(part.strip() for part in line.split("|"))
        for line in WEEKENDS.strip().splitlines()
    ],
)
def test_the_weekend_of_a_date_or_of_a_month(
    question: str, language: str, saturday: str
) -> None:
    """ "The weekend of the 7th" is 7-8 November, not the last weekend and
    not 7 November up to now (month-long review s19, F0); all its words
    leave the question, so what is left is only time."""
    reading = read_question(question, now=DECEMBER_2, language=language)
    assert reading.window is not None, question
    first = datetime.fromisoformat(saturday).replace(tzinfo=DECEMBER_2.tzinfo)
    assert (reading.window.start, reading.window.end) == (
        first,
        first + timedelta(days=2),
    )
    assert not any(
        word in reading.rest.casefold()
        for word in ("weekend", "wochenende", "november", "monat", "month", "1")
    ), reading.rest
    assert not reading.newest_first


def test_a_month_without_that_weekend_names_no_time() -> None:
    """November 2026 has four Saturdays: nothing happened on its fifth
    weekend (not all of November)."""
    reading = read_question(
        "what did we do on the fifth weekend of November",
        now=DECEMBER_2,
        language="en",
    )
    assert reading.window is None
    assert reading.impossible


@pytest.mark.parametrize(
    "day", [date(2026, 11, 16), date(2026, 11, 18), date(2026, 11, 22)]
)
def test_the_week_a_day_is_in_runs_monday_to_sunday(day: date) -> None:
    """Monday 16 to Sunday 22 November 2026, whichever of its days is named."""
    assert week_around(day) == (date(2026, 11, 16), date(2026, 11, 23))


@pytest.mark.parametrize(
    ("offset", "month", "first", "after"),
    [
        (0, None, date(2026, 11, 1), date(2026, 12, 1)),
        (1, None, date(2026, 12, 1), date(2027, 1, 1)),
        (2, None, date(2027, 1, 1), date(2027, 2, 1)),
        (-11, None, date(2025, 12, 1), date(2026, 1, 1)),
        (0, 2, date(2026, 2, 1), date(2026, 3, 1)),
        (-12, 12, date(2025, 12, 1), date(2026, 1, 1)),
    ],
)
def test_a_month_is_its_first_day_to_the_next_months(
    offset: int, month: int | None, first: date, after: date
) -> None:
    """Months counted from 30 November 2026 run over the year's end."""
    assert month_days(date(2026, 11, 30), offset, month) == (first, after)


def test_a_year_is_its_first_of_january_to_the_next() -> None:
    """ "In 2025"; a year the calendar cannot hold is none."""
    assert year_days(2025) == (date(2025, 1, 1), date(2026, 1, 1))
    assert year_days(9998) == (date(9998, 1, 1), date(9999, 1, 1))
    assert year_days(9999) is None
    assert year_days(0) is None


@pytest.mark.parametrize(
    ("count", "unit", "whole_week", "first", "after"),
    [
        (-2, "day", True, date(2026, 11, 28), date(2026, 11, 29)),
        (3, "day", False, date(2026, 12, 3), date(2026, 12, 4)),
        (-1, "week", True, date(2026, 11, 23), date(2026, 11, 30)),
        (1, "week", False, date(2026, 12, 7), date(2026, 12, 8)),
        (-2, "month", True, date(2026, 9, 1), date(2026, 10, 1)),
        (2, "month", False, date(2027, 1, 1), date(2027, 2, 1)),
        (-1, "year", True, date(2025, 1, 1), date(2026, 1, 1)),
        (2, "year", False, date(2028, 1, 1), date(2029, 1, 1)),
    ],
)
def test_counted_units_are_that_day_week_month_or_year(
    count: int, unit: str, whole_week: bool, first: date, after: date
) -> None:
    """From Monday 30 November 2026: "two days ago", "in three days", "a
    week ago" (that week), "in a week" (that day), "two months ago", "in
    two months", "a year ago", "in two years"."""
    today = date(2026, 11, 30)
    assert counted_days(today, count, unit, whole_week=whole_week) == (first, after)


def test_counted_units_stop_at_a_century() -> None:
    """ "A thousand years ago" and 40,000 days are no time a home keeps."""
    today = date(2026, 11, 30)
    assert counted_days(today, -101, "year", whole_week=True) is None
    assert counted_days(today, 40_000, "day", whole_week=False) is None
    assert counted_days(today, -100, "year", whole_week=True) == (
        date(1926, 1, 1),
        date(1927, 1, 1),
    )
