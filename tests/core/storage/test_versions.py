"""Update, history and undo, and who may change who sees a memory."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import pytest

from custom_components.home_memory.memory.common.config import EngineConfig
from custom_components.home_memory.memory.common.values import (
    MemoryFilter,
    MemoryPatch,
    Visibility,
)
from custom_components.home_memory.memory.store import (
    InvalidMemoryError,
    MemoryNotFoundError,
    MemoryStore,
    NothingToUndoError,
    VisibilityChangeForbiddenError,
)

from ..conftest import (
    ADMIN,
    ALICE,
    BOB,
    HOUSE,
    HashingEmbedder,
    ManualClock,
    new_memory,
)

if TYPE_CHECKING:
    from pathlib import Path


def test_update_is_partial_reembeds_and_keeps_history(
    store: MemoryStore, hashing_embedder: HashingEmbedder, clock: ManualClock
) -> None:
    """An update changes only the given fields, re-embeds new text, keeps history."""
    memory = store.create(
        new_memory("The car is a blue Volvo", tags=("car",)), HOUSE
    ).memory
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
    memory = store.create(new_memory("Dinner is at six"), HOUSE).memory
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


def test_many_edits_never_push_out_what_was_first_told(store: MemoryStore) -> None:
    """Past the history limit the newest versions stay, and the first one too.

    Another person's 25 updates (or an agent stuck correcting) must not make
    the memory as it was first told unrecoverable (attacker review s16).
    """
    limit = store.config.version_history_limit
    memory = store.create(new_memory("The alarm code is 8-1-5-5-2"), ALICE).memory
    for n in range(limit + 5):
        store.update(memory.id, MemoryPatch(content=f"The alarm code is {n}"), BOB)
    versions = [h["version"] for h in store.history(memory.id, ALICE)]
    assert len(versions) == limit + 1
    assert versions[-1] == 1
    assert versions[:-1] == list(range(limit + 5, 5, -1))
    first = store.history(memory.id, BOB)[-1]
    assert first["content"] == "The alarm code is 8-1-5-5-2"


def test_a_private_earlier_version_shows_only_to_its_owner(
    store: MemoryStore,
) -> None:
    """History rows that were private reach the owner alone, never another."""
    memory = store.create(
        new_memory(
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
        new_memory("The spare key is under the mat", owner="alice"), ALICE
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
    nobody = store.create(new_memory("The bins go out on Monday"), HOUSE).memory
    with pytest.raises(InvalidMemoryError):
        store.update(nobody.id, MemoryPatch(visibility=Visibility.PRIVATE), ADMIN)


def test_undo_does_not_bring_a_private_version_back_for_another(
    store: MemoryStore,
) -> None:
    """Undo restores visibility too, so only the owner may undo across it."""
    memory = store.create(
        new_memory(
            "The safe code is 4711", owner="alice", visibility=Visibility.PRIVATE
        ),
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
    memory = store.create(new_memory("Milk is in the fridge"), HOUSE).memory
    with pytest.raises(InvalidMemoryError):
        store.update(memory.id, MemoryPatch(), HOUSE)
    with pytest.raises(InvalidMemoryError):
        store.update(memory.id, MemoryPatch(content=""), HOUSE)
    with pytest.raises(InvalidMemoryError):
        store.update(memory.id, MemoryPatch(visibility=Visibility.PRIVATE), HOUSE)
    with pytest.raises(MemoryNotFoundError):
        store.update("nope", MemoryPatch(content="x"), HOUSE)
    assert store.get(memory.id, HOUSE).version == 1


@pytest.mark.parametrize(
    ("language", "private", "shared"),
    [
        ("en", "My diary lock code is 1234.", "Anna's diary lock code is 1234."),
        (
            "en",
            'I keep my diary code in "my box".',
            'Anna keeps Anna\'s diary code in "my box".',
        ),
        (
            "de",
            "Mein Tagebuchschloss hat den Code 1234.",
            "Annas Tagebuchschloss hat den Code 1234.",
        ),
    ],
)
def test_a_private_memory_shared_names_its_teller(
    tmp_path: Path,
    clock: ManualClock,
    hashing_embedder: HashingEmbedder,
    language: str,
    private: str,
    shared: str,
) -> None:
    """Found by the reviewers in a real hass: shared with the household, a
    private "My diary lock code ..." still said "My", which every reader
    took for their own. It is named after its teller, as a household memory
    told directly is (quoted words kept), her name joins its people, and
    undo brings her private words back."""
    store = MemoryStore(
        tmp_path / "m.db",
        embedder=hashing_embedder,
        clock=clock,
        config=EngineConfig(language=language),
    )
    try:
        memory = store.create(
            new_memory(private, owner="alice", visibility=Visibility.PRIVATE), ALICE
        ).memory
        assert memory.content == private
        made = store.update(
            memory.id,
            MemoryPatch(visibility=Visibility.HOUSEHOLD, speaker_name="Anna"),
            ALICE,
        )
        assert (made.content, made.people) == (shared, ("Anna",))
        assert store.get(memory.id, BOB).content == shared
        assert store.undo(memory.id, ALICE).content == private
    finally:
        store.close()


def test_only_sharing_a_private_memory_names_its_teller(store: MemoryStore) -> None:
    """Without a name, for a household memory edited, or made private, the
    text stays as written."""
    private = store.create(
        new_memory(
            "My diary lock code is 1234.", owner="alice", visibility=Visibility.PRIVATE
        ),
        ALICE,
    ).memory
    shared = store.update(
        private.id, MemoryPatch(visibility=Visibility.HOUSEHOLD), ALICE
    )
    assert shared.content == "My diary lock code is 1234."
    ours = store.create(new_memory("My bike is in the shed.", owner="alice"), ALICE)
    for patch in (
        MemoryPatch(importance=0.9, speaker_name="Anna"),
        MemoryPatch(visibility=Visibility.HOUSEHOLD, speaker_name="Anna", tags=("x",)),
        MemoryPatch(visibility=Visibility.PRIVATE, speaker_name="Anna"),
    ):
        edited = store.update(ours.memory.id, patch, ALICE)
        assert edited.content == ours.memory.content, patch
