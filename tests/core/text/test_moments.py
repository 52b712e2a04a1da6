"""The moments the home tells, by the words asked and told (text/moments.py)."""

from __future__ import annotations

import pytest

from custom_components.home_memory.memory.text.moments import (
    asked_elsewhere,
    asked_here,
    asked_tags,
    told_as,
)

NIGHT_EN = ("up in the night", "up at night", "up during the night")


@pytest.mark.parametrize("language", ["en", "de"])
def test_every_language_tells_the_same_kinds(language: str) -> None:
    """Each table asks for the same moments, and tells what it tells by
    words it is also asked for: an observed memory's tags, an answer's
    sentence."""
    assert set(asked_tags(language)) == set(asked_tags("en"))
    for asked, told in told_as(language):
        assert asked
        assert told


def test_a_language_without_a_table_is_english() -> None:
    """French reads the English table; a region its language's."""
    assert asked_tags("fr") == asked_tags("en")
    assert asked_tags("de-CH") == asked_tags("de")


@pytest.mark.parametrize(
    ("query", "language", "words"),
    [
        # German in an English home: the home's tags for the same moment.
        ("Wann ist Anna am Montag aufgestanden?", "en", ("get up", "wake up")),
        ("Wann haben wir am Freitag gefrühstückt?", "en", ("breakfast",)),
        ("Hatten wir am Freitag Besuch?", "en", ("visitors", "visit")),
        ("Wann ist Anna nach Hause gekommen?", "en", ("come home", "arrive")),
        ("Wann ist Anna aus dem Haus gegangen?", "en", ("leave", "go out", "head out")),
        # A word of one meal wins over one all meals share ("gekocht").
        ("Wann hat Ben das Abendessen gekocht?", "en", ("dinner", "cook")),
        ("Wer hat gekocht?", "en", ("lunch", "cook", "dinner")),
        # The night's getting up is no morning's ("get up" tags mornings):
        # its own moment (household replay s36), whose German words say no
        # "aufgestanden" (a night's tag then lifted it for the morning's).
        ("Wann ist Anna zuletzt nachts aufgestanden?", "en", ()),
        ("Wann war Anna zuletzt nachts auf?", "en", NIGHT_EN),
        ("Ist Anna in der Nacht aufgestanden?", "en", ()),
        ("did Anna get up in the night", "de", ("nachts auf", "nachts wach")),
        # English in a German home.
        ("when did Anna get up", "de", asked_tags("de")["got_up:morning"]),
        # In the household's own language: nothing more.
        ("when did Anna get up", "en", ()),
        ("Wann ist Anna aufgestanden?", "de", ()),
        ("Wann ist Anna aufgestanden?", "de-AT", ()),
        # Words inside other words are no moment ("Besucherparkplatz").
        ("Wo ist der Besucherparkplatz?", "en", ()),
        ("what is the capital of France", "en", ()),
    ],
)
def test_asked_elsewhere_gives_the_household_s_words(
    query: str, language: str, words: tuple[str, ...]
) -> None:
    """What the keyword search also looks for (search/retrieval.py)."""
    assert asked_elsewhere(query, language) == words


@pytest.mark.parametrize(
    ("question", "language", "words"),
    [
        (
            "Wann ist Anna weggegangen?",
            "de",
            (
                "das Haus verlassen",
                "aus dem Haus gegangen",
                "weggegangen",
                "losgegangen",
                "aufgebrochen",
            ),
        ),
        ("when did Anna come home", "en", ("come home", "arrive")),
        # A night is no morning's getting up: its own moment.
        ("did anyone get up in the night", "en", NIGHT_EN),
        ("Wann ist Anna nach Hause gekommen?", "en", ()),
    ],
)
def test_asked_here_gives_the_words_of_the_moment_asked(
    question: str, language: str, words: tuple[str, ...]
) -> None:
    """The household's own words for a moment asked in them: the tags its
    observed memories carry (search/families.py `tagged_first`)."""
    assert asked_here(question, language) == words
