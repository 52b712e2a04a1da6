"""Sensors of the Home Memory service device."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from homeassistant.components.sensor import (
    SensorDeviceClass,
    SensorEntity,
    SensorEntityDescription,
    SensorStateClass,
)
from homeassistant.const import EntityCategory, UnitOfInformation
from homeassistant.helpers.dispatcher import async_dispatcher_connect

from .const import SIGNAL_PENDING_OBSERVATIONS
from .entity import HomeMemoryEntity

if TYPE_CHECKING:
    from collections.abc import Callable
    from datetime import datetime

    from homeassistant.core import HomeAssistant
    from homeassistant.helpers.entity_platform import AddConfigEntryEntitiesCallback

    from .runtime.data import HomeMemoryConfigEntry, HomeMemoryData
    from .runtime.stats import MemoryStats

# Values come from the coordinator; entities never query on their own.
PARALLEL_UPDATES = 0

RETRIEVAL_MODES = ["hybrid", "keyword_only"]
ATTR_PENDING_OBSERVATIONS = "pending_observations"
ATTR_OLDEST_PENDING_OBSERVATION = "oldest_pending_observation"


@dataclass(frozen=True, kw_only=True)
class HomeMemorySensorDescription(SensorEntityDescription):
    """A sensor and how its value is read."""

    value_fn: Callable[[MemoryStats, HomeMemoryData], int | str | datetime | None]
    # Attributes that change without a memory changing (the observer's
    # buffer): read from the runtime, written on their own signal.
    attr_fn: Callable[[HomeMemoryData], dict[str, Any]] | None = None


def _pending_attributes(data: HomeMemoryData) -> dict[str, Any]:
    """What waits to become the next observed memory: a count and a time only.

    Every user can read this sensor; the buffer's events are the household's
    observations, so only how many there are and when the oldest happened.
    """
    pending = data.observer.pending
    return {
        ATTR_PENDING_OBSERVATIONS: pending.events,
        ATTR_OLDEST_PENDING_OBSERVATION: pending.oldest,
    }


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
        attr_fn=_pending_attributes,
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
    data = entry.runtime_data
    async_add_entities(
        HomeMemorySensor(entry, data, description) for description in SENSORS
    )


class HomeMemorySensor(HomeMemoryEntity, SensorEntity):
    """A figure about the memory."""

    entity_description: HomeMemorySensorDescription
    # They change every few seconds while the home is busy: not worth history.
    _unrecorded_attributes = frozenset(
        {ATTR_PENDING_OBSERVATIONS, ATTR_OLDEST_PENDING_OBSERVATION}
    )

    def __init__(
        self,
        entry: HomeMemoryConfigEntry,
        data: HomeMemoryData,
        description: HomeMemorySensorDescription,
    ) -> None:
        """Keep the description with its value function."""
        super().__init__(entry, data.coordinator, description)
        self._data = data

    @property
    def native_value(self) -> int | str | datetime | None:
        """The value from the latest refresh."""
        return self.entity_description.value_fn(self.coordinator.data, self._data)

    @property
    def extra_state_attributes(self) -> dict[str, Any] | None:
        """The description's attributes, if it has any."""
        if (attr_fn := self.entity_description.attr_fn) is None:
            return None
        return attr_fn(self._data)

    async def async_added_to_hass(self) -> None:
        """Also follow the observer's buffer when the attributes show it."""
        await super().async_added_to_hass()
        if self.entity_description.attr_fn is not None:
            self.async_on_remove(
                async_dispatcher_connect(
                    self.hass, SIGNAL_PENDING_OBSERVATIONS, self.async_write_ha_state
                )
            )
