"""Consolidation's merges: a survivor takes over others, only if nothing changed."""

from __future__ import annotations

from typing import TYPE_CHECKING

from custom_components.home_memory.memory.common.values import (
    SYSTEM,
    MemoryPatch,
    Tier,
)
from custom_components.home_memory.memory.upkeep.merging import MemoryMerge

from ..conftest import HOUSE, ManualClock, new_memory

if TYPE_CHECKING:
    from custom_components.home_memory.memory.common.values import Memory
    from custom_components.home_memory.memory.store import MemoryStore


def _merge(survivor: Memory, *absorbed: Memory, **kwargs: object) -> MemoryMerge:
    return MemoryMerge(
        survivor_id=survivor.id,
        absorbed_ids=tuple(m.id for m in absorbed),
        expected_versions={m.id: m.version for m in (survivor, *absorbed)},
        **kwargs,  # type: ignore[arg-type]
    )


def _made(store: MemoryStore, content: str) -> Memory:
    """A new memory, never taken as a repeat or correction of a look-alike."""
    return store.create_many([new_memory(content)], HOUSE, dedup=False)[0].memory


def test_a_merge_patches_the_survivor_and_deletes_the_absorbed(
    store: MemoryStore,
) -> None:
    """The absorbed memory moves to the deleted tier, recoverable, with its reason."""
    old = _made(store, "The spare key is under the pot")
    new = _made(store, "The spare key is under the blue pot")
    step = _merge(new, old, patch=MemoryPatch(content="The key is under the blue pot"))
    assert store.merge_memories([step], SYSTEM, deleted_by="consolidation") == [step]

    survivor = store.get(new.id, SYSTEM)
    assert (survivor.content, survivor.version) == ("The key is under the blue pot", 2)
    absorbed = store.get(old.id, SYSTEM)
    assert (absorbed.tier, absorbed.deleted_by) == (Tier.DELETED, "consolidation")
    assert [m.id for m in store.list_memories(HOUSE).items] == [new.id]


def test_a_step_planned_on_an_old_version_is_skipped(store: MemoryStore) -> None:
    """A memory edited since the plan was made leaves the whole step undone."""
    old = _made(store, "The bins go out on Monday")
    new = _made(store, "The bins go out on Monday night")
    stale = _merge(new, old, patch=MemoryPatch(content="merged"))
    store.update(old.id, MemoryPatch(content="The bins go out on Tuesday"), HOUSE)

    assert store.merge_memories([stale], SYSTEM, deleted_by="consolidation") == []
    assert store.get(old.id, SYSTEM).tier is Tier.ACTIVE
    assert store.get(new.id, SYSTEM).content == "The bins go out on Monday night"


def test_combined_usage_sums_counts_and_keeps_the_earliest_creation(
    store: MemoryStore, clock: ManualClock
) -> None:
    """With combine_usage the survivor is as old and as used as all of them."""
    first = _made(store, "Anna likes green tea")
    clock.advance(days=3)
    second = _made(store, "Anna likes green tea a lot")
    with store.read() as conn:
        rowid = {
            memory_id: rowid
            for rowid, memory_id in conn.execute("SELECT rowid, id FROM memories")
        }
    store.record_access([rowid[first.id], rowid[first.id]], HOUSE, "search")
    store.record_access([rowid[second.id]], HOUSE, "search")
    step = _merge(second, first, patch=MemoryPatch(), combine_usage=True)
    store.merge_memories([step], SYSTEM, deleted_by="consolidation")
    survivor = store.get(second.id, SYSTEM)
    assert survivor.created_at == first.created_at
    assert survivor.access_count == 3


def test_the_survivor_names_what_it_took_over(store: MemoryStore) -> None:
    """source_ids, when given, replace the survivor's sources."""
    old = _made(store, "The boiler is serviced in May")
    new = _made(store, "The boiler service is in May")
    step = _merge(new, old, patch=MemoryPatch(), source_ids=(f"memory:{old.id}",))
    store.merge_memories([step], SYSTEM, deleted_by="consolidation")
    assert store.get(new.id, SYSTEM).source_ids == (f"memory:{old.id}",)
