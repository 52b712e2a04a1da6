"""What the memory browser reads from the engine: pages by key,
edits of a version the person saw, log pages, export pages, the turns a
memory came from."""

from __future__ import annotations

import io
import json
from typing import TYPE_CHECKING

import pytest

from custom_components.home_memory.memory.common.errors import (
    InvalidMemoryError,
    MemoryChangedError,
)
from custom_components.home_memory.memory.common.values import (
    Caller,
    ListPosition,
    MemoryPatch,
    NewMemory,
    Visibility,
)
from custom_components.home_memory.memory.conversation.sessions import (
    ChatMessage,
    MessageRole,
    SessionRole,
    SessionStore,
)

if TYPE_CHECKING:
    from custom_components.home_memory.memory.store import MemoryStore

    from .conftest import ManualClock

ANNA = Caller("anna")
BEN = Caller("ben")


def _bulk(store: MemoryStore, clock: ManualClock, count: int, *, per_tick: int) -> None:
    """`count` memories, `per_tick` of them sharing each creation time."""
    made = 0
    while made < count:
        batch = [
            NewMemory(
                content=f"note {made + i} about item {made + i}",
                owner="anna" if (made + i) % 3 else "ben",
                visibility=Visibility.PRIVATE
                if (made + i) % 4 == 0
                else Visibility.HOUSEHOLD,
            )
            for i in range(min(per_tick, count - made))
        ]
        store.create_many(batch, ANNA, dedup=False)
        made += len(batch)
        clock.advance(seconds=1)


def test_pages_by_key_cover_every_visible_memory_once(
    store: MemoryStore, clock: ManualClock
) -> None:
    """Pages by key return each visible memory once, newest first, across ties."""
    _bulk(store, clock, 230, per_tick=7)
    expected = store.list_memories(BEN, limit=500).items
    seen: list[str] = []
    position: ListPosition | None = None
    first = True
    while True:
        page = store.list_memories(BEN, limit=20, after=position)
        assert page.total == (len(expected) if first else -1)
        first = False
        seen.extend(memory.id for memory in page.items)
        position = page.next_position
        if position is None:
            break
    assert seen == [memory.id for memory in expected]
    assert all(m.visible_to(BEN) for m in expected)
    assert len(seen) == len(set(seen))


def test_a_page_by_key_is_not_shifted_by_new_memories(
    store: MemoryStore, clock: ManualClock
) -> None:
    """Memories created after the first page shift no row of later pages."""
    _bulk(store, clock, 40, per_tick=3)
    before = store.list_memories(ANNA, limit=500).items
    first = store.list_memories(ANNA, limit=10)
    _bulk(store, clock, 5, per_tick=5)
    rest = store.list_memories(ANNA, limit=500, after=first.next_position)
    ids = [m.id for m in first.items] + [m.id for m in rest.items]
    assert ids == [m.id for m in before]
    assert len(store.list_memories(ANNA, limit=500).items) > len(before)


def test_paging_by_key_and_offset_together_is_refused(store: MemoryStore) -> None:
    """A page asked both by key and by offset is refused, not guessed."""
    with pytest.raises(InvalidMemoryError):
        store.list_memories(ANNA, offset=5, after=ListPosition(1.0, 1))


def test_an_edit_of_an_older_version_is_refused(store: MemoryStore) -> None:
    """An edit of the version a person saw fails once it changed; nothing written."""
    memory = store.create(NewMemory(content="the key is under the mat"), ANNA).memory
    store.update(memory.id, MemoryPatch(content="the key is in the shed"), ANNA)
    with pytest.raises(MemoryChangedError):
        store.update(
            memory.id,
            MemoryPatch(content="the key is with Ben", expected_version=memory.version),
            ANNA,
        )
    assert store.get(memory.id, ANNA).content == "the key is in the shed"
    again = store.update(
        memory.id,
        MemoryPatch(content="the key is with Ben", expected_version=memory.version + 1),
        ANNA,
    )
    assert again.content == "the key is with Ben"
    assert MemoryPatch(expected_version=3).is_empty()


def test_log_pages_follow_each_other(store: MemoryStore) -> None:
    """Log rows page by `seq`: the next page starts below the last row shown."""
    for number in range(7):
        store.create(NewMemory(content=f"fact number {number} is here"), ANNA)
    everything = store.log_entries(limit=100, caller=ANNA)
    first = store.log_entries(limit=4, caller=ANNA)
    rest = store.log_entries(limit=100, caller=ANNA, before=first[-1].seq)
    assert [e.seq for e in first + rest] == [e.seq for e in everything]
    assert [e.seq for e in everything] == sorted(
        (e.seq for e in everything), reverse=True
    )


def test_export_pages_hold_what_the_caller_may_see(
    store: MemoryStore, clock: ManualClock
) -> None:
    """Export pages hold the caller's visible memories once; the file agrees."""
    _bulk(store, clock, 25, per_tick=25)
    deleted = store.list_memories(BEN, limit=1).items[0]
    store.soft_delete(BEN, ids=[deleted.id])
    lines: list[str] = []
    after: int | None = 0
    while after is not None:
        page, after = store.export_page(BEN, after=after, limit=4, all_tiers=False)
        lines.extend(page)
    ids = [json.loads(line)["id"] for line in lines]
    visible = store.list_memories(BEN, limit=500).items
    assert sorted(ids) == sorted(m.id for m in visible)
    assert deleted.id not in ids
    assert all(
        json.loads(line)["visibility"] == "household"
        or json.loads(line)["owner"] == "ben"
        for line in lines
    )
    out = io.StringIO()
    assert store.export_jsonl(out, BEN, all_tiers=False) == len(lines)
    assert out.getvalue().splitlines() == sorted(
        lines, key=lambda line: ids.index(json.loads(line)["id"])
    )
    with_deleted, _ = store.export_page(BEN, limit=100, all_tiers=True)
    assert deleted.id in {json.loads(line)["id"] for line in with_deleted}


def test_conversation_turns_are_the_readers_own_or_nobodys(
    store: MemoryStore,
) -> None:
    """Turns are shown to their speaker (all: unknown speaker), never to another."""
    sessions = SessionStore(store)
    sessions.record(
        conversation_id="conv-1",
        owner="anna",
        role=SessionRole.USER,
        messages=[
            ChatMessage(MessageRole.USER, "remember the bins go out on monday", 10.0),
            ChatMessage(MessageRole.ASSISTANT, "I will remember that", 11.0),
        ],
    )
    sessions.record(
        conversation_id="conv-1",
        owner=None,
        role=SessionRole.USER,
        messages=[ChatMessage(MessageRole.USER, "what time is it", 12.0)],
    )
    anna = [m.content for m in sessions.conversation_messages("conv-1", "anna")]
    ben = [m.content for m in sessions.conversation_messages("conv-1", "ben")]
    assert anna == [
        "remember the bins go out on monday",
        "I will remember that",
        "what time is it",
    ]
    assert ben == ["what time is it"]


def test_an_update_can_empty_location_and_emotion(store: MemoryStore) -> None:
    """Fields named in `cleared` become empty; such a patch is not empty."""
    memory = store.create(
        NewMemory(content="the cat sleeps upstairs", location="bedroom"), ANNA
    ).memory
    patch = MemoryPatch(cleared=frozenset({"location"}))
    assert not patch.is_empty()
    cleared = store.update(memory.id, patch, ANNA)
    assert cleared.location is None
    assert store.history(memory.id, ANNA)[0]["location"] == "bedroom"


def test_a_proposal_confirmed_with_edits_is_one_transaction(store: MemoryStore) -> None:
    """An edited proposal is stored as edited; a refused edit confirms nothing."""
    from custom_components.home_memory.memory.common.errors import InvalidMemoryError
    from custom_components.home_memory.memory.common.values import MemoryKind
    from custom_components.home_memory.memory.conversation.extraction import (
        ProposalDraft,
        ProposalStore,
    )

    proposals = ProposalStore(store)
    mine, theirs = (
        proposals.add(
            [ProposalDraft(text, f"{text}.", MemoryKind.FACT, ())],
            owner=owner,
            session_id=None,
            conversation_id=None,
        )[0]
        for text, owner in (("Anna likes tea", "anna"), ("The house likes jazz", None))
    )
    edited = proposals.confirm(
        [mine.id], ANNA, edits={mine.id: MemoryPatch(content="Anna likes green tea")}
    )
    memory = edited[0][1].memory
    assert memory.content == "Anna likes green tea"
    assert memory.summary != "Anna likes tea"
    with pytest.raises(InvalidMemoryError):
        # A refused edit confirms nothing.
        proposals.confirm(
            [theirs.id], ANNA, edits={theirs.id: MemoryPatch(content="...")}
        )
    with pytest.raises(InvalidMemoryError):
        # Without a user, a household proposal has nobody to be private to.
        proposals.confirm(
            [theirs.id],
            Caller(),
            edits={theirs.id: MemoryPatch(visibility=Visibility.PRIVATE)},
        )
    assert [p.id for p in proposals.pending(ANNA)] == [theirs.id]
    # Kept private by the person confirming it, it is theirs.
    [(_, kept)] = proposals.confirm(
        [theirs.id], ANNA, edits={theirs.id: MemoryPatch(visibility=Visibility.PRIVATE)}
    )
    assert (kept.memory.owner, kept.memory.visibility) == ("anna", Visibility.PRIVATE)


def test_people_are_offered_as_the_memories_spell_them(store: MemoryStore) -> None:
    """One choice per name, spelled as most memories the caller may see spell it."""
    for people, owner, visibility in [
        (("Zedekiah",), "anna", Visibility.HOUSEHOLD),
        (("Zedekiah", "Ben"), "anna", Visibility.HOUSEHOLD),
        (("zedekiah",), "anna", Visibility.HOUSEHOLD),
        (("ZEDEKIAH",), "ben", Visibility.PRIVATE),
        (("ZEDEKIAH",), "ben", Visibility.PRIVATE),
        (("ZEDEKIAH",), "ben", Visibility.PRIVATE),
    ]:
        store.create_many(
            [
                NewMemory(
                    content=f"{people[0]} note {len(people)}",
                    people=people,
                    owner=owner,
                    visibility=visibility,
                )
            ],
            Caller(owner),
            dedup=False,
        )
    assert store.people_labels(ANNA) == ["Zedekiah", "Ben"]
    # Ben's private spelling counts for Ben only.
    assert store.people_labels(BEN) == ["ZEDEKIAH", "Ben"]
