"""A month's thirds and weeks, and a week's thirds, as days."""

from __future__ import annotations

from datetime import date

import pytest

from custom_components.home_memory.memory.time.spans import (
    LAST_WEEK,
    third_of,
    week_of_month,
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
