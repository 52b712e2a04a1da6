"""The Home Memory actions (services).

Registered once in async_setup; each call finds the loaded entry, checks who
is calling (operations/access.py), validates its data (operations/schemas.py)
and runs the engine in the executor. Every engine call is one transaction, so
a rejected call writes nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from dataclasses import asdict
from functools import partial
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from homeassistant.core import HomeAssistant, ServiceCall, SupportsResponse, callback
from homeassistant.exceptions import ServiceValidationError
from homeassistant.util import dt as dt_util

from .background.conversation_capture import async_end_conversations
from .background.proposals import (
    async_confirm_proposals_service,
    async_list_proposals_service,
    async_reject_proposals_service,
)
from .const import AI_MEMORY_DEFAULT_FILE, DB_FOLDER, DOMAIN
from .memory.models import (
    Caller,
    MemoryFilter,
    MemoryKind,
    MemoryPatch,
    NewMemory,
    ScoredMemory,
    Source,
    Tier,
    Visibility,
    WeightClass,
)
from .memory.store import (
    ImportFileError,
    InvalidMemoryError,
    LogEntry,
    MemoryNotFoundError,
    VisibilityChangeForbiddenError,
    memory_to_dict,
)
from .operations.access import Access, async_get_caller
from .operations.ai_memory_import import NotAiMemoryDatabaseError, read_ai_memory
from .operations.events import async_memories_changed
from .operations.remembering import async_announce, outcome_data
from .operations.schemas import (
    ATTR_ACCESS_LOG,
    ATTR_ALL_TIERS,
    ATTR_CLASSES,
    ATTR_CLEAR_EXPIRY,
    ATTR_CONTENT,
    ATTR_CONVERSATION_ID,
    ATTR_CREATED_AFTER,
    ATTR_CREATED_BEFORE,
    ATTR_EMOTION,
    ATTR_EXPIRES_AT,
    ATTR_FORMAT,
    ATTR_HISTORY,
    ATTR_ID,
    ATTR_IDS,
    ATTR_IMPORTANCE,
    ATTR_KEEP_OWNERS,
    ATTR_KIND,
    ATTR_KINDS,
    ATTR_LIMIT,
    ATTR_LOCATION,
    ATTR_MIN_IMPORTANCE,
    ATTR_MIN_RELEVANCE,
    ATTR_OFFSET,
    ATTR_PATH,
    ATTR_PEOPLE,
    ATTR_QUERY,
    ATTR_SUMMARY,
    ATTR_TAGS,
    ATTR_VISIBILITY,
    ATTR_WEIGHT_CLASS,
    CLOSE_SEGMENT_SCHEMA,
    END_CONVERSATIONS_SCHEMA,
    EXPORT_SCHEMA,
    FORMAT_AI_MEMORY,
    FORMAT_JSONL,
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
from .operations.service_support import ENGINE_FAILURES, engine_error, loaded_runtime
from .operations.transfer import (
    ImportFileMissingError,
    ImportFileUnreadableError,
    PathOutsideConfigError,
    export_folder,
    read_lines,
    resolve_import_path,
    write_export,
)

if TYPE_CHECKING:
    from datetime import tzinfo

    from homeassistant.core import ServiceResponse

    from .memory.models import Memory
    from .memory.store import MemoryStore
    from .runtime.data import HomeMemoryData

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

# Log rows returned per memory (and for the query text) by search_all_tiers.
LOG_ENTRIES_PER_MEMORY: Final = 50

type _Handler = Callable[[ServiceCall], Coroutine[Any, Any, ServiceResponse]]


async def _run[T](hass: HomeAssistant, job: Callable[[], T]) -> T:
    """Run an engine call in the executor; its errors become translated ones."""
    try:
        return await hass.async_add_executor_job(job)
    except MemoryNotFoundError as err:
        raise ServiceValidationError(
            translation_domain=DOMAIN,
            translation_key="memory_not_found",
            translation_placeholders={"id": err.memory_id},
        ) from err
    except VisibilityChangeForbiddenError as err:
        raise ServiceValidationError(
            translation_domain=DOMAIN,
            translation_key="visibility_owner_only",
            translation_placeholders={"id": err.memory_id},
        ) from err
    except InvalidMemoryError as err:
        if err.field == "visibility":
            raise ServiceValidationError(
                translation_domain=DOMAIN, translation_key="private_needs_owner"
            ) from err
        raise ServiceValidationError(
            translation_domain=DOMAIN,
            translation_key="invalid_memory",
            translation_placeholders={"field": err.field, "error": str(err)},
        ) from err
    except ImportFileError as err:
        raise ServiceValidationError(
            translation_domain=DOMAIN,
            translation_key="import_file_invalid",
            translation_placeholders={"errors": "; ".join(err.errors[:5])},
        ) from err
    except PathOutsideConfigError as err:
        raise ServiceValidationError(
            translation_domain=DOMAIN,
            translation_key="path_outside_config",
            translation_placeholders={"path": str(err)},
        ) from err
    except ImportFileMissingError as err:
        raise ServiceValidationError(
            translation_domain=DOMAIN,
            translation_key="import_file_not_found",
            translation_placeholders={"path": str(err)},
        ) from err
    except ImportFileUnreadableError as err:
        raise ServiceValidationError(
            translation_domain=DOMAIN,
            translation_key="import_file_unreadable",
            translation_placeholders={"error": str(err)},
        ) from err
    except NotAiMemoryDatabaseError as err:
        raise ServiceValidationError(
            translation_domain=DOMAIN,
            translation_key="not_ai_memory_database",
            translation_placeholders={"error": str(err)},
        ) from err
    except ENGINE_FAILURES as err:
        raise engine_error(err) from err


def _scored(item: ScoredMemory) -> dict[str, Any]:
    return {
        **memory_to_dict(item.memory),
        "score": round(item.score, 4),
        "relevance": round(item.relevance, 4),
    }


def _log_entry(entry: LogEntry) -> dict[str, Any]:
    return {
        "at": entry.at.isoformat(),
        "operation": entry.operation,
        "memory_id": entry.memory_id,
        "actor": entry.actor,
        "content_hash": entry.content_hash,
        "details": entry.details,
    }


def _jsonable_history(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [
        {
            key: value.isoformat() if hasattr(value, "isoformat") else value
            for key, value in row.items()
        }
        for row in rows
    ]


def _memories(store: MemoryStore, memory_ids: list[str]) -> list[Memory]:
    """The memories with these ids, in that order, for their events."""
    by_rowid = store.fetch(store.rowids_of(memory_ids))
    by_id = {memory.id: memory for memory in by_rowid.values()}
    return [by_id[memory_id] for memory_id in memory_ids if memory_id in by_id]


def _filter(data: dict[str, Any]) -> MemoryFilter:
    return MemoryFilter(
        kinds=tuple(MemoryKind(kind) for kind in data[ATTR_KINDS]),
        classes=tuple(WeightClass(cls) for cls in data[ATTR_CLASSES]),
        tags=tuple(data[ATTR_TAGS]),
        people=tuple(data[ATTR_PEOPLE]),
        min_importance=data.get(ATTR_MIN_IMPORTANCE),
        created_after=data.get(ATTR_CREATED_AFTER),
        created_before=data.get(ATTR_CREATED_BEFORE),
    )


# -- everyone (read) -----------------------------------------------------------


async def _async_search(call: ServiceCall) -> ServiceResponse:
    caller = await async_get_caller(call.hass, call, Access.READ)
    runtime = loaded_runtime(call.hass)
    data = call.data
    floor = data.get(ATTR_MIN_RELEVANCE)
    if floor is None:
        floor = runtime.retriever.config.search_min_relevance
    with runtime.latency.measure("search"):
        page = await _run(
            call.hass,
            partial(
                runtime.retriever.search,
                data[ATTR_QUERY],
                caller,
                _filter(data),
                limit=data[ATTR_LIMIT],
                offset=data[ATTR_OFFSET],
                min_relevance=floor,
            ),
        )
    return {
        "memories": [_scored(item) for item in page.items],
        "total": page.total,
        "offset": page.offset,
        "next_offset": page.next_offset,
        # The relevance floor applied (the option's, unless the call gave one).
        "min_relevance": floor,
        "retrieval_mode": runtime.store.backends()["retrieval_mode"],
    }


def _get(
    store: MemoryStore, memory_id: str, caller: Caller, with_history: bool
) -> dict[str, Any]:
    result: dict[str, Any] = {"memory": memory_to_dict(store.get(memory_id, caller))}
    if with_history:
        result["history"] = _jsonable_history(store.history(memory_id, caller))
    return result


async def _async_get(call: ServiceCall) -> ServiceResponse:
    caller = await async_get_caller(call.hass, call, Access.READ)
    runtime = loaded_runtime(call.hass)
    return await _run(
        call.hass,
        partial(
            _get, runtime.store, call.data[ATTR_ID], caller, call.data[ATTR_HISTORY]
        ),
    )


async def _async_list(call: ServiceCall) -> ServiceResponse:
    caller = await async_get_caller(call.hass, call, Access.READ)
    runtime = loaded_runtime(call.hass)
    data = call.data
    page = await _run(
        call.hass,
        partial(
            runtime.store.list_memories,
            caller,
            _filter(data),
            offset=data[ATTR_OFFSET],
            limit=data[ATTR_LIMIT],
        ),
    )
    return {
        "memories": [memory_to_dict(memory) for memory in page.items],
        "total": page.total,
        "offset": page.offset,
        "next_offset": page.next_offset,
    }


# -- users who may control the home (write) -------------------------------------


async def _async_remember(call: ServiceCall) -> ServiceResponse:
    caller = await async_get_caller(call.hass, call, Access.WRITE)
    runtime = loaded_runtime(call.hass)
    data = call.data
    visibility = Visibility(data[ATTR_VISIBILITY])
    if visibility is Visibility.PRIVATE and caller.user_id is None:
        # Without a user there is nobody the memory could be private to.
        raise ServiceValidationError(
            translation_domain=DOMAIN, translation_key="private_needs_owner"
        )
    new = NewMemory(
        content=data[ATTR_CONTENT],
        summary=data.get(ATTR_SUMMARY),
        kind=MemoryKind(data[ATTR_KIND]),
        weight_class=WeightClass(data[ATTR_WEIGHT_CLASS])
        if ATTR_WEIGHT_CLASS in data
        else None,
        importance=data[ATTR_IMPORTANCE],
        people=tuple(data[ATTR_PEOPLE]),
        tags=tuple(data[ATTR_TAGS]),
        location=data.get(ATTR_LOCATION) or None,
        emotion=data.get(ATTR_EMOTION) or None,
        source=Source.EXPLICIT,
        owner=caller.user_id,
        visibility=visibility,
        expires_at=data.get(ATTR_EXPIRES_AT),
    )
    result = await _run(call.hass, partial(runtime.store.create, new, caller))
    async_announce(call.hass, result, call.context)
    return {**outcome_data(result), "memory": memory_to_dict(result.memory)}


async def _async_update(call: ServiceCall) -> ServiceResponse:
    caller = await async_get_caller(call.hass, call, Access.WRITE)
    runtime = loaded_runtime(call.hass)
    data = call.data
    patch = MemoryPatch(
        content=data.get(ATTR_CONTENT),
        summary=data.get(ATTR_SUMMARY),
        kind=MemoryKind(data[ATTR_KIND]) if ATTR_KIND in data else None,
        weight_class=WeightClass(data[ATTR_WEIGHT_CLASS])
        if ATTR_WEIGHT_CLASS in data
        else None,
        importance=data.get(ATTR_IMPORTANCE),
        people=tuple(data[ATTR_PEOPLE]) if ATTR_PEOPLE in data else None,
        tags=tuple(data[ATTR_TAGS]) if ATTR_TAGS in data else None,
        location=data.get(ATTR_LOCATION) or None,
        emotion=data.get(ATTR_EMOTION) or None,
        visibility=Visibility(data[ATTR_VISIBILITY])
        if ATTR_VISIBILITY in data
        else None,
        expires_at=data.get(ATTR_EXPIRES_AT),
        clear_expiry=data.get(ATTR_CLEAR_EXPIRY, False),
    )
    if patch.is_empty():
        raise ServiceValidationError(
            translation_domain=DOMAIN, translation_key="nothing_to_change"
        )
    memory = await _run(
        call.hass, partial(runtime.store.update, data[ATTR_ID], patch, caller)
    )
    async_memories_changed(call.hass, updated=[memory], context=call.context)
    return {"memory": memory_to_dict(memory)}


async def _async_forget(call: ServiceCall) -> ServiceResponse:
    caller = await async_get_caller(call.hass, call, Access.WRITE)
    runtime = loaded_runtime(call.hass)
    forgotten = await _run(
        call.hass,
        partial(
            runtime.store.soft_delete,
            caller,
            ids=call.data.get(ATTR_IDS, []),
            tags=call.data.get(ATTR_TAGS, []),
        ),
    )
    memories = await _run(call.hass, partial(_memories, runtime.store, forgotten))
    async_memories_changed(call.hass, forgotten=memories, context=call.context)
    return {"forgotten": list(forgotten)}


# -- admins ------------------------------------------------------------------------


async def _async_restore(call: ServiceCall) -> ServiceResponse:
    caller = await async_get_caller(call.hass, call, Access.ADMIN)
    runtime = loaded_runtime(call.hass)
    restored = await _run(
        call.hass, partial(runtime.store.restore, caller, ids=call.data[ATTR_IDS])
    )
    memories = await _run(call.hass, partial(_memories, runtime.store, restored))
    async_memories_changed(call.hass, updated=memories, context=call.context)
    return {"restored": list(restored)}


async def _async_purge(call: ServiceCall) -> ServiceResponse:
    caller = await async_get_caller(call.hass, call, Access.ADMIN)
    runtime = loaded_runtime(call.hass)
    purged = await _run(
        call.hass,
        partial(
            runtime.store.hard_delete,
            caller,
            ids=call.data.get(ATTR_IDS, []),
            tags=call.data.get(ATTR_TAGS, []),
        ),
    )
    # Purging clears out what was forgotten (or archived): no event of its own.
    async_memories_changed(call.hass, context=call.context)
    return {"purged": list(purged)}


def _search_all_tiers(
    runtime: HomeMemoryData,
    query: str,
    caller: Caller,
    limit: int,
    with_log: bool,
) -> dict[str, Any]:
    """Active, deleted and archived memories for `query`, and their log rows.

    Log rows hold no text: they are found by the ids of the memories found and
    by the hash of the query (a memory whose text is exactly the query, even if
    it has been purged since).
    """
    store = runtime.store
    page = runtime.retriever.search(
        query,
        caller,
        MemoryFilter(tiers=tuple(Tier), include_expired=True),
        limit=limit,
        # An audit must not reinforce what it looks at.
        record_access=False,
    )
    result: dict[str, Any] = {
        "memories": [_scored(item) for item in page.items],
        "total": page.total,
        "min_relevance": runtime.retriever.config.search_min_relevance,
    }
    if not with_log:
        return result
    found = {item.memory.id for item in page.items}
    entries: list[LogEntry] = []
    # The log read leaves out rows of other people's private memories, purged
    # or not: an admin must not confirm that someone stored a private text.
    for memory_id in found:
        entries.extend(
            store.log_entries(
                memory_id=memory_id, limit=LOG_ENTRIES_PER_MEMORY, caller=caller
            )
        )
    for entry in store.log_entries(
        content_hash_of=query, limit=LOG_ENTRIES_PER_MEMORY, caller=caller
    ):
        if entry.memory_id is None or entry.memory_id in found:
            entries.append(entry)
        elif not store.rowids_of([entry.memory_id]):
            entries.append(entry)  # purged: the log is all that is left
        # else: a memory that exists but is not in the results (another tier
        # past the limit, or hidden from this caller).
    unique = {
        (e.at, e.operation, e.memory_id, e.actor, e.content_hash): e for e in entries
    }
    result["log_entries"] = [
        _log_entry(entry)
        for entry in sorted(unique.values(), key=lambda e: e.at, reverse=True)
    ]
    return result


async def _async_search_all_tiers(call: ServiceCall) -> ServiceResponse:
    caller = await async_get_caller(call.hass, call, Access.ADMIN)
    runtime = loaded_runtime(call.hass)
    data = call.data
    return await _run(
        call.hass,
        partial(
            _search_all_tiers,
            runtime,
            data[ATTR_QUERY],
            caller,
            data[ATTR_LIMIT],
            data[ATTR_ACCESS_LOG],
        ),
    )


async def _async_run_maintenance(call: ServiceCall) -> ServiceResponse:
    await async_get_caller(call.hass, call, Access.ADMIN)
    runtime = loaded_runtime(call.hass)
    # The nightly run's own path and lock: never two runs at once.
    try:
        stats = await runtime.maintenance.async_run(call.context)
    except ENGINE_FAILURES as err:
        raise engine_error(err) from err
    return asdict(stats)


async def _async_close_segment(call: ServiceCall) -> ServiceResponse:
    """Turn what the observer has buffered into memories now.

    `result`: "remembered" (memory_ids lists them), "not_worth_remembering"
    (only a lone trivial change was waiting: discarded, as it would have been
    after the quiet period) or "nothing_pending".
    """
    await async_get_caller(call.hass, call, Access.ADMIN)
    observer = loaded_runtime(call.hass).observer
    try:
        memories, drained = await observer.async_close_segment(call.context)
    except ENGINE_FAILURES as err:
        raise engine_error(err) from err
    if memories:
        result = "remembered"
    elif drained.discarded:
        result = "not_worth_remembering"
    else:
        result = "nothing_pending"
    return {
        "result": result,
        "memory_ids": [memory.id for memory in memories],
        "discarded_segments": drained.discarded,
        "pending": observer.pending.as_dict(),
    }


async def _async_end_conversations(call: ServiceCall) -> ServiceResponse:
    """End the open conversations now, as if their idle timeout had passed.

    What the chat logs hold is stored first; then each open session ends and
    goes to extraction (awaited: its proposals are pending when this
    returns). `result`: "ended" (`sessions` says, per session, whether
    extraction was started: it needs four turns) or "nothing_open".
    """
    await async_get_caller(call.hass, call, Access.ADMIN)
    runtime = loaded_runtime(call.hass)
    conversation_id = call.data.get(ATTR_CONVERSATION_ID)
    try:
        if (capture := runtime.capture) is not None:
            await capture.async_read_stored(conversation_id)
        ended = await async_end_conversations(call.hass, runtime, conversation_id)
    except ENGINE_FAILURES as err:
        raise engine_error(err) from err
    return {
        "result": "ended" if ended else "nothing_open",
        "ended": len(ended),
        "sessions": [
            {
                "conversation_id": item.session.conversation_id,
                "turns": item.session.turns,
                "extraction_started": item.extraction_started,
            }
            for item in ended
        ],
    }


async def _async_export(call: ServiceCall) -> ServiceResponse:
    caller = await async_get_caller(call.hass, call, Access.ADMIN)
    runtime = loaded_runtime(call.hass)
    path, count = await _run(
        call.hass,
        partial(
            write_export,
            runtime.store,
            caller,
            export_folder(Path(call.hass.config.path(DB_FOLDER))),
            dt_util.now(),
            all_tiers=call.data[ATTR_ALL_TIERS],
        ),
    )
    return {"path": str(path), "count": count}


def _import(
    store: MemoryStore,
    caller: Caller,
    config_dir: Path,
    raw_path: str | None,
    source_format: str,
    local_tz: tzinfo,
    *,
    keep_owners: bool,
) -> dict[str, Any]:
    if source_format == FORMAT_AI_MEMORY:
        path = resolve_import_path(config_dir, raw_path or AI_MEMORY_DEFAULT_FILE)
        read = read_ai_memory(path, caller.user_id, local_tz)
        stats = store.import_jsonl(
            [json.dumps(record) for record in read.records], caller
        )
        return {
            "imported": stats.imported,
            "skipped": stats.skipped,
            "skipped_private": read.skipped_private,
            "skipped_invalid": read.skipped_invalid,
        }
    assert raw_path is not None  # checked before the executor job
    path = resolve_import_path(config_dir, raw_path)
    if keep_owners and not path.is_relative_to(
        export_folder(config_dir / DB_FOLDER).resolve()
    ):
        # Owners are restored only from where exports are written: a file
        # dropped anywhere else in the configuration folder keeps to the
        # importing person, as every other import does.
        raise ServiceValidationError(
            translation_domain=DOMAIN, translation_key="keep_owners_not_allowed"
        )
    stats = store.import_jsonl(
        read_lines(path),
        caller,
        keep_owners=keep_owners,
    )
    return {
        "imported": stats.imported,
        "skipped": stats.skipped,
        "skipped_private": stats.skipped_private,
    }


async def _async_import(call: ServiceCall) -> ServiceResponse:
    caller = await async_get_caller(call.hass, call, Access.ADMIN)
    runtime = loaded_runtime(call.hass)
    if call.data[ATTR_FORMAT] != FORMAT_AI_MEMORY and ATTR_PATH not in call.data:
        # Only ai_memory has a conventional place to look for its file.
        raise ServiceValidationError(
            translation_domain=DOMAIN, translation_key="path_required"
        )
    keep_owners = call.data[ATTR_KEEP_OWNERS]
    if keep_owners and (
        call.data[ATTR_FORMAT] != FORMAT_JSONL or caller.user_id is None
    ):
        # Restoring owners writes into other people's private spaces: an
        # administrator's own decision, named in the log, for an export file.
        raise ServiceValidationError(
            translation_domain=DOMAIN, translation_key="keep_owners_not_allowed"
        )
    result = await _run(
        call.hass,
        partial(
            _import,
            runtime.store,
            caller,
            Path(call.hass.config.config_dir),
            call.data.get(ATTR_PATH),
            call.data[ATTR_FORMAT],
            dt_util.get_default_time_zone(),
            keep_owners=keep_owners,
        ),
    )
    # A bulk import refreshes the entities but fires no event per memory.
    async_memories_changed(call.hass, context=call.context)
    return result


_SERVICES: Final[tuple[tuple[str, _Handler, ServiceSchema, SupportsResponse], ...]] = (
    (SERVICE_REMEMBER, _async_remember, REMEMBER_SCHEMA, SupportsResponse.OPTIONAL),
    (SERVICE_SEARCH, _async_search, SEARCH_SCHEMA, SupportsResponse.ONLY),
    (SERVICE_GET, _async_get, GET_SCHEMA, SupportsResponse.ONLY),
    (SERVICE_UPDATE, _async_update, UPDATE_SCHEMA, SupportsResponse.OPTIONAL),
    (SERVICE_FORGET, _async_forget, SELECT_SCHEMA, SupportsResponse.OPTIONAL),
    (SERVICE_RESTORE, _async_restore, RESTORE_SCHEMA, SupportsResponse.OPTIONAL),
    (SERVICE_PURGE, _async_purge, SELECT_SCHEMA, SupportsResponse.OPTIONAL),
    (SERVICE_LIST, _async_list, LIST_SCHEMA, SupportsResponse.ONLY),
    (
        SERVICE_SEARCH_ALL_TIERS,
        _async_search_all_tiers,
        SEARCH_ALL_TIERS_SCHEMA,
        SupportsResponse.ONLY,
    ),
    (
        SERVICE_RUN_MAINTENANCE,
        _async_run_maintenance,
        MAINTENANCE_SCHEMA,
        SupportsResponse.OPTIONAL,
    ),
    (
        SERVICE_CLOSE_SEGMENT,
        _async_close_segment,
        CLOSE_SEGMENT_SCHEMA,
        SupportsResponse.OPTIONAL,
    ),
    (
        SERVICE_END_CONVERSATIONS,
        _async_end_conversations,
        END_CONVERSATIONS_SCHEMA,
        SupportsResponse.OPTIONAL,
    ),
    (SERVICE_EXPORT, _async_export, EXPORT_SCHEMA, SupportsResponse.OPTIONAL),
    (SERVICE_IMPORT, _async_import, IMPORT_SCHEMA, SupportsResponse.OPTIONAL),
    (
        SERVICE_LIST_PROPOSALS,
        async_list_proposals_service,
        LIST_PROPOSALS_SCHEMA,
        SupportsResponse.ONLY,
    ),
    (
        SERVICE_CONFIRM_PROPOSALS,
        async_confirm_proposals_service,
        PROPOSAL_IDS_SCHEMA,
        SupportsResponse.OPTIONAL,
    ),
    (
        SERVICE_REJECT_PROPOSALS,
        async_reject_proposals_service,
        PROPOSAL_IDS_SCHEMA,
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
            schema=schema,
            supports_response=supports_response,
        )
