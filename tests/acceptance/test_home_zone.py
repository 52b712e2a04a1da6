"""The acceptance home's time zone keeps a whole run inside one day there."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from .hass_instance import HOME_ZONES, home_zone


@pytest.mark.parametrize("month", [1, 7])
def test_a_run_of_an_hour_never_crosses_midnight_at_home(month: int) -> None:
    """Started at any minute of a winter or a summer day, the home's clock
    stays inside one date for the next hour (CI, stop 35: a run that crossed
    midnight in Berlin asked about "Saturday" after Saturday had ended)."""
    start = datetime(2026, month, 10, tzinfo=UTC)
    for minutes in range(0, 24 * 60, 10):
        now = start + timedelta(minutes=minutes)
        zone = ZoneInfo(home_zone(now))
        assert now.astimezone(zone).date() == (
            (now + timedelta(hours=1)).astimezone(zone).date()
        ), (now, zone)


def test_berlin_by_day_and_never_new_yorks_offset() -> None:
    """Berlin while its day has hours to go (most runs are alike); elsewhere
    never at New York's offset, where a panel test puts its browser."""
    assert home_zone(datetime(2026, 11, 28, 9, 0, tzinfo=UTC)) == "Europe/Berlin"
    new_york = ZoneInfo("America/New_York")
    for hour in range(24):
        now = datetime(2026, 11, 28, hour, 30, tzinfo=UTC)
        zone = home_zone(now)
        assert zone in HOME_ZONES
        assert now.astimezone(ZoneInfo(zone)).utcoffset() != (
            now.astimezone(new_york).utcoffset()
        ), (now, zone)
