"""Forget, restore, purge: tiers, checks, and refreshes racing writes."""

from __future__ import annotations

import sqlite3
from typing import TYPE_CHECKING

import pytest

from custom_components.home_memory.memory import store as store_module
from custom_components.home_memory.memory.common.values import (
    MemoryFilter,
    MemoryPatch,
    NewMemory,
    Tier,
    Visibility,
)
from custom_components.home_memory.memory.search.retrieval import Retriever
from custom_components.home_memory.memory.store import (
    InvalidMemoryError,
    MemoryChangedError,
    MemoryNotFoundError,
    MemoryStore,
    content_hash,
)

from ..conftest import (
    ADMIN,
    ALICE,
    HOUSE,
    new_memory,
)

if TYPE_CHECKING:
    from collections.abc import Sequence

    from custom_components.home_memory.memory.common.values import Memory


def test_soft_delete_restore_and_purge(store: MemoryStore) -> None:
    """Forget hides a memory, restore brings it back, purge removes it for good."""
    keep = store.create(new_memory("Keys are in the bowl"), HOUSE).memory
    gone = store.create(
        new_memory("Parcel arrives Tuesday", tags=("parcel",)), HOUSE
    ).memory
    assert store.soft_delete(ALICE, ids=[gone.id]) == [gone.id]
    deleted = store.get(gone.id, ADMIN)
    assert deleted.tier is Tier.DELETED
    assert deleted.deleted_by == "alice"
    assert [m.id for m in store.list_memories(HOUSE).items] == [keep.id]
    assert store.list_memories(ADMIN, MemoryFilter(tiers=(Tier.DELETED,))).total == 1
    assert len(store.index) == 1
    assert not store.candidates.keyword_candidates("parcel", HOUSE, MemoryFilter(), 5)
    # Deleting again is a no-op, restoring brings it back everywhere.
    assert store.soft_delete(ALICE, ids=[gone.id]) == []
    assert store.restore(ADMIN, ids=[gone.id]) == [gone.id]
    assert store.get(gone.id, HOUSE).tier is Tier.ACTIVE
    assert len(store.index) == 2
    assert store.candidates.keyword_candidates("parcel", HOUSE, MemoryFilter(), 5)
    # Hard delete removes row, vector, FTS and history; the log keeps a hash.
    store.update(gone.id, MemoryPatch(importance=0.9), HOUSE)
    assert store.hard_delete(ADMIN, ids=[gone.id]) == [gone.id]
    with pytest.raises(MemoryNotFoundError):
        store.get(gone.id, ADMIN)
    conn = sqlite3.connect(store.path)
    for table in ("memory_vectors", "memory_versions", "memory_tags", "memories_fts"):
        assert conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0] <= 1, table
    assert conn.execute("SELECT count(*) FROM memory_versions").fetchone()[0] == 0
    conn.close()
    purge = store.log_entries(memory_id=gone.id)[0]
    assert purge.operation == "purge"
    assert purge.content_hash == content_hash("Parcel arrives Tuesday")


def test_soft_delete_with_versions_forgets_only_what_was_shown(
    store: MemoryStore,
) -> None:
    """A memory changed since its version was read is not deleted, nor the rest."""
    shown = store.create(
        new_memory("The spare key is under the blue pot"), HOUSE
    ).memory
    other = store.create(new_memory("Milk is in the fridge"), HOUSE).memory
    store.update(
        shown.id, MemoryPatch(content="The spare key is under the red pot"), HOUSE
    )
    with pytest.raises(store_module.MemoryChangedError) as err:
        store.soft_delete(
            HOUSE,
            ids=[other.id, shown.id],
            versions={other.id: other.version, shown.id: shown.version},
        )
    assert err.value.memory_id == shown.id
    assert store.list_memories(HOUSE).total == 2
    assert store.soft_delete(HOUSE, ids=[shown.id], versions={shown.id: 2}) == [
        shown.id
    ]


def test_soft_delete_by_tags(store: MemoryStore) -> None:
    """Forgetting by tag matches case-insensitively; no selector is refused."""
    for text in ("Buy eggs", "Buy flour", "Call the plumber"):
        store.create(
            new_memory(text, tags=("todo",) if text.startswith("Buy") else ()), HOUSE
        )
    assert len(store.soft_delete(HOUSE, tags=["TODO"])) == 2
    assert store.list_memories(HOUSE).total == 1
    with pytest.raises(InvalidMemoryError):
        store.soft_delete(HOUSE)


@pytest.mark.parametrize("removal", ["hard_delete", "soft_delete"])
def test_a_write_between_a_removal_and_its_refresh_is_kept(
    store: MemoryStore, monkeypatch: pytest.MonkeyPatch, removal: str
) -> None:
    """The in-memory copies follow the file, not the removal's own list.

    SQLite hands a purged last rowid to the next insert, and a restore can
    bring a row back, both before the removal refreshes its rows.
    """
    keep = store.create(NewMemory(content="the fuse box is in the cellar"), HOUSE)
    gone = store.create(NewMemory(content="the bike pump is on the hook"), HOUSE)
    gone_rowid = store.rowids_of([gone.memory.id])[0]
    real_refresh = store.copies.refresh
    late: list[str] = []
    armed = [True]

    def refresh_after_another_write(rowids: Sequence[int], **kwargs: bool) -> None:
        if armed:
            armed.clear()
            if removal == "hard_delete":
                created = store.create(
                    NewMemory(content="the ladder hangs in the garage"), HOUSE
                )
                late.append(created.memory.id)
            else:
                late.extend(store.restore(ADMIN, ids=[gone.memory.id]))
        real_refresh(rowids, **kwargs)

    monkeypatch.setattr(store.copies, "refresh", refresh_after_another_write)
    getattr(store, removal)(HOUSE, ids=[gone.memory.id])
    [late_id] = late
    late_rowid = store.rowids_of([late_id])[0]
    if removal == "hard_delete":
        assert late_rowid == gone_rowid  # the rowid was handed out again
    assert late_rowid in store.index
    assert len(store.index) == len(store.scores) == 2
    found = Retriever(store).rank(store.get(late_id, HOUSE).content, HOUSE)
    assert found[0].memory.id == late_id
    assert keep.memory.id in {s.memory.id for s in found}


def test_a_purge_for_a_tier_refuses_a_memory_that_left_it(store: MemoryStore) -> None:
    """hard_delete(tier=) names the first memory not in that tier and purges none."""
    first = store.create(new_memory("The blue vase broke"), HOUSE).memory
    second = store.create(new_memory("The red lamp flickers"), HOUSE).memory
    store.soft_delete(ADMIN, ids=[first.id, second.id])
    store.restore(ADMIN, ids=[second.id])
    with pytest.raises(MemoryChangedError) as err:
        store.hard_delete(ADMIN, ids=[first.id, second.id], tier=Tier.DELETED)
    assert err.value.memory_id == second.id
    assert store.get(first.id, ADMIN).tier is Tier.DELETED
    assert store.get(second.id, ADMIN).tier is Tier.ACTIVE
    assert store.hard_delete(ADMIN, ids=[first.id], tier=Tier.DELETED) == [first.id]


def test_a_check_that_refuses_one_memory_moves_none(store: MemoryStore) -> None:
    """restore and hard_delete show `check` every memory named before changing any."""
    mine = store.create(
        new_memory("Alice's spare PIN", owner="alice", visibility=Visibility.PRIVATE),
        ALICE,
    ).memory
    shared = store.create(new_memory("The shed key is lost"), HOUSE).memory
    store.soft_delete(ALICE, ids=[mine.id, shared.id])
    seen: list[str] = []

    class RefusedError(Exception):
        """The check's own refusal (the engine lets it through unchanged)."""

    def refuse_shared(memory: Memory) -> None:
        seen.append(memory.id)
        if memory.visibility is Visibility.HOUSEHOLD:
            raise RefusedError(memory.id)

    for move in (store.restore, store.hard_delete):
        seen.clear()
        with pytest.raises(RefusedError):
            move(ALICE, ids=[mine.id, shared.id], check=refuse_shared)
        assert seen == [mine.id, shared.id]
        assert store.get(mine.id, ALICE).tier is Tier.DELETED
    assert store.restore(ALICE, ids=[mine.id], check=refuse_shared) == [mine.id]
