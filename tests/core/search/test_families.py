"""Memories under a floor with a word of the question's family (search/families.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from custom_components.home_memory.memory.common.values import (
    MemoryFilter,
    NewMemory,
    Visibility,
)
from custom_components.home_memory.memory.search.families import (
    family_languages,
    family_matches,
)
from custom_components.home_memory.memory.search.retrieval import Retriever
from custom_components.home_memory.memory.store import MemoryStore

from ..conftest import ALICE, BOB, rowid_of

if TYPE_CHECKING:
    from pathlib import Path

    from custom_components.home_memory.memory.embedding.embedder import Embedder

    from ..conftest import ManualClock


def test_a_question_asked_in_german_joins_compounds_in_an_english_home() -> None:
    """The household's language first, and the question's where it is another."""
    assert family_languages("do I have any allergies", "en") == ["en"]
    assert family_languages("wann wird der Müll abgeholt", "en") == ["en", "de"]
    assert family_languages("wo ist die Tonne", "de-CH") == ["de"]


def test_family_matches_are_the_callers_under_the_floor_with_a_similarity(
    tmp_path: Path, clock: ManualClock, minilm: Embedder
) -> None:
    """Anna's allergy for "any allergies"; not Bob's private one, not a
    memory holding the word itself (the keyword search's) or that passes
    already, not
    the pancake batter for "batteries", nothing without a query vector."""
    store = MemoryStore(tmp_path / "m.db", embedder=minilm, clock=clock)
    try:
        made = {
            text: rowid_of(
                store, store.create(NewMemory(content=text), ALICE).memory.id
            )
            for text in (
                "Anna is allergic to penicillin",
                "Ben is allergic to cats",
                "Ben has a nut allergy",
                "The pancake batter is in the fridge",
            )
        }
        private = store.create(
            NewMemory(
                content="Bob is allergic to cats",
                owner=BOB.user_id,
                visibility=Visibility.PRIVATE,
            ),
            BOB,
        )
        retriever = Retriever(store)
        everything = MemoryFilter()

        def found(query: str, passing: tuple[int, ...] = ()) -> set[int]:
            vector = store.embed_query(query)
            return set(
                family_matches(
                    retriever,
                    query,
                    ALICE,
                    everything,
                    passing,
                    vector,
                    -1.0,
                )
            )

        anna, ben = (
            made["Anna is allergic to penicillin"],
            made["Ben is allergic to cats"],
        )
        # The nut allergy holds "allergies" as the keyword search reads it
        # (Porter: allergi): its own score decides.
        assert found("do I have any allergies") == {anna, ben}
        assert rowid_of(store, private.memory.id) not in found("any allergies")
        assert found("do I have any allergies", (anna,)) == {ben}
        assert found("Ben's allergic reaction") == {made["Ben has a nut allergy"]}
        assert found("where are the batteries") == set()
        assert (
            family_matches(
                retriever, "any allergies", ALICE, everything, (), None, -1.0
            )
            == {}
        )
    finally:
        store.close()
