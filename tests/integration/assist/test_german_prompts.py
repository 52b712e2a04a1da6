"""A German household: every word Home Memory gives an LLM agent is German.

The instructions, the background's header, each memory's day in words, the
tools' descriptions, their result messages and errors follow Home
Assistant's language (assist/prompts.py, prompts.de.json); tool and
argument names stay English (the model calls them so).
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from homeassistant.components import conversation
from homeassistant.core import Context, HomeAssistant
from homeassistant.helpers import llm
import probatio
import pytest

from custom_components.home_memory.assist.context import TurnContext, cached_text
from custom_components.home_memory.assist.prompts import ENGLISH, prompt_words
from custom_components.home_memory.const import DOMAIN
from custom_components.home_memory.memory.conversation.sessions import (
    MessageRole,
    PastMessage,
)
from custom_components.home_memory.memory.time.phrases import phrases

from ..fake_agents import ScriptedAgent, say

if TYPE_CHECKING:
    from pytest_homeassistant_custom_component.common import MockConfigEntry

    from custom_components.home_memory.runtime.data import HomeMemoryConfigEntry

pytestmark = pytest.mark.usefixtures("mock_load_model")

GERMAN = prompt_words("de")
KEY = "Der Ersatzschlüssel liegt unter dem blauen Blumentopf."
# Words of the English texts that no German text has (Home Assistant's own
# prompt is English in every language).
ENGLISH_WORDS = ("Relevant background", "long-term memory", "Said in earlier")


@pytest.fixture
def german(hass: HomeAssistant) -> None:
    """Home Assistant speaks German."""
    hass.config.language = "de"


async def _api(hass: HomeAssistant, user_id: str | None = None) -> llm.APIInstance:
    return await llm.async_get_api(
        hass, DOMAIN, llm.LLMContext("test", Context(user_id=user_id), "de", None, None)
    )


async def _call(instance: llm.APIInstance, tool: str, **args: Any) -> dict[str, Any]:
    result = await instance.async_call_tool(
        llm.ToolInput(tool_name=tool, tool_args=args)
    )
    data: dict[str, Any] = result.data
    return data


def _german_day_words() -> list[str]:
    table = phrases("de")["spoken"]
    return [*table["today"].values(), *table["yesterday"].values()]


@pytest.mark.usefixtures("german")
async def test_the_prompt_and_background_are_german(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    init_integration: HomeMemoryConfigEntry,
) -> None:
    """Both ways into the prompt: the Home Memory API (this turn's
    background) and Assist (the instructions, and the background an earlier
    turn found)."""
    await _call(await _api(hass), "remember", content=KEY)
    agent = ScriptedAgent(hass, [DOMAIN])
    conversation.async_set_agent(hass, agent_entry, agent)
    await say(hass, "Wo ist der Ersatzschlüssel?", agent_id=agent_entry.entry_id)
    prompt = agent.prompts[-1]
    assert GERMAN.api_prompt in prompt
    assert "\nRelevanter Hintergrund:\n<data>\n" in prompt
    (line,) = [ln for ln in prompt.splitlines() if "Ersatzschlüssel" in ln]
    # When it happened, in German words, before the quoted memory.
    assert line.endswith(f') "{KEY}"')
    assert any(f"- ({day}" in line for day in _german_day_words()), line
    assert not any(english in prompt for english in ENGLISH_WORDS)

    assist = ScriptedAgent(hass, [llm.LLM_API_ASSIST])
    conversation.async_set_agent(hass, agent_entry, assist)
    first = await say(
        hass, "Wo ist der Ersatzschlüssel?", agent_id=agent_entry.entry_id
    )
    assert GERMAN.assist_prompt in assist.prompts[-1]
    # The retrieval for the first turn runs as a background task.
    await hass.async_block_till_done(wait_background_tasks=True)
    await say(
        hass,
        "Und wo liegt der Ersatzschlüssel genau?",
        agent_id=agent_entry.entry_id,
        conversation_id=first.conversation_id,
    )
    cached = assist.prompts[-1]
    assert "Relevanter Hintergrund (von früher in diesem Gespräch):" in cached
    assert KEY in cached
    assert not any(english in cached for english in ENGLISH_WORDS)


@pytest.mark.usefixtures("german")
async def test_tools_describe_and_answer_in_german(
    hass: HomeAssistant, init_integration: HomeMemoryConfigEntry
) -> None:
    """Descriptions, result messages and errors: the values the model receives."""
    instance = await _api(hass)
    remember = instance.tools[0]
    assert remember.name == "remember"
    assert remember.description == GERMAN.tool("remember")["description"]
    schema = json.dumps(
        [
            probatio.to_openapi(
                tool.parameters, custom_serializer=instance.custom_serializer
            )
            for tool in instance.tools
        ]
    )
    assert "Was du dir merken sollst" in schema
    assert "What to remember" not in schema

    stored = await _call(instance, "remember", content=KEY)
    assert stored["message"] == "Für alle im Haushalt gemerkt."
    again = await _call(instance, "remember", content=KEY)
    assert again["message"] == "Das wusste ich schon."

    found = await _call(instance, "recall", query="Ersatzschlüssel")
    assert found["message"].startswith("Sag diese kurz")
    assert found["memories"][0]["text"] == KEY
    assert found["memories"][0]["date"].split()[0] in " ".join(_german_day_words())
    nothing = await _call(
        instance, "recall", query="Xylophon", happened_before="1990-01-01"
    )
    assert nothing["message"] == "Nichts im Gedächtnis passt dazu."

    asked = await _call(instance, "forget", id=stored["id"])
    assert asked["message"] == GERMAN.say("results", "ask_forget", memory=KEY)
    done = await _call(
        instance, "forget", confirmation_token=asked["confirmation_token"]
    )
    assert (
        done["message"] == "Vergessen. Ein Administrator kann es noch wiederherstellen."
    )

    # Errors: the tools' own and the operations'.
    no_query = await _call(instance, "recall", kind="fact")
    assert no_query == {
        "error": "invalid_arguments",
        "message": "Gib eine query, more=true oder pick an.",
    }
    unknown = await _call(instance, "update_memory", id="nope", content="x")
    assert unknown == {
        "error": "not_found",
        "message": "Es gibt keine Erinnerung mit der ID nope, die du sehen kannst.",
    }
    expired = await _call(instance, "forget", confirmation_token="nope")
    assert expired["message"] == GERMAN.say("errors", "invalid_token")
    assert expired["message"].startswith("Diese Bestätigung ist unbekannt")


async def test_an_english_home_keeps_its_words(
    hass: HomeAssistant, init_integration: HomeMemoryConfigEntry
) -> None:
    """Language en (and any language without a file) gets the English texts."""
    for language in ("en", "fr"):
        hass.config.language = language
        instance = await _api(hass)
        assert instance.api_prompt.startswith(ENGLISH.api_prompt)
        stored = await _call(instance, "remember", content=f"The {language} key.")
        assert stored["message"] == "Remembered for everyone in the household."
    assert prompt_words("de-CH") is GERMAN


def test_past_messages_are_said_with_german_words() -> None:
    """Who said it and on which day, in the household's words."""
    from datetime import UTC, datetime

    now = datetime(2026, 3, 5, 12, tzinfo=UTC)
    past = PastMessage(
        "c1",
        datetime(2026, 3, 4, 9, tzinfo=UTC).timestamp(),
        MessageRole.USER,
        "Die Katze heißt Miso",
        0.9,
    )
    text = cached_text(TurnContext([], "", past_messages=(past,)), GERMAN, now)
    assert text.splitlines() == [
        "In früheren Gesprächen mit dieser Person gesagt:",
        "<data>",
        '- (gestern) Benutzer: "Die Katze heißt Miso"',
        "</data>",
    ]
    english = cached_text(TurnContext([], "", past_messages=(past,)), ENGLISH, now)
    assert '- (yesterday) User: "Die Katze heißt Miso"' in english
