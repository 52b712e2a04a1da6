"""memory/time/told_by.py: who a question asks what they told."""

from __future__ import annotations

import pytest

from custom_components.home_memory.memory.time.told_by import (
    Teller,
    ToldBy,
    read_told_by,
)

NAMES = ("Anna", "Oma Hilde", "Ben")


@pytest.mark.parametrize(
    ("text", "language", "teller"),
    [
        ("What did I tell you today?", "en", Teller.ASKER),
        ("What have I told you today?", "en", Teller.ASKER),
        ("what did I say about the car", "en", Teller.ASKER),
        ("What did I mention yesterday?", "en", Teller.ASKER),
        ("What did we say today?", "en", Teller.HOUSEHOLD),
        ("Was habe ich dir heute erzählt?", "de", Teller.ASKER),
        ("Was hab ich heute gesagt?", "de", Teller.ASKER),
        ("Was habe ich über das Auto gesagt?", "de", Teller.ASKER),
        ("Was haben wir dir heute erzählt?", "de", Teller.HOUSEHOLD),
        # Asked in the other language than the household's.
        ("Was habe ich dir heute erzählt?", "en", Teller.ASKER),
    ],
)
def test_the_asker_and_the_household_are_read(
    text: str, language: str, teller: Teller
) -> None:
    """ "I"/"ich" is the asker, "we"/"wir" the household; the question
    stays as asked."""
    assert read_told_by(text, language, NAMES) == ToldBy(teller, None, text)


@pytest.mark.parametrize(
    ("text", "language", "name", "without"),
    [
        ("What did Anna tell you today?", "en", "Anna", "What did tell you today?"),
        (
            "what has anna told you about the car",
            "en",
            "Anna",
            "what has told you about the car",
        ),
        ("Was hat Anna heute gesagt?", "de", "Anna", "Was hat heute gesagt?"),
        ("Was hat Oma Hilde dir erzählt?", "de", "Oma Hilde", "Was hat dir erzählt?"),
        ("What did Oma Hilde say today?", "en", "Oma Hilde", "What did say today?"),
    ],
)
def test_a_named_teller_is_one_of_the_household_s_names(
    text: str, language: str, name: str, without: str
) -> None:
    """The longest household name the question names, left out of it."""
    read = read_told_by(text, language, NAMES)
    assert read is not None
    assert (read.teller, read.name, " ".join(read.without_name.split())) == (
        Teller.NAMED,
        name,
        without,
    )


@pytest.mark.parametrize(
    ("text", "language"),
    [
        # No telling verb: a deed or a topic, not a telling.
        ("What did I do yesterday?", "en"),
        ("What did we discuss on Monday?", "en"),
        ("Was habe ich gestern gemacht?", "de"),
        ("Worüber haben wir gesprochen?", "de"),
        # A teller nobody in the household is called.
        ("What did Zoe tell you today?", "en"),
        ("Was hat Zoe heute gesagt?", "de"),
        # The assistant is no teller of the household.
        ("What did you tell me yesterday?", "en"),
        ("What do you remember about Anna?", "en"),
    ],
)
def test_no_telling_or_nobody_known(text: str, language: str) -> None:
    """No telling verb, or no teller the household has: no telling."""
    assert read_told_by(text, language, NAMES) is None
