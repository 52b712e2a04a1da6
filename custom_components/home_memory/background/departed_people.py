"""Watch for users removed from Home Assistant whose private memories stay.

At start and whenever a user is removed, the private memories of owners who
are no user now are counted (operations/departed.py); while there are some,
the repair issue says how many, and its fix flow erases them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from homeassistant.auth import EVENT_USER_REMOVED

from ..operations.departed import async_departed
from ..runtime.issues import async_clear_departed, async_report_departed

if TYPE_CHECKING:
    from homeassistant.core import Event, HomeAssistant

    from ..runtime.data import HomeMemoryConfigEntry


async def async_check_departed(
    hass: HomeAssistant, entry: HomeMemoryConfigEntry
) -> None:
    """Raise or clear the issue for what removed users left behind."""
    departed = await async_departed(hass, entry.runtime_data)
    if departed:
        async_report_departed(
            hass, memories=sum(departed.values()), people=len(departed)
        )
    else:
        async_clear_departed(hass)


async def async_watch_departed(
    hass: HomeAssistant, entry: HomeMemoryConfigEntry
) -> None:
    """Check now, and again after each removal of a user, while the entry runs."""

    async def _on_removed(event: Event) -> None:
        await async_check_departed(hass, entry)

    entry.async_on_unload(hass.bus.async_listen(EVENT_USER_REMOVED, _on_removed))
    await async_check_departed(hass, entry)
