"""Rebuild an agent's kept prompt on the turns whose memory it must change.

Since Home Assistant 2026.11 a chat log keeps an agent's system prompt and
tools from one turn to the next while the agent, user, device and APIs stay
the same (docs/home-assistant.md, "Two ways into another agent's prompt").
The background Home Memory puts into that prompt is right only for the words
it was found for, and a memory forgotten or made private since must not be
quoted again. So on every user turn, before the agent runs, a conversation
whose kept tools are Home Memory's gives its kept prompt up when

- the new words may need memory (assist/context.py `wants_context`), or
- the kept prompt carries memory (background, past messages or a proposal
  question), which must not outlive the turn it was found for.

The agent then builds its prompt as on a first turn, and Home Memory finds the
background for these words. Other turns (commands, thanks, small talk after a
turn without memory) keep the prompt, so a provider's prompt cache holds.
On Home Assistant 2026.10 prompts are rebuilt on every turn anyway.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

from homeassistant.core import HomeAssistant, callback

from ..const import DOMAIN, LOGGER
from ..operations.loaded import async_loaded_entry
from ..runtime.ha_internals import release_kept_prompt, stored_chat_logs
from .context import wants_context
from .prompts import carries_memory

if TYPE_CHECKING:
    from homeassistant.components.conversation.chat_log import ChatLog


@callback
def async_setup_prompt_refresh(hass: HomeAssistant) -> None:
    """Watch every chat log's user turns for the lifetime of Home Assistant."""
    from homeassistant.components.conversation.chat_log import (
        async_subscribe_chat_logs,
    )

    async_subscribe_chat_logs(hass, partial(_on_chat_log_event, hass))


@callback
def _on_chat_log_event(
    hass: HomeAssistant, conversation_id: str, event_type: Any, payload: Any
) -> None:
    """A user's words were added: give up a kept prompt that must change.

    Runs synchronously inside the user's turn, before the agent: nothing may
    escape into it.
    """
    try:
        from homeassistant.components.conversation.const import ChatLogEventType

        if event_type is not ChatLogEventType.CONTENT_ADDED:
            return
        content = payload.get("content") if isinstance(payload, dict) else None
        if not isinstance(content, dict) or content.get("role") != "user":
            return
        chat_log = stored_chat_logs(hass).get(conversation_id)
        if chat_log is None:
            return
        if has_memory_api(chat_log) and (entry := async_loaded_entry(hass)):
            entry.runtime_data.conversations.note_memory_api(conversation_id)
        if kept_prompt_is_stale(hass, chat_log, str(content.get("content") or "")):
            release_kept_prompt(chat_log)
    except Exception:  # noqa: BLE001 - never into the user's turn
        LOGGER.exception("Checking a conversation's kept prompt failed")


def kept_prompt_is_stale(hass: HomeAssistant, chat_log: ChatLog, words: str) -> bool:
    """True when `chat_log` keeps Home Memory's tools and its prompt must change."""
    api = chat_log.llm_api
    if api is None or not any(tool.integration == DOMAIN for tool in api.tools):
        return False
    system = getattr(chat_log.content[0], "content", None) if chat_log.content else None
    if isinstance(system, str) and carries_memory(system):
        return True
    entry = async_loaded_entry(hass)
    return entry is not None and wants_context(entry.runtime_data, words)


def has_memory_api(chat_log: ChatLog) -> bool:
    """True when the agent of `chat_log` selected the Home Memory API.

    Read from the API instance the chat log holds from the previous turn (a
    merged instance lists its APIs); the agent's APIs rarely change within a
    conversation.
    """
    if (instance := chat_log.llm_api) is None:
        return False
    apis = getattr(instance.api, "llm_apis", None) or [instance.api]
    return any(api.id == DOMAIN for api in apis)
