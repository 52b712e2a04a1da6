"""Proposals: what conversations suggested, listed and decided.

Extraction (background/proposals.py) adds proposals; here they are listed,
counted (the sensor, the notification, the offers the Assist prompt asks
about) and decided: confirmed into memories (source `extracted`, in the
transaction that marks them confirmed), rejected, or edited then confirmed.
Every surface (actions, the confirm_proposals tool, the websocket API)
decides through `async_decide_proposals` / `async_answer_proposals`.

Privacy: a user's proposals are private to that user; only the household's
(satellites nobody is mapped to) are everyone's. The notification, which every
user sees, only counts them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import timedelta
from functools import partial
from typing import TYPE_CHECKING, Final

from homeassistant.components import persistent_notification
from homeassistant.helpers.dispatcher import async_dispatcher_send
from homeassistant.util import dt as dt_util

from ..const import DOMAIN, LOGGER, SIGNAL_PROPOSALS_CHANGED
from ..memory.common.values import CreateAction, Visibility
from ..memory.conversation.extraction import ProposalStore
from ..memory.conversation.sessions import SessionStore
from ..runtime.data import Offer
from .access import Access, Actor, require, speaker_key
from .errors import ENGINE_FAILURES, InvalidRequestError, async_engine
from .events import async_memories_changed
from .memories import OperationScope, check_update
from .remembering import outcome_data

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence

    from homeassistant.core import Context, HomeAssistant
    from homeassistant.util.json import JsonValueType

    from ..memory.common.values import Caller, CreateResult, Memory, MemoryPatch
    from ..memory.conversation.extraction import Proposal
    from ..runtime.data import HomeMemoryData

NOTIFICATION_ID: Final = f"{DOMAIN}_proposals"
# The question is put to the speaker while the proposals are this fresh;
# older ones wait in the UI (and lapse after 30 days).
OFFER_WINDOW: Final = timedelta(hours=24)


def session_store(data: HomeMemoryData) -> SessionStore:
    """The sessions of the entry's database, on its clock (Home Assistant's)."""
    return SessionStore(data.store)


def proposal_store(data: HomeMemoryData) -> ProposalStore:
    """The proposals of the entry's database, on its clock (Home Assistant's)."""
    return ProposalStore(data.store)


# -- the figure, the offers and the notification -------------------------------------


async def async_refresh(hass: HomeAssistant, data: HomeMemoryData) -> None:
    """Recount pending proposals; update the offers, the sensor and the notice."""
    proposals = proposal_store(data)
    try:
        pending = await hass.async_add_executor_job(proposals.pending)
    except ENGINE_FAILURES:
        LOGGER.debug("Pending proposals could not be read", exc_info=True)
        return
    offers: dict[str | None, tuple[Offer, ...]] = {}
    for proposal in pending:
        offers[proposal.owner] = (
            *offers.get(proposal.owner, ()),
            Offer(proposal.id, proposal.summary, proposal.created_at),
        )
    before, data.proposals.offers = data.proposals.offers, offers
    if changed := frozenset(
        owner
        for owner in before.keys() | offers.keys()
        if before.get(owner) != offers.get(owner)
    ):
        async_dispatcher_send(hass, SIGNAL_PROPOSALS_CHANGED, changed)
    # The sensor and the notice are everyone's: they count the household's
    # proposals only. A person's own (from their conversations) are private
    # until decided; they are offered to that person alone.
    household = sum(p.visibility is Visibility.HOUSEHOLD for p in pending)
    previous = data.proposals.household_pending
    data.proposals.household_pending = household
    _notify(hass, previous, household)
    async_memories_changed(hass, entities_only=True)


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
    cutoff = data.store.now() - OFFER_WINDOW.total_seconds()
    return tuple(
        offer
        for offer in data.proposals.offers.get(owner, ())
        if offer.created_at >= cutoff
    )


# -- deciding ------------------------------------------------------------------------


def announce_results(
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


@dataclass(frozen=True, slots=True)
class Decision:
    """What one answer did."""

    memories: list[Memory]
    rejected: list[Proposal]
    # One per memory: created / updated (with previous) / reinforced.
    outcomes: list[JsonValueType] = field(default_factory=list)


# -- the operations every surface calls ------------------------------------------------


@dataclass(frozen=True, slots=True)
class DecideRequest:
    """Proposals to confirm and to reject, by id."""

    confirm: tuple[str, ...] = ()
    reject: tuple[str, ...] = ()
    conversation_id: str | None = None
    # A person's changes to proposals they confirm (id -> patch), stored in
    # the confirming transaction.
    edits: Mapping[str, MemoryPatch] | None = None


@dataclass(frozen=True, slots=True)
class AnswerRequest:
    """The answer to "Should I remember ...?": yes, no, or numbers."""

    answer: str | None = None
    numbers: tuple[int, ...] = ()
    conversation_id: str | None = None


@dataclass(frozen=True, slots=True)
class EditProposalRequest:
    """Confirm one proposal with the person's changes to it."""

    proposal_id: str
    patch: MemoryPatch
    conversation_id: str | None = None


async def async_list_proposals(scope: OperationScope) -> list[Proposal]:
    """The pending proposals the caller may decide on (their own, the household's)."""
    require(scope.actor, Access.READ)
    store = proposal_store(scope.data)
    return await async_engine(scope.hass, lambda: store.pending(scope.actor.caller))


async def async_decide_proposals(
    scope: OperationScope, request: DecideRequest
) -> Decision:
    """Confirm (into memories) and reject the named proposals, in one transaction.

    NotFoundError `proposal_not_found` when one is unknown, was decided
    meanwhile, is not the caller's to decide or is named both to confirm and
    to reject; then nothing is stored and nothing is decided.
    """
    require(scope.actor, Access.WRITE)
    hass, data, caller = scope.hass, scope.data, scope.actor.caller
    store = proposal_store(data)
    try:
        results, rejected = await async_engine(
            hass,
            partial(
                store.decide,
                request.confirm,
                request.reject,
                caller,
                edits=request.edits,
            ),
        )
    finally:
        await async_refresh(hass, data)
    memories = announce_results(
        hass, data, results, request.conversation_id, caller.user_id, scope.context
    )
    outcomes: list[JsonValueType] = [
        {"id": result.memory.id, **outcome_data(result)} for _, result in results
    ]
    return Decision(memories, rejected, outcomes)


async def async_decide(
    hass: HomeAssistant,
    data: HomeMemoryData,
    caller: Caller,
    *,
    confirm: Sequence[str] = (),
    reject: Sequence[str] = (),
) -> Decision:
    """`async_decide_proposals` for code that holds a Caller, not a scope."""
    return await async_decide_proposals(
        OperationScope(hass, data, Actor(caller)),
        DecideRequest(confirm=tuple(confirm), reject=tuple(reject)),
    )


async def async_answer_proposals(
    scope: OperationScope, request: AnswerRequest
) -> Decision:
    """The spoken answer to "Should I remember ...?": yes, no or numbers.

    It is about exactly the list the speaker was asked about: their offers
    (`offers_for`, as the prompt numbers them) that are still pending. Numbers
    count that list; the ones not named are declined (the question is not
    asked again). Older proposals that were not offered are left alone.
    InvalidRequestError `no_such_number` for a number that is not on the list.
    """
    require(scope.actor, Access.WRITE)
    owner = scope.actor.caller.user_id
    pending = {
        p.id
        for p in await async_engine(
            scope.hass, partial(proposal_store(scope.data).pending_of, owner)
        )
    }
    offered = [o.id for o in offers_for(scope.data, owner) if o.id in pending]
    if request.numbers:
        if bad := [n for n in request.numbers if not 1 <= n <= len(offered)]:
            raise InvalidRequestError(
                "no_such_number", number=str(bad[0]), count=str(len(offered))
            )
        chosen = {offered[n - 1] for n in request.numbers}
    else:
        chosen = set(offered) if request.answer == "yes" else set()
    return await async_decide_proposals(
        scope,
        DecideRequest(
            confirm=tuple(i for i in offered if i in chosen),
            reject=tuple(i for i in offered if i not in chosen),
            conversation_id=request.conversation_id,
        ),
    )


async def async_edit_proposal(
    scope: OperationScope, request: EditProposalRequest
) -> Decision:
    """Confirm a proposal with the person's changes, in one transaction.

    A change the engine refuses confirms nothing (the proposal stays pending).
    """
    check_update(scope.actor, request.patch)
    return await async_decide_proposals(
        scope,
        DecideRequest(
            confirm=(request.proposal_id,),
            conversation_id=request.conversation_id,
            edits={request.proposal_id: request.patch},
        ),
    )


def proposal_data(proposal: Proposal) -> dict[str, JsonValueType]:
    """A pending proposal as actions and the websocket API answer with it."""
    return {
        "id": proposal.id,
        "summary": proposal.summary,
        "content": proposal.content,
        "kind": str(proposal.kind),
        "keywords": list(proposal.keywords),
        "visibility": str(proposal.visibility),
        "created_at": dt_util.utc_from_timestamp(proposal.created_at).isoformat(),
    }
