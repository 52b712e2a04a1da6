"""A failure of the file underneath leaves the engine as its own StorageError.

Callers catch MemoryEngineError alone; the SQLite or OS error stays reachable
as `__cause__` (Home Assistant's side reads its error code to tell a
read-only file from a busy one).
"""

from __future__ import annotations

import io
import sqlite3
from typing import TYPE_CHECKING

import pytest

from custom_components.home_memory.memory.common.errors import (
    DatabaseCorruptError,
    MemoryEngineError,
    StorageError,
)
from custom_components.home_memory.memory.common.values import Caller, NewMemory
from custom_components.home_memory.memory.observation.event_buffer import EventBuffer
from custom_components.home_memory.memory.search.retrieval import Retriever
from custom_components.home_memory.memory.store import MemoryStore

from ..conftest import HashingEmbedder, ManualClock

if TYPE_CHECKING:
    from pathlib import Path

HOUSE = Caller(user_id=None, is_admin=True)


def _read_only_writer(store: MemoryStore) -> None:
    """Make the store's writer refuse writes, as a read-only file system does."""
    with store.read():
        pass
    store.connections._writer.execute("PRAGMA query_only=1")


def test_a_refused_write_is_a_storage_error_with_sqlites_code(
    store: MemoryStore,
) -> None:
    """A write SQLite refuses (read-only) raises StorageError from SQLite's error."""
    _read_only_writer(store)
    with pytest.raises(StorageError) as caught:
        store.create(NewMemory(content="The boiler is in the cellar"), HOUSE)
    cause = caught.value.__cause__
    assert isinstance(cause, sqlite3.OperationalError)
    assert cause.sqlite_errorcode & 0xFF == sqlite3.SQLITE_READONLY
    assert str(caught.value) == str(cause)
    assert isinstance(caught.value, MemoryEngineError)


def test_a_refused_write_writes_nothing(store: MemoryStore) -> None:
    """The failed transaction rolls back: nothing of it is stored."""
    store.create(NewMemory(content="The boiler is in the cellar"), HOUSE)
    _read_only_writer(store)
    with pytest.raises(StorageError):
        store.create_many(
            [
                NewMemory(content="The fuse box is by the door"),
                NewMemory(content="The spare key is under the mat"),
            ],
            HOUSE,
        )
    store.connections._writer.execute("PRAGMA query_only=0")
    assert store.list_memories(HOUSE).total == 1


def test_a_companion_modules_write_is_a_storage_error(store: MemoryStore) -> None:
    """Modules writing through store.transaction() get StorageError too."""
    _read_only_writer(store)
    with (
        pytest.raises(StorageError),
        store.transaction() as conn,
    ):
        conn.execute("DELETE FROM memories")
    with pytest.raises(StorageError):
        EventBuffer(store).discard([1])


def test_a_closed_connection_is_a_storage_error_for_reads_and_search(
    store: MemoryStore,
) -> None:
    """Reads, listing and search on a dead connection raise StorageError."""
    store.create(NewMemory(content="The boiler is in the cellar"), HOUSE)
    store.connections._reader.close()
    with pytest.raises(StorageError) as caught:
        store.list_memories(HOUSE)
    assert isinstance(caught.value.__cause__, sqlite3.ProgrammingError)
    with pytest.raises(StorageError):
        Retriever(store).search("boiler", HOUSE)
    with pytest.raises(StorageError):
        store.counts()


def test_a_closed_writer_is_a_storage_error_for_backups(store: MemoryStore) -> None:
    """Checkpoint and pause_writes (the backup hooks) raise StorageError."""
    store.connections._writer.close()
    with pytest.raises(StorageError):
        store.checkpoint()
    with pytest.raises(StorageError):
        store.pause_writes()


def test_an_export_onto_a_full_disk_is_a_storage_error(store: MemoryStore) -> None:
    """An OSError while exporting (a full disk) raises StorageError from it."""
    store.create(NewMemory(content="The boiler is in the cellar"), HOUSE)

    class FullDisk(io.StringIO):
        def write(self, text: str) -> int:
            raise OSError(28, "No space left on device")

    with pytest.raises(StorageError) as caught:
        store.export_jsonl(FullDisk(), HOUSE)
    assert isinstance(caught.value.__cause__, OSError)
    assert caught.value.__cause__.errno == 28


def test_an_unreadable_size_is_a_storage_error(
    store: MemoryStore, tmp_path: Path
) -> None:
    """database_size raises StorageError when the file cannot be looked at."""
    (tmp_path / "not-a-folder").write_text("")
    store.connections.path = tmp_path / "not-a-folder" / "memory.db"
    with pytest.raises(StorageError) as caught:
        store.database_size()
    assert isinstance(caught.value.__cause__, NotADirectoryError)


def test_a_missing_folder_fails_to_open_with_sqlites_code(tmp_path: Path) -> None:
    """A database in a missing folder raises the engine's error, from CANTOPEN."""
    with pytest.raises(MemoryEngineError) as caught:
        MemoryStore(
            tmp_path / "missing" / "memory.db",
            embedder=HashingEmbedder(),
            clock=ManualClock(),
        )
    code = getattr(caught.value.__cause__, "sqlite_errorcode", None)
    assert code is not None
    assert code & 0xFF == sqlite3.SQLITE_CANTOPEN


def test_a_file_that_is_no_database_is_still_corrupt(tmp_path: Path) -> None:
    """Not-a-database stays DatabaseCorruptError, from SQLite's NOTADB."""
    path = tmp_path / "memory.db"
    path.write_bytes(b"this is not a database" * 100)
    with pytest.raises(DatabaseCorruptError) as caught:
        MemoryStore(path, embedder=HashingEmbedder(), clock=ManualClock())
    code = getattr(caught.value.__cause__, "sqlite_errorcode", None)
    assert code == sqlite3.SQLITE_NOTADB


def test_a_closed_store_is_still_the_engines_error(store: MemoryStore) -> None:
    """After close(), calls raise MemoryEngineError (not a storage failure)."""
    store.close()
    with pytest.raises(MemoryEngineError) as caught:
        store.list_memories(HOUSE)
    assert not isinstance(caught.value, StorageError)
