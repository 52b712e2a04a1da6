"""Reading memories: by id or rowid, a filtered page, the figures a sensor shows.

Reads use the reader connection, never the writer, so they run beside a
write (WAL). None of them changes a memory; recording that a search returned
some is `Tiers.record_access`.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING

from ..common.errors import InvalidMemoryError, StorageError
from ..common.values import (
    Caller,
    ListPosition,
    Memory,
    MemoryFilter,
    Page,
    Tier,
    Visibility,
)
from ..text.validation import POSITION_OR_OFFSET, check_page, label_key
from .filters import filter_sql
from .rows import COLUMNS
from .schema import schema_version

if TYPE_CHECKING:
    from collections.abc import Sequence

    from .connections import StoreConnections
    from .in_memory import InMemoryCopies
    from .rows import MemoryRows


class Reading:
    """Memories and figures, as they are now."""

    def __init__(
        self,
        connections: StoreConnections,
        copies: InMemoryCopies,
        rows: MemoryRows,
    ) -> None:
        """Reads through `connections`' reader; `copies` tell which backends run."""
        self._db = connections
        self._copies = copies
        self._rows = rows
        self.now = connections.now

    def backends(self) -> dict[str, str]:
        """Which implementation runs each part; reported, never silent."""
        embedder, index = self._copies.embedder, self._copies.index
        vector_search = "none"
        if embedder is not None:
            vector_search = (
                "hnsw-graph+numpy-index" if index.graph_enabled else "numpy-index"
            )
        return {
            "embedder": embedder.backend if embedder else "none",
            "vector_search": vector_search,
            "filtered_vector_scan": "none"
            if embedder is None
            else "sqlite-vec"
            if self._db.sqlite_vec_version
            else "numpy",
            "keyword_search": "sqlite-fts5",
            "retrieval_mode": "hybrid" if embedder else "keyword-only",
        }

    def schema_version(self) -> int:
        """The file's schema version."""
        with self._db.read() as conn:
            return schema_version(conn)

    def counts(self, visibility: Visibility | None = None) -> dict[str, dict[str, int]]:
        """Memories by tier, kind and class (no text); of one `visibility`
        only when given (what Home Assistant shows is the household's: a
        private write tells nobody when it happened)."""
        result: dict[str, dict[str, int]] = {
            "tier": {},
            "kind": {},
            "weight_class": {},
        }
        with self._db.read() as conn:
            # One pass over the index memories_counts, not three table scans
            # (0.28 s at 100,000 memories; the visibility reads each row).
            rows = conn.execute(
                "SELECT tier, kind, weight_class, count(*) FROM memories "
                "INDEXED BY memories_counts WHERE ?1 IS NULL OR visibility = ?1 "
                "GROUP BY tier, kind, weight_class",
                (None if visibility is None else str(visibility),),
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
        with self._db.read() as conn:
            return int(
                conn.execute(
                    "SELECT count(*) FROM memories INDEXED BY memories_tier_visibility "
                    "WHERE tier = ? AND visibility = ?",
                    (str(Tier.ACTIVE), str(visibility)),
                ).fetchone()[0]
            )

    def newest_created_at(self, visibility: Visibility) -> float | None:
        """When the newest active memory of this visibility was created."""
        with self._db.read() as conn:
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
        file = self._db.path
        for path in (file, Path(f"{file}-wal"), Path(f"{file}-shm")):
            try:
                size += path.stat().st_size
            except FileNotFoundError:
                continue  # no WAL yet, or checkpointed and removed meanwhile
            except OSError as err:
                raise StorageError(str(err)) from err
        return size

    def fetch(self, rowids: Sequence[int]) -> dict[int, Memory]:
        """Memories by rowid (no visibility check: callers filter first)."""
        if not rowids:
            return {}
        with self._db.read() as conn:
            rows = conn.execute(
                f"SELECT {COLUMNS} FROM memories WHERE rowid IN "
                f"({','.join('?' * len(rowids))})",
                list(rowids),
            ).fetchall()
        return {int(row[0]): self._rows.row_to_memory(row) for row in rows}

    def fetch_ids(self, memory_ids: Sequence[str]) -> dict[str, Memory]:
        """Memories by id, as they are now (no visibility check: callers check)."""
        if not memory_ids:
            return {}
        with self._db.read() as conn:
            rows = conn.execute(
                f"SELECT {COLUMNS} FROM memories WHERE id IN "
                f"({','.join('?' * len(memory_ids))})",
                list(memory_ids),
            ).fetchall()
        return {str(row[1]): self._rows.row_to_memory(row) for row in rows}

    def ids_of(self, rowids: Sequence[int]) -> dict[int, str]:
        """Memory ids of these rowids (unknown rowids are left out)."""
        if not rowids:
            return {}
        with self._db.read() as conn:
            return {
                int(rowid): str(memory_id)
                for rowid, memory_id in conn.execute(
                    f"SELECT rowid, id FROM memories WHERE rowid IN "
                    f"({','.join('?' * len(rowids))})",
                    list(rowids),
                )
            }

    def rowids_of(self, memory_ids: Sequence[str]) -> list[int]:
        """Rowids of these memory ids (unknown ids are left out)."""
        if not memory_ids:
            return []
        with self._db.read() as conn:
            return [
                int(row[0])
                for row in conn.execute(
                    f"SELECT rowid FROM memories WHERE id IN "
                    f"({','.join('?' * len(memory_ids))})",
                    list(memory_ids),
                )
            ]

    def get(self, memory_id: str, caller: Caller) -> Memory:
        """One memory by id, if the caller may see it (any tier)."""
        with self._db.read() as conn:
            return self._rows.rowid_for(conn, memory_id, caller)[1]

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
        check_page("offset", offset, limit, 500)
        if after is not None and offset:
            raise InvalidMemoryError("after", POSITION_OR_OFFSET)
        where, params = filter_sql(flt, caller, self.now())
        page_where, page_params = where, params
        if after is not None:
            page_where = f"{where} AND (m.created_at, m.rowid) < (?, ?)"
            page_params = [*params, after.created_at, after.rowid]
        with self._db.read() as conn:
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
                f"SELECT {COLUMNS}, m.created_at FROM memories m "
                f"WHERE {page_where} "
                "ORDER BY m.created_at DESC, m.rowid DESC LIMIT ? OFFSET ?",
                [*page_params, limit + 1, offset],
            ).fetchall()
        more = len(rows) > limit
        rows = rows[:limit]
        items = [self._rows.row_to_memory(row[:-1]) for row in rows]
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

        The filter compares names by `label_key` (so they are indexed so); each is
        given as the memories most often spell it ("Zedekiah", not "zedekiah").
        """
        visible = "m.tier = 'active' AND (m.visibility = 'household' OR m.owner = ?)"
        with self._db.read() as conn:
            folded = [
                str(row[0])
                for row in conn.execute(
                    "SELECT p.person FROM memory_people p JOIN memories m "
                    f"ON m.rowid = p.memory_rowid WHERE {visible} "
                    "GROUP BY p.person ORDER BY count(*) DESC, p.person LIMIT ?",
                    (caller.user_id, limit),
                )
            ]
            spellings: dict[str, Counter[str]] = {name: Counter() for name in folded}
            if folded:
                marks = ",".join("?" * len(folded))
                rows = conn.execute(
                    "SELECT j.value FROM memories m, json_each(m.people) j "
                    f"WHERE {visible} AND m.rowid IN (SELECT memory_rowid "
                    f"FROM memory_people WHERE person IN ({marks}))",
                    (caller.user_id, *folded),
                )
                for (written,) in rows:
                    counts = spellings.get(label_key(str(written)))
                    if counts is not None:
                        counts[str(written)] += 1
        return [
            counts.most_common(1)[0][0] if counts else name
            for name, counts in spellings.items()
        ]
