"""The words a question is looked for by in the keyword search
(search/searched_words.py): asked in another language than the household's,
the household's words too."""

from __future__ import annotations

import pytest

from custom_components.home_memory.memory.search.searched_words import (
    searched_words,
)


@pytest.mark.parametrize(
    ("query", "language", "added"),
    [
        # Who comes (review s35 M2), and a moment, in the other language.
        ("Wer kommt?", "en", {"coming", "comes", "visit"}),
        ("who is coming", "de", {"kommt", "kommen", "vorbei"}),
        ("wann ist Ben aufgestanden", "en", {"get", "up"}),
        # In the household's own words, or a visitor named: as asked.
        ("Wer kommt?", "de", set()),
        ("who is coming", "en", set()),
        ("when did Ben get up", "en", set()),
        ("wann kommt der Klempner", "en", set()),
    ],
)
def test_a_question_in_another_language_is_searched_by_the_household_words(
    query: str, language: str, added: set[str]
) -> None:
    """The question's own words first, then the household's for what it
    asks; nothing added where it asks in the household's own."""
    searched = searched_words(query, language)
    assert searched.text.startswith(query)
    extra = set(searched.text[len(query) :].split())
    assert added <= extra
    assert bool(extra) is bool(added)
    # Each coming answers alone where who comes is asked in the other one.
    assert searched.coming_elsewhere is (bool(added) and "up" not in added)
