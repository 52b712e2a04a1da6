"""Moving one memory to the deleted tier, with its audit entry.

Forgetting (`tiers.py`), a merge's absorbed memory (`upkeep/merging.py`)
and a household copy its teller takes private (`writing.py`) all soft
delete: the row stays, restorable, and the audit log says who and why.
Written once here so the three cannot drift apart.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import sqlite3

    from ..common.values import Caller, Memory
    from .operation_log import OperationLog


def to_deleted_tier(
    conn: sqlite3.Connection,
    log: OperationLog,
    rowid: int,
    memory: Memory,
    caller: Caller,
    now: float,
    *,
    deleted_by: str | None = None,
    details: dict[str, Any] | None = None,
    only_active: bool = False,
) -> bool:
    """Move `memory` (at `rowid`) to the deleted tier and log it; whether it
    moved. `deleted_by` defaults to the caller's actor; `only_active`: a
    memory no longer active (forgotten meanwhile) is left as it is."""
    moved = conn.execute(
        "UPDATE memories SET tier = 'deleted', deleted_at = ?, deleted_by = ? "
        "WHERE rowid = ?" + (" AND tier = 'active'" if only_active else ""),
        (now, caller.actor if deleted_by is None else deleted_by, rowid),
    ).rowcount
    if not moved:
        return False
    log.record(conn, "delete", memory.id, caller, memory.content, details)
    return True
