"""Seasons as days (time/seasons.py): meteorological, by the home's hemisphere."""

from __future__ import annotations

from datetime import date, datetime
from zoneinfo import ZoneInfo

import pytest

from custom_components.home_memory.memory.time.seasons import (
    is_southern,
    season_days,
    season_of,
    southern_zones,
)

BERLIN = ZoneInfo("Europe/Berlin")
SYDNEY = ZoneInfo("Australia/Sydney")
# Tuesday 1 December 2026: winter has just begun in Berlin, summer in Sydney.
FIRST_OF_DECEMBER = datetime(2026, 12, 1, 9, tzinfo=BERLIN)


def test_the_zone_tables_put_a_zone_south_by_its_latitude() -> None:
    """A zone whose coordinates start with "-" lies south of the equator."""
    lines = [
        "# comment\t-0000\tNot/AZone",
        "AU\t-3352+15113\tAustralia/Sydney\tNew South Wales",
        "DE\t+5230+01322\tEurope/Berlin\tmost of Germany",
    ]
    assert southern_zones(lines) == frozenset({"Australia/Sydney"})
    assert is_southern(SYDNEY)
    assert not is_southern(BERLIN)
    assert not is_southern(ZoneInfo("Etc/GMT-7"))
    assert not is_southern(None)


@pytest.mark.parametrize(
    ("season", "which", "days"),
    [
        ("summer", "last", (date(2026, 6, 1), date(2026, 9, 1))),
        ("summer", "this", (date(2026, 6, 1), date(2026, 9, 1))),
        ("summer", "next", (date(2027, 6, 1), date(2027, 9, 1))),
        ("summer", None, (date(2026, 6, 1), date(2026, 9, 1))),
        # Winter goes on: "last winter" is the one before it.
        ("winter", "last", (date(2025, 12, 1), date(2026, 3, 1))),
        ("winter", "this", (date(2026, 12, 1), date(2027, 3, 1))),
        ("winter", None, (date(2026, 12, 1), date(2027, 3, 1))),
        ("winter", "next", (date(2027, 12, 1), date(2028, 3, 1))),
        ("autumn", "last", (date(2026, 9, 1), date(2026, 12, 1))),
    ],
)
def test_which_season_is_meant_on_the_first_of_december(
    season: str, which: str | None, days: tuple[date, date]
) -> None:
    """ "last", "this", "next" or none said, in Berlin on 1 December 2026."""
    assert (
        season_days(season, now=FIRST_OF_DECEMBER, which=which, year=None, future=None)
        == days
    )


def test_in_january_last_winter_is_a_year_back() -> None:
    """In January the winter going on began last December: "last winter"
    is the one before it."""
    now = datetime(2027, 1, 15, tzinfo=BERLIN)
    assert season_days("winter", now=now, which="last", year=None, future=None) == (
        date(2025, 12, 1),
        date(2026, 3, 1),
    )


def test_a_season_said_without_which_follows_the_tense() -> None:
    """ "In spring" in December: the last one asked of the past, the coming
    one asked ahead, else the nearer (March 2027 is nearer than May 2026's end)."""
    asked = {"which": None, "year": None, "now": FIRST_OF_DECEMBER}
    assert season_days("spring", future=False, **asked) == (
        date(2026, 3, 1),
        date(2026, 6, 1),
    )
    assert season_days("spring", future=True, **asked)[0] == date(2027, 3, 1)
    assert season_days("spring", future=None, **asked)[0] == date(2027, 3, 1)


def test_a_year_and_a_third_narrow_the_season() -> None:
    """ "The winter of 2024" begins in December 2024; "late summer" is August."""
    now = FIRST_OF_DECEMBER
    assert season_days("winter", now=now, which=None, year=2024, future=None) == (
        date(2024, 12, 1),
        date(2025, 3, 1),
    )
    assert season_days(
        "summer", now=now, which="last", year=None, future=None, third="late"
    ) == (date(2026, 8, 1), date(2026, 9, 1))


def test_the_southern_hemisphere_s_seasons_are_six_months_on() -> None:
    """In Sydney on 1 December summer has begun; "last summer" is the one before."""
    now = datetime(2026, 12, 1, 9, tzinfo=SYDNEY)
    assert season_days("summer", now=now, which=None, year=None, future=None) == (
        date(2026, 12, 1),
        date(2027, 3, 1),
    )
    assert season_days("winter", now=now, which="last", year=None, future=None) == (
        date(2026, 6, 1),
        date(2026, 9, 1),
    )


def test_which_season_some_days_are() -> None:
    """Whole seasons only, by the zone's hemisphere."""
    assert season_of(date(2026, 6, 1), date(2026, 9, 1), BERLIN) == "summer"
    assert season_of(date(2026, 6, 1), date(2026, 9, 1), SYDNEY) == "winter"
    assert season_of(date(2026, 6, 1), date(2026, 8, 31), BERLIN) is None
    assert season_of(date(2026, 7, 1), date(2026, 10, 1), BERLIN) is None


def test_this_season_follows_the_tense_once_this_year_s_is_over() -> None:
    """ "This summer", said in December: the coming one asked ahead, this
    year's asked of the past or without a tense."""
    asked = {"which": "this", "year": None, "now": FIRST_OF_DECEMBER}
    assert season_days("summer", future=True, **asked)[0] == date(2027, 6, 1)
    assert season_days("summer", future=False, **asked)[0] == date(2026, 6, 1)
    assert season_days("summer", future=None, **asked)[0] == date(2026, 6, 1)
