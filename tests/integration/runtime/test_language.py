"""Home Memory follows a change of Home Assistant's language by reloading."""

from __future__ import annotations

from typing import TYPE_CHECKING

from homeassistant.config_entries import ConfigEntryState

from ..conftest import setup_entry

if TYPE_CHECKING:
    from homeassistant.core import HomeAssistant
    from pytest_homeassistant_custom_component.common import MockConfigEntry


async def test_a_new_language_reloads_the_entry_to_follow_it(
    hass: HomeAssistant, mock_config_entry: MockConfigEntry
) -> None:
    """Settings → language German: the store reads German from then on; any
    other change of the core configuration leaves the entry as it is."""
    hass.config.language = "en"
    await setup_entry(hass, mock_config_entry)
    first = mock_config_entry.runtime_data.store
    assert first.config.language == "en"

    await hass.config.async_update(location_name="Elsewhere")
    await hass.async_block_till_done()
    assert mock_config_entry.runtime_data.store is first

    await hass.config.async_update(language="de")
    await hass.async_block_till_done()
    assert mock_config_entry.state is ConfigEntryState.LOADED
    again = mock_config_entry.runtime_data.store
    assert again is not first
    assert again.config.language == "de"
