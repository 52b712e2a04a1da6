"""How long ago something happened, in words (elapsed.py)."""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from custom_components.home_memory.memory.time.elapsed import said_elapsed

BERLIN = ZoneInfo("Europe/Berlin")
# Thursday 3 December 2026, noon.
NOW = datetime(2026, 12, 3, 12, 0, tzinfo=BERLIN)


@pytest.mark.parametrize(
    ("gone", "english", "german"),
    [
        (timedelta(seconds=20), "a minute", "eine Minute"),
        (timedelta(minutes=25), "25 minutes", "25 Minuten"),
        (timedelta(hours=1, minutes=10), "an hour", "eine Stunde"),
        (timedelta(hours=5), "5 hours", "5 Stunden"),
        (timedelta(days=1, hours=3), "a day", "einen Tag"),
        (timedelta(days=13), "13 days", "13 Tage"),
        # Live review s42: serviced on 12 November, asked on 3 December.
        (timedelta(days=21), "3 weeks", "3 Wochen"),
        (timedelta(days=20), "2 weeks", "2 Wochen"),
        (timedelta(days=75), "2 months", "2 Monate"),
        (timedelta(days=370), "a year", "ein Jahr"),
        (timedelta(days=800), "2 years", "2 Jahre"),
    ],
)
def test_the_largest_unit_that_fits_counted_down(
    gone: timedelta, english: str, german: str
) -> None:
    """The largest unit that fits, in English and German words."""
    assert said_elapsed(NOW - gone, NOW, "en") == english
    assert said_elapsed(NOW - gone, NOW, "de") == german


def test_what_is_still_to_come_is_no_time_gone_by() -> None:
    """A plan ahead has no "ago"."""
    assert said_elapsed(NOW + timedelta(days=2), NOW, "en") is None


def test_days_are_calendar_days_on_the_wall_clock() -> None:
    """Serviced at noon three weeks ago, asked in the morning: 3 weeks, not
    2 (20 days and 21 hours); last night at 23:00, asked at 08:00: hours."""
    morning = NOW.replace(hour=9)
    assert said_elapsed(NOW - timedelta(days=21), morning, "en") == "3 weeks"
    assert said_elapsed(NOW - timedelta(days=21), morning, "de") == "3 Wochen"
    night = morning.replace(hour=8) - timedelta(hours=9)
    assert said_elapsed(night, morning.replace(hour=8), "en") == "9 hours"
