"""Consolidation: near-duplicates merge, changed facts supersede, the rest stays."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

import numpy as np
import pytest

from custom_components.home_memory.const import DEFAULT_CONSOLIDATION_THRESHOLD
from custom_components.home_memory.memory.common.config import EngineConfig
from custom_components.home_memory.memory.common.values import (
    SYSTEM,
    Caller,
    MemoryKind,
    MemoryPatch,
    NewMemory,
    Source,
    Tier,
    Visibility,
    WeightClass,
)
from custom_components.home_memory.memory.consolidation.consolidation import (
    DEFAULT_MERGE_THRESHOLD,
    DELETED_BY,
    RESUME_KEY,
    Action,
    ConsolidationSettings,
    Consolidator,
    Decision,
    TextRelation,
    compare_texts,
    words,
)
from custom_components.home_memory.memory.store import MemoryStore
from custom_components.home_memory.memory.text.validation import from_timestamp

if TYPE_CHECKING:
    from pathlib import Path

    from custom_components.home_memory.memory.common.values import Memory
    from custom_components.home_memory.memory.embedding.embedder import Embedder

    from .conftest import HashingEmbedder, ManualClock

# The hashing embedder's cosines are word overlaps: looser thresholds than
# MiniLM's keep the same pairs in play.
SETTINGS = ConsolidationSettings(merge_threshold=0.75, supersede_threshold=0.6)


def add(
    store: MemoryStore,
    clock: ManualClock,
    content: str,
    *,
    days_later: float = 1,
    **fields: object,
) -> Memory:
    """Create without create-time dedup (as a bulk import would), a day apart."""
    clock.advance(days=days_later)
    new = NewMemory(content=content, **fields)  # type: ignore[arg-type]
    return store.create_many([new], SYSTEM, dedup=False)[0].memory


def current(store: MemoryStore, memory: Memory) -> Memory:
    """The stored memory now, whoever owns it."""
    [rowid] = store.rowids_of([memory.id])
    return store.fetch([rowid])[rowid]


@pytest.mark.parametrize(
    ("older", "newer", "relation"),
    [
        (
            "My favourite colour is blue.",
            "My favourite colour is green.",
            "changed_value",
        ),
        (
            "I prefer tea in the morning.",
            "I prefer coffee in the morning.",
            "changed_value",
        ),
        (
            "The door code is 1234.",
            "The door code is 5678. Worth remembering.",
            "changed_value",
        ),
        ("I like jazz.", "I don't like jazz anymore.", "negated"),
        (
            "I like my coffee black.",
            "I like my coffee black with no sugar.",
            "restates",
        ),
        ("Anna is allergic to peanuts.", "Anna has a peanut allergy.", "reworded"),
        (
            "The bins go out on Tuesday evening.",
            "We put the bins out every Tuesday evening.",
            "reworded",
        ),
        (
            "We keep the spare house keys in the hallway cabinet.",
            "We keep the spare car keys in the hallway cabinet.",
            "other_slot",
        ),
        (
            "The code for bike lock 1 is 4711.",
            "The code for bike lock 2 is 8812.",
            "other_slot",
        ),
        (
            "The code for bike lock 1 is 4711.",
            "The code for bike lock 2 is 4711.",
            "other_slot",
        ),
        (
            "The code for bike lock 1 is 4711.",
            "The code for bike lock 1 is 8812.",
            "changed_value",
        ),
        (
            "Turn 7: we talked about the boiler and thing number 7.",
            "Turn 9: we talked about the boiler and thing number 9.",
            "other_slot",
        ),
        (
            "The dentist appointment is on Monday at 3 in the afternoon.",
            "The dentist appointment is on Tuesday at 4 in the afternoon.",
            "changed_value",
        ),
        (
            "Last Monday Leo fed the dog and forgot the water bowl. Worth remembering.",
            "Last Thursday Leo fed the dog and forgot the water bowl. Not sure why.",
            "other_slot",
        ),
    ],
)
def test_texts_are_classified_by_their_word_diff(
    older: str, newer: str, relation: str
) -> None:
    """Two texts are related by the words that differ between them."""
    assert compare_texts(words(older), words(newer)) is TextRelation(relation)


@pytest.mark.parametrize(
    ("older", "newer", "relation"),
    [
        (
            "Meine Lieblingsfarbe ist blau.",
            "Meine Lieblingsfarbe ist grün.",
            "changed_value",
        ),
        (
            "Anna trinkt Tee am Morgen.",
            "Anna trinkt Kaffee am Morgen.",
            "changed_value",
        ),
        (
            "Der Code für Fahrradschloss 1 ist 4711.",
            "Der Code für Fahrradschloss 2 ist 8812.",
            "other_slot",
        ),
        (
            "Der Code für Fahrradschloss 1 ist 4711.",
            "Der Code für Fahrradschloss 1 ist 8812.",
            "changed_value",
        ),
        ("Anna mag Jazz.", "Anna mag keinen Jazz mehr.", "negated"),
        ("Wir haben einen Hund.", "Wir haben keinen Hund.", "negated"),
        (
            "Der Ersatzschlüssel liegt unter dem Blumentopf.",
            "Der Ersatzschlüssel liegt unter dem Blumentopf im Garten.",
            "restates",
        ),
        (
            "Wir bewahren die Ersatzschlüssel fürs Haus im Flurschrank auf.",
            "Wir bewahren die Ersatzschlüssel fürs Auto im Flurschrank auf.",
            "other_slot",
        ),
    ],
)
def test_german_texts_are_classified_by_german_words(
    older: str, newer: str, relation: str
) -> None:
    """German negations ("kein", "nicht mehr") and the verbs a value follows
    ("ist", "trinkt") read as the English ones do; with English words the
    German negation and values are not seen."""
    assert compare_texts(words(older, "de"), words(newer, "de"), "de") is (
        TextRelation(relation)
    )


def test_german_words_are_needed_for_german_texts() -> None:
    """Read with English words, a German negation is only a reworded text."""
    older, newer = words("Anna mag Jazz.", "de"), words("Anna mag keinen Jazz.", "de")
    assert compare_texts(older, newer, "de") is TextRelation.NEGATED
    assert compare_texts(older, newer) is not TextRelation.NEGATED


def test_a_newer_german_fact_supersedes_the_older_one(
    tmp_path: Path, clock: ManualClock, hashing_embedder: HashingEmbedder
) -> None:
    """A German household's store (language "de"): the nightly run lets the
    newer favourite colour supersede the older one."""
    store = MemoryStore(
        tmp_path / "memory.db",
        embedder=hashing_embedder,
        clock=clock,
        config=EngineConfig(language="de"),
    )
    try:
        blue = add(
            store, clock, "Meine Lieblingsfarbe ist blau", kind=MemoryKind.PREFERENCE
        )
        green = add(
            store, clock, "Meine Lieblingsfarbe ist grün", kind=MemoryKind.PREFERENCE
        )
        stats = Consolidator(store, SETTINGS).run()
        assert (stats.superseded, stats.merged) == (1, 0)
        assert current(store, green).tier is Tier.ACTIVE
        assert current(store, blue).tier is Tier.DELETED
    finally:
        store.close()


def test_near_duplicates_merge_into_the_richer_text_with_all_metadata(
    store: MemoryStore, clock: ManualClock
) -> None:
    """Near-duplicates merge into the richer text, keeping both memories' metadata."""
    first = add(
        store,
        clock,
        "The spare key is under the blue flower pot",
        tags=("keys",),
        people=("Anna",),
        importance=0.4,
        source_ids=("event:1",),
    )
    store.record_access(store.rowids_of([first.id]), SYSTEM, "search")
    store.record_access(store.rowids_of([first.id]), SYSTEM, "search")
    richer = add(
        store,
        clock,
        "The spare key is under the blue flower pot by the back door",
        tags=("house",),
        importance=0.7,
        weight_class=WeightClass.ROUTINE,
        location="garden",
    )
    store.record_access(store.rowids_of([richer.id]), SYSTEM, "search")
    unrelated = add(store, clock, "Leo's swimming lesson is on Wednesday")

    stats = Consolidator(store, SETTINGS).run()

    assert (stats.merged, stats.absorbed, stats.superseded) == (1, 1, 0)
    merged = current(store, richer)
    assert merged.content == richer.content
    assert merged.tags == ("house", "keys")
    assert merged.people == ("Anna",)
    assert merged.importance == 0.7
    # The most durable class of the two (a fact defaults to significant).
    assert merged.weight_class is WeightClass.SIGNIFICANT
    assert merged.location == "garden"
    assert merged.access_count == 3
    assert merged.created_at == first.created_at
    assert merged.source_ids == (f"memory:{first.id}", "event:1")
    absorbed = current(store, first)
    assert absorbed.tier is Tier.DELETED
    assert absorbed.deleted_by == DELETED_BY
    assert current(store, unrelated).tier is Tier.ACTIVE
    log = store.log_entries(memory_id=richer.id, limit=1)[0]
    assert log.operation == "consolidate"
    assert log.details["absorbed"] == [first.id]
    assert log.details["decided_by"] == "rules"
    assert store.log_entries(memory_id=first.id, limit=1)[0].details == {
        "reason": "consolidate",
        "into": richer.id,
    }
    # Only the survivor is searchable now.
    assert first.id not in {m.id for m in store.list_memories(SYSTEM).items}


def test_a_newer_fact_supersedes_the_older_one(
    store: MemoryStore, clock: ManualClock
) -> None:
    """A newer value of the same preference supersedes the older memory."""
    blue = add(store, clock, "My favourite colour is blue", kind=MemoryKind.PREFERENCE)
    green = add(
        store,
        clock,
        "My favourite colour is green",
        kind=MemoryKind.PREFERENCE,
        importance=0.3,
    )

    stats = Consolidator(store, SETTINGS).run()

    assert (stats.superseded, stats.merged) == (1, 0)
    kept = current(store, green)
    assert kept.tier is Tier.ACTIVE
    assert kept.content == "My favourite colour is green"
    assert kept.source_ids == (f"memory:{blue.id}",)
    assert kept.importance == blue.importance
    old = current(store, blue)
    assert (old.tier, old.deleted_by) == (Tier.DELETED, DELETED_BY)
    assert store.log_entries(memory_id=green.id, limit=1)[0].operation == "supersede"


def test_the_newest_of_a_chain_of_changes_wins(
    store: MemoryStore, clock: ManualClock
) -> None:
    """Of several changes to one fact, only the newest stays active."""
    kind = MemoryKind.FACT
    codes = [
        add(store, clock, f"The code for the garden shed is {code}", kind=kind)
        for code in ("1111", "2222", "3333")
    ]

    stats = Consolidator(store, SETTINGS).run()

    assert stats.superseded == 2
    assert [current(store, m).tier for m in codes] == [
        Tier.DELETED,
        Tier.DELETED,
        Tier.ACTIVE,
    ]
    assert set(current(store, codes[2]).source_ids) == {
        f"memory:{codes[0].id}",
        f"memory:{codes[1].id}",
    }


def test_different_facts_stay_apart(store: MemoryStore, clock: ManualClock) -> None:
    """Other slots, people, owners, events and expiring memories never merge."""
    kept = [
        # Another slot than a value: different things.
        add(store, clock, "We keep the spare house keys in the hallway cabinet"),
        add(store, clock, "We keep the spare car keys in the hallway cabinet"),
        # Different people.
        add(store, clock, "Likes jazz on Sunday mornings", people=("Anna",)),
        add(store, clock, "Likes jazz on Sunday mornings", people=("Ben",)),
        # A number in the subject names another thing: two locks, two codes.
        add(store, clock, "The code for bike lock 1 is 4711."),
        add(store, clock, "The code for bike lock 2 is 8812."),
        add(store, clock, "The code for bike lock 3 is 1234."),
        # Changed numbers of an event are not a changed preference or fact.
        add(store, clock, "The plumber comes at 10 on Friday", kind=MemoryKind.EVENT),
        add(store, clock, "The plumber comes at 11 on Friday", kind=MemoryKind.EVENT),
        # Private memories of two people never merge with each other.
        add(
            store,
            clock,
            "My dentist is Dr Weber in town",
            owner="anna",
            visibility=Visibility.PRIVATE,
        ),
        add(
            store,
            clock,
            "My dentist is Dr Weber in town",
            owner="ben",
            visibility=Visibility.PRIVATE,
        ),
    ]
    # Memories with an expiry are left to expire.
    expiring = [
        add(
            store,
            clock,
            "The window cleaner comes today",
            expires_at=clock_in(clock, 5),
        ),
        add(
            store,
            clock,
            "The window cleaner comes today",
            expires_at=clock_in(clock, 5),
        ),
    ]

    stats = Consolidator(store, SETTINGS).run()

    assert (stats.merged, stats.superseded) == (0, 0)
    for memory in (*kept, *expiring):
        assert current(store, memory).tier is Tier.ACTIVE


def test_a_second_true_fact_of_one_subject_is_never_superseded(
    store: MemoryStore, clock: ManualClock
) -> None:
    """A value and its case both changed, another thing a verb is about, an
    additive word, another object of a relation: two facts overnight too,
    as when they were written (statements.py `adds`)."""
    pairs = (
        (
            "The kids go to bed at 8 pm on school nights.",
            "The kids go to bed at 10 pm on weekends.",
        ),
        (
            "We keep the spare car key in the blue box.",
            "We keep the spare house key in the blue box.",
        ),
        ("Mila is allergic to cats.", "Mila is also allergic to bee stings."),
        ("Noah is allergic to peanuts.", "Noah is allergic to penicillin."),
    )
    kept = [add(store, clock, text) for pair in pairs for text in pair]

    stats = Consolidator(store, SETTINGS).run()

    assert (stats.merged, stats.superseded) == (0, 0)
    for memory in kept:
        assert current(store, memory).tier is Tier.ACTIVE


def clock_in(clock: ManualClock, days: float) -> datetime | None:
    """The datetime `days` after the clock's now."""
    return from_timestamp(clock() + days * 86_400)


def test_a_newer_correction_survives_an_older_text(
    store: MemoryStore, clock: ManualClock
) -> None:
    """A merge keeps the newest text when it corrects a detail of an older
    one, as create would have (statements.relate: a correction)."""
    older = add(store, clock, "Grandma Rosa visits us on Sundays for lunch")
    newer = add(store, clock, "Grandma Rosa visits on Saturdays for lunch with us")

    stats = Consolidator(store, SETTINGS).run()

    assert stats.merged == 1
    assert current(store, newer).tier is Tier.ACTIVE
    assert current(store, newer).content == newer.content
    assert current(store, older).tier is Tier.DELETED


def test_a_changed_detail_create_kept_apart_is_not_merged_away(
    store: MemoryStore, clock: ManualClock
) -> None:
    """Told in another order, create reads another subject and keeps the
    newer statement as a second memory; the night keeps both too, rather
    than let the newer one take the older's place."""
    older = add(
        store,
        clock,
        "The spare key is under the blue flower pot by the old wooden back door",
    )
    newer = add(
        store,
        clock,
        "Under the red flower pot by the back door is where the spare key is",
    )

    stats = Consolidator(store, SETTINGS).run()

    assert (stats.merged, stats.superseded) == (0, 0)
    assert current(store, newer).tier is Tier.ACTIVE
    assert current(store, older).tier is Tier.ACTIVE


def test_private_duplicates_of_one_owner_merge(
    store: MemoryStore, clock: ManualClock
) -> None:
    """Private duplicates of the same owner merge and stay private to that owner."""
    private = {"owner": "anna", "visibility": Visibility.PRIVATE}
    first = add(store, clock, "My dentist is Dr Weber in town", **private)
    second = add(store, clock, "My dentist is Dr Weber in the town centre", **private)

    assert Consolidator(store, SETTINGS).run().merged == 1

    assert current(store, first).tier is Tier.DELETED
    merged = current(store, second)
    assert (merged.owner, merged.visibility) == ("anna", Visibility.PRIVATE)


def test_household_memories_of_different_owners_stay_apart(
    store: MemoryStore, clock: ManualClock
) -> None:
    """Per owner, as create-time dedup: shared with the household or not."""
    household = {"visibility": Visibility.HOUSEHOLD}
    alices = add(
        store, clock, "The bins go out on Tuesday evening", owner="alice", **household
    )
    bobs = add(
        store, clock, "The bins go out on Tuesday evening", owner="bob", **household
    )

    assert Consolidator(store, SETTINGS).run().merged == 0
    assert current(store, alices).tier is current(store, bobs).tier is Tier.ACTIVE

    # The same owner's household duplicates still merge.
    again = add(
        store,
        clock,
        "The bins go out on Tuesday evening, by the gate",
        owner="alice",
        **household,
    )

    stats = Consolidator(store, SETTINGS).run()

    assert stats.merged == 1
    assert current(store, alices).tier is Tier.DELETED
    assert current(store, bobs).tier is Tier.ACTIVE
    merged = current(store, again)
    assert merged.tier is Tier.ACTIVE
    assert (merged.owner, merged.visibility) == ("alice", Visibility.HOUSEHOLD)


def test_a_second_run_has_nothing_left_to_do(
    store: MemoryStore, clock: ManualClock
) -> None:
    """Consolidation is idempotent: a second run finds no candidates."""
    for day in range(3):
        add(store, clock, "The recycling goes out on Thursday evening")
        add(store, clock, f"The recycling goes out on Thursday evening {'!' * day}")
    add(store, clock, "My favourite tea is mint", kind=MemoryKind.PREFERENCE)
    add(store, clock, "My favourite tea is rooibos", kind=MemoryKind.PREFERENCE)
    consolidator = Consolidator(store, SETTINGS)

    first = consolidator.run()
    assert first.merged == 1
    assert first.absorbed == 5
    assert first.superseded == 1
    counts = store.counts()["tier"]

    again = consolidator.run()
    assert (again.candidates, again.merged, again.superseded) == (0, 0, 0)
    assert store.counts()["tier"] == counts


def test_observed_episodes_are_never_merged(
    store: MemoryStore, clock: ManualClock
) -> None:
    """Observed episodes are never consolidation candidates."""
    for _ in range(3):
        add(
            store,
            clock,
            "Anna came home around six and the kitchen lights went on",
            source=Source.OBSERVED,
        )
    stats = Consolidator(store, SETTINGS).run()
    assert (stats.candidates, stats.merged, stats.superseded) == (0, 0, 0)
    assert store.counts()["tier"] == {"active": 3}


def test_a_restored_memory_is_not_absorbed_again(
    store: MemoryStore, clock: ManualClock
) -> None:
    """A memory restored after a merge is not absorbed again by the next run."""
    first = add(store, clock, "The wifi password is on the fridge")
    second = add(store, clock, "The wifi password is on the fridge door")
    consolidator = Consolidator(store, SETTINGS)
    assert consolidator.run().merged == 1
    absorbed = next(
        m for m in (first, second) if current(store, m).tier is Tier.DELETED
    )

    assert store.restore(SYSTEM, ids=[absorbed.id]) == [absorbed.id]

    assert consolidator.run().candidates == 0
    assert current(store, absorbed).tier is Tier.ACTIVE


def test_memories_changed_after_planning_are_left_alone(
    store: MemoryStore, clock: ManualClock
) -> None:
    """A pair changed between planning and applying is skipped, not merged."""
    first = add(store, clock, "Grandma visits every Sunday afternoon")
    second = add(store, clock, "Grandma visits every Sunday afternoon for tea")
    consolidator = Consolidator(store, SETTINGS)
    candidates = consolidator.find_candidates()
    assert len(candidates) == 1

    store.update(first.id, MemoryPatch(importance=0.9), Caller("anna", is_admin=True))
    stats = consolidator.apply([(c, c.suggestion) for c in candidates])

    assert (stats.skipped_changed, stats.merged) == (1, 0)
    assert current(store, first).tier is current(store, second).tier is Tier.ACTIVE
    # The next run plans again from what is there now.
    assert consolidator.run().merged == 1


def test_a_run_stops_between_batches_and_the_next_one_finishes(
    store: MemoryStore, clock: ManualClock
) -> None:
    """A stopped run keeps its finished batches and the next run does the rest."""
    for topic in ("bins", "plants", "fish", "bikes"):
        add(store, clock, f"On Mondays we take care of the {topic} in the morning")
        add(
            store, clock, f"On Mondays we take care of the {topic} in the morning early"
        )
    settings = ConsolidationSettings(
        merge_threshold=SETTINGS.merge_threshold,
        supersede_threshold=SETTINGS.supersede_threshold,
        batch_size=1,
    )
    batches = 0

    def stop_after_two() -> bool:
        nonlocal batches
        batches += 1
        return batches > 3  # planning asks twice, then once per batch

    consolidator = Consolidator(store, settings)
    interrupted = consolidator.run(should_stop=stop_after_two)
    assert not interrupted.completed
    assert 0 < interrupted.merged < 4

    rest = consolidator.run()
    assert rest.completed
    assert interrupted.merged + rest.merged == 4
    assert store.counts()["tier"] == {"active": 4, "deleted": 4}


def test_an_ai_decision_rewrites_the_merged_memory(
    store: MemoryStore, clock: ManualClock
) -> None:
    """An AI merge stores the new wording, re-embeds it and keeps the old for undo."""
    first = add(store, clock, "Anna is allergic to peanuts")
    second = add(store, clock, "Anna is allergic to peanuts and cashews")
    consolidator = Consolidator(store, SETTINGS)
    [candidate] = consolidator.find_candidates()
    merged_text = "Anna is allergic to peanuts and cashews, so we keep both out"
    decision = Decision(
        Action.MERGE, second.id, (first.id,), merged_text, decided_by="ai"
    )

    stats = consolidator.apply([(candidate, decision)])

    assert (stats.merged, stats.decided_by_ai) == (1, 1)
    merged = current(store, second)
    assert merged.content == merged_text
    # Re-embedded: the new wording is what the vector index holds.
    vector = store.index.vector(store.rowids_of([second.id])[0])
    assert vector is not None
    expected = store.embed_query(merged_text)
    assert expected is not None
    assert float(vector @ expected) == pytest.approx(1.0, abs=1e-5)
    # The survivor's previous wording is kept for undo.
    assert store.undo(second.id, SYSTEM).content == second.content


def test_a_keep_decision_changes_nothing(
    store: MemoryStore, clock: ManualClock
) -> None:
    """A keep decision leaves both memories at their version."""
    first = add(store, clock, "I prefer the window open at night")
    second = add(store, clock, "I prefer the window open at night in summer")
    consolidator = Consolidator(store, SETTINGS)
    [candidate] = consolidator.find_candidates()

    stats = consolidator.apply([(candidate, Decision(Action.KEEP, decided_by="ai"))])

    assert (stats.kept, stats.merged) == (1, 0)
    assert current(store, first).version == first.version
    assert current(store, second).version == second.version


def test_undecided_pairs_are_offered_only_when_asked(
    store: MemoryStore, clock: ManualClock
) -> None:
    """Pairs the rules cannot decide are offered only with include_undecided."""
    kind = MemoryKind.PREFERENCE
    add(store, clock, "Mia wants the kitchen quiet during her homework", kind=kind)
    add(store, clock, "Mia wants the kitchen tidy during her homework", kind=kind)
    consolidator = Consolidator(store, SETTINGS)

    assert consolidator.find_candidates() == []
    [undecided] = consolidator.find_candidates(include_undecided=True)
    assert undecided.relation is TextRelation.OTHER_SLOT
    assert undecided.suggestion.action is Action.KEEP


def test_blocked_similarity_finds_the_same_pairs_as_one_block(
    store: MemoryStore, clock: ManualClock
) -> None:
    """Computing similarity in blocks finds the same pairs as one big block."""
    things = (
        "radiator", "boiler", "kettle", "freezer", "printer", "router",
        "doorbell", "sprinkler", "dryer", "oven", "blender", "toaster",
    )  # fmt: skip
    for thing in things:
        add(store, clock, f"The {thing} makes a clicking noise when it starts")
        add(store, clock, f"The {thing} makes a clicking noise when it starts again")
        add(
            store,
            clock,
            f"Private note about the {thing} warranty",
            owner="anna",
            visibility=Visibility.PRIVATE,
        )

    def plan(block_rows: int) -> list[tuple[str, ...]]:
        settings = ConsolidationSettings(
            merge_threshold=SETTINGS.merge_threshold,
            supersede_threshold=SETTINGS.supersede_threshold,
            block_rows=block_rows,
        )
        # Sorted: BLAS sums blocks of other shapes in another order, so equal
        # similarities may differ in the last bit and swap places.
        return sorted(
            tuple(m.id for m in c.memories)
            for c in Consolidator(store, settings).find_candidates()
        )

    single = plan(1024)
    assert len(single) == 12
    assert plan(5) == plan(1) == single


def test_without_an_embedder_there_is_nothing_to_compare(
    store: MemoryStore, clock: ManualClock
) -> None:
    """Without an embedder consolidation finds no candidates."""
    add(store, clock, "Same text")
    add(store, clock, "Same text again")
    store.set_embedder(None)
    assert Consolidator(store, SETTINGS).run().candidates == 0


def test_the_default_threshold_sits_between_paraphrases_and_create_time_dedup(
    store: MemoryStore,
) -> None:
    """The merge threshold lies between supersede and dedup; options repeat it."""
    assert store.config.dedup_threshold > DEFAULT_MERGE_THRESHOLD
    assert ConsolidationSettings().supersede_threshold < DEFAULT_MERGE_THRESHOLD
    # The options repeat the default so that they need not import the engine.
    assert DEFAULT_CONSOLIDATION_THRESHOLD == DEFAULT_MERGE_THRESHOLD


def test_the_absorbed_memory_leaves_the_vector_index(
    store: MemoryStore, clock: ManualClock
) -> None:
    """The absorbed memory leaves the vector index; the survivor's vector is unit."""
    absorbed = add(store, clock, "Dinner is at seven on weekdays")
    survivor = add(store, clock, "Dinner is at seven on weekdays usually")

    Consolidator(store, SETTINGS).run()

    assert store.rowids_of([absorbed.id])[0] not in store.index
    vector = store.index.vector(store.rowids_of([survivor.id])[0])
    assert vector is not None
    assert np.linalg.norm(vector) == pytest.approx(1.0, abs=1e-5)


def test_the_same_event_on_different_days_stays_two(
    store: MemoryStore, clock: ManualClock
) -> None:
    """Two services of the car, in October and in November, are two events;
    the same event told twice about one day still merges."""
    text = "We took the car to the garage for its service"
    october, november, same_day = (
        add(store, clock, content, kind=MemoryKind.EVENT, happened_at=_at(iso))
        for content, iso in (
            (text, "2026-10-05T09:00:00+00:00"),
            (f"{text} again", "2026-11-02T09:00:00+00:00"),
            (f"{text} again", "2026-11-02T10:00:00+00:00"),
        )
    )

    stats = Consolidator(store, SETTINGS).run()

    assert current(store, october).tier is Tier.ACTIVE
    assert stats.merged == 1
    assert {current(store, november).tier, current(store, same_day).tier} == {
        Tier.ACTIVE,
        Tier.DELETED,
    }


def _at(iso: str) -> datetime:
    return datetime.fromisoformat(iso)


# What `remember` stored as separate facts (attack review s17 H2): each
# pair differs in the number or name that says which thing it is about.
DISTINCT_FACTS = (
    "Bus number 12 stops at the town hall.",
    "Bus number 47 stops at the town hall.",
    "Apartment number 3 has a broken window.",
    "Apartment number 5 has a broken window.",
    "Ben's school locker number 14 holds his gym kit.",
    "Ben's school locker number 22 holds his gym kit.",
    "Invoice number 1001 was paid in October.",
    "Invoice number 1002 was paid in October.",
)
PRIVATE_FACTS = tuple(
    f"Carl's Quokkaville trip number {n} stays secret." for n in range(4)
)


def test_a_month_of_nights_keeps_what_create_kept_apart(
    tmp_path: Path, clock: ManualClock, minilm: Embedder
) -> None:
    """Facts create stored as separate memories (MiniLM puts them at
    0.80-0.98, and the night read their swapped numbers as a changed value)
    all survive thirty nights of maintenance; a paraphrase create missed
    still merges, and a changed fact imported without create's check is
    still superseded."""
    store = MemoryStore(tmp_path / "memory.db", embedder=minilm, clock=clock)
    try:
        created = []
        for content in DISTINCT_FACTS:
            clock.advance(seconds=60)
            created.append(store.create_many([NewMemory(content=content)], SYSTEM)[0])
        for content in PRIVATE_FACTS:
            clock.advance(seconds=60)
            new = NewMemory(
                content=content, owner="carl", visibility=Visibility.PRIVATE
            )
            created.append(store.create_many([new], SYSTEM)[0])
        assert {str(result.action) for result in created} == {"created"}
        paraphrase = [
            store.create_many([NewMemory(content=content)], SYSTEM)[0]
            for content in (
                "The bins go out on Tuesday evening.",
                "We put the bins out every Tuesday evening.",
            )
        ]
        assert {str(result.action) for result in paraphrase} == {"created"}
        blue = add(store, clock, "My favourite colour is blue.", days_later=0.01)
        green = add(store, clock, "My favourite colour is green.", days_later=0.01)

        removed: list[str] = []
        for _ in range(30):
            clock.advance(days=1)
            store.run_maintenance()
            removed += Consolidator(store).run().removed_ids

        for result in created:
            assert current(store, result.memory).tier is Tier.ACTIVE, (
                result.memory.content
            )
        assert current(store, green).tier is Tier.ACTIVE
        assert current(store, blue).tier is Tier.DELETED
        bins = [current(store, result.memory).tier for result in paraphrase]
        assert sorted(bins) == sorted([Tier.ACTIVE, Tier.DELETED])
        assert len(removed) == 2
    finally:
        store.close()


def test_a_run_past_its_budget_goes_on_the_next_night(
    store: MemoryStore, clock: ManualClock
) -> None:
    """With room for a few pairs a night, each run judges at most that many,
    the store keeps where the next one starts, and night by night the same
    duplicates merge as in one run without a budget."""
    things = ("radiator", "boiler", "kettle", "freezer", "printer", "router")
    for thing in things:
        add(store, clock, f"The {thing} makes a clicking noise when it starts")
        add(store, clock, f"The {thing} makes a clicking noise when it starts again")
    roomy = Consolidator(store, SETTINGS).find_candidates()
    expected = sorted(tuple(m.id for m in c.memories) for c in roomy)
    assert len(expected) == len(things)

    tight = ConsolidationSettings(
        merge_threshold=SETTINGS.merge_threshold,
        supersede_threshold=SETTINGS.supersede_threshold,
        max_neighbours=1,
        max_pairs=2,
        block_rows=2,
    )
    merged: list[tuple[str, ...]] = []
    nights = 0
    while True:
        consolidator = Consolidator(store, tight)
        candidates = consolidator.find_candidates()
        stats = consolidator.apply([(c, c.suggestion) for c in candidates])
        nights += 1
        assert stats.pairs <= tight.max_pairs
        merged += [tuple(m.id for m in c.memories) for c in candidates]
        if not stats.budget_reached:
            break
        with store.read() as conn:
            assert conn.execute(
                "SELECT value FROM engine_meta WHERE key = ?", (RESUME_KEY,)
            ).fetchone()
    assert nights == 3
    assert sorted(merged) == expected
    with store.read() as conn:
        assert not conn.execute(
            "SELECT value FROM engine_meta WHERE key = ?", (RESUME_KEY,)
        ).fetchone()


def test_the_search_budget_is_read_on_the_given_clock(
    store: MemoryStore, clock: ManualClock
) -> None:
    """Seconds of searching are counted on the consolidator's timer: past the
    budget after the first block, the run ends there (no sleeping)."""
    for thing in ("radiator", "boiler", "kettle"):
        add(store, clock, f"The {thing} makes a clicking noise when it starts")
        add(store, clock, f"The {thing} makes a clicking noise when it starts again")
    ticks = iter(range(0, 1000, 10))
    settings = ConsolidationSettings(
        merge_threshold=SETTINGS.merge_threshold,
        supersede_threshold=SETTINGS.supersede_threshold,
        block_rows=2,
        search_seconds=5.0,
    )
    stats = Consolidator(store, settings, timer=lambda: float(next(ticks))).run()
    assert (stats.merged, stats.budget_reached) == (1, True)
    assert Consolidator(store, SETTINGS).run().merged == 2
