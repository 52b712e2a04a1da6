"""Maintenance: archived memories leave search batch by batch."""

from __future__ import annotations

from typing import TYPE_CHECKING

from custom_components.home_memory.memory.common.values import (
    NewMemory,
    WeightClass,
)

from ..conftest import (
    HOUSE,
    ManualClock,
)

if TYPE_CHECKING:
    from collections.abc import Sequence

    import pytest

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
