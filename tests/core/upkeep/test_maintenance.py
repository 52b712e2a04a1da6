"""Maintenance: archived memories leave search batch by batch."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from custom_components.home_memory.memory.common.values import (
    MemoryPatch,
    NewMemory,
    Tier,
    WeightClass,
)

from ..conftest import (
    HOUSE,
    ManualClock,
)

if TYPE_CHECKING:
    from collections.abc import Sequence

    from custom_components.home_memory.memory.scoring.score_table import ScoreColumns
    from custom_components.home_memory.memory.store import (
        MemoryStore,
    )


def test_maintenance_takes_archived_memories_out_of_search_batch_by_batch(
    store: MemoryStore, clock: ManualClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Maintenance takes archived memories out of search one batch at a time."""
    for i in range(6):
        store.create(
            NewMemory(
                content=f"passing note {i} about the weather",
                weight_class=WeightClass.TRANSIENT,
                importance=0.1,
            ),
            HOUSE,
        )
    clock.advance(days=400)
    refreshed: list[list[int]] = []
    real_refresh = store.copies.refresh

    def recording_refresh(rowids: Sequence[int], **kwargs: bool) -> None:
        refreshed.append(list(rowids))
        real_refresh(rowids, **kwargs)

    monkeypatch.setattr(store.copies, "refresh", recording_refresh)
    stats = store.run_maintenance(batch_size=2)
    assert stats.archived_decayed == 6
    assert [len(r) for r in refreshed if r] == [2, 2, 2]
    assert len(store.index) == len(store.scores) == 0


def _nightly_until(store: MemoryStore, clock: ManualClock, memory_id: str) -> int:
    """Run maintenance once a day until the memory is archived; the day."""
    for day in range(1, 200):
        clock.advance(days=1)
        store.run_maintenance()
        if store.get(memory_id, HOUSE).tier is Tier.ARCHIVED:
            return day
    raise AssertionError("never archived")


@pytest.mark.parametrize("edit", ["update", "undo"])
def test_a_persons_edit_restarts_the_idle_clock(
    store: MemoryStore, clock: ManualClock, edit: str
) -> None:
    """An old memory edited yesterday is not archived tonight: the edit
    counts as a use, and its idle time (docs/retention.md) starts again."""

    def note() -> str:
        return store.create(
            NewMemory(content="The gate code is 4411", importance=0.2), HOUSE
        ).memory.id

    untouched = _nightly_until(store, clock, note())
    memory_id = note()
    clock.advance(days=untouched - 2)
    store.run_maintenance()
    if edit == "undo":
        store.update(memory_id, MemoryPatch(tags=("gate",)), HOUSE)
        store.undo(memory_id, HOUSE)
    else:
        store.update(memory_id, MemoryPatch(content="The gate code is 5522"), HOUSE)
    assert _nightly_until(store, clock, memory_id) == untouched


@pytest.mark.parametrize("write", ["access", "update", "repeat"])
def test_a_memory_used_while_maintenance_runs_is_not_archived(
    store: MemoryStore,
    clock: ManualClock,
    monkeypatch: pytest.MonkeyPatch,
    write: str,
) -> None:
    """Maintenance reads a batch outside the writer lock; a use, an edit or
    the same thing told again that commits between that read and the
    batch's write keeps the memory active (the archive is conditional on
    the row as read), and the next night decides with the new values."""
    told = NewMemory(
        content="The parcel goes to the neighbour's garage on Friday",
        weight_class=WeightClass.TRANSIENT,
        importance=0.1,
    )
    memory_id = store.create(told, HOUSE).memory.id
    clock.advance(days=400)
    upkeep = store.upkeep
    decay_batch = upkeep._decay_batch

    def racing(batch: ScoreColumns, now: float) -> int:
        if write == "access":
            store.record_access(store.rowids_of([memory_id]), HOUSE, "search")
        elif write == "update":
            store.update(memory_id, MemoryPatch(importance=0.95), HOUSE)
        else:
            store.create(told, HOUSE)
        return decay_batch(batch, now)

    monkeypatch.setattr(upkeep, "_decay_batch", racing)
    stats = store.run_maintenance()
    assert stats.archived_decayed == 0
    assert store.get(memory_id, HOUSE).tier is Tier.ACTIVE
    assert len(store.index) == len(store.scores) == 1
