"""The memory store: one SQLite file (WAL) with FTS5, vectors and an audit log.

`MemoryStore` is the engine's one way into the file. It is put together from
layers, one module each, so that each concern reads on its own:

- storage/connections.py: the file, the writer and the reader, the backup gate, and
  StorageError for anything the file underneath raises;
- storage/in_memory.py: the vector index and score table that follow the file;
- storage/rows.py: a memory's row, labels, FTS entry and vector;
- storage/operation_log.py: who did what, and when;
- storage/reading.py: memories by id, pages, figures;
- storage/versions.py: update, history, undo;
- storage/repeats.py: the memory a statement repeats or corrects, and folding it in;
- storage/writing.py: create (new, correction or repeat);
- storage/tiers.py: forget, restore, purge, access;
- upkeep/merging.py: consolidation's merges;
- upkeep/maintenance.py: maintenance (decay, archive, purge);
- upkeep/reembedding.py: switching embedding models;
- transfer/export_import.py: JSON lines out and in.

Retrieval's reads are not a layer: storage/candidates.py (`MemoryStore.candidates`)
takes the reader and the in-memory copies and holds no store.

Threading model: every method is blocking and thread-safe. Writes go through
one writer connection under a lock, each in one BEGIN IMMEDIATE transaction;
reads use a second connection (WAL lets them run beside a write). Embedding
happens before the write lock is taken. The in-memory vector index follows the
file: it is loaded at open and changed only after a write has committed.
"""

from __future__ import annotations

import logging
from pathlib import Path
import sqlite3
from typing import TYPE_CHECKING

from .common import malloc_trim
from .common.clock import elapsed, system_time
from .common.config import EngineConfig
from .common.errors import (
    DatabaseCorruptError,
    ImportFileError,
    InvalidMemoryError,
    MemoryChangedError,
    MemoryEngineError,
    MemoryNotFoundError,
    NothingToUndoError,
    SchemaTooNewError,
    StorageError,
    VisibilityChangeForbiddenError,
)
from .scoring.score_table import ScoreColumns
from .storage.candidates import CandidateQueries
from .storage.connections import STORAGE_FAILURES, storage_errors
from .storage.operation_log import LogEntry
from .storage.reading import Reading
from .text.validation import (
    MAX_CONTENT_CHARS,
    MAX_LABEL_CHARS,
    MAX_LABELS,
    MAX_SUMMARY_CHARS,
    content_hash,
    embedding_text,
    same_specifics,
    summarize,
)
from .transfer.export_import import ExportImport, ImportStats
from .transfer.serialization import memory_from_dict, memory_to_dict
from .upkeep.maintenance import Upkeep
from .upkeep.merging import MemoryMerge
from .upkeep.reembedding import Reembedding

if TYPE_CHECKING:
    from .common.clock import Clock
    from .embedding.embedder import Embedder

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
    "StorageError",
    "VisibilityChangeForbiddenError",
    "content_hash",
    "embedding_text",
    "memory_from_dict",
    "memory_to_dict",
    "same_specifics",
    "summarize",
]

_LOGGER = logging.getLogger(__name__)


class MemoryStore(ExportImport, Upkeep, Reading, Reembedding):
    """Blocking, thread-safe access to one memory database."""

    candidates: CandidateQueries

    def __init__(
        self,
        path: Path | str,
        *,
        config: EngineConfig | None = None,
        embedder: Embedder | None = None,
        clock: Clock | None = None,
        monotonic: Clock | None = None,
        use_sqlite_vec: bool = True,
        use_graph: bool = True,
        graph_path: Path | None = None,
    ) -> None:
        """Open (creating or migrating) the database at `path`.

        sqlite-vec, when it loads, runs exact vector scans inside SQLite for
        filtered searches; without it numpy does the same on the BLOBs.
        usearch, when it imports (and `use_graph`), keeps an HNSW graph that
        answers searches over large stores (see vectors/vector_index.py). With a
        `graph_path`, the graph is saved there on close and adopted at the next
        open, instead of being rebuilt (about a minute of one core at 100,000
        memories).
        `clock` is the one "now" of everything on this store (unix seconds;
        the system's wall clock when None): Home Assistant passes its own
        time. `monotonic` times how long a backup has held writes (a
        duration only; the monotonic clock when None). See clock.py.

        A file SQLite cannot read as a database raises DatabaseCorruptError,
        any other failure of the file StorageError; both from SQLite's own
        error, whose code tells a damaged file from a busy or read-only one.
        """
        self._init_connections(
            Path(path),
            config or EngineConfig(),
            clock=clock or system_time,
            monotonic=monotonic or elapsed,
            use_sqlite_vec=use_sqlite_vec,
        )
        self._init_copies(embedder, graph_path=graph_path)
        if use_graph:
            self.enable_graph()
        try:
            self._open_connections()
            self._load_scores()
            self._load_index()
            self._adopt_saved_graph()
            # The rows' bytes and the arrays' growth left freed pages behind.
            malloc_trim.release_freed_memory()
        except (*STORAGE_FAILURES, StorageError) as err:
            self.index.close()
            self._close_connections()
            # The reads above report through StorageError; the cause decides.
            cause = err.__cause__ if isinstance(err, StorageError) else err
            if isinstance(cause, sqlite3.DatabaseError):
                raise DatabaseCorruptError(f"{self.path}: {cause}") from cause
            raise StorageError(f"{self.path}: {cause}") from cause
        except BaseException:
            self.index.close()
            self._close_connections()
            raise
        self.candidates = CandidateQueries(
            self.read,
            clock=self.now,
            index=self.index,
            scores=self.scores,
            groups_of=self.caller_groups,
            embedder=embedder,
            sqlite_vec_version=self.sqlite_vec_version,
        )

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
            with storage_errors():
                self._close_connections()

    def set_embedder(self, embedder: Embedder | None) -> None:
        """Switch models; memories are re-embedded by reembed_batch()."""
        super().set_embedder(embedder)
        self.candidates.embedder = embedder
