"""The Home Memory actions (services).

Registered once in async_setup. Each action is a thin adapter over the
operations layer (docs/operations.md): it checks who calls
(operations/access.py; refusals are Home Assistant's `Unauthorized`), parses
its validated data (operations/schemas.py) into a request, calls the
operation and returns its result as a response. `service_error` is the one
mapping of the layer's errors to translated action errors.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Coroutine, Mapping
from dataclasses import asdict
from typing import TYPE_CHECKING, Any, Final

from homeassistant.core import HomeAssistant, ServiceCall, SupportsResponse, callback
from homeassistant.exceptions import HomeAssistantError, ServiceValidationError

from .background.conversation_capture import async_end_conversations
from .const import DOMAIN
from .memory.transfer.serialization import history_dicts, log_entry_dict, memory_to_dict
from .operations import (
    admin,
    exchange,
    memories,
    proposals,
    reasons,
    requests,
    set_aside,
    when,
)
from .operations.access import Access, async_get_actor, require
from .operations.errors import (
    EngineFailureError,
    OperationError,
    UnavailableError,
    async_guard,
)
from .operations.loaded import loaded_data
from .operations.memories import OperationScope
from .operations.remembering import outcome_data
from .operations.schemas import (
    ATTR_ACCESS_LOG,
    ATTR_ALL_TIERS,
    ATTR_CONVERSATION_ID,
    ATTR_FORMAT,
    ATTR_HISTORY,
    ATTR_ID,
    ATTR_IDS,
    ATTR_KEEP_OWNERS,
    ATTR_LIMIT,
    ATTR_MIN_RELEVANCE,
    ATTR_OFFSET,
    ATTR_PATH,
    ATTR_QUERY,
    CLOSE_SEGMENT_SCHEMA,
    END_CONVERSATIONS_SCHEMA,
    ERASE_SET_ASIDE_SCHEMA,
    EXPORT_SCHEMA,
    GET_SCHEMA,
    IMPORT_SCHEMA,
    LIST_PROPOSALS_SCHEMA,
    LIST_SCHEMA,
    MAINTENANCE_SCHEMA,
    PROPOSAL_IDS_SCHEMA,
    REMEMBER_SCHEMA,
    RESTORE_SCHEMA,
    SEARCH_ALL_TIERS_SCHEMA,
    SEARCH_SCHEMA,
    SELECT_SCHEMA,
    UPDATE_SCHEMA,
    ServiceSchema,
)

if TYPE_CHECKING:
    from homeassistant.core import ServiceResponse
    from homeassistant.util.json import JsonValueType

    from .memory.common.values import Caller, ScoredMemory

SERVICE_REMEMBER: Final = "remember"
SERVICE_SEARCH: Final = "search"
SERVICE_GET: Final = "get"
SERVICE_UPDATE: Final = "update"
SERVICE_FORGET: Final = "forget"
SERVICE_RESTORE: Final = "restore"
SERVICE_PURGE: Final = "purge"
SERVICE_LIST: Final = "list"
SERVICE_SEARCH_ALL_TIERS: Final = "search_all_tiers"
SERVICE_RUN_MAINTENANCE: Final = "run_maintenance"
SERVICE_CLOSE_SEGMENT: Final = "close_segment"
SERVICE_END_CONVERSATIONS: Final = "end_conversations"
SERVICE_EXPORT: Final = "export"
SERVICE_IMPORT: Final = "import"
SERVICE_LIST_PROPOSALS: Final = "list_proposals"
SERVICE_CONFIRM_PROPOSALS: Final = "confirm_proposals"
SERVICE_REJECT_PROPOSALS: Final = "reject_proposals"
SERVICE_ERASE_SET_ASIDE: Final = "erase_set_aside"

type _Data = Mapping[str, Any]
type _Run = Callable[[OperationScope, _Data], Awaitable[ServiceResponse]]
type _Handler = Callable[[ServiceCall], Coroutine[Any, Any, ServiceResponse]]


def service_error(
    err: OperationError, hass: HomeAssistant | None = None, action: str | None = None
) -> HomeAssistantError:
    """The action error for an operation error (the one mapping of actions).

    Engine failures and features that are not running are Home Assistant
    errors; everything else is the caller's to fix (ServiceValidationError).
    An entry that is not loaded is reported in Home Assistant's own words
    (the cause `loaded_data` kept). A refused value's reason and field are
    said in Home Assistant's language (operations/reasons.py), the field as
    `action`'s form names it.
    """
    if isinstance(err.__cause__, HomeAssistantError):
        return err.__cause__
    kind = (
        HomeAssistantError
        if isinstance(err, EngineFailureError | UnavailableError)
        else ServiceValidationError
    )
    return kind(
        translation_domain=DOMAIN,
        translation_key=err.translation_key,
        translation_placeholders=reasons.worded(hass, err, action=action) or None,
    )


def _action(access: Access, run: _Run) -> _Handler:
    """A handler: who calls (checked for `access`), the entry, the operation."""

    async def handle(call: ServiceCall) -> ServiceResponse:
        actor = await async_get_actor(call.hass, call.context, access)
        try:
            scope = OperationScope(
                call.hass, loaded_data(call.hass), actor, call.context
            )
            return await run(scope, call.data)
        except OperationError as err:
            raise service_error(err, call.hass, call.service) from err

    return handle


# -- arguments in, responses out ------------------------------------------------------


def scored_dict(item: ScoredMemory, viewer: Caller) -> dict[str, Any]:
    """A search hit as `viewer` may see it: the memory, its score and relevance."""
    return {
        **memory_to_dict(item.memory, viewer),
        "score": round(item.score, 4),
        "relevance": round(item.relevance, 4),
    }


# -- the actions ---------------------------------------------------------------------


async def _search(scope: OperationScope, data: _Data) -> ServiceResponse:
    found = await memories.async_search(
        scope,
        memories.SearchRequest(
            data[ATTR_QUERY],
            requests.memory_filter(data),
            offset=data[ATTR_OFFSET],
            limit=data[ATTR_LIMIT],
            min_relevance=data.get(ATTR_MIN_RELEVANCE),
        ),
    )
    describe = when.describer(scope.hass)
    return {
        "memories": [
            # When it happened, in the household's words beside the ISO times.
            {**scored_dict(item, scope.actor.caller), "when": describe(item.memory)}
            for item in found.items
        ],
        "total": found.total,
        "offset": found.offset,
        "next_offset": found.next_offset,
        # The relevance floor applied (the option's, unless the call gave one).
        "min_relevance": found.min_relevance,
        "retrieval_mode": found.retrieval_mode,
    }


async def _get(scope: OperationScope, data: _Data) -> ServiceResponse:
    got = await memories.async_get(
        scope, memories.GetRequest(data[ATTR_ID], data[ATTR_HISTORY])
    )
    response: dict[str, Any] = {
        "memory": memory_to_dict(got.memory, scope.actor.caller)
    }
    if got.history is not None:
        response["history"] = history_dicts(got.history)
    return response


async def _list(scope: OperationScope, data: _Data) -> ServiceResponse:
    page = await memories.async_list(
        scope,
        memories.ListRequest(
            requests.memory_filter(data),
            offset=data[ATTR_OFFSET],
            limit=data[ATTR_LIMIT],
        ),
    )
    return {
        "memories": [
            memory_to_dict(memory, scope.actor.caller) for memory in page.memories
        ],
        "total": page.total,
        "offset": page.offset,
        "next_offset": page.next_offset,
    }


async def _remember(scope: OperationScope, data: _Data) -> ServiceResponse:
    result = await memories.async_remember(
        scope,
        requests.remember_request(data),
    )
    return {
        **outcome_data(result),
        "memory": memory_to_dict(result.memory, scope.actor.caller),
    }


async def _update(scope: OperationScope, data: _Data) -> ServiceResponse:
    outcome = await memories.async_update(
        scope, requests.update_request(data[ATTR_ID], data)
    )
    return {
        "memory": memory_to_dict(outcome.memory, scope.actor.caller),
        "changed": outcome.changed,
    }


async def _forget(scope: OperationScope, data: _Data) -> ServiceResponse:
    forgotten = await memories.async_forget(scope, requests.selection(data))
    return {"forgotten": [memory.id for memory in forgotten]}


async def _restore(scope: OperationScope, data: _Data) -> ServiceResponse:
    restored = await memories.async_restore(scope, tuple(data[ATTR_IDS]))
    return {"restored": [memory.id for memory in restored]}


async def _purge(scope: OperationScope, data: _Data) -> ServiceResponse:
    purged: list[JsonValueType] = list(
        await memories.async_purge(scope, requests.selection(data))
    )
    return {"purged": purged}


async def _search_all_tiers(scope: OperationScope, data: _Data) -> ServiceResponse:
    found = await memories.async_search_all_tiers(
        scope,
        memories.AllTiersRequest(
            data[ATTR_QUERY], limit=data[ATTR_LIMIT], with_log=data[ATTR_ACCESS_LOG]
        ),
    )
    response: dict[str, Any] = {
        "memories": [scored_dict(item, scope.actor.caller) for item in found.items],
        "total": found.total,
        "min_relevance": found.min_relevance,
    }
    if found.log_entries is not None:
        response["log_entries"] = [log_entry_dict(e) for e in found.log_entries]
    return response


async def _run_maintenance(scope: OperationScope, data: _Data) -> ServiceResponse:
    """Run the nightly maintenance now, on its own path and lock."""
    require(scope.actor, Access.ADMIN)
    return asdict(await async_guard(scope.data.maintenance.async_run(scope.context)))


async def _close_segment(scope: OperationScope, data: _Data) -> ServiceResponse:
    """Turn what the observer has buffered into memories now.

    `result`: "remembered" (memory_ids lists them), "not_worth_remembering"
    (only a lone trivial change was waiting: discarded, as it would have been
    after the quiet period) or "nothing_pending".
    """
    closed = await admin.async_close_segment(scope)
    if closed.memories:
        result = "remembered"
    elif closed.discarded:
        result = "not_worth_remembering"
    else:
        result = "nothing_pending"
    return {
        "result": result,
        "memory_ids": [memory.id for memory in closed.memories],
        "discarded_segments": closed.discarded,
        "pending": closed.pending,
    }


async def _end_conversations(scope: OperationScope, data: _Data) -> ServiceResponse:
    """End the open conversations now, as if their idle timeout had passed.

    What the chat logs hold is stored first; then each open session ends and
    goes to extraction (awaited: its proposals are pending when this
    returns). `result`: "ended" (`sessions` says, per session, whether
    extraction was started: it needs four turns) or "nothing_open".
    """
    require(scope.actor, Access.ADMIN)
    conversation_id = data.get(ATTR_CONVERSATION_ID)
    if (capture := scope.data.capture) is not None:
        await async_guard(capture.async_read_stored(conversation_id))
    ended = await async_guard(
        async_end_conversations(scope.hass, scope.data, conversation_id)
    )
    return {
        "result": "ended" if ended else "nothing_open",
        "ended": len(ended),
        "sessions": [
            {
                # The id reopens the conversation: its speaker's alone.
                "conversation_id": item.session.conversation_id
                if item.session.owner is not None
                and item.session.owner == scope.actor.caller.user_id
                else None,
                "turns": item.session.turns,
                "extraction_started": item.extraction_started,
            }
            for item in ended
        ],
    }


async def _export(scope: OperationScope, data: _Data) -> ServiceResponse:
    written = await exchange.async_export(scope, all_tiers=data[ATTR_ALL_TIERS])
    return {"path": str(written.path), "count": written.count}


async def _import(scope: OperationScope, data: _Data) -> ServiceResponse:
    result = await exchange.async_import(
        scope,
        exchange.ImportRequest(
            data.get(ATTR_PATH),
            format=data[ATTR_FORMAT],
            keep_owners=data[ATTR_KEEP_OWNERS],
        ),
    )
    response: dict[str, Any] = {
        "imported": result.imported,
        "skipped": result.skipped,
        "skipped_private": result.skipped_private,
    }
    if result.skipped_invalid is not None:
        response["skipped_invalid"] = result.skipped_invalid
    return response


async def _list_proposals(scope: OperationScope, data: _Data) -> ServiceResponse:
    """The pending proposals the caller may decide on (their own, the household's)."""
    pending = await proposals.async_list_proposals(scope)
    return {"proposals": [proposals.proposal_data(p) for p in pending]}


async def _confirm_proposals(scope: OperationScope, data: _Data) -> ServiceResponse:
    """Store the named proposals as memories."""
    decision = await proposals.async_decide_proposals(
        scope, proposals.DecideRequest(confirm=tuple(data[ATTR_IDS]))
    )
    return {
        "memories": [memory.id for memory in decision.memories],
        "outcomes": decision.outcomes,
    }


async def _reject_proposals(scope: OperationScope, data: _Data) -> ServiceResponse:
    """Decline the named proposals; nothing is stored."""
    decision = await proposals.async_decide_proposals(
        scope, proposals.DecideRequest(reject=tuple(data[ATTR_IDS]))
    )
    return {"rejected": [proposal.id for proposal in decision.rejected]}


async def _erase_set_aside(call: ServiceCall) -> ServiceResponse:
    """Delete the databases set aside by earlier removals, for good.

    Needs no loaded entry (it matters most after a removal); administrators
    only, and only with `confirm: true`. `erased` names the files deleted.
    """
    actor = await async_get_actor(call.hass, call.context, Access.ADMIN)
    try:
        erased = await set_aside.async_erase(
            call.hass, actor, confirmed=requests.erase_confirmed(call.data)
        )
    except OperationError as err:
        raise service_error(err, call.hass, call.service) from err
    names: list[JsonValueType] = list(erased)
    return {"erased": names}


_SERVICES: Final[tuple[tuple[str, _Handler, ServiceSchema, SupportsResponse], ...]] = (
    (
        SERVICE_REMEMBER,
        _action(Access.WRITE, _remember),
        REMEMBER_SCHEMA,
        SupportsResponse.OPTIONAL,
    ),
    (
        SERVICE_SEARCH,
        _action(Access.READ, _search),
        SEARCH_SCHEMA,
        SupportsResponse.ONLY,
    ),
    (SERVICE_GET, _action(Access.READ, _get), GET_SCHEMA, SupportsResponse.ONLY),
    (
        SERVICE_UPDATE,
        _action(Access.WRITE, _update),
        UPDATE_SCHEMA,
        SupportsResponse.OPTIONAL,
    ),
    (
        SERVICE_FORGET,
        _action(Access.WRITE, _forget),
        SELECT_SCHEMA,
        SupportsResponse.OPTIONAL,
    ),
    (
        SERVICE_RESTORE,
        _action(Access.MANAGE, _restore),
        RESTORE_SCHEMA,
        SupportsResponse.OPTIONAL,
    ),
    (
        SERVICE_PURGE,
        _action(Access.MANAGE, _purge),
        SELECT_SCHEMA,
        SupportsResponse.OPTIONAL,
    ),
    (SERVICE_LIST, _action(Access.READ, _list), LIST_SCHEMA, SupportsResponse.ONLY),
    (
        SERVICE_SEARCH_ALL_TIERS,
        _action(Access.ADMIN, _search_all_tiers),
        SEARCH_ALL_TIERS_SCHEMA,
        SupportsResponse.ONLY,
    ),
    (
        SERVICE_RUN_MAINTENANCE,
        _action(Access.ADMIN, _run_maintenance),
        MAINTENANCE_SCHEMA,
        SupportsResponse.OPTIONAL,
    ),
    (
        SERVICE_CLOSE_SEGMENT,
        _action(Access.ADMIN, _close_segment),
        CLOSE_SEGMENT_SCHEMA,
        SupportsResponse.OPTIONAL,
    ),
    (
        SERVICE_END_CONVERSATIONS,
        _action(Access.ADMIN, _end_conversations),
        END_CONVERSATIONS_SCHEMA,
        SupportsResponse.OPTIONAL,
    ),
    (
        SERVICE_EXPORT,
        _action(Access.ADMIN, _export),
        EXPORT_SCHEMA,
        SupportsResponse.OPTIONAL,
    ),
    (
        SERVICE_IMPORT,
        _action(Access.ADMIN, _import),
        IMPORT_SCHEMA,
        SupportsResponse.OPTIONAL,
    ),
    (
        SERVICE_LIST_PROPOSALS,
        _action(Access.READ, _list_proposals),
        LIST_PROPOSALS_SCHEMA,
        SupportsResponse.ONLY,
    ),
    (
        SERVICE_CONFIRM_PROPOSALS,
        _action(Access.WRITE, _confirm_proposals),
        PROPOSAL_IDS_SCHEMA,
        SupportsResponse.OPTIONAL,
    ),
    (
        SERVICE_REJECT_PROPOSALS,
        _action(Access.WRITE, _reject_proposals),
        PROPOSAL_IDS_SCHEMA,
        SupportsResponse.OPTIONAL,
    ),
    # Needs no loaded entry: it matters most after a removal.
    (
        SERVICE_ERASE_SET_ASIDE,
        _erase_set_aside,
        ERASE_SET_ASIDE_SCHEMA,
        SupportsResponse.OPTIONAL,
    ),
)


@callback
def async_setup_services(hass: HomeAssistant) -> None:
    """Register every action of the integration."""
    for name, handler, schema, supports_response in _SERVICES:
        hass.services.async_register(
            DOMAIN,
            name,
            handler,
            schema=schema.for_action(name),
            supports_response=supports_response,
        )
