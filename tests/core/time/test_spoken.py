"""Saying when: a whole day without a clock, the small hours on their own
day, midnight unambiguous, and an impossible time said as nothing."""

from __future__ import annotations

from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import pytest

from custom_components.home_memory.memory.time.expressions import read_when
from custom_components.home_memory.memory.time.spoken import (
    opening_date,
    say_day,
    say_when,
)

BERLIN = ZoneInfo("Europe/Berlin")
# Saturday 28 November 2026, 10:00 in Berlin.
NOW = datetime(2026, 11, 28, 10, 0, tzinfo=BERLIN)


def _at(*parts: int) -> datetime:
    return datetime(*parts, tzinfo=BERLIN)  # type: ignore[misc]


def test_a_date_alone_is_that_whole_day_said_without_a_clock() -> None:
    """ "2026-10-10" is 10 October from midnight to midnight, said as a day."""
    window = read_when("2026-10-10", now=NOW, language="en")
    assert window is not None
    assert (window.start, window.end) == (_at(2026, 10, 10), _at(2026, 10, 11))
    assert say_when(window.start, window.end, now=NOW, language="en") == (
        "on Saturday 10 October"
    )


@pytest.mark.parametrize(
    ("moment", "language", "said"),
    [
        (
            _at(2026, 11, 2, 0, 20),
            "en",
            "on Monday 2 November, around a quarter past midnight",
        ),
        (
            _at(2026, 11, 2, 0, 20),
            "de",
            "am Montag, 2. November, gegen Viertel nach Mitternacht",
        ),
        (_at(2026, 10, 25, 2, 30), "en", "on Sunday 25 October, around half past two"),
        # Only relative words group the small hours with the evening before.
        (_at(2026, 11, 28, 2, 30), "en", "last night, around half past two"),
        (_at(2026, 11, 27, 2, 30), "en", "on Friday 27 November, around half past two"),
        (_at(2026, 11, 27, 23, 30), "de", "letzte Nacht, gegen halb zwölf"),
    ],
)
def test_the_small_hours_are_said_on_their_own_day(
    moment: datetime, language: str, said: str
) -> None:
    """By date the small hours are their calendar day; 00:20 is midnight's."""
    assert say_when(moment, None, now=NOW, language=language) == said


def test_a_time_outside_the_calendar_is_said_as_nothing() -> None:
    """A year 1 stored before such times were refused breaks no answer."""
    year_one = datetime(1, 1, 1, tzinfo=UTC)
    assert say_when(year_one, year_one, now=NOW, language="en") == ""
    assert say_when(year_one, None, now=NOW, language="de") == ""


@pytest.mark.parametrize("text", ["0001-01-01", "-0001-01-01", "2300-05-01"])
def test_years_no_household_lives_in_are_not_plausible(text: str) -> None:
    """Event times are between 1900 and 2200 (docs/time.md)."""
    window = read_when(text, now=NOW, language="en")
    assert window is not None
    assert not window.is_plausible()
    assert read_when("2026-10-10", now=NOW, language="en").is_plausible()  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("start", "end", "language", "said"),
    [
        (_at(2026, 10, 1), _at(2026, 11, 1), "en", "in October"),
        (_at(2026, 10, 1), _at(2026, 11, 1), "de", "im Oktober"),
        (_at(2025, 12, 1), _at(2026, 1, 1), "en", "in December 2025"),
        # A whole year ("last year" told in 2026): no days of it.
        (_at(2025, 1, 1), _at(2026, 1, 1), "en", "in 2025"),
        (_at(2025, 1, 1), _at(2026, 1, 1), "de", "im Jahr 2025"),
        (
            _at(2026, 11, 21),
            _at(2026, 11, 23),
            "en",
            "from Saturday 21 November to Sunday 22 November",
        ),
        (
            _at(2026, 11, 16),
            _at(2026, 11, 23),
            "de",
            "in der Woche vom Montag, 16. November",
        ),
        # A week is said as one ("two weeks ago" is no week-long event, s23).
        (
            _at(2026, 11, 16),
            _at(2026, 11, 23),
            "en",
            "in the week of Monday 16 November",
        ),
        (
            _at(2026, 11, 17),
            _at(2026, 11, 24),
            "en",
            "from Tuesday 17 November to Monday 23 November",
        ),
        # A span over days with a clock: "until", never "until on"/"bis am".
        (
            _at(2026, 11, 25, 20, 0),
            _at(2026, 11, 26, 9, 30),
            "en",
            (
                "on Wednesday 25 November, around eight, until Thursday 26 November,"
                " around half past nine"
            ),
        ),
        (
            _at(2026, 11, 25, 20, 0),
            _at(2026, 11, 26, 9, 30),
            "de",
            (
                "am Mittwoch, 25. November, gegen acht, bis Donnerstag, 26. November,"
                " gegen halb zehn"
            ),
        ),
    ],
)
def test_whole_days_and_months_are_said_without_a_clock(
    start: datetime, end: datetime, language: str, said: str
) -> None:
    """A month or days from midnight to midnight, as time words named them
    ("in October"), not "on Thursday 1 October, around midnight, until on
    Sunday 1 November, around midnight" (new-user review)."""
    assert say_when(start, end, now=NOW, language=language) == said


@pytest.mark.parametrize(
    ("start", "language", "said"),
    [
        (_at(2026, 11, 28, 8, 13), "en", "this morning"),
        (_at(2026, 11, 28, 8, 13), "de", "heute Morgen"),
        (_at(2026, 11, 28, 2, 40), "en", "last night"),
        (_at(2026, 11, 27, 18, 5), "de", "gestern Abend"),
        (_at(2026, 11, 24, 18, 5), "en", "on Tuesday 24 November"),
    ],
)
def test_a_day_is_said_with_its_part_and_no_clock(
    start: datetime, language: str, said: str
) -> None:
    """What an observed memory's answer opens with: its narration tells
    each moment (review s29 L1)."""
    assert say_day(start, now=NOW, language=language) == said


@pytest.mark.parametrize(
    ("zone", "start", "end", "language", "said"),
    [
        ("Europe/Berlin", (2026, 6, 1), (2026, 9, 1), "en", "in summer 2026"),
        ("Europe/Berlin", (2025, 12, 1), (2026, 3, 1), "de", "im Winter 2025/26"),
        ("Australia/Sydney", (2026, 6, 1), (2026, 9, 1), "en", "in winter 2026"),
    ],
)
def test_a_whole_season_is_said_by_its_name_and_year(
    zone: str,
    start: tuple[int, int, int],
    end: tuple[int, int, int],
    language: str,
    said: str,
) -> None:
    """Three whole months that are a season of the home's hemisphere."""
    tz = ZoneInfo(zone)
    now = NOW.astimezone(tz)
    assert (
        say_when(
            datetime(*start, tzinfo=tz),
            datetime(*end, tzinfo=tz),
            now=now,
            language=language,
            relative=False,
        )
        == said
    )


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize(
    ("start", "end"),
    [
        (_at(2026, 11, 23, 23, 30), None),  # a night's clock
        (_at(2026, 11, 23, 17), _at(2026, 11, 23, 23)),  # an evening
        (_at(2026, 11, 23, 21), _at(2026, 11, 24, 6)),  # a night
        (_at(2026, 11, 23, 5), _at(2026, 11, 23, 12)),  # a morning
        (_at(2025, 11, 23), _at(2025, 11, 24)),  # a day of another year
        (_at(2026, 11, 16), _at(2026, 11, 23)),  # a week
        (_at(2026, 10, 1), _at(2026, 11, 1)),  # a month
    ],
)
def test_a_date_said_for_storing_is_found_where_a_text_opens_with_it(
    language: str, start: datetime, end: datetime | None
) -> None:
    """ "Last night Ben got up" is stored "On the night of Monday 23
    November Ben got up": who it is about follows the date, which
    `opening_date` finds whole, its language with it (review s31 M1)."""
    said = say_when(start, end, now=NOW, language=language, relative=False)
    text = f"{said[:1].upper()}{said[1:]} Ben got up."
    assert opening_date(text) == (len(said) + 1, language)


@pytest.mark.parametrize(
    "text",
    ["Ben got up on Monday 23 November.", "On Monday Ben got up.", "Ondine called."],
)
def test_a_text_opening_otherwise_has_no_opening_date(text: str) -> None:
    """A date later in the text, or a weekday alone, is no written date."""
    assert opening_date(text) is None
