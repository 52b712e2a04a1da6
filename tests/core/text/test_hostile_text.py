"""The engine's last line against hostile text: refused on writes, read safely."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest

from custom_components.home_memory.memory.common.errors import InvalidMemoryError
from custom_components.home_memory.memory.common.values import Caller, NewMemory
from custom_components.home_memory.memory.search.retrieval import Retriever
from custom_components.home_memory.memory.store import MemoryStore
from custom_components.home_memory.memory.text.validation import (
    number_problem,
    text_problem,
)

from ..conftest import HashingEmbedder

if TYPE_CHECKING:
    from collections.abc import Sequence
    from pathlib import Path

    from .conftest import ManualClock


class StrictEmbedder(HashingEmbedder):
    """Like the tokenizers library: a str that is not valid Unicode fails."""

    def embed_query(self, text: str, also: Sequence[str] = ()) -> Any:
        for each in (text, *also):
            each.encode()
        return super().embed_query(text)


def test_a_query_with_a_lone_surrogate_is_searched(
    tmp_path: Path, clock: ManualClock
) -> None:
    """Text a model's tokenizer refuses (lone surrogates) still searches."""
    store = MemoryStore(tmp_path / "m.db", embedder=StrictEmbedder(), clock=clock)
    try:
        store.create(NewMemory(content="The gate code is 4321"), Caller())
        found = Retriever(store).search("gate a\ud800b", Caller())
        assert [item.memory.content for item in found.items] == [
            "The gate code is 4321"
        ]
    finally:
        store.close()


@pytest.mark.parametrize(
    "new",
    [
        NewMemory(content="a\ud800b"),
        NewMemory(content="fine", tags=("\udfff",)),
        NewMemory(content="fine", location="x\ud800"),
        NewMemory(content="fine", importance=2**2000),
        NewMemory(content="fine", importance=float("nan")),
    ],
    ids=["content", "tag", "location", "huge importance", "nan importance"],
)
def test_the_store_refuses_what_sqlite_cannot_hold(
    store: MemoryStore, new: NewMemory
) -> None:
    """Lone surrogates and unbounded numbers are InvalidMemoryError, not a crash."""
    with pytest.raises(InvalidMemoryError):
        store.create(new, Caller())
    assert store.list_memories(Caller()).total == 0


@pytest.mark.parametrize(
    ("value", "multiline", "fine"),
    [
        ("plain text", False, True),
        ("two\nlines\tand a tab", True, True),
        ("two\nlines", False, False),
        ("bell\x07", True, False),
        ("next\x85line", True, False),
        ("a\x9fb", False, False),
        ("abc\u202edcba", True, False),
        ("embed\u202aded", False, False),
        ("iso\u2066late\u2069", True, False),
        ("line\u2028sep", True, False),
        ("para\u2029sep", False, False),
        ("no-break\xa0space, é, 中文", False, True),
        ("nul\x00", True, False),
        ("a\ud800b", True, False),
        ("x" * 101, False, False),
        (7, False, False),
    ],
)
def test_text_problem(value: object, multiline: bool, fine: bool) -> None:
    """The shared text check, and its messages never quote the value."""
    problem = text_problem(value, 100, multiline=multiline)
    assert (problem is None) is fine
    if problem is not None:
        assert str(value)[:3] not in problem.message


@pytest.mark.parametrize(
    ("value", "integer", "fine"),
    [
        (0.5, False, True),
        (1, True, True),
        (True, True, False),
        (float("nan"), False, False),
        (float("inf"), False, False),
        (2**2000, False, False),
        (1.5, True, False),
        ("1", True, False),
    ],
)
def test_number_problem(value: object, integer: bool, fine: bool) -> None:
    """The shared number check: bounded, finite, never bool, no overflow."""
    assert (number_problem(value, 0, 1, integer=integer) is None) is fine


@pytest.mark.parametrize(
    ("minimum", "maximum", "shown"),
    [
        (0, 1_000_000, "between 0 and 1000000"),
        (1, 2_147_483_647, "between 1 and 2147483647"),
        (0.0, 1.0, "between 0 and 1"),
        (0.05, 0.95, "between 0.05 and 0.95"),
    ],
)
def test_number_bounds_read_as_plain_numbers(
    minimum: float, maximum: float, shown: str
) -> None:
    """Out-of-range errors name their bounds in full, never as 1e+06, and
    ungrouped ("8,000" reads as eight in German)."""
    problem = number_problem(10**12, minimum, maximum, integer=True)
    assert problem is not None
    assert problem.message == f"must be {shown}"
