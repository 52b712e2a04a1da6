"""Whose thing a question asks for, and whose a memory tells (search/whose.py),
with the real models: "What is Anna's gate code?" is answered by Anna's gate
code or nobody's, never Ben's, the asker's own note, her birthday or the
bikes (live review s43)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from custom_components.home_memory.memory.common.config import EngineConfig
from custom_components.home_memory.memory.common.values import NewMemory, Visibility
from custom_components.home_memory.memory.search.retrieval import Retriever
from custom_components.home_memory.memory.search.whose import AskedThing, asked_thing
from custom_components.home_memory.memory.store import MemoryStore

from ..conftest import ALICE, BOB, ManualClock

if TYPE_CHECKING:
    from collections.abc import Iterator
    from pathlib import Path

    from custom_components.home_memory.memory.embedding.embedder import Embedder

# (text, people, teller, private), by language.
TOLD = {
    "en": (
        ("Ben's gate code is 1234", ("Ben",), ALICE, False),
        ("Anna's birthday is on 3 March", ("Anna",), ALICE, False),
        ("Anna likes tea", ("Anna",), ALICE, False),
        ("The bikes are in the shed", (), BOB, False),
        ("Mein Code ist 8888", (), BOB, True),
        ("My safe code is 2580", (), BOB, True),
        ("Ben's safe code is 2580", ("Ben",), ALICE, False),
    ),
    "de": (
        ("Bens Torcode ist 1234", ("Ben",), ALICE, False),
        ("Annas Geburtstag ist am 3. März", ("Anna",), ALICE, False),
        ("Anna trinkt gern Tee", ("Anna",), ALICE, False),
        ("Die Fahrräder stehen im Schuppen", (), BOB, False),
        ("Annas Pass liegt in der Schreibtischschublade", ("Anna",), ALICE, False),
        ("Mein Code ist 8888", (), BOB, True),
        ("Anna arbeitet als Krankenschwester", ("Anna",), ALICE, False),
    ),
}


def _home(
    path: Path, clock: ManualClock, model: Embedder, language: str
) -> MemoryStore:
    store = MemoryStore(
        path / "memory.db",
        embedder=model,
        clock=clock,
        config=EngineConfig(language=language),
    )
    for text, people, teller, private in TOLD[language]:
        store.create(
            NewMemory(
                content=text,
                people=people,
                owner=teller.user_id if private else None,
                visibility=Visibility.PRIVATE if private else Visibility.HOUSEHOLD,
            ),
            teller,
        )
    return store


@pytest.fixture(params=["en", "de"])
def home(
    request: pytest.FixtureRequest, tmp_path: Path, clock: ManualClock
) -> Iterator[tuple[MemoryStore, str]]:
    """The household's memories, with MiniLM (English) or e5 (German)."""
    language = str(request.param)
    model = request.getfixturevalue("minilm" if language == "en" else "multilingual")
    store = _home(tmp_path, clock, model, language)
    yield store, language
    store.close()


def _found(store: MemoryStore, query: str, asker: str) -> list[str]:
    """What Ben's search and his per-turn context list for `query`."""
    retriever = Retriever(store)
    searched = retriever.search(query, BOB, asker=asker, record_access=False)
    page = retriever.start_progressive(
        query, BOB, min_relevance=retriever.config.context_min_relevance, asker=asker
    )
    return [s.memory.content for s in searched.items] + [
        item.memory.content for item in page.items
    ]


ASKED = {
    "en": ("What is Anna's gate code?", "What is Anna's bike code?"),
    "de": ("Was ist Annas Torcode?", "Was ist Annas Passwort?"),
}


def test_anothers_thing_is_no_answer(home: tuple[MemoryStore, str]) -> None:
    """Ben's gate code, Ben's own note, the bikes, Anna's passport, her
    birthday or tea: none is Anna's gate code, bike code or password."""
    store, language = home
    for query in ASKED[language]:
        assert _found(store, query, "Ben") == [], query


def test_the_asked_persons_or_nobodys_thing_answers(
    home: tuple[MemoryStore, str], clock: ManualClock
) -> None:
    """Anna's gate code, told as hers, and a gate code told as nobody's
    answer the question for hers; Ben's own question hears his."""
    store, language = home
    annas = {"en": "Anna's gate code is 4321", "de": "Annas Torcode ist 4321"}
    store.create(NewMemory(content=annas[language], people=("Anna",)), ALICE)
    found = " ".join(_found(store, ASKED[language][0], "Ben"))
    assert "4321" in found, found
    assert "1234" not in found, found
    assert "8888" not in found, found
    mine = {"en": "What is my gate code?", "de": "Was ist mein Torcode?"}
    found = " ".join(_found(store, mine[language], "Ben"))
    assert "1234" in found, found
    assert "4321" not in found, found


def test_a_thing_told_as_nobodys_may_be_anyones(
    tmp_path: Path, clock: ManualClock, minilm: Embedder
) -> None:
    """ "The gate code is 5555" is the household's: it answers "What is
    Anna's gate code?" (said as nobody's), Ben's is still left out."""
    store = _home(tmp_path, clock, minilm, "en")
    store.create(NewMemory(content="The gate code is 5555"), ALICE)
    found = " ".join(_found(store, "What is Anna's gate code?", "Ben"))
    assert "5555" in found, found
    assert "1234" not in found, found
    store.close()


def test_the_askers_own_thing_is_listed_once(
    tmp_path: Path, clock: ManualClock, minilm: Embedder
) -> None:
    """Ben's private safe code and Anna's telling of it: Ben's search lists
    his own, once, and not his gate code."""
    store = _home(tmp_path, clock, minilm, "en")
    for query in ("What is Ben's safe code?", "What is my safe code?"):
        searched = Retriever(store).search(query, BOB, asker="Ben")
        assert [s.memory.content for s in searched.items] == ["My safe code is 2580"], (
            query
        )
    store.close()


@pytest.mark.parametrize(
    ("query", "asker", "asked"),
    [
        (
            "What is Anna's gate code?",
            None,
            AskedThing("anna", "code", frozenset({"gate"}), "gate code"),
        ),
        (
            "Was ist Annas Passwort?",
            None,
            AskedThing("anna", "passwort", frozenset(), "Passwort"),
        ),
        (
            "What is my bike lock code",
            "Ben",
            AskedThing("ben", "code", frozenset({"bike", "lock"}), "bike lock code"),
        ),
        ("What is my code", None, None),
        ("What did Anna say about the gate code?", None, None),
        ("Where is the gate code?", "Ben", None),
    ],
)
def test_the_asked_owner_and_thing(
    query: str, asker: str | None, asked: AskedThing | None
) -> None:
    """A question ending in a known person's thing asks for it; one
    naming no owner (or "my" with no asker) asks for no one's."""
    assert asked_thing(query, {"Anna", "Ben"}, asker, "en") == asked


def test_the_thing_said_otherwise_still_answers(
    tmp_path: Path, clock: ManualClock, multilingual: Embedder
) -> None:
    """ "Was ist Annas Beruf?" holds no word of "Anna arbeitet als
    Krankenschwester": its meaning answers it (e5: 0.48 to "Beruf" alone),
    her birthday's (0.23) does not."""
    store = _home(tmp_path, clock, multilingual, "de")
    found = _found(store, "Was ist Annas Beruf?", "Ben")
    assert "Anna arbeitet als Krankenschwester" in found, found
    assert not any("Geburtstag" in text for text in found), found
    store.close()
