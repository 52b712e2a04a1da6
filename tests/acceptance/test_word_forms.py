"""A question in another form of a memory's word, to a real Home Assistant.

Issue 21: "I am allergic to …" told by voice, and the same person's "do I
have any allergies" found nothing ("allergies" is no keyword of "allergic"
and MiniLM's similarity is under the answer floor). A word of one family
now lets the memory pass the floor (memory/text/word_forms.py). The
household is shared: Ben's latex allergy is this file's alone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .conftest import wait_for_the_model

if TYPE_CHECKING:
    from .conftest import Household


def _said(home: Household, user: Any, text: str) -> str:
    """One built-in-agent turn as `user`; what it says."""
    result: dict[str, Any] = home.hass.conversation_process(text, token=user.token)
    return str(result["response"]["speech"]["plain"]["speech"])


def _heard_all(home: Household, user: Any, text: str) -> str:
    """A question and its "more" pages, as `user` in one conversation: the
    shared household holds other files' allergies (Zelda's, Ziggy's) that
    name no person Assist knows, so they may be anyone's and come first."""
    result: dict[str, Any] = home.hass.conversation_process(text, token=user.token)
    heard = [str(result["response"]["speech"]["plain"]["speech"])]
    for _ in range(4):
        result = home.hass.conversation_process(
            "more", token=user.token, conversation_id=result["conversation_id"]
        )
        heard.append(str(result["response"]["speech"]["plain"]["speech"]))
    return " ".join(heard)


def test_a_question_in_another_word_form_finds_the_memory(
    household: Household,
) -> None:
    """Ben tells his allergy, asks "do I have any allergies" and hears it;
    Anna, asking the same about herself, does not hear Ben's."""
    wait_for_the_model(household)
    _said(household, household.ben, "remember that I am allergic to latex.")
    heard = _heard_all(household, household.ben, "do I have any allergies")
    assert "latex" in heard, heard
    assert "latex" not in _heard_all(
        household, household.anna, "do I have any allergies"
    )


def test_a_synonym_says_what_is_asked_not_of_whom(household: Household) -> None:
    """Ben heard "Mia is scared of dogs" for "what is Anna afraid of" and
    "who is afraid of spiders", and an allergy to another thing for "is
    anyone allergic to latex" (final review s19): the person or the thing
    the question names must be in the memory. Zelig's fear and Ben's latex
    allergy are this file's."""
    wait_for_the_model(household)
    _said(household, household.anna, "remember that Zelig is scared of thunder.")
    _said(household, household.ben, "remember that I am allergic to latex.")
    assert "thunder" in _heard_all(household, household.ben, "what is Zelig afraid of")
    for question in ("what is Anna afraid of", "who is afraid of spiders"):
        heard = _heard_all(household, household.ben, question)
        assert "thunder" not in heard, (question, heard)
    heard = _heard_all(household, household.anna, "is anyone allergic to pollen")
    assert "latex" not in heard, heard
