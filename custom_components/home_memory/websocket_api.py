"""The memory browser's websocket API (`home_memory/...`; docs/websocket-api.md).

Each command is a thin adapter over the operations layer: it validates its
fields with the shared checks (operations/schemas.py, so bad input is a
translated error before anything runs), finds who asks from the connection's
user, calls one operation and turns its result into JSON. Who may see and do
what is decided in the operations and the engine, the same for every
surface; here only the connection's user is named.

The subscription filters every change for its connection's user when it is
sent, with the user's rights at that moment: a memory that became someone
else's private one is dropped ("hidden"), never shown.
"""

from __future__ import annotations

import asyncio
import base64
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import wraps
import hashlib
import json
from typing import TYPE_CHECKING, Any, Final

from homeassistant.auth.permissions.const import POLICY_READ
from homeassistant.components import websocket_api
from homeassistant.components.websocket_api.const import (
    ERR_HOME_ASSISTANT_ERROR,
    ERR_INVALID_FORMAT,
    ERR_NOT_ALLOWED,
    ERR_NOT_FOUND,
    ERR_UNAUTHORIZED,
    WebSocketCommandHandler,
)
from homeassistant.components.websocket_api.decorators import (
    async_response,
    require_admin,
    websocket_command,
)
from homeassistant.components.websocket_api.messages import event_message
from homeassistant.core import HomeAssistant, callback
from homeassistant.exceptions import HomeAssistantError, Unauthorized
from homeassistant.helpers.dispatcher import async_dispatcher_connect
from homeassistant.helpers.translation import async_get_exception_message
import probatio

from .const import (
    DOMAIN,
    SIGNAL_MEMORY_CHANGES,
    SIGNAL_PENDING_OBSERVATIONS,
    SIGNAL_PROPOSALS_CHANGED,
)
from .memory.common.values import (
    Caller,
    ListPosition,
    MemoryKind,
    Origin,
    Tier,
    WeightClass,
)
from .memory.transfer.serialization import history_dicts, log_entry_dict, memory_to_dict
from .operations import browse, reasons, requests
from .operations.access import Access, async_get_actor, may_write, shown_in_tier
from .operations.errors import (
    ConflictError,
    ForbiddenError,
    InvalidRequestError,
    NotFoundError,
    OperationError,
)
from .operations.events import ChangeKind, MemoryChange
from .operations.exchange import async_export_page
from .operations.loaded import loaded_data
from .operations.memories import (
    GetRequest,
    ListRequest,
    OperationScope,
    RevertRequest,
    SearchRequest,
    async_forget,
    async_get,
    async_list,
    async_purge,
    async_restore,
    async_revert,
    async_search,
    async_update,
)
from .operations.proposals import (
    DecideRequest,
    EditProposalRequest,
    async_decide_proposals,
    async_edit_proposal,
    async_list_proposals,
    proposal_data,
)
from .operations.schemas import (
    ATTR_CURSOR,
    ATTR_LIMIT,
    ATTR_MEMORY_ID,
    ATTR_MEMORY_IDS,
    PEOPLE_MAX,
    WS_ANSWER_SCHEMA,
    WS_AUDIT_SCHEMA,
    WS_CLEARABLE,
    WS_EDIT_PROPOSAL_SCHEMA,
    WS_EXPORT_SCHEMA,
    WS_FORGET_SCHEMA,
    WS_GET_SCHEMA,
    WS_IDS_SCHEMA,
    WS_INFO_SCHEMA,
    WS_LIST_SCHEMA,
    WS_PENDING_SCHEMA,
    WS_PROPOSALS_SCHEMA,
    WS_PURGE_SCHEMA,
    WS_REVERT_SCHEMA,
    WS_SEARCH_SCHEMA,
    WS_SUBSCRIBE_SCHEMA,
    WS_UPDATE_SCHEMA,
    ServiceSchema,
    shown,
)

if TYPE_CHECKING:
    from homeassistant.auth.models import User
    from homeassistant.components.websocket_api.connection import ActiveConnection

    from .memory.common.values import Memory, ScoredMemory
    from .memory.conversation.extraction import Proposal
    from .memory.conversation.sessions import StoredMessage
    from .memory.observation.event_buffer import ObservedEvent
    from .memory.store import LogEntry

# Error codes by kind of operation error; a few keys have their own.
_CODES: Final[tuple[tuple[type[OperationError], str], ...]] = (
    (NotFoundError, ERR_NOT_FOUND),
    (InvalidRequestError, ERR_INVALID_FORMAT),
    (ForbiddenError, ERR_UNAUTHORIZED),
    (ConflictError, ERR_NOT_ALLOWED),
)
_KEY_CODES: Final = {
    "nothing_to_undo": ERR_NOT_ALLOWED,
}

# -- cursors -----------------------------------------------------------------------
# A cursor says where the next page starts and for which request: the
# numbers of the last row and a digest of the command, the user and the
# filters. Every page is read again with the caller's rights and filters, so
# a cursor grants nothing; the digest only turns a cursor used with other
# filters (or by another user) into a clear error instead of a strange page.


def _digest(command: str, user_id: str, fields: Mapping[str, Any]) -> str:
    canonical = json.dumps(
        [command, user_id, {k: fields[k] for k in sorted(fields)}],
        default=str,
        sort_keys=True,
    )
    return hashlib.sha256(canonical.encode()).hexdigest()[:16]


def encode_cursor(values: list[float | int], digest: str) -> str:
    """An opaque cursor for the numbers and the request's digest."""
    raw = json.dumps([*values, digest], separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def decode_cursor(cursor: str, digest: str, types: tuple[type, ...]) -> list[Any]:
    """The numbers of a cursor this server handed out for this request."""
    try:
        raw = base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4))
        values = json.loads(raw)
    except ValueError:
        raise InvalidRequestError("invalid_cursor") from None
    if (
        not isinstance(values, list)
        or len(values) != len(types) + 1
        or values[-1] != digest
    ):
        raise InvalidRequestError("invalid_cursor")
    numbers = values[:-1]
    for value, kind in zip(numbers, types, strict=True):
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise InvalidRequestError("invalid_cursor")
        if kind is int and (not isinstance(value, int) or not 0 <= value < 2**63):
            raise InvalidRequestError("invalid_cursor")
        if kind is float and not -1e12 < float(value) < 1e12:
            raise InvalidRequestError("invalid_cursor")
    return [kind(value) for value, kind in zip(numbers, types, strict=True)]


# -- the command frame ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Request:
    """One command: who asks (as an operation scope), the checked fields."""

    scope: OperationScope
    user: User
    data: dict[str, Any]

    @property
    def caller(self) -> Caller:
        """Who asks, as the engine knows them (what they may be shown)."""
        return self.scope.actor.caller


type _Body = Callable[[Request], Awaitable[Any]]


def _send_error(connection: ActiveConnection, msg_id: int, err: Exception) -> None:
    """Send an error in Home Assistant's form, with its translated message."""
    if isinstance(err, OperationError):
        key = err.translation_key
        worded = reasons.worded(connection.hass, err)
        placeholders = {k: shown(v) for k, v in worded.items()}
        code = _KEY_CODES.get(key) or next(
            (code for kind, code in _CODES if isinstance(err, kind)),
            ERR_HOME_ASSISTANT_ERROR,
        )
    elif isinstance(err, HomeAssistantError) and err.translation_key:
        # The shared field checks raise ServiceValidationError(invalid_field).
        key = err.translation_key
        placeholders = dict(err.translation_placeholders or {})
        code = ERR_INVALID_FORMAT
    else:  # Unauthorized from Home Assistant's own admin check
        key, placeholders, code = "admin_required", {}, ERR_UNAUTHORIZED
    connection.send_error(
        msg_id,
        code,
        async_get_exception_message(DOMAIN, key, placeholders),
        translation_key=key,
        translation_domain=DOMAIN,
        translation_placeholders=placeholders,
    )


async def _request(
    hass: HomeAssistant,
    connection: ActiveConnection,
    msg: dict[str, Any],
    schema: ServiceSchema,
) -> Request:
    """Check the fields, then find the entry and who asks."""
    data = schema({k: v for k, v in msg.items() if k not in ("id", "type")})
    context = connection.context(msg)
    entry_data = loaded_data(hass)
    # Reading is everyone's; each operation checks what more it needs.
    actor = await async_get_actor(hass, context, Access.READ)
    scope = OperationScope(hass, entry_data, actor, context)
    return Request(scope, connection.user, data)


def _type_only(name: str) -> probatio.All[Any]:
    """The command's type only: its fields are checked by our schemas."""
    return probatio.All(
        probatio.Schema(
            {probatio.Required("type"): f"{DOMAIN}/{name}"},
            extra=probatio.ALLOW_EXTRA,
        )
    )


def _command(
    name: str, schema: ServiceSchema, *, admin: bool = False
) -> Callable[[_Body], WebSocketCommandHandler]:
    """Register `body` as `home_memory/<name>`: fields checked, errors translated."""

    def decorate(body: _Body) -> WebSocketCommandHandler:
        @wraps(body)
        async def handle(
            hass: HomeAssistant, connection: ActiveConnection, msg: dict[str, Any]
        ) -> None:
            try:
                result = await body(await _request(hass, connection, msg, schema))
            except (OperationError, HomeAssistantError, Unauthorized) as err:
                _send_error(connection, msg["id"], err)
                return
            connection.send_result(msg["id"], result)

        handler = async_response(handle)
        if admin:
            handler = _admin_only(handler)
        # The fields are checked by `schema` (translated errors), not here.
        return websocket_command(_type_only(name))(handler)

    return decorate


def _admin_only(
    handler: WebSocketCommandHandler,
) -> WebSocketCommandHandler:
    """Home Assistant's admin check, its refusal in our translated words."""
    checked = require_admin(handler)

    @wraps(handler)
    def handle(
        hass: HomeAssistant, connection: ActiveConnection, msg: dict[str, Any]
    ) -> None:
        try:
            checked(hass, connection, msg)
        except Unauthorized as err:
            _send_error(connection, msg["id"], err)

    return handle


# -- what is sent ---------------------------------------------------------------------


def _iso(moment: datetime | float | None) -> str | None:
    if moment is None:
        return None
    if isinstance(moment, datetime):
        return moment.isoformat()
    return datetime.fromtimestamp(moment, UTC).isoformat()


async def async_user_names(hass: HomeAssistant) -> dict[str, str]:
    """Home Assistant's users by id, for the names shown beside ids."""
    return {user.id: user.name or "" for user in await hass.auth.async_get_users()}


def memory_json(
    memory: Memory, names: Mapping[str, str], viewer: Caller
) -> dict[str, Any]:
    """A memory as `viewer`'s browser gets it (docs/websocket-api.md, the
    memory object): another person's conversation ids are not in it."""
    return {
        **memory_to_dict(memory, viewer),
        "origin": str(memory.origin),
        "owner_name": names.get(memory.owner) if memory.owner else None,
    }


def _scored_json(
    item: ScoredMemory, names: Mapping[str, str], viewer: Caller
) -> dict[str, Any]:
    def rounded(value: float | None) -> float | None:
        return None if value is None else round(value, 4)

    return {
        **memory_json(item.memory, names, viewer),
        "score": rounded(item.score),
        "relevance": rounded(item.relevance),
        "similarity": rounded(item.similarity),
        "keyword_score": rounded(item.keyword_score),
    }


def _history_json(
    rows: list[dict[str, Any]], names: Mapping[str, str]
) -> list[dict[str, Any]]:
    return [
        {**row, "replaced_by_name": names.get(str(row.get("replaced_by")))}
        for row in history_dicts(rows)
    ]


def _turn_json(turn: StoredMessage) -> dict[str, Any]:
    return {"role": str(turn.role), "text": turn.content, "at": _iso(turn.at)}


def _event_json(event: ObservedEvent) -> dict[str, Any]:
    """An observed change as recorded: waiting (`pending`) or told (`get`)."""
    return {
        "at": _iso(event.at),
        "entity_id": event.entity_id,
        "name": event.name,
        "area": event.area,
        "device_class": event.device_class,
        "old_state": event.old_state,
        "new_state": event.new_state,
    }


def _proposal_json(proposal: Proposal, viewer: Caller) -> dict[str, Any]:
    # The browser links a proposal to its conversation; actions do not. The
    # id reopens that conversation: only the person who spoke in it gets it.
    own = proposal.owner is not None and proposal.owner == viewer.user_id
    return {
        **proposal_data(proposal),
        "conversation_id": proposal.conversation_id if own else None,
    }


def _log_json(entry: LogEntry, names: Mapping[str, str]) -> dict[str, Any]:
    return {**log_entry_dict(entry), "actor_name": names.get(entry.actor)}


def _filter_fields(data: Mapping[str, Any]) -> dict[str, Any]:
    """The request's fields that choose rows (not where a page starts)."""
    return {k: v for k, v in data.items() if k not in (ATTR_CURSOR, ATTR_LIMIT)}


# -- reading ---------------------------------------------------------------------------


@_command("info", WS_INFO_SCHEMA)
async def ws_info(request: Request) -> dict[str, Any]:
    """Who asks, what they may do, the filter choices and the counts."""
    scope, user = request.scope, request.user
    counts = await browse.async_counts(scope)
    people = await browse.async_people(scope, PEOPLE_MAX)
    admin = scope.actor.caller.is_admin
    return {
        "user": {
            "id": user.id,
            "name": user.name,
            "is_admin": admin,
            "can_write": may_write(user),
        },
        "panel": {
            "non_admins": not getattr(scope.data.options, "panel_admin_only", False)
        },
        "people": people,
        "kinds": [kind.value for kind in MemoryKind],
        "weight_classes": [cls.value for cls in WeightClass],
        "origins": [origin.value for origin in Origin],
        # Everyone has all three: a non-admin's deleted and archived tiers
        # hold their own private memories.
        "tiers": [tier.value for tier in Tier],
        "counts": {
            "active": counts.active,
            "private": counts.private,
            "deleted": counts.deleted,
            "archived": counts.archived,
            "proposals": counts.proposals,
        },
        "search_min_relevance": scope.data.retriever.config.search_min_relevance,
        # The observer runs whenever Home Memory is loaded.
        "observer": True,
    }


@_command("list", WS_LIST_SCHEMA)
async def ws_list(request: Request) -> dict[str, Any]:
    """A page of memories, newest first, by key."""
    data = request.data
    digest = _digest("list", request.user.id, _filter_fields(data))
    after = None
    if ATTR_CURSOR in data:
        created_at, rowid = decode_cursor(data[ATTR_CURSOR], digest, (float, int))
        after = ListPosition(created_at, rowid)
    result = await async_list(
        request.scope,
        ListRequest(
            requests.memory_filter(request.data), limit=data[ATTR_LIMIT], after=after
        ),
    )
    names = await async_user_names(request.scope.hass)
    position = result.next_position
    return {
        "memories": [
            memory_json(memory, names, request.caller) for memory in result.memories
        ],
        "next_cursor": None
        if position is None
        else encode_cursor([position.created_at, position.rowid], digest),
        "total": result.total if after is None else None,
    }


@_command("search", WS_SEARCH_SCHEMA)
async def ws_search(request: Request) -> dict[str, Any]:
    """Hybrid search as Assist's, with the relevance and the floor applied."""
    data = request.data
    result = await async_search(
        request.scope,
        SearchRequest(
            data["query"],
            requests.memory_filter(request.data),
            offset=data["offset"],
            limit=data[ATTR_LIMIT],
            min_relevance=data.get("min_relevance"),
            # Looking through the browser is not using a memory.
            record_access=False,
        ),
    )
    names = await async_user_names(request.scope.hass)
    return {
        "memories": [
            _scored_json(item, names, request.caller) for item in result.items
        ],
        "total": result.total,
        "next_offset": result.next_offset,
        "min_relevance": result.min_relevance,
        "retrieval_mode": result.retrieval_mode,
    }


@_command("get", WS_GET_SCHEMA)
async def ws_get(request: Request) -> dict[str, Any]:
    """One memory, its decay, where it came from and its earlier versions."""
    scope = request.scope
    got = await async_get(
        scope, GetRequest(request.data[ATTR_MEMORY_ID], with_history=True)
    )
    memory = got.memory
    provenance = await browse.async_provenance(scope, memory)
    parts = browse.decay_parts(memory, scope.data.store.config, scope.data.store.now())
    names = await async_user_names(scope.hass)
    return {
        "memory": memory_json(memory, names, request.caller),
        "may_manage": got.may_manage,
        "decay": {
            "factor": round(parts.factor, 4),
            "half_life_days": parts.half_life_days,
            "days_since_access": round(parts.days_since_access, 2),
            "access_bonus": round(parts.access_bonus, 4),
            "reinforcement": round(parts.reinforcement, 4),
            "class_weight": parts.class_weight,
            "effective_importance_now": round(parts.effective_importance, 4),
        },
        "provenance": {
            "origin": str(provenance.origin),
            "conversation": None
            if provenance.conversation_id is None
            else {
                # Reopens the conversation: its speaker's alone.
                "conversation_id": provenance.conversation_id
                if memory.shown_to(request.caller) is memory
                else None,
                "turns": [_turn_json(turn) for turn in provenance.turns],
                "speaker_name": provenance.speaker_name,
            },
            "events": [_event_json(event) for event in provenance.events],
            "event_ids": provenance.event_ids,
        },
        "history": _history_json(got.history or [], names),
    }


@_command("export", WS_EXPORT_SCHEMA)
async def ws_export(request: Request) -> dict[str, Any]:
    """What the caller may see as export lines, a page at a time."""
    data = request.data
    digest = _digest("export", request.user.id, _filter_fields(data))
    after = 0
    if ATTR_CURSOR in data:
        (after,) = decode_cursor(data[ATTR_CURSOR], digest, (int,))
    lines, next_after = await async_export_page(
        request.scope, after=after, limit=data[ATTR_LIMIT], all_tiers=data["all_tiers"]
    )
    return {
        "lines": lines,
        "next_cursor": None
        if next_after is None
        else encode_cursor([next_after], digest),
        "count": len(lines),
    }


@_command("proposals", WS_PROPOSALS_SCHEMA)
async def ws_proposals(request: Request) -> dict[str, Any]:
    """The pending proposals the caller may decide on."""
    proposals = await async_list_proposals(request.scope)
    return {"proposals": [_proposal_json(p, request.caller) for p in proposals]}


@_command("pending", WS_PENDING_SCHEMA)
async def ws_pending(request: Request) -> dict[str, Any]:
    """What the observer noticed and has not told yet."""
    pending = await browse.async_pending(request.scope, request.data[ATTR_LIMIT])
    user = request.user
    readable = [
        event
        for event in pending.items
        if user.permissions.check_entity(event.entity_id, POLICY_READ)
    ]
    return {
        "events": pending.events,
        "oldest_event_at": _iso(pending.oldest_at),
        "items": [_event_json(event) for event in readable],
        "more": pending.more,
    }


@_command("audit_log", WS_AUDIT_SCHEMA, admin=True)
async def ws_audit_log(request: Request) -> dict[str, Any]:
    """The operational log, newest first (admin)."""
    data = request.data
    digest = _digest("audit_log", request.user.id, _filter_fields(data))
    before = None
    if ATTR_CURSOR in data:
        (before,) = decode_cursor(data[ATTR_CURSOR], digest, (int,))
    limit = data[ATTR_LIMIT]
    entries = await browse.async_audit_log(
        request.scope,
        memory_id=data.get(ATTR_MEMORY_ID),
        before=before,
        limit=limit + 1,
    )
    more = len(entries) > limit
    entries = entries[:limit]
    names = await async_user_names(request.scope.hass)
    return {
        "entries": [_log_json(entry, names) for entry in entries],
        "next_cursor": encode_cursor([entries[-1].seq], digest) if more else None,
    }


# -- writing ---------------------------------------------------------------------


@_command("update", WS_UPDATE_SCHEMA)
async def ws_update(request: Request) -> dict[str, Any]:
    """Edit a memory in place (a new version; the old one goes to history)."""
    outcome = await async_update(
        request.scope,
        requests.update_request(
            request.data[ATTR_MEMORY_ID], request.data, clearable=WS_CLEARABLE
        ),
    )
    names = await async_user_names(request.scope.hass)
    # changed False: the edit matched the memory, and nothing was written.
    return {
        "memory": memory_json(outcome.memory, names, request.caller),
        "changed": outcome.changed,
    }


@_command("revert", WS_REVERT_SCHEMA)
async def ws_revert(request: Request) -> dict[str, Any]:
    """Back to an earlier version, written as a new one."""
    data = request.data
    outcome = await async_revert(
        request.scope,
        RevertRequest(
            data[ATTR_MEMORY_ID], data["version"], data.get("expected_version")
        ),
    )
    names = await async_user_names(request.scope.hass)
    # changed False: that version says what the memory says now; nothing written.
    return {
        "memory": memory_json(outcome.memory, names, request.caller),
        "changed": outcome.changed,
    }


@_command("forget", WS_FORGET_SCHEMA)
async def ws_forget(request: Request) -> dict[str, Any]:
    """Move memories to the deleted tier."""
    data = request.data
    forgotten = await async_forget(
        request.scope,
        requests.selection(data),
    )
    return {"forgotten": [memory.id for memory in forgotten]}


@_command("restore", WS_IDS_SCHEMA)
async def ws_restore(request: Request) -> dict[str, Any]:
    """Bring memories back from the deleted or archived tier (an admin, or
    the owner of a private memory: the operation decides)."""
    restored = await async_restore(request.scope, request.data[ATTR_MEMORY_IDS])
    return {"restored": [memory.id for memory in restored]}


@_command("purge", WS_PURGE_SCHEMA)
async def ws_purge(request: Request) -> dict[str, Any]:
    """Remove memories for good (who may: as for restore), if still in `tier`."""
    data = request.data
    purged = await async_purge(
        request.scope,
        requests.selection(data),
    )
    return {"purged": purged}


@_command("proposals/answer", WS_ANSWER_SCHEMA)
async def ws_answer_proposals(request: Request) -> dict[str, Any]:
    """Confirm and reject proposals by id."""
    data = request.data
    if not data["confirm"] and not data["reject"]:
        raise InvalidRequestError(
            "invalid_field", field="confirm", error="name at least one proposal"
        )
    decision = await async_decide_proposals(
        request.scope,
        DecideRequest(confirm=tuple(data["confirm"]), reject=tuple(data["reject"])),
    )
    names = await async_user_names(request.scope.hass)
    return {
        "memories": [memory_json(m, names, request.caller) for m in decision.memories],
        "outcomes": decision.outcomes,
        "rejected": [proposal.id for proposal in decision.rejected],
    }


@_command("proposals/edit", WS_EDIT_PROPOSAL_SCHEMA)
async def ws_edit_proposal(request: Request) -> dict[str, Any]:
    """Confirm one proposal with the person's changes."""
    data = request.data
    decision = await async_edit_proposal(
        request.scope,
        EditProposalRequest(
            data["proposal_id"], requests.memory_patch(data, clearable=WS_CLEARABLE)
        ),
    )
    names = await async_user_names(request.scope.hass)
    if not decision.memories:
        raise NotFoundError("proposal_not_found", id=data["proposal_id"])
    return {
        "memory": memory_json(decision.memories[0], names, request.caller),
        "outcome": decision.outcomes[0] if decision.outcomes else None,
    }


# -- the subscription -------------------------------------------------------------


def change_event(change: MemoryChange, caller: Caller) -> dict[str, Any] | None:
    """What `caller` is told of a change, or None: nothing they may see changed.

    Active memories go to everyone who may see them; deleted and archived
    ones to admins and to the owner of a private one (access.shown_in_tier);
    another person's private memory to nobody but its owner. A memory that
    was household until this update and is now someone else's private one
    is "hidden": the others saw it, and must drop it.
    """
    memory = change.memory
    visible = memory.visible_to(caller)
    shown_tier = shown_in_tier(caller, memory)
    match change.kind:
        case ChangeKind.CREATED | ChangeKind.RESTORED if visible:
            return {"type": str(change.kind), "memory": memory}
        case ChangeKind.UPDATED if visible and shown_tier:
            return {"type": "updated", "memory": memory}
        case ChangeKind.UPDATED if change.was_household and not visible:
            return {"type": "hidden", "memory_id": memory.id}
        case ChangeKind.FORGOTTEN if visible:
            return {
                "type": "forgotten",
                "memory_id": memory.id,
                "memory": memory if shown_tier else None,
            }
        case ChangeKind.PURGED if visible and shown_tier:
            return {"type": "purged", "memory_id": memory.id}
    return None


@websocket_command(_type_only("subscribe"))
@async_response
async def ws_subscribe(
    hass: HomeAssistant, connection: ActiveConnection, msg: dict[str, Any]
) -> None:
    """Push created, updated, forgotten, restored and purged memories live."""
    try:
        await _request(hass, connection, msg, WS_SUBSCRIBE_SCHEMA)
    except (OperationError, HomeAssistantError, Unauthorized) as err:
        _send_error(connection, msg["id"], err)
        return
    user = connection.user
    # Sent in order by one task: names are looked up (a coroutine) between.
    queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue()

    def caller() -> Caller:
        # The user's rights now, not when the subscription began.
        return Caller(user_id=user.id, is_admin=user.is_admin)

    @callback
    def on_changes(changes: tuple[MemoryChange, ...]) -> None:
        for change in changes:
            if (event := change_event(change, caller())) is not None:
                queue.put_nowait(event)

    @callback
    def on_proposals(owners: frozenset[str | None]) -> None:
        if None in owners or user.id in owners:
            queue.put_nowait({"type": "proposals"})

    @callback
    def on_pending() -> None:
        queue.put_nowait({"type": "pending"})

    async def deliver() -> None:
        names: dict[str, str] = await async_user_names(hass)
        while True:
            event = await queue.get()
            memory = event.get("memory")
            if memory is not None:
                if memory.owner and memory.owner not in names:
                    names = await async_user_names(hass)
                event = {**event, "memory": memory_json(memory, names, caller())}
            connection.send_message(event_message(msg["id"], event))

    task = hass.async_create_background_task(
        deliver(), f"{DOMAIN} websocket subscription"
    )
    unsubs = [
        async_dispatcher_connect(hass, SIGNAL_MEMORY_CHANGES, on_changes),
        async_dispatcher_connect(hass, SIGNAL_PROPOSALS_CHANGED, on_proposals),
        async_dispatcher_connect(hass, SIGNAL_PENDING_OBSERVATIONS, on_pending),
    ]

    @callback
    def unsubscribe() -> None:
        for unsub in unsubs:
            unsub()
        task.cancel()

    connection.subscriptions[msg["id"]] = unsubscribe
    connection.send_result(msg["id"])


@callback
def async_setup_websocket_api(hass: HomeAssistant) -> None:
    """Register the commands (once, from async_setup)."""
    for command in (
        ws_info,
        ws_list,
        ws_search,
        ws_get,
        ws_update,
        ws_revert,
        ws_forget,
        ws_restore,
        ws_purge,
        ws_export,
        ws_proposals,
        ws_answer_proposals,
        ws_edit_proposal,
        ws_pending,
        ws_audit_log,
        ws_subscribe,
    ):
        websocket_api.async_register_command(hass, command)
