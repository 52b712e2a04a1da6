"""What was said, from what Home Assistant's sentence matcher heard."""

from __future__ import annotations

import pytest

from custom_components.home_memory.memory.text.said import as_said


@pytest.mark.parametrize(
    ("said", "heard", "kept"),
    [
        # An ordinal's full stop, an abbreviation's, a comma, a colon.
        (
            "Merk dir, dass Anna am 5. Mai Geburtstag hat",
            "Anna am 5 Mai Geburtstag hat",
            "Anna am 5. Mai Geburtstag hat",
        ),
        (
            "Merk dir: der Termin ist am 3. Juni.",
            "der Termin ist am 3 Juni",
            "der Termin ist am 3. Juni",
        ),
        (
            "remember the vet is on Jan. 5",
            "the vet is on Jan 5",
            "the vet is on Jan. 5",
        ),
        (
            "remember that eggs, milk and bread are out",
            "eggs milk and bread are out",
            "eggs, milk and bread are out",
        ),
        # A lone dash between the words stays: it may set a private phrase off.
        (
            "merk dir, dass mein Spind 44 ist \u2013 das bleibt unter uns",
            "mein Spind 44 ist das bleibt unter uns",
            "mein Spind 44 ist \u2013 das bleibt unter uns",
        ),
        # A typographic apostrophe is heard as a plain one.
        (
            "remember Anna\u2019s code is 12",
            "Anna's code is 12",
            "Anna\u2019s code is 12",
        ),
        # Spaced as heard: a newline or a run of spaces is one space.
        ("remember that the code\n is  12.", "the code is 12", "the code is 12"),
        # The last place the words stand: the wildcard ends the sentence.
        ("remember the code remember the code", "the code", "the code"),
        # Not found as said (or nothing said): the heard words as they are.
        ("something else entirely", "the code is 12", "the code is 12"),
        ("", "the code is 12", "the code is 12"),
        ("remember", "", ""),
        ("remember that the code is 12", "the code is 12", "the code is 12"),
    ],
)
def test_the_heard_words_are_given_back_as_said(
    said: str, heard: str, kept: str
) -> None:
    """Punctuation the matcher dropped between words comes back; the words
    themselves are the heard ones."""
    assert as_said(said, heard) == kept


def test_a_huge_or_hostile_sentence_is_no_problem() -> None:
    """Ten megabytes or regex syntax: the heard words, found or not."""
    huge = "a. " * 3_000_000
    assert as_said(huge, "a a") == "a a"
    # The longest content a sentence takes, every word of it a full stop's.
    heard = "a " * 3_999 + "b"
    assert as_said("remember " + "a. " * 3_999 + "b.", heard) == "a. " * 3_999 + "b"
    assert as_said("remember " + "a " * 16_000, heard) == heard
    assert as_said("remember (.*) [x]+ \\d", "(.*) [x]+ \\d") == "(.*) [x]+ \\d"
    assert as_said("remember a\ud800b", "a\ud800b") == "a\ud800b"


def test_a_question_remembered_keeps_its_question_mark() -> None:
    """Said as a question of its own, the words keep their "?"; a request
    that asks ("can you remember …?") does not give its "?" to them."""
    said = "remember should we repaint the fence?"
    assert as_said(said, "should we repaint the fence", asks=True) == (
        "should we repaint the fence?"
    )
    assert as_said(said, "should we repaint the fence") == (
        "should we repaint the fence"
    )
