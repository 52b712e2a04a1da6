"""What a chat log tells conversation capture: its turns, and who spoke in each.

Conversation capture (background/conversation_capture.py) watches chat logs;
this is how it reads them:

- Who speaks, learned from the strongest source seen so far: the running
  `async_converse` call's trace, then the chat log's LLM context, then the
  Assist pipeline run that opened the log (the internals are read in
  runtime/ha_internals.py). An event belongs to the turn that is running, so
  only the newest waiting turn learns from it.
- The text to keep: the user's message and the assistant's replies of each
  announced turn; system prompts, tool calls and tool results are not kept.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final

from ..assist.speaker import async_effective_user_id
from ..memory.sessions import ChatMessage, MessageRole
from ..runtime.ha_internals import TurnInput, running_turn_input

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from datetime import datetime

    from homeassistant.components.conversation.chat_log import ChatLog
    from homeassistant.core import HomeAssistant

    from ..runtime.data import HomeMemoryData

# A user turn as the chat log announced it: (created, text).
type Marker = tuple[datetime, str]

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
    for item in content[start:]:
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
