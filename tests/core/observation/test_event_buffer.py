"""The durable buffer: stored, read back, consumed with its memory, never lost."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from custom_components.home_memory.memory.common.errors import StaleEventsError
from custom_components.home_memory.memory.common.values import (
    SYSTEM,
    Caller,
    NewMemory,
    Source,
)
from custom_components.home_memory.memory.observation.event_buffer import (
    EventBuffer,
    ObservedEvent,
)
from custom_components.home_memory.memory.store import MemoryStore

if TYPE_CHECKING:
    from pathlib import Path
    import sqlite3

    from custom_components.home_memory.memory.common.values import CreateResult

    from .conftest import HashingEmbedder, ManualClock


def event(at: float, entity_id: str = "light.kitchen", **kw: object) -> ObservedEvent:
    """One observed state change of the kitchen light (or the given entity)."""
    return ObservedEvent(
        at=at,
        entity_id=entity_id,
        domain=entity_id.split(".", maxsplit=1)[0],
        name="Kitchen Light",
        new_state="on",
        old_state="off",
        **kw,  # type: ignore[arg-type]
    )


def memory(text: str = "I noticed the kitchen light came on.") -> NewMemory:
    """An observed memory to write with buffered events."""
    return NewMemory(content=text, source=Source.OBSERVED)


def test_events_round_trip_in_time_order(store: MemoryStore) -> None:
    """Buffered events keep every field and come back oldest first."""
    buffer = EventBuffer(store)
    full = event(
        200.0,
        "lock.front",
        area="Hall",
        device_class="lock",
        person="Anna",
        user_id="u1",
        importance=0.85,
    )
    seqs = buffer.append([event(300.0), full, event(100.0)])
    assert seqs == sorted(seqs)
    assert buffer.append([]) == []
    events, more = buffer.oldest(10)
    assert not more
    assert [e.at for e in events] == [100.0, 200.0, 300.0]
    stored = events[1]
    assert stored.seq == seqs[1]
    assert (stored.entity_id, stored.domain, stored.area, stored.device_class) == (
        "lock.front",
        "lock",
        "Hall",
        "lock",
    )
    assert (stored.person, stored.user_id, stored.importance) == ("Anna", "u1", 0.85)
    assert (stored.old_state, stored.new_state) == ("off", "on")
    assert stored.source_id == f"event:{seqs[1]}"
    first_two, more = buffer.oldest(2)
    assert [e.at for e in first_two] == [100.0, 200.0]
    assert more
    assert buffer.count() == 3


def test_memory_and_consumed_events_commit_together(store: MemoryStore) -> None:
    """A memory and the events it consumes commit in one transaction."""
    buffer = EventBuffer(store)
    seqs = buffer.append([event(1.0), event(2.0), event(3.0)])

    def consume(conn: sqlite3.Connection, results: list[CreateResult]) -> None:
        EventBuffer.consume(conn, seqs[:2], results[0].memory.id)

    (result,) = store.create_many([memory()], Caller(), in_transaction=consume)
    assert result.memory.source is Source.OBSERVED
    remaining, _ = buffer.oldest(10)
    assert [e.seq for e in remaining] == [seqs[2]]


def test_a_segment_already_consumed_rolls_the_memory_back(store: MemoryStore) -> None:
    """Consuming events already gone rolls the memory back and keeps the rest."""
    buffer = EventBuffer(store)
    seqs = buffer.append([event(1.0), event(2.0)])
    buffer.discard(seqs[:1])

    def consume(conn: sqlite3.Connection, results: list[CreateResult]) -> None:
        EventBuffer.consume(conn, seqs, results[0].memory.id)

    with pytest.raises(StaleEventsError):
        store.create_many([memory()], Caller(), in_transaction=consume)
    assert store.list_memories(SYSTEM).total == 0
    # The rollback kept the event that was still there.
    assert [e.seq for e in buffer.oldest(10)[0]] == [seqs[1]]


def test_ids_are_never_reused_after_consumption(store: MemoryStore) -> None:
    """Event ids are never reused after events are consumed."""
    buffer = EventBuffer(store)
    first = buffer.append([event(1.0), event(2.0)])
    buffer.discard(first)
    assert buffer.count() == 0
    (again,) = buffer.append([event(3.0)])
    assert again > max(first)


def test_buffered_events_survive_closing_and_reopening(
    tmp_path: Path, clock: ManualClock, hashing_embedder: HashingEmbedder
) -> None:
    """Buffered events survive closing and reopening the store."""
    path = tmp_path / "memory.db"
    store = MemoryStore(path, embedder=hashing_embedder, clock=clock)
    EventBuffer(store).append([event(float(i)) for i in range(120)])
    store.close()
    reopened = MemoryStore(path, embedder=hashing_embedder, clock=clock)
    try:
        events, _ = EventBuffer(reopened).oldest(500)
        assert [e.at for e in events] == [float(i) for i in range(120)]
    finally:
        reopened.close()


def test_consuming_many_events_in_chunks(store: MemoryStore) -> None:
    """Discarding more events than one SQL statement may bind still works."""
    buffer = EventBuffer(store)
    seqs = buffer.append([event(float(i)) for i in range(1200)])
    buffer.discard(seqs)
    assert buffer.count() == 0


def test_summary_counts_the_waiting_events_and_the_oldest_time(
    store: MemoryStore,
) -> None:
    """The buffer's summary: how many events wait and when the oldest happened."""
    buffer = EventBuffer(store)
    assert buffer.summary() == (0, None)
    seqs = buffer.append([event(200.0), event(100.5), event(300.0)])
    assert buffer.summary() == (3, 100.5)
    buffer.discard(seqs[1:2])
    assert buffer.summary() == (2, 200.0)
