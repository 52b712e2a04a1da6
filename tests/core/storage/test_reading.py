"""Reading memories: visibility, filters and pages, figures."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from custom_components.home_memory.memory.common.values import (
    MemoryFilter,
    MemoryKind,
    MemoryPatch,
    Visibility,
)
from custom_components.home_memory.memory.storage.schema import SCHEMA_VERSION
from custom_components.home_memory.memory.store import (
    InvalidMemoryError,
    MemoryNotFoundError,
    MemoryStore,
)

from ..conftest import (
    ADMIN,
    ALICE,
    BOB,
    HOUSE,
    START,
    ManualClock,
    new_memory,
)


def test_private_memories_are_invisible_to_others(store: MemoryStore) -> None:
    """A private memory cannot be read, listed, changed or deleted by others."""
    secret = store.create(
        new_memory(
            "My surprise party plan", owner="alice", visibility=Visibility.PRIVATE
        ),
        ALICE,
    ).memory
    assert store.get(secret.id, ALICE).id == secret.id
    for caller in (BOB, HOUSE, ADMIN):
        with pytest.raises(MemoryNotFoundError):
            store.get(secret.id, caller)
        assert store.list_memories(caller).total == 0
        with pytest.raises(MemoryNotFoundError):
            store.soft_delete(caller, ids=[secret.id])
        with pytest.raises(MemoryNotFoundError):
            store.update(secret.id, MemoryPatch(content="changed"), caller)


def test_list_filters_and_paging(store: MemoryStore, clock: ManualClock) -> None:
    """Listing filters by kind, people, tags, dates and importance, and pages."""
    words = ["apple", "bread", "cheese", "dates", "eggs", "flour", "grapes"]
    for i, word in enumerate(words):
        store.create(
            new_memory(
                f"Buy {word}",
                kind=MemoryKind.EVENT if i % 2 else MemoryKind.FACT,
                importance=i / 10,
                people=("Anna",) if i < 3 else (),
                tags=("even",) if i % 2 == 0 else (),
            ),
            HOUSE,
        )
        clock.advance(days=1)
    page = store.list_memories(HOUSE, offset=0, limit=3)
    assert page.total == 7
    assert [m.content for m in page.items] == ["Buy grapes", "Buy flour", "Buy eggs"]
    assert page.next_offset == 3
    last = store.list_memories(HOUSE, offset=6, limit=3)
    assert len(last.items) == 1
    assert last.next_offset is None
    assert (
        store.list_memories(HOUSE, MemoryFilter(kinds=(MemoryKind.EVENT,))).total == 3
    )
    assert store.list_memories(HOUSE, MemoryFilter(people=("anna",))).total == 3
    assert store.list_memories(HOUSE, MemoryFilter(tags=("even",))).total == 4
    assert store.list_memories(HOUSE, MemoryFilter(min_importance=0.5)).total == 2
    since = datetime.fromtimestamp(clock.value, UTC) - timedelta(days=3)
    assert store.list_memories(HOUSE, MemoryFilter(created_after=since)).total == 3
    with pytest.raises(InvalidMemoryError):
        store.list_memories(HOUSE, limit=0)


def test_counts_and_status(store: MemoryStore) -> None:
    """The store reports counts by tier and kind, schema version, size and mode."""
    store.create(new_memory("one fact"), HOUSE)
    store.create(new_memory("a preference", kind=MemoryKind.PREFERENCE), HOUSE)
    counts = store.counts()
    assert counts["tier"] == {"active": 2}
    assert counts["kind"] == {"fact": 1, "preference": 1}
    assert store.schema_version() == SCHEMA_VERSION
    assert store.database_size() > 0
    assert store.backends()["retrieval_mode"] == "hybrid"


def test_database_size_counts_the_write_ahead_log_and_shared_memory(
    store: MemoryStore,
) -> None:
    """The size is the file plus its -wal and -shm, as they lie on disk."""
    for number in range(20):
        store.create(new_memory(f"Note {number} " + "about the garden " * 50), HOUSE)
    files = [store.path.with_name(store.path.name + s) for s in ("", "-wal", "-shm")]
    assert all(path.exists() for path in files)
    assert store.database_size() == sum(path.stat().st_size for path in files)


def test_newest_created_at_keeps_to_active_memories_of_the_visibility(
    store: MemoryStore, clock: ManualClock
) -> None:
    """The newest creation time counts only active memories of that visibility."""
    assert store.newest_created_at(Visibility.HOUSEHOLD) is None
    first = store.create(new_memory("the boiler was serviced"), HOUSE).memory
    clock.advance(seconds=60)
    store.create(
        new_memory("my diary entry", owner="alice", visibility=Visibility.PRIVATE),
        ALICE,
    )
    clock.advance(seconds=60)
    later = store.create(new_memory("the gutters were cleaned"), HOUSE).memory
    store.soft_delete(ADMIN, ids=[later.id])
    assert store.newest_created_at(Visibility.HOUSEHOLD) == first.created_at.timestamp()
    assert store.newest_created_at(Visibility.PRIVATE) == START + 60
