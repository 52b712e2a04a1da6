"""System health: a few lines about the memory on the system health page."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from homeassistant.core import HomeAssistant, callback

from .const import DOMAIN

if TYPE_CHECKING:
    from homeassistant.components import system_health

    from .runtime.data import HomeMemoryConfigEntry


@callback
def async_register(
    hass: HomeAssistant, register: system_health.SystemHealthRegistration
) -> None:
    """Register the info callback."""
    register.async_register_info(system_health_info)


async def system_health_info(hass: HomeAssistant) -> dict[str, Any]:
    """Memories, search mode, backends and database (labels in strings.json)."""
    entries: list[HomeMemoryConfigEntry] = hass.config_entries.async_loaded_entries(
        DOMAIN
    )
    if not entries:
        return {"loaded": False}
    data = entries[0].runtime_data
    store = data.store
    stats = data.coordinator.data
    backends = store.backends()
    # Awaited here: Home Assistant serialises the values as they are (it only
    # awaits coroutines), and a Future left the System information dialog
    # spinning forever.
    schema_version = await hass.async_add_executor_job(store.schema_version)
    return {
        "loaded": True,
        # Household only, like the sensor: the same figure everywhere.
        "active_memories": stats.active_household,
        "retrieval_mode": backends["retrieval_mode"],
        "model": str(data.model.status),
        "embedder": backends["embedder"],
        "filtered_vector_scan": backends["filtered_vector_scan"],
        "database_size": f"{stats.database_size / 1_000_000:.1f} MB",
        "schema_version": schema_version,
    }
