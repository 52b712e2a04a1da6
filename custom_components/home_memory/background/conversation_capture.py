"""Every Assist turn, with any agent, into short-term sessions.

How a turn is captured (docs/home-assistant.md, "Chat-log events and the final
reply"):

- The chat-log subscription says which conversations are active, but an LLM
  agent's final reply is never announced. It is in the stored log
  (`hass.data[DATA_CHAT_LOGS]`, an internal key), which Home Assistant writes
  when the turn is over. So each event only (re)arms a short timer per
  conversation; when it fires, everything the stored log holds beyond what was
  already read is captured. A turn whose user message is not in the stored log
  yet is still running: the timer is armed again.
- Who speaks: from the conversation trace of the running `async_converse`
  (the subscriber runs in the turn's task) when there is one; else, on the
  turn's later events, from the chat log's LLM context (user and device);
  else from the Assist pipeline run that opened the log (its device, and its
  caller). The pipeline opens the chat log with the user's text before it
  calls `async_converse`, and answers local intents and sentence triggers
  without it, so the first event of a voice turn often has no trace. A turn
  whose speaker is still unknown when it is stored is the household's (no
  user), never a guessed user's.
- Chat logs that are not Assist turns are ignored: Home Memory's own AI Task
  runs (`generating_own_task`) and anyone's AI Task runs (their system prompt
  starts with AI Task's default one).
- Only user and assistant text is kept; system prompts, tool calls and tool
  results are not.

When a conversation is over: Home Assistant drops a chat session five minutes
after its last turn, and reports the log as DELETED. That is the end of the
conversation for Home Memory: its sessions end, and those of at least four
turns go to extraction (background/proposals.py). Sessions left open by a restart are
ended once Home Assistant has started, and again `END_IDLE` later (for those
active just before the restart); the nightly run catches any left and retries
extraction that failed. An administrator can end them at once (the
`end_conversations` action): the same `async_end_conversations`.

Nothing here may break an Assist turn: the subscriber runs inside the agent's
task, so any unexpected error there is logged and that conversation skipped.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from datetime import timedelta
from functools import partial
import sqlite3
import time
from typing import TYPE_CHECKING, Any, Final

from homeassistant.const import EVENT_HOMEASSISTANT_STOP
from homeassistant.core import Context, Event, HassJob, HomeAssistant, callback
from homeassistant.helpers.event import async_call_later
from homeassistant.helpers.start import async_at_started

from ..assist.speaker import async_effective_user_id
from ..const import DOMAIN, LOGGER
from ..memory.errors import MemoryEngineError
from ..memory.extraction import MAX_EXTRACTION_ATTEMPTS, MIN_TURNS
from ..memory.sessions import ChatMessage, MessageRole, SessionRole
from .ai_generation import generating_own_task
from .proposals import (
    async_extract,
    async_refresh,
    proposal_store,
    session_store,
)

if TYPE_CHECKING:
    from collections.abc import Callable, Coroutine, Sequence
    from datetime import datetime

    from homeassistant.components.conversation.chat_log import ChatLog
    from homeassistant.components.conversation.const import ChatLogEventType

    from ..memory.sessions import Session
    from ..runtime.data import HomeMemoryConfigEntry, HomeMemoryData

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


# Where a turn's speaker came from, weakest first.
SPEAKER_UNKNOWN: Final = 0
SPEAKER_PIPELINE: Final = 1
SPEAKER_LLM_CONTEXT: Final = 2
SPEAKER_TRACE: Final = 3


@dataclass(slots=True)
class _Turn:
    """Who spoke in one user turn, as far as is known yet."""

    user_id: str | None = None
    device_id: str | None = None
    agent_id: str | None = None
    source: int = SPEAKER_UNKNOWN


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
    agent (an internal of the conversation integration). Matched on the text,
    so a chat log that a tool opens inside someone's turn is not taken for
    that turn.
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


def _pipeline_turn_input(
    hass: HomeAssistant, conversation_id: str, text: str
) -> dict[str, Any] | None:
    """What the Assist pipeline run that is handling this utterance gives.

    The run's "intent-start" event (kept in the pipeline's debug record before
    the chat log is opened) names the conversation, the text, the device and
    the agent; the run itself holds the caller's context. Internals of
    assist_pipeline, read without importing it and defensively: without them
    the speaker is simply not known from here.
    """
    pipeline_data = hass.data.get("assist_pipeline")
    debug = getattr(pipeline_data, "pipeline_debug", None)
    if not isinstance(debug, dict):
        return None
    runs = getattr(
        getattr(pipeline_data, "pipeline_runs", None), "_pipeline_runs", None
    )
    for pipeline_id, by_run in debug.items():
        for run_id, run_debug in reversed(list(by_run.items())):
            for event in reversed(getattr(run_debug, "events", None) or []):
                data = getattr(event, "data", None)
                if (
                    str(getattr(event, "type", "")) != "intent-start"
                    or not isinstance(data, dict)
                    or data.get("conversation_id") != conversation_id
                    or data.get("intent_input") != text
                ):
                    continue
                run = (
                    runs.get(pipeline_id, {}).get(run_id)
                    if isinstance(runs, dict)
                    else None
                )
                return {
                    "context": getattr(run, "context", None),
                    "device_id": data.get("device_id"),
                    "agent_id": data.get("engine"),
                }
    return None


def _is_ai_task_log(log: ChatLog | None) -> bool:
    """An AI Task run (anyone's): its system prompt is AI Task's default one."""
    if log is None or not log.content:
        return False
    from homeassistant.components.ai_task.const import DEFAULT_SYSTEM_PROMPT
    from homeassistant.components.conversation.chat_log import SystemContent

    first = log.content[0]
    return isinstance(first, SystemContent) and first.content.startswith(
        DEFAULT_SYSTEM_PROMPT
    )


class _EntryTasks:
    """Tasks started for the entry, cancelled before its store closes."""

    def __init__(self, hass: HomeAssistant, entry: HomeMemoryConfigEntry) -> None:
        self._hass = hass
        self._entry = entry
        self._tasks: set[asyncio.Task[None]] = set()
        self.stopping = False

    @callback
    def start(self, work: Coroutine[Any, Any, None], name: str) -> None:
        """Run `work` in the background unless the entry is stopping."""
        if self.stopping:
            work.close()
            return
        # Tracked by the entry (awaited on unload) and here: cancelled by
        # `async_stop` before the store closes, on unload and on shutdown.
        task = self._entry.async_create_task(self._hass, work, name)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    @callback
    def async_set_stopping(self, _event: Event | None = None) -> None:
        """No new work from now on (unload, or Home Assistant stopping)."""
        self.stopping = True

    async def async_stop(self) -> None:
        """Stop: cancel what is running and wait until it has ended."""
        self.stopping = True
        tasks = [task for task in self._tasks if not task.done()]
        for task in tasks:
            task.cancel()
        if tasks:
            await asyncio.wait(tasks)


class ConversationCapture:
    """Subscribes to chat logs and stores their turns while the entry is loaded."""

    def __init__(
        self, hass: HomeAssistant, data: HomeMemoryData, tasks: _EntryTasks
    ) -> None:
        """Nothing is watched until `async_start`."""
        self._hass = hass
        self._data = data
        self._tasks = tasks
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

    @callback
    def _on_event(
        self,
        conversation_id: str,
        event_type: ChatLogEventType,
        payload: dict[str, Any],
    ) -> None:
        """Chat-log events (run synchronously inside the agent's task).

        Home Assistant calls subscribers without a guard: an error here would
        break the user's turn. So none leaves; the conversation is skipped.
        """
        try:
            self._handle_event(conversation_id, event_type, payload)
        except Exception:  # noqa: BLE001 - never into the user's turn
            LOGGER.exception(
                "Capturing a conversation turn failed; the conversation is skipped"
            )
            if (watched := self._watched.pop(conversation_id, None)) is not None:
                self._cancel(watched)
            self._ignore(conversation_id)

    @callback
    def _handle_event(
        self,
        conversation_id: str,
        event_type: ChatLogEventType,
        payload: dict[str, Any],
    ) -> None:
        from homeassistant.components.conversation.chat_log import current_chat_log
        from homeassistant.components.conversation.const import ChatLogEventType

        if conversation_id in self._ignored:
            if event_type is ChatLogEventType.DELETED:
                del self._ignored[conversation_id]
            return
        if self._tasks.stopping:
            return
        watched = self._watched.get(conversation_id)
        if event_type is ChatLogEventType.DELETED:
            if watched is not None:
                del self._watched[conversation_id]
                self._cancel(watched)
                self._tasks.start(
                    self._async_end(conversation_id, watched),
                    f"{DOMAIN} end of conversation",
                )
            return
        live = current_chat_log.get()
        if live is not None and live.conversation_id != conversation_id:
            live = None
        if generating_own_task() or _is_ai_task_log(live):
            # Not an Assist turn: an AI Task run (Home Memory's own or not).
            if watched is not None:
                del self._watched[conversation_id]
                self._cancel(watched)
            self._ignore(conversation_id)
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
        if live is not None:
            watched.log = live
        self._resolve_speaker(watched, live)
        self._arm(conversation_id, watched)

    def _announce_turn(
        self, conversation_id: str, watched: _Watched | None, content: dict[str, Any]
    ) -> _Watched:
        text = str(content.get("content") or "")
        if watched is None:
            watched = self._watched[conversation_id] = _Watched()
            while len(self._watched) > MAX_WATCHED:
                oldest = next(iter(self._watched))
                self._cancel(self._watched.pop(oldest))
        marker: Marker = (content["created"], text)
        turn = watched.turns[marker] = _Turn()
        watched.waiting[marker] = time.monotonic()
        if (
            given := _pipeline_turn_input(self._hass, conversation_id, text)
        ) is not None:
            self._set_speaker(turn, SPEAKER_PIPELINE, given)
        return watched

    def _resolve_speaker(self, watched: _Watched, live: ChatLog | None) -> None:
        """Learn more about the newest turn's speaker from this event, if it can.

        Only the newest turn still waiting: an event belongs to the turn that
        is running.
        """
        marker = next(reversed(watched.waiting), None)
        if marker is None or (turn := watched.turns.get(marker)) is None:
            return
        if turn.source >= SPEAKER_TRACE:
            return
        if (given := _running_turn_input(marker[1])) is not None:
            self._set_speaker(turn, SPEAKER_TRACE, given)
            return
        if (
            turn.source < SPEAKER_LLM_CONTEXT
            and live is not None
            and live.llm_api is not None
            and self._is_newest_user_content(live, marker)
        ):
            llm_context = live.llm_api.llm_context
            self._set_speaker(
                turn,
                SPEAKER_LLM_CONTEXT,
                {
                    "context": llm_context.context,
                    "device_id": llm_context.device_id,
                    "agent_id": None,
                },
            )

    @staticmethod
    def _is_newest_user_content(log: ChatLog, marker: Marker) -> bool:
        from homeassistant.components.conversation.chat_log import UserContent

        for item in reversed(log.content):
            if isinstance(item, UserContent):
                return (item.created, item.content) == marker
        return False

    def _set_speaker(self, turn: _Turn, source: int, given: dict[str, Any]) -> None:
        context = given.get("context")
        device_id = given.get("device_id")
        if not isinstance(device_id, str):
            device_id = None
        agent_id = given.get("agent_id")
        turn.user_id = async_effective_user_id(
            self._hass,
            self._data,
            context if isinstance(context, Context) else None,
            device_id,
        )
        turn.device_id = device_id or turn.device_id
        turn.agent_id = (str(agent_id) if agent_id else None) or turn.agent_id
        turn.source = source

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
        if watched is None or self._tasks.stopping:
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
        """Store the user and assistant text of what was not read yet.

        A turn whose speaker is still unknown now is the household's.
        """
        from homeassistant.components.conversation.chat_log import (
            AssistantContent,
            UserContent,
        )

        start, watched.read = watched.read, max(watched.read, len(content))
        by_turn: list[tuple[_Turn, list[ChatMessage]]] = []
        current: list[ChatMessage] | None = None
        turn: _Turn | None = None
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
                and turn is not None
            ):
                if turn.source < SPEAKER_TRACE and item.agent_id:
                    # Not through async_converse: whoever answered (the
                    # built-in agent for local intents) is the agent.
                    turn.agent_id = item.agent_id
                current.append(
                    ChatMessage(
                        MessageRole.ASSISTANT, item.content, item.created.timestamp()
                    )
                )
        for turn_read, messages in by_turn:
            await self._async_store(conversation_id, turn_read, messages)

    async def _async_store(
        self, conversation_id: str, turn: _Turn, messages: list[ChatMessage]
    ) -> None:
        if not self._data.options.conversation_capture or self._tasks.stopping:
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
        except MemoryEngineError, sqlite3.Error, OSError, ValueError:
            # ValueError covers text the binding refuses (UnicodeEncodeError):
            # this turn is lost, the other turns of the same read are not.
            LOGGER.warning("A conversation turn could not be stored", exc_info=True)

    # -- the end of a conversation ----------------------------------------------

    async def _async_end(self, conversation_id: str, watched: _Watched) -> None:
        """The chat session is gone: read what is left, then end its sessions."""
        if watched.log is not None:
            await self._async_read(conversation_id, watched, list(watched.log.content))
        try:
            await async_end_conversations(self._hass, self._data, conversation_id)
        except MemoryEngineError, sqlite3.Error:
            LOGGER.debug("Sessions of %s not readable", conversation_id, exc_info=True)

    @property
    def watched_conversations(self) -> set[str]:
        """The conversations being captured now (their sessions are not idle)."""
        return set(self._watched)

    async def async_read_stored(self, conversation_id: str | None = None) -> None:
        """Store the turns the stored logs hold now (of one conversation, or all).

        The conversations stay watched: a turn still running is captured when
        it is over (into a new session if this one has ended by then).
        """
        from homeassistant.components.conversation.chat_log import DATA_CHAT_LOGS

        logs = self._hass.data.get(DATA_CHAT_LOGS, {})
        for watched_id, watched in list(self._watched.items()):
            if conversation_id not in (None, watched_id):
                continue
            if (stored := logs.get(watched_id)) is not None:
                watched.log = stored
                await self._async_read(watched_id, watched, list(stored.content))

    async def async_flush(self) -> None:
        """Store what the stored logs hold before the database closes."""
        from homeassistant.components.conversation.chat_log import DATA_CHAT_LOGS

        logs = self._hass.data.get(DATA_CHAT_LOGS, {})
        for conversation_id, watched in list(self._watched.items()):
            self._cancel(watched)
            if (stored := logs.get(conversation_id)) is not None:
                await self._async_read(conversation_id, watched, list(stored.content))


@dataclass(frozen=True, slots=True)
class EndedSession:
    """A session ended by this call, and whether its extraction was started."""

    session: Session
    extraction_started: bool


async def async_end_session(
    hass: HomeAssistant, data: HomeMemoryData, session_id: str
) -> EndedSession | None:
    """End a session and extract it; only the caller that ended it extracts.

    None when it could not be ended or another caller ended it first.
    """
    try:
        ended = await hass.async_add_executor_job(session_store(data).end, session_id)
    except MemoryEngineError, sqlite3.Error:
        LOGGER.debug("Session %s could not be ended", session_id, exc_info=True)
        return None
    if ended is None:
        return None
    return EndedSession(ended, await async_extract(hass, data, ended))


async def async_end_conversations(
    hass: HomeAssistant, data: HomeMemoryData, conversation_id: str | None = None
) -> list[EndedSession]:
    """End the open sessions of a conversation (or all) and extract them.

    The end of a conversation (its chat session deleted) and the
    `end_conversations` action both come here. Raises the engine's errors
    when the open sessions cannot be read.
    """
    sessions = session_store(data)
    if conversation_id is None:
        # Every open session, as if each had been idle past its timeout.
        open_sessions = await hass.async_add_executor_job(
            sessions.idle_open_sessions, 0.0
        )
    else:
        open_sessions = await hass.async_add_executor_job(
            sessions.open_sessions, conversation_id
        )
    # One at a time, in order: extraction asks the AI Task for each.
    results = [await async_end_session(hass, data, s.id) for s in open_sessions]
    return [result for result in results if result is not None]


async def async_end_idle_sessions(hass: HomeAssistant, data: HomeMemoryData) -> None:
    """End sessions whose conversation ended unseen (a restart, say)."""
    try:
        idle = await hass.async_add_executor_job(
            session_store(data).idle_open_sessions, END_IDLE.total_seconds()
        )
    except MemoryEngineError, sqlite3.Error:
        LOGGER.debug("Idle sessions not readable", exc_info=True)
        return
    capture = data.conversation_capture
    watched = capture.watched_conversations if capture is not None else set()
    for session in idle:
        if session.conversation_id not in watched:
            await async_end_session(hass, data, session.id)


async def async_retry_extraction(hass: HomeAssistant, data: HomeMemoryData) -> None:
    """Extract ended sessions whose extraction failed or was cut short."""
    try:
        missed: list[Session] = await hass.async_add_executor_job(
            session_store(data).unextracted, MIN_TURNS, MAX_EXTRACTION_ATTEMPTS
        )
    except MemoryEngineError, sqlite3.Error:
        LOGGER.debug("Unextracted sessions not readable", exc_info=True)
        return
    for session in missed:
        await async_extract(hass, data, session)


async def async_nightly_sessions(hass: HomeAssistant, data: HomeMemoryData) -> None:
    """Nightly: retry extraction, end idle sessions, archive, lapse, catch up.

    Sessions whose extraction failed before get another try; then idle
    sessions are ended (and extracted) before sessions idle for 24 h are
    archived, so none is archived without its extraction.
    """
    await async_retry_extraction(hass, data)
    await async_end_idle_sessions(hass, data)
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
    await async_refresh(hass, data)


@callback
def async_setup_conversation_capture(
    hass: HomeAssistant, entry: HomeMemoryConfigEntry
) -> None:
    """Capture Assist turns (if the options say so) and register the session work.

    Whatever the options: the nightly job, the pending proposals counted (the
    sensor, the offers) and idle sessions ended once Home Assistant has
    started and again `END_IDLE` later.
    """
    data = entry.runtime_data
    tasks = _EntryTasks(hass, entry)
    entry.async_on_unload(tasks.async_set_stopping)
    entry.async_on_unload(
        hass.bus.async_listen_once(EVENT_HOMEASSISTANT_STOP, tasks.async_set_stopping)
    )
    data.nightly_jobs.append(partial(async_nightly_sessions, hass, data))
    if data.options.conversation_capture:
        capture = ConversationCapture(hass, data, tasks)
        data.conversation_capture = capture
        data.before_close.append(capture.async_flush)
        capture.async_start(entry)
    # After the flush: what is still running is cancelled before the close.
    data.before_close.append(tasks.async_stop)
    tasks.start(async_refresh(hass, data), f"{DOMAIN} count proposals")

    @callback
    def _second_pass(_now: datetime) -> None:
        tasks.start(async_end_idle_sessions(hass, data), f"{DOMAIN} end idle sessions")

    async def _at_started(_hass: HomeAssistant) -> None:
        tasks.start(async_end_idle_sessions(hass, data), f"{DOMAIN} end idle sessions")
        # Sessions active in the END_IDLE before a restart are idle only later.
        entry.async_on_unload(
            async_call_later(
                hass,
                END_IDLE,
                HassJob(
                    _second_pass, f"{DOMAIN} end idle sessions", cancel_on_shutdown=True
                ),
            )
        )

    entry.async_on_unload(async_at_started(hass, _at_started))
