"""The memory store: one SQLite file (WAL) with FTS5, vectors and an audit log.

`MemoryStore` is a thin front over the parts it holds (connections, rows,
reading, versions, writes, tiers, upkeep, transfer, ...), one module each;
every method is blocking and thread-safe, writes go through one writer.

In more words: docs/engine.md, "`memory/store.py`".
"""

from __future__ import annotations

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
from .storage.connections import STORAGE_FAILURES, StoreConnections
from .storage.in_memory import InMemoryCopies
from .storage.operation_log import LogEntry, OperationLog
from .storage.reading import Reading
from .storage.repeats import Repeats
from .storage.rows import MemoryRows
from .storage.tiers import Tiers
from .storage.versions import Versions
from .storage.writing import Writing
from .text.fts_query import generic_nouns, search_stopwords
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
from .upkeep.merging import MemoryMerge, Merging
from .upkeep.reembedding import Reembedding

if TYPE_CHECKING:
    from collections.abc import Iterable

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


class MemoryStore:
    """Blocking, thread-safe access to one memory database."""

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
        self.connections = connections = StoreConnections(
            Path(path),
            config or EngineConfig(),
            clock=clock or system_time,
            monotonic=monotonic or elapsed,
            use_sqlite_vec=use_sqlite_vec,
        )
        self.copies = copies = InMemoryCopies(
            connections, embedder, graph_path=graph_path
        )
        if use_graph:
            copies.enable_graph()
        try:
            connections.open()
            copies.load_scores()
            copies.load_index()
            copies.adopt_saved_graph()
            # The rows' bytes and the arrays' growth left freed pages behind.
            malloc_trim.release_freed_memory()
        except (*STORAGE_FAILURES, StorageError) as err:
            copies.index.close()
            connections.close_files()
            # The reads above report through StorageError; the cause decides.
            cause = err.__cause__ if isinstance(err, StorageError) else err
            if isinstance(cause, sqlite3.DatabaseError):
                raise DatabaseCorruptError(f"{connections.path}: {cause}") from cause
            raise StorageError(f"{connections.path}: {cause}") from cause
        except BaseException:
            copies.index.close()
            connections.close_files()
            raise
        self.rows = rows = MemoryRows(copies)
        self.log = log = OperationLog(connections)
        self.reading = Reading(connections, copies, rows)
        self.versions = versions = Versions(connections, copies, rows, log)
        self.writes = Writing(
            connections,
            copies,
            rows,
            log,
            Repeats(connections, copies, rows, log, versions),
        )
        self.tiers = Tiers(connections, copies, rows, log)
        self.merging = Merging(connections, copies, rows, log, versions)
        self.upkeep = Upkeep(connections, copies, log)
        self.reembedding = Reembedding(connections, copies, rows)
        self.transfer = ExportImport(connections, copies, rows, self.writes)
        self.candidates = CandidateQueries(
            connections.read,
            clock=connections.now,
            index=copies.index,
            scores=copies.scores,
            groups_of=copies.caller_groups,
            embedder=embedder,
            sqlite_vec_version=connections.sqlite_vec_version,
            stopwords=search_stopwords(connections.config.language),
            generic=generic_nouns(connections.config.language),
        )
        self._expose_methods(connections, copies, log, versions)

    def _expose_methods(
        self,
        connections: StoreConnections,
        copies: InMemoryCopies,
        log: OperationLog,
        versions: Versions,
    ) -> None:
        """The front's methods, each the method of the part it lives in."""
        self.config = connections.config
        self.now = connections.now
        self.transaction = connections.transaction
        self.read = connections.read
        self.checkpoint = connections.checkpoint
        self.pause_writes = connections.pause_writes
        self.resume_writes = connections.resume_writes

        self.index = copies.index
        self.scores = copies.scores
        self.index_dimensions = copies.index_dimensions
        self.enable_graph = copies.enable_graph
        self.caller_groups = copies.caller_groups
        self.embed_query = copies.embed_query

        self.backends = self.reading.backends
        self.schema_version = self.reading.schema_version
        self.counts = self.reading.counts
        self.count_active = self.reading.count_active
        self.newest_created_at = self.reading.newest_created_at
        self.database_size = self.reading.database_size
        self.fetch = self.reading.fetch
        self.fetch_ids = self.reading.fetch_ids
        self.ids_of = self.reading.ids_of
        self.rowids_of = self.reading.rowids_of
        self.get = self.reading.get
        self.list_memories = self.reading.list_memories
        self.people_labels = self.reading.people_labels

        self.log_event = log.log_event
        self.last_seq = log.last_seq
        self.told_at = log.told_at
        self.log_entries = log.log_entries

        self.create = self.writes.create
        self.create_many = self.writes.create_many
        self.update = versions.update
        self.history = versions.history
        self.undo = versions.undo
        self._expose_tiers()

        self.merge_memories = self.merging.merge_memories
        self.run_maintenance = self.upkeep.run_maintenance
        self.pending_embeddings = self.reembedding.pending_embeddings
        self.reembed_batch = self.reembedding.reembed_batch
        self.start_background_reembed = self.reembedding.start_background_reembed
        self.wait_for_reembed = self.reembedding.wait_for_reembed

        self.export_jsonl = self.transfer.export_jsonl
        self.export_page = self.transfer.export_page
        self.import_jsonl = self.transfer.import_jsonl

    def _expose_tiers(self) -> None:
        """Moving memories between tiers, and out of the store."""
        self.soft_delete = self.tiers.soft_delete
        self.restore = self.tiers.restore
        self.hard_delete = self.tiers.hard_delete
        self.private_owners = self.tiers.private_owners
        self.erase_owners = self.tiers.erase_owners
        self.record_access = self.tiers.record_access

    @property
    def path(self) -> Path:
        """The database file."""
        return self.connections.path

    @property
    def closed(self) -> bool:
        """True after close()."""
        return self.connections.closed

    @property
    def writes_paused(self) -> bool:
        """True between pause_writes() and resume_writes()."""
        return self.connections.writes_paused

    @property
    def migrated_from(self) -> int:
        """The schema version the file had when it was opened."""
        return self.connections.migrated_from

    @property
    def sqlite_vec_version(self) -> str | None:
        """sqlite-vec's version, None when it did not load."""
        return self.connections.sqlite_vec_version

    @property
    def usearch_version(self) -> str | None:
        """usearch's version while it keeps the HNSW graph, else None."""
        return self.copies.usearch_version

    @property
    def embedder(self) -> Embedder | None:
        """The embedder in use, or None (keyword-only search)."""
        return self.copies.embedder

    def close(self) -> None:
        """Stop background work and close the database. Idempotent."""
        if self.connections.closed:
            return
        paused = self.connections.mark_closed()
        self.reembedding.stop()
        self.copies.close()
        self.connections.close(paused=paused)

    def set_embedder(self, embedder: Embedder | None) -> None:
        """Switch models; memories are re-embedded by reembed_batch()."""
        self.reembedding.set_embedder(embedder)
        self.candidates.embedder = embedder

    def set_household(self, names: Iterable[str]) -> None:
        """The household's person names (Home Assistant's persons): a told
        memory opening with one of them is about them (search/people.py
        `told_people`), though stored without its people."""
        self.candidates.household = frozenset(
            name.strip() for name in names if name and name.strip()
        )
