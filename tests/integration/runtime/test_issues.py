"""Repair issues: raised when something is wrong, gone when it is over."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING
from unittest.mock import AsyncMock, Mock, patch

from homeassistant.config_entries import ConfigEntryState
from homeassistant.helpers import issue_registry as ir
from homeassistant.requirements import RequirementsNotFound
from homeassistant.setup import async_setup_component
from pytest_homeassistant_custom_component.common import MockConfigEntry, MockUser

from custom_components.home_memory.const import CONF_MODEL_DIR, DOMAIN
from custom_components.home_memory.runtime.backends import BackendStatus
from custom_components.home_memory.runtime.data import ModelStatus
from custom_components.home_memory.runtime.issues import async_report_backends

from ..conftest import call, setup_entry

if TYPE_CHECKING:
    from pathlib import Path
    from unittest.mock import MagicMock

    from homeassistant.core import HomeAssistant
    from pytest_homeassistant_custom_component.typing import ClientSessionGenerator


def issue(hass: HomeAssistant, issue_id: str) -> ir.IssueEntry | None:
    """The repair issue of this integration with the given id, if any."""
    return ir.async_get(hass).async_get_issue(DOMAIN, issue_id)


async def test_corrupt_database_issue_names_the_moved_file(
    hass: HomeAssistant,
    mock_config_entry: MockConfigEntry,
    mock_load_model: MagicMock,
    config_dir: Path,
    hass_client: ClientSessionGenerator,
) -> None:
    """The corrupt-database issue names where the damaged file was moved."""
    db = config_dir / DOMAIN / "memory.db"
    db.parent.mkdir(parents=True)
    db.write_bytes(b"this is not a database " * 100)

    await setup_entry(hass, mock_config_entry)

    assert mock_config_entry.state is ConfigEntryState.LOADED
    moved = mock_config_entry.runtime_data.corrupt_db_moved_to
    assert moved is not None
    assert moved.is_file()
    found = issue(hass, "corrupt_database")
    assert found is not None
    assert found.severity is ir.IssueSeverity.ERROR
    assert found.is_persistent
    assert found.is_fixable
    assert found.translation_placeholders == {
        "moved_to": str(moved),
        "database": str(db),
    }

    # Reading the notice and confirming it closes it.
    assert await async_setup_component(hass, "repairs", {})
    client = await hass_client()
    response = await client.post(
        "/api/repairs/issues/fix",
        json={"handler": DOMAIN, "issue_id": "corrupt_database"},
    )
    flow = await response.json()
    assert flow["step_id"] == "confirm"
    assert flow["description_placeholders"]["moved_to"] == str(moved)
    response = await client.post(f"/api/repairs/issues/fix/{flow['flow_id']}")
    assert (await response.json())["type"] == "create_entry"
    assert issue(hass, "corrupt_database") is None


async def test_corrupt_database_issue_goes_when_the_file_is_removed(
    hass: HomeAssistant,
    mock_config_entry: MockConfigEntry,
    mock_load_model: MagicMock,
    config_dir: Path,
) -> None:
    """The corrupt-database issue stays until the moved file is removed."""
    db = config_dir / DOMAIN / "memory.db"
    db.parent.mkdir(parents=True)
    db.write_bytes(b"this is not a database " * 100)
    await setup_entry(hass, mock_config_entry)
    moved = mock_config_entry.runtime_data.corrupt_db_moved_to
    assert moved is not None

    # Still there: a reload keeps the notice.
    assert await hass.config_entries.async_reload(mock_config_entry.entry_id)
    await hass.async_block_till_done()
    await mock_config_entry.runtime_data.model.task  # type: ignore[misc]
    assert issue(hass, "corrupt_database") is not None

    moved.unlink()
    assert await hass.config_entries.async_reload(mock_config_entry.entry_id)
    await hass.async_block_till_done()
    await mock_config_entry.runtime_data.model.task  # type: ignore[misc]
    assert issue(hass, "corrupt_database") is None


async def test_model_missing_issue(
    hass: HomeAssistant, mock_config_entry: MockConfigEntry, mock_load_model: MagicMock
) -> None:
    """A missing model raises a warning issue."""
    with patch(
        "custom_components.home_memory.runtime.model.default_model_dir",
        return_value=None,
    ):
        await setup_entry(hass, mock_config_entry)
    found = issue(hass, "model_unavailable")
    assert found is not None
    assert found.translation_key == "model_missing"
    assert found.severity is ir.IssueSeverity.WARNING


async def test_model_hash_mismatch_issue_and_its_clearing(
    hass: HomeAssistant,
    config_dir: Path,
    fake_embedder: object,
    hass_admin_user: MockUser,
) -> None:
    """A model checksum failure raises an issue that goes once the model loads."""
    folder = config_dir / "my-model"
    folder.mkdir()
    for name in ("tokenizer.json", "config.json", "model.safetensors"):
        (folder / name).write_text("not the model")
    entry = MockConfigEntry(domain=DOMAIN, data={CONF_MODEL_DIR: "my-model"})
    await setup_entry(hass, entry)

    assert entry.runtime_data.model.status is ModelStatus.UNAVAILABLE
    found = issue(hass, "model_unavailable")
    assert found is not None
    assert found.translation_key == "model_mismatch"
    assert found.translation_placeholders == {
        "model_dir": str(folder),
        "reason": "tokenizer.json",
    }
    # Keyword search still works.
    await call(hass, "remember", {"content": "The gate code changed"})
    found_memories = await call(
        hass, "search", {"query": "gate code"}, user=hass_admin_user
    )
    assert found_memories["retrieval_mode"] == "keyword-only"
    assert len(found_memories["memories"]) == 1

    # A good model: the issue is gone.
    with patch(
        "custom_components.home_memory.runtime.model_loading.load_model",
        return_value=fake_embedder,
    ):
        assert await hass.config_entries.async_reload(entry.entry_id)
        await hass.async_block_till_done()
        await entry.runtime_data.model.task  # type: ignore[misc]
    assert entry.runtime_data.model.status is ModelStatus.READY
    assert issue(hass, "model_unavailable") is None


async def test_model_unusable_issue(
    hass: HomeAssistant, mock_config_entry: MockConfigEntry, config_dir: Path
) -> None:
    """A model that cannot be used raises an issue giving the reason."""
    from custom_components.home_memory.memory.common.errors import ModelError

    with patch(
        "custom_components.home_memory.runtime.model_loading.load_model",
        side_effect=ModelError("the onnxruntime backend needs onnxruntime installed"),
    ):
        await setup_entry(hass, mock_config_entry)
    found = issue(hass, "model_unavailable")
    assert found is not None
    assert found.translation_key == "model_unavailable"
    assert "onnxruntime" in found.translation_placeholders["reason"]


async def test_degraded_backend_issue_per_missing_backend(hass: HomeAssistant) -> None:
    """Each missing backend combination raises its own degraded-backend issue."""
    for status, key in (
        (
            BackendStatus(onnxruntime=False, sqlite_vec=True),
            "degraded_backend_onnxruntime",
        ),
        (
            BackendStatus(onnxruntime=True, sqlite_vec=False),
            "degraded_backend_sqlite_vec",
        ),
        (BackendStatus(onnxruntime=False, sqlite_vec=False), "degraded_backend_both"),
    ):
        async_report_backends(hass, status)
        found = issue(hass, "degraded_backend")
        assert found is not None
        assert found.translation_key == key
        assert found.translation_placeholders == {
            "onnxruntime": "onnxruntime==1.31.1",
            "sqlite_vec": "sqlite-vec==0.1.9",
        }
    async_report_backends(hass, BackendStatus(onnxruntime=True, sqlite_vec=True))
    assert issue(hass, "degraded_backend") is None


async def test_musl_fallbacks(
    hass: HomeAssistant,
    mock_config_entry: MockConfigEntry,
    mock_load_model: MagicMock,
    hass_admin_user: MockUser,
) -> None:
    """Neither fast backend imports nor installs: setup works on the fallbacks."""
    install = AsyncMock(
        side_effect=RequirementsNotFound(DOMAIN, ["onnxruntime==1.31.1"])
    )
    with (
        patch.dict(sys.modules, {"onnxruntime": None, "sqlite_vec": None}),
        patch(
            "custom_components.home_memory.runtime.backends.async_process_requirements",
            install,
        ),
    ):
        await setup_entry(hass, mock_config_entry)
        data = mock_config_entry.runtime_data
        assert mock_config_entry.state is ConfigEntryState.LOADED
        assert data.model.backends == BackendStatus(onnxruntime=False, sqlite_vec=False)
        assert data.store.sqlite_vec_version is None
        assert data.store.backends()["filtered_vector_scan"] == "numpy"
        assert [c.args[2] for c in install.await_args_list] == [
            ["onnxruntime==1.31.1"],
            ["sqlite-vec==0.1.9"],
        ]
        assert all(c.kwargs == {"is_built_in": False} for c in install.await_args_list)
        found = issue(hass, "degraded_backend")
        assert found is not None
        assert found.translation_key == "degraded_backend_both"
        # A filtered search takes the numpy path.
        await call(
            hass, "remember", {"content": "The heat pump filter", "tags": ["hvac"]}
        )
        result = await call(
            hass,
            "search",
            {"query": "heat pump", "tags": ["hvac"]},
            user=hass_admin_user,
        )
        assert [m["content"] for m in result["memories"]] == ["The heat pump filter"]


async def test_issues_carry_the_entry_where_home_assistant_supports_it(
    hass: HomeAssistant, mock_config_entry: MockConfigEntry, tmp_path: Path
) -> None:
    """2026.11 ties issues to the entry (hidden while disabled, deleted with
    it); 2026.10 cannot. The corrupt-copy issue outlives the entry: never tied."""
    import inspect

    from custom_components.home_memory.runtime.issues import (
        async_report_corrupt_database,
    )

    supported = "config_entry_id" in inspect.signature(ir.async_create_issue).parameters
    # No entry yet: nothing to tie to.
    async_report_backends(hass, BackendStatus(onnxruntime=False, sqlite_vec=True))
    found = issue(hass, "degraded_backend")
    assert found is not None
    assert getattr(found, "config_entry_id", None) is None

    mock_config_entry.add_to_hass(hass)
    async_report_backends(hass, BackendStatus(onnxruntime=True, sqlite_vec=False))
    found = issue(hass, "degraded_backend")
    assert found is not None
    assert getattr(found, "config_entry_id", None) == (
        mock_config_entry.entry_id if supported else None
    )

    mock_config_entry.runtime_data = Mock(db_path=tmp_path / "memory.db")
    async_report_corrupt_database(hass, mock_config_entry, tmp_path / "old.db")
    corrupt = issue(hass, "corrupt_database")
    assert corrupt is not None
    assert getattr(corrupt, "config_entry_id", None) is None
