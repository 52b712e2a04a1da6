"""What a statement says no to (memory/text/saying_no.py)."""

from __future__ import annotations

import pytest

from custom_components.home_memory.memory.text.saying_no import (
    calls_off,
    contradicts,
    denies_another,
    moves_coming,
    negates,
    says_coming,
)


@pytest.mark.parametrize(
    ("old", "new", "language", "said_no"),
    [
        ("The tiler is coming on Tuesday 1 December.", "The tiler is not coming.",
         "en", True),
        ("Die Babysitterin kommt am Dienstag, 1. Dezember.",
         "Die Babysitterin kommt nicht.", "de", True),
        ("Die Babysitterin kommt am Dienstag, 1. Dezember.",
         "Die Babysitterin kommt doch nicht.", "de", True),
        # Words of its own are another statement; no negation says no.
        ("The tiler is coming on Tuesday.", "The tiler is not coming on Friday.",
         "en", False),
        ("The tiler is coming on Tuesday.", "The plumber is not coming.", "en",
         False),
        ("The tiler is coming on Tuesday.", "The tiler is coming.", "en", False),
        ("The tiler is not coming.", "The tiler is not coming on Tuesday.", "en",
         False),
        # Inflected: "coming" of "comes" (review s30 M2).
        ("The gardener comes on Wednesday 2 December.",
         "The gardener is not coming.", "en", True),
    ],
)  # fmt: skip
def test_a_statement_negated_without_words_of_its_own_says_no_to_it(
    old: str, new: str, language: str, said_no: bool
) -> None:
    """A plan called off ("no, actually the tiler is not coming") says no
    to what the memory says, however little e5 scores the two alike
    (review s28 M4)."""
    assert negates(old, new, language) is said_no


@pytest.mark.parametrize(
    ("old", "new", "denies"),
    [
        ("The window cleaner is coming on Tuesday 1 December.",
         "The window cleaner is not coming on Friday 4 December.", True),
        ("The window cleaner is coming on Tuesday 1 December.",
         "The window cleaner is not coming.", False),
        ("The window cleaner is not coming.",
         "The window cleaner is not coming on Friday.", False),
    ],
)  # fmt: skip
def test_a_no_with_words_of_its_own_denies_another_thing(
    old: str, new: str, denies: bool
) -> None:
    """ "Not on Friday" says nothing of Tuesday (review s30 M4: the told
    correction replaced the Tuesday plan)."""
    assert denies_another(old, new, "en") is denies


def test_german_nouns_are_not_names() -> None:
    """Every German noun is capitalised: only real details (days, colours,
    numbers) make two merged German memories contradict."""
    assert not contradicts(
        "Die Katze heißt Miso.", "Die Katze Miso mag Thunfisch.", "de"
    )
    assert contradicts(
        "Die Mülltonnen kommen am Dienstag raus.",
        "Die Mülltonnen kommen am Donnerstag raus.",
        "de",
    )


@pytest.mark.parametrize(
    ("text", "language", "coming"),
    [
        ("The gardener is not coming.", "en", True),
        ("Die Putzfrau kommt nicht.", "de", True),
        ("Anna is not vegetarian.", "en", False),
        ("Anna ist keine Vegetarierin.", "de", False),
    ],
)
def test_a_coming_is_told_by_its_verb(text: str, language: str, coming: bool) -> None:
    """A visit called off is another person's to call off; what is so of
    Anna is hers (review s30b H1)."""
    assert says_coming(text, language) is coming


@pytest.mark.parametrize(
    ("text", "language", "called_off"),
    [
        ("The masseuse is not coming.", "en", True),
        ("The painter is not coming on Friday 4 December.", "en", True),
        ("The chimney sweep isn't coming, sadly.", "en", True),
        ("Der Maler kommt am Freitag nicht.", "de", True),
        ("Der Maler kommt am Freitag, 4. Dezember nicht.", "de", True),
        # A clause says who or when comes instead.
        ("The tiler isn't coming on Wednesday, he is coming on Friday.", "en",
         False),
        ("The painter is not coming on Friday but on Saturday.", "en", False),
        ("The tiler is coming on Friday, not on Wednesday.", "en", False),
        ("Der Fliesenleger kommt nicht am Mittwoch, sondern am Freitag.", "de",
         False),
        ("Die Hebamme kommt doch nicht, aber der Arzt kommt.", "de", False),
        # No coming, or no "no".
        ("The nanny is coming on Saturday.", "en", False),
        ("We are not going to the wedding.", "en", False),
    ],
)  # fmt: skip
def test_a_call_off_says_only_that_someone_is_not_coming(
    text: str, language: str, called_off: bool
) -> None:
    """Asked who comes, "The masseuse is not coming." is no answer beside
    one who comes (review s30b M4); "…, he is coming on Friday" is one."""
    assert calls_off(text, language) is called_off


@pytest.mark.parametrize(
    ("text", "language", "moved"),
    [
        (("The gardener is not coming on Thursday 3 December, he is coming on "
         "Saturday 5 December."), "en", True),
        (("Der Fliesenleger kommt nicht am Mittwoch, 2. Dezember, sondern am "
         "Freitag, 4. Dezember."), "de", True),
        ("The gardener is not coming on Thursday.", "en", False),
        ("Der Fliesenleger kommt am Freitag, 4. Dezember nicht.", "de", False),
        ("The gardener is coming on Saturday.", "en", False),
    ],
)  # fmt: skip
def test_not_then_but_another_time_moves_a_plan(
    text: str, language: str, moved: bool
) -> None:
    """Review s30b M2, M3: "… not on Thursday, he is coming on Saturday"
    moves the plan; a told "not on Friday" beside it is no plan to move."""
    assert moves_coming(text, language) is moved


def test_a_moved_plan_says_when_one_comes_not_no() -> None:
    """Review s32 H1: a moved plan says when one comes, so another day's
    no is no update of it, and a call-off still calls it off."""
    moved = (
        "The chimney sweep is not coming on Thursday 3 December, he is coming "
        "on Friday 4 December."
    )
    other_day = "The chimney sweep is not coming on Monday 7 December."
    assert denies_another(moved, other_day, "en")
    assert negates(moved, "The chimney sweep is not coming.", "en")
