"""Orders a ranking takes besides the best score first (search/orders.py)."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING

from custom_components.home_memory.memory.common.values import (
    MemoryKind,
    NewMemory,
)
from custom_components.home_memory.memory.search.retrieval import Retriever

from ..conftest import HOUSE

if TYPE_CHECKING:
    from custom_components.home_memory.memory.store import MemoryStore


def test_the_last_time_is_the_newest_match_beyond_the_best_few(
    store: MemoryStore,
) -> None:
    """ "When was the washing machine last used?": the newest memory that is
    about it comes first, though it tells more than the washing machine (its
    match is diluted below the best few candidates)."""
    first = datetime(2026, 2, 2, 10, tzinfo=UTC)
    for day in range(8):
        store.create(
            NewMemory(
                content="The washing machine started running.",
                kind=MemoryKind.EVENT,
                happened_at=first + timedelta(days=day),
                happened_until=first + timedelta(days=day, hours=2),
            ),
            HOUSE,
        )
    newest = store.create(
        NewMemory(
            content=("Ben got up, and the washing machine started running."),
            kind=MemoryKind.EVENT,
            happened_at=first + timedelta(days=20),
            happened_until=first + timedelta(days=20, hours=2),
        ),
        HOUSE,
    )
    narrow = Retriever(store, replace(store.config, candidate_pool=4))
    page = narrow.search("When was the washing machine used?", HOUSE, newest_first=True)
    assert page.items[0].memory.id == newest.memory.id


def test_the_last_time_is_an_occasion_not_a_decision(store: MemoryStore) -> None:
    """Review s23 M3: "when did we last see grandma" read "We decided to
    spend Christmas at Grandma Ingrid's", told after the visit, first. A
    decision tells of no occasion: the visit comes first, the decision
    after it."""
    visit_day = datetime(2025, 6, 1, 15, tzinfo=UTC)
    visit = store.create(
        NewMemory(
            content="We visited Grandma Ingrid and had cake in her garden.",
            kind=MemoryKind.EVENT,
            happened_at=visit_day,
        ),
        HOUSE,
    )
    decided = store.create(
        NewMemory(
            content="We decided to spend Christmas at Grandma Ingrid's.",
            kind=MemoryKind.DECISION,
            happened_at=visit_day + timedelta(days=10),
        ),
        HOUSE,
    )
    page = Retriever(store).search(
        "when did we last see Grandma Ingrid",
        HOUSE,
        newest_first=True,
        min_relevance=0.0,
    )
    assert [item.memory.id for item in page.items] == [
        visit.memory.id,
        decided.memory.id,
    ]
