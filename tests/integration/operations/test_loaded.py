"""operations/loaded.py: the one way every surface finds the loaded entry."""

from __future__ import annotations

from typing import TYPE_CHECKING

from homeassistant.exceptions import HomeAssistantError
import pytest

from custom_components.home_memory.operations.errors import UnavailableError
from custom_components.home_memory.operations.loaded import loaded_data

if TYPE_CHECKING:
    from homeassistant.core import HomeAssistant

    from custom_components.home_memory.runtime.data import HomeMemoryConfigEntry


async def test_an_unloaded_entry_is_unavailable(
    hass: HomeAssistant, init_integration: HomeMemoryConfigEntry
) -> None:
    """Not loaded is UnavailableError not_loaded, caused by Home Assistant's error."""
    assert await hass.config_entries.async_unload(init_integration.entry_id)
    with pytest.raises(UnavailableError) as err:
        loaded_data(hass)
    assert err.value.translation_key == "not_loaded"
    assert isinstance(err.value.__cause__, HomeAssistantError)
