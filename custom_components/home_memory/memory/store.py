"""The memory store: one SQLite file (WAL) with FTS5, vectors and an audit log.

Threading model: every method is blocking and thread-safe. Writes go through
one writer connection under a lock, each in one BEGIN IMMEDIATE transaction;
reads use a second connection (WAL lets them run beside a write). Embedding
happens before the write lock is taken. The in-memory vector index follows the
file: it is loaded at open and changed only after a write has committed.
"""

from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from datetime import datetime
import functools
import json
import logging
import math
from pathlib import Path
import secrets
import sqlite3
import threading
import time
from typing import IO, TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from . import decay, heap
from .config import EngineConfig
from .errors import (
    DatabaseCorruptError,
    ImportFileError,
    InvalidMemoryError,
    MemoryChangedError,
    MemoryEngineError,
    MemoryNotFoundError,
    NothingToUndoError,
    SchemaTooNewError,
    VisibilityChangeForbiddenError,
)
from .fts_query import or_expression, search_terms
from .hnsw_graph import usearch_version
from .models import (
    IMPORTED_SOURCES,
    Caller,
    CreateAction,
    CreateResult,
    ListPosition,
    MaintenanceStats,
    Memory,
    MemoryFilter,
    MemoryKind,
    MemoryPatch,
    NewMemory,
    Origin,
    Page,
    Source,
    Tier,
    Visibility,
    WeightClass,
    default_weight_class,
)
from .schema import migrate, schema_version
from .score_table import SCORE_COLUMNS, ScoreColumns, ScoreTable
from .serialization import jsonable, memory_from_dict, memory_to_dict, parse_line
from .statements import Relation, as_statement, relate
from .validation import (
    MAX_CONTENT_CHARS,
    MAX_LABEL_CHARS,
    MAX_LABELS,
    MAX_SUMMARY_CHARS,
    clean_content,
    clean_enum,
    clean_importance,
    clean_labels,
    clean_optional,
    clean_text,
    content_hash,
    embedding_text,
    from_timestamp,
    same_specifics,
    summarize,
    to_timestamp,
)
from .vector_index import VectorIndex

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
    from contextlib import AbstractContextManager

    from .embedder import Embedder

# Errors, limits and helpers live in their own modules; they are re-exported
# here because callers think of them as the store's.
__all__ = [
    "MAX_CONTENT_CHARS",
    "MAX_LABELS",
    "MAX_LABEL_CHARS",
    "MAX_SUMMARY_CHARS",
    "DatabaseCorruptError",
    "ImportFileError",
    "ImportStats",
    "InvalidMemoryError",
    "LogEntry",
    "MemoryChangedError",
    "MemoryEngineError",
    "MemoryMerge",
    "MemoryNotFoundError",
    "MemoryStore",
    "NothingToUndoError",
    "SchemaTooNewError",
    "ScoreColumns",
    "VisibilityChangeForbiddenError",
    "content_hash",
    "embedding_text",
    "memory_from_dict",
    "memory_to_dict",
    "same_specifics",
    "summarize",
]

_LOGGER = logging.getLogger(__name__)
# Sources whose text a person told (not observed, not imported).
# Each origin (models.Origin) as a condition on a memory row `m`; source_ids
# is a JSON list, '[]' when empty (origin_of is the same rule in Python).
_ORIGIN_SQL: dict[Origin, str] = {
    Origin.VOICE: "(m.source = 'explicit' AND m.source_ids != '[]')",
    Origin.ACTION: "(m.source = 'explicit' AND m.source_ids = '[]')",
    Origin.OBSERVED: "m.source = 'observed'",
    Origin.EXTRACTED: "m.source = 'extracted'",
    Origin.IMPORTED: "m.source IN ("
    + ", ".join(f"'{source}'" for source in IMPORTED_SOURCES)
    + ")",
}

# The optional fields an update may empty (MemoryPatch.cleared).
_CLEARABLE = frozenset({"emotion", "location"})

_TOLD = frozenset({str(Source.EXPLICIT), str(Source.EXTRACTED)})


def _as_told(item: NewMemory) -> NewMemory:
    """What a person told, as the sentence to store: one rule for every
    surface that remembers (statements.as_statement). Imports keep their text.
    """
    if str(item.source) not in _TOLD or not isinstance(item.content, str):
        return item
    return replace(item, content=as_statement(item.content))


def _check_visibility_change(
    memory: Memory, visibility: Visibility | None, caller: Caller
) -> None:
    """Only a memory's owner changes who sees it (an admin too, for their own).

    A memory nobody owns (satellite, automation, observer) is household and
    stays so: a private memory needs an owner (refused when it is written,
    with its own message), and making one household is an admin's call.
    """
    if visibility is None or visibility is memory.visibility:
        return
    if memory.owner is None:
        if visibility is Visibility.PRIVATE or caller.is_admin:
            return
    elif caller.user_id == memory.owner:
        return
    raise VisibilityChangeForbiddenError(memory.id)


def _version_visible(memory: Memory, snapshot: dict[str, Any], caller: Caller) -> bool:
    """An earlier version that was private shows only to the memory's owner."""
    # A snapshot without a visibility (none is written so) counts as private.
    if snapshot.get("visibility", str(Visibility.PRIVATE)) == str(Visibility.HOUSEHOLD):
        return True
    return caller.user_id is not None and caller.user_id == memory.owner


# Nearest memories of the same owner a new statement is compared with.
_MATCH_CANDIDATES = 8
# Whose statements a memory holds: (owner, visibility).
type _Holder = tuple[str | None, str]
# Column value -> member: a dict lookup is ten times cheaper than calling the
# enum, and a search builds a dozen memories.
_KINDS = {str(k): k for k in MemoryKind}
_WEIGHT_CLASSES = {str(c): c for c in WeightClass}
_SOURCES = {str(s): s for s in Source}
_VISIBILITIES = {str(v): v for v in Visibility}
_TIERS = {str(t): t for t in Tier}


@functools.lru_cache(maxsize=4096)
def _labels(column: str) -> tuple[str, ...]:
    """A JSON list column as a tuple (the same few label lists recur)."""
    return tuple(json.loads(column))


EXPORT_FORMAT = "home_memory.export.v1"
# An import stops collecting errors after this many bad lines.
MAX_IMPORT_ERRORS = 100
# BM25 column weights: content, summary, tags, people.
_BM25_WEIGHTS = "1.0, 0.5, 0.8, 0.8"
# Keyword search filters its best rows in chunks of this many times the rows
# it needs (most rows pass: household memories are the bulk of a store).
_KEYWORD_OVERFETCH = 2
# Common-word pruning, only in stores this large: FTS5 scores every row that
# holds a query word (about 2 µs a row), so the words are taken rarest first
# while their memories add up to at most this many rows; the rest are left to
# the vectors. Document frequencies are cached until the store has grown by a
# step.
_PRUNE_FROM_ROWS = 5_000
_KEYWORD_ROW_BUDGET = 300
_DF_CACHE_STEP = 1_000
_DF_CACHE_SIZE = 4_096
# Rows re-read per statement when refreshing the in-memory copies.
_REFRESH_CHUNK = 4_096
REEMBED_BATCH = 64
# While a backup holds writes, a writer waits at most this long, then goes on:
# automatic checkpoints are off meanwhile, so the file being copied does not
# change and the WAL only grows, which keeps the copy consistent either way.
WRITE_HOLD_LIMIT_S = 60.0
# Home Assistant calls the post-backup hook in a `finally`, but a crash of the
# backup task (or a hook that never runs) would leave writes held and
# automatic checkpoints off for good: a pause older than this ends by itself
# (with a warning) when the next writer arrives.
WRITE_PAUSE_LIMIT_S = 30 * 60.0

_COLUMNS = (
    "rowid, id, content, summary, kind, weight_class, importance, "
    "effective_importance, emotion, people, location, time_of_day, day_type, tags, "
    "source, source_ids, speaker, owner, visibility, segment_start, segment_end, "
    "created_at, updated_at, last_accessed_at, access_count, expires_at, tier, "
    "deleted_at, deleted_by, archived_at, embedding_model, version, thread"
)
# Fields a snapshot (version history) restores.
_SNAPSHOT_FIELDS = (
    "content", "summary", "kind", "weight_class", "importance", "emotion", "people",
    "location", "tags", "visibility", "expires_at",
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class ImportStats:
    """What an import did."""

    imported: int
    skipped: int
    skipped_private: int = 0


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One row of the operational log."""

    at: datetime
    operation: str
    memory_id: str | None
    actor: str
    content_hash: str | None
    details: dict[str, Any]
    # The row's place in the log (newest is highest): where a next page starts.
    seq: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class MemoryMerge:
    """One consolidation step: a surviving memory takes over others.

    `expected_versions` holds the version of every memory involved as the
    caller saw it; the step is skipped when any of them has changed since or
    is no longer active, so a plan made outside the write lock stays safe.
    The absorbed memories move to the deleted tier (recoverable).
    """

    survivor_id: str
    absorbed_ids: tuple[str, ...]
    expected_versions: dict[str, int]
    patch: MemoryPatch
    source_ids: tuple[str, ...] | None = None
    # Sum the access counts, keep the earliest creation and the latest access.
    combine_usage: bool = False
    vector: npt.NDArray[np.float32] | None = None
    operation: str = "consolidate"
    details: dict[str, Any] = field(default_factory=dict)


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


class MemoryStore:
    """Blocking, thread-safe access to one memory database."""

    def __init__(
        self,
        path: Path | str,
        *,
        config: EngineConfig | None = None,
        embedder: Embedder | None = None,
        clock: Callable[[], float] = time.time,
        monotonic: Callable[[], float] = time.monotonic,
        use_sqlite_vec: bool = True,
        use_graph: bool = True,
        graph_path: Path | None = None,
    ) -> None:
        """Open (creating or migrating) the database at `path`.

        sqlite-vec, when it loads, runs exact vector scans inside SQLite for
        filtered searches; without it numpy does the same on the BLOBs.
        usearch, when it imports (and `use_graph`), keeps an HNSW graph that
        answers searches over large stores (see vector_index.py). With a
        `graph_path`, the graph is saved there on close and adopted at the next
        open, instead of being rebuilt (about a minute of one core at 100,000
        memories).
        `monotonic` times how long a backup has held writes.
        """
        self._use_sqlite_vec = use_sqlite_vec
        self.sqlite_vec_version: str | None = None
        self.usearch_version: str | None = None
        self.path = Path(path)
        self._graph_path = graph_path
        self.config = config or EngineConfig()
        self._clock = clock
        self._monotonic = monotonic
        self._embedder = embedder
        self._write_lock = threading.RLock()
        self._read_lock = threading.Lock()
        self._index_lock = threading.Lock()
        # Held from reading rows to applying them to the in-memory copies, so
        # that two refreshes of one row cannot apply out of order.
        self._refresh_lock = threading.Lock()
        # Rows committed by create but not yet in the index (see create_many):
        # rowid -> (visibility group, vector).
        self._unindexed: dict[int, tuple[_Holder, npt.NDArray[np.float32]]] = {}
        self._pending_lock = threading.Lock()
        self._closed = threading.Event()
        # Cleared while a backup holds writes (pause_writes / resume_writes).
        self._writes_open = threading.Event()
        self._writes_open.set()
        self._autocheckpoint_pages: int | None = None
        # When pause_writes() closed the gate (self._monotonic), None if open.
        self._paused_at: float | None = None
        self._reembed_thread: threading.Thread | None = None
        self._groups: dict[str, int] = {}
        self._df_cache: dict[str, tuple[int, int]] = {}
        self.index_dimensions = embedder.dimensions if embedder else 384
        self.index = VectorIndex(self.index_dimensions)
        self.scores = ScoreTable()
        if use_graph:
            self.enable_graph()
        try:
            self._writer = self._connect(read_only=False)
            self.migrated_from = migrate(self._writer)
            self._reader = self._connect(read_only=True)
            self._load_scores()
            self._load_index()
            self._adopt_saved_graph()
            # The rows' bytes and the arrays' growth left freed pages behind.
            heap.release_freed_memory()
        except sqlite3.DatabaseError as err:
            self.index.close()
            self._close_connections()
            raise DatabaseCorruptError(f"{self.path}: {err}") from err
        except BaseException:
            self.index.close()
            self._close_connections()
            raise

    # -- connections ---------------------------------------------------------

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

    def _close_connections(self) -> None:
        for name in ("_reader", "_writer"):
            conn: sqlite3.Connection | None = getattr(self, name, None)
            if conn is not None:
                conn.close()

    def close(self) -> None:
        """Stop background work and close the database. Idempotent."""
        if self._closed.is_set():
            return
        self._closed.set()
        with self._write_lock:
            # A backup may be copying the main file right now (a reload or a
            # shutdown during a backup): then it must not change. What was
            # written meanwhile stays in the WAL; the next open recovers it.
            paused = self.writes_paused
            self._paused_at = None
        self._writes_open.set()  # waiting writers wake up and see the store closed
        thread = self._reembed_thread
        # Another thread may have made it and not started it yet (a reload
        # while the model loads): it sees the store closed and does nothing.
        if thread is not None and thread.ident is not None:
            thread.join()
        self.index.close()
        if self._graph_path is not None:
            try:
                self.index.save_graph(self._graph_path)
            except OSError, RuntimeError:
                _LOGGER.warning("Could not save the vector graph", exc_info=True)
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
            self._close_connections()

    @property
    def closed(self) -> bool:
        """True after close()."""
        return self._closed.is_set()

    # -- backups --------------------------------------------------------------

    def checkpoint(self) -> bool:
        """Copy the WAL into the main file and truncate it; True when complete."""
        with self._write_lock, self._read_lock:
            if self._closed.is_set():
                raise MemoryEngineError("the store is closed")
            busy = self._writer.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
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
        with self._write_lock:
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
            conn.execute("BEGIN IMMEDIATE")
            try:
                yield conn
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            conn.execute("COMMIT")

    @contextmanager
    def _read(self) -> Iterator[sqlite3.Connection]:
        with self._read_lock:
            if self._closed.is_set():
                raise MemoryEngineError("the store is closed")
            self._reader.execute("BEGIN")
            try:
                yield self._reader
            finally:
                self._reader.execute("COMMIT")

    def now(self) -> float:
        """The engine's clock (unix seconds)."""
        return self._clock()

    @property
    def _dimensions(self) -> int:
        return self._embedder.dimensions if self._embedder else self.index_dimensions

    # -- status ---------------------------------------------------------------

    @property
    def embedder(self) -> Embedder | None:
        """The embedder in use, or None (keyword-only search)."""
        return self._embedder

    def enable_graph(self) -> bool:
        """Use an HNSW graph for large searches when usearch imports.

        Idempotent; also called after usearch was installed at run time.
        """
        had_graph = self.index.graph_enabled
        enabled = self.index.enable_graph()
        self.usearch_version = usearch_version() if enabled else None
        if enabled and not had_graph:
            self._adopt_saved_graph()
        return enabled

    def _adopt_saved_graph(self) -> None:
        """Take up the graph saved at the last close instead of building one."""
        path = self._graph_path
        if path is not None and len(self.index) >= self.index.graph_min_rows:
            self.index.load_graph(path)

    def backends(self) -> dict[str, str]:
        """Which implementation runs each part; reported, never silent."""
        vector_search = "none"
        if self._embedder is not None:
            vector_search = (
                "hnsw-graph+numpy-index" if self.index.graph_enabled else "numpy-index"
            )
        return {
            "embedder": self._embedder.backend if self._embedder else "none",
            "vector_search": vector_search,
            "filtered_vector_scan": "none"
            if self._embedder is None
            else "sqlite-vec"
            if self.sqlite_vec_version
            else "numpy",
            "keyword_search": "sqlite-fts5",
            "retrieval_mode": "hybrid" if self._embedder else "keyword-only",
        }

    def schema_version(self) -> int:
        """The file's schema version."""
        with self._read() as conn:
            return schema_version(conn)

    def counts(self) -> dict[str, dict[str, int]]:
        """Memories by tier, kind and class (no text)."""
        result: dict[str, dict[str, int]] = {
            "tier": {},
            "kind": {},
            "weight_class": {},
        }
        with self._read() as conn:
            # One pass over the covering index memories_counts, not three
            # table scans (0.28 s at 100,000 memories).
            rows = conn.execute(
                "SELECT tier, kind, weight_class, count(*) FROM memories "
                "INDEXED BY memories_counts GROUP BY tier, kind, weight_class"
            ).fetchall()
        for tier, kind, weight_class, count in rows:
            for column, value in (
                ("tier", tier),
                ("kind", kind),
                ("weight_class", weight_class),
            ):
                group = result[column]
                group[str(value)] = group.get(str(value), 0) + int(count)
        return {column: group for column, group in result.items() if group}

    def count_active(self, visibility: Visibility) -> int:
        """Active memories of this visibility (expired ones included)."""
        with self._read() as conn:
            return int(
                conn.execute(
                    "SELECT count(*) FROM memories INDEXED BY memories_tier_visibility "
                    "WHERE tier = ? AND visibility = ?",
                    (str(Tier.ACTIVE), str(visibility)),
                ).fetchone()[0]
            )

    def newest_created_at(self, visibility: Visibility) -> float | None:
        """When the newest active memory of this visibility was created."""
        with self._read() as conn:
            row = conn.execute(
                "SELECT created_at FROM memories INDEXED BY memories_created "
                "WHERE tier = ? AND visibility = ? ORDER BY created_at DESC LIMIT 1",
                (str(Tier.ACTIVE), str(visibility)),
            ).fetchone()
        return None if row is None else float(row[0])

    def database_size(self) -> int:
        """Bytes on disk: the file, its write-ahead log and shared memory.

        The one figure every surface reports (sensor, system information,
        diagnostics): between checkpoints the WAL can outgrow the file.
        """
        size = 0
        for path in (self.path, Path(f"{self.path}-wal"), Path(f"{self.path}-shm")):
            try:
                size += path.stat().st_size
            except FileNotFoundError:
                continue  # no WAL yet, or checkpointed and removed meanwhile
        return size

    # -- visibility groups ----------------------------------------------------

    def _group(self, owner: str | None, visibility: str) -> int:
        if visibility == Visibility.HOUSEHOLD or owner is None:
            return 0
        if owner not in self._groups:
            self._groups[owner] = len(self._groups) + 1
        return self._groups[owner]

    def caller_groups(self, caller: Caller) -> set[int]:
        """The visibility groups a caller may see."""
        groups = {0}
        if caller.user_id is not None and caller.user_id in self._groups:
            groups.add(self._groups[caller.user_id])
        return groups

    # -- vector index ---------------------------------------------------------

    def _load_index(self) -> None:
        self.index.clear()
        if self._embedder is None:
            return
        model = self._embedder.model_id
        with self._read() as conn:
            rows = conn.execute(
                "SELECT m.rowid, m.owner, m.visibility, m.expires_at, v.vector "
                "FROM memories m JOIN memory_vectors v ON v.memory_rowid = m.rowid "
                "WHERE m.tier = 'active' AND v.model = ?",
                (model,),
            )
            while batch := rows.fetchmany(4096):
                self._index_rows(batch)

    def _index_rows(self, rows: Sequence[Sequence[Any]]) -> None:
        if not rows:
            return
        dims = self._dimensions
        vectors = np.frombuffer(b"".join(r[4] for r in rows), dtype="<f4").reshape(
            len(rows), dims
        )
        with self._index_lock:
            groups = [self._group(r[1], r[2]) for r in rows]
        self.index.upsert(
            [int(r[0]) for r in rows],
            vectors.astype(np.float32, copy=False),
            groups,
            [math.inf if r[3] is None else float(r[3]) for r in rows],
        )

    def _load_scores(self) -> None:
        self.scores.clear()
        with self._read() as conn:
            rows = conn.execute(
                f"SELECT {SCORE_COLUMNS} FROM memories WHERE tier = 'active'"
            )
            while batch := rows.fetchmany(8192):
                self.scores.upsert(batch)

    def _refresh(self, rowids: Sequence[int], *, vectors: bool = True) -> None:
        """Bring the in-memory copies in line with the file for these rows.

        Called after the commit of every write: the scoring columns of active
        memories, and (unless only those changed) their vectors in the index.
        """
        for start in range(0, len(rowids), _REFRESH_CHUNK):
            self._refresh_chunk(rowids[start : start + _REFRESH_CHUNK], vectors)

    def _refresh_chunk(self, rowids: Sequence[int], vectors: bool) -> None:
        marks = ",".join("?" * len(rowids))
        with self._refresh_lock:
            with self._read() as conn:
                scored = conn.execute(
                    f"SELECT {SCORE_COLUMNS} FROM memories "
                    f"WHERE tier = 'active' AND rowid IN ({marks})",
                    rowids,
                ).fetchall()
                indexed = (
                    conn.execute(
                        "SELECT m.rowid, m.owner, m.visibility, m.expires_at, "
                        "v.vector FROM memories m JOIN memory_vectors v "
                        "ON v.memory_rowid = m.rowid WHERE m.tier = 'active' "
                        f"AND v.model = ? AND m.rowid IN ({marks})",
                        (self._embedder.model_id, *rowids),
                    ).fetchall()
                    if vectors and self._embedder is not None
                    else None
                )
            active = {int(r[0]) for r in scored}
            self.scores.remove([r for r in rowids if r not in active])
            self.scores.upsert(scored)
            if indexed is not None:
                present = {int(r[0]) for r in indexed}
                self.index.remove([r for r in rowids if r not in present])
                self._index_rows(indexed)

    # -- embedding ------------------------------------------------------------

    def _embed(self, texts: Sequence[str]) -> npt.NDArray[np.float32] | None:
        if self._embedder is None or not texts:
            return None
        return self._embedder.embed(list(texts))

    def embed_query(self, text: str) -> npt.NDArray[np.float32] | None:
        """The query vector, or None in keyword-only mode."""
        if self._embedder is None:
            return None
        return self._embedder.embed_query(text)

    # -- validation -----------------------------------------------------------

    def _validate_new(self, new: NewMemory) -> NewMemory:
        content = clean_content("content", new.content, MAX_CONTENT_CHARS)
        kind = clean_enum("kind", MemoryKind, new.kind)
        source = clean_enum("source", Source, new.source)
        summary = (
            clean_text("summary", new.summary, MAX_SUMMARY_CHARS)
            if new.summary is not None
            else summarize(content)
        )
        weight_class = (
            clean_enum("weight_class", WeightClass, new.weight_class)
            if new.weight_class is not None
            else default_weight_class(kind, source)
        )
        visibility = clean_enum("visibility", Visibility, new.visibility)
        if visibility is Visibility.PRIVATE and not new.owner:
            raise InvalidMemoryError("visibility", "a private memory needs an owner")
        if new.id is not None:
            clean_text("id", new.id, MAX_LABEL_CHARS)
        for name in ("segment_start", "segment_end", "expires_at"):
            to_timestamp(getattr(new, name))
        return replace(
            new,
            content=content,
            summary=summary,
            kind=kind,
            source=source,
            weight_class=weight_class,
            visibility=visibility,
            importance=clean_importance(new.importance),
            tags=clean_labels("tags", new.tags),
            people=clean_labels("people", new.people),
            source_ids=clean_labels("source_ids", new.source_ids),
            emotion=clean_optional("emotion", new.emotion),
            location=clean_optional("location", new.location),
            time_of_day=clean_optional("time_of_day", new.time_of_day),
            day_type=clean_optional("day_type", new.day_type),
            speaker=clean_optional("speaker", new.speaker),
            owner=clean_optional("owner", new.owner),
            thread=clean_optional("thread", new.thread),
        )

    # -- create ---------------------------------------------------------------

    def create(self, new: NewMemory, caller: Caller) -> CreateResult:
        """Store a statement: a new memory, a correction, or a repeat.

        Which one is decided against the active memories of the same owner
        and visibility by `statements.relate` (its module text has the rule).
        """
        return self.create_many([new], caller)[0]

    def create_many(
        self,
        items: Sequence[NewMemory],
        caller: Caller,
        *,
        vectors: npt.NDArray[np.float32] | None = None,
        dedup: bool = True,
        in_transaction: Callable[[sqlite3.Connection, list[CreateResult]], None]
        | None = None,
    ) -> list[CreateResult]:
        """Store several memories in one transaction (bulk import, benchmarks).

        `vectors` may carry precomputed embeddings (one row per item, for the
        current model); otherwise the texts are embedded here.
        `in_transaction` runs inside the same transaction after the inserts,
        so a caller's own bookkeeping (consumed events, a confirmed proposal)
        commits or rolls back with the memories.
        """
        cleaned = [self._validate_new(_as_told(item)) for item in items]
        if vectors is None:
            vectors = self._embed(
                [embedding_text(str(c.summary), c.content) for c in cleaned]
            )
        elif self._embedder is None or vectors.shape != (
            len(cleaned),
            self._dimensions,
        ):
            raise InvalidMemoryError("vectors", "do not match the items or the model")
        now = self.now()
        results: list[CreateResult] = []
        touched: list[int] = []
        # Rows this call wrote, with their vectors: the index learns them only
        # after the commit.
        fresh: dict[int, tuple[_Holder, npt.NDArray[np.float32]]] = {}
        # Per owner and visibility, the rowids a new statement may match.
        holders: dict[_Holder, npt.NDArray[np.int64]] = {}
        try:
            with self._transaction() as conn:
                for position, item in enumerate(cleaned):
                    vector = None if vectors is None else vectors[position]
                    match = (
                        self._find_match(conn, item, vector, fresh, holders)
                        if dedup
                        else None
                    )
                    if match is None:
                        rowid = self._insert(conn, item, vector, caller, now)
                        result = CreateResult(
                            self._fetch_one(conn, rowid), CreateAction.CREATED
                        )
                    else:
                        rowid, similarity, relation = match
                        result = self._fold_into(
                            conn, rowid, item, vector, similarity, relation, caller, now
                        )
                    results.append(result)
                    touched.append(rowid)
                    if (
                        vector is not None
                        and result.action is not CreateAction.REINFORCED
                    ):
                        fresh[rowid] = ((item.owner, str(item.visibility)), vector)
                if in_transaction is not None:
                    in_transaction(conn, results)
                # Still inside the write lock: the next writer's duplicate
                # check sees these rows even before the index does (two
                # creates at once must not both insert; issue 11 class 9).
                with self._pending_lock:
                    self._unindexed.update(fresh)
            self._refresh(touched)
        finally:
            with self._pending_lock:
                for rowid, entry in fresh.items():
                    if self._unindexed.get(rowid) is entry:
                        del self._unindexed[rowid]
        return results

    def _find_match(
        self,
        conn: sqlite3.Connection,
        item: NewMemory,
        vector: npt.NDArray[np.float32] | None,
        fresh: dict[int, tuple[_Holder, npt.NDArray[np.float32]]],
        holders: dict[_Holder, npt.NDArray[np.int64]],
    ) -> tuple[int, float, Relation] | None:
        """The memory the new statement repeats (first) or corrects, if any.

        Runs in the writer's transaction, so the check and the write that
        follows are one step.
        """
        now = self.now()
        candidates: dict[int, float] = {}
        holder: _Holder = (item.owner, str(item.visibility))
        if vector is not None:
            # Only the same owner's memories are compared, so they are chosen
            # before the top k: the household group holds every owner's (and
            # the automations'), which would otherwise crowd them out.
            if holder not in holders:
                holders[holder] = np.fromiter(
                    (
                        int(r[0])
                        for r in conn.execute(
                            "SELECT rowid FROM memories WHERE tier = 'active' "
                            "AND owner IS ? AND visibility = ?",
                            holder,
                        )
                    ),
                    np.int64,
                )
            allowed = holders[holder]
            group = self._group(item.owner, item.visibility)
            for rowid, similarity in (
                self.index.search(
                    vector,
                    _MATCH_CANDIDATES,
                    groups=[group],
                    now=now,
                    allowed_rowids=allowed,
                )
                if allowed.size
                else []
            ):
                if similarity < self.config.correction_min_similarity:
                    break
                candidates[rowid] = similarity
            with self._pending_lock:
                unindexed = list(self._unindexed.items())
            # Rows not in the index yet: committed by a writer that has not
            # refreshed it, or written earlier in this transaction. Their
            # vector here is newer than the index's.
            for rowid, (row_holder, row_vector) in [*unindexed, *fresh.items()]:
                if row_holder == holder:
                    similarity = float(np.dot(row_vector, vector))
                    candidates.pop(rowid, None)
                    if similarity >= self.config.correction_min_similarity:
                        candidates[rowid] = similarity
        # The same text is a repeat with or without vectors (keyword-only mode).
        row = conn.execute(
            "SELECT rowid FROM memories WHERE tier = 'active' AND content = ? "
            "AND owner IS ? AND visibility = ? LIMIT 1",
            (item.content, item.owner, str(item.visibility)),
        ).fetchone()
        if row is not None:
            candidates[int(row[0])] = 1.0
        correction: tuple[int, float, Relation] | None = None
        for rowid, similarity in sorted(
            candidates.items(), key=lambda pair: (-pair[1], pair[0])
        ):
            row = conn.execute(
                "SELECT owner, visibility, tier, content, expires_at FROM memories "
                "WHERE rowid = ?",
                (rowid,),
            ).fetchone()
            # Never fold into an expired memory: it is invisible and
            # maintenance archives it, taking the new text along.
            if (
                row is None
                or tuple(row[:3]) != (item.owner, str(item.visibility), "active")
                or (row[4] is not None and row[4] <= now)
            ):
                continue
            relation = relate(
                row[3],
                item.content,
                similarity,
                floor=self.config.correction_min_similarity,
                paraphrase=self.config.dedup_threshold,
            )
            if relation is Relation.REPEAT:
                return rowid, similarity, relation
            if relation is Relation.CORRECTION and correction is None:
                correction = (rowid, similarity, relation)
        return correction

    def _insert(
        self,
        conn: sqlite3.Connection,
        item: NewMemory,
        vector: npt.NDArray[np.float32] | None,
        caller: Caller,
        now: float,
        *,
        times: dict[str, Any] | None = None,
    ) -> int:
        memory_id = item.id or secrets.token_hex(6)
        if conn.execute("SELECT 1 FROM memories WHERE id = ?", (memory_id,)).fetchone():
            raise InvalidMemoryError("id", f"{memory_id!r} already exists")
        weight_class = WeightClass(str(item.weight_class))
        values: dict[str, Any] = {
            "id": memory_id,
            "content": item.content,
            "summary": item.summary,
            "kind": str(item.kind),
            "weight_class": str(weight_class),
            "importance": item.importance,
            "effective_importance": decay.effective_importance(
                item.importance,
                weight_class,
                0.0,
                0,
                base_half_life_days=self.config.base_half_life_days,
                floor=self.config.decay_floor,
            ),
            "emotion": item.emotion,
            "people": json.dumps(list(item.people)),
            "location": item.location,
            "time_of_day": item.time_of_day,
            "day_type": item.day_type,
            "tags": json.dumps(list(item.tags)),
            "source": str(item.source),
            "source_ids": json.dumps(list(item.source_ids)),
            "speaker": item.speaker,
            "owner": item.owner,
            "visibility": str(item.visibility),
            "segment_start": to_timestamp(item.segment_start),
            "segment_end": to_timestamp(item.segment_end),
            "created_at": now,
            "updated_at": now,
            "last_accessed_at": None,
            "access_count": 0,
            "expires_at": to_timestamp(item.expires_at),
            "tier": "active",
            "deleted_at": None,
            "deleted_by": None,
            "archived_at": None,
            "embedding_model": None,
            "version": 1,
            "thread": item.thread,
        }
        if times:
            values.update(times)
        if vector is not None and self._embedder is not None:
            values["embedding_model"] = self._embedder.model_id
        names = ", ".join(values)
        marks = ", ".join(f":{name}" for name in values)
        rowid = int(
            conn.execute(
                f"INSERT INTO memories ({names}) VALUES ({marks})", values
            ).lastrowid  # type: ignore[arg-type]
        )
        self._write_labels(conn, rowid, item.tags, item.people)
        self._write_fts(
            conn, rowid, item.content, str(item.summary), item.tags, item.people
        )
        if vector is not None and self._embedder is not None:
            self._write_vector(conn, rowid, vector)
        self._log(
            conn,
            "create",
            memory_id,
            caller,
            item.content,
            {"kind": str(item.kind), "source": str(item.source)},
        )
        return rowid

    def _fold_into(
        self,
        conn: sqlite3.Connection,
        rowid: int,
        item: NewMemory,
        vector: npt.NDArray[np.float32] | None,
        similarity: float,
        relation: Relation,
        caller: Caller,
        now: float,
    ) -> CreateResult:
        """A repeat reinforces the memory; a correction replaces its statement.

        The newest statement wins: a correction is a new statement about the
        same subject, so what it says and how long it holds replace the old
        one's: text, summary, kind, class, emotion, location and expiry
        (a correction told without an expiry no longer expires, one told
        with an expiry expires then). The old statement stays as the previous
        version (history, undo restores all of these). Labels (tags,
        people) and importance describe the subject and accumulate, as for a
        repeat. A repeat keeps the statement and gains only access,
        importance, labels and the later of the two expiries (told again
        without one, it no longer expires): a repeat never shortens a
        memory's life, nor lets it lapse before the newest telling says.
        """
        existing = self._fetch_one(conn, rowid)
        correction = relation is Relation.CORRECTION
        tags = tuple(dict.fromkeys((*existing.tags, *item.tags)))
        people = tuple(dict.fromkeys((*existing.people, *item.people)))
        importance = max(existing.importance, item.importance)
        action = CreateAction.UPDATED if correction else CreateAction.REINFORCED
        patch = MemoryPatch(
            tags=tags if tags != existing.tags else None,
            people=people if people != existing.people else None,
            importance=importance if importance != existing.importance else None,
        )
        cleared: frozenset[str] = frozenset()
        if not correction and existing.expires_at is not None:
            if item.expires_at is None:
                patch = replace(patch, clear_expiry=True)
            elif item.expires_at > existing.expires_at:
                patch = replace(patch, expires_at=item.expires_at)
        if correction:
            # _validate_new filled kind, class and summary.
            patch = replace(
                patch,
                content=item.content,
                summary=item.summary,
                kind=MemoryKind(str(item.kind)),
                weight_class=WeightClass(str(item.weight_class)),
                emotion=item.emotion,
                location=item.location,
                expires_at=item.expires_at,
                clear_expiry=item.expires_at is None,
            )
            cleared = frozenset(
                name for name in ("emotion", "location") if getattr(item, name) is None
            )
        if not patch.is_empty():
            self._apply_patch(
                conn,
                existing,
                patch,
                caller,
                now,
                vector=vector if correction else None,
                log_operation=None,
                cleared=cleared,
            )
        conn.execute(
            "UPDATE memories SET access_count = access_count + 1, "
            "last_accessed_at = ? WHERE rowid = ?",
            (now, rowid),
        )
        self._log(
            conn,
            str(action),
            existing.id,
            caller,
            item.content,
            {"similarity": round(similarity, 4)},
        )
        return CreateResult(
            self._fetch_one(conn, rowid),
            action,
            similarity,
            existing.content if correction else None,
        )

    # -- writes shared by create and update -----------------------------------

    def _write_labels(
        self,
        conn: sqlite3.Connection,
        rowid: int,
        tags: Sequence[str],
        people: Sequence[str],
    ) -> None:
        conn.execute("DELETE FROM memory_tags WHERE memory_rowid = ?", (rowid,))
        conn.execute("DELETE FROM memory_people WHERE memory_rowid = ?", (rowid,))
        conn.executemany(
            "INSERT INTO memory_tags (memory_rowid, tag) VALUES (?, ?)",
            [(rowid, tag) for tag in tags],
        )
        conn.executemany(
            "INSERT INTO memory_people (memory_rowid, person) VALUES (?, ?)",
            [(rowid, person.casefold()) for person in people],
        )

    def _write_fts(
        self,
        conn: sqlite3.Connection,
        rowid: int,
        content: str,
        summary: str,
        tags: Sequence[str],
        people: Sequence[str],
    ) -> None:
        conn.execute("DELETE FROM memories_fts WHERE rowid = ?", (rowid,))
        conn.execute(
            "INSERT INTO memories_fts (rowid, content, summary, tags, people) "
            "VALUES (?, ?, ?, ?, ?)",
            (
                rowid,
                content,
                "" if summary in content else summary,
                " ".join(tags),
                " ".join(people),
            ),
        )

    def _write_vector(
        self, conn: sqlite3.Connection, rowid: int, vector: npt.NDArray[np.float32]
    ) -> None:
        assert self._embedder is not None
        conn.execute(
            "INSERT OR REPLACE INTO memory_vectors (memory_rowid, model, vector) "
            "VALUES (?, ?, ?)",
            (rowid, self._embedder.model_id, np.asarray(vector, dtype="<f4").tobytes()),
        )
        conn.execute(
            "UPDATE memories SET embedding_model = ? WHERE rowid = ?",
            (self._embedder.model_id, rowid),
        )

    def _log(
        self,
        conn: sqlite3.Connection,
        operation: str,
        memory_id: str | None,
        caller: Caller,
        text: str | None,
        details: dict[str, Any] | None = None,
    ) -> None:
        owner, visibility = (
            (None, None) if memory_id is None else self._log_visibility(conn, memory_id)
        )
        conn.execute(
            "INSERT INTO operation_log (at, operation, memory_id, actor, content_hash, "
            "details, owner, visibility) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (
                self.now(),
                operation,
                memory_id,
                caller.actor,
                None if text is None else content_hash(text),
                json.dumps(details or {}, sort_keys=True),
                owner,
                visibility,
            ),
        )
        if memory_id is not None and visibility != Visibility.HOUSEHOLD:
            # Made private, all of a memory's rows become its owner's. Made
            # household, earlier rows keep what they had: rows of a private
            # period stay private, so a row is shown to others only when it
            # was written while household and the memory is not private now.
            conn.execute(
                "UPDATE operation_log SET owner = ?, visibility = ? "
                "WHERE memory_id = ? AND (owner IS NOT ? OR visibility IS NOT ?)",
                (owner, visibility, memory_id, owner, visibility),
            )

    @staticmethod
    def _log_visibility(
        conn: sqlite3.Connection, memory_id: str
    ) -> tuple[str | None, str]:
        """Owner and visibility a log row about `memory_id` gets.

        The memory's own while it exists; once purged, what its earlier log
        rows said; with neither, private to nobody (never shown).
        """
        row = conn.execute(
            "SELECT owner, visibility FROM memories WHERE id = ?", (memory_id,)
        ).fetchone()
        if row is None:
            row = conn.execute(
                "SELECT owner, visibility FROM operation_log WHERE memory_id = ? "
                "AND visibility IS NOT NULL ORDER BY seq DESC LIMIT 1",
                (memory_id,),
            ).fetchone()
        if row is None:
            return None, str(Visibility.PRIVATE)
        owner, visibility = row
        if visibility != Visibility.HOUSEHOLD:
            return owner, str(Visibility.PRIVATE)
        return owner, str(Visibility.HOUSEHOLD)

    def log_event(
        self, operation: str, caller: Caller, details: dict[str, Any] | None = None
    ) -> None:
        """Record a non-memory event (a tool call, a service call) in the log."""
        with self._transaction() as conn:
            self._log(conn, operation, None, caller, None, details)

    # -- read -----------------------------------------------------------------

    def _row_to_memory(self, row: Sequence[Any]) -> Memory:
        return Memory(
            id=row[1],
            content=row[2],
            summary=row[3],
            kind=_KINDS[row[4]],
            weight_class=_WEIGHT_CLASSES[row[5]],
            importance=row[6],
            effective_importance=row[7],
            emotion=row[8],
            people=_labels(row[9]),
            location=row[10],
            time_of_day=row[11],
            day_type=row[12],
            tags=_labels(row[13]),
            source=_SOURCES[row[14]],
            source_ids=_labels(row[15]),
            speaker=row[16],
            owner=row[17],
            visibility=_VISIBILITIES[row[18]],
            segment_start=from_timestamp(row[19]),
            segment_end=from_timestamp(row[20]),
            created_at=from_timestamp(row[21]),  # type: ignore[arg-type]
            updated_at=from_timestamp(row[22]),  # type: ignore[arg-type]
            last_accessed_at=from_timestamp(row[23]),
            access_count=row[24],
            expires_at=from_timestamp(row[25]),
            tier=_TIERS[row[26]],
            deleted_at=from_timestamp(row[27]),
            deleted_by=row[28],
            archived_at=from_timestamp(row[29]),
            embedding_model=row[30],
            version=row[31],
            thread=row[32],
        )

    def _fetch_one(self, conn: sqlite3.Connection, rowid: int) -> Memory:
        row = conn.execute(
            f"SELECT {_COLUMNS} FROM memories WHERE rowid = ?", (rowid,)
        ).fetchone()
        return self._row_to_memory(row)

    def fetch(self, rowids: Sequence[int]) -> dict[int, Memory]:
        """Memories by rowid (no visibility check: callers filter first)."""
        if not rowids:
            return {}
        with self._read() as conn:
            rows = conn.execute(
                f"SELECT {_COLUMNS} FROM memories WHERE rowid IN "
                f"({','.join('?' * len(rowids))})",
                list(rowids),
            ).fetchall()
        return {int(row[0]): self._row_to_memory(row) for row in rows}

    def fetch_ids(self, memory_ids: Sequence[str]) -> dict[str, Memory]:
        """Memories by id, as they are now (no visibility check: callers check)."""
        if not memory_ids:
            return {}
        with self._read() as conn:
            rows = conn.execute(
                f"SELECT {_COLUMNS} FROM memories WHERE id IN "
                f"({','.join('?' * len(memory_ids))})",
                list(memory_ids),
            ).fetchall()
        return {str(row[1]): self._row_to_memory(row) for row in rows}

    def ids_of(self, rowids: Sequence[int]) -> dict[int, str]:
        """Memory ids of these rowids (unknown rowids are left out)."""
        if not rowids:
            return {}
        with self._read() as conn:
            return {
                int(rowid): str(memory_id)
                for rowid, memory_id in conn.execute(
                    f"SELECT rowid, id FROM memories WHERE rowid IN "
                    f"({','.join('?' * len(rowids))})",
                    list(rowids),
                )
            }

    def score_fields(self, rowids: Sequence[int]) -> ScoreColumns:
        """The columns ranking needs, in memory for active memories.

        Rows of other tiers (an admin's search of deleted or archived
        memories) are read from the file. Unknown rowids are left out.
        """
        held, missing = self.scores.lookup(rowids)
        if not missing:
            return held
        with self._read() as conn:
            rows = conn.execute(
                f"SELECT {SCORE_COLUMNS} FROM memories WHERE rowid IN "
                f"({','.join('?' * len(missing))})",
                missing,
            ).fetchall()
        return ScoreColumns.concatenate([held, ScoreColumns.from_rows(rows)])

    def rowids_of(self, memory_ids: Sequence[str]) -> list[int]:
        """Rowids of these memory ids (unknown ids are left out)."""
        if not memory_ids:
            return []
        with self._read() as conn:
            return [
                int(row[0])
                for row in conn.execute(
                    f"SELECT rowid FROM memories WHERE id IN "
                    f"({','.join('?' * len(memory_ids))})",
                    list(memory_ids),
                )
            ]

    def _rowid_for(
        self, conn: sqlite3.Connection, memory_id: str, caller: Caller
    ) -> tuple[int, Memory]:
        if not isinstance(memory_id, str):
            raise MemoryNotFoundError(str(memory_id))
        row = conn.execute(
            f"SELECT {_COLUMNS} FROM memories WHERE id = ?", (memory_id,)
        ).fetchone()
        if row is None:
            raise MemoryNotFoundError(memory_id)
        memory = self._row_to_memory(row)
        if not memory.visible_to(caller):
            # Someone else's private memory does not exist for this caller.
            raise MemoryNotFoundError(memory_id)
        return int(row[0]), memory

    def get(self, memory_id: str, caller: Caller) -> Memory:
        """One memory by id, if the caller may see it (any tier)."""
        with self._read() as conn:
            return self._rowid_for(conn, memory_id, caller)[1]

    # -- update and history ---------------------------------------------------

    def update(self, memory_id: str, patch: MemoryPatch, caller: Caller) -> Memory:
        """Change some fields; keeps the previous version for undo."""
        if patch.is_empty():
            raise InvalidMemoryError("patch", "nothing to change")
        patch = self._validate_patch(patch)
        with self._read() as conn:
            _, current = self._rowid_for(conn, memory_id, caller)
        vector = self._vector_for_patch(current, patch)
        with self._transaction() as conn:
            rowid, current = self._rowid_for(conn, memory_id, caller)
            if current.tier is not Tier.ACTIVE:
                raise MemoryNotFoundError(memory_id)
            if (
                patch.expected_version is not None
                and patch.expected_version != current.version
            ):
                raise MemoryChangedError(memory_id)
            _check_visibility_change(current, patch.visibility, caller)
            self._apply_patch(
                conn,
                current,
                patch,
                caller,
                self.now(),
                vector=vector,
                cleared=patch.cleared & _CLEARABLE,
            )
            updated = self._fetch_one(conn, rowid)
        self._refresh([rowid])
        return updated

    def _validate_patch(self, patch: MemoryPatch) -> MemoryPatch:
        if patch.visibility is Visibility.PRIVATE:
            pass  # the owner check happens against the stored memory
        to_timestamp(patch.expires_at)
        return replace(
            patch,
            content=None
            if patch.content is None
            else clean_content("content", patch.content, MAX_CONTENT_CHARS),
            summary=None
            if patch.summary is None
            else clean_text("summary", patch.summary, MAX_SUMMARY_CHARS),
            kind=None
            if patch.kind is None
            else clean_enum("kind", MemoryKind, patch.kind),
            weight_class=None
            if patch.weight_class is None
            else clean_enum("weight_class", WeightClass, patch.weight_class),
            importance=None
            if patch.importance is None
            else clean_importance(patch.importance),
            tags=None if patch.tags is None else clean_labels("tags", patch.tags),
            people=None
            if patch.people is None
            else clean_labels("people", patch.people),
            emotion=clean_optional("emotion", patch.emotion),
            location=clean_optional("location", patch.location),
            visibility=None
            if patch.visibility is None
            else clean_enum("visibility", Visibility, patch.visibility),
        )

    def _vector_for_patch(
        self, current: Memory, patch: MemoryPatch
    ) -> npt.NDArray[np.float32] | None:
        if patch.content is None and patch.summary is None:
            return None
        content = patch.content or current.content
        summary = patch.summary or (
            summarize(content) if patch.content is not None else current.summary
        )
        embedded = self._embed([embedding_text(summary, content)])
        return None if embedded is None else embedded[0]

    def _apply_patch(
        self,
        conn: sqlite3.Connection,
        current: Memory,
        patch: MemoryPatch,
        caller: Caller,
        now: float,
        *,
        vector: npt.NDArray[np.float32] | None = None,
        log_operation: str | None = "update",
        cleared: frozenset[str] = frozenset(),
    ) -> None:
        """Write `patch` over `current`, keeping `current` as a version.

        None in the patch keeps a field, except the optional fields named in
        `cleared` (emotion, location), which become None.
        """
        if patch.visibility is Visibility.PRIVATE and current.owner is None:
            raise InvalidMemoryError("visibility", "a private memory needs an owner")
        rowid = int(
            conn.execute(
                "SELECT rowid FROM memories WHERE id = ?", (current.id,)
            ).fetchone()[0]
        )
        self._save_version(conn, rowid, current, caller, now)
        content = patch.content if patch.content is not None else current.content
        if patch.summary is not None:
            summary = patch.summary
        elif patch.content is not None:
            summary = summarize(content)
        else:
            summary = current.summary
        tags = patch.tags if patch.tags is not None else current.tags
        people = patch.people if patch.people is not None else current.people
        expires = (
            None
            if patch.clear_expiry
            else to_timestamp(patch.expires_at)
            if patch.expires_at is not None
            else to_timestamp(current.expires_at)
        )
        values = {
            "content": content,
            "summary": summary,
            "kind": str(patch.kind or current.kind),
            "weight_class": str(patch.weight_class or current.weight_class),
            "importance": current.importance
            if patch.importance is None
            else patch.importance,
            "emotion": patch.emotion
            if patch.emotion is not None or "emotion" in cleared
            else current.emotion,
            "people": json.dumps(list(people)),
            "location": patch.location
            if patch.location is not None or "location" in cleared
            else current.location,
            "tags": json.dumps(list(tags)),
            "visibility": str(patch.visibility or current.visibility),
            "expires_at": expires,
            "updated_at": now,
            "version": current.version + 1,
            "rowid": rowid,
        }
        assignments = ", ".join(f"{k} = :{k}" for k in values if k != "rowid")
        conn.execute(f"UPDATE memories SET {assignments} WHERE rowid = :rowid", values)
        self._write_labels(conn, rowid, tags, people)
        self._write_fts(conn, rowid, content, summary, tags, people)
        if vector is not None:
            self._write_vector(conn, rowid, vector)
        elif content != current.content or summary != current.summary:
            # Text changed without a new vector (keyword-only mode): the old
            # vector no longer describes it.
            conn.execute("DELETE FROM memory_vectors WHERE memory_rowid = ?", (rowid,))
            conn.execute(
                "UPDATE memories SET embedding_model = NULL WHERE rowid = ?", (rowid,)
            )
        if log_operation:
            changed = sorted(
                name for name in _SNAPSHOT_FIELDS if getattr(patch, name) is not None
            )
            self._log(
                conn, log_operation, current.id, caller, content, {"fields": changed}
            )

    def _save_version(
        self,
        conn: sqlite3.Connection,
        rowid: int,
        current: Memory,
        caller: Caller,
        now: float,
    ) -> None:
        snapshot = {name: jsonable(getattr(current, name)) for name in _SNAPSHOT_FIELDS}
        conn.execute(
            "INSERT OR REPLACE INTO memory_versions "
            "(memory_rowid, version, snapshot, replaced_at, replaced_by) "
            "VALUES (?, ?, ?, ?, ?)",
            (rowid, current.version, json.dumps(snapshot), now, caller.actor),
        )
        conn.execute(
            "DELETE FROM memory_versions WHERE memory_rowid = ? AND version <= ?",
            (rowid, current.version - self.config.version_history_limit),
        )

    def history(self, memory_id: str, caller: Caller) -> list[dict[str, Any]]:
        """Earlier versions of a memory the caller may see, newest first.

        Every reader of history goes through here: a version that was private
        is its owner's alone, even after the memory became household.
        """
        with self._read() as conn:
            rowid, current = self._rowid_for(conn, memory_id, caller)
            rows = conn.execute(
                "SELECT version, snapshot, replaced_at, replaced_by "
                "FROM memory_versions WHERE memory_rowid = ? ORDER BY version DESC",
                (rowid,),
            ).fetchall()
        history = []
        for version, snapshot, replaced_at, replaced_by in rows:
            fields = json.loads(snapshot)
            if not _version_visible(current, fields, caller):
                continue
            history.append(
                {
                    "version": version,
                    "replaced_at": from_timestamp(replaced_at),
                    "replaced_by": replaced_by,
                    **fields,
                }
            )
        return history

    def undo(self, memory_id: str, caller: Caller) -> Memory:
        """Return an active memory to the version before its last update."""
        with self._read() as conn:
            rowid, current = self._rowid_for(conn, memory_id, caller)
            if current.tier is not Tier.ACTIVE:
                # Like update: a forgotten memory is restored first, not edited.
                raise MemoryNotFoundError(memory_id)
            row = conn.execute(
                "SELECT version, snapshot FROM memory_versions WHERE memory_rowid = ? "
                "ORDER BY version DESC LIMIT 1",
                (rowid,),
            ).fetchone()
        if row is None:
            raise NothingToUndoError(memory_id)
        version, snapshot = int(row[0]), json.loads(row[1])
        # Undo changes visibility back too: the owner's call alone (a private
        # version would otherwise come back to, and be returned to, another).
        _check_visibility_change(current, Visibility(snapshot["visibility"]), caller)
        text_changed = (
            snapshot["content"] != current.content
            or snapshot["summary"] != current.summary
        )
        vector = (
            self._embed([embedding_text(snapshot["summary"], snapshot["content"])])
            if text_changed
            else None
        )
        with self._transaction() as conn:
            values = {name: snapshot[name] for name in _SNAPSHOT_FIELDS}
            values["people"] = json.dumps(values["people"])
            values["tags"] = json.dumps(values["tags"])
            values["expires_at"] = to_timestamp(
                None
                if values["expires_at"] is None
                else datetime.fromisoformat(values["expires_at"])
            )
            values.update(version=version, updated_at=self.now(), rowid=rowid)
            assignments = ", ".join(f"{k} = :{k}" for k in values if k != "rowid")
            conn.execute(
                f"UPDATE memories SET {assignments} WHERE rowid = :rowid", values
            )
            conn.execute(
                "DELETE FROM memory_versions WHERE memory_rowid = ? AND version >= ?",
                (rowid, version),
            )
            self._write_labels(conn, rowid, snapshot["tags"], snapshot["people"])
            self._write_fts(
                conn, rowid, snapshot["content"], snapshot["summary"],
                snapshot["tags"], snapshot["people"],
            )  # fmt: skip
            if vector is not None:
                self._write_vector(conn, rowid, vector[0])
            elif text_changed:
                conn.execute(
                    "DELETE FROM memory_vectors WHERE memory_rowid = ?", (rowid,)
                )
                conn.execute(
                    "UPDATE memories SET embedding_model = NULL WHERE rowid = ?",
                    (rowid,),
                )
            self._log(
                conn,
                "undo",
                memory_id,
                caller,
                snapshot["content"],
                {"to_version": version},
            )
            restored = self._fetch_one(conn, rowid)
        self._refresh([rowid])
        return restored

    # -- delete, restore, purge -----------------------------------------------

    def _select_targets(
        self,
        conn: sqlite3.Connection,
        caller: Caller,
        ids: Sequence[str],
        tags: Sequence[str],
        tier: Tier | None,
    ) -> list[tuple[int, Memory]]:
        targets: dict[int, Memory] = {}
        for memory_id in ids:
            rowid, memory = self._rowid_for(conn, memory_id, caller)
            targets[rowid] = memory
        if tags:
            rows = conn.execute(
                f"SELECT {_COLUMNS} FROM memories WHERE rowid IN (SELECT memory_rowid "
                f"FROM memory_tags WHERE tag IN ({','.join('?' * len(tags))}))",
                [t.casefold() for t in tags],
            ).fetchall()
            for row in rows:
                memory = self._row_to_memory(row)
                if memory.visible_to(caller):
                    targets[int(row[0])] = memory
        return [
            (rowid, memory)
            for rowid, memory in targets.items()
            if tier is None or memory.tier is tier
        ]

    def soft_delete(
        self,
        caller: Caller,
        *,
        ids: Sequence[str] = (),
        tags: Sequence[str] = (),
        versions: Mapping[str, int] | None = None,
    ) -> list[str]:
        """Move active memories to the deleted tier; returns the ids moved.

        `versions` (id -> version) forgets only what a person was shown: if
        one of those memories has been changed since (a correction keeps its
        id), MemoryChangedError names it and nothing is deleted.
        """
        if not ids and not tags:
            raise InvalidMemoryError("ids", "name memories by id or by tag")
        now = self.now()
        with self._transaction() as conn:
            targets = self._select_targets(conn, caller, ids, tags, Tier.ACTIVE)
            for _, memory in targets:
                if versions is not None and versions.get(memory.id) != memory.version:
                    raise MemoryChangedError(memory.id)
            for rowid, memory in targets:
                conn.execute(
                    "UPDATE memories SET tier = 'deleted', deleted_at = ?, "
                    "deleted_by = ? WHERE rowid = ?",
                    (now, caller.actor, rowid),
                )
                self._log(conn, "delete", memory.id, caller, memory.content)
        self._refresh([rowid for rowid, _ in targets])
        return [memory.id for _, memory in targets]

    def restore(self, caller: Caller, *, ids: Sequence[str]) -> list[str]:
        """Bring deleted or archived memories back to the active tier."""
        with self._transaction() as conn:
            targets = [
                (rowid, memory)
                for rowid, memory in self._select_targets(conn, caller, ids, (), None)
                if memory.tier is not Tier.ACTIVE
            ]
            for rowid, memory in targets:
                conn.execute(
                    "UPDATE memories SET tier = 'active', deleted_at = NULL, "
                    "deleted_by = NULL, archived_at = NULL, last_accessed_at = ? "
                    "WHERE rowid = ?",
                    (self.now(), rowid),
                )
                self._log(conn, "restore", memory.id, caller, memory.content)
        self._refresh([rowid for rowid, _ in targets])
        return [memory.id for _, memory in targets]

    def hard_delete(
        self,
        caller: Caller,
        *,
        ids: Sequence[str] = (),
        tags: Sequence[str] = (),
    ) -> list[str]:
        """Remove memories for good: row, vector, FTS entry and history."""
        if not ids and not tags:
            raise InvalidMemoryError("ids", "name memories by id or by tag")
        with self._transaction() as conn:
            targets = self._select_targets(conn, caller, ids, tags, None)
            self._purge_rows(conn, [rowid for rowid, _ in targets])
            for _, memory in targets:
                self._log(conn, "purge", memory.id, caller, memory.content)
        self._refresh([rowid for rowid, _ in targets])
        return [memory.id for _, memory in targets]

    @staticmethod
    def _purge_rows(conn: sqlite3.Connection, rowids: Sequence[int]) -> None:
        for rowid in rowids:
            conn.execute("DELETE FROM memories_fts WHERE rowid = ?", (rowid,))
            # Vectors, labels and versions go by ON DELETE CASCADE.
            conn.execute("DELETE FROM memories WHERE rowid = ?", (rowid,))

    # -- access ---------------------------------------------------------------

    def record_access(
        self, rowids: Sequence[int], caller: Caller, operation: str
    ) -> None:
        """Reinforce memories that a retrieval returned, and log it."""
        if not rowids:
            return
        now = self.now()
        with self._transaction() as conn:
            conn.executemany(
                "UPDATE memories SET access_count = access_count + 1, "
                "last_accessed_at = ? WHERE rowid = ?",
                [(now, rowid) for rowid in rowids],
            )
            ids = [
                row[0]
                for row in conn.execute(
                    f"SELECT id FROM memories WHERE rowid IN "
                    f"({','.join('?' * len(rowids))})",
                    list(rowids),
                )
            ]
            self._log(
                conn, "access", None, caller, None, {"ids": ids, "via": operation}
            )
        self._refresh(rowids, vectors=False)

    # -- candidate queries for retrieval --------------------------------------

    def _filter_sql(
        self, flt: MemoryFilter, caller: Caller, now: float
    ) -> tuple[str, list[Any]]:
        clauses = [f"m.tier IN ({','.join('?' * len(flt.tiers))})"]
        params: list[Any] = [str(t) for t in flt.tiers]
        clauses.append("(m.visibility = 'household' OR m.owner = ?)")
        params.append(caller.user_id)
        if not flt.include_expired:
            clauses.append("(m.expires_at IS NULL OR m.expires_at > ?)")
            params.append(now)
        if flt.kinds:
            clauses.append(f"m.kind IN ({','.join('?' * len(flt.kinds))})")
            params.extend(str(k) for k in flt.kinds)
        if flt.classes:
            clauses.append(f"m.weight_class IN ({','.join('?' * len(flt.classes))})")
            params.extend(str(c) for c in flt.classes)
        for tag in flt.tags:
            clauses.append(
                "m.rowid IN (SELECT memory_rowid FROM memory_tags WHERE tag = ?)"
            )
            params.append(tag.casefold())
        for person in flt.people:
            clauses.append(
                "m.rowid IN (SELECT memory_rowid FROM memory_people WHERE person = ?)"
            )
            params.append(person.casefold())
        if flt.owner is not None:
            clauses.append("m.owner = ?")
            params.append(flt.owner)
        if flt.visibility is not None:
            clauses.append("m.visibility = ?")
            params.append(str(flt.visibility))
        if flt.min_importance is not None:
            clauses.append("m.importance >= ?")
            params.append(flt.min_importance)
        if flt.created_after is not None:
            clauses.append("m.created_at >= ?")
            params.append(to_timestamp(flt.created_after))
        if flt.created_before is not None:
            clauses.append("m.created_at < ?")
            params.append(to_timestamp(flt.created_before))
        if flt.origins:
            clauses.append(
                "(" + " OR ".join(_ORIGIN_SQL[origin] for origin in flt.origins) + ")"
            )
        return " AND ".join(clauses), params

    def keyword_candidates(
        self, text: str, caller: Caller, flt: MemoryFilter, limit: int
    ) -> list[tuple[int, float]]:
        """(rowid, BM25 score, higher is better) for the text's content words.

        FTS5 scores every matching row as a plain column (its ORDER BY rank
        path measured twice as slow for the same rows), Python orders them,
        and the filter runs on the best rows a chunk at a time until `limit`
        pass it. Ties go to the older memory.
        """
        terms = search_terms(text)
        if not terms:
            return []
        where, params = self._filter_sql(flt, caller, self.now())
        chunk = limit * _KEYWORD_OVERFETCH
        with self._read() as conn:
            selective = self._selective_terms(conn, terms)
            if not selective:
                return []
            rows = conn.execute(
                f"SELECT rowid, -bm25(memories_fts, {_BM25_WEIGHTS}) "
                "FROM memories_fts WHERE memories_fts MATCH ?",
                (or_expression(selective),),
            ).fetchall()
            rows.sort(key=lambda row: (-row[1], row[0]))
            kept: list[tuple[int, float]] = []
            for start in range(0, len(rows), chunk):
                part = rows[start : start + chunk]
                allowed = {
                    row[0]
                    for row in conn.execute(
                        # NOT INDEXED: without statistics the planner may scan
                        # the tier index (all rows) instead of these few.
                        f"SELECT m.rowid FROM memories m NOT INDEXED WHERE m.rowid "
                        f"IN ({','.join('?' * len(part))}) AND {where}",
                        [*(row[0] for row in part), *params],
                    )
                }
                kept.extend((int(r), float(score)) for r, score in part if r in allowed)
                if len(kept) >= limit:
                    break
        return kept[:limit]

    def _selective_terms(self, conn: sqlite3.Connection, terms: list[str]) -> list[str]:
        """The rarest words whose memories fit the row budget, in large stores.

        Common words barely move BM25 (low IDF) but make FTS5 score thousands
        of rows: at 100,000 memories they were most of a search's time, and
        its slowest tail. A query made only of them is left to the vectors.
        """
        total = self._approximate_count(conn)
        if total < _PRUNE_FROM_ROWS:
            return terms
        generation = total // _DF_CACHE_STEP
        frequencies: dict[str, int] = {}
        for term in dict.fromkeys(terms):
            cached = self._df_cache.get(term)
            if cached is None or cached[1] != generation:
                # Counting stops just past the budget: a common word costs no
                # more to check than a rare one.
                count = conn.execute(
                    "SELECT count(*) FROM (SELECT rowid FROM memories_fts "
                    "WHERE memories_fts MATCH ? LIMIT ?)",
                    (or_expression([term]), _KEYWORD_ROW_BUDGET + 1),
                ).fetchone()[0]
                cached = (int(count), generation)
                if len(self._df_cache) >= _DF_CACHE_SIZE:
                    self._df_cache.clear()
                self._df_cache[term] = cached
            frequencies[term] = cached[0]
        kept: set[str] = set()
        rows = 0
        for term in sorted(frequencies, key=lambda t: (frequencies[t], t)):
            rows += frequencies[term]
            if rows > _KEYWORD_ROW_BUDGET:
                break
            kept.add(term)
        return [t for t in terms if t in kept]

    @staticmethod
    def _approximate_count(conn: sqlite3.Connection) -> int:
        # max(rowid) is a b-tree lookup; count(*) would scan the table.
        return int(
            conn.execute("SELECT coalesce(max(rowid), 0) FROM memories").fetchone()[0]
        )

    def keyword_scores(self, text: str, rowids: Sequence[int]) -> dict[int, float]:
        """BM25 scores (higher is better) of these memories for the text."""
        terms = search_terms(text)
        if not terms or not rowids:
            return {}
        with self._read() as conn:
            # The same words as keyword_candidates, so the scores compare.
            selective = self._selective_terms(conn, terms)
            if not selective:
                return {}
            expression = or_expression(selective)
            rows = conn.execute(
                f"SELECT rowid, -bm25(memories_fts, {_BM25_WEIGHTS}) "
                "FROM memories_fts WHERE memories_fts MATCH ? "
                f"AND rowid IN ({','.join('?' * len(rowids))})",
                [expression, *rowids],
            ).fetchall()
        return {int(rowid): float(score) for rowid, score in rows}

    def thread_neighbours(
        self, rowids: Sequence[int], caller: Caller, flt: MemoryFilter
    ) -> dict[int, tuple[int | None, int | None]]:
        """The memory before and after each one in its thread (same filter)."""
        if not rowids:
            return {}
        where, params = self._filter_sql(flt, caller, self.now())
        order = "(m.created_at, m.rowid) {} (t.created_at, t.rowid)"
        with self._read() as conn:
            rows = conn.execute(
                "SELECT t.rowid, "
                f"(SELECT m.rowid FROM memories m WHERE m.thread = t.thread "
                f"AND {order.format('<')} AND {where} "
                "ORDER BY m.created_at DESC, m.rowid DESC LIMIT 1), "
                f"(SELECT m.rowid FROM memories m WHERE m.thread = t.thread "
                f"AND {order.format('>')} AND {where} "
                "ORDER BY m.created_at, m.rowid LIMIT 1) "
                "FROM memories t WHERE t.thread IS NOT NULL "
                f"AND t.rowid IN ({','.join('?' * len(rowids))})",
                [*params, *params, *rowids],
            ).fetchall()
        return {int(row[0]): (row[1], row[2]) for row in rows}

    def vector_candidates(
        self,
        query: npt.NDArray[np.float32],
        caller: Caller,
        flt: MemoryFilter,
        limit: int,
    ) -> list[tuple[int, float]]:
        """(rowid, cosine) of the nearest memories the caller may see."""
        if self._embedder is None:
            return []
        now = self.now()
        if flt.tiers == (Tier.ACTIVE,):
            # Active memories are all in the index; SQL only narrows the rows.
            allowed = None
            if flt.needs_sql():
                where, params = self._filter_sql(flt, caller, now)
                with self._read() as conn:
                    allowed = np.fromiter(
                        (
                            row[0]
                            for row in conn.execute(
                                f"SELECT m.rowid FROM memories m WHERE {where}", params
                            )
                        ),
                        dtype=np.int64,
                    )
                if allowed.size == 0:
                    return []
            return self.index.search(
                query,
                limit,
                groups=self.caller_groups(caller),
                now=None if flt.include_expired else now,
                allowed_rowids=allowed,
            )
        # Deleted and archived memories are not indexed: scan their vectors.
        where, params = self._filter_sql(flt, caller, now)
        if self.sqlite_vec_version is not None:
            # Exact scan inside SQLite: the vectors never leave the database.
            with self._read() as conn:
                rows = conn.execute(
                    "SELECT m.rowid, 1.0 - vec_distance_cosine(v.vector, ?) AS cosine "
                    "FROM memories m JOIN memory_vectors v ON v.memory_rowid = m.rowid "
                    f"WHERE v.model = ? AND {where} "
                    "ORDER BY cosine DESC, m.rowid LIMIT ?",
                    [
                        np.asarray(query, dtype="<f4").tobytes(),
                        self._embedder.model_id,
                        *params,
                        limit,
                    ],
                ).fetchall()
            return [(int(rowid), float(cosine)) for rowid, cosine in rows]
        with self._read() as conn:
            blobs = conn.execute(
                "SELECT m.rowid, v.vector FROM memories m JOIN memory_vectors v "
                f"ON v.memory_rowid = m.rowid WHERE v.model = ? AND {where} "
                "ORDER BY m.rowid",
                [self._embedder.model_id, *params],
            ).fetchall()
        if not blobs:
            return []
        matrix = np.frombuffer(b"".join(r[1] for r in blobs), dtype="<f4").reshape(
            len(blobs), self._dimensions
        )
        scores = matrix @ np.asarray(query, dtype=np.float32)
        order = np.argsort(-scores, kind="stable")[:limit]
        return [(int(blobs[i][0]), float(scores[i])) for i in order]

    def similarities(
        self, query: npt.NDArray[np.float32], rowids: Sequence[int]
    ) -> dict[int, float]:
        """Exact cosine for these memories (indexed or not)."""
        if self._embedder is None or not rowids:
            return {}
        found = self.index.similarities(query, rowids)
        missing = [rowid for rowid in rowids if rowid not in found]
        if missing:
            with self._read() as conn:
                rows = conn.execute(
                    "SELECT memory_rowid, vector FROM memory_vectors WHERE model = ? "
                    f"AND memory_rowid IN ({','.join('?' * len(missing))})",
                    [self._embedder.model_id, *missing],
                ).fetchall()
            for rowid, blob in rows:
                found[int(rowid)] = float(np.frombuffer(blob, dtype="<f4") @ query)
        return found

    # -- list -----------------------------------------------------------------

    def list_memories(
        self,
        caller: Caller,
        flt: MemoryFilter | None = None,
        *,
        offset: int = 0,
        limit: int = 20,
        after: ListPosition | None = None,
    ) -> Page[Memory]:
        """Memories matching a filter, newest first, one page at a time.

        `after` (the previous page's `next_position`) pages by key instead of
        by offset: the page starts after that row, so the millionth row costs
        what the first does. The filter and the caller apply to every page.
        """
        flt = flt or MemoryFilter()
        if offset < 0 or not 1 <= limit <= 500:
            raise InvalidMemoryError("limit", "offset >= 0 and limit 1-500")
        if after is not None and offset:
            raise InvalidMemoryError("after", "pages by position or by offset")
        where, params = self._filter_sql(flt, caller, self.now())
        page_where, page_params = where, params
        if after is not None:
            page_where = f"{where} AND (m.created_at, m.rowid) < (?, ?)"
            page_params = [*params, after.created_at, after.rowid]
        with self._read() as conn:
            # Counting every visible row costs more than a page (70 ms at
            # 100,000 memories): the first page counts, later pages by key
            # report -1 (the caller has the count from the first).
            total = (
                -1
                if after is not None
                else int(
                    conn.execute(
                        f"SELECT count(*) FROM memories m WHERE {where}", params
                    ).fetchone()[0]
                )
            )
            rows = conn.execute(
                f"SELECT {_COLUMNS}, m.created_at FROM memories m "
                f"WHERE {page_where} "
                "ORDER BY m.created_at DESC, m.rowid DESC LIMIT ? OFFSET ?",
                [*page_params, limit + 1, offset],
            ).fetchall()
        more = len(rows) > limit
        rows = rows[:limit]
        items = [self._row_to_memory(row[:-1]) for row in rows]
        position = ListPosition(float(rows[-1][-1]), int(rows[-1][0])) if more else None
        next_offset = offset + len(items)
        return Page(
            items,
            total,
            offset,
            next_offset if more and after is None else None,
            position,
        )

    def people_labels(self, caller: Caller, limit: int = 200) -> list[str]:
        """The people named by active memories the caller may see, most named first.

        Labels are kept casefolded (the people filter compares them so).
        """
        with self._read() as conn:
            rows = conn.execute(
                "SELECT p.person FROM memory_people p JOIN memories m "
                "ON m.rowid = p.memory_rowid WHERE m.tier = 'active' "
                "AND (m.visibility = 'household' OR m.owner = ?) "
                "GROUP BY p.person ORDER BY count(*) DESC, p.person LIMIT ?",
                (caller.user_id, limit),
            ).fetchall()
        return [str(row[0]) for row in rows]

    def log_entries(
        self,
        *,
        memory_id: str | None = None,
        content_hash_of: str | None = None,
        limit: int = 100,
        caller: Caller | None = None,
        before: int | None = None,
    ) -> list[LogEntry]:
        """Newest operational log rows, optionally for one memory or text.

        With `caller`, rows about a private memory are left out unless the
        caller owns it, whether the memory still exists or was purged (a row
        names who did what to it, and when: that is the memory's existence).
        Without, every row (the engine's own use and tests).
        """
        clauses: list[str] = []
        params: list[Any] = []
        if caller is not None:
            clauses.append(
                "(memory_id IS NULL OR visibility = 'household' "
                "OR (owner IS NOT NULL AND owner = ?))"
            )
            params.append(caller.user_id)
        if memory_id is not None:
            clauses.append("memory_id = ?")
            params.append(memory_id)
        if content_hash_of is not None:
            clauses.append("content_hash = ?")
            params.append(content_hash(content_hash_of))
        if before is not None:
            # Paging: rows older than the last one shown (its `seq`).
            clauses.append("seq < ?")
            params.append(before)
        where = f"WHERE {' AND '.join(clauses)}" if clauses else ""
        with self._read() as conn:
            rows = conn.execute(
                "SELECT at, operation, memory_id, actor, content_hash, details, seq "
                f"FROM operation_log {where} ORDER BY seq DESC LIMIT ?",
                [*params, limit],
            ).fetchall()
        return [
            LogEntry(
                from_timestamp(at),  # type: ignore[arg-type]
                op,
                mid,
                actor,
                chash,
                json.loads(details),
                int(seq),
            )
            for at, op, mid, actor, chash, details, seq in rows
        ]

    # -- maintenance ------------------------------------------------------------

    def run_maintenance(self, *, batch_size: int = 2000) -> MaintenanceStats:
        """Decay, archive, purge. Idempotent; every batch commits on its own."""
        cfg = self.config
        now = self.now()
        processed = archived_decayed = 0
        system = Caller(user_id=None, is_admin=True)
        last_rowid = 0
        expired_rowids: list[int] = []
        while not self._closed.is_set():
            with self._read() as conn:
                rows = conn.execute(
                    f"SELECT {SCORE_COLUMNS} FROM memories "
                    "WHERE tier = 'active' AND rowid > ? ORDER BY rowid LIMIT ?",
                    (last_rowid, batch_size),
                ).fetchall()
            if not rows:
                break
            last_rowid = int(rows[-1][0])
            batch = ScoreColumns.from_rows(rows)
            values = decay.effective_importances(
                batch.importance,
                batch.retrieval_weight,
                batch.retention_multiplier,
                (now - batch.idle_since) / decay.SECONDS_PER_DAY,
                batch.access_count,
                base_half_life_days=cfg.base_half_life_days,
                floor=cfg.decay_floor,
            )
            updates = list(zip(values.tolist(), batch.rowids.tolist(), strict=True))
            to_archive = [
                (rowid, memory_id)
                for (value, rowid), memory_id in zip(updates, batch.ids, strict=True)
                if value < cfg.archive_threshold
            ]
            with self._transaction() as conn:
                conn.executemany(
                    "UPDATE memories SET effective_importance = ? WHERE rowid = ?",
                    updates,
                )
                for rowid, memory_id in to_archive:
                    conn.execute(
                        "UPDATE memories SET tier = 'archived', archived_at = ? "
                        "WHERE rowid = ? AND tier = 'active'",
                        (now, rowid),
                    )
                    self._log(
                        conn, "archive", memory_id, system, None, {"reason": "decay"}
                    )
            processed += len(rows)
            archived_decayed += len(to_archive)
            # Each batch leaves the in-memory copies at once, not at the end.
            self._refresh([rowid for rowid, _ in to_archive])
        completed = not self._closed.is_set()
        archived_expired = purged = purged_log = 0
        if completed:
            with self._transaction() as conn:
                expired = conn.execute(
                    "SELECT rowid, id FROM memories WHERE tier = 'active' "
                    "AND expires_at IS NOT NULL AND expires_at <= ?",
                    (now,),
                ).fetchall()
                for rowid, memory_id in expired:
                    conn.execute(
                        "UPDATE memories SET tier = 'archived', archived_at = ? "
                        "WHERE rowid = ?",
                        (now, rowid),
                    )
                    self._log(
                        conn, "archive", memory_id, system, None, {"reason": "expired"}
                    )
                archived_expired = len(expired)
                expired_rowids = [int(rowid) for rowid, _ in expired]
                cutoff = now - cfg.purge_archived_after_days * decay.SECONDS_PER_DAY
                old = conn.execute(
                    "SELECT rowid, id FROM memories WHERE tier = 'archived' "
                    "AND archived_at <= ?",
                    (cutoff,),
                ).fetchall()
                self._purge_rows(conn, [int(rowid) for rowid, _ in old])
                for _, memory_id in old:
                    self._log(
                        conn, "purge", memory_id, system, None, {"reason": "archived"}
                    )
                purged = len(old)
                log_cutoff = now - cfg.log_retention_days * decay.SECONDS_PER_DAY
                purged_log = conn.execute(
                    "DELETE FROM operation_log WHERE at < ?", (log_cutoff,)
                ).rowcount
                self._log(
                    conn,
                    "maintenance",
                    None,
                    system,
                    None,
                    {
                        "processed": processed,
                        "archived": archived_decayed + archived_expired,
                        "purged": purged,
                    },
                )
        self._refresh(expired_rowids)
        return MaintenanceStats(
            processed=processed,
            archived_decayed=archived_decayed,
            archived_expired=archived_expired,
            purged_archived=purged,
            purged_log_entries=purged_log,
            completed=completed,
        )

    def merge_memories(
        self, merges: Sequence[MemoryMerge], caller: Caller, *, deleted_by: str
    ) -> list[MemoryMerge]:
        """Apply consolidation steps in one transaction; returns those applied.

        Each step is all or nothing: the survivor is patched (its previous
        version kept for undo), the absorbed memories move to the deleted tier
        with `deleted_by`, and the log records the step with the absorbed ids.
        Steps whose memories changed since they were planned are skipped.
        """
        now = self.now()
        applied: list[MemoryMerge] = []
        survivors: list[int] = []
        absorbed_rowids: list[int] = []
        with self._transaction() as conn:
            for merge in merges:
                ids = (merge.survivor_id, *merge.absorbed_ids)
                rows = {
                    row[1]: row
                    for row in conn.execute(
                        f"SELECT {_COLUMNS} FROM memories WHERE id IN "
                        f"({','.join('?' * len(ids))})",
                        ids,
                    )
                }
                memories = {
                    memory_id: self._row_to_memory(row)
                    for memory_id, row in rows.items()
                }
                if len(memories) != len(ids) or any(
                    memory.tier is not Tier.ACTIVE
                    or memory.version != merge.expected_versions.get(memory_id)
                    for memory_id, memory in memories.items()
                ):
                    continue
                survivor = memories[merge.survivor_id]
                survivor_rowid = int(rows[merge.survivor_id][0])
                if not merge.patch.is_empty():
                    self._apply_patch(
                        conn,
                        survivor,
                        self._validate_patch(merge.patch),
                        caller,
                        now,
                        vector=merge.vector,
                        log_operation=None,
                    )
                if merge.source_ids is not None:
                    conn.execute(
                        "UPDATE memories SET source_ids = ? WHERE rowid = ?",
                        (
                            json.dumps(
                                list(clean_labels("source_ids", merge.source_ids))
                            ),
                            survivor_rowid,
                        ),
                    )
                if merge.combine_usage:
                    everyone = list(memories.values())
                    accessed = [
                        m.last_accessed_at for m in everyone if m.last_accessed_at
                    ]
                    conn.execute(
                        "UPDATE memories SET access_count = ?, created_at = ?, "
                        "last_accessed_at = ? WHERE rowid = ?",
                        (
                            sum(m.access_count for m in everyone),
                            min(to_timestamp(m.created_at) or now for m in everyone),
                            to_timestamp(max(accessed)) if accessed else None,
                            survivor_rowid,
                        ),
                    )
                for memory_id in merge.absorbed_ids:
                    rowid = int(rows[memory_id][0])
                    conn.execute(
                        "UPDATE memories SET tier = 'deleted', deleted_at = ?, "
                        "deleted_by = ? WHERE rowid = ?",
                        (now, deleted_by, rowid),
                    )
                    self._log(
                        conn,
                        "delete",
                        memory_id,
                        caller,
                        memories[memory_id].content,
                        {"reason": merge.operation, "into": merge.survivor_id},
                    )
                    absorbed_rowids.append(rowid)
                self._log(
                    conn,
                    merge.operation,
                    merge.survivor_id,
                    caller,
                    merge.patch.content or survivor.content,
                    {**merge.details, "absorbed": list(merge.absorbed_ids)},
                )
                survivors.append(survivor_rowid)
                applied.append(merge)
        self._refresh([*absorbed_rowids, *survivors])
        return applied

    # -- embeddings for a (new) model -----------------------------------------

    def set_embedder(self, embedder: Embedder | None) -> None:
        """Switch models; memories are re-embedded by reembed_batch()."""
        # The refresh lock: a refresh that read the old model's vectors must
        # not apply them after the reload.
        with self._write_lock, self._refresh_lock:
            self._embedder = embedder
            self._load_index()
        self._adopt_saved_graph()

    def pending_embeddings(self) -> int:
        """Memories whose vector is missing or from another model."""
        if self._embedder is None:
            return 0
        with self._read() as conn:
            return int(
                conn.execute(
                    "SELECT count(*) FROM memories WHERE embedding_model IS NOT ?",
                    (self._embedder.model_id,),
                ).fetchone()[0]
            )

    def reembed_batch(self, limit: int = REEMBED_BATCH) -> int:
        """Embed up to `limit` memories with the current model; returns how many."""
        embedder = self._embedder
        if embedder is None:
            return 0
        with self._read() as conn:
            rows = conn.execute(
                "SELECT rowid, summary, content FROM memories "
                "WHERE embedding_model IS NOT ? LIMIT ?",
                (embedder.model_id, limit),
            ).fetchall()
        if not rows:
            return 0
        vectors = embedder.embed([embedding_text(s, c) for _, s, c in rows])
        with self._transaction() as conn:
            if self._embedder is not embedder:
                return 0  # the model changed meanwhile; the next batch redoes it
            for (rowid, _, _), vector in zip(rows, vectors, strict=True):
                self._write_vector(conn, int(rowid), vector)
        self._refresh([int(r[0]) for r in rows])
        return len(rows)

    def start_background_reembed(self) -> None:
        """Re-embed in a daemon thread until done or closed; search keeps working."""
        if self._reembed_thread is not None and self._reembed_thread.is_alive():
            return

        def run() -> None:
            while not self._closed.is_set():
                try:
                    if self.reembed_batch() == 0:
                        return
                except Exception:
                    _LOGGER.exception("re-embedding stopped")
                    return

        self._reembed_thread = threading.Thread(
            target=run, name="home_memory_reembed", daemon=True
        )
        self._reembed_thread.start()

    def wait_for_reembed(self, timeout: float | None = None) -> bool:
        """Block until background re-embedding has finished; False on timeout."""
        thread = self._reembed_thread
        if thread is not None:
            thread.join(timeout)
            return not thread.is_alive()
        return True

    # -- export and import ------------------------------------------------------

    def export_jsonl(
        self, out: IO[str], caller: Caller, *, all_tiers: bool = True
    ) -> int:
        """Write every memory the caller may see as one JSON object a line."""
        count = 0
        after: int | None = 0
        while after is not None:
            lines, after = self.export_page(caller, after=after, all_tiers=all_tiers)
            for line in lines:
                out.write(line)
                out.write("\n")
            count += len(lines)
        return count

    def export_page(
        self,
        caller: Caller,
        *,
        after: int = 0,
        limit: int = 1000,
        all_tiers: bool = True,
    ) -> tuple[list[str], int | None]:
        """Export lines of the memories the caller may see, by rowid after `after`.

        Returns the lines and where the next page starts (None: the last page).
        Each page is one read; a memory added meanwhile is in a later page.
        """
        if not 1 <= limit <= 10_000 or after < 0:
            raise InvalidMemoryError("limit", "after >= 0 and limit 1-10000")
        tier = "" if all_tiers else "AND tier = 'active' "
        with self._read() as conn:
            rows = conn.execute(
                f"SELECT {_COLUMNS} FROM memories WHERE rowid > ? {tier}"
                "AND (visibility = 'household' OR owner = ?) "
                "ORDER BY rowid LIMIT ?",
                (after, caller.user_id, limit + 1),
            ).fetchall()
        more = len(rows) > limit
        rows = rows[:limit]
        lines = []
        for row in rows:
            memory = self._row_to_memory(row)
            if memory.visible_to(caller):  # the same rule, checked once more
                lines.append(json.dumps(memory_to_dict(memory), ensure_ascii=False))
        return lines, int(rows[-1][0]) if more else None

    def import_jsonl(
        self, lines: Iterable[str], caller: Caller, *, keep_owners: bool = False
    ) -> ImportStats:
        """Import an export; all lines are checked first, then one transaction.

        Memories whose id already exists are skipped, so importing twice is the
        same as importing once. What is imported belongs to the caller: a file
        cannot place memories in someone else's private space. Private lines
        of a file imported without a user are skipped (counted), since making
        them household would show them to everyone. Only an admin restoring a
        full export keeps the owners the file names (`keep_owners`).
        """
        if keep_owners and not caller.is_admin:
            raise InvalidMemoryError("keep_owners", "is for admins only")
        records: list[tuple[NewMemory, dict[str, Any]]] = []
        errors: list[str] = []
        skipped_private = 0
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                new, extra = memory_from_dict(parse_line(line))
                if not keep_owners:
                    if new.visibility is Visibility.PRIVATE and caller.user_id is None:
                        skipped_private += 1
                        continue
                    # Nor may a file attribute words to someone else.
                    new = replace(new, owner=caller.user_id, speaker=caller.user_id)
                records.append((self._validate_new(new), extra))
            except InvalidMemoryError as err:
                # The messages name the field, never the value (see
                # serialization.py): a file's contents must not be echoed.
                errors.append(f"line {number}: {err}")
                if len(errors) >= MAX_IMPORT_ERRORS:
                    break
        if errors:
            raise ImportFileError(errors)
        validated = records
        with self._read() as conn:
            existing = {row[0] for row in conn.execute("SELECT id FROM memories")}
        fresh = [(new, extra) for new, extra in validated if new.id not in existing]
        fresh = list({str(new.id): (new, extra) for new, extra in fresh}.values())
        vectors = self._embed(
            [embedding_text(str(n.summary), n.content) for n, _ in fresh]
        )
        touched: list[int] = []
        with self._transaction() as conn:
            for position, (new, extra) in enumerate(fresh):
                vector = None if vectors is None else vectors[position]
                touched.append(
                    self._insert(conn, new, vector, caller, self.now(), times=extra)
                )
        self._refresh(touched)
        return ImportStats(
            imported=len(fresh),
            skipped=len(validated) - len(fresh),
            skipped_private=skipped_private,
        )
