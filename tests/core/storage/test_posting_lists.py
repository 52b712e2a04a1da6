"""Each word's memories, kept between searches until the keyword index
changes (storage/posting_lists.py, through CandidateQueries.holding)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from custom_components.home_memory.memory.common.values import MemoryPatch
from custom_components.home_memory.memory.storage.posting_lists import PostingLists

from ..conftest import ALICE, new_memory, reader_statements, rowid_of

if TYPE_CHECKING:
    from collections.abc import Callable

    from custom_components.home_memory.memory.store import MemoryStore


def _fts_queries(store: MemoryStore, call: Callable[[], object]) -> tuple[object, int]:
    """Run `call()`, counting the reader's statements holding 'MATCH'."""
    result, seen = reader_statements(store, call)
    return result, sum("MATCH" in statement for statement in seen)


def test_a_word_is_read_once_until_the_text_changes(store: MemoryStore) -> None:
    """Asked again for the same word, no query runs; after a create, an edit
    and a purge the word is read again, and the answer is current."""
    kettle = store.create(new_memory("The kettle is descaled monthly"), ALICE)
    lamp = store.create(new_memory("The lamp in the hall flickers"), ALICE)
    rowids = [rowid_of(store, m.memory.id) for m in (kettle, lamp)]
    holding = store.candidates.holding

    found, queries = _fts_queries(store, lambda: holding(["kettle"], rowids))
    assert found == {"kettle": {rowids[0]}}
    assert queries == 1
    found, queries = _fts_queries(store, lambda: holding(["kettle"], rowids))
    assert found == {"kettle": {rowids[0]}}
    assert queries == 0
    # An access count changes no text: still kept.
    store.record_access(rowids, ALICE, "search")
    _, queries = _fts_queries(store, lambda: holding(["kettle"], rowids))
    assert queries == 0

    store.update(lamp.memory.id, MemoryPatch(content="The kettle in the hall"), ALICE)
    found, queries = _fts_queries(store, lambda: holding(["kettle"], rowids))
    assert found == {"kettle": set(rowids)}
    assert queries == 1

    third = store.create(new_memory("A new kettle arrived"), ALICE)
    rowids.append(rowid_of(store, third.memory.id))
    assert holding(["kettle"], rowids) == {"kettle": set(rowids)}

    store.hard_delete(ALICE, ids=[kettle.memory.id])
    assert holding(["kettle"], rowids) == {"kettle": set(rowids[1:])}


def test_the_oldest_words_go_first_past_the_limit(store: MemoryStore) -> None:
    """At most `kept_rows` rowids are kept; a list longer than that alone is
    read each time and never kept."""
    for text in ("red apple", "red pear", "green apple", "blue plum"):
        store.create(new_memory(text), ALICE)
    lists = PostingLists(kept_rows=3)
    with store.read() as conn:
        assert len(lists.holding(conn, "red")) == 2
        assert len(lists.holding(conn, "apple")) == 2  # "red" (2) + 2 > 3
        assert list(lists._lists) == ["apple"]
        assert len(lists.holding(conn, "plum")) == 1
        assert list(lists._lists) == ["apple", "plum"]
    small = PostingLists(kept_rows=1)
    with store.read() as conn:
        assert len(small.holding(conn, "apple")) == 2
        assert small._lists == {}
