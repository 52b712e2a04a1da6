"""The composite score's columns of every active memory, kept in memory.

Ranking reads six columns of each of a search's ~80 candidates. Read from the
file, scattered over a 100,000-memory database, that took 0.5-1 ms per search
(page reads), the largest part after the vector pass. The store keeps this
table in step with the file the way it keeps the vector index: every write
re-reads the rows it touched after its commit.

Columns are numpy arrays indexed by rowid (SQLite hands out rowids densely),
so a lookup is one fancy-indexing pass, with no per-row Python.

Plain Python + numpy, no Home Assistant imports. Thread-safe.
"""

from __future__ import annotations

from dataclasses import dataclass
import threading
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from ..common.values import WeightClass

if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence

type _F64 = npt.NDArray[np.float64]
type _I64 = npt.NDArray[np.int64]

# Weight classes as small integers, in a fixed order.
_CLASSES = tuple(WeightClass)
_CLASS_CODE = {str(c): i for i, c in enumerate(_CLASSES)}
_RETRIEVAL_WEIGHT = np.array([c.retrieval_weight for c in _CLASSES], np.float64)
_RETENTION = np.array([c.retention_multiplier for c in _CLASSES], np.float64)
_MIN_CAPACITY = 1024

#: The columns, in the order `upsert` takes them (a SELECT list for the file).
SCORE_COLUMNS = (
    "rowid, id, importance, weight_class, created_at, last_accessed_at, access_count"
)
type ScoreRow = tuple[int, str, float, str, float, float | None, int]


def _class_codes(rows: Sequence[ScoreRow]) -> npt.NDArray[np.int8]:
    return np.fromiter((_CLASS_CODE[r[3]] for r in rows), np.int8, len(rows))


@dataclass(frozen=True, slots=True)
class ScoreColumns:
    """The scoring columns of some memories, one array element per memory."""

    rowids: _I64
    ids: list[str]
    importance: _F64
    retrieval_weight: _F64
    retention_multiplier: _F64
    created_at: _F64
    #: Last access, or creation for a memory never accessed.
    idle_since: _F64
    access_count: _I64

    def __len__(self) -> int:
        """Memories held."""
        return int(self.rowids.shape[0])

    @classmethod
    def from_rows(cls, rows: Sequence[ScoreRow]) -> ScoreColumns:
        """Columns of rows read from the file (in SCORE_COLUMNS order)."""
        codes = _class_codes(rows)
        created = np.fromiter((r[4] for r in rows), np.float64, len(rows))
        return cls(
            rowids=np.fromiter((r[0] for r in rows), np.int64, len(rows)),
            ids=[r[1] for r in rows],
            importance=np.fromiter((r[2] for r in rows), np.float64, len(rows)),
            retrieval_weight=_RETRIEVAL_WEIGHT[codes],
            retention_multiplier=_RETENTION[codes],
            created_at=created,
            idle_since=np.fromiter((r[5] or r[4] for r in rows), np.float64, len(rows)),
            access_count=np.fromiter((r[6] for r in rows), np.int64, len(rows)),
        )

    @classmethod
    def concatenate(cls, parts: Sequence[ScoreColumns]) -> ScoreColumns:
        """One set of columns from several (in order)."""
        if len(parts) == 1:
            return parts[0]
        return cls(
            rowids=np.concatenate([p.rowids for p in parts]),
            ids=[i for p in parts for i in p.ids],
            importance=np.concatenate([p.importance for p in parts]),
            retrieval_weight=np.concatenate([p.retrieval_weight for p in parts]),
            retention_multiplier=np.concatenate(
                [p.retention_multiplier for p in parts]
            ),
            created_at=np.concatenate([p.created_at for p in parts]),
            idle_since=np.concatenate([p.idle_since for p in parts]),
            access_count=np.concatenate([p.access_count for p in parts]),
        )


class ScoreTable:
    """Scoring columns by rowid, for the rows the store puts here."""

    def __init__(self) -> None:
        """An empty table."""
        self._lock = threading.Lock()
        self._rows = 0
        self._allocate(0)

    def _allocate(self, capacity: int) -> None:
        self._present: npt.NDArray[np.bool_] = np.zeros(capacity, bool)
        self._ids: npt.NDArray[np.object_] = np.empty(capacity, object)
        self._importance: _F64 = np.zeros(capacity, np.float64)
        self._class: npt.NDArray[np.int8] = np.zeros(capacity, np.int8)
        self._created: _F64 = np.zeros(capacity, np.float64)
        self._idle_since: _F64 = np.zeros(capacity, np.float64)
        self._count: _I64 = np.zeros(capacity, np.int64)

    def _arrays(self) -> tuple[npt.NDArray[Any], ...]:
        return (
            self._present,
            self._ids,
            self._importance,
            self._class,
            self._created,
            self._idle_since,
            self._count,
        )

    @property
    def _capacity(self) -> int:
        return int(self._present.shape[0])

    def _grow(self, max_rowid: int) -> None:
        if max_rowid < self._capacity:
            return
        old = self._arrays()
        self._allocate(max(max_rowid + 1, 2 * self._capacity, _MIN_CAPACITY))
        n = old[0].shape[0]
        for new, previous in zip(self._arrays(), old, strict=True):
            new[:n] = previous

    def __len__(self) -> int:
        """Rows held."""
        return self._rows

    def upsert(self, rows: Sequence[ScoreRow]) -> None:
        """Add or replace rows read from the file (in SCORE_COLUMNS order)."""
        if not rows:
            return
        columns = ScoreColumns.from_rows(rows)
        rowids = columns.rowids
        if int(rowids.min()) < 0:
            raise ValueError("negative rowid")
        codes = _class_codes(rows)
        with self._lock:
            self._grow(int(rowids.max()))
            self._rows += int(np.count_nonzero(~self._present[np.unique(rowids)]))
            self._present[rowids] = True
            ids = np.empty(len(rows), object)
            ids[:] = columns.ids
            self._ids[rowids] = ids
            self._importance[rowids] = columns.importance
            self._class[rowids] = codes
            self._created[rowids] = columns.created_at
            self._idle_since[rowids] = columns.idle_since
            self._count[rowids] = columns.access_count

    def remove(self, rowids: Iterable[int]) -> None:
        """Drop rows; rowids not held are ignored."""
        with self._lock:
            for rowid in rowids:
                if 0 <= rowid < self._capacity and self._present[rowid]:
                    self._present[rowid] = False
                    self._ids[rowid] = None
                    self._rows -= 1

    def clear(self) -> None:
        """Drop every row and release the storage."""
        with self._lock:
            self._rows = 0
            self._allocate(0)

    def lookup(self, rowids: Sequence[int]) -> tuple[ScoreColumns, list[int]]:
        """Columns of the rowids held (in the order given), and those not held."""
        wanted = np.fromiter(rowids, np.int64, len(rowids))
        with self._lock:
            inside = (wanted >= 0) & (wanted < self._capacity)
            held = np.zeros(wanted.shape[0], bool)
            held[inside] = self._present[wanted[inside]]
            found = wanted[held]
            codes = self._class[found]
            columns = ScoreColumns(
                rowids=found,
                ids=self._ids[found].tolist(),
                importance=self._importance[found],
                retrieval_weight=_RETRIEVAL_WEIGHT[codes],
                retention_multiplier=_RETENTION[codes],
                created_at=self._created[found],
                idle_since=self._idle_since[found],
                access_count=self._count[found],
            )
        return columns, wanted[~held].tolist()

    @property
    def nbytes(self) -> int:
        """Bytes held by the arrays (not counting the id strings)."""
        with self._lock:
            return sum(a.nbytes for a in self._arrays())
