"""A deterministic stand-in for an LLM, for the acceptance tests only.

It is loaded into the test's Home Assistant as a custom integration and
provides an AI Task entity (extraction by fixed rules: "my favourite X is Y")
and a conversation agent that uses the Assist LLM API like a model would
(a "yes" becomes a `home_memory__confirm_proposals` tool call). Nothing is
generated: what it proposes is what the user said.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from homeassistant.const import Platform

if TYPE_CHECKING:
    from homeassistant.config_entries import ConfigEntry
    from homeassistant.core import HomeAssistant

PLATFORMS = [Platform.AI_TASK, Platform.CONVERSATION]


async def async_setup_entry(hass: HomeAssistant, entry: ConfigEntry) -> bool:
    """Set up both entities."""
    await hass.config_entries.async_forward_entry_setups(entry, PLATFORMS)
    return True


async def async_unload_entry(hass: HomeAssistant, entry: ConfigEntry) -> bool:
    """Unload both entities."""
    return await hass.config_entries.async_unload_platforms(entry, PLATFORMS)
