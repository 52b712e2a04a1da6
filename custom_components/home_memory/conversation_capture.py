"""Every Assist turn, with any agent, into short-term sessions.

How a turn is captured (API notes §0.5, §2.2):

- The chat-log subscription says which conversations are active, but an LLM
  agent's final reply is never announced. It is in the stored log
  (`hass.data[DATA_CHAT_LOGS]`, an internal key), which Home Assistant writes
  when the turn is over. So each event only (re)arms a short timer per
  conversation; when it fires, everything the stored log holds beyond what was
  already read is captured. A turn whose user message is not in the stored log
  yet is still running: the timer is armed again.
- Who speaks comes from the turn's own input: `async_converse` keeps it in its
  conversation trace, and the subscriber runs in the turn's task. Every Assist
  entry point (voice pipelines, the frontend, `conversation.process`) goes
  through `async_converse`; chat logs without it (AI Task runs, Home Memory's
  own included, which are also flagged by `generating_own_task`) are ignored.
- Only user and assistant text is kept; system prompts, tool calls and tool
  results are not.

When a conversation is over: Home Assistant drops a chat session five minutes
after its last turn, and reports the log as DELETED. That is the end of the
conversation for Home Memory: its sessions end, and those of at least four
turns go to extraction (proposals.py). Sessions left open by a restart are
ended once Home Assistant has started again (idle for `END_IDLE`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import timedelta
from functools import partial
import sqlite3
import time
from typing import TYPE_CHECKING, Any, Final

from homeassistant.core import Context, HassJob, HomeAssistant, callback
from homeassistant.helpers.event import async_call_later
from homeassistant.helpers.start import async_at_started

from .ai_generation import generating_own_task
from .const import DOMAIN, LOGGER
from .memory.errors import MemoryEngineError
from .memory.sessions import ChatMessage, MessageRole, SessionRole
from .proposals import (
    async_extract,
    async_refresh,
    proposal_store,
    session_store,
)
from .speaker import async_effective_user_id

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from datetime import datetime

    from homeassistant.components.conversation.chat_log import ChatLog
    from homeassistant.components.conversation.const import ChatLogEventType

    from .runtime import HomeMemoryConfigEntry, HomeMemoryData

# Quiet time after a chat-log event before the stored log is read.
CAPTURE_DELAY: Final = timedelta(seconds=2)
# How long a running turn is waited for (the chat session's own lifetime).
TURN_PATIENCE: Final = timedelta(minutes=6)
# Sessions still open after this long without a turn have lost their DELETED
# event (a restart): they end when Home Assistant has started.
END_IDLE: Final = timedelta(minutes=10)
# Conversations watched at once, and ignored ids remembered.
MAX_WATCHED: Final = 256
MAX_IGNORED: Final = 1024

type Marker = tuple[datetime, str]


@dataclass(frozen=True, slots=True)
class _Turn:
    """Who spoke in one user turn (resolved when the turn started)."""

    user_id: str | None
    device_id: str | None
    agent_id: str | None


@dataclass(slots=True)
class _Watched:
    """What is known about one conversation being captured."""

    # Items of the chat log already read.
    read: int = 0
    # User turns announced (by their message) -> who spoke.
    turns: dict[Marker, _Turn] = field(default_factory=dict)
    # Turns announced but not in the stored log yet, and since when.
    waiting: dict[Marker, float] = field(default_factory=dict)
    # The latest log object seen: after DELETED it is the only copy left.
    log: ChatLog | None = None
    cancel_timer: Callable[[], None] | None = None


def _running_turn_input(text: str) -> dict[str, Any] | None:
    """The input of the `async_converse` call running in this task, if any.

    Read from the conversation trace that `async_converse` opens around the
    agent (an internal of the conversation integration; without it nothing is
    captured, which is the safe side). Matched on the text, so a chat log that
    a tool opens inside someone's turn is not taken for that turn.
    """
    from homeassistant.components.conversation import trace

    current = getattr(trace, "_current_trace", None)
    running = current.get() if current is not None else None
    if running is None:
        return None
    for event in running.as_dict().get("events", []):
        if event.get("event_type") == trace.ConversationTraceEventType.ASYNC_PROCESS:
            data = event.get("data")
            if isinstance(data, dict) and data.get("text") == text:
                return data
            return None
    return None


class ConversationCapture:
    """Subscribes to chat logs and stores their turns while the entry is loaded."""

    def __init__(self, hass: HomeAssistant, data: HomeMemoryData) -> None:
        """Nothing is watched until `async_start`."""
        self._hass = hass
        self._data = data
        self._sessions = session_store(data)
        self._watched: dict[str, _Watched] = {}
        self._ignored: dict[str, None] = {}

    # -- subscription ---------------------------------------------------------

    @callback
    def async_start(self, entry: HomeMemoryConfigEntry) -> None:
        """Subscribe to every chat log; stop with the entry."""
        from homeassistant.components.conversation.chat_log import (
            async_subscribe_chat_logs,
        )

        entry.async_on_unload(async_subscribe_chat_logs(self._hass, self._on_event))
        entry.async_on_unload(self._async_cancel_timers)
        entry.async_on_unload(
            async_at_started(self._hass, self._async_end_orphaned_sessions)
        )

    @callback
    def _on_event(
        self,
        conversation_id: str,
        event_type: ChatLogEventType,
        payload: dict[str, Any],
    ) -> None:
        """Chat-log events (run synchronously inside the agent's task)."""
        from homeassistant.components.conversation.chat_log import current_chat_log
        from homeassistant.components.conversation.const import ChatLogEventType

        if conversation_id in self._ignored:
            if event_type is ChatLogEventType.DELETED:
                del self._ignored[conversation_id]
            return
        if generating_own_task():
            self._ignore(conversation_id)
            return
        watched = self._watched.get(conversation_id)
        if event_type is ChatLogEventType.DELETED:
            if watched is not None:
                del self._watched[conversation_id]
                self._cancel(watched)
                self._hass.async_create_task(
                    self._async_end(conversation_id, watched),
                    f"{DOMAIN} end of conversation",
                )
            return
        content = payload.get("content")
        if (
            event_type is ChatLogEventType.CONTENT_ADDED
            and isinstance(content, dict)
            and content.get("role") == "user"
        ):
            watched = self._announce_turn(conversation_id, watched, content)
        if watched is None:
            return
        live = current_chat_log.get()
        if live is not None and live.conversation_id == conversation_id:
            watched.log = live
        self._arm(conversation_id, watched)

    def _announce_turn(
        self, conversation_id: str, watched: _Watched | None, content: dict[str, Any]
    ) -> _Watched | None:
        text = str(content.get("content") or "")
        turn_input = _running_turn_input(text)
        if turn_input is None:
            if watched is None:
                # Not an Assist conversation (an AI Task run, an internal log).
                self._ignore(conversation_id)
            return watched
        if watched is None:
            watched = self._watched[conversation_id] = _Watched()
            while len(self._watched) > MAX_WATCHED:
                oldest = next(iter(self._watched))
                self._cancel(self._watched.pop(oldest))
        context = turn_input.get("context")
        device_id = turn_input.get("device_id")
        user_id = async_effective_user_id(
            self._hass,
            self._data,
            context if isinstance(context, Context) else None,
            device_id if isinstance(device_id, str) else None,
        )
        marker: Marker = (content["created"], text)
        watched.turns[marker] = _Turn(
            user_id=user_id,
            device_id=device_id if isinstance(device_id, str) else None,
            agent_id=str(turn_input.get("agent_id") or "") or None,
        )
        watched.waiting[marker] = time.monotonic()
        return watched

    @callback
    def _ignore(self, conversation_id: str) -> None:
        self._ignored[conversation_id] = None
        while len(self._ignored) > MAX_IGNORED:
            del self._ignored[next(iter(self._ignored))]

    @callback
    def _arm(self, conversation_id: str, watched: _Watched) -> None:
        self._cancel(watched)
        watched.cancel_timer = async_call_later(
            self._hass,
            CAPTURE_DELAY,
            HassJob(
                partial(self._async_timer_fired, conversation_id),
                f"{DOMAIN} capture",
                cancel_on_shutdown=True,
            ),
        )

    @staticmethod
    def _cancel(watched: _Watched) -> None:
        if watched.cancel_timer is not None:
            watched.cancel_timer()
            watched.cancel_timer = None

    @callback
    def _async_cancel_timers(self) -> None:
        for watched in self._watched.values():
            self._cancel(watched)
        self._watched.clear()

    # -- capturing ------------------------------------------------------------

    async def _async_timer_fired(self, conversation_id: str, _now: datetime) -> None:
        watched = self._watched.get(conversation_id)
        if watched is None:
            return
        watched.cancel_timer = None
        from homeassistant.components.conversation.chat_log import DATA_CHAT_LOGS

        stored = self._hass.data.get(DATA_CHAT_LOGS, {}).get(conversation_id)
        if stored is not None:
            watched.log = stored
            await self._async_read(conversation_id, watched, list(stored.content))
        now = time.monotonic()
        for marker, since in list(watched.waiting.items()):
            if now - since >= TURN_PATIENCE.total_seconds():
                # The turn failed or never finished: nothing of it is kept.
                del watched.waiting[marker]
                watched.turns.pop(marker, None)
        if watched.waiting and self._watched.get(conversation_id) is watched:
            self._arm(conversation_id, watched)

    async def _async_read(
        self, conversation_id: str, watched: _Watched, content: Sequence[Any]
    ) -> None:
        """Store the user and assistant text of what was not read yet."""
        from homeassistant.components.conversation.chat_log import (
            AssistantContent,
            UserContent,
        )

        start, watched.read = watched.read, max(watched.read, len(content))
        by_turn: list[tuple[_Turn, list[ChatMessage]]] = []
        current: list[ChatMessage] | None = None
        for item in content[start:]:
            if isinstance(item, UserContent):
                marker: Marker = (item.created, item.content)
                watched.waiting.pop(marker, None)
                turn = watched.turns.pop(marker, None)
                if turn is None:
                    # A turn from before this capture started, or not Assist's.
                    current = None
                    continue
                current = [
                    ChatMessage(
                        MessageRole.USER, item.content, item.created.timestamp()
                    )
                ]
                by_turn.append((turn, current))
            elif (
                isinstance(item, AssistantContent)
                and item.content
                and current is not None
            ):
                current.append(
                    ChatMessage(
                        MessageRole.ASSISTANT, item.content, item.created.timestamp()
                    )
                )
        for turn, messages in by_turn:
            await self._async_store(conversation_id, turn, messages)

    async def _async_store(
        self, conversation_id: str, turn: _Turn, messages: list[ChatMessage]
    ) -> None:
        if not self._data.options.conversation_capture:
            return
        role = SessionRole.USER
        if turn.user_id is not None:
            user = await self._hass.auth.async_get_user(turn.user_id)
            if user is None or not user.is_active:
                # A removed or disabled user's words go nowhere (certainly
                # not to the household).
                return
            if user.is_admin:
                role = SessionRole.ADMIN
        try:
            await self._hass.async_add_executor_job(
                partial(
                    self._sessions.record,
                    conversation_id=conversation_id,
                    owner=turn.user_id,
                    role=role,
                    messages=messages,
                    device_id=turn.device_id,
                    agent_id=turn.agent_id,
                )
            )
            await self._hass.async_add_executor_job(self._sessions.embed_missing)
        except MemoryEngineError, sqlite3.Error, OSError:
            LOGGER.warning("A conversation turn could not be stored", exc_info=True)

    # -- the end of a conversation ----------------------------------------------

    async def _async_end(self, conversation_id: str, watched: _Watched) -> None:
        """The chat session is gone: read what is left, then end its sessions."""
        if watched.log is not None:
            await self._async_read(conversation_id, watched, list(watched.log.content))
        try:
            open_sessions = await self._hass.async_add_executor_job(
                self._sessions.open_sessions, conversation_id
            )
        except MemoryEngineError, sqlite3.Error:
            LOGGER.debug("Sessions of %s not readable", conversation_id, exc_info=True)
            return
        for session in open_sessions:
            await self._async_end_session(session.id)

    async def _async_end_session(self, session_id: str) -> None:
        try:
            ended = await self._hass.async_add_executor_job(
                self._sessions.end, session_id
            )
        except MemoryEngineError, sqlite3.Error:
            LOGGER.debug("Session %s could not be ended", session_id, exc_info=True)
            return
        if ended is not None:
            await async_extract(self._hass, self._data, ended)

    async def async_end_idle_sessions(self) -> None:
        """End sessions whose conversation ended unseen (a restart, say)."""
        try:
            idle = await self._hass.async_add_executor_job(
                self._sessions.idle_open_sessions, END_IDLE.total_seconds()
            )
        except MemoryEngineError, sqlite3.Error:
            LOGGER.debug("Idle sessions not readable", exc_info=True)
            return
        for session in idle:
            if session.conversation_id not in self._watched:
                await self._async_end_session(session.id)

    async def _async_end_orphaned_sessions(self, _hass: HomeAssistant) -> None:
        await self.async_end_idle_sessions()
        await async_refresh(self._hass, self._data)

    async def async_flush(self) -> None:
        """Store what the stored logs hold before the database closes."""
        from homeassistant.components.conversation.chat_log import DATA_CHAT_LOGS

        logs = self._hass.data.get(DATA_CHAT_LOGS, {})
        for conversation_id, watched in list(self._watched.items()):
            self._cancel(watched)
            if (stored := logs.get(conversation_id)) is not None:
                await self._async_read(conversation_id, watched, list(stored.content))


async def async_nightly_sessions(hass: HomeAssistant, data: HomeMemoryData) -> None:
    """Nightly: archive sessions idle for 24 h, lapse old proposals, catch up."""
    sessions = session_store(data)
    proposals = proposal_store(data)

    def _work() -> tuple[int, int]:
        archived = sessions.expire_idle()
        expired = proposals.expire()
        while sessions.embed_missing(stale_models=True):
            pass
        return archived, expired

    archived, expired = await hass.async_add_executor_job(_work)
    LOGGER.debug(
        "Nightly: %s sessions archived, %s proposals lapsed", archived, expired
    )
    if data.conversation_capture is not None:
        await data.conversation_capture.async_end_idle_sessions()
    await async_refresh(hass, data)


@callback
def async_setup_conversation_capture(
    hass: HomeAssistant, entry: HomeMemoryConfigEntry
) -> None:
    """Capture Assist turns (if the options say so) and register nightly work."""
    data = entry.runtime_data
    data.nightly_jobs.append(partial(async_nightly_sessions, hass, data))
    if not data.options.conversation_capture:
        return
    capture = ConversationCapture(hass, data)
    data.conversation_capture = capture
    data.before_close.append(capture.async_flush)
    capture.async_start(entry)
