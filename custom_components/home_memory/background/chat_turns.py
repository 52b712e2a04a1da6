"""What a chat log tells conversation capture: its turns, and who spoke in each.

The speaker from the strongest source seen so far; the user's and the
assistant's words only, never prompts, tool calls or Home Assistant's
placeholders (which would be quoted back as the conversation).

In more words: docs/architecture.md, "`background/chat_turns.py`".
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final

from ..assist.speaker import async_effective_user_id
from ..memory.conversation.sessions import ChatMessage, MessageRole
from ..runtime.ha_internals import TurnInput, running_turn_input

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from datetime import datetime

    from homeassistant.components.conversation.chat_log import (
        AssistantContent,
        ChatLog,
    )
    from homeassistant.core import HomeAssistant

    from ..runtime.data import HomeMemoryData

# A user turn as the chat log announced it: (created, text).
type Marker = tuple[datetime, str]

# What Home Assistant 2026.11 adds as assistant content when the agent did
# not answer (conversation/chat_log.py, async_get_chat_log) and when the turn
# failed (ChatLog.async_add_error, f"Error: {error}"); both end their turn.
NO_RESPONSE: Final = "(no response)"
ERROR_PREFIX: Final = "Error: "

# Where a turn's speaker came from, weakest first.
SPEAKER_UNKNOWN: Final = 0
SPEAKER_PIPELINE: Final = 1
SPEAKER_LLM_CONTEXT: Final = 2
SPEAKER_TRACE: Final = 3


@dataclass(slots=True)
class Turn:
    """Who spoke in one user turn, as far as is known yet."""

    user_id: str | None = None
    device_id: str | None = None
    agent_id: str | None = None
    source: int = SPEAKER_UNKNOWN


@dataclass(slots=True)
class Watched:
    """What is known about one conversation being captured."""

    # Items of the chat log already read.
    read: int = 0
    # User turns announced (by their message) -> who spoke.
    turns: dict[Marker, Turn] = field(default_factory=dict)
    # Turns announced but not in the stored log yet, and since when (the
    # store's clock, unix seconds).
    waiting: dict[Marker, float] = field(default_factory=dict)
    # The latest log object seen: after DELETED it is the only copy left.
    log: ChatLog | None = None
    cancel_timer: Callable[[], None] | None = None


def is_ai_task_log(log: ChatLog | None) -> bool:
    """An AI Task run (anyone's): its system prompt is AI Task's default one."""
    if log is None or not log.content:
        return False
    from homeassistant.components.ai_task.const import DEFAULT_SYSTEM_PROMPT
    from homeassistant.components.conversation.chat_log import SystemContent

    first = log.content[0]
    return isinstance(first, SystemContent) and first.content.startswith(
        DEFAULT_SYSTEM_PROMPT
    )


# -- who speaks ----------------------------------------------------------------------


def set_speaker(
    hass: HomeAssistant,
    data: HomeMemoryData,
    turn: Turn,
    source: int,
    given: TurnInput,
) -> None:
    """Take what `source` tells about the turn's speaker, device and agent."""
    turn.user_id = async_effective_user_id(hass, data, given.context, given.device_id)
    turn.device_id = given.device_id or turn.device_id
    turn.agent_id = given.agent_id or turn.agent_id
    turn.source = source


def learn_speaker(
    hass: HomeAssistant, data: HomeMemoryData, watched: Watched, live: ChatLog | None
) -> None:
    """Learn more about the newest turn's speaker from this event, if it can.

    Only the newest turn still waiting: an event belongs to the turn that
    is running.
    """
    marker = next(reversed(watched.waiting), None)
    if marker is None or (turn := watched.turns.get(marker)) is None:
        return
    if turn.source >= SPEAKER_TRACE:
        return
    if (given := running_turn_input(marker[1])) is not None:
        set_speaker(hass, data, turn, SPEAKER_TRACE, given)
        return
    if (
        turn.source < SPEAKER_LLM_CONTEXT
        and live is not None
        and live.llm_api is not None
        and _is_newest_user_content(live, marker)
    ):
        llm_context = live.llm_api.llm_context
        set_speaker(
            hass,
            data,
            turn,
            SPEAKER_LLM_CONTEXT,
            TurnInput(llm_context.context, llm_context.device_id, None),
        )


def _is_newest_user_content(log: ChatLog, marker: Marker) -> bool:
    from homeassistant.components.conversation.chat_log import UserContent

    for item in reversed(log.content):
        if isinstance(item, UserContent):
            return (item.created, item.content) == marker
    return False


# -- the text to keep --------------------------------------------------------------


def take_new_turns(
    watched: Watched, content: Sequence[Any]
) -> list[tuple[Turn, list[ChatMessage]]]:
    """The announced turns in what was not read yet, each with its messages.

    Marks the content read and the turns no longer waiting. A user message
    that was never announced (from before this capture started, or not an
    Assist turn) and what answers it are skipped.
    """
    from homeassistant.components.conversation.chat_log import (
        AssistantContent,
        UserContent,
    )

    start, watched.read = watched.read, max(watched.read, len(content))
    by_turn: list[tuple[Turn, list[ChatMessage]]] = []
    current: list[ChatMessage] | None = None
    turn: Turn | None = None
    for index in range(start, len(content)):
        item = content[index]
        if isinstance(item, UserContent):
            marker: Marker = (item.created, item.content)
            watched.waiting.pop(marker, None)
            turn = watched.turns.pop(marker, None)
            if turn is None:
                current = None
                continue
            current = [
                ChatMessage(MessageRole.USER, item.content, item.created.timestamp())
            ]
            by_turn.append((turn, current))
        elif (
            isinstance(item, AssistantContent)
            and item.content
            and current is not None
            and turn is not None
            and not is_placeholder_reply(item, content[index + 1 : index + 2])
        ):
            if turn.source < SPEAKER_TRACE and item.agent_id:
                # Not through async_converse: whoever answered (the built-in
                # agent for local intents) is the agent.
                turn.agent_id = item.agent_id
            current.append(
                ChatMessage(
                    MessageRole.ASSISTANT, item.content, item.created.timestamp()
                )
            )
    return by_turn


def is_placeholder_reply(item: AssistantContent, after: Sequence[Any]) -> bool:
    """Home Assistant's own text in the assistant's place, not a reply.

    "(no response)" and "Error: ..." come without tool calls and end their
    turn (`after`, the item that follows, if any, is the next user message):
    a reply of the agent's own that starts with "Error: " and is followed by
    more of its turn is kept.
    """
    from homeassistant.components.conversation.chat_log import UserContent

    if item.tool_calls or not item.content:
        return False
    ends_turn = not after or isinstance(after[0], UserContent)
    return ends_turn and (
        item.content == NO_RESPONSE or item.content.startswith(ERROR_PREFIX)
    )
