"""Home Memory follows Home Assistant's language: a change reloads the entry.

The store reads statements with the language's words, search drops its
function words, and the embedding model may follow it (options); all are
chosen when the entry loads, so a language changed in Settings reloads it
rather than leaving a German home on English rules until the next restart.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from homeassistant.const import EVENT_CORE_CONFIG_UPDATE
from homeassistant.core import Event, HomeAssistant, callback

from ..const import LOGGER

if TYPE_CHECKING:
    from .data import HomeMemoryConfigEntry


@callback
def async_follow_language(hass: HomeAssistant, entry: HomeMemoryConfigEntry) -> None:
    """Reload `entry` when Home Assistant's language changes (while it is loaded)."""
    loaded_with = hass.config.language

    @callback
    def _config_updated(_: Event) -> None:
        if hass.config.language == loaded_with:
            return
        LOGGER.info(
            "Home Assistant's language is now %s (was %s): Home Memory reloads "
            "to follow it",
            hass.config.language,
            loaded_with,
        )
        hass.config_entries.async_schedule_reload(entry.entry_id)

    entry.async_on_unload(
        hass.bus.async_listen(EVENT_CORE_CONFIG_UPDATE, _config_updated)
    )
