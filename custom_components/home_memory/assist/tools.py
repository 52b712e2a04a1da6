"""The memory tools for LLM agents: remember, recall, update_memory, forget.

While the speaker has proposals pending (facts from an earlier conversation,
background/proposals.py), a fifth tool takes their answer: confirm_proposals.

One set of classes serves both surfaces: the Assist API's `llm.py` platform
(names `home_memory__...`) and the Home Memory LLM API (`assist/llm_api.py`, plain
names; merged with Assist they become `home_memory__...` too). Home Assistant
neither validates tool arguments nor applies defaults (API notes §0.6), so each
tool validates its own, strictly: wrong types, empty or oversized text and NUL
characters give an error result and write nothing.

Results are small and speakable: summaries, numbers, dates, and a short hint
of what to say or do next. All engine work runs in the executor.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from functools import partial
import sqlite3
from typing import TYPE_CHECKING, Any, ClassVar, Final, override

from homeassistant.helpers import llm as ha_llm
from homeassistant.util import dt as dt_util
import probatio as vol

from ..const import DOMAIN, LOGGER
from ..memory.extraction import ProposalNotFoundError
from ..memory.models import (
    Memory,
    MemoryFilter,
    MemoryKind,
    MemoryPatch,
    NewMemory,
    Source,
    Tier,
    Visibility,
)
from ..memory.store import (
    MAX_CONTENT_CHARS,
    MAX_LABEL_CHARS,
    InvalidMemoryError,
    MemoryChangedError,
    MemoryEngineError,
    MemoryNotFoundError,
    VisibilityChangeForbiddenError,
)
from ..operations.events import async_memories_changed
from ..operations.remembering import async_announce, outcome_data, outcome_speech
from ..operations.schemas import checked_number, checked_text, shown
from .chat import async_current_turn
from .speaker import Speaker, async_get_speaker, async_loaded_entry

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from homeassistant.core import Context, HomeAssistant
    from homeassistant.util.json import JsonObjectType

    from ..memory.models import CreateResult, ScoredMemory
    from ..memory.retrieval import ProgressivePage
    from ..runtime.conversation_state import ConversationState
    from ..runtime.data import HomeMemoryData

MAX_QUERY_CHARS: Final = 1_000
MAX_TAGS: Final = 10
MAX_TOKEN_CHARS: Final = 64
MAX_EXPIRY_DAYS: Final = 3650
# Candidates shown when a query matches several memories.
MAX_CANDIDATES: Final = 3
# A candidate this close to the best one (relative relevance) makes the
# choice ambiguous: the user is asked which one.
AMBIGUITY_RATIO: Final = 0.8
# Kinds a person can ask to remember (observations come from the house).
SPOKEN_KINDS: Final = tuple(
    kind.value for kind in MemoryKind if kind is not MemoryKind.OBSERVATION
)


# -- argument validation ---------------------------------------------------------


def _text(max_chars: int, *, multiline: bool = False) -> vol.All[str]:
    # The check every surface shares (operations/schemas.py): no NUL, control characters
    # or lone surrogates, bounded length, not empty after trimming. `str` and
    # Length stay for the JSON schema that LLM providers are given.
    return vol.All(
        str,
        checked_text(max_chars, multiline=multiline),
        vol.Length(min=1, max=max_chars),
    )


def _int(minimum: int, maximum: int) -> vol.All[int]:
    # Refuses JSON true (an int to Python) and out-of-range numbers first.
    return vol.All(
        checked_number(minimum, maximum, integer=True),
        int,
        vol.Range(min=minimum, max=maximum),
    )


def _exactly_one(*keys: str) -> Callable[[dict[str, Any]], dict[str, Any]]:
    def check(value: dict[str, Any]) -> dict[str, Any]:
        if sum(key in value for key in keys) != 1:
            raise vol.Invalid(f"give exactly one of {', '.join(keys)}")
        return value

    return check


QUERY = _text(MAX_QUERY_CHARS, multiline=True)
CONTENT = _text(MAX_CONTENT_CHARS, multiline=True)
# Length first: a list of millions of tags is refused without checking each.
TAGS = vol.All(vol.Length(max=MAX_TAGS), [_text(MAX_LABEL_CHARS)])
IMPORTANCE = vol.All(checked_number(0, 1), vol.Any(int, float), vol.Range(min=0, max=1))
KIND = vol.In(list(SPOKEN_KINDS))
VISIBILITY = vol.In([visibility.value for visibility in Visibility])
EXPIRES_IN_DAYS = _int(1, MAX_EXPIRY_DAYS)
MEMORY_ID = _text(MAX_LABEL_CHARS)
TOKEN = _text(MAX_TOKEN_CHARS)


# -- results ----------------------------------------------------------------------


def error_result(code: str, message: str) -> ha_llm.ToolResult:
    """An error the model can act on (and tell the user)."""
    return ha_llm.ToolResult(data={"error": code, "message": message}, error=True)


class ToolError(Exception):
    """Ends a tool call with an error result."""

    def __init__(self, code: str, message: str) -> None:
        """Carry the result's code and message."""
        super().__init__(message)
        self.code = code
        self.message = message


class ForgetChangedError(ToolError):
    """A confirmed forget found the memory changed since it was shown.

    Nothing was forgotten; `memory` is what it says now and `token` a new
    confirmation for exactly that version.
    """

    def __init__(self, memory: Memory, token: str) -> None:
        """Carry the memory as it is now and the token that may forget it."""
        super().__init__(
            "memory_changed",
            "That memory changed after the user was asked; nothing was "
            f"forgotten. It now says: '{memory.summary}'. Ask the user again: "
            f"Do you want me to forget: '{memory.summary}'? Only if they say "
            "yes, call forget again with this confirmation_token.",
        )
        self.memory = memory
        self.token = token


def spoken_date(memory: Memory) -> str:
    """The day a memory was stored, as people say it ("3 March 2026")."""
    local = dt_util.as_local(memory.created_at)
    return f"{local.day} {local:%B %Y}"


def _brief(memory: Memory, number: int | None = None) -> dict[str, Any]:
    item: dict[str, Any] = {"id": memory.id, "text": memory.summary}
    if number is not None:
        item = {"number": number, **item}
    item["date"] = spoken_date(memory)
    return item


# -- shared engine work -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CallScope:
    """Everything a call needs: runtime data, speaker and conversation state."""

    hass: HomeAssistant
    data: HomeMemoryData
    speaker: Speaker
    state: ConversationState
    conversation_id: str | None
    context: Context | None
    device_id: str | None = None

    async def run[T](self, job: Callable[[], T]) -> T:
        """Run an engine call in the executor; engine failures become ToolError."""
        try:
            return await self.hass.async_add_executor_job(job)
        except MemoryNotFoundError as err:
            raise ToolError("not_found", "There is no such memory.") from err
        except VisibilityChangeForbiddenError as err:
            raise ToolError(
                "not_owner",
                "Only the person this memory belongs to can change who sees it.",
            ) from err
        except InvalidMemoryError as err:
            raise ToolError("invalid_arguments", str(err)) from err
        except (MemoryEngineError, sqlite3.Error, OSError) as err:
            LOGGER.warning("Memory tool failed: %s", err)
            raise ToolError(
                "memory_error", "Memory could not be reached; try again later."
            ) from err

    async def log(self, operation: str, details: dict[str, Any]) -> None:
        """Record the call in the engine's operation log (no memory text)."""
        try:
            await self.hass.async_add_executor_job(
                self.data.store.log_event, operation, self.speaker.caller, details
            )
        except (MemoryEngineError, sqlite3.Error) as err:
            LOGGER.debug("Could not log %s: %s", operation, err)

    def require_write(self) -> None:
        """Read-only users (and removed users) may not change memories."""
        if not self.speaker.can_write:
            raise ToolError(
                "read_only_user", "This user may look up memories but not change them."
            )


async def async_scope(
    hass: HomeAssistant, context: Context | None, device_id: str | None
) -> CallScope:
    """The scope of a call, or ToolError when the memory is not loaded."""
    if (entry := async_loaded_entry(hass)) is None:
        raise ToolError("memory_unavailable", "Memory is not available right now.")
    data = entry.runtime_data
    speaker = await async_get_speaker(hass, data, context, device_id)
    turn = async_current_turn()
    conversation_id = turn.conversation_id if turn else None
    # Outside a conversation (direct API calls, MCP), state follows the speaker.
    key = conversation_id or f"speaker:{speaker.key}:{device_id or ''}"
    state = data.conversations.get(key, speaker.key)
    return CallScope(hass, data, speaker, state, conversation_id, context, device_id)


async def async_remember(
    scope: CallScope,
    content: str,
    *,
    kind: MemoryKind = MemoryKind.FACT,
    importance: float = 0.5,
    tags: Sequence[str] = (),
    expires_in_days: int | None = None,
    visibility: Visibility = Visibility.HOUSEHOLD,
) -> CreateResult:
    """Store what the speaker asked to remember."""
    scope.require_write()
    caller = scope.speaker.caller
    if visibility is Visibility.PRIVATE and caller.user_id is None:
        raise ToolError(
            "private_needs_user",
            "A private memory needs a known user; this request has none.",
        )
    new = NewMemory(
        content=content,
        kind=kind,
        importance=float(importance),
        tags=tuple(tags),
        source=Source.EXPLICIT,
        source_ids=(scope.conversation_id,) if scope.conversation_id else (),
        speaker=caller.user_id,
        owner=caller.user_id,
        visibility=visibility,
        expires_at=dt_util.utcnow() + timedelta(days=expires_in_days)
        if expires_in_days
        else None,
    )
    result = await scope.run(partial(scope.data.store.create, new, caller))
    scope.state.last_memory_id = result.memory.id
    async_announce(scope.hass, result, scope.context)
    return result


@dataclass(frozen=True, slots=True)
class Resolved:
    """Which memory a request means, or the candidates to choose from."""

    memory: Memory | None
    candidates: list[Memory]


async def async_resolve(
    scope: CallScope,
    *,
    memory_id: str | None = None,
    that: bool = False,
    query: str | None = None,
) -> Resolved:
    """Find the memory meant by id, by "that" or by a description."""
    caller = scope.speaker.caller
    if memory_id is None and that:
        memory_id = scope.state.last_memory_id
        if memory_id is None:
            raise ToolError(
                "nothing_recent",
                "No memory was created or mentioned in this conversation yet; "
                "ask the user which memory they mean.",
            )
    if memory_id is not None:
        memory = await scope.run(partial(scope.data.store.get, memory_id, caller))
        if memory.tier is not Tier.ACTIVE:
            raise ToolError("not_found", "There is no such memory.")
        return Resolved(memory, [memory])
    if query is None:
        raise ToolError("invalid_arguments", "Give an id, a query, or that=true.")
    page = await scope.run(
        partial(
            scope.data.retriever.search,
            query,
            caller,
            limit=MAX_CANDIDATES + 1,
            record_access=False,
        )
    )
    if not page.items:
        raise ToolError("not_found", "No memory matches that description.")
    return _pick_clear_winner(page.items)


def _pick_clear_winner(items: list[ScoredMemory]) -> Resolved:
    best = items[0].relevance
    close = [item for item in items if item.relevance >= AMBIGUITY_RATIO * best]
    memories = [item.memory for item in items[:MAX_CANDIDATES]]
    return Resolved(close[0].memory if len(close) == 1 else None, memories)


def _choice(candidates: list[Memory]) -> ha_llm.ToolResult:
    return ha_llm.ToolResult(
        data={
            "needs_choice": True,
            "candidates": [
                _brief(memory, number) for number, memory in enumerate(candidates, 1)
            ],
            "message": "Several memories match. Ask the user which one they mean, "
            "then call again with its id.",
        }
    )


# -- the tools ----------------------------------------------------------------------


class MemoryTool(ha_llm.Tool):
    """Common plumbing: validation, speaker, state, errors and the log."""

    integration = DOMAIN
    base_name: ClassVar[str]

    def __init__(self, prefix: str = "") -> None:
        """Name the tool for its surface (`home_memory__` for Assist)."""
        self.name = f"{prefix}{self.base_name}"

    @override
    async def async_call(
        self,
        hass: HomeAssistant,
        tool_input: ha_llm.ToolInput,
        llm_context: ha_llm.LLMContext,
    ) -> ha_llm.ToolResult:
        """Validate, then run; every failure is an error result, never an exception.

        An exception escaping here would end the whole Assist turn, so anything
        unexpected is logged and answered like any other error.
        """
        try:
            return await self._async_call_checked(hass, tool_input, llm_context)
        except Exception:  # noqa: BLE001 - logged with its traceback
            LOGGER.exception("Memory tool %s failed", self.name)
            return error_result(
                "internal_error",
                "Memory could not do that because of an internal error; "
                "tell the user it did not work.",
            )

    async def _async_call_checked(
        self,
        hass: HomeAssistant,
        tool_input: ha_llm.ToolInput,
        llm_context: ha_llm.LLMContext,
    ) -> ha_llm.ToolResult:
        try:
            args = self.parameters(tool_input.tool_args)
        except vol.Invalid as err:
            return error_result("invalid_arguments", shown(err))
        try:
            scope = await async_scope(hass, llm_context.context, llm_context.device_id)
        except ToolError as err:
            return error_result(err.code, err.message)
        try:
            result = await self._async_run(scope, args)
        except ToolError as err:
            await scope.log(
                f"tool_{self.base_name}",
                {"platform": llm_context.platform, "outcome": err.code},
            )
            return error_result(err.code, err.message)
        await scope.log(
            f"tool_{self.base_name}",
            {"platform": llm_context.platform, "outcome": "ok"},
        )
        return result

    async def _async_run(
        self, scope: CallScope, args: dict[str, Any]
    ) -> ha_llm.ToolResult:
        raise NotImplementedError


class RememberTool(MemoryTool):
    """Store something the user asked to remember."""

    base_name = "remember"
    title = "Remember"
    description = (
        "Store something the user explicitly asked you to remember, in one clear "
        "sentence in the third person (e.g. 'The spare key is under the blue pot')."
    )
    annotations = ha_llm.ToolAnnotations(
        read_only=False, destructive=False, idempotent=False, open_world=False
    )
    parameters = vol.Schema(
        {
            vol.Required("content", description="What to remember"): CONTENT,
            vol.Optional("kind", description="What sort of memory it is"): KIND,
            vol.Optional(
                "importance", description="0 (trivial) to 1 (essential)"
            ): IMPORTANCE,
            vol.Optional("tags", description="A few short labels"): TAGS,
            vol.Optional(
                "expires_in_days", description="Forget it after this many days"
            ): EXPIRES_IN_DAYS,
            vol.Optional(
                "visibility",
                description="household (everyone, the default) or private "
                "(only this user)",
            ): VISIBILITY,
        }
    )

    @override
    async def _async_run(
        self, scope: CallScope, args: dict[str, Any]
    ) -> ha_llm.ToolResult:
        result = await async_remember(
            scope,
            args["content"],
            kind=MemoryKind(args.get("kind", MemoryKind.FACT)),
            importance=args.get("importance", 0.5),
            tags=args.get("tags", ()),
            expires_in_days=args.get("expires_in_days"),
            visibility=Visibility(args.get("visibility", Visibility.HOUSEHOLD)),
        )
        outcome = outcome_data(result)
        return ha_llm.ToolResult(
            data={
                "result": outcome.pop("action"),
                **outcome,
                "id": result.memory.id,
                "memory": result.memory.summary,
                "visibility": str(result.memory.visibility),
                "message": outcome_speech(result, created="Remembered."),
            }
        )


class RecallTool(MemoryTool):
    """Search memories three at a time; more; pick one by number."""

    base_name = "recall"
    title = "Recall"
    description = (
        "Look up what you remember, three at a time (most relevant first). Use it "
        "when the user asks what they told you or refers to the past. Call again "
        "with more=true for the next three, or with pick=<number> for the full "
        "text of one result."
    )
    annotations = ha_llm.ToolAnnotations(
        read_only=True, destructive=False, idempotent=False, open_world=False
    )
    parameters = vol.Schema(
        {
            vol.Optional("query", description="What to look for"): QUERY,
            vol.Optional("more", description="Next three of the last search"): bool,
            vol.Optional(
                "pick", description="Number of a result of the last search"
            ): _int(1, 1000),
            vol.Optional("kind", description="Only memories of this kind"): KIND,
            vol.Optional("tags", description="Only memories with these tags"): TAGS,
            vol.Optional(
                "since_days", description="Only memories of the last N days"
            ): _int(1, 36500),
            vol.Optional(
                "cursor", description="Cursor of an earlier search (optional)"
            ): TOKEN,
        }
    )

    @override
    async def _async_run(
        self, scope: CallScope, args: dict[str, Any]
    ) -> ha_llm.ToolResult:
        retriever = scope.data.retriever
        caller = scope.speaker.caller
        if "pick" in args or args.get("more"):
            cursor = args.get("cursor") or scope.state.recall_cursor
            if cursor is None:
                raise ToolError("no_search", "Search first, with a query.")
            if "pick" in args:
                number = args["pick"]
                item = await scope.run(partial(retriever.pick, cursor, number, caller))
                if item is None:
                    raise ToolError(
                        "no_such_result",
                        f"There is no result number {number} in the last search.",
                    )
                scope.state.last_memory_id = item.memory.id
                return ha_llm.ToolResult(
                    data={
                        "number": number,
                        "id": item.memory.id,
                        "content": item.memory.content,
                        "date": spoken_date(item.memory),
                        "kind": str(item.memory.kind),
                    }
                )
            page = await scope.run(partial(retriever.more, cursor, caller))
            if page.cursor is None:
                raise ToolError(
                    "search_expired", "That search has expired; search again."
                )
            return self._page(scope, page)
        if "query" not in args:
            raise ToolError("invalid_arguments", "Give a query, more=true or pick.")
        flt = MemoryFilter(
            kinds=(MemoryKind(args["kind"]),) if "kind" in args else (),
            tags=tuple(args.get("tags", ())),
            created_after=dt_util.utcnow() - timedelta(days=args["since_days"])
            if "since_days" in args
            else None,
        )
        page = await scope.run(
            partial(retriever.start_progressive, args["query"], caller, flt)
        )
        scope.state.recall_cursor = page.cursor
        return self._page(scope, page)

    @staticmethod
    def _page(scope: CallScope, page: ProgressivePage) -> ha_llm.ToolResult:
        if not page.items:
            message = (
                "Nothing in memory matches that."
                if page.total == 0
                else "That was everything found."
            )
            return ha_llm.ToolResult(
                data={
                    "total_found": page.total,
                    "memories": [],
                    "min_relevance": scope.data.retriever.config.search_min_relevance,
                    "message": message,
                }
            )
        if len(page.items) == 1:
            scope.state.last_memory_id = page.items[0].memory.id
        data: JsonObjectType = {
            "total_found": page.total,
            "showing": f"{page.numbers[0]}-{page.numbers[-1]}",
            "memories": [
                _brief(item.memory, number)
                for number, item in zip(page.numbers, page.items, strict=True)
            ],
            "has_more": page.has_more,
            "cursor": page.cursor,
            "min_relevance": scope.data.retriever.config.search_min_relevance,
            "message": "Say these briefly. Offer the next three (more=true) "
            "if has_more, or the full text of one (pick=<number>)."
            if page.has_more
            else "Say these briefly; offer the full text of one (pick=<number>).",
        }
        return ha_llm.ToolResult(data=data)


class UpdateMemoryTool(MemoryTool):
    """Change a memory, found by id, by "that" or by a description."""

    base_name = "update_memory"
    title = "Update memory"
    description = (
        "Correct or change something you remember. Name the memory by id (from "
        "recall), by that=true (the one just created or mentioned), or by a query; "
        "if several match you get candidates to ask the user about."
    )
    annotations = ha_llm.ToolAnnotations(
        read_only=False, destructive=True, idempotent=False, open_world=False
    )
    parameters = vol.Schema(
        {
            vol.Optional("id", description="Id of the memory"): MEMORY_ID,
            vol.Optional(
                "that", description="The memory just created or mentioned"
            ): bool,
            vol.Optional("query", description="Describes the memory"): QUERY,
            vol.Optional("content", description="The new text"): CONTENT,
            vol.Optional("kind"): KIND,
            vol.Optional("importance"): IMPORTANCE,
            vol.Optional("tags", description="Replaces the tags"): TAGS,
            vol.Optional("expires_in_days"): EXPIRES_IN_DAYS,
            vol.Optional("visibility"): VISIBILITY,
        }
    )

    @override
    async def _async_run(
        self, scope: CallScope, args: dict[str, Any]
    ) -> ha_llm.ToolResult:
        scope.require_write()
        patch = MemoryPatch(
            content=args.get("content"),
            kind=MemoryKind(args["kind"]) if "kind" in args else None,
            importance=float(args["importance"]) if "importance" in args else None,
            tags=tuple(args["tags"]) if "tags" in args else None,
            visibility=Visibility(args["visibility"]) if "visibility" in args else None,
            expires_at=dt_util.utcnow() + timedelta(days=args["expires_in_days"])
            if "expires_in_days" in args
            else None,
        )
        if patch.is_empty():
            raise ToolError("invalid_arguments", "Nothing to change was given.")
        if (
            patch.visibility is Visibility.PRIVATE
            and scope.speaker.caller.user_id is None
        ):
            raise ToolError(
                "private_needs_user",
                "A private memory needs a known user; this request has none.",
            )
        resolved = await async_resolve(
            scope,
            memory_id=args.get("id"),
            that=args.get("that", False),
            query=args.get("query"),
        )
        if resolved.memory is None:
            return _choice(resolved.candidates)
        memory = await scope.run(
            partial(
                scope.data.store.update,
                resolved.memory.id,
                patch,
                scope.speaker.caller,
            )
        )
        scope.state.last_memory_id = memory.id
        async_memories_changed(scope.hass, updated=[memory], context=scope.context)
        return ha_llm.ToolResult(
            data={"result": "updated", "id": memory.id, "memory": memory.summary}
        )


class ForgetTool(MemoryTool):
    """Forget a memory in two steps: candidates and a token, then confirm."""

    base_name = "forget"
    title = "Forget"
    description = (
        "Forget a memory (an admin can still restore it). Two steps: first name "
        "it by id, by that=true (the one just created or mentioned) or by a query; "
        "you get the memory and a confirmation_token. Ask the user to confirm, and "
        "only if they say yes call again with just the confirmation_token."
    )
    annotations = ha_llm.ToolAnnotations(
        read_only=False, destructive=True, idempotent=False, open_world=False
    )
    parameters = vol.Schema(
        {
            vol.Optional("id", description="Id of the memory"): MEMORY_ID,
            vol.Optional(
                "that", description="The memory just created or mentioned"
            ): bool,
            vol.Optional("query", description="Describes the memory"): QUERY,
            vol.Optional(
                "confirmation_token",
                description="From the first call, once the user said yes",
            ): TOKEN,
        }
    )

    @override
    async def _async_run(
        self, scope: CallScope, args: dict[str, Any]
    ) -> ha_llm.ToolResult:
        scope.require_write()
        if (token := args.get("confirmation_token")) is not None:
            try:
                forgotten = await async_confirm_forget(scope, token)
            except ForgetChangedError as err:
                return ha_llm.ToolResult(
                    data={
                        "error": err.code,
                        "confirmation_needed": True,
                        "confirmation_token": err.token,
                        "memory": _brief(err.memory),
                        "message": err.message,
                    }
                )
            return ha_llm.ToolResult(
                data={
                    "result": "forgotten",
                    "forgotten": len(forgotten),
                    "message": "Forgotten. An admin can still restore it.",
                }
            )
        resolved = await async_resolve(
            scope,
            memory_id=args.get("id"),
            that=args.get("that", False),
            query=args.get("query"),
        )
        if resolved.memory is None:
            return _choice(resolved.candidates)
        token = async_request_forget(scope, resolved.memory)
        return ha_llm.ToolResult(
            data={
                "confirmation_needed": True,
                "confirmation_token": token,
                "memory": _brief(resolved.memory),
                "message": f"Ask the user: Do you want me to forget: "
                f"'{resolved.memory.summary}'? Only if they say yes, call forget "
                "again with this confirmation_token.",
            }
        )


def async_request_forget(
    scope: CallScope, memory: Memory, state: ConversationState | None = None
) -> str:
    """Step one: hold the memory (as shown: its version) for confirmation;
    returns the token."""
    scope.state.last_memory_id = memory.id
    return scope.data.conversations.add_pending(
        state or scope.state, (memory.id,), (memory.version,)
    )


async def async_confirm_forget(
    scope: CallScope, token: str, state: ConversationState | None = None
) -> list[Memory]:
    """Step two: soft-delete what `token` holds (once, before it lapses).

    Only the version the user was shown is forgotten: if the memory was
    corrected since (same id, new text), ForgetChangedError carries what it
    says now and a new token, and nothing is forgotten. Every surface
    (LLM tool, spoken "yes") confirms through here.
    """
    state = state or scope.state
    pending = scope.data.conversations.take_pending(state, token)
    if pending is None:
        raise ToolError(
            "invalid_token",
            "That confirmation is unknown or has expired; nothing was forgotten. "
            "Ask the user again.",
        )
    store = scope.data.store
    caller = scope.speaker.caller
    shown = dict(zip(pending.ids, pending.versions, strict=True))

    def _forget() -> list[Memory] | Memory:
        try:
            ids = store.soft_delete(caller, ids=pending.ids, versions=shown)
        except MemoryChangedError as err:
            return store.get(err.memory_id, caller)
        return [store.get(memory_id, caller) for memory_id in ids]

    forgotten = await scope.run(_forget)
    if not isinstance(forgotten, list):
        raise ForgetChangedError(
            forgotten, async_request_forget(scope, forgotten, state)
        )
    if scope.state.last_memory_id in pending.ids:
        scope.state.last_memory_id = None
    async_memories_changed(scope.hass, forgotten=forgotten, context=scope.context)
    return forgotten


class ConfirmProposalsTool(MemoryTool):
    """The answer to "Should I remember anything from our conversation?"."""

    base_name = "confirm_proposals"
    title = "Confirm proposals"
    description = (
        "Pass the user's answer to 'Should I remember anything from our "
        "conversation?': answer='yes' stores all the listed things, answer='no' "
        "none, numbers=[...] only those numbers (the rest are dropped)."
    )
    annotations = ha_llm.ToolAnnotations(
        read_only=False, destructive=False, idempotent=False, open_world=False
    )
    parameters = vol.Schema(
        vol.All(
            {
                vol.Optional("answer", description="yes or no"): vol.In(["yes", "no"]),
                vol.Optional(
                    "numbers", description="The numbers the user chose"
                ): vol.All(vol.Length(min=1, max=20), [_int(1, 100)]),
            },
            _exactly_one("answer", "numbers"),
        )
    )

    @override
    async def _async_run(
        self, scope: CallScope, args: dict[str, Any]
    ) -> ha_llm.ToolResult:
        # Imported here: background/proposals.py imports the engine and events,
        # not tools.
        from ..background.proposals import async_answer

        scope.require_write()
        try:
            decision = await async_answer(
                scope.hass,
                scope.data,
                scope.speaker.caller,
                answer=args.get("answer"),
                numbers=args.get("numbers", ()),
                conversation_id=scope.conversation_id,
                context=scope.context,
            )
        except ValueError as err:
            raise ToolError("no_such_number", str(err)) from err
        except ProposalNotFoundError as err:
            raise ToolError(
                "already_decided", "Those were decided meanwhile; nothing changed."
            ) from err
        except (MemoryEngineError, sqlite3.Error, OSError) as err:
            LOGGER.warning("Confirming proposals failed: %s", err)
            raise ToolError(
                "memory_error", "Memory could not be reached; try again later."
            ) from err
        if decision.memories:
            scope.state.last_memory_id = decision.memories[-1].id
        return ha_llm.ToolResult(
            data={
                "remembered": [memory.summary for memory in decision.memories],
                "outcomes": decision.outcomes,
                "declined": len(decision.rejected),
                "message": "Tell the user briefly what you will remember."
                if decision.memories
                else "Tell the user you will not keep any of it.",
            }
        )


def memory_tools(
    prefix: str = "", *, confirm_proposals: bool = False
) -> list[ha_llm.Tool]:
    """The tools, named for their surface; the fifth only while asked for."""
    tools: list[ha_llm.Tool] = [
        RememberTool(prefix),
        RecallTool(prefix),
        UpdateMemoryTool(prefix),
        ForgetTool(prefix),
    ]
    if confirm_proposals:
        tools.append(ConfirmProposalsTool(prefix))
    return tools
