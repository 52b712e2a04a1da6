"""The database file's lifecycle: open, set a corrupt file aside, remove.

Removing the integration sets the database aside in `set_aside/` as a dated
file (never deleted by removal); adding Home Memory again can restore the
newest, and erasing them is a separate, confirmed step.

Everything here blocks; the integration runs it in the executor.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
import json
import os
import shutil
import sqlite3
from typing import TYPE_CHECKING, Any, Final

from ..const import (
    CORRUPT_SUFFIX_FORMAT,
    DB_SIDE_SUFFIXES,
    SET_ASIDE_FOLDER,
    SET_ASIDE_NAME_FORMAT,
    SET_ASIDE_PATTERN,
    SET_ASIDE_SETTINGS_SUFFIX,
    SET_ASIDE_STAMP_FORMAT,
)
from ..memory.storage.schema import SCHEMA_VERSION
from ..memory.store import DatabaseCorruptError, MemoryStore
from ..memory.vectors.hnsw_graph import remove_graph_files
from .errors import DatabasePathError, DatabaseUnavailableError

if TYPE_CHECKING:
    from collections.abc import Mapping
    from datetime import tzinfo
    from pathlib import Path

    from ..memory.common.clock import Clock
    from ..memory.common.config import EngineConfig

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


# Why a database path cannot be used until someone changes the file system
# (also the translation keys of the setup error and the repair issue).
REASON_IS_FOLDER: Final = "database_is_folder"
REASON_FOLDER_IS_FILE: Final = "database_folder_is_file"
REASON_PERMISSION_DENIED: Final = "database_permission_denied"
REASON_READ_ONLY: Final = "database_read_only"

# SQLite's "readonly" results that pass by themselves (another process is
# recovering the WAL, or holds the shared-memory lock); any other readonly
# result (a read-only file system, an immutable file) stays until someone acts.
_TRANSIENT_READONLY: Final = frozenset({264, 520})  # READONLY_RECOVERY, _CANTLOCK


def check_database_path(path: Path) -> None:
    """Raise DatabasePathError when `path` cannot be used as it is now.

    Temporary conditions (a lock, a full disk, an I/O error) pass: setup
    retries those. What stays wrong until a person acts is reported instead:
    the database is a folder, its folder is a file, or Home Assistant may not
    read and write the file or its folder (SQLite also creates the -wal and
    -shm files beside it).
    """
    folder = path.parent
    for ancestor in (folder, *folder.parents):
        if ancestor.exists():
            if not ancestor.is_dir():
                raise DatabasePathError(REASON_FOLDER_IS_FILE, path, ancestor)
            if ancestor != folder and not os.access(ancestor, os.W_OK | os.X_OK):
                # The missing folders below it cannot be made.
                raise DatabasePathError(REASON_PERMISSION_DENIED, path, ancestor)
            # os.access says yes to root even there: ask the file system.
            if os.statvfs(ancestor).f_flag & os.ST_RDONLY:
                raise DatabasePathError(REASON_READ_ONLY, path, ancestor)
            break
    if path.is_dir():
        raise DatabasePathError(REASON_IS_FOLDER, path, folder)
    if folder.is_dir() and not os.access(folder, os.R_OK | os.W_OK | os.X_OK):
        raise DatabasePathError(REASON_PERMISSION_DENIED, path, folder)
    for file in (path, *(path.with_name(path.name + s) for s in DB_SIDE_SUFFIXES)):
        if file.exists() and not os.access(file, os.R_OK | os.W_OK):
            raise DatabasePathError(REASON_PERMISSION_DENIED, path, folder)


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


def is_read_only(err: DatabaseCorruptError) -> bool:
    """True when SQLite refused to write for a reason that stays (see above)."""
    code = getattr(err.__cause__, "sqlite_errorcode", None)
    return (
        isinstance(code, int)
        and (code & 0xFF) == sqlite3.SQLITE_READONLY
        and code not in _TRANSIENT_READONLY
    )


def open_store(
    path: Path,
    config: EngineConfig,
    *,
    now: datetime,
    clock: Clock,
    graph_path: Path | None = None,
) -> OpenedStore:
    """Open the store at `path`; a corrupt file is set aside and a fresh one made.

    `clock` is the store's "now" (runtime/clock.py); `now` dates a set-aside
    file. `graph_path` is where the vector graph is kept between runs.

    Raises DatabasePathError when the path cannot be used until a person
    changes it, DatabaseUnavailableError when the file cannot be opened now
    for another reason that is not corruption, and SchemaTooNewError (from
    the engine) for a file written by a newer version, which must be kept as
    it is.
    """
    check_database_path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except (FileExistsError, NotADirectoryError) as err:
        raise DatabasePathError(REASON_FOLDER_IS_FILE, path, path.parent) from err
    except PermissionError as err:
        raise DatabasePathError(REASON_PERMISSION_DENIED, path, path.parent) from err
    try:
        return OpenedStore(
            MemoryStore(path, config=config, clock=clock, graph_path=graph_path)
        )
    except DatabaseCorruptError as err:
        if not path.exists() or not is_corruption(err):
            # Changed since the check above, or a cause it does not cover.
            check_database_path(path)
            if is_read_only(err):
                raise DatabasePathError(REASON_READ_ONLY, path, path.parent) from err
            raise DatabaseUnavailableError(str(err)) from err
    moved_to = move_aside(path, now)
    try:
        return OpenedStore(
            MemoryStore(path, config=config, clock=clock, graph_path=graph_path),
            moved_to,
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


# The first bytes of every SQLite database file.
_SQLITE_HEADER: Final = b"SQLite format 3\x00"


@dataclass(frozen=True, slots=True)
class SetAsideDatabase:
    """A database set aside when the integration was removed."""

    path: Path
    size: int

    @property
    def name(self) -> str:
        """The file's name, which says when it was set aside."""
        return self.path.name


def set_aside_folder(db_path: Path) -> Path:
    """<config>/home_memory/set_aside: where removed databases are kept."""
    return db_path.parent / SET_ASIDE_FOLDER


def _checkpoint(path: Path) -> None:
    """Fold the WAL into the main file, so that one file holds everything.

    The store checkpoints when it closes; this covers an entry that never
    loaded or closed during a backup. A failure leaves the WAL, which is
    moved with the file (SQLite still reads it there).
    """
    wal = path.with_name(path.name + "-wal")
    if not wal.exists():
        return
    try:
        conn = sqlite3.connect(path, isolation_level=None)
        try:
            conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        finally:
            conn.close()
    except sqlite3.Error:
        return


def settings_path(database: Path) -> Path:
    """Where the settings of the entry that used `database` are kept beside it."""
    return database.with_name(database.name + SET_ASIDE_SETTINGS_SUFFIX)


# Options take a few kilobytes; a settings file far larger is not ours.
MAX_SETTINGS_BYTES: Final = 1_000_000


def read_settings(database: Path) -> dict[str, Any] | None:
    """The settings kept beside a set-aside database, or None (none, a link,
    too large, unreadable, nested past the parser, not a JSON object: the
    memories are restored all the same)."""
    path = settings_path(database)
    try:
        if path.is_symlink() or path.stat().st_size > MAX_SETTINGS_BYTES:
            return None
        settings = json.loads(path.read_text(encoding="utf-8"))
    except OSError, ValueError, RecursionError:
        return None
    return settings if isinstance(settings, dict) else None


def set_aside_database(
    path: Path,
    now: datetime,
    graph_path: Path | None = None,
    settings: Mapping[str, Any] | None = None,
) -> Path | None:
    """Move the database into set_aside/ as memory-YYYY-MM-DD-HHMMSSZ.db
    (`now` in UTC: a name never repeats or runs backwards when clocks change).

    The WAL is checkpointed first; an earlier set-aside file is never
    overwritten (a counter is added). The vector graph, which is rebuilt from
    the database, is deleted; `settings` (the entry's options) are written
    beside the file. Returns the new path, or None without a database.
    """
    if graph_path is not None:
        remove_graph_files(graph_path)
    if not path.is_file():
        return None
    _checkpoint(path)
    folder = set_aside_folder(path)
    folder.mkdir(parents=True, exist_ok=True)
    stem = now.astimezone(UTC).strftime(SET_ASIDE_NAME_FORMAT)
    target = folder / f"{stem}.db"
    counter = 1
    while target.exists():
        target = folder / f"{stem}-{counter}.db"
        counter += 1
    path.rename(target)
    for suffix in DB_SIDE_SUFFIXES:
        side = path.with_name(path.name + suffix)
        if suffix == "-shm":
            side.unlink(missing_ok=True)
        elif side.exists():
            side.rename(target.with_name(target.name + suffix))
    if settings is not None:
        try:
            settings_path(target).write_text(
                json.dumps(dict(settings), ensure_ascii=False), encoding="utf-8"
            )
        except OSError, TypeError, ValueError:
            # The memories are what must not be lost; options can be set again.
            settings_path(target).unlink(missing_ok=True)
    return target


def _is_database(path: Path) -> bool:
    """Whether `path` is a Home Memory database one could restore: an SQLite
    file (not a link to one elsewhere) that opens, holds the memories table
    and a schema this engine knows. A corrupt copy or another program's
    database is never offered in place of the real set-aside ones."""
    if path.is_symlink():
        return False
    try:
        with path.open("rb") as file:
            if file.read(len(_SQLITE_HEADER)) != _SQLITE_HEADER:
                return False
        uri = f"{path.resolve().as_uri()}?mode=ro&immutable=1"
        conn = sqlite3.connect(uri, uri=True)
        try:
            version = int(conn.execute("PRAGMA user_version").fetchone()[0])
            table = conn.execute(
                "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'memories'"
            ).fetchone()
        finally:
            conn.close()
    except OSError, sqlite3.Error:
        return False
    return table is not None and 1 <= version <= SCHEMA_VERSION


def list_set_aside(db_path: Path, zone: tzinfo) -> list[SetAsideDatabase]:
    """The set-aside databases, newest first by the time their names say:
    UTC for names ending in Z, the home's `zone` for the older local ones."""
    return sorted(
        _found_set_aside(db_path),
        key=lambda database: _set_aside_at(database.name, zone),
        reverse=True,
    )


def _found_set_aside(db_path: Path) -> list[SetAsideDatabase]:
    """The set-aside databases, in no particular order."""
    folder = set_aside_folder(db_path)
    if not folder.is_dir():
        return []
    return [
        SetAsideDatabase(file, file.stat().st_size)
        for file in folder.iterdir()
        if SET_ASIDE_PATTERN.fullmatch(file.name)
        and file.is_file()
        and _is_database(file)
    ]


def _set_aside_at(name: str, zone: tzinfo) -> tuple[float, int]:
    """When a set-aside file was named (a Unix time), and its counter.

    A local name of the hour the clocks go back is read as its first pass
    (fold 0): that name alone cannot say which it was.
    """
    match = SET_ASIDE_PATTERN.fullmatch(name)
    assert match is not None
    counter = int(match["counter"] or 0)
    try:
        at = datetime.strptime(match["stamp"], SET_ASIDE_STAMP_FORMAT).replace(
            tzinfo=UTC if match["utc"] else zone
        )
    except ValueError:
        # No such day or hour ("2026-13-45"): named by hand; offered last.
        return float("-inf"), counter
    return at.timestamp(), counter


def restore_set_aside(source: Path, db_path: Path) -> None:
    """Make a set-aside database the database again (moved, with its WAL).

    Refuses (FileExistsError) when a database is already in place: restoring
    never replaces memories.
    """
    if db_path.exists():
        raise FileExistsError(db_path)
    db_path.parent.mkdir(parents=True, exist_ok=True)
    wal = source.with_name(source.name + "-wal")
    if wal.exists():
        shutil.move(wal, db_path.with_name(db_path.name + "-wal"))
    shutil.move(source, db_path)
    # The shared-memory index belongs to no file once its database moved
    # (SQLite makes a new one); left behind it would outlive an erase. The
    # settings went to the new entry, which the caller read first.
    source.with_name(source.name + "-shm").unlink(missing_ok=True)
    settings_path(source).unlink(missing_ok=True)


def erase_set_aside(db_path: Path) -> list[str]:
    """Delete every set-aside database for good; return the names deleted.

    The files beside them go too, and those whose database is gone (a WAL,
    kept options): nothing of a removed installation stays behind.
    """
    erased = []
    found = sorted(_found_set_aside(db_path), key=lambda d: d.name, reverse=True)
    for database in found:
        database.path.unlink(missing_ok=True)
        for suffix in (*DB_SIDE_SUFFIXES, SET_ASIDE_SETTINGS_SUFFIX):
            database.path.with_name(database.name + suffix).unlink(missing_ok=True)
        erased.append(database.name)
    folder = set_aside_folder(db_path)
    if folder.is_dir():
        for file in folder.iterdir():
            for suffix in (*DB_SIDE_SUFFIXES, SET_ASIDE_SETTINGS_SUFFIX):
                database_name = file.name.removesuffix(suffix)
                if (
                    database_name != file.name
                    and SET_ASIDE_PATTERN.fullmatch(database_name)
                    and not (folder / database_name).exists()
                ):
                    file.unlink(missing_ok=True)
                    break
    if folder.is_dir() and not any(folder.iterdir()):
        folder.rmdir()
    return erased
