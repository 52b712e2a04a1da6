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
        # Who comes in the household's own words: its others too (review
        # s36 finding 1: "is visiting" was not found by "who is coming").
        ("Wer kommt?", "de", {"besucht", "vorbei"}),
        ("who is coming", "en", {"visiting", "visit"}),
        # Who came, asked of the past: the past forms of its own word of
        # coming, no other (review s36 finding 8: "come" did not find "came").
        ("Did anyone come yesterday morning?", "en", {"came"}),
        # A moment in the household's own words: as asked.
        ("when did Ben get up", "en", set()),
        # A visitor named in it: the other language's words for the trade
        # too (a memory may be told in it, review s39 #3).
        ("when is the plumber coming", "en", {"klempner", "klempnerin"}),
        # A visitor named in the other language: the household's word for
        # the trade (review s36 defect 6).
        ("wann kommt der Klempner", "en", {"plumber"}),
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
    # Each coming answers alone where who comes is asked, naming nobody.
    anyone = bool(added) and not added & {"up", "came", "plumber", "klempner"}
    assert searched.coming_asked is anyone
