"""The file's connections and the backup gate."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import pytest

from custom_components.home_memory.memory.storage import (
    connections as connections_module,
)
from custom_components.home_memory.memory.store import (
    MemoryStore,
)

from ..conftest import (
    HOUSE,
    HashingEmbedder,
    ManualClock,
    new_memory,
)

if TYPE_CHECKING:
    from pathlib import Path


def test_closing_during_a_backup_leaves_the_main_file_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A reload or shutdown mid-backup must not rewrite the file being copied."""
    path = tmp_path / "memory.db"
    memory_store = MemoryStore(path, embedder=HashingEmbedder(), clock=ManualClock())
    memory_store.create(new_memory("The fuse box is in the cellar"), HOUSE)
    memory_store.pause_writes()
    main_file = path.read_bytes()
    # A writer held past the limit goes on into the WAL only.
    monkeypatch.setattr(connections_module, "WRITE_HOLD_LIMIT_S", 0.0)
    memory_store.create(new_memory("The spare fuses are in the kitchen drawer"), HOUSE)

    memory_store.close()

    assert path.read_bytes() == main_file
    # The WAL kept the write: the next open recovers it.
    reopened = MemoryStore(path, embedder=HashingEmbedder(), clock=ManualClock())
    try:
        assert reopened.counts()["tier"] == {"active": 2}
        with reopened.read() as conn:
            assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    finally:
        reopened.close()


def test_a_pause_the_backup_never_ends_resumes_by_itself(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """Without the post-backup hook, the first writer past the limit resumes."""
    monkeypatch.setattr(connections_module, "WRITE_PAUSE_LIMIT_S", 600.0)
    monotonic = ManualClock(0.0)
    memory_store = MemoryStore(
        tmp_path / "memory.db",
        embedder=HashingEmbedder(),
        clock=ManualClock(),
        monotonic=monotonic,
    )
    waits: list[float | None] = []

    def wait(timeout: float | None = None) -> bool:
        # Waiting takes the whole timeout: no resume_writes() comes.
        waits.append(timeout)
        monotonic.advance(seconds=timeout or 0)
        return False

    try:
        memory_store.pause_writes()
        memory_store.connections._writes_open.wait = wait  # type: ignore[method-assign]

        # Within the limit: a writer waits the hold, then goes on; still paused.
        memory_store.create(new_memory("The fuse box is in the cellar"), HOUSE)
        assert waits == [connections_module.WRITE_HOLD_LIMIT_S]
        assert memory_store.writes_paused

        # Near the limit a writer waits only until it, then resumes writes.
        monotonic.value = 590.0
        with caplog.at_level(logging.WARNING):
            memory_store.create(new_memory("The spare fuses are in the drawer"), HOUSE)
        assert waits[-1] == pytest.approx(10.0)
        assert not memory_store.writes_paused
        assert "held for a backup for more than 10 minutes" in caplog.text
        with memory_store.transaction() as conn:
            assert conn.execute("PRAGMA wal_autocheckpoint").fetchone()[0] == 1000

        # A later backup pauses afresh: its own limit counts from then.
        memory_store.pause_writes()
        memory_store.create(new_memory("The ladder is in the garage"), HOUSE)
        assert memory_store.writes_paused
        monotonic.advance(seconds=600)
        waits.clear()
        memory_store.create(new_memory("The hose is behind the shed"), HOUSE)
        assert waits == []  # past the limit on arrival: no wait at all
        assert not memory_store.writes_paused
        assert memory_store.counts()["tier"] == {"active": 4}
    finally:
        memory_store.close()
