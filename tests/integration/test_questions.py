"""Questions asked the way people ask them, through the built-in agent.

"Where is the spare key?" reaches memory only where Home Assistant has no
answer of its own; a person, device or area by that name, and commands, stay
Home Assistant's. English and German, each answered in its own language.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from homeassistant.components import conversation
from homeassistant.components.homeassistant.exposed_entities import (
    async_expose_entity,
)
from homeassistant.core import Context, HomeAssistant
from homeassistant.helpers import area_registry as ar, intent
import pytest

from custom_components.home_memory.assist.sentence_files import load_sentence_files

if TYPE_CHECKING:
    from homeassistant.components.conversation import ConversationResult
    from pytest_homeassistant_custom_component.common import MockConfigEntry, MockUser

    from custom_components.home_memory.runtime.data import HomeMemoryConfigEntry

pytestmark = pytest.mark.usefixtures("mock_load_model")

ENGLISH = load_sentence_files().wording("en")
GERMAN = load_sentence_files().wording("de")
QUERY_ANSWER = intent.IntentResponseType.QUERY_ANSWER


async def ask(
    hass: HomeAssistant,
    text: str,
    language: str = "en",
    *,
    user: MockUser | None = None,
    conversation_id: str | None = None,
) -> ConversationResult:
    """One turn with the built-in agent, in `language`."""
    return await conversation.async_converse(
        hass,
        text,
        conversation_id,
        Context(user_id=user.id if user else None),
        language=language,
        agent_id=conversation.HOME_ASSISTANT_AGENT,
    )


def speech(result: ConversationResult) -> str:
    """The plain speech of a conversation result."""
    text: str = result.response.speech["plain"]["speech"]
    return text


@pytest.fixture
async def home(hass: HomeAssistant, agent_entry: MockConfigEntry) -> HomeAssistant:
    """Conversation loaded; what Home Assistant itself would answer is set up per test."""
    return hass


async def test_questions_reach_memory_in_english(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    init_integration: HomeMemoryConfigEntry,
) -> None:
    """Where, when, whose, who and did-anyone questions are answered from memory."""
    for fact in (
        "remember that the spare key is under the blue flower pot",
        "remember that the bins go out on Tuesday evening",
        "remember that Anna's phone number is 0151 234",
        "remember that Ben fed the cat at seven",
        "remember that somebody watered the tomatoes on Sunday",
    ):
        assert speech(await ask(hass, fact)) == ENGLISH.say("remembered")

    for question, answer in (
        ("Where is the spare key?", "The spare key is under the blue flower pot."),
        ("when do the bins go out", "The bins go out on Tuesday evening."),
        ("what is Anna's phone number", "Anna's phone number is 0151 234."),
        ("who fed the cat", "Ben fed the cat at seven."),
        ("did anyone water the tomatoes", "Somebody watered the tomatoes on Sunday."),
    ):
        result = await ask(hass, question)
        assert speech(result).startswith(answer) or answer in speech(result), question
        assert result.response.response_type is QUERY_ANSWER
        assert result.response.intent is not None
        assert result.response.intent.intent_type == "HomeMemoryQuestion"

    nothing = await ask(hass, "where is the xylophone")
    assert speech(nothing) == ENGLISH.say("question_nothing")


async def test_home_assistant_keeps_what_it_can_answer(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    init_integration: HomeMemoryConfigEntry,
) -> None:
    """A person, a device, an area or a command named like a question stays HA's."""
    await ask(hass, "remember that Anna is at the dentist until noon")
    await ask(hass, "remember that the kitchen light flickers")
    await ask(hass, "remember that the garage door code is 4711")
    hass.states.async_set("person.anna", "not_home", {"friendly_name": "Anna"})
    async_expose_entity(hass, conversation.DOMAIN, "person.anna", True)
    hass.states.async_set(
        "light.kitchen_light", "off", {"friendly_name": "Kitchen light"}
    )
    async_expose_entity(hass, conversation.DOMAIN, "light.kitchen_light", True)
    hass.states.async_set(
        "sensor.kitchen_temperature",
        "21",
        {"friendly_name": "Kitchen temperature", "device_class": "temperature"},
    )
    async_expose_entity(hass, conversation.DOMAIN, "sensor.kitchen_temperature", True)
    ar.async_get(hass).async_create("Garage door")

    anna = await ask(hass, "where is Anna")
    assert "dentist" not in speech(anna)
    assert anna.response.intent is not None
    assert anna.response.intent.intent_type == "HassGetState"

    calls = []
    hass.services.async_register("light", "turn_on", lambda call: calls.append(call))
    light = await ask(hass, "turn on the kitchen light")
    assert light.response.intent is not None
    assert light.response.intent.intent_type == "HassTurnOn"
    assert "flickers" not in speech(light)
    await hass.async_block_till_done()
    assert len(calls) == 1

    what = await ask(hass, "what is the kitchen temperature")
    assert "flickers" not in speech(what)
    assert what.response.intent is None or (
        what.response.intent.intent_type != "HomeMemoryQuestion"
    )
