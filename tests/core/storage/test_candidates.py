"""Search's candidate reads: filtered vector scans and selective keywords."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from custom_components.home_memory.memory.common.config import EngineConfig
from custom_components.home_memory.memory.common.values import (
    MemoryFilter,
    MemoryPatch,
    Tier,
    Visibility,
)
from custom_components.home_memory.memory.storage import (
    candidates as candidates_module,
)
from custom_components.home_memory.memory.store import (
    MemoryStore,
)

from ..conftest import (
    ADMIN,
    ALICE,
    BOB,
    HOUSE,
    HashingEmbedder,
    ManualClock,
    new_memory,
    rowid_of,
)

if TYPE_CHECKING:
    from pathlib import Path

    import pytest


def test_filtered_vector_scan_is_the_same_with_and_without_sqlite_vec(
    tmp_path: Path, clock: ManualClock
) -> None:
    """A filtered vector scan gives the same results with or without sqlite-vec."""
    texts = [
        f"note {i} about the {w} in the {r}"
        for i, (w, r) in enumerate(
            (w, r)
            for w in ("kettle", "heater", "window", "plant", "lamp")
            for r in ("kitchen", "hall", "attic", "garage")
        )
    ]
    results = {}
    for use in (True, False):
        store = MemoryStore(
            tmp_path / f"{use}.db",
            embedder=HashingEmbedder(),
            clock=clock,
            use_sqlite_vec=use,
        )
        try:
            store.create_many(
                [
                    new_memory(t, tags=("even",) if i % 2 == 0 else ())
                    for i, t in enumerate(texts)
                ],
                HOUSE,
            )
            gone = store.list_memories(HOUSE, MemoryFilter(tags=("even",)), limit=3)
            store.soft_delete(HOUSE, ids=[m.id for m in gone.items])
            query = store.embed_query("lamp in the attic")
            assert query is not None
            active = store.candidates.vector_candidates(
                query, HOUSE, MemoryFilter(tags=("even",)), 5
            )
            deleted = store.candidates.vector_candidates(
                query, ADMIN, MemoryFilter(tiers=(Tier.DELETED,)), 5
            )
            expected = "sqlite-vec" if use else "numpy"
            assert store.backends()["filtered_vector_scan"] == expected
            results[use] = (
                [(store.fetch([r])[r].content, round(s, 5)) for r, s in active],
                [(store.fetch([r])[r].content, round(s, 5)) for r, s in deleted],
            )
        finally:
            store.close()
    assert results[True] == results[False]
    assert len(results[True][0]) == 5
    assert len(results[True][1]) == 3


def test_large_stores_leave_common_words_to_the_vectors(
    store: MemoryStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In large stores, words in too many rows are left to vector search."""
    monkeypatch.setattr(candidates_module, "_PRUNE_FROM_ROWS", 10)
    monkeypatch.setattr(candidates_module, "_KEYWORD_ROW_BUDGET", 5)
    store.create_many(
        [new_memory(f"the house note number{i}") for i in range(60)]
        + [new_memory(f"a garden note about roses{i}") for i in range(3)]
        + [new_memory("The house smells of lavender")],
        HOUSE,
    )
    everything = MemoryFilter()
    # "house" is in 61 memories: over the budget alone, pruned; "lavender" in
    # one: kept; "garden" (3) still fits beside "lavender", "note" (63) not.
    assert store.candidates.keyword_candidates("house", HOUSE, everything, 5) == []
    garden = store.candidates.keyword_candidates(
        "garden lavender note", HOUSE, everything, 9
    )
    assert len(garden) == 4
    [(rowid, _)] = store.candidates.keyword_candidates(
        "house lavender", HOUSE, everything, 5
    )
    assert store.fetch([rowid])[rowid].content == "The house smells of lavender"
    # A row the search takes in later is scored with the same words.
    hits = store.candidates.keyword_hits("house lavender", HOUSE, everything, 5)
    assert hits.scores([rowid]).keys() == {rowid}
    pruned = store.candidates.keyword_hits("house", HOUSE, everything, 5)
    assert pruned.scores([rowid]) == {}


def test_a_german_home_looks_for_the_content_words_of_a_german_question(
    tmp_path: Path, clock: ManualClock, hashing_embedder: HashingEmbedder
) -> None:
    """ "Wo ist mein Reisepass?" looks for "Reisepass", not "ist" and "mein"
    (which "Mein Tresorcode ist 1234." shares): the household language's
    function words are dropped as English ones are, and so are they in an
    English home when the question is asked in German ("bin" matched the
    bins there, review s18)."""
    german = MemoryStore(
        tmp_path / "de.db",
        embedder=hashing_embedder,
        clock=clock,
        config=EngineConfig(language="de"),
    )
    english = MemoryStore(tmp_path / "en.db", embedder=hashing_embedder, clock=clock)
    try:
        for store in (german, english):
            store.create(new_memory("Mein Tresorcode ist 1234."), HOUSE)
        question = "Wo ist mein Reisepass?"
        everything = MemoryFilter()
        assert (
            german.candidates.keyword_candidates(question, HOUSE, everything, 5) == []
        )
        assert (
            english.candidates.keyword_candidates(question, HOUSE, everything, 5) == []
        )
        [(rowid, _)] = german.candidates.keyword_candidates(
            "Was weißt du über den Tresorcode?", HOUSE, everything, 5
        )
        assert german.fetch([rowid])[rowid].content == "Mein Tresorcode ist 1234."
    finally:
        german.close()
        english.close()


def test_thread_links_skip_what_the_caller_may_not_see(
    store: MemoryStore, clock: ManualClock
) -> None:
    """Each seed's neighbours in its thread are the nearest rows the caller may
    see; a neighbour not yet known gets its own two neighbours as well, one
    step further out. A seed the filter hides still has neighbours (its own
    place in the thread), and a memory outside any thread has none."""
    rowids: list[int] = []
    for i in range(7):
        # Bob's t2 is private.
        private = {"owner": "bob", "visibility": Visibility.PRIVATE} if i == 2 else {}
        [created] = store.create_many(
            [new_memory(f"turn {i}", thread="chat", **private)],
            BOB if private else HOUSE,
        )
        rowids.extend(store.rowids_of([created.memory.id]))
        clock.advance(seconds=60)
    [loose] = store.create_many([new_memory("no thread")], HOUSE)
    [loose_rowid] = store.rowids_of([loose.memory.id])
    t0, t1, t2, t3, t4, t5, t6 = rowids
    everything = MemoryFilter()
    links = store.candidates.thread_links
    # t2 is Bob's: Alice's t3 lies between t1 and t4.
    assert links([t3, loose_rowid], ALICE, everything, {t3}) == {
        t3: (t1, t4),
        t1: (t0, t3),
        t4: (t3, t5),
    }
    # A neighbour already known is not looked at further.
    assert links([t3], ALICE, everything, {t3, t4}) == {t3: (t1, t4), t1: (t0, t3)}
    # Bob sees t2; the ends of a thread have no neighbour beyond them.
    assert links([t0, t6], BOB, everything, {t0, t6}) == {
        t0: (None, t1),
        t1: (t0, t2),
        t6: (t5, None),
        t5: (t4, t6),
    }
    # Alice's filter hides the seed t2 itself: its neighbours are hers, and
    # theirs skip it.
    assert links([t2], ALICE, everything, {t2}) == {
        t2: (t1, t3),
        t1: (t0, t3),
        t3: (t1, t4),
    }
    # A shallow row gets its own two neighbours, and no one further out:
    # t5's neighbours join (t5 is a seed), t0's and t1's do not.
    assert links([t5], ALICE, everything, {t5, t1}, shallow=[t1, t5]) == {
        t5: (t4, t6),
        t4: (t3, t5),
        t6: (t5, None),
        t1: (t0, t3),
    }
    # Nothing but shallow rows: their neighbours only, nothing new.
    assert links([], BOB, everything, {t1, t3}, shallow=[t1, t3, loose_rowid]) == {
        t1: (t0, t2),
        t3: (t2, t4),
    }


def test_told_texts_are_those_whose_time_is_their_telling(
    store: MemoryStore, clock: ManualClock
) -> None:
    """A memory told with no time of its own (its event time is its
    telling) gives its text and kind; one dated to another day does not."""
    habit = store.create(new_memory("We go swimming every Saturday."), HOUSE)
    dated = store.create(
        replace(
            new_memory("We baked an apple pie."),
            happened_at=datetime.fromtimestamp(clock() - 3 * 86_400, UTC),
        ),
        HOUSE,
    )
    rowids = store.candidates.window_candidates(HOUSE, MemoryFilter(), 10)
    told = store.candidates.told_texts(rowids)
    assert [text for text, _ in told.values()] == [habit.memory.content]
    assert dated.memory.content not in [text for text, _ in told.values()]


def test_prefix_texts_are_those_the_caller_may_see(store: MemoryStore) -> None:
    """Memories holding a word that starts with a stem ("allerg": allergic,
    allergies; "müll": Mülltonnen, umlaut folded as FTS5 folds it) but not
    the word asked, with their text; not another's private one, nor those
    the search skips."""
    texts = {
        "Anna is allergic to penicillin": {},
        "Ben's allergies are worse in May": {},
        "Die Mülltonnen werden dienstags rausgestellt": {},
        "The plumber comes on Tuesday": {},
        "Bob is allergic to cats": {
            "owner": BOB.user_id,
            "visibility": Visibility.PRIVATE,
        },
    }
    made = {
        text: store.create(new_memory(text, **fields), BOB if fields else ALICE)
        for text, fields in texts.items()
    }
    rowids = {rowid_of(store, m.memory.id): text for text, m in made.items()}
    everything = MemoryFilter()

    def found(
        starts: list[tuple[str, str | None]], skip: set[int] | None = None
    ) -> set[str]:
        got = store.candidates.prefix_texts(starts, ALICE, everything, skip or set())
        assert all(text.startswith(rowids[rowid]) for rowid, text in got.items())
        return {rowids[rowid] for rowid in got}

    assert found([("allerg", None)]) == {
        "Anna is allergic to penicillin",
        "Ben's allergies are worse in May",
    }
    # Not those holding the word itself (the keyword search finds them).
    assert found([("allerg", "allergies")]) == {"Anna is allergic to penicillin"}
    anna = next(r for r, text in rowids.items() if text.startswith("Anna"))
    assert found([("allerg", None)], {anna}) == {"Ben's allergies are worse in May"}
    assert found([("müll", "müll")]) == {"Die Mülltonnen werden dienstags rausgestellt"}
    assert found([("quantum", None)]) == set()
    assert found([]) == set()


def test_everyone_is_read_again_after_a_write(store: MemoryStore) -> None:
    """The people memories are about, known before a search's candidates,
    and current after a write, a deletion included."""
    assert store.candidates.everyone() == frozenset()
    made = store.create(new_memory("Anna waters the plants", people=["Anna"]), ALICE)
    assert store.candidates.everyone() == {"anna"}  # as stored: label_key
    store.create(new_memory("Uncle Felix visits", people=["Uncle Felix"]), ALICE)
    assert store.candidates.everyone() == {"anna", "uncle felix"}
    store.hard_delete(ALICE, ids=[made.memory.id])
    assert store.candidates.everyone() == {"uncle felix"}


def test_people_of_is_read_again_after_a_write(store: MemoryStore) -> None:
    """A search asks for its candidates' people several times and gets them
    from memory between writes; a change of people, a new memory and a
    deletion are seen at once."""
    anna = store.create(new_memory("Anna waters the plants", people=["Anna"]), ALICE)
    bare = store.create(new_memory("The plants need water"), ALICE)
    first, second = rowid_of(store, anna.memory.id), rowid_of(store, bare.memory.id)
    assert store.candidates.people_of([first, second]) == {first: ["anna"]}
    assert store.candidates.people_of([first]) == {first: ["anna"]}
    store.update(anna.memory.id, MemoryPatch(people=("Anna", "Ben")), ALICE)
    assert store.candidates.people_of([second, first]) == {first: ["anna", "ben"]}
    store.update(bare.memory.id, MemoryPatch(people=("Mia",)), ALICE)
    assert store.candidates.people_of([first, second]) == {
        first: ["anna", "ben"],
        second: ["mia"],
    }
    store.hard_delete(ALICE, ids=[anna.memory.id])
    assert store.candidates.people_of([first, second]) == {second: ["mia"]}


def test_tags_of_are_each_memory_s_tags(store: MemoryStore) -> None:
    """The tags an observed moment carries, by memory (search/families.py
    reads them to put the moment asked first)."""
    left = store.create(
        new_memory("Anna left the house", tags=("leave", "presence")), ALICE
    )
    bare = store.create(new_memory("The plants need water"), ALICE)
    first, second = rowid_of(store, left.memory.id), rowid_of(store, bare.memory.id)
    assert sorted(store.candidates.tags_of([first, second])) == [
        (first, "leave"),
        (first, "presence"),
    ]
    assert store.candidates.tags_of([]) == []
