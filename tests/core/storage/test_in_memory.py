"""The in-memory copies (vector index, score table) follow the file."""

from __future__ import annotations

from typing import TYPE_CHECKING

from custom_components.home_memory.memory.common.values import Visibility

from ..conftest import ALICE, BOB, HOUSE, new_memory, rowid_of

if TYPE_CHECKING:
    from custom_components.home_memory.memory.store import MemoryStore


def test_a_private_memory_s_group_is_its_owners_alone(store: MemoryStore) -> None:
    """Household vectors are everyone's group; a private one only its owner's."""
    copies = store.copies
    assert copies.group("alice", Visibility.HOUSEHOLD) == 0
    alices = copies.group("alice", Visibility.PRIVATE)
    assert alices != 0
    assert copies.group("alice", Visibility.PRIVATE) == alices
    assert copies.caller_groups(ALICE) == {0, alices}
    assert copies.caller_groups(BOB) == {0}
    assert copies.caller_groups(HOUSE) == {0}


def test_a_memory_that_leaves_the_active_tier_leaves_the_copies(
    store: MemoryStore,
) -> None:
    """After the refresh that follows a forget, neither copy holds the row."""
    made = store.create(new_memory("The hall light is new"), HOUSE).memory
    rowid = rowid_of(store, made.id)
    store.copies.refresh([rowid])
    assert rowid in store.copies.index
    scored = len(store.copies.scores)
    store.soft_delete(HOUSE, ids=[made.id])
    assert rowid not in store.copies.index
    assert len(store.copies.scores) == scored - 1


def test_without_an_embedder_search_is_keyword_only(store: MemoryStore) -> None:
    """Switching the embedder off empties the index and embeds nothing."""
    store.create(new_memory("The hall light is new"), HOUSE)
    store.copies.switch_embedder(None)
    assert len(store.copies.index) == 0
    assert store.copies.embed_query("hall light") is None
    assert store.copies.embed(["hall light"]) is None
