"""A time zone changed while Home Assistant runs is the observer's at once
(review s29 M9: after `config/core/update time_zone=Etc/GMT+10`, 08:18 there,
the bed mat was told as Berlin's "It was Monday evening" until a reload).

The new zone is one where it is now morning (evening, where the home's own
zone has its morning), so the narration's part of the day tells which zone
it was told in, whatever the hour of the run.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING
from zoneinfo import ZoneInfo

from .test_observed_activity import DOOR, MOTION, new_memories, observed, post_state

if TYPE_CHECKING:
    from .conftest import Household

MORNING = (5, 12)


def _zone_at(hour: int, now: datetime) -> str:
    """An Etc/GMT zone where the local hour is now `hour`."""
    east = (hour - now.hour + 12) % 24 - 12
    if east == 0:
        return "Etc/GMT"
    # Etc/GMT's sign is POSIX's: Etc/GMT+10 is ten hours behind UTC.
    return f"Etc/GMT{'-' if east > 0 else '+'}{abs(east)}"


def test_the_observer_tells_the_time_of_day_in_the_new_zone(
    household: Household,
) -> None:
    """Kitchen motion and the front door after the zone changed: told in
    the new zone's part of the day, not the old one's."""
    hass, anna = household.hass, household.anna
    config = hass.request("GET", "/api/config", token=anna.token).ok()
    old_zone = config["time_zone"]
    now = datetime.now(UTC)
    home_hour = now.astimezone(ZoneInfo(old_zone)).hour
    morning_at_home = MORNING[0] <= home_hour < MORNING[1]
    part, other = ("evening", "morning") if morning_at_home else ("morning", "evening")
    zone = _zone_at(19 if morning_at_home else 9, now)
    hass.ws_command(anna.token, "config/core/update", time_zone=zone)
    try:
        before = observed(household)
        post_state(hass, anna, "binary_sensor.kitchen_motion", "off", MOTION)
        post_state(hass, anna, "binary_sensor.front_door", "off", DOOR)
        for _ in range(10):
            post_state(hass, anna, "binary_sensor.kitchen_motion", "on", MOTION)
            post_state(hass, anna, "binary_sensor.kitchen_motion", "off", MOTION)
        post_state(hass, anna, "binary_sensor.front_door", "on", DOOR)
        post_state(hass, anna, "binary_sensor.front_door", "off", DOOR)
        new = new_memories(household, before, "an observed memory")
        assert new, new
        for text in new:
            assert f" {part}" in text, (zone, text)
            assert f" {other}" not in text, (zone, text)
    finally:
        hass.ws_command(anna.token, "config/core/update", time_zone=old_zone)
