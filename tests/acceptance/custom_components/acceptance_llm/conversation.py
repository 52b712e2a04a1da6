"""A conversation agent that uses the Assist LLM API like a model would."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from homeassistant.components import conversation
from homeassistant.components.conversation import AssistantContent, ChatLog
from homeassistant.helpers import llm

if TYPE_CHECKING:
    from homeassistant.config_entries import ConfigEntry
    from homeassistant.core import HomeAssistant
    from homeassistant.helpers.entity_platform import AddConfigEntryEntitiesCallback

YES = {"yes", "yes please", "yes, remember them", "yes remember them"}


async def async_setup_entry(
    hass: HomeAssistant,
    entry: ConfigEntry,
    async_add_entities: AddConfigEntryEntitiesCallback,
) -> None:
    """One entity: conversation.acceptance_llm."""
    async_add_entities([RuleAgent(entry)])


class RuleAgent(conversation.ConversationEntity):
    """ "yes" confirms pending proposals through the tool; anything else: "Noted." """

    _attr_has_entity_name = True
    _attr_name = None

    def __init__(self, entry: ConfigEntry) -> None:
        self._attr_unique_id = f"{entry.entry_id}_conversation"

    @property
    def supported_languages(self) -> Literal["*"]:
        """Any language: the rules only look for "yes"."""
        return "*"

    async def _async_handle_message(
        self, user_input: conversation.ConversationInput, chat_log: ChatLog
    ) -> conversation.ConversationResult:
        await chat_log.async_provide_llm_data(
            user_input.as_llm_context("acceptance_llm"),
            [llm.LLM_API_ASSIST],
            None,
            user_input.extra_system_prompt,
        )
        reply = "Noted."
        if user_input.text.strip(" .!").casefold() in YES:
            call = llm.ToolInput(
                tool_name="home_memory__confirm_proposals",
                tool_args={"answer": "yes"},
            )
            results = [
                content
                async for content in chat_log.async_add_assistant_content(
                    AssistantContent(agent_id=user_input.agent_id, tool_calls=[call])
                )
            ]
            reply = f"Tool said: {results[-1].tool_result}"  # type: ignore[union-attr]
        chat_log.async_add_assistant_content_without_tools(
            AssistantContent(agent_id=user_input.agent_id, content=reply)
        )
        return conversation.async_get_result_from_chat_log(user_input, chat_log)
