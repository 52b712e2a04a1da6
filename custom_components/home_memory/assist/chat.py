"""The conversation a tool call or prompt request belongs to.

`LLMContext` carries neither the conversation id nor the utterance. Both are
reachable through the `current_chat_log` ContextVar that the conversation
integration sets for the whole turn (docs/home-assistant.md, "Which
conversation a call belongs to"): API instances and tool calls run inside it.
Outside a conversation (a direct API call, MCP) there is none, and callers key
their state by speaker instead.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from homeassistant.core import callback

if TYPE_CHECKING:
    from homeassistant.components.conversation.chat_log import ChatLog


@dataclass(frozen=True, slots=True)
class Turn:
    """The live conversation and its latest user utterance."""

    conversation_id: str
    # The latest user text, and a marker unique to that user turn.
    utterance: str | None
    marker: tuple[str, str] | None


@callback
def async_current_turn() -> Turn | None:
    """The conversation of the running task, if it runs inside one."""
    try:
        from homeassistant.components.conversation.chat_log import (
            UserContent,
            current_chat_log,
        )
    except ImportError:  # pragma: no cover - conversation ships with core
        return None
    chat_log = current_chat_log.get()
    if chat_log is None:
        return None
    for content in reversed(chat_log.content):
        if isinstance(content, UserContent):
            return Turn(
                chat_log.conversation_id,
                content.content,
                (content.created.isoformat(), content.content),
            )
    return Turn(chat_log.conversation_id, None, None)


@callback
def async_current_chat_log() -> ChatLog | None:
    """The live chat log of the running turn, if the task runs inside one."""
    try:
        from homeassistant.components.conversation.chat_log import current_chat_log
    except ImportError:  # pragma: no cover - conversation ships with core
        return None
    return current_chat_log.get()
