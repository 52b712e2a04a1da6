"""Fake LLM conversation agents: they record their prompt and run scripted tools."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from homeassistant.components import conversation
from homeassistant.components.conversation import (
    AssistantContent,
    ChatLog,
    ConversationInput,
    ConversationResult,
    ToolResultContent,
)
from homeassistant.core import Context
from homeassistant.exceptions import HomeAssistantError
from homeassistant.helpers import chat_session
from homeassistant.helpers.llm import ToolInput, ToolResult
from homeassistant.setup import async_setup_component
from pytest_homeassistant_custom_component.common import MockConfigEntry, MockUser

from custom_components.home_memory.runtime.ha_internals import chat_session_kwargs

if TYPE_CHECKING:
    from collections.abc import AsyncIterator

    from homeassistant.core import HomeAssistant
    from homeassistant.helpers import llm


class FakeAgent(conversation.AbstractConversationAgent):
    """A fake LLM agent: records its prompt and tools, runs scripted tool calls.

    Each turn pops the next list of `tool_calls` (none when the script is
    empty) and appends that turn's results to `tool_results`.
    """

    def __init__(self, hass: HomeAssistant, apis: list[str]) -> None:
        self.hass = hass
        self.apis = apis
        self.prompts: list[str] = []
        self.tool_names: list[list[str]] = []
        self.tool_calls: list[list[llm.ToolInput]] = []
        self.tool_results: list[list[Any]] = []

    @property
    def supported_languages(self) -> Literal["*"]:
        return "*"

    async def async_process(self, user_input: ConversationInput) -> ConversationResult:
        with (
            chat_session.async_get_chat_session(
                self.hass,
                user_input.conversation_id,
                **chat_session_kwargs(user_input.context),
            ) as session,
            conversation.async_get_chat_log(self.hass, session, user_input) as log,
        ):
            await log.async_provide_llm_data(
                user_input.as_llm_context("test"), self.apis, None, None
            )
            self.prompts.append(log.content[0].content)
            assert log.llm_api is not None
            self.tool_names.append([tool.name for tool in log.llm_api.tools])
            calls = self.tool_calls.pop(0) if self.tool_calls else []
            self.tool_results.append(await self._reply(user_input, log, calls))
            return conversation.async_get_result_from_chat_log(user_input, log)

    async def _reply(
        self, user_input: ConversationInput, log: ChatLog, calls: list[llm.ToolInput]
    ) -> list[Any]:
        """Run `calls`, add the final reply to `log`; return the tool results."""
        raise NotImplementedError


class ScriptedAgent(FakeAgent):
    """Adds its tool calls, then "Done.", as whole (non-streamed) content."""

    async def _reply(
        self, user_input: ConversationInput, log: ChatLog, calls: list[llm.ToolInput]
    ) -> list[Any]:
        results = (
            [
                content.result
                async for content in log.async_add_assistant_content(
                    AssistantContent(agent_id=user_input.agent_id, tool_calls=calls)
                )
            ]
            if calls
            else []
        )
        log.async_add_assistant_content_without_tools(
            AssistantContent(agent_id=user_input.agent_id, content="Done.")
        )
        return results


class StreamingAgent(FakeAgent):
    """Streams its tool calls and reply (streamed replies are never announced)."""

    async def _reply(
        self, user_input: ConversationInput, log: ChatLog, calls: list[llm.ToolInput]
    ) -> list[Any]:
        async def stream() -> AsyncIterator[dict[str, Any]]:
            if calls:
                yield {"role": "assistant"}
                yield {"tool_calls": calls}
            yield {"role": "assistant"}
            yield {"content": f"Reply to: {user_input.text}"}

        return [
            content.result
            async for content in log.async_add_delta_content_stream(
                user_input.agent_id,
                stream(),  # type: ignore[arg-type]
            )
            if hasattr(content, "result")
        ]


class PlaceholderAgent(FakeAgent):
    """Ends each turn as Home Assistant 2026.11 does when the agent gives up.

    Each turn pops its ending from `endings`: "reply" (a reply of its own),
    "none" (no reply: 2026.11 adds "(no response)") or "error" (a tool call,
    then a failure: 2026.11's `ChatLog.async_add_error` answers the tool call
    with a synthetic error result and adds "Error: ..."). The turn returns
    normally, so that the log is stored on 2026.10 too (2026.10 drops the
    log of a turn that raises).
    """

    def __init__(self, hass: HomeAssistant, apis: list[str]) -> None:
        super().__init__(hass, apis)
        self.endings: list[str] = []

    async def _reply(
        self, user_input: ConversationInput, log: ChatLog, calls: list[llm.ToolInput]
    ) -> list[Any]:
        agent_id = user_input.agent_id or "conversation"
        ending = self.endings.pop(0) if self.endings else "reply"
        if ending == "reply":
            log.async_add_assistant_content_without_tools(
                AssistantContent(agent_id=agent_id, content=f"Sure: {user_input.text}")
            )
        elif ending == "none":
            log.async_add_assistant_content_without_tools(
                AssistantContent(agent_id=agent_id, content="(no response)")
            )
        else:
            # A tool call the provider asked for, never answered (the failure
            # came first): put in the log as a provider's stream would.
            log.content.append(
                AssistantContent(
                    agent_id=agent_id,
                    content="Let me look that up.",
                    tool_calls=[
                        ToolInput(tool_name="recall", tool_args={"query": "x"})
                    ],
                )
            )
            add_error(log, agent_id, HomeAssistantError("Rate limit reached"))
        return []


def add_error(log: ChatLog, agent_id: str, error: Exception) -> None:
    """`ChatLog.async_add_error` (2026.11), or what it appends, on 2026.10."""
    if (add := getattr(log, "async_add_error", None)) is not None:
        add(agent_id, error)
        return
    error_text = str(error) or type(error).__name__
    last = log.content[-1]
    assert isinstance(last, AssistantContent)
    for tool_call in last.tool_calls or ():
        log.async_add_assistant_content_without_tools(
            ToolResultContent(
                agent_id=last.agent_id,
                tool_call_id=tool_call.id,
                tool_name=tool_call.tool_name,
                result=ToolResult(
                    data={"error": type(error).__name__, "error_text": error_text},
                    error=True,
                ),
            )
        )
    log.async_add_assistant_content_without_tools(
        AssistantContent(agent_id=agent_id, content=f"Error: {error_text}")
    )


async def async_add_agent_entry(hass: HomeAssistant) -> MockConfigEntry:
    """Conversation, llm and a config entry to hang a fake agent on."""
    assert await async_setup_component(hass, "homeassistant", {})
    assert await async_setup_component(hass, "conversation", {})
    assert await async_setup_component(hass, "llm", {})
    entry = MockConfigEntry(domain="test")
    entry.add_to_hass(hass)
    return entry


async def say(
    hass: HomeAssistant,
    text: str,
    *,
    agent_id: str | None = None,
    conversation_id: str | None = None,
    user: MockUser | None = None,
    device_id: str | None = None,
    language: str = "en",
) -> ConversationResult:
    """One Assist turn in `language`, as `user` (none: no user) from `device_id`."""
    return await conversation.async_converse(
        hass,
        text,
        conversation_id,
        Context(user_id=user.id if user else None),
        language=language,
        agent_id=agent_id,
        device_id=device_id,
    )
