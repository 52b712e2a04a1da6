"""The store's front: opening, reopening and closing a file."""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING

import pytest

from custom_components.home_memory.memory.common import malloc_trim
from custom_components.home_memory.memory.common.values import (
    MemoryFilter,
)
from custom_components.home_memory.memory.store import (
    DatabaseCorruptError,
    MemoryStore,
)

from .conftest import (
    HOUSE,
    HashingEmbedder,
    ManualClock,
    new_memory,
)

if TYPE_CHECKING:
    from pathlib import Path


def test_corrupt_file_raises_a_clear_error(tmp_path: Path) -> None:
    """A file that is not a database raises DatabaseCorruptError."""
    path = tmp_path / "memory.db"
    path.write_bytes(b"this is not a database" * 100)
    with pytest.raises(DatabaseCorruptError):
        MemoryStore(path)


def test_opening_gives_freed_memory_back(
    tmp_path: Path, clock: ManualClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Once the rows are loaded, the store returns freed heap pages to the system."""
    calls: list[int] = []
    monkeypatch.setattr(malloc_trim, "_MALLOC_TRIM", calls.append)
    store = MemoryStore(tmp_path / "memory.db", embedder=HashingEmbedder(), clock=clock)
    try:
        assert calls == [0]
    finally:
        store.close()


def test_reopen_rebuilds_the_index_from_the_file(
    tmp_path: Path, clock: ManualClock
) -> None:
    """Reopening rebuilds the vector index from the file, without deleted rows."""
    path = tmp_path / "memory.db"
    first = MemoryStore(path, embedder=HashingEmbedder(), clock=clock)
    kept = first.create(new_memory("The boiler was serviced in May"), HOUSE).memory
    gone = first.create(new_memory("Old note about nothing"), HOUSE).memory
    first.soft_delete(HOUSE, ids=[gone.id])
    first.close()
    first.close()  # idempotent
    second = MemoryStore(path, embedder=HashingEmbedder(), clock=clock)
    try:
        assert len(second.index) == 1
        query = second.embed_query("boiler serviced")
        assert query is not None
        [(rowid, _)] = second.candidates.vector_candidates(
            query, HOUSE, MemoryFilter(), 1
        )
        assert second.fetch([rowid])[rowid].id == kept.id
    finally:
        second.close()


def test_close_while_the_reembed_thread_is_not_yet_started(
    store: MemoryStore,
) -> None:
    """A close racing the start of re-embedding neither raises nor waits."""
    # The moment between making the thread and starting it (another thread).
    store.reembedding._reembed_thread = threading.Thread(target=lambda: None)
    store.close()
    assert store.closed
