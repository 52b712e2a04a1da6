"""Tests for text/deeds.py: whether two statements tell two things done."""

from __future__ import annotations

import pytest

from custom_components.home_memory.memory.text.deeds import (
    Deed,
    other_deed,
    two_participles,
)
from custom_components.home_memory.memory.text.statement_words import statement_words

GERMAN = statement_words("de")
DAY = ("am", "donnerstag", "26", "november")
DETAILS = frozenset({"donnerstag", "26", "november"})


def ben(text: str, verb: str, said: tuple[str, ...], changes: bool = False) -> Deed:
    """Ben's statement as `relate` reads it."""
    return Deed(text, verb, ("ben",), said, DETAILS, changes)


TOWN = ben(
    "Ben ging am Donnerstag, 26. November in die Stadt.", "ging", (*DAY, "in", "stadt")
)
SHOPPING = ben(
    "Ben ging am Donnerstag, 26. November einkaufen.", "ging", (*DAY, "einkaufen")
)


def test_two_things_done_on_one_day_are_two_deeds() -> None:
    """Review s21 F2: "… einkaufen" after "… in die Stadt" replaced it."""
    assert other_deed(TOWN, SHOPPING, GERMAN)
    gone_to_town = ben(
        "Ben ist am Donnerstag, 26. November in die Stadt gegangen.",
        "ist",
        (*DAY, "in", "stadt", "gegangen"),
    )
    gone_shopping = ben(
        "Ben ist am Donnerstag, 26. November einkaufen gegangen.",
        "ist",
        (*DAY, "einkaufen", "gegangen"),
    )
    assert other_deed(gone_to_town, gone_shopping, GERMAN)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # A reason added: the same deed told better.
        (
            SHOPPING,
            ben(
                "Ben ging am Donnerstag, 26. November einkaufen, weil der "
                "Kühlschrank leer war.",
                "ging",
                (*DAY, "einkaufen", "weil", "kühlschrank", "leer"),
            ),
        ),
        # Said to change.
        (TOWN, ben("Ben ging eigentlich einkaufen.", "ging", ("einkaufen",), True)),
        # Another subject's is for `relate`'s subject rule, not a deed of his.
        (
            TOWN,
            Deed(
                "Anna ging einkaufen.",
                "ging",
                ("anna",),
                ("einkaufen",),
                DETAILS,
                False,
            ),
        ),
    ],
)
def test_the_same_deed_or_a_change_is_no_other_deed(old: Deed, new: Deed) -> None:
    """Only two things done, neither said to change, are two deeds."""
    assert not other_deed(old, new, GERMAN)


def test_a_copula_or_a_place_verb_is_no_deed() -> None:
    """ "Der Schlüssel liegt im Flur / im Keller" is a place, not a deed."""
    hall = Deed(
        "Der Schlüssel liegt im Flur.",
        "liegt",
        ("schlüssel",),
        ("im", "flur"),
        frozenset(),
        False,
    )
    cellar = Deed(
        "Der Schlüssel liegt im Keller.",
        "liegt",
        ("schlüssel",),
        ("im", "keller"),
        frozenset(),
        False,
    )
    assert not other_deed(hall, cellar, GERMAN)
    sick = ben("Ben war am Donnerstag krank.", "war", (*DAY, "krank"))
    tired = ben("Ben war am Donnerstag müde.", "war", (*DAY, "müde"))
    assert not other_deed(sick, tired, GERMAN)


def test_two_participles_of_an_auxiliary_are_two_deeds() -> None:
    """New-user review s18: the fence replaced the tap."""
    tap = ben(
        "Ben hat heute den Wasserhahn repariert.", "hat", ("wasserhahn", "repariert")
    )
    fence = ben("Ben hat heute den Zaun gestrichen.", "hat", ("zaun", "gestrichen"))
    assert two_participles(tap, fence, GERMAN)
    assert not two_participles(tap, tap, GERMAN)
    assert not two_participles(TOWN, SHOPPING, GERMAN)


WREATH = Deed(
    "Wir haben am Sonntag, 29. November den Adventskranz gebunden.",
    "haben",
    (),
    ("sonntag", "29", "november", "adventskranz", "gebunden"),
    frozenset({"sonntag", "29", "november"}),
    False,
)
MARKET = Deed(
    "Wir waren am Sonntag, 29. November auf dem Weihnachtsmarkt.",
    "waren",
    (),
    ("sonntag", "29", "november", "auf", "weihnachtsmarkt"),
    frozenset({"sonntag", "29", "november"}),
    False,
)


def test_what_a_subject_was_or_had_on_a_day_begun_is_a_deed() -> None:
    """HIGH defect: "… auf dem Weihnachtsmarkt waren" replaced "… den
    Adventskranz gebunden haben" of the same Sunday. Of an occasion that
    has begun, where the subject was and how it was are things that
    happened; of a plan, a copula is no deed (the place may have moved)."""
    assert other_deed(WREATH, MARKET, GERMAN, begun=True)
    assert other_deed(MARKET, WREATH, GERMAN, begun=True)
    assert not other_deed(WREATH, MARKET, GERMAN)
    sick = ben("Ben war am Donnerstag krank.", "war", (*DAY, "krank"))
    football = ben("Ben war am Donnerstag beim Fußball.", "war", (*DAY, "fußball"))
    fever = ben("Ben hatte am Donnerstag Fieber.", "hatte", (*DAY, "fieber"))
    assert other_deed(sick, football, GERMAN, begun=True)
    assert other_deed(sick, fever, GERMAN, begun=True)
    # A name is a name, whenever it was given.
    named = ben("Ben heißt am Donnerstag Benni.", "heisst", (*DAY, "benni"))
    renamed = ben("Ben heißt am Donnerstag Benno.", "heisst", (*DAY, "benno"))
    assert not other_deed(named, renamed, GERMAN, begun=True)


@pytest.mark.parametrize(
    "new",
    [
        # A place added: the same outing told better.
        Deed(
            "Wir waren am Sonntag, 29. November auf dem Weihnachtsmarkt in Köln.",
            "waren",
            (),
            ("sonntag", "29", "november", "auf", "weihnachtsmarkt", "in", "köln"),
            frozenset({"sonntag", "29", "november"}),
            False,
        ),
        # Said to change.
        Deed(
            "Eigentlich waren wir am Sonntag, 29. November im Zoo.",
            "waren",
            (),
            ("eigentlich", "sonntag", "29", "november", "im", "zoo"),
            frozenset({"sonntag", "29", "november"}),
            True,
        ),
    ],
)
def test_an_outing_told_better_or_said_to_change_is_no_other_deed(new: Deed) -> None:
    """Begun or not, only two things done, neither said to change, are two."""
    assert not other_deed(MARKET, new, GERMAN, begun=True)
