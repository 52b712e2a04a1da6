"""Conversation agents that use LLM APIs as the core agents do.

`RuleAgent` (conversation.acceptance_llm) has the Assist API and answers
"yes" with the confirm_proposals tool. The three `RecordingAgent`s select
Assist, Assist and Home Memory, or Home Memory alone, and record what a model
would receive on each turn (system prompt, messages, tool names): like a
local model, they call no tool, unless the words start with "recall: ".
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, Literal

from homeassistant.components import conversation
from homeassistant.components.conversation import (
    AssistantContent,
    ChatLog,
    ToolResultContent,
)
from homeassistant.core import HomeAssistant, ServiceCall, SupportsResponse, callback
from homeassistant.helpers import llm

if TYPE_CHECKING:
    from homeassistant.config_entries import ConfigEntry
    from homeassistant.helpers.entity_platform import AddConfigEntryEntitiesCallback

YES = {"yes", "yes please", "yes, remember them", "yes remember them"}
DOMAIN = "acceptance_llm"
# What each recording agent's model received, by entity id (in hass.data).
REQUESTS = f"{DOMAIN}_requests"
SHAPES: dict[str, list[str]] = {
    "Assist only": [llm.LLM_API_ASSIST],
    "Assist and memory": [llm.LLM_API_ASSIST, "home_memory"],
    "Memory only": ["home_memory"],
}


async def async_setup_entry(
    hass: HomeAssistant,
    entry: ConfigEntry,
    async_add_entities: AddConfigEntryEntitiesCallback,
) -> None:
    """conversation.acceptance_llm and one recording agent per API shape."""
    hass.data.setdefault(REQUESTS, {})
    async_add_entities(
        [RuleAgent(entry)]
        + [RecordingAgent(entry, name, apis) for name, apis in SHAPES.items()]
    )
    if not hass.services.has_service(DOMAIN, "requests"):

        @callback
        def requests(call: ServiceCall) -> dict[str, Any]:
            """What the model of each recording agent received, turn by turn."""
            return {"requests": hass.data[REQUESTS]}

        hass.services.async_register(
            DOMAIN, "requests", requests, supports_response=SupportsResponse.ONLY
        )


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
            reply = f"Tool said: {results[-1].result.data}"  # type: ignore[union-attr]
        chat_log.async_add_assistant_content_without_tools(
            AssistantContent(agent_id=user_input.agent_id, content=reply)
        )
        return conversation.async_get_result_from_chat_log(user_input, chat_log)


class RecordingAgent(conversation.ConversationEntity):
    """Selects `apis`, records the request a model would get, says "Noted."."""

    _attr_has_entity_name = True

    def __init__(self, entry: ConfigEntry, name: str, apis: list[str]) -> None:
        self._attr_name = name
        self._attr_unique_id = f"{entry.entry_id}_{'_'.join(apis)}"
        self._apis = apis

    @property
    def supported_languages(self) -> Literal["*"]:
        """Any language."""
        return "*"

    async def _async_handle_message(
        self, user_input: conversation.ConversationInput, chat_log: ChatLog
    ) -> conversation.ConversationResult:
        # As the core agents do (openai_conversation, anthropic, ollama).
        await chat_log.async_provide_llm_data(
            user_input.as_llm_context(DOMAIN),
            self._apis,
            None,
            user_input.extra_system_prompt,
        )
        call: llm.ToolInput | None = None
        if user_input.text.startswith("recall: ") and chat_log.llm_api:
            # A model that looks something up before it answers.
            name = next(
                t.name for t in chat_log.llm_api.tools if t.name.endswith("recall")
            )
            call = llm.ToolInput(
                tool_name=name, tool_args={"query": user_input.text[8:]}
            )
        elif user_input.text.startswith("tool: ") and chat_log.llm_api:
            # "tool: update_memory {json}": a model that calls any memory
            # tool with the arguments it chose.
            suffix, _, arguments = user_input.text[6:].partition(" ")
            name = next(
                t.name for t in chat_log.llm_api.tools if t.name.endswith(suffix)
            )
            call = llm.ToolInput(tool_name=name, tool_args=json.loads(arguments))
        if call is not None:
            async for _content in chat_log.async_add_assistant_content(
                AssistantContent(agent_id=user_input.agent_id, tool_calls=[call])
            ):
                pass
        self.hass.data[REQUESTS].setdefault(self.entity_id, []).append(
            {
                "conversation_id": chat_log.conversation_id,
                "system": chat_log.content[0].content,
                "messages": [_message(content) for content in chat_log.content[1:]],
                "tools": [tool.name for tool in chat_log.llm_api.tools]
                if chat_log.llm_api
                else [],
            }
        )
        chat_log.async_add_assistant_content_without_tools(
            AssistantContent(agent_id=user_input.agent_id, content="Noted.")
        )
        return conversation.async_get_result_from_chat_log(user_input, chat_log)


def _message(content: Any) -> str:
    """One message as a model would read it."""
    if isinstance(content, ToolResultContent):
        return f"tool_result {content.tool_name}: {json.dumps(content.result.data)}"
    calls = getattr(content, "tool_calls", None) or []
    text = " ".join(
        f"tool_call {call.tool_name}({json.dumps(call.tool_args)})" for call in calls
    )
    return f"{content.role}: {content.content or ''} {text}".strip()
