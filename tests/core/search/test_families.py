"""Memories under a floor with a word of the question's family (search/families.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from custom_components.home_memory.memory.common.values import (
    Caller,
    MemoryFilter,
    NewMemory,
    Visibility,
)
from custom_components.home_memory.memory.search.families import (
    asked_names,
    family_languages,
    family_matches,
    saying_first,
    tagged_first,
)
from custom_components.home_memory.memory.search.retrieval import Retriever
from custom_components.home_memory.memory.store import MemoryStore

from ..conftest import ALICE, BOB, rowid_of

if TYPE_CHECKING:
    from collections.abc import Iterator
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


# The household of the final review s19 (told by voice: Anna's "I" made
# "Anna", people as the voice path sets them; her private ones keep "I").
_TOLD = (
    ("Anna is allergic to penicillin", ("Anna",), ALICE),
    ("Anna loves dark chocolate", ("Anna",), ALICE),
    ("The bins go out on Tuesday evening", (), ALICE),
    ("Mia is scared of dogs", (), ALICE),
    ("Anna's surprise party is on Friday", (), ALICE),
    ("We are planning Anna's surprise party", (), BOB),
    ("Ben's bike lock code is 5566", ("Ben",), BOB),
)
_PRIVATE = ("I am scared of spiders", "I am allergic to latex too")


@pytest.fixture
def home(tmp_path: Path, clock: ManualClock, minilm: Embedder) -> Iterator[Retriever]:
    """Anna's and Ben's household (MiniLM), Anna's fear and latex private."""
    store = MemoryStore(tmp_path / "memory.db", embedder=minilm, clock=clock)
    for text, people, teller in _TOLD:
        store.create(NewMemory(content=text, people=people), teller)
    for text in _PRIVATE:
        store.create(
            NewMemory(content=text, owner=ALICE.user_id, visibility=Visibility.PRIVATE),
            ALICE,
        )
    yield Retriever(store)
    store.close()


def _answers(home: Retriever, query: str, caller: Caller, asker: str) -> set[str]:
    """What an answer said aloud lists (the per-turn floor)."""
    page = home.start_progressive(
        query, caller, min_relevance=home.config.context_min_relevance, asker=asker
    )
    return {item.memory.content for item in page.items}


@pytest.mark.parametrize(
    "query",
    [
        # "scared" is of the family, but of Mia (0.49), and the party's
        # only word of the question is "Anna".
        "what is Anna afraid of",
        # "scared of dogs" relates the family's word to another thing.
        "who is afraid of spiders",
        # "allergic to penicillin": another allergy, by its shared word.
        "is anyone allergic to latex",
    ],
)
def test_a_memory_of_another_person_or_thing_is_no_answer(
    home: Retriever, query: str
) -> None:
    """Ben heard "Mia is scared of dogs" and "Anna is allergic to
    penicillin" for these (final review s19): the person or the thing the
    question names is not in the memory. Anna's private ones stay hers."""
    assert _answers(home, query, BOB, "Ben") == set()


def test_the_family_floor_still_answers(home: Retriever) -> None:
    """What the word families are for still passes (issue 21)."""
    assert _answers(home, "do I have any allergies", ALICE, "Anna") == {
        "Anna is allergic to penicillin",
        "I am allergic to latex too",
    }
    assert _answers(home, "do I have any allergies", BOB, "Ben") == set()
    assert _answers(home, "what is Anna allergic to", BOB, "Ben") == {
        "Anna is allergic to penicillin"
    }
    assert _answers(home, "who is allergic to anything", BOB, "Ben") == {
        "Anna is allergic to penicillin"
    }
    # "go out" is the memory's; "rubbish" says "bins" (review s21 F8).
    for query in (
        "when is garbage day",
        "when is rubbish day",
        "when does the rubbish go out",
        "when does the garbage go out",
    ):
        assert _answers(home, query, BOB, "Ben") == {
            "The bins go out on Tuesday evening"
        }
    assert _answers(home, "when does the cat go out", BOB, "Ben") == set()
    assert _answers(home, "who is afraid of spiders", ALICE, "Anna") == {
        "I am scared of spiders"
    }
    assert _answers(home, "what are the kids afraid of", BOB, "Ben") == {
        "Mia is scared of dogs"
    }
    # The asker's own fear: told in the first person, or none.
    assert _answers(home, "what am I afraid of", ALICE, "Anna") == {
        "I am scared of spiders"
    }
    assert _answers(home, "what am I afraid of", BOB, "Ben") == set()


@pytest.mark.parametrize(
    "query",
    ["what is Ben scared of", "what is Ben allergic to", "what is ben afraid of"],
)
def test_the_asker_s_own_first_person_memory_is_no_answer_about_another(
    home: Retriever, query: str
) -> None:
    """Anna asked "what is Ben afraid of" and heard her own private "I am
    afraid of wasps" (review s21): told in the first person, it is hers."""
    assert _answers(home, query, ALICE, "Anna") == set()
    # Hers when she is the one asked about.
    assert _answers(home, "what is Anna allergic to", ALICE, "Anna") == {
        "Anna is allergic to penicillin",
        "I am allergic to latex too",
    }


def test_asked_names_are_known_people_and_capitalised_words() -> None:
    """A person memories are about, however written; a capitalised word
    inside an English question; no German noun, no "I"."""
    assert asked_names("what is anna afraid of", {"Anna", "Ben"}, "en") == [
        frozenset({"anna"})
    ]
    assert asked_names("what is Mia afraid of", set(), "en") == [frozenset({"mia"})]
    assert asked_names("do I have any allergies", {"Anna"}, "en") == []
    assert asked_names("Wovor hat der Hund Angst?", set(), "de") == []


class _Said:
    """What `saying_first` asks of the candidates."""

    def __init__(self, texts: dict[int, str]) -> None:
        self.texts = texts

    def query_terms(self, text: str) -> list[str]:
        return [word for word in text.casefold().split() if word != "ist"]

    def holding(self, terms: list[str], rowids: list[int]) -> dict[str, set[int]]:
        return {
            term: {r for r in rowids if term in self.texts[r].casefold().split()}
            for term in terms
        }

    def contents(self, rowids: list[int]) -> dict[int, str]:
        return {rowid: self.texts[rowid] for rowid in rowids}

    def people_of(self, rowids: list[int]) -> dict[int, list[str]]:
        return {}

    def everyone(self) -> frozenset[str]:
        return frozenset()


def test_another_s_deed_is_not_read_before_the_asked_one_s_memory() -> None:
    """ "Zoe got up …" says the asked deed, but is about another than Anna:
    it is not lifted above her own night (review s31 M1), nor is "Anna's
    mother …"; Anna's own getting up is."""
    texts = {
        1: "Anna was awake at three feeding the baby.",
        2: "Zoe got up to get water.",
        3: "Anna's mother got up at two.",
        4: "Anna got up at six.",
    }
    said = _Said(texts)
    assert saying_first(
        said, "did Anna get up", [1, 2, 3, 4], {"Anna", "Ben"}, "en"
    ) == [  # type: ignore[arg-type]
        3,
        0,
        1,
        2,
    ]


def test_the_asked_deed_is_read_before_the_person_s_other_deeds() -> None:
    """ "Ist Ben aufgestanden": his getting up ("stand … auf") before his
    other deeds of the morning, which name him too and read nearer to the
    model (CI, commit 9ce43dc); so "Ist jemand aufgestanden"."""
    texts = {
        1: "Ben hat den Kompost umgesetzt.",
        2: "Ben hat ein neues Hochbeet gebaut.",
        3: "Ben wachte auf und stand auf, um Kaffee zu kochen.",
    }
    said = _Said(texts)
    ranked = [1, 2, 3]
    assert saying_first(said, "Ist Ben aufgestanden", ranked, {"Ben"}, "de") == [  # type: ignore[arg-type]
        2,
        0,
        1,
    ]
    assert saying_first(said, "Ist jemand aufgestanden", ranked, {"Ben"}, "de") == [  # type: ignore[arg-type]
        2,
        0,
        1,
    ]
    # A question whose every word is said by all: as ranked.
    assert saying_first(said, "Ist Ben", ranked, {"Ben"}, "de") == [0, 1, 2]  # type: ignore[arg-type]


def test_a_deed_told_of_several_is_read_first_for_each_of_them() -> None:
    """ "Anna and Ben went out for a walk" is Ben's walk too: "did Ben go
    out" reads it before his getting up that night (review s32 L7; it was
    Anna's alone, so not lifted)."""
    texts = {
        1: "Ben got up to close the window on the night of Monday 30 November.",
        2: "Anna and Ben went out for a walk on the night of Monday 30 November.",
    }
    said = _Said(texts)
    assert saying_first(said, "did Ben go out", [1, 2], {"Anna", "Ben"}, "en") == [  # type: ignore[arg-type]
        1,
        0,
    ]


class _Tagged:
    """What `tagged_first` asks of the candidates."""

    def __init__(
        self,
        tags: dict[int, tuple[str, ...]],
        at: dict[int, float],
        people: dict[int, list[str]] | None = None,
    ) -> None:
        self.tags, self.at, self.people = tags, at, people or {}

    def tags_of(self, rowids: list[int]) -> list[tuple[int, str]]:
        return [(r, tag) for r in rowids for tag in self.tags.get(r, ())]

    def people_of(self, rowids: list[int]) -> dict[int, list[str]]:
        return {r: self.people[r] for r in rowids if r in self.people}

    def happened_at(self, rowids: list[int]) -> dict[int, float]:
        return {r: self.at[r] for r in rowids}


def test_the_last_time_of_one_the_home_names_nowhere_is_the_latest_tagged() -> None:
    """Household replay s36: "when did Anna last come home" in a home that
    tracks nobody: every front door's memory is tagged a possible coming,
    none names Anna; the latest comes first, not the one read nearest."""
    tags = {1: ("come home",), 2: ("come home", "leave"), 3: ("come home",), 4: ()}
    at = {1: 100.0, 2: 300.0, 3: 200.0, 4: 400.0}
    ranked = [1, 3, 4, 2]
    query = "When did Anna come home?"
    doors = _Tagged(tags, at)
    assert tagged_first(doors, query, ranked, {"Ben"}, "en", latest=True) == [  # type: ignore[arg-type]
        3,
        1,
        0,
        2,
    ]
    # Not asked for the last time: the tagged first, as ranked.
    assert tagged_first(doors, query, ranked, {"Ben"}, "en") == [0, 1, 3, 2]  # type: ignore[arg-type]
    # Of a person the home tells of, a memory tagged so may tell of another's
    # coming beside theirs ("Lena came home" in the night Anna went to bed):
    # the order by relevance stands.
    people = {1: ["Anna"], 2: ["Anna", "Lena"], 3: ["Anna"]}
    told = _Tagged(tags, at, people)
    assert tagged_first(told, query, ranked, {"Anna"}, "en", latest=True) == [  # type: ignore[arg-type]
        0,
        1,
        3,
        2,
    ]


def test_of_one_known_and_named_nowhere_the_tagged_of_nobody_come_first() -> None:
    """Review s37 #8: in a home that tracks nobody, "When did Anna last
    leave?" read her chores (naming her, tagged no leaving) before the
    front door's memories, tagged a possible leaving and naming nobody:
    they are the only sign of it. Where a tagged memory names her, those
    of nobody are not lifted."""
    tags = {1: (), 2: ("leave",), 3: (), 4: ("leave",)}
    at = {1: 400.0, 2: 100.0, 3: 300.0, 4: 200.0}
    ranked = [1, 3, 2, 4]
    query = "When did Anna last leave?"
    chores = {1: ["Anna"], 3: ["Anna"]}
    doors = _Tagged(tags, at, chores)
    assert tagged_first(doors, query, ranked, {"Anna"}, "en", latest=True) == [  # type: ignore[arg-type]
        2,
        3,
        0,
        1,
    ]
    tracked = _Tagged(tags, at, {**chores, 4: ["Anna"]})
    assert tagged_first(tracked, query, ranked, {"Anna"}, "en", latest=True) == [  # type: ignore[arg-type]
        3,
        0,
        1,
        2,
    ]
