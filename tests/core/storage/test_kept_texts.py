"""Memories' texts, kept between searches until the keyword index changes
(storage/kept_texts.py, through CandidateQueries.contents)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from custom_components.home_memory.memory.common.values import MemoryPatch
from custom_components.home_memory.memory.storage.kept_texts import KeptTexts

from ..conftest import ALICE, new_memory, reader_statements, rowid_of

if TYPE_CHECKING:
    from collections.abc import Callable

    from custom_components.home_memory.memory.store import MemoryStore


def _reads(store: MemoryStore, call: Callable[[], object]) -> tuple[object, int]:
    """Run `call()`, counting the reader's statements that read texts."""
    result, seen = reader_statements(store, call)
    return result, sum("SELECT rowid, content" in statement for statement in seen)


def test_texts_are_read_once_until_one_changes(store: MemoryStore) -> None:
    """Read again only after an edit or a purge, and then current; in rowid
    order, each once, without the rowids that do not exist."""
    first = store.create(new_memory("The kettle is descaled monthly"), ALICE)
    second = store.create(new_memory("The lamp in the hall flickers"), ALICE)
    a, b = rowid_of(store, first.memory.id), rowid_of(store, second.memory.id)
    contents = store.candidates.contents

    texts, reads = _reads(store, lambda: contents([b, a, b, 999]))
    assert texts == {
        a: "The kettle is descaled monthly",
        b: "The lamp in the hall flickers",
    }
    assert list(texts) == [a, b]
    assert reads == 1
    _, reads = _reads(store, lambda: contents([a, b]))
    assert reads == 0
    store.record_access([a], ALICE, "search")  # no text changes
    _, reads = _reads(store, lambda: contents([a]))
    assert reads == 0

    store.update(second.memory.id, MemoryPatch(content="The hall lamp is fixed"), ALICE)
    texts, reads = _reads(store, lambda: contents([a, b]))
    assert texts == {a: "The kettle is descaled monthly", b: "The hall lamp is fixed"}
    assert reads == 1
    store.hard_delete(ALICE, ids=[first.memory.id])
    assert contents([a, b]) == {b: "The hall lamp is fixed"}


def test_the_oldest_go_first_and_what_is_asked_is_all_there(
    store: MemoryStore,
) -> None:
    """Past the limit the oldest are dropped, yet every text asked for is
    returned, though more are asked at once than are kept."""
    made = [store.create(new_memory(f"note number {i}"), ALICE) for i in range(5)]
    rowids = [rowid_of(store, m.memory.id) for m in made]
    kept = KeptTexts(kept=2)
    with store.read() as conn:
        assert len(kept.texts(conn, rowids)) == 5
        assert list(kept._texts) == rowids[-2:]
        assert kept.texts(conn, rowids[:1]) == {rowids[0]: made[0].memory.content}
        assert list(kept._texts) == [rowids[-1], rowids[0]]
