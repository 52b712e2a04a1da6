"""The people a query names (memory/search/people.py), for person-centred
retrieval (tests/core/search/test_retrieval.py ranks with it)."""

from __future__ import annotations

import pytest

from custom_components.home_memory.memory.search.people import (
    named_people,
    without_names,
    words,
)


@pytest.mark.parametrize(
    ("query", "named"),
    [
        ("What does Anna like?", {"Anna"}),
        ("what are ANNA's plans", {"Anna"}),
        ("Did Annabel call?", set()),
        ("What did Grandma Rosa bake?", {"Grandma Rosa", "Rosa"}),
        ("Is Rosa coming?", {"Rosa"}),
        ("Anything for Ben and Anna?", {"Anna", "Ben"}),
    ],
)
def test_people_a_query_names(query: str, named: set[str]) -> None:
    """A person is named when every word of their label is in the query."""
    people = ["Anna", "Ben", "Grandma Rosa", "Rosa"]
    assert named_people(query, people) == named


def test_words_are_case_folded_letters_and_digits() -> None:
    """Punctuation and underscores part words; any script and ß fold."""
    assert words("Anna's GROSSE Straße, room_2!") == {
        "anna",
        "s",
        "grosse",
        "strasse",
        "room",
        "2",
    }
    assert words("Zoë und Jürgen") == {"zoë", "und", "jürgen"}
    assert words(" -- ") == frozenset()


def test_a_label_without_words_names_no_one() -> None:
    """An empty or punctuation-only label is never 'named' by any query."""
    assert named_people("Anything at all?", ["", "--", "Zoë"]) == frozenset()
    assert named_people("Hat ZOË angerufen?", ["Zoë"]) == {"Zoë"}


@pytest.mark.parametrize(
    ("query", "rest"),
    [
        ("what's Anna's bank PIN", "what's bank PIN"),
        ("what is Anna\u2019s pin?", "what is pin?"),
        ("was ist Annas PIN", "was ist PIN"),
        ("What did Grandma Rosa bake?", "What did bake?"),
        ("tell me about BEN", "tell me about"),
        ("Did Annabel call?", None),
        ("what did I repair", None),
    ],
)
def test_a_query_without_its_names(query: str, rest: str | None) -> None:
    """The names come out whole, with their genitive ("Anna's", German
    "Annas"); a query that names no one gives None."""
    assert without_names(query, ["Anna", "Ben", "Grandma Rosa"]) == rest
