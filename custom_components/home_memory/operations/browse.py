"""What the memory browser reads besides the memories themselves.

A memory's decay as parts, where it came from (the conversation turns or the
observed events), what the observer has not told yet, the audit log and the
counts a person may see. Each is read-only and checks access like every
operation; the websocket API (websocket_api.py) is its surface.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final

from ..memory.common.values import (
    PROVENANCE_PREFIX,
    MemoryFilter,
    Origin,
    Tier,
    Visibility,
)
from ..memory.observation.event_buffer import EventBuffer, ObservedEvent
from ..memory.scoring import decay
from ..memory.text.validation import label_key
from .access import Access, require, tier_filter
from .errors import ForbiddenError, async_engine
from .persons import PERSON_DOMAIN, async_person_name
from .proposals import proposal_store, session_store

if TYPE_CHECKING:
    from homeassistant.core import HomeAssistant

    from ..memory.common.config import EngineConfig
    from ..memory.common.values import Memory
    from ..memory.conversation.sessions import StoredMessage
    from ..memory.store import LogEntry
    from .memories import OperationScope

# Turns shown around a memory said in a conversation, and at most for one
# that a conversation suggested (extraction read the whole of it).
VOICE_TURNS: Final = 2
EXTRACTED_TURNS: Final = 20
# How an observed memory names an event among its sources (ObservedEvent).
EVENT_PREFIX: Final = "event:"


@dataclass(frozen=True, slots=True)
class DecayParts:
    """How a memory's effective importance comes about, now."""

    factor: float
    half_life_days: float
    days_since_access: float
    access_bonus: float
    #: The access bonus relative to a memory never used (retention's factor).
    reinforcement: float
    class_weight: float
    effective_importance: float


def decay_parts(memory: Memory, config: EngineConfig, now: float) -> DecayParts:
    """The parts of the decay formula (memory/scoring/decay.py) for one memory."""
    idle_since = memory.last_accessed_at or memory.created_at
    days = max(0.0, (now - idle_since.timestamp()) / decay.SECONDS_PER_DAY)
    cls = memory.weight_class
    return DecayParts(
        factor=decay.decay_factor(
            days,
            cls,
            base_half_life_days=config.base_half_life_days,
            floor=config.decay_floor,
        ),
        half_life_days=config.base_half_life_days * cls.retention_multiplier,
        days_since_access=days,
        access_bonus=decay.access_bonus(memory.access_count),
        reinforcement=decay.reinforcement(memory.access_count),
        class_weight=cls.retrieval_weight,
        effective_importance=decay.effective_importance(
            memory.importance,
            cls,
            days,
            memory.access_count,
            base_half_life_days=config.base_half_life_days,
            floor=config.decay_floor,
        ),
    )


@dataclass(frozen=True, slots=True)
class Provenance:
    """Where a memory came from, as far as the caller may read it.

    `turns`: the conversation's messages the caller may read (their own and
    those of unknown speakers; another person's stay theirs). `event_ids`:
    the observed changes it was told from, by name; `events`: those the
    engine kept with it (and with the memories it took over), oldest first.
    Whoever may read the memory may read its events. Memories told before
    the engine kept events (schema 6) name them only.
    """

    origin: Origin
    conversation_id: str | None
    turns: list[StoredMessage]
    event_ids: list[str]
    events: list[ObservedEvent] = field(default_factory=list)
    # Who said it, by the name Home Assistant shows (speaker_name); None when
    # nobody known spoke (a satellite no person is mapped to).
    speaker_name: str | None = None


async def async_provenance(scope: OperationScope, memory: Memory) -> Provenance:
    """Where `memory` (one the caller was allowed to get) came from."""
    require(scope.actor, Access.READ)
    origin = memory.origin
    caller = scope.actor.caller
    event_ids = [s for s in memory.source_ids if s.startswith(EVENT_PREFIX)]
    events: list[ObservedEvent] = []
    if any(s.startswith((EVENT_PREFIX, PROVENANCE_PREFIX)) for s in memory.source_ids):
        buffer = EventBuffer(scope.data.store)
        events = await async_engine(scope.hass, lambda: buffer.told(memory, caller))
    conversation_id = None
    if origin in (Origin.VOICE, Origin.EXTRACTED):
        conversation_id = next(
            (s for s in memory.source_ids if not s.startswith(EVENT_PREFIX)), None
        )
    if conversation_id is None:
        return Provenance(origin, None, [], event_ids, events)
    speaker = (
        None
        if memory.speaker is None
        else await async_speaker_name(scope.hass, memory.speaker)
    )
    if origin is Origin.VOICE and (capture := scope.data.capture) is not None:
        # Capture stores a turn a moment after it ends; the page of a memory
        # just said is opened sooner. What the chat log holds is stored now.
        await capture.async_read_stored(conversation_id)
    sessions = session_store(scope.data)
    turns = await async_engine(
        scope.hass,
        lambda: sessions.conversation_messages(conversation_id, caller.user_id),
    )
    if origin is Origin.VOICE:
        # Where the memory's newest statement was said (a correction, a repeat).
        store = scope.data.store
        told = await async_engine(scope.hass, lambda: store.told_at(memory.id))
        turns = _around(turns, (told or memory.created_at).timestamp())
    else:
        turns = turns[-EXTRACTED_TURNS:]
    return Provenance(origin, conversation_id, turns, event_ids, events, speaker)


async def async_speaker_name(hass: HomeAssistant, speaker: str) -> str:
    """The name Home Assistant shows for a speaker: a person entity's (named
    by its entity id, or the person linked to this user id), else the user's,
    else the id itself. Never a generic word: the page says who it was."""
    if (
        state := hass.states.get(speaker)
    ) is not None and state.domain == PERSON_DOMAIN:
        return state.name
    if (name := async_person_name(hass, speaker)) is not None:
        return name
    user = await hass.auth.async_get_user(speaker)
    return (user.name if user is not None else None) or speaker


def _around(turns: list[StoredMessage], at: float) -> list[StoredMessage]:
    """The turn that was answered by remembering: the last user message by
    `at` and the reply after it."""
    said = [i for i, turn in enumerate(turns) if turn.role == "user" and turn.at <= at]
    if not said:
        return turns[:VOICE_TURNS]
    return turns[said[-1] : said[-1] + VOICE_TURNS]


@dataclass(frozen=True, slots=True)
class Pending:
    """What the observer noticed and has not told yet.

    `events` and `oldest_at` count everything waiting (changes not written
    to the buffer yet included); `items` are the oldest written ones.
    """

    events: int
    oldest_at: float | None
    items: list[ObservedEvent]
    more: bool


async def async_pending(scope: OperationScope, limit: int) -> Pending:
    """Pending observations: the count, the oldest time, the first `limit`."""
    require(scope.actor, Access.READ)
    summary = scope.data.observer.pending
    buffer = EventBuffer(scope.data.store)
    items, more = (
        await async_engine(scope.hass, lambda: buffer.oldest(limit))
        if limit
        else ([], summary.events > 0)
    )
    return Pending(summary.events, summary.oldest_at, items, more)


async def async_audit_log(
    scope: OperationScope,
    *,
    memory_id: str | None,
    before: int | None,
    limit: int,
) -> list[LogEntry]:
    """Log rows, newest first, never about someone else's private memory (admin)."""
    require(scope.actor, Access.ADMIN)
    store = scope.data.store
    return await async_engine(
        scope.hass,
        lambda: store.log_entries(
            memory_id=memory_id,
            limit=limit,
            caller=scope.actor.caller,
            before=before,
        ),
    )


async def async_people(scope: OperationScope, limit: int) -> list[str]:
    """People to filter by: the home's persons, then those memories name.

    Only names the caller could read anyway: persons are everyone's, and
    the labels come from memories the caller may see.
    """
    require(scope.actor, Access.READ)
    store = scope.data.store
    labels = await async_engine(
        scope.hass, lambda: store.people_labels(scope.actor.caller, limit)
    )
    persons = sorted(state.name for state in scope.hass.states.async_all(PERSON_DOMAIN))
    # Once per name as the people filter compares them (label_key): two
    # persons both called Anna, or a memory naming "anna", are one choice.
    names: dict[str, str] = {}
    for name in [*persons, *labels]:
        names.setdefault(label_key(name), name)
    return list(names.values())[:limit]


@dataclass(frozen=True, slots=True)
class Counts:
    """What the caller may see, counted.

    `deleted` and `archived`: for an admin the household's and their own
    private memories there, for anyone else their own private ones (None
    for a caller without a user who is not an admin: they see none).
    """

    active: int
    private: int
    deleted: int | None
    archived: int | None
    proposals: int


async def async_counts(scope: OperationScope) -> Counts:
    """How many memories and proposals the caller may see."""
    require(scope.actor, Access.READ)
    store = scope.data.store
    proposals = proposal_store(scope.data)
    caller = scope.actor.caller

    def total(flt: MemoryFilter) -> int:
        return store.list_memories(caller, flt, limit=1).total

    def in_tier(tier: Tier) -> int | None:
        try:
            flt = tier_filter(
                scope.actor, MemoryFilter(tiers=(tier,), include_expired=True)
            )
        except ForbiddenError:
            return None
        return total(flt)

    def _count() -> Counts:
        return Counts(
            active=total(MemoryFilter(include_expired=True)),
            private=total(
                MemoryFilter(visibility=Visibility.PRIVATE, include_expired=True)
            ),
            deleted=in_tier(Tier.DELETED),
            archived=in_tier(Tier.ARCHIVED),
            proposals=len(proposals.pending(caller)),
        )

    return await async_engine(scope.hass, _count)
