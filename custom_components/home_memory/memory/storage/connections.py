"""The store's file and its two connections, and the gate a backup closes.

Threading model: every method is blocking and thread-safe. Writes go through
one writer connection under a lock, each in one BEGIN IMMEDIATE transaction;
reads use a second connection (WAL lets them run beside a write).

Every failure of the file underneath (SQLite's errors, the operating
system's) leaves the engine as StorageError, raised from the original: callers
catch the engine's one error family, and one that must tell a read-only file
from a locked one still reads `__cause__.sqlite_errorcode`.
"""

from __future__ import annotations

from contextlib import contextmanager
import logging
import sqlite3
import threading
from typing import TYPE_CHECKING

from ..common.errors import MemoryEngineError, StorageError
from .schema import migrate

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator
    from contextlib import AbstractContextManager
    from pathlib import Path

    from ..common.config import EngineConfig


_LOGGER = logging.getLogger(__name__)

# While a backup holds writes, a writer waits at most this long, then goes on:
# automatic checkpoints are off meanwhile, so the file being copied does not
# change and the WAL only grows, which keeps the copy consistent either way.
WRITE_HOLD_LIMIT_S = 60.0
# Home Assistant calls the post-backup hook in a `finally`, but a crash of the
# backup task (or a hook that never runs) would leave writes held and
# automatic checkpoints off for good: a pause older than this ends by itself
# (with a warning) when the next writer arrives.
WRITE_PAUSE_LIMIT_S = 30 * 60.0


def _load_sqlite_vec(conn: sqlite3.Connection) -> str | None:
    """Load the sqlite-vec extension if it is installed; its version or None."""
    try:
        import sqlite_vec

        conn.enable_load_extension(True)
        try:
            sqlite_vec.load(conn)
        finally:
            conn.enable_load_extension(False)
        return str(conn.execute("SELECT vec_version()").fetchone()[0])
    except (ImportError, AttributeError, sqlite3.Error) as err:
        _LOGGER.debug("sqlite-vec is not available: %s", err)
        return None


# What the file underneath raises; the store turns it into StorageError.
STORAGE_FAILURES = (sqlite3.Error, OSError)


@contextmanager
def storage_errors() -> Iterator[None]:
    """Re-raise a failure of the file underneath as StorageError, from it."""
    try:
        yield
    except STORAGE_FAILURES as err:
        raise StorageError(str(err)) from err


class StoreConnections:
    """The file, the writer and the reader; every other store part is given it."""

    path: Path
    config: EngineConfig
    sqlite_vec_version: str | None
    migrated_from: int
    _writer: sqlite3.Connection
    _reader: sqlite3.Connection

    def __init__(
        self,
        path: Path,
        config: EngineConfig,
        *,
        clock: Callable[[], float],
        monotonic: Callable[[], float],
        use_sqlite_vec: bool,
    ) -> None:
        """Set up locks, clock and gate; `open` opens the file."""
        self._use_sqlite_vec = use_sqlite_vec
        self.sqlite_vec_version = None
        self.path = path
        self.config = config
        self._clock = clock
        self._monotonic = monotonic
        self._write_lock = threading.RLock()
        self._read_lock = threading.Lock()
        self._closed = threading.Event()
        # Cleared while a backup holds writes (pause_writes / resume_writes).
        self._writes_open = threading.Event()
        self._writes_open.set()
        self._autocheckpoint_pages: int | None = None
        # When pause_writes() closed the gate (self._monotonic), None if open.
        self._paused_at: float | None = None

    def open(self) -> None:
        """Open the writer (creating or migrating the file), then the reader."""
        self._writer = self._connect(read_only=False)
        self.migrated_from = migrate(self._writer)
        self._reader = self._connect(read_only=True)

    def _connect(self, *, read_only: bool) -> sqlite3.Connection:
        conn = sqlite3.connect(
            self.path, isolation_level=None, check_same_thread=False, timeout=30
        )
        try:
            if read_only and self._use_sqlite_vec:
                self.sqlite_vec_version = _load_sqlite_vec(conn)
            if not read_only:
                conn.execute("PRAGMA journal_mode=WAL")
                # FULL: a commit is on disk before the call returns, so an
                # acknowledged write survives a crash or a power cut.
                conn.execute("PRAGMA synchronous=FULL")
            conn.execute("PRAGMA foreign_keys=ON")
            conn.execute("PRAGMA busy_timeout=30000")
            conn.execute("PRAGMA temp_store=MEMORY")
            if read_only:
                conn.execute("PRAGMA query_only=1")
            # Touch the schema: a file that is not a database fails here.
            conn.execute("SELECT count(*) FROM sqlite_schema").fetchone()
        except BaseException:
            conn.close()
            raise
        return conn

    def close_files(self) -> None:
        """Close both connections (those opened so far)."""
        for name in ("_reader", "_writer"):
            conn: sqlite3.Connection | None = getattr(self, name, None)
            if conn is not None:
                conn.close()

    def mark_closed(self) -> bool:
        """Refuse reads and writes from now on; whether a backup held writes.

        Writers waiting at the backup gate wake up and see the store closed.
        `close(paused=...)` then closes the file as the backup needs it.
        """
        self._closed.set()
        with self._write_lock:
            # A backup may be copying the main file right now (a reload or a
            # shutdown during a backup): then it must not change. What was
            # written meanwhile stays in the WAL; the next open recovers it.
            paused = self.writes_paused
            self._paused_at = None
        self._writes_open.set()  # waiting writers wake up and see the store closed
        return paused

    def close(self, *, paused: bool) -> None:
        """Checkpoint (unless a backup held writes) and close both connections."""
        with self._write_lock, self._read_lock:
            try:
                if paused:
                    # SQLite checkpoints on the last close unless told not to.
                    for conn in (self._writer, self._reader):
                        conn.setconfig(sqlite3.SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, True)
                else:
                    self._writer.execute("PRAGMA optimize")
                    self._writer.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            except sqlite3.Error:  # pragma: no cover - best effort on the way out
                _LOGGER.debug("checkpoint on close failed", exc_info=True)
            with storage_errors():
                self.close_files()

    @property
    def closed(self) -> bool:
        """True after close()."""
        return self._closed.is_set()

    @property
    def write_lock(self) -> threading.RLock:
        """Held by every write; a change no write may interleave holds it too."""
        return self._write_lock

    def checkpoint(self) -> bool:
        """Copy the WAL into the main file and truncate it; True when complete."""
        with self._write_lock, self._read_lock:
            if self._closed.is_set():
                raise MemoryEngineError("the store is closed")
            with storage_errors():
                busy = self._writer.execute(
                    "PRAGMA wal_checkpoint(TRUNCATE)"
                ).fetchone()
        return not busy[0]

    def pause_writes(self) -> bool:
        """Hold writes for a file copy (a backup): checkpoint, then close the gate.

        Until resume_writes(), writers wait (at most WRITE_HOLD_LIMIT_S) and
        automatic checkpoints are off, so the main file does not change.
        Reads go on. Returns whether the checkpoint completed. May be called
        from any thread; so may resume_writes(). Without a resume_writes(),
        the first writer after WRITE_PAUSE_LIMIT_S resumes writes itself.
        """
        complete = self.checkpoint()
        with self._write_lock, storage_errors():
            if self._autocheckpoint_pages is None:
                self._autocheckpoint_pages = int(
                    self._writer.execute("PRAGMA wal_autocheckpoint").fetchone()[0]
                )
            self._writer.execute("PRAGMA wal_autocheckpoint=0")
            self._paused_at = self._monotonic()
            self._writes_open.clear()
        return complete

    def resume_writes(self) -> None:
        """Let writers in again after pause_writes(). Idempotent."""
        with self._write_lock:
            if self._autocheckpoint_pages is not None and not self._closed.is_set():
                with storage_errors():
                    self._writer.execute(
                        f"PRAGMA wal_autocheckpoint={self._autocheckpoint_pages:d}"
                    )
            self._autocheckpoint_pages = None
            self._paused_at = None
            self._writes_open.set()

    @property
    def writes_paused(self) -> bool:
        """True between pause_writes() and resume_writes()."""
        return not self._writes_open.is_set()

    def transaction(self) -> AbstractContextManager[sqlite3.Connection]:
        """The single writer, inside BEGIN IMMEDIATE ... COMMIT.

        For the engine's companion modules (event buffer, sessions,
        proposals), which keep their tables in this file. Blocking.
        """
        return self._transaction()

    def read(self) -> AbstractContextManager[sqlite3.Connection]:
        """The reader connection, inside one read transaction. Blocking."""
        return self._read()

    def _pause_remaining(self) -> float | None:
        """Seconds until a pause expires (resuming it once it has), None if open."""
        paused_at = self._paused_at
        if paused_at is None:
            return None
        remaining = WRITE_PAUSE_LIMIT_S - (self._monotonic() - paused_at)
        if remaining > 0:
            return remaining
        with self._write_lock:
            if self._paused_at != paused_at or self._closed.is_set():
                return None  # resumed, paused again, or closed meanwhile
            _LOGGER.warning(
                "Writes to %s were held for a backup for more than %d minutes "
                "without the backup finishing; resuming them",
                self.path,
                WRITE_PAUSE_LIMIT_S // 60,
            )
            self.resume_writes()
        return None

    def _await_write_gate(self) -> None:
        """Wait while a backup holds writes: at most WRITE_HOLD_LIMIT_S."""
        if self._writes_open.is_set():
            return
        remaining = self._pause_remaining()
        if remaining is None:
            return
        # Outside the lock: resume_writes() needs it to open the gate again.
        if not self._writes_open.wait(min(WRITE_HOLD_LIMIT_S, remaining)):
            self._pause_remaining()

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        self._await_write_gate()
        with self._write_lock:
            if self._closed.is_set():
                raise MemoryEngineError("the store is closed")
            conn = self._writer
            # Inline rather than storage_errors(): every read and write passes
            # here, and a try costs nothing until something fails.
            try:
                conn.execute("BEGIN IMMEDIATE")
                try:
                    yield conn
                except BaseException:
                    conn.execute("ROLLBACK")
                    raise
                conn.execute("COMMIT")
            except STORAGE_FAILURES as err:
                raise StorageError(str(err)) from err

    @contextmanager
    def _read(self) -> Iterator[sqlite3.Connection]:
        with self._read_lock:
            if self._closed.is_set():
                raise MemoryEngineError("the store is closed")
            try:
                self._reader.execute("BEGIN")
                try:
                    yield self._reader
                finally:
                    self._reader.execute("COMMIT")
            except STORAGE_FAILURES as err:
                raise StorageError(str(err)) from err

    def now(self) -> float:
        """The engine's clock (unix seconds)."""
        return self._clock()
