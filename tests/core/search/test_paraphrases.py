"""A question told in other words than its memory still finds it at the
floor a person meets (session 43, issue 21): a generic noun ("day") is no
topic, "whole" no part of a thing's name, "off" of "shut off" no place, a
light verb with its particle ("takes the dog out") a deed by its phrase,
and a word related by another preposition ("a key for emergencies") no
relation asked ("a key to our house")."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from custom_components.home_memory.memory.common.values import NewMemory
from custom_components.home_memory.memory.search.deed_floor import asked_deed
from custom_components.home_memory.memory.search.retrieval import Retriever
from custom_components.home_memory.memory.store import MemoryStore
from custom_components.home_memory.memory.text.fts_query import (
    generic_nouns,
    placed_words,
    search_stopwords,
    topic_terms,
)
from custom_components.home_memory.memory.text.statement_words import (
    statement_words,
)

from ..conftest import ALICE, BOB, ManualClock
from .test_floors import _answers

if TYPE_CHECKING:
    from collections.abc import Iterator
    from pathlib import Path

    from custom_components.home_memory.memory.embedding.embedder import Embedder

HOME = (
    ("The bins go out to the street on Tuesday evenings.", ()),
    ("Ben has to be in bed by half past eight on school days.", ("Ben",)),
    ("The main water valve is under the basement stairs.", ()),
    ("The house plants in the living room are watered every Sunday.", ()),
    ("Ben walks Bello the dog after dinner.", ("Ben",)),
    ("Minka the cat gets half a tin of food in the evening.", ()),
    ("Our neighbour Mrs Keller has a key for emergencies.", ()),
    ("The spare key is under the blue flower pot next to the front door.", ()),
    ("Ben hid a telescope in the carport.", ("Ben",)),
)


@pytest.fixture
def home(tmp_path: Path, clock: ManualClock, minilm: Embedder) -> Iterator[Retriever]:
    """An English home's facts (MiniLM)."""
    store = MemoryStore(tmp_path / "memory.db", embedder=minilm, clock=clock)
    for text, people in HOME:
        store.create(NewMemory(content=text, people=people), ALICE)
    yield Retriever(store)
    store.close()


def _first(home: Retriever, query: str) -> str | None:
    """The best memory said aloud (the per-turn floor)."""
    page = home.start_progressive(
        query, BOB, min_relevance=home.config.context_min_relevance, asker="Ben"
    )
    return page.items[0].memory.content if page.items else None


def test_a_generic_noun_is_looked_for_only_alone() -> None:
    """ "day" beside "garbage" asks no topic; alone it is all there is."""
    generic = generic_nouns("en")
    assert topic_terms(["garbage", "day"], "garbage day", generic) == ["garbage"]
    assert topic_terms(["day"], "what day", generic) == ["day"]
    assert "tag" in generic_nouns("de")


def test_a_generic_noun_ranks_no_memory_first(home: Retriever) -> None:
    """ "When is garbage day?" ranked "… on school days" first by "day"."""
    assert _first(home, "When is garbage day?") == HOME[0][0]


def test_whole_is_no_word_of_a_thing() -> None:
    """ "the whole house" names the house ("whole" asks how much of it)."""
    assert {"whole", "entire"} <= search_stopwords("en")
    assert "ganzen" in search_stopwords("de")


def test_a_verb_s_particle_is_no_place() -> None:
    """ "shut off the water": the water is what is shut, not where a thing
    is; "the light off in the hall" still says where."""
    table = statement_words("en")
    stop = search_stopwords("en")

    def placed(text: str) -> frozenset[str]:
        return placed_words(
            text, stop, table.places, table.verb_particles, table.name_openers
        )

    assert placed("how do I shut off the water") == frozenset()
    assert placed("is the light off in the hall") == {"hall"}
    assert placed("where are we going on summer holiday") == {"summer", "holiday"}


def test_the_water_shut_off_for_the_whole_house(home: Retriever) -> None:
    """The valve holds neither "whole house" nor "shut": it was dropped as
    about another thing, or only where the thing is."""
    page = home.start_progressive(
        "How do I shut off the water for the whole house?",
        BOB,
        min_relevance=home.config.context_min_relevance,
    )
    assert HOME[2][0] in {item.memory.content for item in page.items}


def test_a_light_verb_with_its_particle_is_asked_by_its_phrase() -> None:
    """ "takes" alone names no deed, "takes the dog out" does; a light verb
    without a particle is asked as it is."""
    deed = asked_deed("Who takes the dog out in the evening?", "en")
    assert deed is not None
    assert deed.phrase() == "takes dog out"
    took = asked_deed("who took the telescope", "en")
    assert took is not None
    assert took.phrase() == "took"


def test_a_deed_told_in_another_verb_answers_a_phrasal_one(home: Retriever) -> None:
    """ "takes the dog out" is walking the dog; the cat's food is not."""
    assert _answers(home, "Who takes the dog out in the evening?", BOB, "Ben") == {
        HOME[4][0]
    }


def test_a_light_verb_alone_still_asks_its_own_deed(home: Retriever) -> None:
    """ "who took the telescope" is not "Ben hid a telescope" (s21)."""
    assert _answers(home, "who took the telescope", BOB, "Ben") == set()


def test_a_word_related_by_another_preposition_is_no_other_thing(
    home: Retriever,
) -> None:
    """ "a key for emergencies" relates "key" to no other house than the
    asked "key to our house"."""
    assert HOME[6][0] in _answers(home, "Who else has a key to our house?", BOB, "Ben")
