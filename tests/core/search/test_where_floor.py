"""A "where" question is answered by a memory that says a place (search/
floors.py's `nowhere`; reviews s22): "where is Mia" heard "Mia made a
chocolate cake.", "where is Ben" his allergy."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from custom_components.home_memory.memory.common.config import EngineConfig
from custom_components.home_memory.memory.common.values import NewMemory
from custom_components.home_memory.memory.search.retrieval import Retriever
from custom_components.home_memory.memory.store import MemoryStore

from ..conftest import ALICE, BOB, ManualClock
from .test_floors import _answers

if TYPE_CHECKING:
    from pathlib import Path

    from custom_components.home_memory.memory.embedding.embedder import Embedder

ENGLISH = (
    ("Mia made a chocolate cake.", ("Mia",)),
    ("Ben is allergic to peanuts.", ("Ben",)),
    ("Anna is afraid of spiders.", ("Anna",)),
    ("Anna is at the dentist until noon.", ("Anna",)),
    ("The spare key is under the blue flower pot.", ()),
    ("Ben went to Paris last week.", ("Ben",)),
    ("Clara lives in Hamburg.", ("Clara",)),
    ("We walked along the river on Sunday.", ()),
    ("The remote is on the sofa.", ()),
)
GERMAN = (
    ("Mia hat einen Schokoladenkuchen gebacken.", ("Mia",)),
    ("Ben ist gegen Erdnüsse allergisch.", ("Ben",)),
    ("Anna hat Angst vor Spinnen.", ("Anna",)),
    ("Anna ist bis Mittag beim Zahnarzt.", ("Anna",)),
    ("Der Ersatzschlüssel liegt unter dem blauen Blumentopf.", ()),
    ("Ben ist letzte Woche nach Paris gefahren.", ("Ben",)),
    ("Clara wohnt in Hamburg.", ("Clara",)),
)


def _home(
    path: Path,
    embedder: Embedder,
    memories: tuple[tuple[str, tuple[str, ...]], ...],
    language: str,
) -> Retriever:
    store = MemoryStore(
        path,
        embedder=embedder,
        clock=ManualClock(),
        config=EngineConfig(language=language),
    )
    for text, people in memories:
        store.create(NewMemory(content=text, people=people), ALICE)
    return Retriever(store)


@pytest.mark.parametrize(
    ("query", "answer"),
    [
        ("where is Mia", None),
        ("where is Ben", "Ben went to Paris last week."),
        ("where is Anna", "Anna is at the dentist until noon."),
        ("where is the spare key", "The spare key is under the blue flower pot."),
        ("where does Clara live", "Clara lives in Hamburg."),
        ("where did we go for a walk", "We walked along the river on Sunday."),
        ("where is the remote", "The remote is on the sofa."),
    ],
)
def test_where_is_answered_by_a_place(
    tmp_path: Path, minilm: Embedder, query: str, answer: str | None
) -> None:
    """A memory of the one asked about that says no place is no answer."""
    home = _home(tmp_path / "memory.db", minilm, ENGLISH, "en")
    try:
        assert _answers(home, query, BOB, "Ben") == ({answer} if answer else set())
    finally:
        home.store.close()


@pytest.mark.parametrize(
    ("query", "answer"),
    [
        ("Wo ist Mia?", None),
        ("Wo ist Ben?", "Ben ist letzte Woche nach Paris gefahren."),
        ("Wo ist Anna?", "Anna ist bis Mittag beim Zahnarzt."),
        (
            "Wo ist der Ersatzschlüssel?",
            "Der Ersatzschlüssel liegt unter dem blauen Blumentopf.",
        ),
        ("Wo wohnt Clara?", "Clara wohnt in Hamburg."),
    ],
)
def test_wo_is_answered_by_a_place(
    tmp_path: Path, multilingual: Embedder, query: str, answer: str | None
) -> None:
    """The same in German (multilingual-e5): "Angst vor Spinnen" is no place."""
    home = _home(tmp_path / "memory.db", multilingual, GERMAN, "de")
    try:
        assert _answers(home, query, BOB, "Ben") == ({answer} if answer else set())
    finally:
        home.store.close()
