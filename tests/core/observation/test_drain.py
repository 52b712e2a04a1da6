"""The drain: each observed memory keeps the events it was told from until purged."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from custom_components.home_memory.memory.common.errors import MemoryNotFoundError
from custom_components.home_memory.memory.common.values import (
    SYSTEM,
    Caller,
    MemoryPatch,
    NewMemory,
    Source,
    Tier,
    Visibility,
)
from custom_components.home_memory.memory.consolidation.consolidation import (
    Action,
    Candidate,
    Consolidator,
    Decision,
    TextRelation,
)
from custom_components.home_memory.memory.observation.drain import drain
from custom_components.home_memory.memory.observation.event_buffer import (
    KEPT_PER_MEMORY,
    EventBuffer,
    ObservedEvent,
)
from custom_components.home_memory.memory.observation.segmentation import DEFAULT_RULES
from custom_components.home_memory.memory.text.validation import MAX_LABELS
from custom_components.home_memory.memory.upkeep.merging import MemoryMerge

from .observation_factory import TZ, Events, local

if TYPE_CHECKING:
    import sqlite3

    from custom_components.home_memory.memory.common.values import CreateResult, Memory
    from custom_components.home_memory.memory.store import MemoryStore

ANNA = Caller("anna")
BEN = Caller("ben")


def told(store: MemoryStore, make: Events) -> Memory:
    """Buffer the made events and let the template narrator tell them."""
    buffer = EventBuffer(store)
    buffer.append(make.made)
    drained = drain(
        store,
        buffer,
        max(e.at for e in make.made) + 3600,
        TZ,
        DEFAULT_RULES,
        "Jarvis",
        force=True,
    )
    assert drained.error is None
    assert buffer.count() == 0
    (memory,) = drained.memories
    return memory


def evening(start_minute: int = 0) -> Events:
    """The front door opens, the hall light goes on: one segment of two changes."""
    make = Events()
    make.add(
        local(24, 18, start_minute, 10),
        "binary_sensor.front_door",
        "on",
        "off",
        name="Front door",
        area="Hall",
        device_class="door",
        person="Anna",
    )
    make.light(local(24, 18, start_minute + 1), "on", "light.hall", area="Hall")
    return make


def kept_rows(store: MemoryStore) -> int:
    """How many told events the file keeps, whoever they belong to."""
    with store.read() as conn:
        return int(conn.execute("SELECT count(*) FROM memory_events").fetchone()[0])


def with_events(
    store: MemoryStore, new: NewMemory, events: list[ObservedEvent]
) -> Memory:
    """Write `new` and move `events` to it, as the observer does."""
    seqs = EventBuffer(store).append(events)

    def consume(conn: sqlite3.Connection, results: list[CreateResult]) -> None:
        EventBuffer.consume(conn, seqs, results[0].memory.id)

    (result,) = store.create_many([new], SYSTEM, dedup=False, in_transaction=consume)
    return result.memory


def test_a_told_segment_s_events_stay_with_its_memory(store: MemoryStore) -> None:
    """Telling a segment moves its events to the memory, readable as recorded."""
    memory = told(store, evening())

    events = EventBuffer(store).told(memory, BEN)

    assert [e.source_id for e in events] == [
        s for s in memory.source_ids if s.startswith("event:")
    ]
    door, light = events
    assert (door.at, door.entity_id, door.name, door.area) == (
        local(24, 18, 0, 10),
        "binary_sensor.front_door",
        "Front door",
        "Hall",
    )
    assert (door.old_state, door.new_state, door.device_class, door.person) == (
        "off",
        "on",
        "door",
        "Anna",
    )
    # Kept for reading, not the rating nor who the user was.
    assert (door.user_id, door.importance) == (None, 0.0)
    assert (light.name, light.old_state, light.new_state) == ("Hall", "off", "on")


def test_events_dropped_without_a_memory_are_deleted(store: MemoryStore) -> None:
    """A lone trivial change is discarded from the buffer and kept nowhere."""
    make = Events()
    make.light(local(24, 9), "on")
    buffer = EventBuffer(store)
    buffer.append(make.made)

    drained = drain(store, buffer, local(24, 12), TZ, DEFAULT_RULES, "J", force=True)

    assert (drained.memories, drained.discarded) == ([], 1)
    assert buffer.count() == 0
    assert kept_rows(store) == 0


def test_at_most_kept_per_memory_events_stay_the_oldest(store: MemoryStore) -> None:
    """Over the cap, the oldest events stay with the memory and all leave the buffer."""
    assert DEFAULT_RULES.max_events <= KEPT_PER_MEMORY
    assert MAX_LABELS <= KEPT_PER_MEMORY
    many = [
        ObservedEvent(
            at=1000.0 - i,
            entity_id="light.hall",
            domain="light",
            name="Hall",
            new_state="on",
        )
        for i in range(KEPT_PER_MEMORY + 20)
    ]
    memory = with_events(
        store, NewMemory(content="A busy hall.", source=Source.OBSERVED), many
    )

    events = EventBuffer(store).told(memory, SYSTEM, limit=1000)

    assert [e.at for e in events] == [
        1000.0 - i for i in reversed(range(20, KEPT_PER_MEMORY + 20))
    ]
    assert EventBuffer(store).count() == 0
    assert kept_rows(store) == KEPT_PER_MEMORY


def test_a_whole_segment_is_kept(store: MemoryStore) -> None:
    """A segment of the most events a segment holds is kept whole."""
    make = Events()
    for i in range(DEFAULT_RULES.max_events):
        make.light(local(24, 18, i // 6, i % 6 * 10), "on" if i % 2 else "off")
    memory = told(store, make)

    assert len(EventBuffer(store).told(memory, SYSTEM)) == DEFAULT_RULES.max_events


def test_events_of_an_unknown_memory_roll_the_write_back(store: MemoryStore) -> None:
    """Moving events to a memory that is not there writes nothing and keeps them."""
    buffer = EventBuffer(store)
    seqs = buffer.append(evening().made)

    def consume(conn: sqlite3.Connection, _: list[CreateResult]) -> None:
        EventBuffer.consume(conn, seqs, "no-such-memory")

    with pytest.raises(MemoryNotFoundError):
        store.create_many(
            [NewMemory(content="x", source=Source.OBSERVED)],
            SYSTEM,
            in_transaction=consume,
        )
    assert store.list_memories(SYSTEM).total == 0
    assert buffer.count() == 2
    assert kept_rows(store) == 0


def test_forgetting_keeps_the_events_and_restoring_shows_them(
    store: MemoryStore,
) -> None:
    """A soft delete keeps the events; the restored memory still has them."""
    memory = told(store, evening())
    admin = Caller("root", is_admin=True)

    assert store.soft_delete(admin, ids=[memory.id]) == [memory.id]
    deleted = store.get(memory.id, admin)
    assert deleted.tier is Tier.DELETED
    assert len(EventBuffer(store).told(deleted, admin)) == 2

    assert store.restore(admin, ids=[memory.id]) == [memory.id]
    assert len(EventBuffer(store).told(store.get(memory.id, admin), ANNA)) == 2


def test_purging_a_memory_removes_its_events(store: MemoryStore) -> None:
    """A purge removes the memory's events with it (and no one else's)."""
    first = told(store, evening())
    second = told(store, evening(30))
    assert kept_rows(store) == 4

    store.hard_delete(SYSTEM, ids=[first.id])

    assert kept_rows(store) == 2
    assert len(EventBuffer(store).told(second, SYSTEM)) == 2


def test_a_survivor_reaches_the_events_of_what_it_absorbed(
    store: MemoryStore,
) -> None:
    """After a merge the survivor's provenance lists the absorbed memory's events,
    through a chain of merges, until the absorbed memory is purged."""
    observed = told(store, evening())
    later = told(store, evening(30))
    survivor = store.create(
        NewMemory(content="Anna comes home through the front door."), SYSTEM
    ).memory
    consolidator = Consolidator(store)

    def merge(action: Action, keep: Memory, absorb: Memory) -> None:
        decision = Decision(action, keep.id, (absorb.id,))
        candidate = Candidate((absorb, keep), 0.95, TextRelation.RESTATES, decision)
        assert len(consolidator.apply([(candidate, decision)]).removed_ids) == 1

    merge(Action.MERGE, later, observed)
    # A supersede names only what it replaced: the first merge is followed
    # through `later`'s own sources.
    merge(Action.SUPERSEDE, survivor, store.get(later.id, SYSTEM))
    survivor = store.get(survivor.id, SYSTEM)
    assert store.get(observed.id, SYSTEM).tier is Tier.DELETED

    seqs = [e.seq for e in EventBuffer(store).told(survivor, BEN)]
    assert len(seqs) == 4
    assert seqs == sorted(seqs)

    store.hard_delete(SYSTEM, ids=[observed.id])
    assert len(EventBuffer(store).told(survivor, BEN)) == 2


def test_only_memories_the_caller_may_see_are_followed(store: MemoryStore) -> None:
    """Events reached through another's private memory stay that person's."""
    private = with_events(
        store,
        NewMemory(
            content="Anna's door.",
            source=Source.OBSERVED,
            visibility=Visibility.PRIVATE,
            owner="anna",
        ),
        evening().made,
    )
    household = store.create(NewMemory(content="The front door."), SYSTEM).memory
    store.merge_memories(
        [
            MemoryMerge(
                survivor_id=household.id,
                absorbed_ids=(private.id,),
                expected_versions={household.id: 1, private.id: 1},
                patch=MemoryPatch(),
                source_ids=(f"memory:{private.id}",),
            )
        ],
        SYSTEM,
        deleted_by="test",
    )
    survivor = store.get(household.id, SYSTEM)

    assert EventBuffer(store).told(survivor, BEN) == []
    assert len(EventBuffer(store).told(survivor, ANNA)) == 2
