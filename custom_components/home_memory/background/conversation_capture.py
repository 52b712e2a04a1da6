"""Every Assist turn, with any agent, into short-term sessions.

The chat-log events only say which conversations are active; the turns are
read from the stored chat log once a turn is over, the speaker from the
turn's trace, LLM context or pipeline run, and sessions end when Home
Assistant drops the chat session. Nothing here may break an Assist turn.
The full rules: docs/architecture.md, "Capturing a turn".
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from datetime import timedelta
from functools import partial
from typing import TYPE_CHECKING, Any, Final

from homeassistant.const import EVENT_HOMEASSISTANT_STOP
from homeassistant.core import Event, HassJob, HomeAssistant, callback
from homeassistant.helpers.dispatcher import async_dispatcher_connect
from homeassistant.helpers.event import (
    async_call_later,
    async_track_state_added_domain,
    async_track_time_interval,
)
from homeassistant.helpers.start import async_at_started

from ..const import DOMAIN, LOGGER, SIGNAL_MEMORY_CHANGES
from ..memory.common.errors import MemoryEngineError
from ..memory.conversation.extraction import MAX_EXTRACTION_ATTEMPTS, MIN_TURNS
from ..memory.conversation.sessions import ChatMessage, SessionRole, SessionStore
from ..operations.events import ChangeKind, MemoryChange
from ..operations.proposals import async_refresh, proposal_store, session_store
from ..runtime.ha_internals import (
    completed_content,
    pipeline_turn_input,
    stored_chat_logs,
)
from ..runtime.issues import (
    ai_task_missing_reported,
    async_clear_ai_task_missing,
    async_report_ai_task_missing,
)
from .ai_generation import ai_task_target, generating_own_task
from .chat_turns import (
    SPEAKER_PIPELINE,
    Marker,
    Turn,
    Watched,
    is_ai_task_log,
    learn_speaker,
    set_speaker,
    take_new_turns,
)
from .proposals import async_extract
from .watched_conversations import WatchedConversations

if TYPE_CHECKING:
    from collections.abc import Awaitable, Callable, Coroutine, Sequence
    from datetime import datetime

    from homeassistant.components.conversation.chat_log import ChatLog
    from homeassistant.components.conversation.const import ChatLogEventType

    from ..memory.conversation.sessions import Session
    from ..memory.store import MemoryStore
    from ..runtime.data import HomeMemoryConfigEntry, HomeMemoryData
    from ..runtime.options import HomeMemoryOptions

# How long a running turn is waited for (the chat session's own lifetime).
TURN_PATIENCE: Final = timedelta(minutes=6)
# Sessions still open after this long without a turn have lost their DELETED
# event (a restart): they end when Home Assistant has started.
END_IDLE: Final = timedelta(minutes=10)
# While extraction waits for an AI Task entity: how often to look again (a
# preferred entity chosen in the AI Task settings sends no event).
AI_TASK_RECHECK: Final = timedelta(minutes=5)
AI_TASK_DOMAIN: Final = "ai_task"


class EntryTasks:
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
    """Subscribes to chat logs and stores their turns while the entry is loaded.

    Watching (which conversations, their timers) is `WatchedConversations`;
    storing what a log holds is `TurnStorage`; this class routes the chat-log
    events between them and ends a conversation's sessions when it is over.
    """

    def __init__(
        self,
        hass: HomeAssistant,
        entry: HomeMemoryConfigEntry,
        store: MemoryStore,
        tasks: EntryTasks,
    ) -> None:
        """Nothing is watched until `async_start`.

        Built in setup before the entry's runtime data, which it reads (the
        options, the proposals) when a turn is stored or a conversation ends.
        """
        self._hass = hass
        self._entry = entry
        self._tasks = tasks
        self._watching = WatchedConversations(hass, self._async_timer_fired)
        self._storage = TurnStorage(hass, entry, store, tasks)
        # Home Assistant's time (the store's clock): TURN_PATIENCE is waited
        # in the household's minutes, as the chat session's own expiry is.
        self._now = store.now

    # -- subscription ---------------------------------------------------------

    @property
    def _data(self) -> HomeMemoryData:
        return self._entry.runtime_data

    @callback
    def async_start(self) -> None:
        """Subscribe to every chat log; stop with the entry."""
        from homeassistant.components.conversation.chat_log import (
            async_subscribe_chat_logs,
        )

        entry = self._entry
        entry.async_on_unload(async_subscribe_chat_logs(self._hass, self._on_event))
        entry.async_on_unload(self._watching.async_clear)
        entry.async_on_unload(
            async_dispatcher_connect(
                self._hass, SIGNAL_MEMORY_CHANGES, self._storage.async_forget_quotes
            )
        )

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
            self._watching.ignore(conversation_id)

    @callback
    def _handle_event(
        self,
        conversation_id: str,
        event_type: ChatLogEventType,
        payload: dict[str, Any],
    ) -> None:
        """Watch a conversation from its first user message; (re)arm its timer
        on each event; end it when its log is deleted; ignore AI Task runs.
        """
        from homeassistant.components.conversation.const import ChatLogEventType

        ended = event_type is ChatLogEventType.DELETED
        if self._watching.is_ignored(conversation_id, ended=ended):
            return
        if self._tasks.stopping:
            return
        if ended:
            self._on_deleted(conversation_id)
            return
        live = _live_chat_log(conversation_id)
        if generating_own_task() or is_ai_task_log(live):
            # Not an Assist turn: an AI Task run (Home Memory's own or not).
            self._watching.ignore(conversation_id)
            return
        watched = self._watching.get(conversation_id)
        if (message := _user_message(event_type, payload)) is not None:
            watched = self._announce_turn(conversation_id, watched, message)
        if watched is None:
            return
        if live is not None:
            watched.log = live
        learn_speaker(self._hass, self._data, watched, live)
        self._watching.arm(conversation_id, watched)

    @callback
    def _on_deleted(self, conversation_id: str) -> None:
        """The chat session is gone: end the conversation if it was watched."""
        if (watched := self._watching.stop(conversation_id)) is not None:
            self._tasks.start(
                self._async_end(conversation_id, watched),
                f"{DOMAIN} end of conversation",
            )

    def _announce_turn(
        self, conversation_id: str, watched: Watched | None, content: dict[str, Any]
    ) -> Watched:
        """A user message starts a turn (and the watch, on the first one)."""
        text = str(content.get("content") or "")
        if watched is None:
            watched = self._watching.start(conversation_id)
        marker: Marker = (content["created"], text)
        turn = watched.turns[marker] = Turn()
        watched.waiting[marker] = self._now()
        if (
            given := pipeline_turn_input(self._hass, conversation_id, text)
        ) is not None:
            set_speaker(self._hass, self._data, turn, SPEAKER_PIPELINE, given)
        return watched

    # -- capturing ------------------------------------------------------------

    async def _async_timer_fired(self, conversation_id: str, _now: datetime) -> None:
        """Quiet for a while: store what the stored log holds; wait on for
        turns still running, giving up on those older than `TURN_PATIENCE`.
        """
        watched = self._watching.get(conversation_id)
        if watched is None or self._tasks.stopping:
            return
        watched.cancel_timer = None
        stored = stored_chat_logs(self._hass).get(conversation_id)
        if stored is not None:
            watched.log = stored
            await self._storage.async_read(
                conversation_id, watched, completed_content(stored)
            )
        _give_up_stale_turns(watched, self._now())
        if watched.waiting and self._watching.is_current(conversation_id, watched):
            self._watching.arm(conversation_id, watched)

    # -- the end of a conversation ----------------------------------------------

    async def _async_end(self, conversation_id: str, watched: Watched) -> None:
        """The chat session is gone: read what is left, then end its sessions."""
        if watched.log is not None:
            await self._storage.async_read(
                conversation_id, watched, completed_content(watched.log)
            )
        try:
            await async_end_conversations(self._hass, self._data, conversation_id)
        except MemoryEngineError:
            LOGGER.debug("Sessions of %s not readable", conversation_id, exc_info=True)

    # -- what others ask ------------------------------------------------------

    @property
    def watched_conversations(self) -> set[str]:
        """The conversations being captured now (their sessions are not idle)."""
        return set(self._watching)

    async def async_read_stored(self, conversation_id: str | None = None) -> None:
        """Store the turns the stored logs hold now (of one conversation, or all).

        The conversations stay watched: a turn still running is captured when
        it is over (into a new session if this one has ended by then).
        """
        logs = stored_chat_logs(self._hass)
        for watched_id, watched in self._watching.items():
            if conversation_id not in (None, watched_id):
                continue
            if (stored := logs.get(watched_id)) is not None:
                watched.log = stored
                await self._storage.async_read(
                    watched_id, watched, completed_content(stored)
                )

    async def async_flush(self) -> None:
        """Store what the stored logs hold before the database closes."""
        logs = stored_chat_logs(self._hass)
        for conversation_id, watched in self._watching.items():
            self._watching.cancel_timer(watched)
            if (stored := logs.get(conversation_id)) is not None:
                await self._storage.async_read(
                    conversation_id, watched, completed_content(stored)
                )


def _live_chat_log(conversation_id: str) -> ChatLog | None:
    """The chat log of the running turn, if it is this conversation's."""
    from homeassistant.components.conversation.chat_log import current_chat_log

    live = current_chat_log.get()
    if live is not None and live.conversation_id != conversation_id:
        return None
    return live


def _user_message(
    event_type: ChatLogEventType, payload: dict[str, Any]
) -> dict[str, Any] | None:
    """The user message an event adds, if it adds one."""
    from homeassistant.components.conversation.const import ChatLogEventType

    content = payload.get("content")
    if (
        event_type is ChatLogEventType.CONTENT_ADDED
        and isinstance(content, dict)
        and content.get("role") == "user"
    ):
        return content
    return None


def _give_up_stale_turns(watched: Watched, now: float) -> None:
    """Forget turns waited for longer than `TURN_PATIENCE` by `now`."""
    for marker, since in list(watched.waiting.items()):
        if now - since >= TURN_PATIENCE.total_seconds():
            # The turn failed or never finished: nothing of it is kept.
            del watched.waiting[marker]
            watched.turns.pop(marker, None)


class TurnStorage:
    """Stores the user and assistant text a chat log holds beyond what was read."""

    def __init__(
        self,
        hass: HomeAssistant,
        entry: HomeMemoryConfigEntry,
        store: MemoryStore,
        tasks: EntryTasks,
    ) -> None:
        """Reads the options from the entry's runtime data when storing."""
        self._hass = hass
        self._entry = entry
        self._tasks = tasks
        self._sessions = SessionStore(store)
        # One read at a time: a read that returns has stored everything the
        # log held, even what a read running alongside had taken (a memory's
        # page reads its conversation while the timer may be storing it).
        self._reading = asyncio.Lock()

    @callback
    def async_forget_quotes(self, changes: Sequence[MemoryChange]) -> None:
        """Past messages stop quoting what was forgotten or made private.

        A forgotten (or purged) memory's words leave every session; a memory
        made private leaves every session but its owner's.
        """
        for change in changes:
            memory = change.memory
            if change.kind in (ChangeKind.FORGOTTEN, ChangeKind.PURGED):
                keep = None
            elif change.kind is ChangeKind.UPDATED and change.was_household:
                if memory.owner is None:
                    continue
                keep = memory.owner
            else:
                continue
            self._tasks.start(
                self._async_drop_quotes([memory.content, memory.summary], keep),
                "home_memory past messages forget a memory's words",
            )

    async def _async_drop_quotes(self, texts: list[str], keep: str | None) -> None:
        try:
            await self._hass.async_add_executor_job(
                partial(self._sessions.drop_quotes, texts, keep_owner=keep)
            )
        except MemoryEngineError:
            LOGGER.warning(
                "Past messages kept a forgotten memory's words", exc_info=True
            )

    async def async_read(
        self, conversation_id: str, watched: Watched, content: Sequence[Any]
    ) -> None:
        """Store the user and assistant text of what was not read yet.

        A turn whose speaker is still unknown now is the household's.
        """
        async with self._reading:
            for turn_read, messages in take_new_turns(watched, content):
                await self._async_store(conversation_id, turn_read, messages)

    async def _async_store(
        self, conversation_id: str, turn: Turn, messages: list[ChatMessage]
    ) -> None:
        if (
            not self._entry.runtime_data.options.conversation_capture
            or self._tasks.stopping
        ):
            return
        await async_store_turn(
            self._hass, self._sessions, conversation_id, turn, messages
        )


async def async_store_turn(
    hass: HomeAssistant,
    sessions: SessionStore,
    conversation_id: str,
    turn: Turn,
    messages: list[ChatMessage],
) -> None:
    """Record one turn in its speaker's session; a failure loses this turn only."""
    role = SessionRole.USER
    if turn.user_id is not None:
        user = await hass.auth.async_get_user(turn.user_id)
        if user is None or not user.is_active:
            # A removed or disabled user's words go nowhere (certainly not
            # to the household).
            return
        if user.is_admin:
            role = SessionRole.ADMIN
    try:
        await hass.async_add_executor_job(
            partial(
                sessions.record,
                conversation_id=conversation_id,
                owner=turn.user_id,
                role=role,
                messages=messages,
                device_id=turn.device_id,
                agent_id=turn.agent_id,
            )
        )
        await hass.async_add_executor_job(sessions.embed_missing)
    except MemoryEngineError, ValueError:
        # ValueError covers text the binding refuses (UnicodeEncodeError):
        # this turn is lost, the other turns of the same read are not.
        LOGGER.warning("A conversation turn could not be stored", exc_info=True)


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
    except MemoryEngineError:
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
    except MemoryEngineError:
        LOGGER.debug("Idle sessions not readable", exc_info=True)
        return
    capture = data.capture
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
    except MemoryEngineError:
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


@dataclass(frozen=True, slots=True)
class SessionWork:
    """Conversation capture (if the options turn it on) and the tasks it starts."""

    tasks: EntryTasks
    capture: ConversationCapture | None

    @property
    def before_close(self) -> tuple[Callable[[], Awaitable[object]], ...]:
        """What must run before the store closes, in order.

        The captured turns are stored first; what is still running is
        cancelled after that flush.
        """
        flush = () if self.capture is None else (self.capture.async_flush,)
        return (*flush, self.tasks.async_stop)


@callback
def create_session_work(
    hass: HomeAssistant,
    entry: HomeMemoryConfigEntry,
    store: MemoryStore,
    options: HomeMemoryOptions,
) -> SessionWork:
    """Build capture for the entry; `async_start_session_work` starts it."""
    tasks = EntryTasks(hass, entry)
    capture = (
        ConversationCapture(hass, entry, store, tasks)
        if options.conversation_capture
        else None
    )
    return SessionWork(tasks, capture)


async def async_nightly_job(hass: HomeAssistant, entry: HomeMemoryConfigEntry) -> None:
    """The sessions' part of the nightly maintenance run, for the loaded entry."""
    await async_nightly_sessions(hass, entry.runtime_data)


@callback
def async_start_session_work(
    hass: HomeAssistant, entry: HomeMemoryConfigEntry, work: SessionWork
) -> None:
    """Capture Assist turns (if on), count proposals, end idle sessions.

    Whatever the options: the pending proposals counted (the sensor, the
    offers) and idle sessions ended once Home Assistant has started and again
    `END_IDLE` later.
    """
    data = entry.runtime_data
    tasks = work.tasks
    entry.async_on_unload(tasks.async_set_stopping)
    entry.async_on_unload(
        hass.bus.async_listen_once(EVENT_HOMEASSISTANT_STOP, tasks.async_set_stopping)
    )
    if work.capture is not None:
        work.capture.async_start()
    tasks.start(async_refresh(hass, data), f"{DOMAIN} count proposals")

    @callback
    def _second_pass(_now: datetime) -> None:
        tasks.start(async_end_idle_sessions(hass, data), f"{DOMAIN} end idle sessions")

    async def _at_started(_hass: HomeAssistant) -> None:
        async_check_ai_task(hass, data)
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
    async_watch_ai_task(hass, entry, tasks)


@callback
def async_check_ai_task(hass: HomeAssistant, data: HomeMemoryData) -> bool:
    """Say (once, as a repair issue) whether extraction waits for an AI Task.

    Open while capture is on, or an ended conversation waits, and no AI Task
    entity can be asked; gone otherwise. True when one can be asked.
    """
    if ai_task_target(hass, data.options.ai_task_entity) is not None:
        async_clear_ai_task_missing(hass)
        return True
    if data.options.conversation_capture:
        async_report_ai_task_missing(hass)
    else:
        # Capture off: said again only if an ended conversation waits.
        async_clear_ai_task_missing(hass)
    return False


@callback
def async_watch_ai_task(
    hass: HomeAssistant, entry: HomeMemoryConfigEntry, tasks: EntryTasks
) -> None:
    """Start the waiting extractions once an AI Task entity can be asked.

    While the missing-AI-Task issue is open, each AI Task entity that appears
    (the configured or preferred one, loaded late or added now) and a check
    every few minutes (a preferred entity chosen in the AI Task settings
    sends no event) look again; when one can be asked the issue goes and
    the waiting conversations are read.
    """
    data = entry.runtime_data

    @callback
    def _look_again(*_: object) -> None:
        if not ai_task_missing_reported(hass) or tasks.stopping:
            return
        if async_check_ai_task(hass, data):
            tasks.start(
                async_retry_extraction(hass, data), f"{DOMAIN} waiting extractions"
            )

    entry.async_on_unload(
        async_track_state_added_domain(hass, AI_TASK_DOMAIN, _look_again)
    )
    entry.async_on_unload(
        async_track_time_interval(
            hass, _look_again, AI_TASK_RECHECK, cancel_on_shutdown=True
        )
    )
