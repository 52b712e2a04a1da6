"""Consolidation's merges: a surviving memory takes over others.

A merge is planned outside the write lock (consolidation/) and applied here
only if nothing it read has changed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
import json
from typing import TYPE_CHECKING, Any

from ..common.values import Caller, MemoryPatch, Tier
from ..storage.rows import COLUMNS
from ..storage.soft_delete import to_deleted_tier
from ..text.validation import clean_labels, to_timestamp

if TYPE_CHECKING:
    from collections.abc import Sequence
    import sqlite3

    import numpy as np
    import numpy.typing as npt

    from ..common.values import Memory
    from ..storage.connections import StoreConnections
    from ..storage.in_memory import InMemoryCopies
    from ..storage.operation_log import OperationLog
    from ..storage.rows import MemoryRows
    from ..storage.versions import Versions


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


class Merging:
    """merge_memories: apply consolidation's steps."""

    def __init__(
        self,
        connections: StoreConnections,
        copies: InMemoryCopies,
        rows: MemoryRows,
        log: OperationLog,
        versions: Versions,
    ) -> None:
        """The survivor is patched as `versions` patch; `copies` follow."""
        self._db = connections
        self._copies = copies
        self._rows = rows
        self._log = log
        self._versions = versions
        self.now = connections.now

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
        absorbed: list[int] = []
        with self._db.transaction() as conn:
            for merge in merges:
                rows = self._merge_rows(conn, merge)
                if rows is None:
                    continue
                absorbed += self._apply_merge(
                    conn, merge, rows, caller, now, deleted_by
                )
                survivors.append(rows[merge.survivor_id][0])
                applied.append(merge)
        self._copies.refresh([*absorbed, *survivors])
        return applied

    def _merge_rows(
        self, conn: sqlite3.Connection, merge: MemoryMerge
    ) -> dict[str, tuple[int, Memory]] | None:
        """Every memory of the step by id, with its rowid; None when any is
        gone, no longer active, or changed since the step was planned.
        """
        ids = (merge.survivor_id, *merge.absorbed_ids)
        rows = {
            row[1]: (int(row[0]), self._rows.row_to_memory(row))
            for row in conn.execute(
                f"SELECT {COLUMNS} FROM memories WHERE id IN "
                f"({','.join('?' * len(ids))})",
                ids,
            )
        }
        if len(rows) != len(ids) or any(
            memory.tier is not Tier.ACTIVE
            or memory.version != merge.expected_versions.get(memory_id)
            for memory_id, (_, memory) in rows.items()
        ):
            return None
        return rows

    def _apply_merge(
        self,
        conn: sqlite3.Connection,
        merge: MemoryMerge,
        rows: dict[str, tuple[int, Memory]],
        caller: Caller,
        now: float,
        deleted_by: str,
    ) -> list[int]:
        """Patch the survivor, delete the absorbed, log the step; the
        absorbed memories' rowids.
        """
        survivor_rowid, survivor = rows[merge.survivor_id]
        if not merge.patch.is_empty():
            self._versions.apply_patch(
                conn,
                survivor,
                self._versions.validate_patch(merge.patch),
                caller,
                now,
                vector=merge.vector,
                log_operation=None,
            )
        if merge.source_ids is not None:
            conn.execute(
                "UPDATE memories SET source_ids = ? WHERE rowid = ?",
                (
                    json.dumps(list(clean_labels("source_ids", merge.source_ids))),
                    survivor_rowid,
                ),
            )
        if merge.combine_usage:
            self._combine_usage(
                conn, survivor_rowid, [memory for _, memory in rows.values()], now
            )
        absorbed = [
            self._delete_absorbed(
                conn, merge, *rows[memory_id], caller, now, deleted_by
            )
            for memory_id in merge.absorbed_ids
        ]
        self._log.record(
            conn,
            merge.operation,
            merge.survivor_id,
            caller,
            merge.patch.content or survivor.content,
            {**merge.details, "absorbed": list(merge.absorbed_ids)},
        )
        return absorbed

    @staticmethod
    def _combine_usage(
        conn: sqlite3.Connection,
        survivor_rowid: int,
        everyone: list[Memory],
        now: float,
    ) -> None:
        """The survivor takes the summed access counts, the earliest creation
        and the latest access of every memory in the step.
        """
        accessed = [m.last_accessed_at for m in everyone if m.last_accessed_at]
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

    def _delete_absorbed(
        self,
        conn: sqlite3.Connection,
        merge: MemoryMerge,
        rowid: int,
        memory: Memory,
        caller: Caller,
        now: float,
        deleted_by: str,
    ) -> int:
        """Move one absorbed memory to the deleted tier and log it; its rowid."""
        to_deleted_tier(
            conn,
            self._log,
            rowid,
            memory,
            caller,
            now,
            deleted_by=deleted_by,
            details={"reason": merge.operation, "into": merge.survivor_id},
        )
        return rowid
