"""The base of every Home Memory entity: one service device per entry."""

from __future__ import annotations

from typing import TYPE_CHECKING

from homeassistant.helpers.device_registry import DeviceEntryType, DeviceInfo
from homeassistant.helpers.update_coordinator import CoordinatorEntity

from .const import DEFAULT_TITLE, DOMAIN
from .coordinator import HomeMemoryCoordinator

if TYPE_CHECKING:
    from homeassistant.helpers.entity import EntityDescription


class HomeMemoryEntity(CoordinatorEntity[HomeMemoryCoordinator]):
    """An entity of the Home Memory service device."""

    _attr_has_entity_name = True

    def __init__(
        self, coordinator: HomeMemoryCoordinator, description: EntityDescription
    ) -> None:
        """Name, ids and device come from the entry and the description."""
        super().__init__(coordinator)
        self.entity_description = description
        entry_id = coordinator.config_entry.entry_id
        self._attr_unique_id = f"{entry_id}_{description.key}"
        self._attr_device_info = DeviceInfo(
            identifiers={(DOMAIN, entry_id)},
            entry_type=DeviceEntryType.SERVICE,
            name=DEFAULT_TITLE,
            manufacturer=DEFAULT_TITLE,
            model="Long-term memory for Assist",
        )
