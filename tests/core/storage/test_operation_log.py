"""The operation log: hashes, not text; private periods stay private."""

from __future__ import annotations

from contextlib import closing
import sqlite3
from typing import TYPE_CHECKING

from custom_components.home_memory.memory.common.values import (
    MemoryPatch,
    Visibility,
)

from ..conftest import (
    ALICE,
    BOB,
    new_memory,
)

if TYPE_CHECKING:
    from custom_components.home_memory.memory.store import (
        MemoryStore,
    )


def test_log_rows_of_a_private_period_stay_private_after_it_turns_household(
    store: MemoryStore,
) -> None:
    """Made household later, a memory's private-period log rows stay its owner's."""
    secret = store.create(
        new_memory(
            "My surprise party plan", owner="alice", visibility=Visibility.PRIVATE
        ),
        ALICE,
    ).memory
    store.update(secret.id, MemoryPatch(content="The party is on Friday"), ALICE)
    private_period = store.log_entries(memory_id=secret.id, caller=ALICE)
    assert len(private_period) >= 2
    store.update(secret.id, MemoryPatch(visibility=Visibility.HOUSEHOLD), ALICE)
    store.update(secret.id, MemoryPatch(importance=0.9), BOB)
    seen_by_bob = store.log_entries(memory_id=secret.id, caller=BOB)
    seen_by_alice = store.log_entries(memory_id=secret.id, caller=ALICE)
    # Bob sees what happened since it became the household's, nothing before.
    assert len(seen_by_alice) == len(private_period) + 2
    assert len(seen_by_bob) == 2
    # Private again: everything is Alice's alone.
    store.update(secret.id, MemoryPatch(visibility=Visibility.PRIVATE), ALICE)
    assert store.log_entries(memory_id=secret.id, caller=BOB) == []


def test_operation_log_holds_hashes_not_text(store: MemoryStore) -> None:
    """The operation log holds content hashes, never the memory text."""
    memory = store.create(new_memory("My bank PIN is 9999"), ALICE).memory
    store.update(memory.id, MemoryPatch(tags=("bank",)), ALICE)
    store.soft_delete(ALICE, ids=[memory.id])
    operations = [e.operation for e in store.log_entries(memory_id=memory.id)]
    assert operations == ["delete", "update", "create"]
    with closing(sqlite3.connect(store.path)) as conn:
        raw = conn.execute("SELECT * FROM operation_log").fetchall()
    assert "9999" not in repr(raw)
    assert store.log_entries(content_hash_of="My bank PIN is 9999")
