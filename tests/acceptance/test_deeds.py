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


def test_a_refusal_is_an_error_response(household: Household) -> None:
    """Review s40 D5: what memory refuses comes back as Home Assistant's own
    intents' refusals do, an error response with a code and our answer, in
    English and German; what it did is an action done, an answer that
    finds nothing a query answer."""
    home = household.hass
    token = household.anna.token
    told = home.conversation_process(
        "remember that we oiled the rocking horse", token=token
    )
    assert told["response"]["response_type"] == "action_done", told
    moved = home.conversation_process(
        "no, it was tomorrow", token=token, conversation_id=told["conversation_id"]
    )
    assert moved["response"]["response_type"] == "error", moved
    assert moved["response"]["data"] == {"code": "failed_to_handle"}, moved
    assert said(moved).startswith("That was told as done"), said(moved)
    for text, language, answer in (
        ("forget the purple walrus", "en", "I don't remember anything like that."),
        ("Vergiss das lila Walross", "de", "An so etwas erinnere ich mich nicht."),
    ):
        forgot = ask(household, text, language)
        assert forgot["response"]["response_type"] == "error", forgot
        assert forgot["response"]["data"] == {"code": "no_valid_targets"}, forgot
        assert said(forgot) == answer, said(forgot)
    nothing = ask(household, "what do you remember about the purple walrus")
    assert nothing["response"]["response_type"] == "query_answer", nothing
