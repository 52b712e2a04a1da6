"""storage/soft_delete.py: one memory to the deleted tier, with its audit
entry, written once for forgetting, merging and taking a copy private."""

from __future__ import annotations

from typing import TYPE_CHECKING

from custom_components.home_memory.memory.common.values import Tier
from custom_components.home_memory.memory.storage.soft_delete import to_deleted_tier

from ..conftest import ADMIN, ALICE, HOUSE, new_memory

if TYPE_CHECKING:
    from custom_components.home_memory.memory.store import MemoryStore


def _rowid(store: MemoryStore, memory_id: str) -> int:
    with store.connections.transaction() as conn:
        row = conn.execute("SELECT rowid FROM memories WHERE id = ?", (memory_id,))
        return int(row.fetchone()[0])


def test_a_memory_moves_to_the_deleted_tier_with_its_reason(store: MemoryStore) -> None:
    """Moved, dated, by the one named, and logged with its details once; an
    `only_active` move of a memory already gone moves and logs nothing."""
    memory = store.create(new_memory("The ladder is in the shed"), HOUSE).memory
    rowid = _rowid(store, memory.id)
    with store.connections.transaction() as conn:
        moved = to_deleted_tier(
            conn,
            store.log,
            rowid,
            memory,
            ALICE,
            1_000.0,
            details={"reason": "test"},
            only_active=True,
        )
    assert moved
    gone = store.get(memory.id, ADMIN)
    assert gone.tier is Tier.DELETED
    assert gone.deleted_by == "alice"
    with store.connections.transaction() as conn:
        again = to_deleted_tier(
            conn, store.log, rowid, memory, ALICE, 2_000.0, only_active=True
        )
    assert not again
    entries = store.log_entries(memory_id=memory.id)
    assert [entry.operation for entry in entries] == ["delete", "create"]
