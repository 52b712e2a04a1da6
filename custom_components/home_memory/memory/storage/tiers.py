"""Moving memories between tiers: forget (deleted), restore, purge; and access.

A forgotten memory stays recoverable in the deleted tier until it is purged;
purging removes the row, its vector, FTS entry, labels and history.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..common.errors import InvalidMemoryError, MemoryChangedError
from ..common.values import SYSTEM, Caller, Memory, Tier
from ..text.validation import BY_ID_OR_TAG, label_key
from . import text_generation
from .rows import COLUMNS
from .soft_delete import to_deleted_tier

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping, Sequence
    import sqlite3

    from .connections import StoreConnections
    from .in_memory import InMemoryCopies
    from .operation_log import OperationLog
    from .rows import MemoryRows

# Called with each memory a restore or purge names, inside its transaction,
# before anything changes: it raises to refuse them all (who may manage
# which memory is the caller's rule, not the engine's).
type TargetCheck = Callable[[Memory], None]


class Tiers:
    """Soft delete, restore, hard delete, and reinforcement by access."""

    def __init__(
        self,
        connections: StoreConnections,
        copies: InMemoryCopies,
        rows: MemoryRows,
        log: OperationLog,
    ) -> None:
        """Writes through `connections`, then brings `copies` in line."""
        self._db = connections
        self._copies = copies
        self._rows = rows
        self._log = log
        self.now = connections.now

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
            rowid, memory = self._rows.rowid_for(conn, memory_id, caller)
            targets[rowid] = memory
        if tags:
            rows = conn.execute(
                f"SELECT {COLUMNS} FROM memories WHERE rowid IN (SELECT memory_rowid "
                f"FROM memory_tags WHERE tag IN ({','.join('?' * len(tags))}))",
                [label_key(t) for t in tags],
            ).fetchall()
            for row in rows:
                memory = self._rows.row_to_memory(row)
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
            raise InvalidMemoryError("ids", BY_ID_OR_TAG)
        now = self.now()
        with self._db.transaction() as conn:
            targets = self._select_targets(conn, caller, ids, tags, Tier.ACTIVE)
            for _, memory in targets:
                if versions is not None and versions.get(memory.id) != memory.version:
                    raise MemoryChangedError(memory.id)
            for rowid, memory in targets:
                to_deleted_tier(conn, self._log, rowid, memory, caller, now)
        self._copies.refresh([rowid for rowid, _ in targets])
        return [memory.id for _, memory in targets]

    def restore(
        self,
        caller: Caller,
        *,
        ids: Sequence[str],
        check: TargetCheck | None = None,
    ) -> list[str]:
        """Bring deleted or archived memories back to the active tier.

        `check` sees every memory named (active ones too) before anything
        changes; if it raises, nothing is restored.
        """
        with self._db.transaction() as conn:
            named = self._select_targets(conn, caller, ids, (), None)
            if check is not None:
                for _, memory in named:
                    check(memory)
            targets = [
                (rowid, memory)
                for rowid, memory in named
                if memory.tier is not Tier.ACTIVE
            ]
            for rowid, memory in targets:
                conn.execute(
                    "UPDATE memories SET tier = 'active', deleted_at = NULL, "
                    "deleted_by = NULL, archived_at = NULL, last_accessed_at = ? "
                    "WHERE rowid = ?",
                    (self.now(), rowid),
                )
                self._log.record(conn, "restore", memory.id, caller, memory.content)
        self._copies.refresh([rowid for rowid, _ in targets])
        return [memory.id for _, memory in targets]

    def hard_delete(
        self,
        caller: Caller,
        *,
        ids: Sequence[str] = (),
        tags: Sequence[str] = (),
        tier: Tier | None = None,
        check: TargetCheck | None = None,
    ) -> list[str]:
        """Remove memories for good: row, vector, FTS entry and history.

        `tier`: every memory named must still be in it (the tier a person
        was shown them in), else MemoryChangedError names the first that
        left it and nothing is purged: a purge racing a restore must not
        destroy the memory just brought back. `check` as for `restore`.
        """
        if not ids and not tags:
            raise InvalidMemoryError("ids", BY_ID_OR_TAG)
        with self._db.transaction() as conn:
            targets = self._select_targets(conn, caller, ids, tags, None)
            if check is not None:
                for _, memory in targets:
                    check(memory)
            for _, memory in targets:
                if tier is not None and memory.tier is not tier:
                    raise MemoryChangedError(memory.id)
            self.purge_rows(conn, [rowid for rowid, _ in targets])
            for _, memory in targets:
                self._log.record(conn, "purge", memory.id, caller, memory.content)
        self._copies.refresh([rowid for rowid, _ in targets])
        return [memory.id for _, memory in targets]

    def private_owners(self) -> dict[str, int]:
        """How many private memories each owner has, in every tier (no text)."""
        with self._db.read() as conn:
            rows = conn.execute(
                "SELECT owner, count(*) FROM memories WHERE visibility = 'private' "
                "AND owner IS NOT NULL GROUP BY owner"
            ).fetchall()
        return {str(owner): int(count) for owner, count in rows}

    def erase_owners(self, owners: Sequence[str]) -> int:
        """Remove for good what is private to these people: their private
        memories in every tier, their conversations' messages and their
        proposals. For people who no longer exist: nobody else may see,
        restore or purge what was theirs. Returns the memories removed."""
        if not owners:
            return 0
        marks = ",".join("?" * len(owners))
        with self._db.transaction() as conn:
            rows = conn.execute(
                f"SELECT rowid, id FROM memories WHERE visibility = 'private' "
                f"AND owner IN ({marks})",
                list(owners),
            ).fetchall()
            for _, memory_id in rows:
                # Logged before the row goes: the log keeps who and when, and
                # its row stays the departed owner's (shown to nobody).
                self._log.record(conn, "purge", str(memory_id), SYSTEM, None)
            self.purge_rows(conn, [int(rowid) for rowid, _ in rows])
            conn.execute(f"DELETE FROM sessions WHERE owner IN ({marks})", list(owners))
            conn.execute(
                f"DELETE FROM proposals WHERE owner IN ({marks}) "
                "AND visibility = 'private'",
                list(owners),
            )
        self._copies.refresh([int(rowid) for rowid, _ in rows])
        return len(rows)

    @staticmethod
    def purge_rows(conn: sqlite3.Connection, rowids: Sequence[int]) -> None:
        if rowids:
            text_generation.raise_(conn)
        for rowid in rowids:
            conn.execute("DELETE FROM memories_fts WHERE rowid = ?", (rowid,))
            # Vectors, labels and versions go by ON DELETE CASCADE.
            conn.execute("DELETE FROM memories WHERE rowid = ?", (rowid,))

    def record_access(
        self,
        rowids: Sequence[int],
        caller: Caller,
        operation: str,
        *,
        counted: bool = True,
    ) -> None:
        """Reinforce memories that a retrieval returned, and log it.

        `counted`: the memories were given to someone who asked (a search, a
        recall, a spoken answer), so their access count rises. A background
        offered with every turn is not counted: it restarts only their idle
        time (docs/retention.md, "What counts as an access").
        """
        if not rowids:
            return
        now = self.now()
        with self._db.transaction() as conn:
            conn.executemany(
                "UPDATE memories SET access_count = access_count + ?, "
                "last_accessed_at = ? WHERE rowid = ?",
                [(int(counted), now, rowid) for rowid in rowids],
            )
            ids = [
                row[0]
                for row in conn.execute(
                    f"SELECT id FROM memories WHERE rowid IN "
                    f"({','.join('?' * len(rowids))})",
                    list(rowids),
                )
            ]
            self._log.record(
                conn, "access", None, caller, None, {"ids": ids, "via": operation}
            )
        self._copies.refresh(rowids, vectors=False)
