"""Home Memory follows a change of Home Assistant's language by reloading."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any
from unittest.mock import patch

from homeassistant.config_entries import ConfigEntryState
from homeassistant.helpers import translation

from ..conftest import setup_entry

if TYPE_CHECKING:
    from homeassistant.core import HomeAssistant
    import pytest
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


async def test_the_invalid_domain_warning_on_a_new_language_is_home_assistants(
    hass: HomeAssistant,
    mock_config_entry: MockConfigEntry,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """ "Failed to load integration for translation: Invalid domain
    home_memory.sensor" after a change of language comes from Home Assistant's
    own listener (helpers/translation.py loads `hass.config.components`,
    platforms included): any integration with an entity platform gets it, one
    of Home Assistant's own as well, and Home Memory asks for no such domain.
    When this fails, Home Assistant fixed it: drop the note in
    docs/home-assistant.md ("A change of language")."""
    hass.config.language = "en"
    translation.async_setup(hass)  # as bootstrap does
    await setup_entry(hass, mock_config_entry)
    hass.config.components.add("time_date.sensor")  # as its platform's setup does
    asked: list[set[str]] = []
    real_fetch = translation._TranslationCache.async_fetch

    async def fetch(
        self: Any, language: str, category: str, components: set[str]
    ) -> Any:
        asked.append(set(components))
        return await real_fetch(self, language, category, components)

    with patch.object(translation._TranslationCache, "async_fetch", fetch):
        await hass.config.async_update(language="de")
        await hass.async_block_till_done()
    warned = {
        record.getMessage()
        for record in caplog.records
        if "Failed to load integration for translation" in record.getMessage()
    }
    assert warned == {
        "Failed to load integration for translation: Invalid domain home_memory.sensor",
        "Failed to load integration for translation: Invalid domain time_date.sensor",
    }
    assert mock_config_entry.state is ConfigEntryState.LOADED
    assert all("." not in domain for components in asked for domain in components)
