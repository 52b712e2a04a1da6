"""The store: create, read, update, history, delete tiers, export/import."""

from __future__ import annotations

from contextlib import closing
from datetime import UTC, datetime, timedelta
import io
import json
import logging
import sqlite3
import threading
from typing import TYPE_CHECKING

import pytest

from custom_components.home_memory.memory import store as store_module
from custom_components.home_memory.memory.common import malloc_trim
from custom_components.home_memory.memory.common.values import (
    Caller,
    CreateAction,
    CreateResult,
    MemoryFilter,
    MemoryKind,
    MemoryPatch,
    NewMemory,
    Source,
    Tier,
    Visibility,
    WeightClass,
)
from custom_components.home_memory.memory.search.retrieval import Retriever
from custom_components.home_memory.memory.storage import (
    candidates as candidates_module,
    connections as connections_module,
)
from custom_components.home_memory.memory.storage.schema import SCHEMA_VERSION
from custom_components.home_memory.memory.store import (
    DatabaseCorruptError,
    ImportFileError,
    InvalidMemoryError,
    MemoryChangedError,
    MemoryNotFoundError,
    MemoryStore,
    NothingToUndoError,
    VisibilityChangeForbiddenError,
    content_hash,
    summarize,
)

from .conftest import START, HashingEmbedder, ManualClock

if TYPE_CHECKING:
    from collections.abc import Sequence
    from pathlib import Path

    from custom_components.home_memory.memory.common.values import Memory

ALICE = Caller(user_id="alice")
BOB = Caller(user_id="bob")
ADMIN = Caller(user_id="admin", is_admin=True)
HOUSE = Caller()


def _new(content: str, **kwargs: object) -> NewMemory:
    return NewMemory(content=content, **kwargs)  # type: ignore[arg-type]


def test_create_and_get_round_trip(store: MemoryStore, clock: ManualClock) -> None:
    """A created memory reads back with every field and a version of 1."""
    result = store.create(
        _new(
            "Anna's birthday is on March 3rd",
            kind=MemoryKind.PERSON,
            importance=0.8,
            people=("Anna",),
            tags=("Birthday", "family"),
            owner="alice",
        ),
        ALICE,
    )
    assert result.action is CreateAction.CREATED
    memory = store.get(result.memory.id, ALICE)
    assert memory.content == "Anna's birthday is on March 3rd"
    assert memory.summary == memory.content
    assert memory.kind is MemoryKind.PERSON
    assert memory.weight_class is WeightClass.SIGNIFICANT
    assert memory.tags == ("birthday", "family")
    assert memory.people == ("Anna",)
    assert memory.tier is Tier.ACTIVE
    assert memory.created_at == datetime.fromtimestamp(clock.value, UTC)
    assert memory.embedding_model == HashingEmbedder.model_id
    assert memory.version == 1
    assert len(store.index) == 1


def test_default_classes_follow_kind_and_source(store: MemoryStore) -> None:
    """The default weight class follows the memory's kind and source."""
    pref = store.create(_new("I like jazz", kind=MemoryKind.PREFERENCE), HOUSE).memory
    seen = store.create(
        _new("The hallway light went on", source=Source.OBSERVED), HOUSE
    ).memory
    assert pref.weight_class is WeightClass.PREFERENCE
    assert seen.weight_class is WeightClass.OBSERVATION


@pytest.mark.parametrize(
    ("content", "field"),
    [
        ("", "content"),
        ("   ", "content"),
        ("a" * 100_000, "content"),
        ("nul \x00 byte", "content"),
    ],
)
def test_bad_content_is_rejected_and_writes_nothing(
    store: MemoryStore, content: str, field: str
) -> None:
    """Bad content is refused, naming the field, and writes nothing."""
    with pytest.raises(InvalidMemoryError) as err:
        store.create(_new(content), HOUSE)
    assert err.value.field == field
    assert store.list_memories(HOUSE).total == 0
    assert store.log_entries() == []


def test_bad_fields_are_rejected(store: MemoryStore) -> None:
    """Bad importance, owner, kind, tags or expiry are refused by name."""
    with pytest.raises(InvalidMemoryError, match="importance"):
        store.create(_new("x y", importance=1.5), HOUSE)
    with pytest.raises(InvalidMemoryError, match="importance"):
        store.create(_new("x y", importance="high"), HOUSE)
    with pytest.raises(InvalidMemoryError, match="owner"):
        store.create(_new("x y", visibility=Visibility.PRIVATE), HOUSE)
    with pytest.raises(InvalidMemoryError, match="kind"):
        store.create(_new("x y", kind="recipe"), HOUSE)
    with pytest.raises(InvalidMemoryError, match="tags"):
        store.create(_new("x y", tags=tuple(str(i) for i in range(60))), HOUSE)
    with pytest.raises(InvalidMemoryError, match="timezone"):
        store.create(_new("x y", expires_at=datetime(2030, 1, 1)), HOUSE)


def test_create_many_is_all_or_nothing(store: MemoryStore) -> None:
    """One bad memory in a batch stores none of the batch."""
    with pytest.raises(InvalidMemoryError):
        store.create_many([_new("first fine memory"), _new("")], HOUSE)
    assert store.list_memories(HOUSE).total == 0


def test_caller_bookkeeping_commits_with_the_memories(store: MemoryStore) -> None:
    """The caller's bookkeeping commits in the same transaction as the memories."""
    with store.transaction() as conn:
        conn.execute(
            "INSERT INTO observed_events (at, entity_id, domain, name, new_state)"
            " VALUES (1, 'light.hall', 'light', 'Hall', 'on')"
        )

    def consume(conn: sqlite3.Connection, results: list[CreateResult]) -> None:
        assert [r.action for r in results] == [CreateAction.CREATED]
        conn.execute("DELETE FROM observed_events")

    store.create_many([_new("The hall light came on")], HOUSE, in_transaction=consume)
    with store.read() as conn:
        assert conn.execute("SELECT count(*) FROM observed_events").fetchone()[0] == 0


def test_failing_bookkeeping_rolls_the_memories_back(store: MemoryStore) -> None:
    """Failing bookkeeping rolls back the memories and their vectors."""

    def fail(conn: sqlite3.Connection, results: list[CreateResult]) -> None:
        conn.execute("DELETE FROM observed_events")
        raise RuntimeError("bookkeeping failed")

    with pytest.raises(RuntimeError):
        store.create_many([_new("The hall light came on")], HOUSE, in_transaction=fail)
    assert store.list_memories(HOUSE).total == 0
    assert len(store.index) == 0


def test_duplicate_is_reinforced_not_stored_twice(store: MemoryStore) -> None:
    """A duplicate reinforces the existing memory instead of storing a second."""
    first = store.create(_new("The wifi password is hunter2"), ALICE)
    second = store.create(_new("The wifi password is hunter2", tags=("wifi",)), ALICE)
    assert second.action is CreateAction.REINFORCED
    assert second.memory.id == first.memory.id
    assert second.memory.tags == ("wifi",)
    assert second.memory.access_count == 1
    assert store.list_memories(HOUSE).total == 1


def test_a_longer_restatement_updates_the_memory_to_the_newest_text(
    store: MemoryStore,
) -> None:
    """A statement that adds to a memory replaces its text; the old is version 1."""
    first = store.create(_new("The spare key is under the big flower pot"), ALICE)
    updated = store.create(
        _new("The spare key is under the big flower pot by the gate"), ALICE
    )
    assert updated.action is CreateAction.UPDATED
    assert updated.similarity is not None
    assert updated.memory.id == first.memory.id
    assert updated.memory.content.endswith("by the gate")
    assert updated.previous == first.memory.content
    assert updated.memory.version == 2


def test_a_changed_number_corrects_the_memory_and_keeps_the_old_in_history(
    store: MemoryStore,
) -> None:
    """The door code 1234 -> 5678 is one memory saying 5678, with 1234 undoable."""
    first = store.create(_new("The door code is 1234 for the shed"), HOUSE)
    second = store.create(_new("The door code is 5678 for the shed"), HOUSE)
    assert second.action is CreateAction.UPDATED
    assert second.memory.id == first.memory.id
    assert second.memory.content == "The door code is 5678 for the shed"
    assert second.previous == "The door code is 1234 for the shed"
    assert store.list_memories(HOUSE).total == 1
    assert store.history(first.memory.id, HOUSE)[0]["content"] == (
        "The door code is 1234 for the shed"
    )
    assert store.undo(first.memory.id, HOUSE).content == (
        "The door code is 1234 for the shed"
    )


def test_a_correction_takes_the_new_statements_expiry_and_fields(
    store: MemoryStore, clock: ManualClock
) -> None:
    """A correction's own expiry, kind, class, location, emotion replace the old."""
    soon = datetime.fromtimestamp(clock.value, UTC) + timedelta(hours=1)
    first = store.create(
        _new(
            "The parking spot is level 3",
            expires_at=soon,
            kind=MemoryKind.EVENT,
            weight_class=WeightClass.TRANSIENT,
            location="garage",
            emotion="annoyed",
            tags=("parking",),
            importance=0.9,
        ),
        HOUSE,
    )
    second = store.create(_new("The parking spot is level 5"), HOUSE)
    assert second.action is CreateAction.UPDATED
    assert second.memory.id == first.memory.id
    corrected = second.memory
    assert corrected.expires_at is None  # the newest statement never expires
    assert corrected.kind is MemoryKind.FACT
    assert corrected.weight_class is WeightClass.SIGNIFICANT
    assert corrected.location is None
    assert corrected.emotion is None
    # Labels and importance describe the subject: they accumulate.
    assert corrected.tags == ("parking",)
    assert corrected.importance == 0.9
    clock.advance(seconds=2 * 3600)
    assert [m.content for m in store.list_memories(HOUSE).items] == [
        "The parking spot is level 5"
    ]
    later = datetime.fromtimestamp(clock.value, UTC) + timedelta(minutes=30)
    third = store.create(
        _new("The parking spot is level 7", expires_at=later, location="mall"), HOUSE
    )
    assert third.action is CreateAction.UPDATED
    assert third.memory.expires_at == later
    assert third.memory.location == "mall"
    # Undo brings back the previous statement with its own fields.
    undone = store.undo(first.memory.id, HOUSE)
    assert undone.content == "The parking spot is level 5"
    assert undone.expires_at is None
    assert undone.location is None


def test_a_repeat_never_lets_a_memory_lapse_before_its_newest_telling(
    store: MemoryStore, clock: ManualClock
) -> None:
    """A repeat keeps the later expiry; told again without one, it never lapses."""
    now = datetime.fromtimestamp(clock.value, UTC)
    first = store.create(
        _new("The parking spot is level 3", expires_at=now + timedelta(hours=1)),
        HOUSE,
    )
    sooner = store.create(
        _new("The parking spot is level 3", expires_at=now + timedelta(minutes=5)),
        HOUSE,
    )
    assert sooner.action is CreateAction.REINFORCED
    assert sooner.memory.expires_at == now + timedelta(hours=1)
    later = store.create(
        _new("The parking spot is level 3", expires_at=now + timedelta(hours=3)),
        HOUSE,
    )
    assert later.memory.expires_at == now + timedelta(hours=3)
    forever = store.create(_new("The parking spot is level 3"), HOUSE)
    assert forever.action is CreateAction.REINFORCED
    assert forever.memory.id == first.memory.id
    assert forever.memory.expires_at is None
    again = store.create(
        _new("The parking spot is level 3", expires_at=now + timedelta(hours=1)),
        HOUSE,
    )
    assert again.memory.expires_at is None


def test_other_owners_memories_never_crowd_out_the_one_a_statement_corrects(
    store: MemoryStore,
) -> None:
    """Many owners' nearer household memories do not hide Anna's own to correct."""
    for number in range(10):
        user = f"user{number}"
        store.create(
            _new("The spare key is under the red flower pot", owner=user),
            Caller(user_id=user),
        )
    store.create(_new("The spare key is under the red flower pot"), HOUSE)
    blue = store.create(
        _new("The spare key is under the blue flower pot", owner="anna"),
        Caller(user_id="anna"),
    )
    red = store.create(
        _new("The spare key is under the red flower pot", owner="anna"),
        Caller(user_id="anna"),
    )
    assert red.action is CreateAction.UPDATED
    assert red.memory.id == blue.memory.id
    assert red.previous == "The spare key is under the blue flower pot"


def test_keyword_only_mode_folds_exact_repeats_and_keeps_corrections_apart(
    tmp_path: Path, clock: ManualClock
) -> None:
    """Without a model only the same text is a repeat (as the README says)."""
    plain = MemoryStore(tmp_path / "plain.db", clock=clock)
    try:
        blue = plain.create(_new("The spare key is under the blue flower pot"), HOUSE)
        again = plain.create(_new("The spare key is under the blue flower pot"), HOUSE)
        red = plain.create(_new("The spare key is under the red flower pot"), HOUSE)
        assert again.action is CreateAction.REINFORCED
        assert again.memory.id == blue.memory.id
        assert red.action is CreateAction.CREATED
        assert plain.list_memories(HOUSE).total == 2
    finally:
        plain.close()


def test_rows_not_yet_indexed_are_matched_by_owner_too(store: MemoryStore) -> None:
    """In one batch (rows the index has not learnt), only the same owner folds."""
    results = store.create_many(
        [
            _new("The spare key is under the blue flower pot", owner="anna"),
            _new("The spare key is under the red flower pot", owner="ben"),
            _new("The spare key is under the red flower pot", owner="anna"),
        ],
        HOUSE,
    )
    assert [r.action for r in results] == [
        CreateAction.CREATED,
        CreateAction.CREATED,
        CreateAction.UPDATED,
    ]
    assert results[2].memory.id == results[0].memory.id
    assert results[2].memory.owner == "anna"


def test_duplicates_of_other_owners_are_kept_apart(store: MemoryStore) -> None:
    """Duplicates of other owners or visibility are stored separately."""
    store.create(_new("I take the bus to work", owner="alice"), ALICE)
    other = store.create(_new("I take the bus to work", owner="bob"), BOB)
    private = store.create(
        _new("I take the bus to work", owner="alice", visibility=Visibility.PRIVATE),
        ALICE,
    )
    assert other.action is CreateAction.CREATED
    assert private.action is CreateAction.CREATED
    assert (
        store.list_memories(ADMIN, MemoryFilter()).total == 2
    )  # admin cannot see alice's private


def test_private_memories_are_invisible_to_others(store: MemoryStore) -> None:
    """A private memory cannot be read, listed, changed or deleted by others."""
    secret = store.create(
        _new("My surprise party plan", owner="alice", visibility=Visibility.PRIVATE),
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


def test_log_rows_of_a_private_period_stay_private_after_it_turns_household(
    store: MemoryStore,
) -> None:
    """Made household later, a memory's private-period log rows stay its owner's."""
    secret = store.create(
        _new("My surprise party plan", owner="alice", visibility=Visibility.PRIVATE),
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


def test_update_is_partial_reembeds_and_keeps_history(
    store: MemoryStore, hashing_embedder: HashingEmbedder, clock: ManualClock
) -> None:
    """An update changes only the given fields, re-embeds new text, keeps history."""
    memory = store.create(_new("The car is a blue Volvo", tags=("car",)), HOUSE).memory
    calls = hashing_embedder.calls
    clock.advance(seconds=60)
    updated = store.update(memory.id, MemoryPatch(importance=0.9), HOUSE)
    assert updated.importance == 0.9
    assert updated.content == memory.content
    assert hashing_embedder.calls == calls  # no text change, no embedding
    updated = store.update(
        memory.id, MemoryPatch(content="The car is a red Tesla"), HOUSE
    )
    assert hashing_embedder.calls == calls + 1
    assert updated.content == "The car is a red Tesla"
    assert updated.tags == ("car",)
    assert updated.version == 3
    assert updated.updated_at > memory.updated_at
    history = store.history(memory.id, HOUSE)
    assert [h["version"] for h in history] == [2, 1]
    assert history[1]["content"] == "The car is a blue Volvo"
    # The new text is found, the old one is not.
    assert store.candidates.keyword_candidates("Tesla", HOUSE, MemoryFilter(), 5)
    assert not store.candidates.keyword_candidates("Volvo", HOUSE, MemoryFilter(), 5)


def test_undo_walks_back_through_versions(store: MemoryStore) -> None:
    """Undo walks back through earlier versions, and the search index follows."""
    memory = store.create(_new("Dinner is at six"), HOUSE).memory
    store.update(memory.id, MemoryPatch(content="Dinner is at seven"), HOUSE)
    store.update(
        memory.id, MemoryPatch(content="Dinner is at eight", tags=("food",)), HOUSE
    )
    once = store.undo(memory.id, HOUSE)
    assert once.content == "Dinner is at seven"
    assert once.tags == ()
    twice = store.undo(memory.id, HOUSE)
    assert twice.content == "Dinner is at six"
    assert store.candidates.keyword_candidates("six", HOUSE, MemoryFilter(), 5)
    assert not store.candidates.keyword_candidates("eight", HOUSE, MemoryFilter(), 5)
    with pytest.raises(NothingToUndoError):
        store.undo(memory.id, HOUSE)


def test_a_private_earlier_version_shows_only_to_its_owner(
    store: MemoryStore,
) -> None:
    """History rows that were private reach the owner alone, never another."""
    memory = store.create(
        _new(
            "The router admin password is hunter2",
            owner="alice",
            visibility=Visibility.PRIVATE,
        ),
        ALICE,
    ).memory
    store.update(
        memory.id,
        MemoryPatch(
            content="The router admin password is on the sticker",
            visibility=Visibility.HOUSEHOLD,
        ),
        ALICE,
    )
    store.update(memory.id, MemoryPatch(tags=("router",)), ALICE)
    own = store.history(memory.id, ALICE)
    assert [h["version"] for h in own] == [2, 1]
    assert own[1]["content"] == "The router admin password is hunter2"
    for other in (BOB, ADMIN, HOUSE):
        rows = store.history(memory.id, other)
        assert [h["version"] for h in rows] == [2], other
        assert "hunter2" not in json.dumps(rows, default=str)


def test_only_the_owner_changes_who_sees_a_memory(store: MemoryStore) -> None:
    """Another person, even an admin, cannot make someone's memory private."""
    memory = store.create(
        _new("The spare key is under the mat", owner="alice"), ALICE
    ).memory
    for other in (BOB, ADMIN, HOUSE):
        with pytest.raises(VisibilityChangeForbiddenError):
            store.update(memory.id, MemoryPatch(visibility=Visibility.PRIVATE), other)
    assert store.get(memory.id, BOB).visibility is Visibility.HOUSEHOLD
    # Other fields (and naming the current visibility) stay open to everyone.
    store.update(
        memory.id,
        MemoryPatch(importance=0.9, visibility=Visibility.HOUSEHOLD),
        BOB,
    )
    made = store.update(memory.id, MemoryPatch(visibility=Visibility.PRIVATE), ALICE)
    assert made.visibility is Visibility.PRIVATE
    # Nobody's memory stays household: private needs an owner.
    nobody = store.create(_new("The bins go out on Monday"), HOUSE).memory
    with pytest.raises(InvalidMemoryError):
        store.update(nobody.id, MemoryPatch(visibility=Visibility.PRIVATE), ADMIN)


def test_undo_does_not_bring_a_private_version_back_for_another(
    store: MemoryStore,
) -> None:
    """Undo restores visibility too, so only the owner may undo across it."""
    memory = store.create(
        _new("The safe code is 4711", owner="alice", visibility=Visibility.PRIVATE),
        ALICE,
    ).memory
    store.update(
        memory.id,
        MemoryPatch(
            content="The safe code is in the folder", visibility=Visibility.HOUSEHOLD
        ),
        ALICE,
    )
    with pytest.raises(VisibilityChangeForbiddenError):
        store.undo(memory.id, BOB)
    assert store.get(memory.id, BOB).content == "The safe code is in the folder"
    assert store.undo(memory.id, ALICE).content == "The safe code is 4711"


def test_update_rejects_empty_and_bad_patches(store: MemoryStore) -> None:
    """Empty or bad patches and unknown ids are refused without a new version."""
    memory = store.create(_new("Milk is in the fridge"), HOUSE).memory
    with pytest.raises(InvalidMemoryError):
        store.update(memory.id, MemoryPatch(), HOUSE)
    with pytest.raises(InvalidMemoryError):
        store.update(memory.id, MemoryPatch(content=""), HOUSE)
    with pytest.raises(InvalidMemoryError):
        store.update(memory.id, MemoryPatch(visibility=Visibility.PRIVATE), HOUSE)
    with pytest.raises(MemoryNotFoundError):
        store.update("nope", MemoryPatch(content="x"), HOUSE)
    assert store.get(memory.id, HOUSE).version == 1


def test_soft_delete_restore_and_purge(store: MemoryStore) -> None:
    """Forget hides a memory, restore brings it back, purge removes it for good."""
    keep = store.create(_new("Keys are in the bowl"), HOUSE).memory
    gone = store.create(_new("Parcel arrives Tuesday", tags=("parcel",)), HOUSE).memory
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
    shown = store.create(_new("The spare key is under the blue pot"), HOUSE).memory
    other = store.create(_new("Milk is in the fridge"), HOUSE).memory
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
            _new(text, tags=("todo",) if text.startswith("Buy") else ()), HOUSE
        )
    assert len(store.soft_delete(HOUSE, tags=["TODO"])) == 2
    assert store.list_memories(HOUSE).total == 1
    with pytest.raises(InvalidMemoryError):
        store.soft_delete(HOUSE)


def test_list_filters_and_paging(store: MemoryStore, clock: ManualClock) -> None:
    """Listing filters by kind, people, tags, dates and importance, and pages."""
    words = ["apple", "bread", "cheese", "dates", "eggs", "flour", "grapes"]
    for i, word in enumerate(words):
        store.create(
            _new(
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


def test_expired_memories_stop_being_returned_at_once(
    store: MemoryStore, clock: ManualClock
) -> None:
    """An expired memory leaves search at once, before any maintenance runs."""
    soon = datetime.fromtimestamp(clock.value, UTC) + timedelta(hours=1)
    memory = store.create(
        _new("The guest wifi code is 4411", expires_at=soon), HOUSE
    ).memory
    query = store.embed_query("guest wifi code")
    assert query is not None
    assert store.candidates.vector_candidates(query, HOUSE, MemoryFilter(), 5)
    assert store.candidates.keyword_candidates("wifi", HOUSE, MemoryFilter(), 5)
    clock.advance(seconds=3601)
    assert store.candidates.vector_candidates(query, HOUSE, MemoryFilter(), 5) == []
    assert store.candidates.keyword_candidates("wifi", HOUSE, MemoryFilter(), 5) == []
    assert store.list_memories(HOUSE).total == 0
    assert (
        store.list_memories(HOUSE, MemoryFilter(include_expired=True)).items[0].id
        == memory.id
    )


def test_operation_log_holds_hashes_not_text(store: MemoryStore) -> None:
    """The operation log holds content hashes, never the memory text."""
    memory = store.create(_new("My bank PIN is 9999"), ALICE).memory
    store.update(memory.id, MemoryPatch(tags=("bank",)), ALICE)
    store.soft_delete(ALICE, ids=[memory.id])
    operations = [e.operation for e in store.log_entries(memory_id=memory.id)]
    assert operations == ["delete", "update", "create"]
    with closing(sqlite3.connect(store.path)) as conn:
        raw = conn.execute("SELECT * FROM operation_log").fetchall()
    assert "9999" not in repr(raw)
    assert store.log_entries(content_hash_of="My bank PIN is 9999")


def test_export_import_round_trip_is_exact_and_idempotent(
    store: MemoryStore, tmp_path: Path, clock: ManualClock
) -> None:
    """Export then import restores every field, and importing twice adds nothing."""
    store.create(
        _new(
            "Grandma visits at Easter 🐣",
            kind=MemoryKind.EVENT,
            people=("Grandma",),
            tags=("family",),
            expires_at=datetime(2031, 4, 1, tzinfo=UTC),
            segment_start=datetime(2025, 1, 1, 8, tzinfo=UTC),
        ),
        HOUSE,
    )
    gone = store.create(_new("שלום — RTL text stays intact"), HOUSE).memory
    store.soft_delete(HOUSE, ids=[gone.id])
    store.create(
        _new("Alice's private note", owner="alice", visibility=Visibility.PRIVATE),
        ALICE,
    )
    first = io.StringIO()
    assert store.export_jsonl(first, ALICE) == 3

    copy = MemoryStore(tmp_path / "copy.db", embedder=HashingEmbedder(), clock=clock)
    try:
        # A restore: an admin keeps the owners the file names.
        restorer = Caller(user_id="alice", is_admin=True)
        lines = first.getvalue().splitlines()
        stats = copy.import_jsonl(lines, restorer, keep_owners=True)
        assert (stats.imported, stats.skipped) == (3, 0)
        again = copy.import_jsonl(lines, restorer, keep_owners=True)
        assert (again.imported, again.skipped) == (0, 3)
        second = io.StringIO()
        copy.export_jsonl(second, ALICE)
        assert second.getvalue() == first.getvalue()
        assert copy.get(gone.id, ADMIN).tier is Tier.DELETED
        assert len(copy.index) == 2
    finally:
        copy.close()


def test_import_rejects_bad_files_whole(store: MemoryStore) -> None:
    """A file with bad lines is refused whole, naming them, and imports nothing."""
    good = json.dumps({"id": "abc", "content": "fine"})
    with pytest.raises(ImportFileError) as err:
        store.import_jsonl(
            [good, "not json", json.dumps({"id": "x", "content": ""}), "[1]"], HOUSE
        )
    assert [e.split(":")[0] for e in err.value.errors] == ["line 2", "line 4"] or len(
        err.value.errors
    ) >= 2
    assert store.list_memories(HOUSE).total == 0


def test_corrupt_file_raises_a_clear_error(tmp_path: Path) -> None:
    """A file that is not a database raises DatabaseCorruptError."""
    path = tmp_path / "memory.db"
    path.write_bytes(b"this is not a database" * 100)
    with pytest.raises(DatabaseCorruptError):
        MemoryStore(path)


def test_opening_gives_freed_memory_back(
    tmp_path: Path, clock: ManualClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Once the rows are loaded, the store returns freed heap pages to the system."""
    calls: list[int] = []
    monkeypatch.setattr(malloc_trim, "_MALLOC_TRIM", calls.append)
    store = MemoryStore(tmp_path / "memory.db", embedder=HashingEmbedder(), clock=clock)
    try:
        assert calls == [0]
    finally:
        store.close()


def test_reopen_rebuilds_the_index_from_the_file(
    tmp_path: Path, clock: ManualClock
) -> None:
    """Reopening rebuilds the vector index from the file, without deleted rows."""
    path = tmp_path / "memory.db"
    first = MemoryStore(path, embedder=HashingEmbedder(), clock=clock)
    kept = first.create(_new("The boiler was serviced in May"), HOUSE).memory
    gone = first.create(_new("Old note about nothing"), HOUSE).memory
    first.soft_delete(HOUSE, ids=[gone.id])
    first.close()
    first.close()  # idempotent
    second = MemoryStore(path, embedder=HashingEmbedder(), clock=clock)
    try:
        assert len(second.index) == 1
        query = second.embed_query("boiler serviced")
        assert query is not None
        [(rowid, _)] = second.candidates.vector_candidates(
            query, HOUSE, MemoryFilter(), 1
        )
        assert second.fetch([rowid])[rowid].id == kept.id
    finally:
        second.close()


def test_keyword_only_mode_and_backfill(tmp_path: Path, clock: ManualClock) -> None:
    """Without a model the store searches by keyword and embeds later."""
    path = tmp_path / "memory.db"
    plain = MemoryStore(path, clock=clock)
    memory = plain.create(_new("The spare key is under the blue pot"), HOUSE).memory
    assert plain.backends()["retrieval_mode"] == "keyword-only"
    assert memory.embedding_model is None
    assert plain.candidates.keyword_candidates("spare key", HOUSE, MemoryFilter(), 5)
    embedder = HashingEmbedder()
    plain.set_embedder(embedder)
    assert plain.pending_embeddings() == 1
    assert plain.reembed_batch() == 1
    assert plain.pending_embeddings() == 0
    assert plain.get(memory.id, HOUSE).embedding_model == embedder.model_id
    assert len(plain.index) == 1
    plain.close()


def test_model_change_reembeds_in_background_while_search_works(
    tmp_path: Path, clock: ManualClock
) -> None:
    """A model change re-embeds in batches while keyword search keeps working."""

    class NewModel(HashingEmbedder):
        model_id = "test-hashing-v2"

    store = MemoryStore(tmp_path / "m.db", embedder=HashingEmbedder(), clock=clock)
    try:
        store.create_many(
            [_new(f"Memory about topic{i} and the garden") for i in range(40)], HOUSE
        )
        store.set_embedder(NewModel())
        assert store.pending_embeddings() == 40
        assert len(store.index) == 0
        # Meanwhile search still answers (keyword candidates, partial vectors).
        retriever = Retriever(store)
        assert (
            retriever.search("topic7", HOUSE)
            .items[0]
            .memory.content.startswith("Memory about topic7 ")
        )
        assert store.reembed_batch(10) == 10
        assert store.pending_embeddings() == 30
        assert len(store.index) == 10
        store.start_background_reembed()
        assert store.wait_for_reembed(timeout=60)
        assert store.pending_embeddings() == 0
        assert len(store.index) == 40
        assert {
            m.embedding_model for m in store.list_memories(HOUSE, limit=100).items
        } == {"test-hashing-v2"}
    finally:
        store.close()


def test_summarize_cuts_long_text_at_a_sentence_or_word() -> None:
    """A summary ends at the first sentence, or at a word with an ellipsis."""
    assert summarize("short") == "short"
    long_text = "The first sentence is here. " + "word " * 60
    assert summarize(long_text) == "The first sentence is here."
    no_stop = "word " * 60
    cut = summarize(no_stop)
    assert cut.endswith("…")
    assert len(cut) <= 120


def test_counts_and_status(store: MemoryStore) -> None:
    """The store reports counts by tier and kind, schema version, size and mode."""
    store.create(_new("one fact"), HOUSE)
    store.create(_new("a preference", kind=MemoryKind.PREFERENCE), HOUSE)
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
        store.create(_new(f"Note {number} " + "about the garden " * 50), HOUSE)
    files = [store.path.with_name(store.path.name + s) for s in ("", "-wal", "-shm")]
    assert all(path.exists() for path in files)
    assert store.database_size() == sum(path.stat().st_size for path in files)


def test_newest_created_at_keeps_to_active_memories_of_the_visibility(
    store: MemoryStore, clock: ManualClock
) -> None:
    """The newest creation time counts only active memories of that visibility."""
    assert store.newest_created_at(Visibility.HOUSEHOLD) is None
    first = store.create(_new("the boiler was serviced"), HOUSE).memory
    clock.advance(seconds=60)
    store.create(
        _new("my diary entry", owner="alice", visibility=Visibility.PRIVATE), ALICE
    )
    clock.advance(seconds=60)
    later = store.create(_new("the gutters were cleaned"), HOUSE).memory
    store.soft_delete(ADMIN, ids=[later.id])
    assert store.newest_created_at(Visibility.HOUSEHOLD) == first.created_at.timestamp()
    assert store.newest_created_at(Visibility.PRIVATE) == START + 60


def test_filtered_vector_scan_is_the_same_with_and_without_sqlite_vec(
    tmp_path: Path, clock: ManualClock
) -> None:
    """A filtered vector scan gives the same results with or without sqlite-vec."""
    texts = [
        f"note {i} about the {w} in the {r}"
        for i, (w, r) in enumerate(
            (w, r)
            for w in ("kettle", "heater", "window", "plant", "lamp")
            for r in ("kitchen", "hall", "attic", "garage")
        )
    ]
    results = {}
    for use in (True, False):
        store = MemoryStore(
            tmp_path / f"{use}.db",
            embedder=HashingEmbedder(),
            clock=clock,
            use_sqlite_vec=use,
        )
        try:
            store.create_many(
                [
                    _new(t, tags=("even",) if i % 2 == 0 else ())
                    for i, t in enumerate(texts)
                ],
                HOUSE,
            )
            gone = store.list_memories(HOUSE, MemoryFilter(tags=("even",)), limit=3)
            store.soft_delete(HOUSE, ids=[m.id for m in gone.items])
            query = store.embed_query("lamp in the attic")
            assert query is not None
            active = store.candidates.vector_candidates(
                query, HOUSE, MemoryFilter(tags=("even",)), 5
            )
            deleted = store.candidates.vector_candidates(
                query, ADMIN, MemoryFilter(tiers=(Tier.DELETED,)), 5
            )
            expected = "sqlite-vec" if use else "numpy"
            assert store.backends()["filtered_vector_scan"] == expected
            results[use] = (
                [(store.fetch([r])[r].content, round(s, 5)) for r, s in active],
                [(store.fetch([r])[r].content, round(s, 5)) for r, s in deleted],
            )
        finally:
            store.close()
    assert results[True] == results[False]
    assert len(results[True][0]) == 5
    assert len(results[True][1]) == 3


def test_large_stores_leave_common_words_to_the_vectors(
    store: MemoryStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In large stores, words in too many rows are left to vector search."""
    monkeypatch.setattr(candidates_module, "_PRUNE_FROM_ROWS", 10)
    monkeypatch.setattr(candidates_module, "_KEYWORD_ROW_BUDGET", 5)
    store.create_many(
        [_new(f"the house note number{i}") for i in range(60)]
        + [_new(f"a garden note about roses{i}") for i in range(3)]
        + [_new("The house smells of lavender")],
        HOUSE,
    )
    everything = MemoryFilter()
    # "house" is in 61 memories: over the budget alone, pruned; "lavender" in
    # one: kept; "garden" (3) still fits beside "lavender", "note" (63) not.
    assert store.candidates.keyword_candidates("house", HOUSE, everything, 5) == []
    garden = store.candidates.keyword_candidates(
        "garden lavender note", HOUSE, everything, 9
    )
    assert len(garden) == 4
    [(rowid, _)] = store.candidates.keyword_candidates(
        "house lavender", HOUSE, everything, 5
    )
    assert store.fetch([rowid])[rowid].content == "The house smells of lavender"
    assert store.candidates.keyword_scores("house lavender", [rowid]).keys() == {rowid}
    assert store.candidates.keyword_scores("house", [rowid]) == {}


def test_closing_during_a_backup_leaves_the_main_file_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A reload or shutdown mid-backup must not rewrite the file being copied."""
    path = tmp_path / "memory.db"
    memory_store = MemoryStore(path, embedder=HashingEmbedder(), clock=ManualClock())
    memory_store.create(_new("The fuse box is in the cellar"), HOUSE)
    memory_store.pause_writes()
    main_file = path.read_bytes()
    # A writer held past the limit goes on into the WAL only.
    monkeypatch.setattr(connections_module, "WRITE_HOLD_LIMIT_S", 0.0)
    memory_store.create(_new("The spare fuses are in the kitchen drawer"), HOUSE)

    memory_store.close()

    assert path.read_bytes() == main_file
    # The WAL kept the write: the next open recovers it.
    reopened = MemoryStore(path, embedder=HashingEmbedder(), clock=ManualClock())
    try:
        assert reopened.counts()["tier"] == {"active": 2}
        with reopened.read() as conn:
            assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    finally:
        reopened.close()


def test_a_pause_the_backup_never_ends_resumes_by_itself(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """Without the post-backup hook, the first writer past the limit resumes."""
    monkeypatch.setattr(connections_module, "WRITE_PAUSE_LIMIT_S", 600.0)
    monotonic = ManualClock(0.0)
    memory_store = MemoryStore(
        tmp_path / "memory.db",
        embedder=HashingEmbedder(),
        clock=ManualClock(),
        monotonic=monotonic,
    )
    waits: list[float | None] = []

    def wait(timeout: float | None = None) -> bool:
        # Waiting takes the whole timeout: no resume_writes() comes.
        waits.append(timeout)
        monotonic.advance(seconds=timeout or 0)
        return False

    try:
        memory_store.pause_writes()
        memory_store.connections._writes_open.wait = wait  # type: ignore[method-assign]

        # Within the limit: a writer waits the hold, then goes on; still paused.
        memory_store.create(_new("The fuse box is in the cellar"), HOUSE)
        assert waits == [connections_module.WRITE_HOLD_LIMIT_S]
        assert memory_store.writes_paused

        # Near the limit a writer waits only until it, then resumes writes.
        monotonic.value = 590.0
        with caplog.at_level(logging.WARNING):
            memory_store.create(_new("The spare fuses are in the drawer"), HOUSE)
        assert waits[-1] == pytest.approx(10.0)
        assert not memory_store.writes_paused
        assert "held for a backup for more than 10 minutes" in caplog.text
        with memory_store.transaction() as conn:
            assert conn.execute("PRAGMA wal_autocheckpoint").fetchone()[0] == 1000

        # A later backup pauses afresh: its own limit counts from then.
        memory_store.pause_writes()
        memory_store.create(_new("The ladder is in the garage"), HOUSE)
        assert memory_store.writes_paused
        monotonic.advance(seconds=600)
        waits.clear()
        memory_store.create(_new("The hose is behind the shed"), HOUSE)
        assert waits == []  # past the limit on arrival: no wait at all
        assert not memory_store.writes_paused
        assert memory_store.counts()["tier"] == {"active": 4}
    finally:
        memory_store.close()


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


def test_close_while_the_reembed_thread_is_not_yet_started(
    store: MemoryStore,
) -> None:
    """A close racing the start of re-embedding neither raises nor waits."""
    # The moment between making the thread and starting it (another thread).
    store.reembedding._reembed_thread = threading.Thread(target=lambda: None)
    store.close()
    assert store.closed


def test_a_purge_for_a_tier_refuses_a_memory_that_left_it(store: MemoryStore) -> None:
    """hard_delete(tier=) names the first memory not in that tier and purges none."""
    first = store.create(_new("The blue vase broke"), HOUSE).memory
    second = store.create(_new("The red lamp flickers"), HOUSE).memory
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
        _new("Alice's spare PIN", owner="alice", visibility=Visibility.PRIVATE), ALICE
    ).memory
    shared = store.create(_new("The shed key is lost"), HOUSE).memory
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


def test_private_of_lists_only_that_person_s_private_memories(
    store: MemoryStore,
) -> None:
    """MemoryFilter.private_of keeps one person's private memories, in any tier."""
    mine = store.create(
        _new("Alice's diary", owner="alice", visibility=Visibility.PRIVATE), ALICE
    ).memory
    bobs = store.create(
        _new("Bob's diary", owner="bob", visibility=Visibility.PRIVATE), BOB
    ).memory
    shared = store.create(_new("The hall light is new"), HOUSE).memory
    store.soft_delete(ALICE, ids=[mine.id, shared.id])
    store.soft_delete(BOB, ids=[bobs.id])
    deleted = MemoryFilter(tiers=(Tier.DELETED,), private_of="alice")
    assert [m.id for m in store.list_memories(ALICE, deleted).items] == [mine.id]
    household = MemoryFilter(
        tiers=(Tier.DELETED,), private_of="alice", visibility=Visibility.HOUSEHOLD
    )
    assert store.list_memories(ALICE, household).total == 0
    # Bob's own memories are Bob's: private_of never widens what a caller sees.
    assert store.list_memories(BOB, deleted).total == 0
