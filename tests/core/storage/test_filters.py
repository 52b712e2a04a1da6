"""A MemoryFilter as SQL: listing and search agree on what a filter means."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING

from custom_components.home_memory.memory.common.values import (
    Caller,
    MemoryFilter,
    NewMemory,
    Origin,
    Source,
    Tier,
    Visibility,
    origin_of,
)
from custom_components.home_memory.memory.search.retrieval import Retriever
from custom_components.home_memory.memory.storage.filters import filter_sql
from custom_components.home_memory.memory.store import MemoryStore

from ..conftest import ALICE, BOB, HOUSE, ManualClock, new_memory

if TYPE_CHECKING:
    from pathlib import Path

ANNA = Caller("anna")


def test_expired_memories_stop_being_returned_at_once(
    store: MemoryStore, clock: ManualClock
) -> None:
    """An expired memory leaves search at once, before any maintenance runs."""
    soon = datetime.fromtimestamp(clock.value, UTC) + timedelta(hours=1)
    memory = store.create(
        new_memory("The guest wifi code is 4411", expires_at=soon), HOUSE
    ).memory
    query = store.embed_query("guest wifi code")
    assert query is not None
    assert store.candidates.vector_candidates(query, HOUSE, MemoryFilter(), 5)
    assert store.candidates.keyword_candidates("wifi", HOUSE, MemoryFilter(), 5)
    clock.advance(seconds=3601)
    assert store.candidates.vector_candidates(query, HOUSE, MemoryFilter(), 5) == []
    assert store.candidates.keyword_candidates("wifi", HOUSE, MemoryFilter(), 5) == []
    assert store.list_memories(HOUSE).total == 0
    assert (
        store.list_memories(HOUSE, MemoryFilter(include_expired=True)).items[0].id
        == memory.id
    )


def test_private_of_lists_only_that_person_s_private_memories(
    store: MemoryStore,
) -> None:
    """MemoryFilter.private_of keeps one person's private memories, in any tier."""
    mine = store.create(
        new_memory("Alice's diary", owner="alice", visibility=Visibility.PRIVATE), ALICE
    ).memory
    bobs = store.create(
        new_memory("Bob's diary", owner="bob", visibility=Visibility.PRIVATE), BOB
    ).memory
    shared = store.create(new_memory("The hall light is new"), HOUSE).memory
    store.soft_delete(ALICE, ids=[mine.id, shared.id])
    store.soft_delete(BOB, ids=[bobs.id])
    deleted = MemoryFilter(tiers=(Tier.DELETED,), private_of="alice")
    assert [m.id for m in store.list_memories(ALICE, deleted).items] == [mine.id]
    household = MemoryFilter(
        tiers=(Tier.DELETED,), private_of="alice", visibility=Visibility.HOUSEHOLD
    )
    assert store.list_memories(ALICE, household).total == 0
    # Bob's own memories are Bob's: private_of never widens what a caller sees.
    assert store.list_memories(BOB, deleted).total == 0


def test_origins_tell_voice_action_observed_extracted_imported(
    store: MemoryStore,
) -> None:
    """Each origin filter finds exactly the memories of that origin."""
    made = {
        Origin.VOICE: store.create(
            NewMemory(content="the bins go out on monday", source_ids=("conv-1",)),
            ANNA,
        ),
        Origin.ACTION: store.create(
            NewMemory(content="the wifi password is on the fridge"), ANNA
        ),
        Origin.OBSERVED: store.create(
            NewMemory(
                content="I noticed the door open at night", source=Source.OBSERVED
            ),
            ANNA,
        ),
        Origin.EXTRACTED: store.create(
            NewMemory(content="Ben likes green tea", source=Source.EXTRACTED), ANNA
        ),
        Origin.IMPORTED: store.create(
            NewMemory(
                content="the boiler was serviced in may", source=Source.MIGRATION
            ),
            ANNA,
        ),
    }
    for origin, result in made.items():
        assert result.memory.origin is origin
        found = store.list_memories(ANNA, MemoryFilter(origins=(origin,))).items
        assert [m.id for m in found] == [result.memory.id]
    both = store.list_memories(
        ANNA, MemoryFilter(origins=(Origin.VOICE, Origin.OBSERVED))
    ).items
    assert {m.id for m in both} == {
        made[Origin.VOICE].memory.id,
        made[Origin.OBSERVED].memory.id,
    }
    assert origin_of(Source.EXPLICIT, ()) is Origin.ACTION


def test_the_tier_index_serves_list_pages(store: MemoryStore) -> None:
    """A page of one tier reads the (tier, created_at) index, without a sort."""
    where, params = filter_sql(MemoryFilter(tiers=(Tier.ACTIVE,)), ANNA, 0.0)
    with store.read() as conn:
        plan = " ".join(
            str(row[3])
            for row in conn.execute(
                f"EXPLAIN QUERY PLAN SELECT rowid FROM memories m WHERE {where} "
                "AND (m.created_at, m.rowid) < (?, ?) "
                "ORDER BY m.created_at DESC, m.rowid DESC LIMIT 10",
                [*params, 1e12, 10**9],
            )
        )
    assert "memories_tier_created" in plan
    assert "TEMP B-TREE" not in plan


def test_tags_and_people_match_whatever_their_spelling(store: MemoryStore) -> None:
    """Tag and person filters compare label keys: case and spacing do not matter."""
    tagged = store.create(
        new_memory("The hall light is new", tags=("Hall Light",), people=("Anna",)),
        HOUSE,
    ).memory
    store.create(new_memory("The boiler is old", tags=("boiler",)), HOUSE)
    for flt in (
        MemoryFilter(tags=("hall light",)),
        MemoryFilter(tags=("HALL LIGHT",)),
        MemoryFilter(people=("anna",)),
    ):
        assert [m.id for m in store.list_memories(HOUSE, flt).items] == [tagged.id]
    both = MemoryFilter(tags=("hall light", "boiler"))
    assert store.list_memories(HOUSE, both).total == 0


def test_the_clause_shows_the_caller_only_household_and_own_memories() -> None:
    """Every clause limits rows to household ones and the caller's own."""
    where, params = filter_sql(MemoryFilter(), BOB, 0.0)
    assert "(m.visibility = 'household' OR m.owner = ?)" in where
    assert "bob" in params
    assert "m.expires_at" in where
    where, _ = filter_sql(MemoryFilter(include_expired=True), BOB, 0.0)
    assert "m.expires_at" not in where


def test_created_bounds_take_the_start_and_leave_the_end(
    store: MemoryStore, clock: ManualClock
) -> None:
    """created_after includes its instant; created_before excludes its own."""
    first = store.create(new_memory("The first note"), HOUSE).memory
    clock.advance(seconds=60)
    second = store.create(new_memory("The second note"), HOUSE).memory
    after = MemoryFilter(created_after=second.created_at)
    before = MemoryFilter(created_before=second.created_at)
    assert [m.id for m in store.list_memories(HOUSE, after).items] == [second.id]
    assert [m.id for m in store.list_memories(HOUSE, before).items] == [first.id]


def test_a_window_also_holds_habits_and_plans_that_name_its_day(
    store: MemoryStore, clock: ManualClock
) -> None:
    """`window_or_naming`: besides what happened in the window, a memory that
    names the day asked about passes when its time is only its telling (a
    habit) or lies after the window (a plan); an event dated to another
    Tuesday and what the home observed then do not, nor does a private
    memory of someone else."""
    now = clock.value
    day = 86_400.0

    def at(seconds: float) -> datetime:
        return datetime.fromtimestamp(seconds, UTC)

    window = MemoryFilter(
        happened_after=at(now - 2 * day),
        happened_before=at(now - day),
        window_or_naming=("tuesday",),
    )

    def make(content: str, **fields: object) -> str:
        return store.create(NewMemory(content=content, **fields), HOUSE).memory.id  # type: ignore[arg-type]

    inside = make("The washing machine ran.", happened_at=at(now - 1.5 * day))
    habit = make("The plumber comes on Tuesday.")
    plan = make("The electrician comes on Tuesday.", happened_at=at(now + 5 * day))
    make("We went to the dentist on Tuesday.", happened_at=at(now - 20 * day))
    make(
        "Tuesday morning: the kettle was on.",
        source=Source.OBSERVED,
        segment_start=at(now - 20 * day),
        segment_end=at(now - 20 * day + 600),
    )
    store.create(
        NewMemory(
            content="My Tuesday therapy is secret.",
            owner="alice",
            visibility=Visibility.PRIVATE,
        ),
        ALICE,
    )
    found = {m.id for m in store.list_memories(BOB, window).items}
    assert found == {inside, habit, plan}
    # Without the words, the window alone.
    plain = MemoryFilter(
        happened_after=window.happened_after, happened_before=window.happened_before
    )
    assert {m.id for m in store.list_memories(BOB, plain).items} == {inside}


def test_a_span_far_longer_than_the_window_is_no_answer_to_it(
    store: MemoryStore, clock: ManualClock
) -> None:
    """A memory dated a season ("in winter 2026/27") overlaps every day of
    it, but did not happen on the day asked (review s32 M1); a week's
    answers a day of it, a season a month of it (SPAN_PER_WINDOW)."""
    now = clock.value
    day = 86_400.0

    def at(seconds: float) -> datetime:
        return datetime.fromtimestamp(seconds, UTC)

    def make(content: str, start: float, days: float) -> str:
        told = NewMemory(
            content=content,
            happened_at=at(start),
            happened_until=at(start + days * day),
        )
        return store.create(told, HOUSE).memory.id

    season = make("We are redecorating the hall in winter.", now - 10 * day, 90)
    weekend = make("We cleared out the attic that week.", now - 3.5 * day, 7)
    today = MemoryFilter(happened_after=at(now - day), happened_before=at(now))
    listed = {m.id for m in store.list_memories(HOUSE, today).items}
    assert listed == {weekend}
    month = MemoryFilter(happened_after=at(now - 30 * day), happened_before=at(now))
    listed = {m.id for m in store.list_memories(HOUSE, month).items}
    assert listed == {season, weekend}


def test_teller_keeps_what_one_person_told(store: MemoryStore) -> None:
    """MemoryFilter.teller: said by them in a conversation (their speaker),
    or told by their action (they own it, nobody spoke it); not another's,
    not what the home observed, not a household memory of no teller."""
    said = store.create(
        new_memory("The spare key is under the pot", speaker="alice", owner="alice"),
        ALICE,
    ).memory
    by_action = store.create(
        new_memory("The cookies are in the blue tin", owner="alice"), ALICE
    ).memory
    store.create(
        new_memory("The bikes are in the shed", speaker="bob", owner="bob"), BOB
    )
    store.create(new_memory("The hall light is new"), HOUSE)
    store.create(
        new_memory("Alice came home", source=Source.OBSERVED, owner="alice"), HOUSE
    )
    told = store.list_memories(BOB, MemoryFilter(teller="alice")).items
    assert sorted(m.id for m in told) == sorted([said.id, by_action.id])
    assert all(m.teller == "alice" for m in told)


def test_a_told_window_finds_what_was_told_then_whatever_it_is_about(
    tmp_path: Path, clock: ManualClock
) -> None:
    """A window on when memories were told (created) makes them candidates
    of a search however few words they share with it, as an event window
    does: "what did I tell you today" finds a plan told today for Saturday,
    with no model to say how near it is too (by words alone)."""
    store = MemoryStore(tmp_path / "memory.db", embedder=None, clock=clock)
    retriever = Retriever(store)
    yesterday = store.create(
        new_memory("The watering can is in the cellar", speaker="alice"), ALICE
    ).memory
    clock.advance(days=1)
    today = datetime.fromtimestamp(clock.value, UTC)
    saturday = store.create(
        new_memory(
            "Peter comes on Saturday",
            speaker="alice",
            happened_at=today + timedelta(days=4),
        ),
        ALICE,
    ).memory
    flt = MemoryFilter(
        teller="alice",
        created_after=today - timedelta(hours=1),
        created_before=today + timedelta(hours=1),
    )
    found = retriever.search("what did I tell you", ALICE, flt, min_relevance=0)
    assert [item.memory.id for item in found.items] == [saturday.id]
    assert yesterday.id not in [item.memory.id for item in found.items]
    store.close()
