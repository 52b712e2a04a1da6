"""What keeps the store in shape: decay, archive and purge.

Maintenance commits batch by batch, so a restart or a close mid-way loses
nothing and the next run carries on. Consolidation's merges are merging.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..common.values import SYSTEM, MaintenanceStats
from ..scoring import decay
from ..scoring.score_table import SCORE_COLUMNS, ScoreColumns
from ..storage.tiers import Tiers

if TYPE_CHECKING:
    import sqlite3

    from ..storage.connections import StoreConnections
    from ..storage.in_memory import InMemoryCopies
    from ..storage.operation_log import OperationLog


# A row as maintenance read it: the same idle time and access count (an
# access, a repeat, an edit and a restore each move one of them).
_UNCHANGED = (
    "WHERE rowid = ? AND COALESCE(last_accessed_at, created_at) = ? "
    "AND access_count = ?"
)


class Upkeep:
    """run_maintenance: decay, archive and purge."""

    def __init__(
        self,
        connections: StoreConnections,
        copies: InMemoryCopies,
        log: OperationLog,
    ) -> None:
        """Writes through `connections`, then brings `copies` in line."""
        self._db = connections
        self._copies = copies
        self._log = log
        self.now = connections.now
        self.config = connections.config

    def run_maintenance(self, *, batch_size: int = 2000) -> MaintenanceStats:
        """Decay, archive, purge. Idempotent; every batch commits on its own."""
        now = self.now()
        processed, archived_decayed = self._decay_active(now, batch_size)
        completed = not self._db.closed
        archived_expired = purged = purged_log = 0
        expired_rowids: list[int] = []
        if completed:
            with self._db.transaction() as conn:
                expired_rowids = self._archive_expired(conn, now)
                archived_expired = len(expired_rowids)
                purged = self._purge_long_archived(conn, now)
                purged_log = self._purge_old_log_entries(conn, now)
                self._log.record(
                    conn,
                    "maintenance",
                    None,
                    SYSTEM,
                    None,
                    {
                        "processed": processed,
                        "archived": archived_decayed + archived_expired,
                        "purged": purged,
                    },
                )
        self._copies.refresh(expired_rowids)
        return MaintenanceStats(
            processed=processed,
            archived_decayed=archived_decayed,
            archived_expired=archived_expired,
            purged_archived=purged,
            purged_log_entries=purged_log,
            completed=completed,
        )

    def _decay_active(self, now: float, batch_size: int) -> tuple[int, int]:
        """Decay every active memory, batch by batch; (processed, archived).

        Stops between batches once the store is closing: what is done is
        committed, and the next run carries on.
        """
        processed = archived = 0
        last_rowid = 0
        while not self._db.closed:
            with self._db.read() as conn:
                rows = conn.execute(
                    f"SELECT {SCORE_COLUMNS} FROM memories "
                    "WHERE tier = 'active' AND rowid > ? ORDER BY rowid LIMIT ?",
                    (last_rowid, batch_size),
                ).fetchall()
            if not rows:
                break
            last_rowid = int(rows[-1][0])
            archived += self._decay_batch(ScoreColumns.from_rows(rows), now)
            processed += len(rows)
        return processed, archived

    def _decay_batch(self, batch: ScoreColumns, now: float) -> int:
        """Write one batch's effective importance, archiving what fell below
        the threshold after its half-life; how many were archived (one
        transaction; docs/retention.md).
        """
        cfg = self.config
        idle_days = (now - batch.idle_since) / decay.SECONDS_PER_DAY
        values = decay.effective_importances(
            batch.importance,
            batch.retention_multiplier,
            idle_days,
            batch.access_count,
            base_half_life_days=cfg.base_half_life_days,
            floor=cfg.decay_floor,
        )
        archive = decay.archivable(
            values,
            idle_days,
            batch.retention_multiplier,
            base_half_life_days=cfg.base_half_life_days,
            threshold=cfg.archive_threshold,
        ).tolist()
        # The batch was read outside the writer lock: a memory used, told
        # again, edited or restored since (its idle time or access count
        # moved) keeps what that write gave it, and is not archived on what
        # was read before (the next night decides with the new values).
        updates = list(
            zip(
                values.tolist(),
                batch.rowids.tolist(),
                batch.idle_since.tolist(),
                batch.access_count.tolist(),
                strict=True,
            )
        )
        to_archive = [
            (update, memory_id)
            for update, memory_id, due in zip(updates, batch.ids, archive, strict=True)
            if due
        ]
        archived: list[int] = []
        with self._db.transaction() as conn:
            conn.executemany(
                f"UPDATE memories SET effective_importance = ? {_UNCHANGED}",
                updates,
            )
            for (_, rowid, since, count), memory_id in to_archive:
                if conn.execute(
                    "UPDATE memories SET tier = 'archived', archived_at = ? "
                    f"{_UNCHANGED} AND tier = 'active'",
                    (now, rowid, since, count),
                ).rowcount:
                    archived.append(rowid)
                    self._log.record(
                        conn, "archive", memory_id, SYSTEM, None, {"reason": "decay"}
                    )
        # Each batch leaves the in-memory copies at once, not at the end.
        self._copies.refresh(archived)
        return len(archived)

    def _archive_expired(self, conn: sqlite3.Connection, now: float) -> list[int]:
        """Archive the active memories whose expiry has passed; their rowids."""
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
            self._log.record(
                conn, "archive", memory_id, SYSTEM, None, {"reason": "expired"}
            )
        return [int(rowid) for rowid, _ in expired]

    def _purge_long_archived(self, conn: sqlite3.Connection, now: float) -> int:
        """Purge memories archived longer than the configured days; how many."""
        cutoff = now - self.config.purge_archived_after_days * decay.SECONDS_PER_DAY
        old = conn.execute(
            "SELECT rowid, id FROM memories WHERE tier = 'archived' "
            "AND archived_at <= ?",
            (cutoff,),
        ).fetchall()
        Tiers.purge_rows(conn, [int(rowid) for rowid, _ in old])
        for _, memory_id in old:
            self._log.record(
                conn, "purge", memory_id, SYSTEM, None, {"reason": "archived"}
            )
        return len(old)

    def _purge_old_log_entries(self, conn: sqlite3.Connection, now: float) -> int:
        """Delete operation log entries past their retention; how many."""
        log_cutoff = now - self.config.log_retention_days * decay.SECONDS_PER_DAY
        return int(
            conn.execute(
                "DELETE FROM operation_log WHERE at < ?", (log_cutoff,)
            ).rowcount
        )
