"""One Assist request (an LLM tool call or a sentence): who speaks, where,
and the operation scope the memory operations take."""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

from ..const import LOGGER
from ..operations.access import Access, Actor, require
from ..operations.errors import ENGINE_FAILURES
from ..operations.loaded import loaded_data
from ..operations.memories import OperationScope
from .chat import async_current_turn
from .speaker import Speaker, async_get_speaker

if TYPE_CHECKING:
    from homeassistant.core import Context, HomeAssistant

    from ..runtime.conversation_state import ConversationState
    from ..runtime.data import HomeMemoryData


@dataclass(frozen=True, slots=True)
class CallScope:
    """Everything a call needs: runtime data, speaker and conversation state."""

    hass: HomeAssistant
    data: HomeMemoryData
    speaker: Speaker
    state: ConversationState
    conversation_id: str | None
    context: Context | None
    device_id: str | None = None
    # The language the person speaks in this call (the conversation's);
    # None: the household's (operations/when.statement_language).
    language: str | None = None

    @property
    def ops(self) -> OperationScope:
        """The scope of the memory operations: the speaker, never an admin."""
        actor = Actor(self.speaker.caller, may_write=self.speaker.can_write)
        return OperationScope(self.hass, self.data, actor, self.context)

    def require_write(self) -> None:
        """Refuse now, before anything else, when the speaker may not write."""
        require(self.ops.actor, Access.WRITE)

    async def log_position(self) -> int | None:
        """Where the operation log stands before the call (None: unreadable)."""
        try:
            return await self.hass.async_add_executor_job(self.data.store.last_seq)
        except ENGINE_FAILURES as err:
            LOGGER.debug("Could not read the log's position: %s", err)
            return None

    async def log(
        self, operation: str, details: dict[str, Any], since: int | None = None
    ) -> None:
        """Record the call in the engine's operation log (no memory text).

        `since` (`log_position` before the call): the row names the memories
        the call wrote or recalled, and others see it only as they may see
        those (operation_log.log_event); a call that named none is the
        speaker's own. Sensors and recall rows keep a private write's time
        from others for the same reason.
        """
        try:
            await self.hass.async_add_executor_job(
                partial(
                    self.data.store.log_event,
                    operation,
                    self.speaker.caller,
                    details,
                    since=since,
                )
            )
        except ENGINE_FAILURES as err:
            LOGGER.debug("Could not log %s: %s", operation, err)


async def async_scope(
    hass: HomeAssistant,
    context: Context | None,
    device_id: str | None,
    language: str | None = None,
) -> CallScope:
    """The scope of a call in the conversation's `language` (None: not
    known); UnavailableError when the memory is not loaded."""
    data = loaded_data(hass)
    speaker = await async_get_speaker(hass, data, context, device_id)
    turn = async_current_turn()
    conversation_id = turn.conversation_id if turn else None
    # Outside a conversation (direct API calls, MCP), state follows the speaker.
    key = conversation_id or f"speaker:{speaker.key}:{device_id or ''}"
    state = data.conversations.get(key, speaker.key)
    return CallScope(
        hass, data, speaker, state, conversation_id, context, device_id, language
    )
