"""The "Home Memory" LLM API that an agent can select.

Registered once in async_setup, so agents that selected it keep working when
the entry is not loaded: the prompt then says the memory is unavailable and
the tools answer with a clear error. Its prompt is built asynchronously once
per turn, so the relevant background for the current utterance is there from
the first turn (retrieved in the executor, within CONTEXT_TIMEOUT).
"""

from __future__ import annotations

from typing import override

from homeassistant.core import HomeAssistant, callback
from homeassistant.helpers import llm as ha_llm

from ..const import DOMAIN
from ..operations.loaded import async_loaded_entry
from ..operations.proposals import offers_for
from .chat import async_current_chat_log, async_current_turn
from .context import async_turn_context
from .prompt_refresh import withhold_stale_words
from .prompts import household_words
from .speaker import async_get_speaker
from .tools import memory_tools

API_NAME = "Home Memory"


class HomeMemoryAPI(ha_llm.API):
    """Memory tools plus the background of each user turn."""

    def __init__(self, hass: HomeAssistant) -> None:
        """Identify the API as `home_memory` ("Home Memory" in agent options)."""
        super().__init__(hass=hass, id=DOMAIN, name=API_NAME)

    @override
    async def async_get_api_instance(
        self, llm_context: ha_llm.LLMContext
    ) -> ha_llm.APIInstance:
        """Tools and prompt for one turn; never fails because of the memory."""
        words = household_words(self.hass)
        tools = memory_tools(words=words)
        prompt = [words.api_prompt]
        if (entry := async_loaded_entry(self.hass)) is None:
            prompt = [words.say("prompt", "unavailable")]
        else:
            data = entry.runtime_data
            speaker = await async_get_speaker(
                self.hass, data, llm_context.context, llm_context.device_id
            )
            if (chat_log := async_current_chat_log()) is not None:
                withhold_stale_words(data.conversations, chat_log, words)
            turn = async_current_turn()
            if turn is not None and turn.marker is not None:
                state = data.conversations.get(turn.conversation_id, speaker.key)
                if state.tools_turn == turn.marker:
                    # Assist already gave the memory tools, and the words on
                    # how to use them, to this agent: only the background here,
                    # after a line that says so (Home Assistant heads this
                    # API's part with an instruction line, never left bare).
                    tools = []
                    prompt = [words.say("prompt", "tools_given_above")]
                state.tools_turn = turn.marker
            if tools and speaker.can_write and offers_for(data, speaker.caller.user_id):
                # The speaker has proposals pending: the tool for the answer.
                tools = memory_tools(confirm_proposals=True, words=words)
            context = await async_turn_context(
                self.hass,
                data,
                turn.utterance if turn else None,
                speaker.caller,
                ask_proposals=speaker.can_write,
            )
            if context is not None:
                prompt.append(context.text)
        return ha_llm.APIInstance(
            api=self,
            api_prompt="\n".join(prompt),
            llm_context=llm_context,
            tools=tools,
            custom_serializer=ha_llm.selector_serializer,
        )


@callback
def async_setup_llm_api(hass: HomeAssistant) -> None:
    """Register the API for the lifetime of Home Assistant."""
    ha_llm.async_register_api(hass, HomeMemoryAPI(hass))
