"""Relevant memories for the prompt of an LLM turn ("Relevant background: ...").

Two ways in, because Home Assistant offers two (API notes §2.4):

- The Home Memory LLM API (`llm_api.py`) builds its prompt asynchronously once
  per turn: it reads the utterance from the chat log and retrieves in the
  executor, with a timeout. Agents that selected it get context on every turn,
  the first one included.
- The Assist API's `llm.py` platform is synchronous: it may not wait, and no
  executor result can arrive before it is called in the same turn. It starts
  the retrieval for the current utterance in the background and serves what an
  earlier utterance of the same conversation found, labelled as such, on the
  next turns.

Whatever fails (timeout, engine error), the turn goes on without memories.
"""

from __future__ import annotations

import asyncio
from functools import partial
from typing import TYPE_CHECKING, Final

from .const import LOGGER
from .conversation_state import CachedContext
from .memory.retrieval import never_needs_memory

if TYPE_CHECKING:
    from homeassistant.core import HomeAssistant

    from .memory.models import Caller
    from .memory.retrieval import ContextResult
    from .runtime import HomeMemoryData

# A voice turn must not wait longer than this for its background.
CONTEXT_TIMEOUT: Final = 1.5
CACHED_HEADER: Final = "Relevant background (from earlier in this conversation):"


def wants_context(data: HomeMemoryData, utterance: str | None) -> bool:
    """False when context is off, there is no utterance, or it never needs one."""
    return (
        data.options.context_enabled
        and bool(utterance and utterance.strip())
        and not never_needs_memory(utterance or "")
    )


def _retrieve(data: HomeMemoryData, utterance: str, caller: Caller) -> ContextResult:
    options = data.options
    with data.latency.measure("context"):
        return data.retriever.context(
            utterance,
            caller,
            max_memories=options.context_max_memories,
            token_budget=options.context_token_budget,
            min_relevance=options.context_min_relevance,
        )


async def async_turn_context(
    hass: HomeAssistant,
    data: HomeMemoryData,
    utterance: str | None,
    caller: Caller,
    *,
    wait: float = CONTEXT_TIMEOUT,
) -> ContextResult | None:
    """The background for `utterance`, or None (off, skipped, slow or failed)."""
    if not wants_context(data, utterance):
        return None
    assert utterance is not None
    try:
        async with asyncio.timeout(wait):
            result = await hass.async_add_executor_job(
                partial(_retrieve, data, utterance, caller)
            )
    except TimeoutError:
        LOGGER.debug("Memory context took longer than %ss; turn goes on", wait)
        return None
    except Exception:  # noqa: BLE001 - a turn never breaks because of memory
        LOGGER.warning("Memory context failed; turn goes on without it", exc_info=True)
        return None
    return result if result.memories else None


def cached_text(result: ContextResult) -> str:
    """The background of an earlier utterance, labelled as such."""
    return "\n".join(
        [CACHED_HEADER, *(f"- {item.memory.summary}" for item in result.memories)]
    )


async def async_refresh_cache(
    hass: HomeAssistant,
    data: HomeMemoryData,
    conversation_id: str,
    speaker: str,
    utterance: str,
    caller: Caller,
) -> None:
    """Retrieve for `utterance` and keep the result for the next turn."""
    result = await async_turn_context(hass, data, utterance, caller)
    state = data.conversations.peek(conversation_id, speaker)
    if state is None:
        return
    state.cached_context = (
        None
        if result is None
        else CachedContext(
            utterance,
            cached_text(result),
            tuple(item.memory.id for item in result.memories),
        )
    )
