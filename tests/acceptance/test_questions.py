"""Questions as people ask them, to a real Home Assistant's built-in agent.

Over /api/conversation/process only: "where is …" reaches memory where Home
Assistant has no answer of its own, in English and German; a person or area
by that name, and commands, stay Home Assistant's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .conftest import Household

REMEMBERED = "Okay, I'll remember that."
GEMERKT = "Okay, das merke ich mir."


def ask(home: Household, text: str, language: str = "en") -> dict[str, Any]:
    """One built-in-agent turn as Anna; the conversation result."""
    return home.hass.conversation_process(
        text, token=home.anna.token, language=language
    )


def said(result: dict[str, Any]) -> str:
    """What the result speaks."""
    return str(result["response"]["speech"]["plain"]["speech"])


def test_where_when_who_reach_memory(household: Household) -> None:
    """English questions with no answer in Home Assistant are answered from memory.

    (The household is shared: each fact here is about something no other
    test remembers, or it would be told as a correction.)
    """
    for fact in (
        "remember that the tyre inflator is in the attic crate",
        "remember that the window cleaner comes on the third of March",
        "remember that Ben's shoe size is 44",
    ):
        assert said(ask(household, fact)) == REMEMBERED

    pump = ask(household, "Where is the tyre inflator?")
    assert "attic crate" in said(pump)
    assert pump["response"]["response_type"] == "query_answer"
    assert "March" in said(ask(household, "when does the window cleaner come"))
    assert "44" in said(ask(household, "what is Ben's shoe size"))
    assert "attic crate" in said(ask(household, "did anyone see the tyre inflator"))


def test_german_questions_and_sentences_answer_in_german(household: Household) -> None:
    """Merken, fragen und vergessen auf Deutsch, mit deutschen Antworten."""
    stored = ask(household, "Merk dir, dass die Gießkanne im Keller steht", "de")
    assert said(stored) == GEMERKT
    assert "Keller" in said(ask(household, "Wo ist die Gießkanne?", "de"))
    assert "Keller" in said(ask(household, "Was weißt du über die Gießkanne?", "de"))
    # An English question in a German conversation is Home Assistant's.
    assert "Keller" not in said(ask(household, "where is the watering can", "de"))


def test_a_person_or_area_by_that_name_and_commands_stay_home_assistants(
    household: Household,
) -> None:
    """Memory answers until Home Assistant has something by that name."""
    hass, token = household.hass, household.anna.token
    assert said(ask(household, "remember that the workshop smells of sawdust")) == (
        REMEMBERED
    )
    assert said(ask(household, "remember that Anna is at choir practice")) == REMEMBERED
    assert "sawdust" in said(ask(household, "where is the workshop"))

    hass.ws_command(token, "config/area_registry/create", name="Workshop")
    hass.ws_command(
        token,
        "homeassistant/expose_entity",
        assistants=["conversation"],
        entity_ids=["person.anna"],
        should_expose=True,
    )
    workshop = said(ask(household, "where is the workshop"))
    assert "sawdust" not in workshop
    anna = said(ask(household, "where is Anna"))
    assert "choir" not in anna
    assert "Anna" in anna

    hass.call_service(
        "input_boolean",
        "turn_off",
        {"entity_id": "input_boolean.kitchen_light_power"},
        token=token,
        return_response=False,
    ).ok()
    light = ask(household, "turn on the kitchen light")
    assert light["response"]["response_type"] == "action_done"
    state = hass.get_state("input_boolean.kitchen_light_power", token=token).ok()
    assert state["state"] == "on"


def test_hostile_questions_are_answered_or_refused_aloud(household: Household) -> None:
    """Hidden characters are refused in words; query syntax is plain text."""
    refused = said(ask(household, "where is the \u202etyre inflator\u200b"))
    assert "characters I don't accept" in refused
    plain = ask(household, 'who put "the inflator" OR crate* NEAR(a b) -- ;')
    assert plain["response"]["response_type"] == "query_answer"
