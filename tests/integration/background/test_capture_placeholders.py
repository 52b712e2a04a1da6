"""Home Assistant's own placeholder content is never the assistant's words.

2026.11 writes "(no response)" for a turn that added no reply, and, for a
failed turn, synthetic error results for its unanswered tool calls and
"Error: ..." (`ChatLog.async_add_error`). None of it is stored as a message,
quoted back as the conversation, or offered to extraction.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from homeassistant.components import conversation
import pytest

from custom_components.home_memory.background.conversation_capture import (
    async_end_conversations,
)
from custom_components.home_memory.const import DOMAIN
from custom_components.home_memory.runtime.ha_internals import stored_chat_logs

from ..fake_agents import PlaceholderAgent, say
from .test_conversation_capture import (  # noqa: F401 - the capture-on entry
    mock_config_entry,
    sessions_of,
    settle,
    texts,
)

if TYPE_CHECKING:
    from freezegun.api import FrozenDateTimeFactory
    from homeassistant.core import HomeAssistant
    from pytest_homeassistant_custom_component.common import MockConfigEntry, MockUser

    from custom_components.home_memory.runtime.data import HomeMemoryConfigEntry

    from ..fake_ai_task import FakeAITaskEntity

pytestmark = pytest.mark.usefixtures("mock_load_model")

PLACEHOLDER_MARKS = ("(no response)", "Error:", "Rate limit", "error_text")


async def test_placeholders_are_not_stored_extracted_or_quoted(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    agent_entry: MockConfigEntry,
    init_integration: HomeMemoryConfigEntry,
    fake_ai_task: FakeAITaskEntity,
    user_anna: MockUser,
) -> None:
    """Four turns: a reply, none, a failure, a reply; only real words are kept."""
    agent = PlaceholderAgent(hass, [DOMAIN])
    conversation.async_set_agent(hass, agent_entry, agent)
    agent.endings = ["reply", "none", "error", "reply"]
    said = [
        "the plumber is called Jonas",
        "are you there",
        "when is the boiler serviced",
        "the bins go out on Tuesday",
    ]
    conversation_id: str | None = None
    for text in said:
        result = await say(
            hass,
            text,
            agent_id=agent_entry.entry_id,
            user=user_anna,
            conversation_id=conversation_id,
        )
        conversation_id = result.conversation_id
        await settle(hass, freezer)
    assert conversation_id is not None
    # The log does hold Home Assistant's placeholders...
    log = stored_chat_logs(hass)[conversation_id]
    logged = [str(getattr(item, "content", "")) for item in log.content]
    assert "(no response)" in logged
    assert "Error: Rate limit reached" in logged

    # ...the session holds every user message and only the agent's replies.
    [session] = sessions_of(init_integration)
    assert texts(init_integration, session) == [
        ("user", said[0]),
        ("assistant", f"Sure: {said[0]}"),
        ("user", said[1]),
        ("user", said[2]),
        ("assistant", "Let me look that up."),
        ("user", said[3]),
        ("assistant", f"Sure: {said[3]}"),
    ]

    # Extraction is asked about those words only.
    asked = len(fake_ai_task.tasks)
    await async_end_conversations(hass, init_integration.runtime_data, conversation_id)
    await hass.async_block_till_done()
    [task] = fake_ai_task.tasks[asked:]
    assert said[0] in task.instructions
    assert not any(mark in task.instructions for mark in PLACEHOLDER_MARKS)


async def test_a_reply_that_starts_with_error_is_kept_when_the_turn_goes_on(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    agent_entry: MockConfigEntry,
    init_integration: HomeMemoryConfigEntry,
    user_anna: MockUser,
) -> None:
    """Only the turn's last assistant text can be Home Assistant's: an agent's
    own "Error: ..." followed by more of its reply is the agent's."""
    from homeassistant.components.conversation import AssistantContent

    from custom_components.home_memory.background.chat_turns import (
        is_placeholder_reply,
    )

    first = AssistantContent(agent_id="a", content="Error: the code was wrong.")
    then = AssistantContent(agent_id="a", content="Here is the right one.")
    assert not is_placeholder_reply(first, [then])
    assert is_placeholder_reply(first, [])
    assert not is_placeholder_reply(
        AssistantContent(agent_id="a", content="No response yet from the door."), []
    )
