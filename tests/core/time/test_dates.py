"""Which day a date said without its year or month is, by tense."""

from __future__ import annotations

from datetime import date

from custom_components.home_memory.memory.time.dates import (
    day_of_recent_month,
    nearest_date,
    valid_date,
)

# Sunday 29 November 2026.
TODAY = date(2026, 11, 29)
FRIDAY = 4


def test_a_date_without_its_year_by_tense() -> None:
    """4 December: last year's in the past tense, this year's ahead and
    without a tense (the nearest)."""
    assert nearest_date(TODAY, 12, 4, False, None) == date(2025, 12, 4)
    assert nearest_date(TODAY, 12, 4, True, None) == date(2026, 12, 4)
    assert nearest_date(TODAY, 12, 4, None, None) == date(2026, 12, 4)


def test_a_weekday_said_with_the_date_picks_its_year() -> None:
    """ "Friday 4 December" in the past tense: 4 December 2025 was a
    Thursday, so it is 2026's."""
    assert nearest_date(TODAY, 12, 4, False, FRIDAY) == date(2026, 12, 4)


def test_the_nth_of_a_recent_month() -> None:
    """ "The 7th": the last one, the coming one, the nearest."""
    assert day_of_recent_month(TODAY, 7, False) == date(2026, 11, 7)
    assert day_of_recent_month(TODAY, 7, True) == date(2026, 12, 7)
    assert day_of_recent_month(TODAY, 31, False) == date(2026, 10, 31)


def test_no_such_day() -> None:
    """29 February only in a leap year."""
    assert valid_date(2026, 2, 29) is None
    assert valid_date(2028, 2, 29) == date(2028, 2, 29)
