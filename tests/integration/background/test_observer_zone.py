"""The observer tells the time of day in Home Assistant's current zone.

After `config/core/update time_zone=…` while hass runs, the bed mat and the
departure were told in the old zone ("It was Monday evening, and I saw that
Anna got up around twenty past seven", Berlin, where it was 08:18 in the new
zone) until a reload (review s29 M9).
"""

from __future__ import annotations

from datetime import date, datetime, time
from typing import TYPE_CHECKING, Any
from zoneinfo import ZoneInfo

from .test_observer import advance, setup_house_entry, stored_memories

if TYPE_CHECKING:
    from freezegun.api import FrozenDateTimeFactory
    from homeassistant.core import HomeAssistant

# Monday 30 November 2026; 08:00 at UTC-10 is 19:00 in Berlin.
DAY = date(2026, 11, 30)
NEW_ZONE = ZoneInfo("Etc/GMT+10")


def _at(hour: int, minute: int) -> datetime:
    return datetime.combine(DAY, time(hour, minute), NEW_ZONE)


async def test_a_zone_changed_while_running_tells_the_new_time_of_day(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, mock_load_model: Any
) -> None:
    """The kitchen light at 08:00 in the new zone is the morning, told with
    its hour there, not Berlin's evening."""
    await hass.config.async_update(time_zone="Europe/Berlin")
    entry = await setup_house_entry(hass, freezer)
    await hass.config.async_update(time_zone="Etc/GMT+10")
    for minute, entity_id, state in (
        (1, "light.kitchen", "on"),
        (2, "light.kitchen", "off"),
        (3, "light.kitchen", "on"),
        (5, "person.anna", "home"),
        (6, "light.kitchen", "off"),
    ):
        freezer.move_to(_at(8, minute))
        name = "Anna" if entity_id.startswith("person") else "Kitchen Light"
        hass.states.async_set(entity_id, state, {"friendly_name": name})
    await advance(hass, freezer, _at(9, 30))
    memories = await stored_memories(entry)
    assert memories
    for memory in memories:
        assert "morning" in memory.content, memory.content
        assert "evening" not in memory.content, memory.content
