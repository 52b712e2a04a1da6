"""The backup platform: a checkpointed, unchanging database during a backup."""

from __future__ import annotations

from contextlib import closing
from functools import partial
from pathlib import Path
import shutil
import sqlite3
import threading
from typing import TYPE_CHECKING

from custom_components.home_memory import backup
from custom_components.home_memory.memory.common.values import SYSTEM, NewMemory

if TYPE_CHECKING:
    from homeassistant.core import HomeAssistant
    from pytest_homeassistant_custom_component.common import MockConfigEntry

    from custom_components.home_memory.memory.store import MemoryStore


def _remember(store: MemoryStore, text: str) -> str:
    return store.create(NewMemory(content=text), SYSTEM).memory.id


def _wal_size(db_path: Path) -> int:
    wal = Path(f"{db_path}-wal")
    return wal.stat().st_size if wal.exists() else 0


def _copy_and_count(db_path: Path, target: Path) -> tuple[str, int]:
    """What a backup would hold: the file and its WAL, opened elsewhere."""
    for suffix in ("", "-wal"):
        source = Path(f"{db_path}{suffix}")
        if source.exists():
            shutil.copyfile(source, Path(f"{target}{suffix}"))
    with closing(sqlite3.connect(target)) as conn:
        integrity = conn.execute("PRAGMA integrity_check").fetchone()[0]
        count = conn.execute("SELECT count(*) FROM memories").fetchone()[0]
    return integrity, count


async def test_writes_wait_for_the_backup_and_the_copy_is_complete(
    hass: HomeAssistant, init_integration: MockConfigEntry, tmp_path: Path
) -> None:
    """During a backup writes wait at a gate and the file holds every write."""
    data = init_integration.runtime_data
    store = data.store
    await hass.async_add_executor_job(_remember, store, "The fuse box is in the cellar")

    await backup.async_pre_backup(hass)

    assert store.writes_paused
    # Checkpointed: everything is in the main file, the WAL is empty.
    assert await hass.async_add_executor_job(_wal_size, data.db_path) == 0
    # A writer arriving now waits at the gate.
    at_gate = threading.Event()
    gate = store.connections._writes_open
    original_wait = gate.wait

    def waiting(timeout: float | None = None) -> bool:
        at_gate.set()
        return original_wait(timeout)

    gate.wait = waiting  # type: ignore[method-assign]
    try:
        pending = hass.async_add_executor_job(
            _remember, store, "The spare fuses are in the drawer"
        )
        assert await hass.async_add_executor_job(at_gate.wait, 10)
        assert not pending.done()
        integrity, count = await hass.async_add_executor_job(
            _copy_and_count, data.db_path, tmp_path / "backup.db"
        )
        assert (integrity, count) == ("ok", 1)
    finally:
        gate.wait = original_wait  # type: ignore[method-assign]

    await backup.async_post_backup(hass)

    await pending
    assert not store.writes_paused
    integrity, count = await hass.async_add_executor_job(
        _copy_and_count, data.db_path, tmp_path / "after.db"
    )
    assert (integrity, count) == ("ok", 2)


async def test_checkpoints_resume_after_the_backup(
    hass: HomeAssistant, init_integration: MockConfigEntry
) -> None:
    """Automatic checkpoints resume after a backup, even if resumed twice."""
    store = init_integration.runtime_data.store

    def autocheckpoint() -> int:
        with store.transaction() as conn:
            return int(conn.execute("PRAGMA wal_autocheckpoint").fetchone()[0])

    before = await hass.async_add_executor_job(autocheckpoint)
    await backup.async_pre_backup(hass)
    await backup.async_post_backup(hass)
    assert await hass.async_add_executor_job(autocheckpoint) == before == 1000
    # Resuming twice (a failed backup calls the post hook too) is harmless.
    await backup.async_post_backup(hass)
    assert not store.writes_paused


async def test_the_hooks_without_a_loaded_entry_do_nothing(
    hass: HomeAssistant,
) -> None:
    """The backup hooks do nothing when no entry is loaded."""
    await backup.async_pre_backup(hass)
    await backup.async_post_backup(hass)


async def test_a_write_held_too_long_goes_on_without_touching_the_main_file(
    hass: HomeAssistant, init_integration: MockConfigEntry, tmp_path: Path
) -> None:
    """After the hold limit a writer proceeds into the WAL only."""
    data = init_integration.runtime_data
    store = data.store
    await backup.async_pre_backup(hass)
    main_file = await hass.async_add_executor_job(data.db_path.read_bytes)
    gate = store.connections._writes_open
    original_wait = gate.wait
    # The limit has passed: wait() reports a timeout at once.
    gate.wait = lambda timeout=None: False  # type: ignore[method-assign]
    try:
        await hass.async_add_executor_job(
            partial(_remember, store, "Written during a long backup")
        )
    finally:
        gate.wait = original_wait  # type: ignore[method-assign]
    assert await hass.async_add_executor_job(data.db_path.read_bytes) == main_file
    await backup.async_post_backup(hass)
    integrity, count = await hass.async_add_executor_job(
        _copy_and_count, data.db_path, tmp_path / "after.db"
    )
    assert (integrity, count) == ("ok", 1)
