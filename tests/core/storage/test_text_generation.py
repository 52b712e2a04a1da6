"""The keyword index's generation: raised by every change to the index's
text, in its transaction, and by nothing else."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from custom_components.home_memory.memory.common.values import MemoryPatch
from custom_components.home_memory.memory.storage import text_generation

from ..conftest import ALICE, new_memory, rowid_of

if TYPE_CHECKING:
    from custom_components.home_memory.memory.store import MemoryStore


def _generation(store: MemoryStore) -> int:
    with store.read() as conn:
        return text_generation.read(conn)


def test_every_change_of_text_raises_it_and_nothing_else(store: MemoryStore) -> None:
    """A create, an edit and a purge raise it; an access, a soft delete and
    a restore (no text changes) leave it, so what searches keep survives
    the access counts their answers write."""
    assert _generation(store) == 0  # a new store: no row yet
    made = store.create(new_memory("The spare key is under the pot"), ALICE)
    after_create = _generation(store)
    assert after_create > 0
    store.update(made.memory.id, MemoryPatch(content="The key is in the shed"), ALICE)
    after_edit = _generation(store)
    assert after_edit > after_create
    store.record_access([rowid_of(store, made.memory.id)], ALICE, "search")
    store.soft_delete(ALICE, ids=[made.memory.id])
    store.restore(ALICE, ids=[made.memory.id])
    assert _generation(store) == after_edit
    store.hard_delete(ALICE, ids=[made.memory.id])
    assert _generation(store) > after_edit


def test_a_change_rolled_back_raises_nothing(store: MemoryStore) -> None:
    """Raised in the same transaction as the change: a rollback takes both."""
    store.create(new_memory("The bins go out on Tuesday"), ALICE)
    before = _generation(store)

    def raise_and_abandon() -> None:
        with store.transaction() as conn:
            text_generation.raise_(conn)
            raise RuntimeError("abandoned")

    with pytest.raises(RuntimeError):
        raise_and_abandon()
    assert _generation(store) == before
