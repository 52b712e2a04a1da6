"""A deed asked for a purpose (memory/search/purposes.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from custom_components.home_memory.memory.search.purposes import (
    asked_purpose,
    asks_a_deed,
    other_purposes,
    purpose_of,
)
from custom_components.home_memory.memory.text.statement_words import statement_words

if TYPE_CHECKING:
    from collections.abc import Sequence

    import numpy as np
    import numpy.typing as npt


@pytest.mark.parametrize(
    ("query", "language", "purpose"),
    [
        ("what did Ben buy for the greenhouse", "en", ("greenhouse",)),
        ("What did Ben buy for Anna?", "en", ("anna",)),
        ("who bought flowers for the party", "en", ("party",)),
        ("Was hat Ben für das Gewächshaus gekauft?", "de", ("gewächshaus",)),
        ("Was hat Ben fürs Gewächshaus gekauft?", "de", ("gewächshaus",)),
        # No purpose, or no deed asked.
        ("what did Ben buy", "en", ()),
        ("who washed the car", "en", ()),
        ("when is the party for Anna", "en", ()),
    ],
)
def test_a_deed_question_s_purpose(
    query: str, language: str, purpose: tuple[str, ...]
) -> None:
    """The words after "for" ("für") in a question of a deed."""
    assert asked_purpose(query, language) == purpose


@pytest.mark.parametrize(
    ("text", "language", "purpose"),
    [
        ("Ben bought a new roof box for the Passat on Saturday.", "en", ("passat",)),
        ("Ben bought seeds for the greenhouse.", "en", ("greenhouse",)),
        ("Ben bought a drill.", "en", ()),
        ("Ben hat einen Dachträger für den Passat gekauft.", "de", ("passat",)),
    ],
)
def test_a_memory_s_purpose(text: str, language: str, purpose: tuple[str, ...]) -> None:
    """The words after "for" ("für") in a memory, up to its verb or time."""
    assert purpose_of(text, statement_words(language)) == purpose


class _Candidates:
    """The queries `other_purposes` asks of the candidates."""

    def __init__(self, texts: dict[int, str], alike: dict[int, float]) -> None:
        self.texts, self.alike = texts, alike

    def contents(self, rowids: Sequence[int]) -> dict[int, str]:
        return {rowid: self.texts[rowid] for rowid in rowids}

    def similarities(
        self, vector: npt.NDArray[np.float32], rowids: Sequence[int]
    ) -> dict[int, float]:
        return {rowid: self.alike.get(rowid, 0.0) for rowid in rowids}


def test_a_deed_for_another_purpose_is_no_answer() -> None:
    """Bought for the Passat is no answer to "for the greenhouse"; for the
    greenhouse or for nothing said may be, and so is one whose meaning is
    like the asked purpose's ("for the car" of the Passat's)."""
    texts = {
        1: "Ben bought a new roof box for the Passat on Saturday 28 November.",
        2: "Ben bought seeds for the greenhouse.",
        3: "Ben bought a drill.",
        4: "Ben bought new tyres for the Golf.",
    }
    candidates = _Candidates(texts, alike={4: 0.4})
    other = other_purposes(
        candidates,  # type: ignore[arg-type]
        "what did Ben buy for the greenhouse",
        list(texts),
        language="en",
        embed=lambda _text: None,
        bar=0.25,
    )
    assert other == {1, 4}
    import numpy as np

    vector = np.zeros(3, np.float32)
    other = other_purposes(
        candidates,  # type: ignore[arg-type]
        "what did Ben buy for the car",
        list(texts),
        language="en",
        embed=lambda _text: vector,
        bar=0.25,
    )
    assert other == {1, 2}


@pytest.mark.parametrize(
    ("query", "asks"),
    [
        ("what did Anna buy for Ben", True),
        ("what did Anna buy", True),
        ("Was hat Anna für Ben gekauft", True),
        ("tell me about Anna", False),
        ("where is the spare key", False),
    ],
)
def test_asks_a_deed(query: str, asks: bool) -> None:
    """A question asking what someone did (search/people.py reads a name
    said as what a deed was for as no doer there)."""
    assert asks_a_deed(query, None) is asks
