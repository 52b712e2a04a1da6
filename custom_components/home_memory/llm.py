"""Home Memory's tools and prompt for every agent with Assist enabled.

Home Assistant calls `async_get_tools` synchronously while it builds the
Assist API for a turn: it may do no I/O, and no executor result can arrive
before it runs in the same turn. So the prompt carries the background that an
earlier utterance of the same conversation found (from the second turn on),
and this call starts the retrieval for the current utterance in the
background. The first turn relies on the instructions: the model calls
home_memory__recall when the user refers to the past. Agents that select the
Home Memory API get background on the first turn as well (assist/llm_api.py).
"""

from __future__ import annotations

from homeassistant.components.llm import LLMTools
from homeassistant.core import HomeAssistant, callback
from homeassistant.helpers.llm import LLM_API_ASSIST, LLMContext

from .assist.chat import async_current_chat_log, async_current_turn
from .assist.context import async_refresh_cache, proposal_question, wants_context
from .assist.prompt_refresh import withhold_stale_words
from .assist.prompts import household_words
from .assist.speaker import (
    async_effective_user_id,
    async_get_speaker,
    async_get_speaker_now,
    speaker_key,
)
from .assist.tools import memory_tools
from .const import DOMAIN
from .operations.loaded import async_loaded_entry

TOOL_PREFIX = f"{DOMAIN}__"


@callback
def async_get_tools(
    hass: HomeAssistant, llm_context: LLMContext, api_id: str
) -> LLMTools | None:
    """The memory tools, the instructions and any background already found."""
    if api_id != LLM_API_ASSIST or (entry := async_loaded_entry(hass)) is None:
        return None
    data = entry.runtime_data
    words = household_words(hass)
    prompt = [words.assist_prompt]
    user_id = async_effective_user_id(
        hass, data, llm_context.context, llm_context.device_id
    )
    if (chat_log := async_current_chat_log()) is not None:
        withhold_stale_words(data.conversations, chat_log, words)
    turn = async_current_turn()
    if turn is not None and turn.marker is not None:
        key = speaker_key(user_id)
        state = data.conversations.get(turn.conversation_id, key)
        if state.tools_turn == turn.marker:
            # The Home Memory API of the same agent gave tools and background.
            return None
        state.tools_turn = turn.marker
        # An agent that also has the Home Memory API gets this turn's own
        # background from it; an earlier turn's would only repeat or mislead.
        if wants_context(
            data, turn.utterance
        ) and not data.conversations.has_memory_api(turn.conversation_id):
            if (cached := state.cached_context) is not None:
                prompt.append(cached.text)
            utterance = turn.utterance or ""
            conversation_id = turn.conversation_id

            async def _refresh() -> None:
                speaker = await async_get_speaker(
                    hass, data, llm_context.context, llm_context.device_id
                )
                await async_refresh_cache(
                    hass, data, conversation_id, key, utterance, speaker.caller
                )

            entry.async_create_background_task(
                hass, _refresh(), f"{DOMAIN} context for the next turn"
            )
    # Fresh proposals of this speaker: the question, and the tool for the
    # answer, both for the caller the tool will act as (a disabled user is the
    # household, and may not answer) and for the same list (offers_for).
    speaker = async_get_speaker_now(
        hass, data, llm_context.context, llm_context.device_id
    )
    question = (
        proposal_question(
            data, speaker.caller.user_id, f"{TOOL_PREFIX}confirm_proposals", words
        )
        if speaker.can_write
        else None
    )
    if question is not None:
        prompt.append(question)
    return LLMTools(
        tools=memory_tools(
            TOOL_PREFIX, confirm_proposals=question is not None, words=words
        ),
        prompt="\n".join(prompt),
    )
