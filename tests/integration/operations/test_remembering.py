"""Remembering through every surface: corrections win, repeats reinforce.

The decision is the engine's (memory/text/statements.py, tested with the real model
in tests/core/text/test_statements.py); these tests pin that actions, LLM tools and
the built-in agent each report it, and that concurrent calls make one memory.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from homeassistant.core import Context, HomeAssistant
from homeassistant.helpers import llm
import pytest

from custom_components.home_memory.const import DOMAIN
from custom_components.home_memory.memory.common.values import Caller, MemoryFilter

from ..conftest import call
from ..fake_agents import say

if TYPE_CHECKING:
    from homeassistant.components.conversation import ConversationResult
    from pytest_homeassistant_custom_component.common import MockConfigEntry, MockUser

    from custom_components.home_memory.runtime.data import HomeMemoryConfigEntry

pytestmark = pytest.mark.usefixtures("mock_load_model")

BLUE = "The spare key is under the blue flower pot"
RED = "The spare key is under the red flower pot"


def speech(result: ConversationResult) -> str:
    """The plain speech of a conversation result."""
    text: str = result.response.speech["plain"]["speech"]
    return text


async def test_the_action_reports_created_updated_and_reinforced(
    hass: HomeAssistant, init_integration: HomeMemoryConfigEntry
) -> None:
    """remember: created, then updated with the previous text, then reinforced."""
    first = await call(hass, "remember", {"content": BLUE})
    assert first["action"] == "created"
    second = await call(hass, "remember", {"content": RED})
    assert second["action"] == "updated"
    assert second["previous"] == BLUE
    assert second["memory"]["id"] == first["memory"]["id"]
    assert second["memory"]["content"] == RED
    again = await call(hass, "remember", {"content": RED})
    assert again["action"] == "reinforced"
    assert "previous" not in again
    got = await call(
        hass, "get", {"id": first["memory"]["id"], "include_history": True}
    )
    assert [v["content"] for v in got["history"]] == [BLUE]


async def test_the_llm_tool_says_what_changed(
    hass: HomeAssistant, init_integration: HomeMemoryConfigEntry
) -> None:
    """home_memory__remember returns result updated, previous and the message."""
    instance = await llm.async_get_api(
        hass,
        DOMAIN,
        llm.LLMContext("test", Context(), "en", "conversation", None),
    )

    async def remember(content: str) -> dict[str, Any]:
        result = await instance.async_call_tool(
            llm.ToolInput(tool_name="remember", tool_args={"content": content})
        )
        assert not result.error
        data: dict[str, Any] = result.data
        return data

    assert (await remember("The wifi password is 1234"))["result"] == "created"
    updated = await remember("The wifi password is 5678")
    assert updated["result"] == "updated"
    assert updated["previous"] == "The wifi password is 1234"
    assert updated["message"] == "Updated: The wifi password is 5678 (was: 1234)."


async def test_voice_corrections_are_spoken_and_stored_as_sentences(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    init_integration: HomeMemoryConfigEntry,
    user_anna: MockUser,
) -> None:
    """By voice: a sentence is stored, a correction says "Updated: ... (was: ...)"."""
    store = init_integration.runtime_data.store
    anna = Caller(user_id=user_anna.id)
    result = await say(
        hass, "remember that the spare key is under the blue flower pot", user=user_anna
    )
    assert speech(result) == "Okay, I'll remember that."
    result = await say(
        hass, "remember that the spare key is under the red flower pot", user=user_anna
    )
    assert speech(result) == (
        "Updated: The spare key is under the red flower pot (was: the blue flower pot)."
    )
    [memory] = store.list_memories(anna, MemoryFilter()).items
    assert memory.content == "The spare key is under the red flower pot."
    result = await say(hass, "what do you remember about the spare key", user=user_anna)
    assert "red flower pot" in speech(result)
    assert "blue" not in speech(result)


async def test_forty_concurrent_near_duplicates_make_one_memory(
    hass: HomeAssistant, init_integration: HomeMemoryConfigEntry
) -> None:
    """40 near-identical remember calls at once (gather) leave one memory."""
    variants = [
        "The spare key is under the doormat",
        "The spare key is under the doormat!",
        "the spare key is under the doormat",
        "The spare key is kept under the doormat",
    ]
    results = await asyncio.gather(
        *(
            call(hass, "remember", {"content": variants[i % len(variants)]})
            for i in range(40)
        )
    )
    assert len({r["memory"]["id"] for r in results}) == 1
    assert [r["action"] for r in results].count("created") == 1
    listed = await call(hass, "list", {"limit": 100})
    assert listed["total"] == 1


async def test_a_confirmed_proposal_corrects_like_any_statement(
    hass: HomeAssistant, init_integration: HomeMemoryConfigEntry, user_anna: MockUser
) -> None:
    """A confirmed suggestion that changes a detail updates the memory."""
    from .test_proposals import add_proposals

    first = await call(hass, "remember", {"content": "The plumber is Jo"})
    [proposal] = await add_proposals(
        hass, init_integration.runtime_data, None, "The plumber is Mike"
    )
    confirmed = await call(
        hass, "confirm_proposals", {"ids": [proposal]}, user=user_anna
    )
    assert confirmed["memories"] == [first["memory"]["id"]]
    assert confirmed["outcomes"] == [
        {
            "id": first["memory"]["id"],
            "action": "updated",
            "previous": "The plumber is Jo",
        }
    ]
