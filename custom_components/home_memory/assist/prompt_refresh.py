"""Rebuild an agent's kept prompt on the turns whose memory it must change.

Since 2026.11 a chat log keeps an agent's prompt between turns; a prompt
carrying memory, or words that may need it, is given up so the background
is found for these words and nothing forgotten is quoted again.

In more words: docs/architecture.md, "`assist/prompt_refresh.py`".
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any, Final

from homeassistant.core import HomeAssistant, callback
from homeassistant.util import dt as dt_util

from ..const import DOMAIN, LOGGER
from ..operations.loaded import async_loaded_entry
from ..runtime.ha_internals import (
    release_kept_prompt,
    stored_chat_logs,
    withhold_tool_results,
)
from .context import wants_context
from .prompts import ENGLISH, PromptWords, carries_memory, household_words

if TYPE_CHECKING:
    from homeassistant.components.conversation.chat_log import ChatLog

    from ..runtime.conversation_state import ConversationStates

# What a withheld memory tool result keeps: ids, numbers, cursors, tokens,
# codes and dates (re-checked when used). Every other string, wherever it
# stands, may quote a memory and is withheld.
KEPT_KEYS: Final = frozenset(
    {"id", "ids", "number", "cursor", "token", "total_found", "showing"}
    | {"has_more", "min_relevance", "error", "needs_choice", "result", "kind"}
    | {"date", "outcome"}
)
# What stands for a withheld string (in Home Assistant's language; English here).
WITHHELD: Final = ENGLISH.say("background", "withheld")
# The memory tools' own names; Home Assistant may prefix them when it merges
# APIs ("assist__home_memory__recall", "home_memory__recall").
TOOL_BASE_NAMES: Final = frozenset(
    {"remember", "recall", "update_memory", "forget", "confirm_proposals"}
)


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
        if (entry := async_loaded_entry(hass)) is not None:
            _note_agent(
                entry.runtime_data.conversations,
                conversation_id,
                chat_log,
                household_words(hass),
            )
        if kept_prompt_is_stale(hass, chat_log, str(content.get("content") or "")):
            release_kept_prompt(chat_log)
    except Exception:  # noqa: BLE001 - never into the user's turn
        LOGGER.exception("Checking a conversation's kept prompt failed")


def kept_prompt_is_stale(hass: HomeAssistant, chat_log: ChatLog, words: str) -> bool:
    """True when `chat_log` keeps Home Memory's tools and its prompt must change."""
    if not memory_tool_names(chat_log):
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


def memory_tool_names(chat_log: ChatLog) -> set[str]:
    """The names under which the agent of `chat_log` has Home Memory's tools."""
    if (instance := chat_log.llm_api) is None:
        return set()
    return {tool.name for tool in instance.tools if tool.integration == DOMAIN}


@callback
def _note_agent(
    conversations: ConversationStates,
    conversation_id: str,
    chat_log: ChatLog,
    words: PromptWords,
) -> None:
    """Note whether the agent has the Home Memory API; withhold stale words."""
    conversations.notes(conversation_id).memory_api = has_memory_api(chat_log)
    withhold_stale_words(conversations, chat_log, words)


@callback
def withhold_stale_words(
    conversations: ConversationStates, chat_log: ChatLog, words: PromptWords = ENGLISH
) -> None:
    """Withhold the words of memory tool results older than the last change.

    A result the model asked for on an earlier turn stays in the chat log's
    history, which its model receives on every later turn; once memories
    change it may quote one forgotten or made private since. Its ids, numbers,
    cursors and confirmation tokens stay (they are re-checked when used).
    A result counts as older when the model called the tool before the
    change (the result itself is made after the tool has read the store).
    Called when the user's words arrive (2026.11 keeps that chat log for the
    turn) and while the prompt is built (2026.10 works on a copy of it).
    """
    if conversations.changed_at is None:
        return
    changed = dt_util.utc_from_timestamp(conversations.changed_at)
    withheld = words.say("background", "withheld")
    withhold_tool_results(
        chat_log,
        is_memory_tool,
        partial(without_words, withheld=withheld),
        before=changed,
    )


def is_memory_tool(name: str) -> bool:
    """Whether a tool result under `name` is one of Home Memory's, under any of
    the names its tools have had in the conversation (an agent switched, APIs
    merged): "recall", "home_memory__recall", "assist__home_memory__recall"."""
    base = name.rsplit("__", 1)[-1]
    return base in TOOL_BASE_NAMES and (name == base or f"{DOMAIN}__{base}" in name)


def without_words(
    data: Any, key: str | None = None, *, withheld: str = WITHHELD
) -> Any:
    """`data` with every string not under a KEPT_KEYS key as `withheld`."""
    if isinstance(data, dict):
        return {
            name: without_words(value, name, withheld=withheld)
            for name, value in data.items()
        }
    if isinstance(data, list):
        return [without_words(item, key, withheld=withheld) for item in data]
    if isinstance(data, str) and key not in KEPT_KEYS:
        return withheld
    return data
