"""Questions Home Assistant read as its own and could not answer (review s21
F16), to a real Home Assistant's built-in agent over REST.

Ben is a person here that Assist may not use: "is Ben allergic to anything"
was "Sorry, Ben is not exposed", and "what is in the glove box" was "not
aware of any device called in the glove box". Both are memory's now; "is
Ben home" keeps Home Assistant's answer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .test_questions import REMEMBERED, ask, said

if TYPE_CHECKING:
    from .conftest import Household


def test_questions_home_assistant_misread_reach_memory(household: Household) -> None:
    """Ben's allergy and the glove box's contents, asked as people ask."""
    for fact in (
        "remember that Ben is allergic to kiwis",
        "remember that the parking disc is in the glove box",
    ):
        assert said(ask(household, fact)) == REMEMBERED

    home = ask(household, "is Ben home")
    assert "kiwis" not in said(home)
    allergy = ask(household, "is Ben allergic to anything")
    assert "kiwis" in said(allergy), said(allergy)
    assert allergy["response"]["response_type"] == "query_answer"
    assert "parking disc" in said(ask(household, "what is in the glove box"))
    assert "parking disc" in said(ask(household, "what's in the glove box"))
    assert "kiwis" not in said(ask(household, "is Ben home"))
