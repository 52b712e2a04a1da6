"""The searches a person may continue: theirs alone, a quarter of an hour,
each person's own share."""

from __future__ import annotations

from dataclasses import dataclass

from custom_components.home_memory.memory.search.cursors import (
    CURSOR_TTL_SECONDS,
    MAX_CURSORS,
    MAX_CURSORS_PER_PERSON,
    Cursors,
)


@dataclass
class Search:
    """A kept search: whose, and when."""

    owner: str | None
    created: float


def test_a_search_is_continued_by_its_owner_only_until_it_lapses() -> None:
    """Another person, or the household, gets nothing; after a quarter of an
    hour on the store's clock, neither does its owner."""
    now = [1000.0]
    cursors = Cursors[Search](lambda: now[0])
    token = cursors.add(Search("anna", now[0]))
    assert cursors.get(token, "anna") == Search("anna", 1000.0)
    assert cursors.get(token, "ben") is None
    assert cursors.get(token, None) is None
    assert cursors.get("unknown", "anna") is None
    now[0] += CURSOR_TTL_SECONDS - 1
    assert cursors.get(token, "anna") is not None
    now[0] += 1
    assert cursors.get(token, "anna") is None


def test_one_persons_searches_make_room_among_their_own() -> None:
    """Ben's many searches drop Ben's oldest, never Anna's (review s26 L2)."""
    cursors = Cursors[Search](lambda: 0.0)
    anna = cursors.add(Search("anna", 0.0))
    bens = [cursors.add(Search("ben", 0.0)) for _ in range(MAX_CURSORS + 5)]
    assert cursors.get(anna, "anna") is not None
    kept = [token for token in bens if cursors.get(token, "ben") is not None]
    assert kept == bens[-MAX_CURSORS_PER_PERSON:]


def test_all_searches_are_bounded() -> None:
    """Many people at once keep at most MAX_CURSORS, the oldest going first."""
    cursors = Cursors[Search](lambda: 0.0)
    tokens = [
        (cursors.add(Search(f"p{i}", 0.0)), f"p{i}") for i in range(MAX_CURSORS + 3)
    ]
    kept = [token for token, owner in tokens if cursors.get(token, owner)]
    assert len(kept) == MAX_CURSORS
    assert kept[-1] == tokens[-1][0]
    assert cursors.get(*tokens[0]) is None
