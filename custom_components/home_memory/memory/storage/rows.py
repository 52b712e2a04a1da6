"""How a memory is laid out in the tables: its row, labels, FTS entry, vector.

One place turns a `memories` row into a Memory and writes the rows that go
with it, so create, update, undo and import cannot lay a memory out apart.
"""

from __future__ import annotations

import functools
import json
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from ..common.errors import MemoryNotFoundError
from ..common.values import (
    Caller,
    Memory,
    MemoryKind,
    Source,
    Tier,
    Visibility,
    WeightClass,
)
from ..text.validation import from_timestamp, label_key
from . import text_generation

if TYPE_CHECKING:
    from collections.abc import Sequence
    import sqlite3

    from .in_memory import InMemoryCopies


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


COLUMNS = (
    "rowid, id, content, summary, kind, weight_class, importance, "
    "effective_importance, emotion, people, location, time_of_day, day_type, tags, "
    "source, source_ids, speaker, owner, visibility, segment_start, segment_end, "
    "created_at, updated_at, last_accessed_at, access_count, expires_at, tier, "
    "deleted_at, deleted_by, archived_at, embedding_model, version, thread, "
    "happened_at, happened_until"
)


class MemoryRows:
    """Reading a memory's row, writing its labels, FTS entry and vector."""

    def __init__(self, copies: InMemoryCopies) -> None:
        """Vectors are written for the model of `copies`' embedder."""
        self._copies = copies

    def row_to_memory(self, row: Sequence[Any]) -> Memory:
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
            happened_at=from_timestamp(row[33]),  # type: ignore[arg-type]
            happened_until=from_timestamp(row[34]),  # type: ignore[arg-type]
        )

    def fetch_one(self, conn: sqlite3.Connection, rowid: int) -> Memory:
        row = conn.execute(
            f"SELECT {COLUMNS} FROM memories WHERE rowid = ?", (rowid,)
        ).fetchone()
        return self.row_to_memory(row)

    def rowid_for(
        self, conn: sqlite3.Connection, memory_id: str, caller: Caller
    ) -> tuple[int, Memory]:
        if not isinstance(memory_id, str):
            raise MemoryNotFoundError(str(memory_id))
        row = conn.execute(
            f"SELECT {COLUMNS} FROM memories WHERE id = ?", (memory_id,)
        ).fetchone()
        if row is None:
            raise MemoryNotFoundError(memory_id)
        memory = self.row_to_memory(row)
        if not memory.visible_to(caller):
            # Someone else's private memory does not exist for this caller.
            raise MemoryNotFoundError(memory_id)
        return int(row[0]), memory

    def write_labels(
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
            [(rowid, tag) for tag in dict.fromkeys(map(label_key, tags))],
        )
        conn.executemany(
            "INSERT INTO memory_people (memory_rowid, person) VALUES (?, ?)",
            [(rowid, person) for person in dict.fromkeys(map(label_key, people))],
        )

    def write_fts(
        self,
        conn: sqlite3.Connection,
        rowid: int,
        content: str,
        summary: str,
        tags: Sequence[str],
        people: Sequence[str],
    ) -> None:
        text_generation.raise_(conn)
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

    def write_vector(
        self, conn: sqlite3.Connection, rowid: int, vector: npt.NDArray[np.float32]
    ) -> None:
        assert self._copies.embedder is not None
        conn.execute(
            "INSERT OR REPLACE INTO memory_vectors (memory_rowid, model, vector) "
            "VALUES (?, ?, ?)",
            (
                rowid,
                self._copies.embedder.model_id,
                np.asarray(vector, dtype="<f4").tobytes(),
            ),
        )
        conn.execute(
            "UPDATE memories SET embedding_model = ? WHERE rowid = ?",
            (self._copies.embedder.model_id, rowid),
        )
