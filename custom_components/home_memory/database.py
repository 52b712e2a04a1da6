"""The database file's lifecycle: open, set a corrupt file aside, remove.

Everything here blocks; the integration runs it in the executor.
"""

from __future__ import annotations

from dataclasses import dataclass
import sqlite3
from typing import TYPE_CHECKING

from .const import CORRUPT_SUFFIX_FORMAT, DB_SIDE_SUFFIXES
from .memory.hnsw_graph import remove_graph_files
from .memory.store import DatabaseCorruptError, MemoryStore

if TYPE_CHECKING:
    from datetime import datetime
    from pathlib import Path

    from .memory.config import EngineConfig

# SQLite primary result codes that say "not now", not "this file is broken":
# the file must never be set aside for these (a second process holding a lock,
# a full disk, a permission problem).
_TRANSIENT_CODES = frozenset(
    {
        sqlite3.SQLITE_PERM,
        sqlite3.SQLITE_BUSY,
        sqlite3.SQLITE_LOCKED,
        sqlite3.SQLITE_NOMEM,
        sqlite3.SQLITE_READONLY,
        sqlite3.SQLITE_INTERRUPT,
        sqlite3.SQLITE_IOERR,
        sqlite3.SQLITE_FULL,
        sqlite3.SQLITE_CANTOPEN,
        sqlite3.SQLITE_AUTH,
    }
)


class DatabaseUnavailableError(Exception):
    """The database cannot be opened right now; trying again later may work."""


@dataclass(frozen=True, slots=True)
class OpenedStore:
    """An open store, and where a corrupt predecessor was moved to (if any)."""

    store: MemoryStore
    corrupt_moved_to: Path | None = None


def is_corruption(err: DatabaseCorruptError) -> bool:
    """Tell a damaged file from one that merely cannot be opened now.

    The engine reports both as DatabaseCorruptError; the SQLite error code
    underneath tells them apart.
    """
    code = getattr(err.__cause__, "sqlite_errorcode", None)
    if isinstance(code, int):
        return (code & 0xFF) not in _TRANSIENT_CODES
    return True


def open_store(
    path: Path,
    config: EngineConfig,
    *,
    now: datetime,
    graph_path: Path | None = None,
) -> OpenedStore:
    """Open the store at `path`; a corrupt file is set aside and a fresh one made.

    `graph_path` is where the vector graph is kept between runs.

    Raises DatabaseUnavailableError when the file cannot be opened for a reason
    that is not corruption, and SchemaTooNewError (from the engine) for a file
    written by a newer version, which must be kept as it is.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        return OpenedStore(MemoryStore(path, config=config, graph_path=graph_path))
    except DatabaseCorruptError as err:
        if not path.exists() or not is_corruption(err):
            raise DatabaseUnavailableError(str(err)) from err
    moved_to = move_aside(path, now)
    try:
        return OpenedStore(
            MemoryStore(path, config=config, graph_path=graph_path), moved_to
        )
    except DatabaseCorruptError as err:
        raise DatabaseUnavailableError(str(err)) from err


def move_aside(path: Path, now: datetime) -> Path:
    """Rename the database (and its WAL and shared memory) with a time suffix.

    The WAL keeps its "-wal" ending after the new name so that SQLite still
    finds it when someone opens the set-aside copy to rescue data.
    """
    stem = f"{path.name}{now.strftime(CORRUPT_SUFFIX_FORMAT)}"
    target = path.with_name(stem)
    counter = 1
    while target.exists():
        target = path.with_name(f"{stem}-{counter}")
        counter += 1
    path.rename(target)
    for suffix in DB_SIDE_SUFFIXES:
        side = path.with_name(path.name + suffix)
        if side.exists():
            side.rename(target.with_name(target.name + suffix))
    return target


def remove_database(path: Path, graph_path: Path | None = None) -> None:
    """Delete the database, its WAL and shared-memory files, and its graph."""
    for file in (path, *(path.with_name(path.name + s) for s in DB_SIDE_SUFFIXES)):
        file.unlink(missing_ok=True)
    if graph_path is not None:
        remove_graph_files(graph_path)
    # Leave the folder if exports or set-aside copies are still in it.
    if path.parent.is_dir() and not any(path.parent.iterdir()):
        path.parent.rmdir()
