"""What a time window reads first and leaves out (search/windows.py)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from functools import partial
from typing import TYPE_CHECKING

from custom_components.home_memory.memory.common.values import (
    MemoryFilter,
    MemoryKind,
    NewMemory,
)
from custom_components.home_memory.memory.search.retrieval import Retriever
from custom_components.home_memory.memory.search.windows import (
    habits,
    of_the_day_alone,
    pages_in_time,
    reaching_out,
    reading_order,
)

from ..conftest import ALICE, HOUSE, rowid_of
from .test_retrieval import minilm_store  # noqa: F401 - the fixture

if TYPE_CHECKING:
    from custom_components.home_memory.memory.store import MemoryStore

# Tuesday 10 June 2025, the day asked (the clock stands on 15 June).
DAY = datetime(2025, 6, 10, tzinfo=UTC)
NEXT_DAY = DAY + timedelta(days=1)


def _told(
    store: MemoryStore,
    content: str,
    at: datetime,
    until: datetime | None = None,
    kind: MemoryKind = MemoryKind.EVENT,
) -> int:
    memory = store.create(
        NewMemory(content=content, kind=kind, happened_at=at, happened_until=until),
        ALICE,
    )
    return rowid_of(store, memory.memory.id)


def test_an_event_longer_than_the_window_reaches_out(store: MemoryStore) -> None:
    """A week-long event and a weekend overlap the day but are not known
    to be of it; a point, a span inside it, and a night shift from the
    evening before (no longer than the day) are."""
    inside = _told(store, "The washing machine flooded.", DAY + timedelta(hours=9))
    morning = _told(
        store,
        "We cleaned the cellar.",
        DAY + timedelta(hours=8),
        DAY + timedelta(hours=11),
    )
    week = _told(
        store,
        "We had a flat tyre.",
        DAY - timedelta(days=1),
        DAY + timedelta(days=6),
    )
    night = _told(
        store,
        "Ben worked a night shift.",
        DAY - timedelta(hours=2),
        DAY + timedelta(hours=6),
    )
    weekend = _told(store, "We camped at the lake.", DAY, DAY + timedelta(days=2))
    assert reaching_out(
        store.candidates, [inside, morning, week, night, weekend], DAY, NEXT_DAY
    ) == {week, weekend}


def test_the_days_own_event_is_read_before_the_week_around_it(
    store: MemoryStore,
) -> None:
    """Review s23 R3: "what happened two weeks ago on Tuesday" read the
    week-long "we were at the swimming pool" first and the flood of that
    Tuesday after it; the day's own memory comes first, the longer one
    still follows."""
    week = _told(
        store,
        "We were at the swimming pool that week.",
        DAY - timedelta(days=1),
        DAY + timedelta(days=6),
    )
    day = _told(store, "The laundry room flooded.", DAY + timedelta(hours=9))
    retriever = Retriever(store)
    window = MemoryFilter(happened_after=DAY, happened_before=NEXT_DAY)
    page = retriever.search(
        "were we at the swimming pool", ALICE, window, min_relevance=0.0
    )
    ranked = [rowid_of(store, item.memory.id) for item in page.items]
    assert ranked == [day, week]
    whole = MemoryFilter(
        happened_after=DAY - timedelta(days=1), happened_before=DAY + timedelta(days=6)
    )
    page = retriever.search(
        "were we at the swimming pool", ALICE, whole, min_relevance=0.0
    )
    first = page.items[0].memory
    assert rowid_of(store, first.id) == week


def test_a_habit_or_fact_told_in_the_window_is_no_deed(store: MemoryStore) -> None:
    """Told with no time of its own: a routine, a bare weekday, a fact are
    habits of the window; a deed in the past is not."""
    told = {
        text: rowid_of(
            store, store.create(NewMemory(content=text, kind=kind), ALICE).memory.id
        )
        for text, kind in (
            ("We go swimming every Saturday.", MemoryKind.ROUTINE),
            ("The bins go out on Tuesday.", MemoryKind.FACT),
            ("My locker code is 77.", MemoryKind.FACT),
            ("We repainted the rabbit hutch.", MemoryKind.EVENT),
        )
    }
    assert habits(store.candidates, list(told.values()), "en") == {
        told["We go swimming every Saturday."],
        told["The bins go out on Tuesday."],
        told["My locker code is 77."],
    }


def test_a_deed_asked_reads_deeds_first_and_no_plan_beside_them(
    store: MemoryStore,
) -> None:
    """Review s24 H2: "when did Uncle Tom come" read "Uncle Tom called and
    he's coming to visit at Christmas" and not his visit. A plan is no
    answer to when something was done where a deed is there, and the deeds
    come before the facts."""
    fact = _told(store, "Uncle Tom's wife is called Sabine.", DAY, kind=MemoryKind.FACT)
    call = _told(store, "Uncle Tom called and he's coming to visit at Christmas.", DAY)
    visit = _told(store, "Uncle Tom helped Ben fix the garden fence.", DAY)
    asked = MemoryFilter(deed_asked=True)
    rowids = [fact, call, visit]
    assert [
        rowids[i] for i in reading_order(store.candidates, rowids, asked, "en")
    ] == [
        visit,
        fact,
    ]
    # Where nothing tells a deed, the plan is the answer; unasked, all stay.
    assert reading_order(store.candidates, [fact, call], asked, "en") == [0, 1]
    assert reading_order(store.candidates, rowids, MemoryFilter(), "en") == [0, 1, 2]


class _Texts:
    """What `reading_order` reads of the candidates, asked of no window."""

    def __init__(self, texts: dict[int, str]) -> None:
        self.texts = texts

    def contents(self, rowids: list[int]) -> dict[int, str]:
        return {rowid: self.texts[rowid] for rowid in rowids}


def test_asked_when_a_visitor_comes_their_call_off_is_read_after_the_plan() -> None:
    """Review s31 M6: "when is the window cleaner coming" read "… is not
    coming on Wednesday" before the moved plan that says when he comes.
    The call-off is read after it, and alone it still answers."""
    texts = _Texts(
        {
            1: "The window cleaner is not coming on Wednesday 2 December.",
            2: (
                "The window cleaner is not coming on Tuesday 1 December, he is "
                "coming on Thursday 3 December."
            ),
        }
    )
    asked = "when is the window cleaner coming"
    order = partial(reading_order, texts, flt=MemoryFilter(), language="en")
    assert order([1, 2], query=asked) == [1, 0]  # type: ignore[arg-type]
    assert order([1], query=asked) == [0]  # type: ignore[arg-type]
    # Asked of nothing that comes, as ranked.
    assert order([1, 2]) == [0, 1]  # type: ignore[arg-type]


def test_each_page_is_read_in_the_order_it_happened() -> None:
    """The likeliest page first, each page's memories by when they began."""

    @dataclass(frozen=True)
    class Entry:
        memory_id: str

    ranked = [Entry(name) for name in ("thu", "mon", "sun", "tue", "wed")]
    began = {"mon": 1.0, "tue": 2.0, "wed": 3.0, "thu": 4.0, "sun": 7.0}
    assert [e.memory_id for e in pages_in_time(ranked, 3, began)] == [
        "mon",
        "thu",
        "sun",
        "tue",
        "wed",
    ]


def test_a_memory_near_a_topic_only_as_its_day_is_not_about_it(
    minilm_store: MemoryStore,  # noqa: F811 - the fixture
) -> None:
    """Inside the day asked, "the interview" comes near the day's chores
    (MiniLM: "Ben scrubbed the trailer" 0.28) hardly more than "what
    happened" does (0.25): no answer (CI on Tuesday 1 December). "The
    laundry" comes far nearer the washing machine (0.56) than that
    question (0.15): its answer, without a word of it."""
    told = {
        text: _told(minilm_store, text, DAY + timedelta(hours=9))
        for text in (
            "Ben scrubbed the trailer.",
            "Ben emptied the dishwasher.",
            "The washing machine ran in the utility room.",
        )
    }
    window = MemoryFilter(happened_after=DAY, happened_before=NEXT_DAY)
    retriever = Retriever(minilm_store)

    def found(query: str) -> list[str]:
        page = retriever.search(
            query, HOUSE, window, min_relevance=0.35, topic_in_window=True
        )
        return [item.memory.content for item in page.items]

    # Not the deeds; the washing machine is nearer (0.26, "what happened"
    # 0.15: MiniLM's own noise).
    assert not {"Ben scrubbed the trailer.", "Ben emptied the dishwasher."} & set(
        found("the interview")
    )
    assert found("the laundry")[:1] == ["The washing machine ran in the utility room."]

    @dataclass
    class _Match:
        similarity: float | None
        keyword: float | None = None

    trailer = told["Ben scrubbed the trailer."]
    # By a word of the topic, or without a similarity to judge: not judged.
    assert not of_the_day_alone(
        minilm_store,
        minilm_store.candidates,
        "the trailer",
        [trailer],
        {trailer: _Match(0.53, keyword=1.0)},
    )


def test_read_in_time_the_days_own_event_comes_before_the_week_around_it(
    store: MemoryStore,
) -> None:
    """Review s35: "what happened on Tuesday", read in the order things
    happened, began with the week-long event (begun on Monday) before that
    Tuesday's own flood; the window's own memories come first in time,
    the longer ones reaching out of it after them."""
    week = _told(
        store,
        "We were at the swimming pool that week.",
        DAY - timedelta(days=1),
        DAY + timedelta(days=6),
    )
    day = _told(store, "The laundry room flooded.", DAY + timedelta(hours=9))
    evening = _told(store, "We ate pizza.", DAY + timedelta(hours=19))
    window = MemoryFilter(happened_after=DAY, happened_before=NEXT_DAY)
    page = Retriever(store).start_progressive(
        "what happened", ALICE, window, min_relevance=0.0, in_time_order=True
    )
    read = [rowid_of(store, item.memory.id) for item in page.items]
    assert read == [day, evening, week]
