"""Sensors of the Home Memory service device."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from homeassistant.components.sensor import (
    SensorDeviceClass,
    SensorEntity,
    SensorEntityDescription,
    SensorStateClass,
)
from homeassistant.const import EntityCategory, UnitOfInformation

from .entity import HomeMemoryEntity

if TYPE_CHECKING:
    from collections.abc import Callable
    from datetime import datetime

    from homeassistant.core import HomeAssistant
    from homeassistant.helpers.entity_platform import AddConfigEntryEntitiesCallback

    from .coordinator import HomeMemoryCoordinator, MemoryStats
    from .runtime import HomeMemoryConfigEntry, HomeMemoryData

# Values come from the coordinator; entities never query on their own.
PARALLEL_UPDATES = 0

RETRIEVAL_MODES = ["hybrid", "keyword_only"]


@dataclass(frozen=True, kw_only=True)
class HomeMemorySensorDescription(SensorEntityDescription):
    """A sensor and how its value is read."""

    value_fn: Callable[[MemoryStats, HomeMemoryData], int | str | datetime | None]


SENSORS: tuple[HomeMemorySensorDescription, ...] = (
    HomeMemorySensorDescription(
        key="active_memories",
        translation_key="active_memories",
        state_class=SensorStateClass.MEASUREMENT,
        value_fn=lambda stats, _: stats.active_household,
    ),
    HomeMemorySensorDescription(
        key="pending_proposals",
        translation_key="pending_proposals",
        state_class=SensorStateClass.MEASUREMENT,
        value_fn=lambda stats, _: stats.pending_proposals,
    ),
    HomeMemorySensorDescription(
        key="last_memory",
        translation_key="last_memory",
        device_class=SensorDeviceClass.TIMESTAMP,
        value_fn=lambda stats, _: stats.last_memory_at,
    ),
    HomeMemorySensorDescription(
        key="retrieval_mode",
        translation_key="retrieval_mode",
        device_class=SensorDeviceClass.ENUM,
        options=RETRIEVAL_MODES,
        entity_category=EntityCategory.DIAGNOSTIC,
        value_fn=lambda _, data: data.store.backends()["retrieval_mode"].replace(
            "-", "_"
        ),
    ),
    HomeMemorySensorDescription(
        key="database_size",
        translation_key="database_size",
        device_class=SensorDeviceClass.DATA_SIZE,
        state_class=SensorStateClass.MEASUREMENT,
        native_unit_of_measurement=UnitOfInformation.BYTES,
        suggested_unit_of_measurement=UnitOfInformation.MEGABYTES,
        suggested_display_precision=1,
        entity_category=EntityCategory.DIAGNOSTIC,
        entity_registry_enabled_default=False,
        value_fn=lambda stats, _: stats.database_size,
    ),
)


async def async_setup_entry(
    hass: HomeAssistant,
    entry: HomeMemoryConfigEntry,
    async_add_entities: AddConfigEntryEntitiesCallback,
) -> None:
    """Add the sensors of the entry's service device."""
    coordinator = entry.runtime_data.coordinator
    async_add_entities(
        HomeMemorySensor(coordinator, description) for description in SENSORS
    )


class HomeMemorySensor(HomeMemoryEntity, SensorEntity):
    """A figure about the memory."""

    entity_description: HomeMemorySensorDescription

    def __init__(
        self,
        coordinator: HomeMemoryCoordinator,
        description: HomeMemorySensorDescription,
    ) -> None:
        """Keep the description with its value function."""
        super().__init__(coordinator, description)

    @property
    def native_value(self) -> int | str | datetime | None:
        """The value from the latest refresh."""
        return self.entity_description.value_fn(
            self.coordinator.data, self.coordinator.config_entry.runtime_data
        )
