"""What every action handler needs: the loaded entry's data, translated errors."""

from __future__ import annotations

import sqlite3
from typing import TYPE_CHECKING, Final, cast

from homeassistant.exceptions import HomeAssistantError
from homeassistant.helpers import service

from ..const import DOMAIN
from ..memory.errors import MemoryEngineError

if TYPE_CHECKING:
    from homeassistant.core import HomeAssistant

    from ..runtime.data import HomeMemoryConfigEntry, HomeMemoryData

# Failures of the engine or its file that an action reports as they are.
ENGINE_FAILURES: Final = (MemoryEngineError, sqlite3.Error, OSError)


def loaded_runtime(hass: HomeAssistant) -> HomeMemoryData:
    """The loaded entry's data; Home Assistant's translated error if none is."""
    entry = cast(
        "HomeMemoryConfigEntry", service.async_get_config_entry(hass, DOMAIN, None)
    )
    return entry.runtime_data


def engine_error(err: Exception) -> HomeAssistantError:
    """The translated error an action raises for an engine failure."""
    return HomeAssistantError(
        translation_domain=DOMAIN,
        translation_key="engine_error",
        translation_placeholders={"error": str(err)},
    )
