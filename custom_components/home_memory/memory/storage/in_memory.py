"""What the store keeps in memory beside the file: vector index and score table.

Both follow the file: they are loaded at open and changed only after a write
has committed (`refresh` re-reads the rows a write touched), so they never
hold anything the file does not. The embedder lives here too: the index holds
its vectors, and the visibility groups decide which of them a caller sees.
"""

from __future__ import annotations

import logging
import math
import threading
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from ..common.values import Caller, Visibility
from ..scoring.score_table import SCORE_COLUMNS, ScoreTable
from ..vectors.hnsw_graph import usearch_version
from ..vectors.vector_index import VectorIndex

if TYPE_CHECKING:
    from collections.abc import Sequence
    from pathlib import Path

    from ..embedding.embedder import Embedder
    from .connections import StoreConnections


_LOGGER = logging.getLogger(__name__)

# Whose statements a memory holds: (owner, visibility).
type Holder = tuple[str | None, str]

# Rows re-read per statement when refreshing the in-memory copies.
_REFRESH_CHUNK = 4_096


class InMemoryCopies:
    """The vector index, the score table and the embedder behind them."""

    usearch_version: str | None
    index_dimensions: int
    index: VectorIndex
    scores: ScoreTable

    def __init__(
        self,
        connections: StoreConnections,
        embedder: Embedder | None,
        *,
        graph_path: Path | None,
    ) -> None:
        """Empty copies; `load_scores` and `load_index` fill them from the file."""
        self._db = connections
        self.usearch_version = None
        self._graph_path = graph_path
        self._embedder = embedder
        self._index_lock = threading.Lock()
        # Held from reading rows to applying them to the in-memory copies, so
        # that two refreshes of one row cannot apply out of order.
        self._refresh_lock = threading.Lock()
        # Rows committed by create but not yet in the index (see create_many):
        # rowid -> (visibility group, vector).
        self.unindexed: dict[int, tuple[Holder, npt.NDArray[np.float32]]] = {}
        self.pending_lock = threading.Lock()
        self._groups: dict[str, int] = {}
        self.index_dimensions = embedder.dimensions if embedder else 384
        self.index = VectorIndex(self.index_dimensions)
        self.scores = ScoreTable()

    @property
    def dimensions(self) -> int:
        return self._embedder.dimensions if self._embedder else self.index_dimensions

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
            self.adopt_saved_graph()
        return enabled

    def adopt_saved_graph(self) -> None:
        """Take up the graph saved at the last close instead of building one."""
        path = self._graph_path
        if path is not None and len(self.index) >= self.index.graph_min_rows:
            self.index.load_graph(path)

    def group(self, owner: str | None, visibility: str) -> int:
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

    def load_index(self) -> None:
        self.index.clear()
        if self._embedder is None:
            return
        model = self._embedder.model_id
        with self._db.read() as conn:
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
        dims = self.dimensions
        vectors = np.frombuffer(b"".join(r[4] for r in rows), dtype="<f4").reshape(
            len(rows), dims
        )
        with self._index_lock:
            groups = [self.group(r[1], r[2]) for r in rows]
        self.index.upsert(
            [int(r[0]) for r in rows],
            vectors.astype(np.float32, copy=False),
            groups,
            [math.inf if r[3] is None else float(r[3]) for r in rows],
        )

    def load_scores(self) -> None:
        self.scores.clear()
        with self._db.read() as conn:
            rows = conn.execute(
                f"SELECT {SCORE_COLUMNS} FROM memories WHERE tier = 'active'"
            )
            while batch := rows.fetchmany(8192):
                self.scores.upsert(batch)

    def refresh(self, rowids: Sequence[int], *, vectors: bool = True) -> None:
        """Bring the in-memory copies in line with the file for these rows.

        Called after the commit of every write: the scoring columns of active
        memories, and (unless only those changed) their vectors in the index.
        """
        for start in range(0, len(rowids), _REFRESH_CHUNK):
            self._refresh_chunk(rowids[start : start + _REFRESH_CHUNK], vectors)

    def _refresh_chunk(self, rowids: Sequence[int], vectors: bool) -> None:
        marks = ",".join("?" * len(rowids))
        with self._refresh_lock:
            with self._db.read() as conn:
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

    def embed(self, texts: Sequence[str]) -> npt.NDArray[np.float32] | None:
        if self._embedder is None or not texts:
            return None
        return self._embedder.embed(list(texts))

    def switch_embedder(self, embedder: Embedder | None) -> None:
        """Use another model (or none): the index reloads with its vectors."""
        # The refresh lock: a refresh that read the old model's vectors must
        # not apply them after the reload.
        with self._db.write_lock, self._refresh_lock:
            self._embedder = embedder
            self.load_index()
        self.adopt_saved_graph()

    def close(self) -> None:
        """Close the index, saving its graph where the next open adopts it."""
        self.index.close()
        if self._graph_path is not None:
            try:
                self.index.save_graph(self._graph_path)
            except OSError, RuntimeError:
                _LOGGER.warning("Could not save the vector graph", exc_info=True)

    def embed_query(
        self, text: str, also: Sequence[str] = ()
    ) -> npt.NDArray[np.float32] | None:
        """The query vector, or None in keyword-only mode; `also`: texts
        likely asked for next, embedded in the same run (Embedder)."""
        if self._embedder is None:
            return None
        return self._embedder.embed_query(text, also)
