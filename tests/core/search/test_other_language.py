"""Which memories are told in another language than the question."""

from __future__ import annotations

from typing import TYPE_CHECKING

from custom_components.home_memory.memory.common.values import Caller, NewMemory
from custom_components.home_memory.memory.embedding.profiles import (
    IDENTITY,
    MULTILINGUAL_E5,
)
from custom_components.home_memory.memory.search.other_language import (
    across_languages,
    told_otherwise,
)

from ..conftest import rowid_of

if TYPE_CHECKING:
    from custom_components.home_memory.memory.store import MemoryStore

TEXTS = (
    "Anna ist allergisch gegen Erdnüsse.",
    "Our dentist is Dr. Weber.",
    "Test C",
)


def _rows(store: MemoryStore) -> list[int]:
    created = store.create_many([NewMemory(content=text) for text in TEXTS], Caller())
    return [rowid_of(store, item.memory.id) for item in created]


def test_memories_told_in_another_language_than_the_question(
    store: MemoryStore,
) -> None:
    """An English question's German memory, a German question's English
    one; a text too short to tell is in none; a model of one language (or
    a question in one it does not read) reads no pair."""
    german, english, short = _rows(store)
    rows = [german, english, short]
    candidates = store.candidates
    assert told_otherwise(candidates, "What is Anna allergic to?", rows, None) == {
        german
    }
    assert told_otherwise(candidates, "Wer ist unser Zahnarzt?", rows, None) == {
        english
    }
    assert told_otherwise(candidates, "Zahnarzt?", rows, None) == set()
    assert (
        told_otherwise(candidates, "Who is our dentist?", rows, frozenset({"en"}))
        == set()
    )


def test_only_a_german_question_s_english_memory_is_read_on_the_across_map(
    store: MemoryStore,
) -> None:
    """Asked in German, the English memory moves to the across map; the
    German one and one too short to tell keep their similarity; asked in
    English, none moves (the map was fitted the other way round, and lifted
    unrelated German memories, re-test s39 D1); a profile without the map
    changes nothing."""
    german, english, short = _rows(store)
    start = {german: 0.08, english: 0.08, short: 0.08}
    vector = dict(start)
    across_languages(store.candidates, "Wer ist unser Zahnarzt?", vector, IDENTITY)
    assert vector == start
    across_languages(
        store.candidates, "What is Anna allergic to?", vector, MULTILINGUAL_E5
    )
    assert vector == start
    across_languages(
        store.candidates, "Wer ist unser Zahnarzt?", vector, MULTILINGUAL_E5
    )
    assert vector[english] > 0.2
    assert vector[german] == vector[short] == 0.08
