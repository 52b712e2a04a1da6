"""Orders a ranking takes besides the best score first (search/orders.py)."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING

from custom_components.home_memory.memory.common.values import (
    MemoryFilter,
    MemoryKind,
    NewMemory,
)
from custom_components.home_memory.memory.search.retrieval import Retriever

from ..conftest import HOUSE

if TYPE_CHECKING:
    from custom_components.home_memory.memory.store import MemoryStore

    from ..conftest import ManualClock


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


def test_what_was_told_comes_in_the_order_told_however_often_asked(
    store: MemoryStore, clock: ManualClock
) -> None:
    """Review s41 MED-2: "what did I tell you today" came back by relevance
    to words that name no topic, and in another order at each ask (each
    ask's access counted). Asked in the order told, every surface of the
    retriever lists the day's tellings oldest first, the same each time."""
    start = clock()
    told = [
        "The spare key is under the flower pot",
        "The cookies are in the blue tin",
        "I told you the plumber comes, you told me to tell you",
        "Peter is coming on Saturday",
    ]
    for text in told:
        store.create(NewMemory(content=text), HOUSE)
        clock.advance(seconds=60)
    clock.advance(seconds=7200)
    asked = "What did I tell you?"
    window = MemoryFilter(
        created_after=datetime.fromtimestamp(start, UTC),
        created_before=datetime.fromtimestamp(clock(), UTC),
    )
    retriever = Retriever(store)
    by_relevance = retriever.search(asked, HOUSE, window, min_relevance=0.0)
    assert [s.memory.content for s in by_relevance.items] != told
    in_order = replace(window, in_order_told=True)
    for _ in range(3):  # each search counts an access
        page = retriever.search(asked, HOUSE, in_order, min_relevance=0.0)
        assert [s.memory.content for s in page.items] == told
    listed = retriever.start_progressive(asked, HOUSE, in_order, min_relevance=0.0)
    assert [s.memory.content for s in listed.items] == told[:3]
    context = retriever.context(asked, HOUSE, flt=in_order, min_relevance=0.0)
    assert [s.memory.content for s in context.memories] == told[: len(context.memories)]


def test_the_last_told_comes_first_when_asked_newest_first(
    store: MemoryStore, clock: ManualClock
) -> None:
    """ "What did I tell you last?" (session 41): in the order told, the
    last told first, whatever their happened times."""
    told = [
        "The spare key is under the flower pot",
        "The cookies are in the blue tin",
        "Peter is coming on Saturday",
    ]
    for text in told:
        store.create(NewMemory(content=text), HOUSE)
        clock.advance(seconds=60)
    page = Retriever(store).search(
        "What did I tell you?",
        HOUSE,
        MemoryFilter(in_order_told=True),
        min_relevance=0.0,
        newest_first=True,
    )
    assert [s.memory.content for s in page.items] == told[::-1]


def test_what_happened_nearest_the_asked_time_comes_first(
    store: MemoryStore,
) -> None:
    """Live review s42 LOW-8: "what happened yesterday at 7 pm" (18:00 to
    20:00) listed the 18:10 event before the 19:05 one. Asked nearest
    19:00, every surface of the retriever lists the 19:05 first (after
    the dishwasher running through 19:00); with two
    moments (morning or evening, "gestern um acht") the one nearest
    either; an event lasting through the moment is at it."""
    day = datetime(2026, 3, 3, tzinfo=UTC)
    told = {
        "The cat came in through the cat flap.": (18, 10, None),
        "The postman rang the doorbell.": (19, 5, None),
        "The dishwasher ran in the kitchen.": (
            18,
            30,
            day + timedelta(hours=19, minutes=30),
        ),
    }
    for text, (hour, minute, until) in told.items():
        store.create(
            NewMemory(
                content=text,
                kind=MemoryKind.EVENT,
                happened_at=day + timedelta(hours=hour, minutes=minute),
                happened_until=until,
            ),
            HOUSE,
        )
    evening = MemoryFilter(
        happened_after=day + timedelta(hours=18),
        happened_before=day + timedelta(hours=20),
        nearest_to=(day + timedelta(hours=19),),
    )
    nearest = [
        "The dishwasher ran in the kitchen.",
        "The postman rang the doorbell.",
        "The cat came in through the cat flap.",
    ]
    retriever = Retriever(store)
    asked = "What happened?"
    page = retriever.search(asked, HOUSE, evening, min_relevance=0.0)
    assert [s.memory.content for s in page.items] == nearest
    listed = retriever.start_progressive(asked, HOUSE, evening, min_relevance=0.0)
    assert [s.memory.content for s in listed.items] == nearest[:3]
    context = retriever.context(asked, HOUSE, flt=evening, min_relevance=0.0)
    assert [s.memory.content for s in context.memories] == nearest[
        : len(context.memories)
    ]
    # Morning or evening: 06:10 or 18:10, the cat first.
    either = replace(
        evening,
        happened_after=day,
        happened_before=day + timedelta(days=1),
        nearest_to=(
            day + timedelta(hours=6, minutes=10),
            day + timedelta(hours=18, minutes=10),
        ),
    )
    page = retriever.search(asked, HOUSE, either, min_relevance=0.0)
    assert page.items[0].memory.content == "The cat came in through the cat flap."


def test_a_day_told_by_its_date_is_not_at_the_asked_hour(store: MemoryStore) -> None:
    """Live review s42 M2: "what happened yesterday at 7 pm" said "1:
    Yesterday: The gutter was cleaned." before the dog's walk at 19:05: a
    day told by its date lasts through 19:00 but says nothing of it. It
    comes after what happened near the hour; a short event lasting through
    it still comes first."""
    day = datetime(2026, 3, 3, tzinfo=UTC)
    for text, start, until in (
        ("The gutter was cleaned.", day, day + timedelta(days=1)),
        ("Anna took the dog for a walk.", day + timedelta(hours=19, minutes=5), None),
        (
            "The dishwasher ran in the kitchen.",
            day + timedelta(hours=18, minutes=30),
            day + timedelta(hours=19, minutes=30),
        ),
        ("The cat came in.", day + timedelta(hours=16), None),
    ):
        store.create(
            NewMemory(
                content=text,
                kind=MemoryKind.EVENT,
                happened_at=start,
                happened_until=until,
            ),
            HOUSE,
        )
    asked = MemoryFilter(
        happened_after=day,
        happened_before=day + timedelta(days=1),
        nearest_to=(day + timedelta(hours=19),),
    )
    page = Retriever(store).search("What happened?", HOUSE, asked, min_relevance=0.0)
    assert [s.memory.content for s in page.items] == [
        "The dishwasher ran in the kitchen.",
        "Anna took the dog for a walk.",
        "The cat came in.",
        "The gutter was cleaned.",
    ]
