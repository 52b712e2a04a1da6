"""The base of every Home Memory entity: one service device per entry."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from homeassistant.helpers.device_registry import DeviceEntryType, DeviceInfo
from homeassistant.helpers.translation import async_get_cached_translations
from homeassistant.helpers.update_coordinator import CoordinatorEntity

from .const import DEFAULT_TITLE, DOMAIN, TRANSLATIONS_COMMON

if TYPE_CHECKING:
    from homeassistant.config_entries import ConfigEntry
    from homeassistant.core import HomeAssistant
    from homeassistant.helpers.entity import EntityDescription
    from homeassistant.helpers.update_coordinator import DataUpdateCoordinator

    from .runtime.stats import MemoryStats


# The service device's name (strings.json "device"), as Home Assistant names
# devices in its language.
DEVICE_KEY = "memory"


def _model(hass: HomeAssistant) -> str:
    """What the device is, in Home Assistant's language (the translations'
    "common" name_device_model, loaded with the integration): a German
    device page read "Long-term memory for Assist" (review s37). The
    manufacturer is the product's name."""
    strings = async_get_cached_translations(
        hass, hass.config.language, TRANSLATIONS_COMMON, DOMAIN
    )
    key = f"component.{DOMAIN}.{TRANSLATIONS_COMMON}.name_device_model"
    return strings.get(key) or DEFAULT_TITLE


class HomeMemoryEntity(CoordinatorEntity["DataUpdateCoordinator[MemoryStats]"]):
    """An entity of the Home Memory service device."""

    _attr_has_entity_name = True

    def __init__(
        self,
        entry: ConfigEntry[Any],
        coordinator: DataUpdateCoordinator[MemoryStats],
        description: EntityDescription,
    ) -> None:
        """Name, ids and device come from the entry and the description."""
        super().__init__(coordinator)
        self.entity_description = description
        entry_id = entry.entry_id
        self._attr_unique_id = f"{entry_id}_{description.key}"
        self._attr_device_info = DeviceInfo(
            identifiers={(DOMAIN, entry_id)},
            entry_type=DeviceEntryType.SERVICE,
            translation_key=DEVICE_KEY,
            manufacturer=DEFAULT_TITLE,
            model=_model(coordinator.hass),
        )
