"""A database path that cannot work until someone acts: a repair, not retries."""

from __future__ import annotations

import os
from pathlib import Path
import shutil
from typing import TYPE_CHECKING, Any
from unittest.mock import patch

from homeassistant.config_entries import ConfigEntryState
from homeassistant.helpers import issue_registry as ir
import pytest

from custom_components.home_memory.const import DOMAIN

# The issue's id (issues.ISSUE_DATABASE_PATH), spelled out so that this file
# also runs, and fails, against code without it.
ISSUE_DATABASE_PATH = "database_path"

if TYPE_CHECKING:
    from unittest.mock import MagicMock

    from homeassistant.core import HomeAssistant
    from pytest_homeassistant_custom_component.common import MockConfigEntry

pytestmark = pytest.mark.usefixtures("mock_load_model")


def _db(config_dir: Path) -> Path:
    return config_dir / DOMAIN / "memory.db"


def _make_folder(config_dir: Path) -> None:
    _db(config_dir).mkdir(parents=True)


def _make_file_folder(config_dir: Path) -> None:
    (config_dir / DOMAIN).write_text("not a folder")


def _undo(config_dir: Path) -> None:
    target = config_dir / DOMAIN
    if target.is_dir():
        shutil.rmtree(target)
    else:
        target.unlink()


@pytest.mark.parametrize(
    ("make", "reason", "folder"),
    [
        (_make_folder, "database_is_folder", DOMAIN),
        (_make_file_folder, "database_folder_is_file", DOMAIN),
    ],
)
async def test_a_broken_path_raises_a_repair_and_clears_once_fixed(
    hass: HomeAssistant,
    mock_config_entry: MockConfigEntry,
    config_dir: Path,
    make: Any,
    reason: str,
    folder: str,
) -> None:
    """A folder for the file or a file for the folder: setup error, a repair issue."""
    make(config_dir)
    mock_config_entry.add_to_hass(hass)
    assert not await hass.config_entries.async_setup(mock_config_entry.entry_id)
    assert mock_config_entry.state is ConfigEntryState.SETUP_ERROR
    assert mock_config_entry.reason is not None
    issue = ir.async_get(hass).async_get_issue(DOMAIN, ISSUE_DATABASE_PATH)
    assert issue is not None
    assert issue.translation_key == reason
    assert issue.severity is ir.IssueSeverity.ERROR
    assert issue.translation_placeholders == {
        "path": str(_db(config_dir)),
        "folder": str(config_dir / folder),
    }
    # Nothing was moved aside or replaced.
    moved = await hass.async_add_executor_job(
        lambda: list(config_dir.glob(f"{DOMAIN}/*.corrupt-*"))
    )
    assert not moved

    _undo(config_dir)
    await hass.config_entries.async_reload(mock_config_entry.entry_id)
    await hass.async_block_till_done()
    assert mock_config_entry.state is ConfigEntryState.LOADED
    assert ir.async_get(hass).async_get_issue(DOMAIN, ISSUE_DATABASE_PATH) is None
    await mock_config_entry.runtime_data.model.task


@pytest.mark.parametrize("denied", ["file", "folder", "wal"])
async def test_a_database_that_may_not_be_read_raises_a_repair(
    hass: HomeAssistant,
    mock_config_entry: MockConfigEntry,
    config_dir: Path,
    mock_load_model: MagicMock,
    denied: str,
) -> None:
    """Permission denied on the file, its folder or its WAL is a repair, not a retry."""
    db = _db(config_dir)
    db.parent.mkdir()
    db.touch()
    db.with_name("memory.db-wal").touch()
    target = {
        "file": db,
        "folder": db.parent,
        "wal": db.with_name("memory.db-wal"),
    }[denied]
    real_access = os.access

    def access(path: Any, mode: int, **kwargs: Any) -> bool:
        # The tests run as root, for whom chmod denies nothing.
        if Path(path) == target:
            return False
        return real_access(path, mode, **kwargs)

    mock_config_entry.add_to_hass(hass)
    with patch("custom_components.home_memory.runtime.database.os.access", access):
        assert not await hass.config_entries.async_setup(mock_config_entry.entry_id)
    assert mock_config_entry.state is ConfigEntryState.SETUP_ERROR
    issue = ir.async_get(hass).async_get_issue(DOMAIN, ISSUE_DATABASE_PATH)
    assert issue is not None
    assert issue.translation_key == "database_permission_denied"
    assert db.is_file()


async def test_a_read_only_file_system_raises_a_repair(
    hass: HomeAssistant, mock_config_entry: MockConfigEntry, config_dir: Path
) -> None:
    """A read-only mount (os.access says yes to root) is a repair, not a retry."""
    real_statvfs = os.statvfs

    def statvfs(path: Any) -> Any:
        result = real_statvfs(path)
        if Path(path) == config_dir:
            return os.statvfs_result(
                (*result[:8], result.f_flag | os.ST_RDONLY, result.f_namemax)
            )
        return result

    mock_config_entry.add_to_hass(hass)
    with patch("custom_components.home_memory.runtime.database.os.statvfs", statvfs):
        assert not await hass.config_entries.async_setup(mock_config_entry.entry_id)
    assert mock_config_entry.state is ConfigEntryState.SETUP_ERROR
    issue = ir.async_get(hass).async_get_issue(DOMAIN, ISSUE_DATABASE_PATH)
    assert issue is not None
    assert issue.translation_key == "database_read_only"


async def test_sqlite_readonly_at_open_raises_a_repair(
    hass: HomeAssistant, mock_config_entry: MockConfigEntry, config_dir: Path
) -> None:
    """SQLite's "readonly database" (an immutable file) fails setup with the repair."""
    import sqlite3

    from custom_components.home_memory.memory.store import DatabaseCorruptError

    cause = sqlite3.OperationalError("attempt to write a readonly database")
    cause.sqlite_errorcode = sqlite3.SQLITE_READONLY  # type: ignore[attr-defined]

    def refuse(*_args: Any, **_kwargs: Any) -> Any:
        _db(config_dir).touch()
        raise DatabaseCorruptError("readonly database") from cause

    mock_config_entry.add_to_hass(hass)
    with patch("custom_components.home_memory.runtime.database.MemoryStore", refuse):
        assert not await hass.config_entries.async_setup(mock_config_entry.entry_id)
    assert mock_config_entry.state is ConfigEntryState.SETUP_ERROR
    issue = ir.async_get(hass).async_get_issue(DOMAIN, ISSUE_DATABASE_PATH)
    assert issue is not None
    assert issue.translation_key == "database_read_only"


async def test_removing_the_entry_deletes_its_issues(
    hass: HomeAssistant, mock_config_entry: MockConfigEntry, config_dir: Path
) -> None:
    """The database-path and recorder issues go with the entry."""
    _make_folder(config_dir)
    mock_config_entry.add_to_hass(hass)
    assert not await hass.config_entries.async_setup(mock_config_entry.entry_id)
    ir.async_create_issue(
        hass,
        DOMAIN,
        "private_text_recorded",
        is_fixable=False,
        severity=ir.IssueSeverity.WARNING,
        translation_key="private_text_recorded",
    )
    registry = ir.async_get(hass)
    assert registry.async_get_issue(DOMAIN, ISSUE_DATABASE_PATH) is not None
    _undo(config_dir)
    await hass.config_entries.async_remove(mock_config_entry.entry_id)
    await hass.async_block_till_done()
    assert registry.async_get_issue(DOMAIN, ISSUE_DATABASE_PATH) is None
    assert registry.async_get_issue(DOMAIN, "private_text_recorded") is None
