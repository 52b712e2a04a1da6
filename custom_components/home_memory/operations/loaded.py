"""The one way every surface finds the loaded entry's data."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from homeassistant.core import HomeAssistant, callback
from homeassistant.exceptions import ServiceValidationError
from homeassistant.helpers import service

from ..const import DOMAIN
from .errors import UnavailableError

if TYPE_CHECKING:
    from ..runtime.data import HomeMemoryConfigEntry, HomeMemoryData


@callback
def async_loaded_entry(hass: HomeAssistant) -> HomeMemoryConfigEntry | None:
    """The loaded Home Memory entry, if any (there is one config entry)."""
    entries: list[HomeMemoryConfigEntry] = hass.config_entries.async_loaded_entries(
        DOMAIN
    )
    return entries[0] if entries else None


@callback
def loaded_data(hass: HomeAssistant) -> HomeMemoryData:
    """The loaded entry's data; UnavailableError "not_loaded" when none is.

    Home Assistant's own translated error for an action whose entry is not
    loaded is the cause, so actions can report it in Home Assistant's words.
    """
    try:
        entry = service.async_get_config_entry(hass, DOMAIN, None)
    except ServiceValidationError as err:
        raise UnavailableError("not_loaded") from err
    return cast("HomeMemoryConfigEntry", entry).runtime_data
