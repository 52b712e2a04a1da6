"""Which memories are told in another language than the question."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

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


def test_each_pair_of_languages_is_read_on_its_own_map(
    store: MemoryStore,
) -> None:
    """Asked in German, the English memory moves to the across map; the
    German one and one too short to tell keep their similarity. Asked in
    English (session 42), the English memory moves to the `english` map
    and the German one to `english_across`, each lifted to where e5 puts
    the same pair in German; one too short to tell is in the question's
    language. A question that tells none ("Zahnarzt?", a name alone) moves
    nothing; a profile without maps changes nothing."""
    german, english, short = _rows(store)
    start = {german: 0.08, english: 0.08, short: 0.08}
    vector = dict(start)
    across_languages(store.candidates, "Wer ist unser Zahnarzt?", vector, IDENTITY)
    assert vector == start
    across_languages(
        store.candidates, "Wer ist unser Zahnarzt?", vector, MULTILINGUAL_E5
    )
    assert vector[english] > 0.2
    assert vector[german] == vector[short] == 0.08
    cosine = MULTILINGUAL_E5.search.inverse(0.08)
    vector = dict(start)
    across_languages(
        store.candidates, "What is Anna allergic to?", vector, MULTILINGUAL_E5
    )
    assert MULTILINGUAL_E5.english is not None
    assert MULTILINGUAL_E5.english_across is not None
    assert vector[english] == pytest.approx(MULTILINGUAL_E5.english(cosine))
    assert vector[short] == vector[english] > 0.08
    assert vector[german] == pytest.approx(MULTILINGUAL_E5.english_across(cosine))
    vector = dict(start)
    across_languages(store.candidates, "Zahnarzt?", vector, MULTILINGUAL_E5)
    assert vector == start
