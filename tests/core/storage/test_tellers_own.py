"""A person's private memory told again without "privately": it folds into
that memory and stays private (live review s42 MED-1: the household copy
was Ben's to hear), whatever the letter case, spacing or punctuation; a
code's letters still count. Another person's same words are their own."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from custom_components.home_memory.memory.common.values import (
    Caller,
    CreateAction,
    MemoryFilter,
    Visibility,
)
from custom_components.home_memory.memory.store import MemoryStore

from ..conftest import ALICE, BOB, HOUSE, new_memory

if TYPE_CHECKING:
    from pathlib import Path

    from custom_components.home_memory.memory.embedding.embedder import Embedder
    from custom_components.home_memory.memory.embedding.multilingual import (
        MultilingualEmbedder,
    )

    from ..conftest import ManualClock


@pytest.mark.parametrize(
    ("language", "private", "again"),
    [
        ("en", "My gate code is 3333.", "Alice's gate code is 3333."),
        ("en", "My gate code is 3333.", "Alice's GATE CODE is 3333."),
        ("en", "My gate code is 3333.", "alice's gate code is   3333!"),
        ("de", "Mein Torcode ist 3333.", "Alice' TORCODE ist 3333."),
    ],
)
def test_a_private_memory_told_again_for_the_household_stays_private(
    tmp_path: Path,
    clock: ManualClock,
    request: pytest.FixtureRequest,
    language: str,
    private: str,
    again: str,
) -> None:
    """Alice's private "My gate code is 3333." told again in her name, as
    a household statement says it: a repeat of that memory, private, and
    no household memory Bob hears; told privately again, one memory too
    (it was a second private copy beside it)."""
    embedder: Embedder | MultilingualEmbedder = request.getfixturevalue(
        "multilingual" if language == "de" else "minilm"
    )
    store = MemoryStore(tmp_path / "memory.db", embedder=embedder, clock=clock)
    first = store.create(
        new_memory(
            private,
            owner="alice",
            visibility=Visibility.PRIVATE,
            speaker_name="Alice",
            language=language,
        ),
        ALICE,
    )
    told = store.create(
        new_memory(again, owner="alice", speaker_name="Alice", language=language),
        ALICE,
    )
    assert told.action is CreateAction.REINFORCED
    assert told.memory.id == first.memory.id
    assert told.memory.visibility is Visibility.PRIVATE
    assert told.memory.content == private
    assert store.list_memories(HOUSE, MemoryFilter()).total == 0
    assert store.list_memories(BOB, MemoryFilter()).total == 0
    privately = store.create(
        new_memory(
            private,
            owner="alice",
            visibility=Visibility.PRIVATE,
            speaker_name="Alice",
            language=language,
        ),
        ALICE,
    )
    assert privately.action is CreateAction.REINFORCED
    assert [m.id for m in store.list_memories(ALICE, MemoryFilter()).items] == [
        first.memory.id
    ]


def test_another_persons_same_words_are_their_own(
    tmp_path: Path, clock: ManualClock, minilm: Embedder
) -> None:
    """Bob's "Bob's gate code is 3333." (or "Alice's …") is his statement,
    stored for the household as he told it: never folded into Alice's
    private memory, whose existence he never learns."""
    store = MemoryStore(tmp_path / "memory.db", embedder=minilm, clock=clock)
    store.create(
        new_memory(
            "My gate code is 3333.",
            owner="alice",
            visibility=Visibility.PRIVATE,
            speaker_name="Alice",
        ),
        ALICE,
    )
    told = store.create(
        new_memory("Alice's gate code is 3333.", owner="bob", speaker_name="Bob"),
        BOB,
    )
    assert told.action is CreateAction.CREATED
    assert told.memory.owner == "bob"
    assert told.memory.visibility is Visibility.HOUSEHOLD
    seen = store.list_memories(Caller(user_id="bob"), MemoryFilter()).items
    assert [m.content for m in seen] == ["Alice's gate code is 3333."]


def test_told_again_is_found_by_its_words_without_vectors(
    tmp_path: Path, clock: ManualClock
) -> None:
    """Without vectors (keyword-only mode, or vectors far apart: e5 reads
    "TORCODE" as other words than "Torcode") the private memory told again
    is found by its words, and stays private."""
    store = MemoryStore(tmp_path / "memory.db", embedder=None, clock=clock)
    first = store.create(
        new_memory(
            "Mein Torcode ist 3333.",
            owner="alice",
            visibility=Visibility.PRIVATE,
            speaker_name="Anna",
            language="de",
        ),
        ALICE,
    )
    told = store.create(
        new_memory(
            "Annas TORCODE  ist 3333!",
            owner="alice",
            speaker_name="Anna",
            language="de",
        ),
        ALICE,
    )
    assert (told.action, told.memory.id) == (CreateAction.REINFORCED, first.memory.id)
    assert store.list_memories(HOUSE, MemoryFilter()).total == 0


@pytest.mark.parametrize(
    ("language", "household", "private"),
    [
        ("en", "Alice's bank pin is 2468.", "My bank pin is 2468."),
        ("en", "Alice's bank pin is 2468.", "my BANK PIN is 2468!"),
        ("de", "Alice' Bank-PIN ist 2468.", "Meine Bank-PIN ist 2468."),
    ],
)
def test_a_household_memory_told_again_privately_is_taken_private(
    tmp_path: Path,
    clock: ManualClock,
    request: pytest.FixtureRequest,
    language: str,
    household: str,
    private: str,
) -> None:
    """Alice's household "Alice's bank pin is 2468." told again privately:
    one memory, hers alone; the household copy is deleted (restorable),
    the log names the private memory it went to, and Bob sees nothing
    (live review s43 #1: the household copy stayed for Bob to hear)."""
    embedder: Embedder | MultilingualEmbedder = request.getfixturevalue(
        "multilingual" if language == "de" else "minilm"
    )
    store = MemoryStore(tmp_path / "memory.db", embedder=embedder, clock=clock)
    first = store.create(
        new_memory(household, owner="alice", speaker_name="Alice", language=language),
        ALICE,
    )
    told = store.create(
        new_memory(
            private,
            owner="alice",
            visibility=Visibility.PRIVATE,
            speaker_name="Alice",
            language=language,
        ),
        ALICE,
    )
    assert told.memory.visibility is Visibility.PRIVATE
    assert store.list_memories(BOB, MemoryFilter()).total == 0
    assert store.list_memories(HOUSE, MemoryFilter()).total == 0
    assert [m.id for m in store.list_memories(ALICE, MemoryFilter()).items] == [
        told.memory.id
    ]
    assert store.tiers.restore(ALICE, ids=[first.memory.id]) == [first.memory.id]


def test_another_persons_household_memory_is_not_taken_private(
    tmp_path: Path, clock: ManualClock, minilm: Embedder
) -> None:
    """Bob's household "Alice's bank pin is 2468." stays his: Alice's
    private telling of it is her own memory beside it."""
    store = MemoryStore(tmp_path / "memory.db", embedder=minilm, clock=clock)
    bobs = store.create(
        new_memory("Alice's bank pin is 2468.", owner="bob", speaker_name="Bob"), BOB
    )
    told = store.create(
        new_memory(
            "My bank pin is 2468.",
            owner="alice",
            visibility=Visibility.PRIVATE,
            speaker_name="Alice",
        ),
        ALICE,
    )
    assert told.action is CreateAction.CREATED
    seen = store.list_memories(BOB, MemoryFilter()).items
    assert [m.id for m in seen] == [bobs.memory.id]


@pytest.mark.parametrize(
    ("language", "household", "private", "bobs"),
    [
        (
            "en",
            "My personal pin is 4106.",
            "My personal pin is 5199.",
            "My personal pin is 7777.",
        ),
        (
            "de",
            "Meine persönliche PIN ist 4106.",
            "Meine persönliche PIN ist 5199.",
            "Meine persönliche PIN ist 7777.",
        ),
    ],
)
def test_a_private_new_value_takes_the_tellers_stale_household_copy(
    tmp_path: Path,
    clock: ManualClock,
    request: pytest.FixtureRequest,
    language: str,
    household: str,
    private: str,
    bobs: str,
) -> None:
    """Alice's household "My personal pin is 4106.", then her private "My
    personal pin is 5199.": the stale household copy goes to the deleted
    tier (logged with the private memory it went to, restorable), so Bob
    no longer hears 4106 (live review s44). Bob's own household pin and
    what Alice told of Ben's pin stay the household's."""
    embedder: Embedder | MultilingualEmbedder = request.getfixturevalue(
        "multilingual" if language == "de" else "minilm"
    )
    store = MemoryStore(tmp_path / "memory.db", embedder=embedder, clock=clock)
    bens = (
        "Ben's personal pin is 1111."
        if language == "en"
        else ("Bens persönliche PIN ist 1111.")
    )
    kept = [
        store.create(
            new_memory(bens, owner="alice", speaker_name="Alice", language=language),
            ALICE,
        ).memory.id,
        store.create(
            new_memory(bobs, owner="bob", speaker_name="Bob", language=language), BOB
        ).memory.id,
    ]
    first = store.create(
        new_memory(household, owner="alice", speaker_name="Alice", language=language),
        ALICE,
    )
    told = store.create(
        new_memory(
            private,
            owner="alice",
            visibility=Visibility.PRIVATE,
            speaker_name="Alice",
            language=language,
        ),
        ALICE,
    )
    assert told.action is CreateAction.CREATED
    assert told.memory.visibility is Visibility.PRIVATE
    assert [m.id for m in told.taken_private] == [first.memory.id]
    seen = store.list_memories(BOB, MemoryFilter()).items
    assert sorted(m.id for m in seen) == sorted(kept)
    assert not [m for m in seen if "4106" in m.content]
    deleted = store.log_entries(memory_id=first.memory.id)[0]
    assert deleted.operation == "delete"
    assert deleted.details == {"taken_private": told.memory.id}
    assert store.tiers.restore(ALICE, ids=[first.memory.id]) == [first.memory.id]
    assert "4106" in store.get(first.memory.id, BOB).content
