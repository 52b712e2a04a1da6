"""Relevance borrowed from a memory's thread neighbours (search/threads.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from custom_components.home_memory.memory.common.config import EngineConfig
from custom_components.home_memory.memory.common.values import NewMemory
from custom_components.home_memory.memory.search.retrieval import Retriever

from ..conftest import HOUSE
from .test_retrieval import minilm_store  # noqa: F401 - the fixture

if TYPE_CHECKING:
    from custom_components.home_memory.memory.store import MemoryStore


def test_an_answer_borrows_relevance_from_its_question(
    minilm_store: MemoryStore,  # noqa: F811 - the fixture
) -> None:
    """An answer in a thread is found through the question before it."""
    turns = [
        "Anna: Did you go anywhere nice for the holidays?",
        "Ben: We finally went hiking in the Dolomites with the kids.",
        "Anna: What was the best part of the trip?",
        "Ben: Honestly? Sleeping in that little hut, no question.",
        "Anna: I need to fix the leaking tap in the bathroom.",
        "Ben: The plumber is coming on Thursday morning.",
    ]
    minilm_store.create_many(
        [NewMemory(content=t, thread="chat-1") for t in turns], HOUSE, dedup=False
    )
    for distractor in (
        "Ben's best friend went on a business trip to Oslo",
        "The best part of the cake is the icing, says Ben",
        "Ben planned a school trip for the kids",
    ):
        minilm_store.create(NewMemory(content=distractor), HOUSE)
    with_threads = Retriever(minilm_store)
    without = Retriever(minilm_store, EngineConfig(thread_neighbour_weight=0))
    question = "What was the best part of Ben's trip?"
    answer = turns[3]
    rank_with = [s.memory.content for s in with_threads.rank(question, HOUSE)]
    rank_without = [s.memory.content for s in without.rank(question, HOUSE)]
    assert rank_with.index(answer) < rank_without.index(answer), rank_without
    assert rank_with.index(answer) <= 2, rank_with
    # A neighbour's relevance never lifts a memory over the context threshold.
    context = with_threads.context("Is the plumber booked?", HOUSE, min_relevance=0.3)
    assert "Dolomites" not in context.text


def test_a_neighbour_taken_in_keeps_its_own_keyword_match(store: MemoryStore) -> None:
    """A thread neighbour outside the candidates joins with its true BM25,
    scored with the search's own words (as if it had been a candidate)."""
    store.create_many(
        [
            NewMemory(content="Kettle descaling: kettle descaling done", thread="t"),
            NewMemory(content="The old kettle lives in the attic cupboard", thread="t"),
            NewMemory(content="Descaling vinegar for the coffee machine"),
        ],
        HOUSE,
        dedup=False,
    )
    neighbour = "The old kettle lives in the attic cupboard"
    alone = Retriever(store, EngineConfig(thread_neighbour_weight=0))
    assert neighbour not in [
        s.memory.content for s in alone.rank("kettle descaling", HOUSE, pool=1)
    ]
    ranked = {
        s.memory.content: s
        for s in Retriever(store).rank("kettle descaling", HOUSE, pool=1)
    }
    full = {s.memory.content: s for s in alone.rank("kettle descaling", HOUSE)}
    score = ranked[neighbour].keyword_score
    assert score is not None
    assert score > 0
    assert score == pytest.approx(full[neighbour].keyword_score)


def test_every_candidate_borrows_from_a_neighbour_that_is_a_candidate(
    store: MemoryStore,
) -> None:
    """Only the best candidates bring their neighbours in, but a weaker
    candidate next to one of them borrows from it as well (LoCoMo dev R@5
    0.693 -> 0.718, docs/retrieval-quality.md)."""
    best = "Fence paint: sage green fence paint for the garden fence"
    weaker = "The paint brushes are on the shelf in the shed"
    store.create_many(
        [
            NewMemory(content=best, thread="t"),
            NewMemory(content=weaker, thread="t"),
            NewMemory(content="Paint thinner goes to the recycling centre"),
        ],
        HOUSE,
        dedup=False,
    )
    query = "fence paint"
    own = {
        s.memory.content: s.relevance
        for s in Retriever(store, EngineConfig(thread_neighbour_weight=0)).rank(
            query, HOUSE
        )
    }
    one_seed = Retriever(store, EngineConfig(thread_neighbour_seeds=1))
    ranked = {s.memory.content: s.relevance for s in one_seed.rank(query, HOUSE)}
    assert own[best] > own[weaker] > 0
    assert ranked[weaker] == pytest.approx(own[weaker] + 0.4 * own[best])
    assert ranked[best] == pytest.approx(own[best] + 0.4 * own[weaker])


def test_the_answer_comes_before_the_question_that_echoes_the_query(
    minilm_store: MemoryStore,  # noqa: F811 - the fixture
) -> None:
    """A question in a thread holds no answer: the memory after it leads.

    The query repeats the question's words, not the answer's, so by its own
    relevance the question comes first (text/asking.py).
    """
    question = "Anna: What are you excited about in the adoption process?"
    answer = "Ben: Making a family for kids who need one. It will be tough."
    minilm_store.create_many(
        [
            NewMemory(content="Anna: The weather was lovely today.", thread="c"),
            NewMemory(content=question, thread="c"),
            NewMemory(content=answer, thread="c"),
            NewMemory(content="Anna: I bought new running shoes.", thread="c"),
        ],
        HOUSE,
        dedup=False,
    )
    asked = "What is Ben excited about in the adoption process?"
    ranked = Retriever(minilm_store).rank(asked, HOUSE)
    assert [s.memory.content for s in ranked[:2]] == [answer, question]
    # Ordering only: the question's own match is what a floor compares, and
    # it is the best match there is.
    context = Retriever(minilm_store).context(asked, HOUSE, min_relevance=0.3)
    assert "adoption process?" in context.text
    # Each half on its own: the answer borrows all of the question's
    # relevance, and the question keeps 1 - 0.4 x its asking share.
    lending_only = Retriever(minilm_store, EngineConfig(question_discount=0)).rank(
        asked, HOUSE
    )
    assert lending_only[0].memory.content == answer
    undiscounted = {s.memory.content: s.relevance for s in lending_only}
    discounted = {s.memory.content: s.relevance for s in ranked}
    assert discounted[question] == pytest.approx(undiscounted[question] * 0.6)
    assert discounted[answer] == pytest.approx(undiscounted[answer])
