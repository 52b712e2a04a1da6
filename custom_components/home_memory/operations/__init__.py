"""The operations layer: each operation on memories exists here, once.

Actions (`services.py`), LLM tools (`assist/tools.py`), sentences
(`assist/intents.py`) and the websocket API are thin adapters: they validate
their arguments, turn them into a request (`requests.py`: patches, filters,
selections and remember requests in one field vocabulary), find who asks,
call the operation and turn its result or error into their own form. No
surface talks to the engine for an operation listed here.

Calling convention
------------------
- Find the entry: `loaded.loaded_data(hass) -> HomeMemoryData`
  (UnavailableError "not_loaded" when Home Memory is not loaded).
- Find who asks: `access.async_get_actor(hass, context, Access.X) -> Actor`
  for requests with a Home Assistant user context (actions, websocket; a
  refusal is HA's translated `Unauthorized`: ReadOnlyUserError,
  AdminRequiredError); Assist surfaces build `Actor(speaker.caller,
  speaker.can_write)`. `Actor` = engine `Caller` (user id, admin) + may_write.
- `scope = memories.OperationScope(hass, data, actor, context)`, then
  `await operation(scope, request)`. Every operation checks access itself
  (`access.require`), runs the engine off the event loop and fires the
  memories-changed event (operations/events.py) at most once.

Errors (operations/errors.py): only `OperationError(translation_key,
**placeholders)`, keys from strings.json `exceptions`, in six kinds:
NotFoundError, InvalidRequestError, ForbiddenError, ConflictError,
UnavailableError, EngineFailureError. `errors.ENGINE_FAILURES` is the one
spelling of the engine's failure types; `errors.async_engine(hass, job)` runs
engine work in the executor and translates.

Operations (module: function(request) -> result; errors besides engine_error)
------------------------------------------------------------------------------
memories.py (read: everyone; write: users who may control; admin: admins)
- async_remember(scope, RememberRequest) -> memory.common.values.CreateResult
  (action created | updated (+previous) | reinforced); write.
  InvalidRequestError private_needs_owner / invalid_memory.
- async_update(scope, UpdateRequest(memory_id, MemoryPatch)) ->
  UpdateOutcome(memory, changed); write. changed False when the patch
  changes nothing (nothing written: no version, log, event).
  InvalidRequestError nothing_to_change / private_needs_owner / invalid_memory,
  NotFoundError memory_not_found, ForbiddenError visibility_owner_only.
- async_revert(scope, RevertRequest(memory_id, version, expected_version)) ->
  UpdateOutcome; write. An earlier version written back as the newest one.
  NotFoundError version_not_found, ConflictError memory_changed.
- async_undo(scope, memory_id) -> Memory (the version before the last
  update); write. NotFoundError memory_not_found, InvalidRequestError
  nothing_to_undo.
- async_forget(scope, SelectRequest(ids, tags)) -> list[Memory] (now in the
  deleted tier); write.
- async_restore(scope, ids) -> list[Memory]; write, and each memory named
  must be one the caller manages (access.may_manage: an admin the
  household's and their own private ones, anyone their own private ones),
  else ForbiddenError admin_required and nothing is restored.
- async_purge(scope, SelectRequest(ids, tags, tier=None)) -> list[str]
  (purged ids); who may: as for restore. `tier`: each memory must still be
  in it, else ConflictError memory_changed and nothing is purged.
- async_get(scope, GetRequest(memory_id, with_history)) -> GetResult(memory,
  history | None, may_manage); read. NotFoundError memory_not_found (also a
  household memory in the deleted or archived tier for a non-admin).
- async_list(scope, ListRequest(filter, offset, limit)) -> ListResult(memories,
  total, offset, next_offset); read. The deleted and archived tiers hold,
  for a non-admin, only their own private memories (access.tier_filter; so
  for async_search).
- async_search(scope, SearchRequest(query, filter, offset, limit,
  min_relevance=None: the option's floor)) -> SearchResult(items:
  list[ScoredMemory], total, offset, next_offset, min_relevance,
  retrieval_mode); read.
- async_search_all_tiers(scope, AllTiersRequest(query, limit, with_log)) ->
  AllTiersResult(items, total, min_relevance, log_entries | None); admin.
- helpers: memories_by_id(store, ids), check_update(actor, patch).

choosing.py (conversations: which memory is meant; forget in two steps)
- async_resolve(scope, state, memory_id= | that= | query=) -> Resolved(memory
  | None, candidates); NotFoundError memory_not_found / nothing_recent /
  no_match, InvalidRequestError nothing_named.
- async_request_forget(scope, state, memory, pending_in=None) -> token; write.
- async_confirm_forget(scope, state, token, pending_in=None) -> list[Memory];
  write. InvalidRequestError invalid_token, ConflictError
  ForgetChangedError(memory, token) "memory_changed" (nothing forgotten; the
  new token asks about what the memory says now).

proposals.py (what conversations suggested)
- async_list_proposals(scope) -> list[Proposal]; read.
- async_decide_proposals(scope, DecideRequest(confirm, reject,
  conversation_id)) -> Decision(memories, rejected, outcomes); write.
  NotFoundError proposal_not_found.
- async_answer_proposals(scope, AnswerRequest(answer yes|no, numbers,
  conversation_id)) -> Decision (about the offers the speaker was asked);
  write. InvalidRequestError no_such_number.
- async_edit_proposal(scope, EditProposalRequest(proposal_id, MemoryPatch,
  conversation_id)) -> Decision (confirm, then update: two transactions until
  the engine can edit a proposal); write.
- offers_for(data, owner), async_refresh(hass, data), proposal_store(data),
  session_store(data): the pending figure and the Assist offers;
  async_decide(hass, data, caller, confirm=, reject=) for code holding a
  Caller only.

recall.py (conversational paging of a search; read, writes nothing)
- async_recall(scope, query, MemoryFilter | None) -> ProgressivePage (cursor).
- async_recall_more(scope, cursor) -> ProgressivePage.
- async_recall_pick(scope, cursor, number) -> ScoredMemory | None.

exchange.py
- async_export(scope, all_tiers=False) -> ExportResult(path, count); admin.
- async_import(scope, ImportRequest(path, format, keep_owners)) ->
  ImportResult(imported, skipped, skipped_private, skipped_invalid); admin.
  InvalidRequestError path_required / keep_owners_not_allowed /
  path_outside_config / import_file_not_found / import_file_unreadable /
  import_file_invalid / not_ai_memory_database.

admin.py (a thin call into the observer)
- async_close_segment(scope) -> CloseSegmentResult(memories, discarded,
  pending); admin. (The observer runs whenever the entry is loaded.)
- run_maintenance and end_conversations reach background features this layer
  may not import: services.py calls them with access.require and
  errors.async_guard (to move here once runtime data hands them over).

Also here: access.py (who may do what), events.py (the change event),
remembering.py (the create outcome as data and speech), requests.py (every
surface's validated fields as requests), schemas.py (the actions' and the
websocket API's argument schemas and shared text checks), transfer.py and
ai_memory_import.py (file readers).
"""
