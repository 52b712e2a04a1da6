"""A language's words for reading a statement (statements.<language>.json)."""

from __future__ import annotations

from custom_components.home_memory.memory.text.statement_words import (
    says_any,
    statement_words,
)


def test_a_region_takes_its_language_and_an_unknown_one_english() -> None:
    """ "de-CH" and "de_AT" read German; a language without a table English."""
    german = statement_words("de")
    assert statement_words("de-CH") is german
    assert statement_words("de_AT") is german
    assert statement_words("xx") is statement_words("en")
    assert statement_words(None) is statement_words("en")


def test_words_are_read_case_folded_with_the_tellers_first_person() -> None:
    """Words are compared case-folded ("heißt" -> "heisst"); the teller's
    and household's first person come from the told_by section."""
    german = statement_words("de")
    assert "heisst" in german.naming
    assert {"ich", "wir"} <= german.first_person
    assert {"i", "we"} <= statement_words("en").first_person
    assert "verein" in german.memberships
    assert statement_words("en").verb_endings == ("ing",)


def test_a_phrase_is_said_as_whole_words() -> None:
    """The one check of an additive word statements.py and corrections.py
    share: "as well" in order, "also" not inside "alsoran"."""
    additive = statement_words("en").additive
    assert says_any(["noah", "is", "allergic", "as", "well"], additive)
    assert not says_any(["well", "as", "noah"], additive)
    assert not says_any(["alsoran"], additive)
    assert says_any(["ben", "mag", "auch", "tee"], statement_words("de").additive)
