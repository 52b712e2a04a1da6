"""What keeps the store in shape: decay, archive and purge; consolidation's merges.

Maintenance commits batch by batch, so a restart or a close mid-way loses
nothing and the next run carries on. A merge is planned outside the write
lock (consolidation.py) and applied here only if nothing it read has changed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
import json
from typing import TYPE_CHECKING, Any

from . import decay
from .models import Caller, MaintenanceStats, MemoryPatch, Tier
from .rows import COLUMNS
from .score_table import SCORE_COLUMNS, ScoreColumns
from .tiers import Tiers
from .validation import clean_labels, to_timestamp
from .versions import Versions

if TYPE_CHECKING:
    from collections.abc import Sequence

    import numpy as np
    import numpy.typing as npt


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


class Upkeep(Versions, Tiers):
    """run_maintenance and merge_memories."""

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
                        f"SELECT {COLUMNS} FROM memories WHERE id IN "
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
