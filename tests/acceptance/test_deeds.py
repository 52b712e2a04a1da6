"""Who did what, asked of a real Home Assistant's built-in agent over REST.

Review s21 (F7): a question about one deed was answered with a memory of
another that shared a person or a thing ("what did Ben buy for the garage"
→ "Ben repaired the garage door", "who washed the car" → "The car needs new
tyres"). The deed asked is the deed answered, in its own words or others.
(The greenhouse and the trailer are this file's; told undated, so no
other file's "yesterday" hears them.)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .conftest import wait_for_the_model
from .test_questions import REMEMBERED, ask, said

if TYPE_CHECKING:
    from .conftest import Household

NOTHING = "I don't know; I don't remember anything about that."


def test_a_deed_asked_is_answered_by_that_deed(household: Household) -> None:
    """Another deed is no answer; the same deed in other words is."""
    wait_for_the_model(household)
    for fact in (
        "remember that Ben repaired the greenhouse door",
        "remember that the trailer needs new lights",
        "remember that Ben scrubbed the trailer",
    ):
        assert said(ask(household, fact)) == REMEMBERED
    assert said(ask(household, "what did Ben buy for the greenhouse")) == NOTHING
    assert said(ask(household, "who sold the trailer")) == NOTHING
    assert "greenhouse door" in said(ask(household, "who fixed the greenhouse door"))
    washed = said(ask(household, "who washed the trailer"))
    assert "scrubbed" in washed, washed
    assert "lights" not in washed, washed
