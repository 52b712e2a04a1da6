"""Facts picked up from conversations, and the person's yes or no.

When a conversation of at least four turns ends (background/conversation_capture.py),
the AI Task reads it and proposes memories (`memory/extraction.py`). With
extraction mode "ask first" nothing is stored yet: the proposals wait

- in the speaker's next Assist turn: the prompt asks the model to ask "Should
  I remember anything from our conversation? 1. ... 2. ..." and the answer
  (yes, no, or numbers) comes back through the `confirm_proposals` tool;
- in the UI: the pending-proposals sensor, a persistent notification (a count
  only) and the `list_proposals` / `confirm_proposals` / `reject_proposals`
  actions.

With "store automatically" they become memories right away. Either way a
confirmed proposal becomes a memory with source `extracted`, in the same
transaction that marks it confirmed.

Privacy: a user's proposals are private to that user; only the household's
(satellites nobody is mapped to) are everyone's. The notification, which every
user sees, only counts them.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from datetime import timedelta
from functools import partial
import sqlite3
from typing import TYPE_CHECKING, Any, Final

from homeassistant.components import persistent_notification
from homeassistant.exceptions import ServiceValidationError
from homeassistant.helpers import selector
from homeassistant.util import dt as dt_util
import probatio

from ..assist.speaker import speaker_key
from ..const import DOMAIN, LOGGER, ExtractionMode
from ..memory.errors import MemoryEngineError
from ..memory.extraction import (
    MAX_EXTRACTION_ATTEMPTS,
    MIN_TURNS,
    Proposal,
    ProposalNotFoundError,
    ProposalStore,
    conversation_text,
    extraction_instructions,
    parse_proposals,
)
from ..memory.models import Caller, CreateAction, Visibility
from ..memory.sessions import SessionStore
from ..operations.access import Access, async_get_caller
from ..operations.events import async_memories_changed
from ..operations.remembering import outcome_data
from ..operations.schemas import ATTR_IDS
from ..operations.service_support import ENGINE_FAILURES, engine_error, loaded_runtime
from ..runtime.data import Offer
from .ai_generation import async_generate_structured

if TYPE_CHECKING:
    from collections.abc import Awaitable, Sequence

    from homeassistant.core import Context, HomeAssistant, ServiceCall, ServiceResponse
    from homeassistant.util.json import JsonValueType

    from ..memory.models import CreateResult, Memory
    from ..memory.sessions import Session
    from ..runtime.data import HomeMemoryData

NOTIFICATION_ID: Final = f"{DOMAIN}_proposals"
TASK_NAME: Final = "Home Memory: what to remember from a conversation"
# The question is put to the speaker while the proposals are this fresh;
# older ones wait in the UI (and lapse after 30 days).
OFFER_WINDOW: Final = timedelta(hours=24)

# What the AI Task is asked to return; parse_proposals checks it (HA does not).
EXTRACTION_STRUCTURE: Final = probatio.Schema(
    {
        probatio.Required(
            "memories",
            description="What is worth remembering (an empty list when nothing is)",
        ): selector.ObjectSelector(
            selector.ObjectSelectorConfig(
                multiple=True,
                fields={
                    "summary": {"selector": {"text": {}}, "required": True},
                    "content": {"selector": {"text": {}}, "required": True},
                    "type": {"selector": {"text": {}}, "required": True},
                    "keywords": {
                        "selector": {"text": {"multiple": True}},
                        "required": True,
                    },
                },
            )
        )
    }
)


def ha_now() -> float:
    """Home Assistant's clock: sessions and proposals keep its time."""
    return dt_util.utcnow().timestamp()


def session_store(data: HomeMemoryData) -> SessionStore:
    """The sessions of the entry's database, on Home Assistant's clock."""
    return SessionStore(data.store, clock=ha_now)


def proposal_store(data: HomeMemoryData) -> ProposalStore:
    """The proposals of the entry's database, on Home Assistant's clock."""
    return ProposalStore(data.store, clock=ha_now)


# -- extraction --------------------------------------------------------------------


async def async_extract(
    hass: HomeAssistant, data: HomeMemoryData, session: Session
) -> bool:
    """Ask the AI Task what to remember from an ended session; never raises.

    True when the extraction was started here (even if the AI Task then
    failed); False when the session is too short, is being extracted
    already, or has used up its attempts.

    The session is marked extracted in the transaction that stores its
    proposals. Until then (the AI Task failed, Home Assistant stopped) it
    stays unextracted, and the nightly run tries it again (a bounded number
    of times). A session already being extracted in this run is skipped.
    """
    if session.turns < MIN_TURNS or session.id in data.proposals.extracting:
        return False
    data.proposals.extracting.add(session.id)
    sessions = session_store(data)
    refresh = True
    try:
        if not await hass.async_add_executor_job(
            sessions.start_extraction, session.id, MAX_EXTRACTION_ATTEMPTS
        ):
            return False
        messages = await hass.async_add_executor_job(
            partial(sessions.messages, session.id, window_only=True)
        )
        drafts = await async_generate_structured(
            hass,
            task_name=TASK_NAME,
            entity_id=data.options.ai_task_entity,
            instructions=extraction_instructions(conversation_text(messages)),
            structure=EXTRACTION_STRUCTURE,
            validate=parse_proposals,
        )
        if drafts is None:
            # No answer (or none that made sense): tried again at night.
            return True
        proposals = proposal_store(data)
        # Also with no drafts: the session is marked as extracted.
        added = await hass.async_add_executor_job(
            partial(
                proposals.add,
                drafts,
                owner=session.owner,
                session_id=session.id,
                conversation_id=session.conversation_id,
            )
        )
        LOGGER.debug(
            "%s proposals from conversation %s", len(added), session.conversation_id
        )
        if added and data.options.extraction_mode is ExtractionMode.STORE_AUTOMATICALLY:
            results = await hass.async_add_executor_job(
                proposals.confirm,
                [p.id for p in added],
                Caller(user_id=session.owner),
            )
            _announce(hass, data, results, session.conversation_id, session.owner)
    except MemoryEngineError, sqlite3.Error, OSError:
        LOGGER.warning("Extracting memories from a conversation failed", exc_info=True)
        return True
    except asyncio.CancelledError:
        # The entry is closing: nothing more against its store.
        refresh = False
        raise
    finally:
        data.proposals.extracting.discard(session.id)
        if refresh:
            await async_refresh(hass, data)
    return True


def _announce(
    hass: HomeAssistant,
    data: HomeMemoryData,
    results: Sequence[tuple[Proposal, CreateResult]],
    conversation_id: str | None,
    owner: str | None,
    context: Context | None = None,
) -> list[Memory]:
    """Fire the memory events and make the newest one the conversation's "that"."""
    created = [r.memory for _, r in results if r.action is CreateAction.CREATED]
    updated = [r.memory for _, r in results if r.action is not CreateAction.CREATED]
    async_memories_changed(hass, created=created, updated=updated, context=context)
    memories = [r.memory for _, r in results]
    if memories and conversation_id is not None:
        state = data.conversations.peek(conversation_id, speaker_key(owner))
        if state is not None:
            state.last_memory_id = memories[-1].id
    return memories


# -- the figure, the offers and the notification -------------------------------------


async def async_refresh(hass: HomeAssistant, data: HomeMemoryData) -> None:
    """Recount pending proposals; update the offers, the sensor and the notice."""
    proposals = proposal_store(data)
    try:
        pending = await hass.async_add_executor_job(proposals.pending)
    except MemoryEngineError, sqlite3.Error:
        LOGGER.debug("Pending proposals could not be read", exc_info=True)
        return
    offers: dict[str | None, tuple[Offer, ...]] = {}
    for proposal in pending:
        offers[proposal.owner] = (
            *offers.get(proposal.owner, ()),
            Offer(proposal.id, proposal.summary, proposal.created_at),
        )
    data.proposals.offers = offers
    # The sensor and the notice are everyone's: they count the household's
    # proposals only. A person's own (from their conversations) are private
    # until decided; they are offered to that person alone.
    household = sum(p.visibility is Visibility.HOUSEHOLD for p in pending)
    previous = data.proposals.household_pending
    data.proposals.household_pending = household
    _notify(hass, previous, household)
    async_memories_changed(hass)


def _notify(hass: HomeAssistant, previous: int, count: int) -> None:
    """A notice of how many proposals wait: never what they say.

    Persistent notifications are shown to every user, so the notice carries
    a count and where to decide, no memory text. It is (re)created only when
    the count rises, so a dismissed notice does not return for the same
    proposals, and it goes away when none are left.
    """
    if count == 0:
        persistent_notification.async_dismiss(hass, NOTIFICATION_ID)
        return
    if count <= previous:
        return
    persistent_notification.async_create(
        hass,
        (
            f"Home Memory noticed {count} thing{'s' if count != 1 else ''} in "
            "conversations that may be worth remembering. Nothing is stored "
            "until the person who said them agrees: they are asked in their "
            "next Assist conversation, or can review theirs with the "
            "list_proposals action and decide with confirm_proposals or "
            "reject_proposals. The pending proposals sensor shows how many wait."
        ),
        title="Home Memory: anything to remember?",
        notification_id=NOTIFICATION_ID,
    )


def offers_for(data: HomeMemoryData, owner: str | None) -> tuple[Offer, ...]:
    """The speaker's own pending proposals that are fresh enough to ask about."""
    cutoff = ha_now() - OFFER_WINDOW.total_seconds()
    return tuple(
        offer
        for offer in data.proposals.offers.get(owner, ())
        if offer.created_at >= cutoff
    )


# -- deciding ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Decision:
    """What one answer did."""

    memories: list[Memory]
    rejected: list[Proposal]
    # One per memory: created / updated (with previous) / reinforced.
    outcomes: list[JsonValueType] = field(default_factory=list)


async def async_decide(
    hass: HomeAssistant,
    data: HomeMemoryData,
    caller: Caller,
    *,
    confirm: Sequence[str] = (),
    reject: Sequence[str] = (),
    conversation_id: str | None = None,
    context: Context | None = None,
) -> Decision:
    """Confirm and reject proposals for `caller` (engine errors propagate)."""
    proposals = proposal_store(data)
    try:
        results = (
            await hass.async_add_executor_job(proposals.confirm, list(confirm), caller)
            if confirm
            else []
        )
        rejected = (
            await hass.async_add_executor_job(proposals.reject, list(reject), caller)
            if reject
            else []
        )
    finally:
        await async_refresh(hass, data)
    memories = _announce(
        hass, data, results, conversation_id, caller.user_id, context=context
    )
    outcomes: list[JsonValueType] = [
        {"id": result.memory.id, **outcome_data(result)} for _, result in results
    ]
    return Decision(memories, rejected, outcomes)


async def async_answer(
    hass: HomeAssistant,
    data: HomeMemoryData,
    caller: Caller,
    *,
    answer: str | None,
    numbers: Sequence[int] = (),
    conversation_id: str | None = None,
    context: Context | None = None,
) -> Decision:
    """The spoken answer to "Should I remember ...?": yes, no or numbers.

    It is about exactly the list the speaker was asked about: their offers
    (`offers_for`, as the prompt numbers them) that are still pending. Numbers
    count that list; the ones not named are declined (the question is not
    asked again). Older proposals that were not offered are left alone.
    Raises ValueError for a number that is not on the list.
    """
    pending = {
        p.id
        for p in await hass.async_add_executor_job(
            proposal_store(data).pending_of, caller.user_id
        )
    }
    offered = [o.id for o in offers_for(data, caller.user_id) if o.id in pending]
    if numbers:
        if bad := [n for n in numbers if not 1 <= n <= len(offered)]:
            raise ValueError(
                f"There is no suggestion number {bad[0]}; there are {len(offered)}."
            )
        chosen = {offered[n - 1] for n in numbers}
    else:
        chosen = set(offered) if answer == "yes" else set()
    return await async_decide(
        hass,
        data,
        caller,
        confirm=[i for i in offered if i in chosen],
        reject=[i for i in offered if i not in chosen],
        conversation_id=conversation_id,
        context=context,
    )


# -- actions -------------------------------------------------------------------------


def _proposal_dict(proposal: Proposal) -> dict[str, Any]:
    return {
        "id": proposal.id,
        "summary": proposal.summary,
        "content": proposal.content,
        "kind": str(proposal.kind),
        "keywords": list(proposal.keywords),
        "visibility": str(proposal.visibility),
        "created_at": dt_util.utc_from_timestamp(proposal.created_at).isoformat(),
    }


async def _guarded[T](work: Awaitable[T]) -> T:
    """Await an engine call; its errors become translated ones."""
    try:
        return await work
    except ProposalNotFoundError as err:
        raise ServiceValidationError(
            translation_domain=DOMAIN,
            translation_key="proposal_not_found",
            translation_placeholders={"id": err.proposal_id},
        ) from err
    except ENGINE_FAILURES as err:
        raise engine_error(err) from err


async def async_list_proposals_service(call: ServiceCall) -> ServiceResponse:
    """The pending proposals the caller may decide on (their own, the household's)."""
    caller = await async_get_caller(call.hass, call, Access.READ)
    data = loaded_runtime(call.hass)
    store = proposal_store(data)
    pending = await _guarded(call.hass.async_add_executor_job(store.pending, caller))
    return {"proposals": [_proposal_dict(p) for p in pending]}


async def async_confirm_proposals_service(call: ServiceCall) -> ServiceResponse:
    """Store the named proposals as memories."""
    caller = await async_get_caller(call.hass, call, Access.WRITE)
    data = loaded_runtime(call.hass)
    decision = await _guarded(
        async_decide(
            call.hass, data, caller, confirm=call.data[ATTR_IDS], context=call.context
        )
    )
    return {
        "memories": [memory.id for memory in decision.memories],
        "outcomes": decision.outcomes,
    }


async def async_reject_proposals_service(call: ServiceCall) -> ServiceResponse:
    """Decline the named proposals; nothing is stored."""
    caller = await async_get_caller(call.hass, call, Access.WRITE)
    data = loaded_runtime(call.hass)
    decision = await _guarded(
        async_decide(
            call.hass, data, caller, reject=call.data[ATTR_IDS], context=call.context
        )
    )
    return {"rejected": [proposal.id for proposal in decision.rejected]}
