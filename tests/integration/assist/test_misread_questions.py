"""Questions Home Assistant read as its own and could not answer (review s21
F16), through the built-in agent.

"is Ben allergic to anything" was Home Assistant's "Sorry, Ben is not
exposed" (its state question about a person Assist may not use), and "what is
in the kitchen drawer" its "not aware of any device called in the kitchen
drawer". Memory answers them now; "is Ben home" keeps Home Assistant's
answer, and another agent's local try keeps its question.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from homeassistant.components import conversation
from homeassistant.core import Context
from homeassistant.helpers import area_registry as ar
import pytest

from .test_questions import ENGLISH, GERMAN, answered_by, ask, expose, speech

if TYPE_CHECKING:
    from homeassistant.core import HomeAssistant
    from pytest_homeassistant_custom_component.common import MockConfigEntry, MockUser

    from custom_components.home_memory.runtime.data import HomeMemoryConfigEntry

pytestmark = pytest.mark.usefixtures("mock_load_model")

MEMORY = "HomeMemoryQuestion"


@pytest.fixture
async def household(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    init_integration: HomeMemoryConfigEntry,
    hass_admin_user: MockUser,
) -> MockUser:
    """Ben's allergy, Anna's fear, the key's drawer and the garage's bikes,
    told in English and German; Ben and Anna are people Assist may not use,
    Garage an area, the TV a switch it may."""
    for told, language in (
        ("remember that Ben is allergic to penicillin", "en"),
        ("remember that Anna is afraid of wasps", "en"),
        ("remember that the spare key is in the kitchen drawer", "en"),
        ("remember that the garage is full of bikes", "en"),
        ("merk dir, dass der Ersatzschlüssel in der Küchenschublade liegt", "de"),
    ):
        said = speech(await ask(hass, told, language, user=hass_admin_user))
        assert said in (ENGLISH.say("remembered"), GERMAN.say("remembered")), said
    hass.states.async_set("person.ben", "home", {"friendly_name": "Ben"})
    hass.states.async_set("person.anna", "not_home", {"friendly_name": "Anna"})
    ar.async_get(hass).async_create("Garage")
    expose(hass, "switch.tv", "TV", "off")
    return hass_admin_user


@pytest.mark.parametrize(
    ("asked", "language", "answer"),
    [
        ("is Ben allergic to anything", "en", "penicillin"),
        ("is Anna afraid of anything", "en", "wasps"),
        ("is Anna scared of anything", "en", "wasps"),
        ("what is in the kitchen drawer", "en", "spare key"),
        ("what's in the kitchen drawer", "en", "spare key"),
        ("what is in the garage", "en", "bikes"),
        ("Ist Ben gegen etwas allergisch?", "de", "penicillin"),
        ("Was ist in der Küchenschublade?", "de", "Ersatzschlüssel"),
    ],
)
async def test_a_question_home_assistant_misread_is_answered_from_memory(
    hass: HomeAssistant, household: MockUser, asked: str, language: str, answer: str
) -> None:
    """Memory answers, in the question's language, what it holds."""
    result = await ask(hass, asked, language, user=household)
    assert answered_by(result) == MEMORY
    assert answer in speech(result)


async def test_what_memory_does_not_hold_is_not_known(
    hass: HomeAssistant, household: MockUser
) -> None:
    """Nothing in the fridge was told: memory says so, not the drawer."""
    result = await ask(hass, "what is in the fridge", user=household)
    assert answered_by(result) == MEMORY
    assert speech(result) == ENGLISH.say("question_nothing")


@pytest.mark.parametrize(
    "asked",
    [
        "is Ben home",
        "is Anna at home",
        "is the TV on",
        "what's on the TV",
        # Memory held no place of theirs, and said the fear (review s22).
        "where is Anna",
        "where is Ben",
    ],
)
async def test_home_assistants_own_questions_keep_its_answer(
    hass: HomeAssistant, household: MockUser, asked: str
) -> None:
    """A person's whereabouts and a device's state stay Home Assistant's,
    its apology for a person it may not use included."""
    result = await ask(hass, asked, user=household)
    assert answered_by(result) != MEMORY
    said = speech(result)
    assert "penicillin" not in said
    assert "wasps" not in said


async def test_another_agents_local_try_keeps_its_question(
    hass: HomeAssistant, agent_entry: MockConfigEntry, household: MockUser
) -> None:
    """An LLM agent that prefers local handling still gets the question:
    the built-in agent's "no match" is not turned into memory's answer."""
    from homeassistant.helpers.chat_session import async_get_chat_session

    from custom_components.home_memory.runtime.ha_internals import (
        chat_session_kwargs,
    )

    user_input = conversation.ConversationInput(
        text="is Ben allergic to anything",
        context=Context(),
        conversation_id=None,
        device_id=None,
        satellite_id=None,
        language="en",
        agent_id=agent_entry.entry_id,
    )
    with (
        async_get_chat_session(hass, None, **chat_session_kwargs(Context())) as session,
        conversation.async_get_chat_log(hass, session, user_input) as chat_log,
    ):
        assert (
            await conversation.async_handle_intents(hass, user_input, chat_log) is None
        )


async def test_what_is_known_about_me_is_about_the_asker(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    init_integration: HomeMemoryConfigEntry,
    user_anna: MockUser,
    user_ben: MockUser,
) -> None:
    """ "what do you know about me": "I don't remember anything about me."
    though memories named the asker; "Was weißt du über mich?" answered
    with Mia's (review s22 F6)."""
    for told in (
        "remember that Ben's bike lock code is 4711",
        "remember that Mia goes to the dentist on Thursday",
    ):
        assert speech(await ask(hass, told, user=user_anna)) == ENGLISH.say(
            "remembered"
        )
    for asked, language in (
        ("what do you know about me", "en"),
        ("what do you remember about me", "en"),
        ("Was weißt du über mich?", "de"),
        ("tell me what you know about me", "en"),
        ("what can you tell me about me", "en"),
        ("Sag mir, was du über mich weißt", "de"),
    ):
        said = speech(await ask(hass, asked, language, user=user_ben))
        assert "4711" in said, (asked, said)
        assert "dentist" not in said, (asked, said)
