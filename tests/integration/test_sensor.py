"""The service device and its sensors (the bus events they follow are
tests/integration/operations/test_events.py's)."""

from __future__ import annotations

from datetime import timedelta
from typing import TYPE_CHECKING
from unittest.mock import patch

from homeassistant.const import STATE_UNAVAILABLE, EntityCategory
from homeassistant.helpers import device_registry as dr, entity_registry as er
from homeassistant.helpers.device_registry import DeviceEntryType
from homeassistant.util import dt as dt_util
import pytest
from pytest_homeassistant_custom_component.common import (
    MockConfigEntry,
    MockUser,
    async_capture_events,
    async_fire_time_changed,
)

from custom_components.home_memory.const import (
    DOMAIN,
    EVENT_MEMORY_FORGOTTEN,
)
from custom_components.home_memory.memory.store import MemoryEngineError
from custom_components.home_memory.operations.events import async_memories_changed

from .conftest import call, setup_entry, wait_for_model

if TYPE_CHECKING:
    from homeassistant.core import HomeAssistant

ACTIVE = "sensor.home_memory_active_memories"
PENDING = "sensor.home_memory_pending_proposals"
LAST = "sensor.home_memory_last_memory"
MODE = "sensor.home_memory_retrieval_mode"
SIZE = "sensor.home_memory_database_size"


async def settle(hass: HomeAssistant) -> None:
    """Let the refresh debouncer's cooldown pass."""
    async_fire_time_changed(hass, dt_util.utcnow() + timedelta(seconds=2))
    await hass.async_block_till_done()


def state(hass: HomeAssistant, entity_id: str) -> str:
    """The state of an entity that must exist."""
    current = hass.states.get(entity_id)
    assert current is not None, entity_id
    return current.state


async def test_device_and_entities(
    hass: HomeAssistant,
    init_integration: MockConfigEntry,
    device_registry: dr.DeviceRegistry,
    entity_registry: er.EntityRegistry,
) -> None:
    """One service device holds the sensors; diagnostic ones are marked, size off."""
    device = device_registry.async_get_device_by_identifier(
        (DOMAIN, init_integration.entry_id), init_integration.entry_id
    )
    assert device is not None
    assert device.entry_type is DeviceEntryType.SERVICE
    assert device.name == "Home Memory"
    assert (device.manufacturer, device.model) == (
        "Home Memory",
        "Long-term memory for Assist",
    )
    entries = er.async_entries_for_config_entry(
        entity_registry, init_integration.entry_id
    )
    by_id = {entry.entity_id: entry for entry in entries}
    assert set(by_id) == {ACTIVE, PENDING, LAST, MODE, SIZE}
    for entry in entries:
        assert entry.device_id == device.id
        assert entry.unique_id == f"{init_integration.entry_id}_{entry.translation_key}"
        assert entry.has_entity_name
    assert by_id[ACTIVE].entity_category is None
    assert by_id[PENDING].entity_category is None
    assert by_id[LAST].entity_category is None
    assert by_id[MODE].entity_category is EntityCategory.DIAGNOSTIC
    assert by_id[SIZE].entity_category is EntityCategory.DIAGNOSTIC
    # Rarely interesting: off until the user turns it on.
    assert by_id[SIZE].disabled_by is er.RegistryEntryDisabler.INTEGRATION
    assert hass.states.get(SIZE) is None


@pytest.mark.usefixtures("mock_load_model")
async def test_a_german_home_s_device_page_is_german(
    hass: HomeAssistant,
    mock_config_entry: MockConfigEntry,
    device_registry: dr.DeviceRegistry,
    entity_registry: er.EntityRegistry,
) -> None:
    """The device says what it is in Home Assistant's language (review s37:
    "Long-term memory for Assist" on a German device page); its name is the
    product's, translated by its key; its sensors stay on it."""
    hass.config.language = "de"
    await setup_entry(hass, mock_config_entry)
    device = device_registry.async_get_device_by_identifier(
        (DOMAIN, mock_config_entry.entry_id), mock_config_entry.entry_id
    )
    assert device is not None
    assert device.model == "Langzeitgedächtnis für Assist"
    assert (device.name, device.manufacturer) == ("Home Memory", "Home Memory")
    entries = er.async_entries_for_config_entry(
        entity_registry, mock_config_entry.entry_id
    )
    assert len(entries) == 5
    assert {entry.device_id for entry in entries} == {device.id}


async def test_values_follow_remember_and_forget(
    hass: HomeAssistant, init_integration: MockConfigEntry
) -> None:
    """Sensor values follow remembering and forgetting."""
    await settle(hass)
    assert state(hass, ACTIVE) == "0"
    assert state(hass, PENDING) == "0"
    assert state(hass, LAST) == "unknown"
    assert state(hass, MODE) == "hybrid"

    first = await call(hass, "remember", {"content": "The spare key is under the mat"})
    await settle(hass)
    assert state(hass, ACTIVE) == "1"
    created = dt_util.parse_datetime(first["memory"]["created_at"])
    assert created is not None
    assert dt_util.parse_datetime(state(hass, LAST)) == created.replace(microsecond=0)

    await call(hass, "remember", {"content": "The bins go out on Tuesday"})
    await call(hass, "forget", {"ids": [first["memory"]["id"]]})
    await settle(hass)
    assert state(hass, ACTIVE) == "1"

    # Pending proposals come from the extraction feature through runtime data.
    init_integration.runtime_data.proposals.household_pending = 2
    async_memories_changed(hass)
    await settle(hass)
    assert state(hass, PENDING) == "2"


async def test_private_memories_move_no_sensor(
    hass: HomeAssistant, init_integration: MockConfigEntry, user_anna: MockUser
) -> None:
    """Sensors are everyone's: a private write moves none of them."""
    await settle(hass)
    before = {
        entity.entity_id: entity.state
        for entity in hass.states.async_all("sensor")
        if entity.entity_id.startswith("sensor.home_memory")
    }
    assert before
    coordinator = init_integration.runtime_data.coordinator
    size = coordinator.data.database_size
    await call(
        hass,
        "remember",
        {"content": "Anna's diary " * 500, "visibility": "private"},
        user=user_anna,
    )
    await settle(hass)
    # The (disabled by default) size sensor is read at most hourly.
    assert coordinator.data.database_size == size
    assert state(hass, ACTIVE) == "0"
    assert state(hass, LAST) == "unknown"
    after = {entity_id: state(hass, entity_id) for entity_id in before}
    assert after == before
    # A household memory counts.
    await call(hass, "remember", {"content": "The bins go out on Tuesday"})
    await settle(hass)
    assert state(hass, ACTIVE) == "1"


async def test_a_private_write_writes_no_entity_state(
    hass: HomeAssistant,
    init_integration: MockConfigEntry,
    user_anna: MockUser,
    entity_registry: er.EntityRegistry,
) -> None:
    """A private write leaves every sensor unwritten (no last_reported), size too."""
    entity_registry.async_update_entity(SIZE, disabled_by=None)
    # The registry reloads the entry 30 seconds after the change.
    async_fire_time_changed(hass, dt_util.utcnow() + timedelta(seconds=31))
    await hass.async_block_till_done()
    await wait_for_model(init_integration)
    await settle(hass)
    # Long after the last size reading: a write must still not re-read it.
    async_fire_time_changed(hass, dt_util.utcnow() + timedelta(hours=3))
    await hass.async_block_till_done()
    # (state, last_reported): State objects are updated in place.
    before = {
        entity.entity_id: (entity.state, entity.last_reported)
        for entity in hass.states.async_all("sensor")
        if entity.entity_id.startswith("sensor.home_memory")
    }
    assert SIZE in before
    await call(
        hass,
        "remember",
        {"content": "Anna's diary " * 600, "visibility": "private"},
        user=user_anna,
    )
    await settle(hass)
    for entity_id, old in before.items():
        new = hass.states.get(entity_id)
        assert new is not None
        assert (new.state, new.last_reported) == old, entity_id
    # Household writes still move the sensors.
    await call(hass, "remember", {"content": "The bins go out on Tuesday"})
    await settle(hass)
    assert state(hass, ACTIVE) == "1"


async def test_the_database_size_is_read_hourly(
    hass: HomeAssistant,
    init_integration: MockConfigEntry,
) -> None:
    """The size figure follows the file on the hourly timer, not on writes."""
    coordinator = init_integration.runtime_data.coordinator
    store = init_integration.runtime_data.store
    with patch.object(store, "database_size", return_value=123_456_789):
        await call(hass, "remember", {"content": "The bins go out on Tuesday"})
        await settle(hass)
        assert coordinator.data.database_size != 123_456_789
        async_fire_time_changed(hass, dt_util.utcnow() + timedelta(hours=1, seconds=5))
        await hass.async_block_till_done()
    assert coordinator.data.database_size == 123_456_789


async def test_unavailable_when_the_figures_cannot_be_read(
    hass: HomeAssistant, init_integration: MockConfigEntry
) -> None:
    """Sensors are unavailable while the figures cannot be read, then recover."""
    await settle(hass)
    with patch(
        "custom_components.home_memory.coordinator.read_stats",
        side_effect=MemoryEngineError("the store is closed"),
    ):
        async_memories_changed(hass)
        await settle(hass)
    assert state(hass, ACTIVE) == STATE_UNAVAILABLE
    async_memories_changed(hass)
    await settle(hass)
    assert state(hass, ACTIVE) == "0"


@pytest.mark.parametrize(
    ("service", "data"),
    [("run_maintenance", {}), ("purge", {"tags": ["x"]})],
)
async def test_admin_writes_refresh_without_events(
    hass: HomeAssistant,
    init_integration: MockConfigEntry,
    hass_admin_user: MockUser,
    service: str,
    data: dict[str, object],
) -> None:
    """Admin bulk writes refresh the sensors without firing events."""
    events = async_capture_events(hass, EVENT_MEMORY_FORGOTTEN)
    await call(hass, "remember", {"content": "Old note", "tags": ["x"]})
    await settle(hass)
    await call(hass, service, data, user=hass_admin_user)
    await settle(hass)
    assert events == []
    expected = "0" if service == "purge" else "1"
    assert state(hass, ACTIVE) == expected


async def test_setup_retries_when_the_figures_cannot_be_read(
    hass: HomeAssistant, mock_config_entry: MockConfigEntry
) -> None:
    """Setup retries, closing the store, when the first figures cannot be read."""
    from homeassistant.config_entries import ConfigEntryState

    mock_config_entry.add_to_hass(hass)
    with patch(
        "custom_components.home_memory.coordinator.read_stats",
        side_effect=OSError("disk gone"),
    ):
        await hass.config_entries.async_setup(mock_config_entry.entry_id)
        await hass.async_block_till_done()
    assert mock_config_entry.state is ConfigEntryState.SETUP_RETRY
    assert mock_config_entry.runtime_data.store.closed
