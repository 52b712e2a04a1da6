"""The memory tools for LLM agents: remember, recall, update_memory, forget.

While the speaker has proposals pending (facts from an earlier conversation,
operations/proposals.py), a fifth tool takes their answer: confirm_proposals.

One set of classes serves both surfaces: the Assist API's `llm.py` platform
(names `home_memory__...`) and the Home Memory LLM API (`assist/llm_api.py`,
plain names; merged with Assist they become `home_memory__...` too). Each
tool validates its arguments (assist/arguments.py), calls the operations
layer and answers in a small, speakable result: summaries, numbers, dates,
and a short hint of what to say or do next. Every failure is an error result
(`error_result`), never an exception. Descriptions, hints and error messages
are in Home Assistant's language (assist/prompts.py, `prompts.<language>.json`).
"""

from __future__ import annotations

from datetime import timedelta
from typing import TYPE_CHECKING, Any, ClassVar, Final, override

from homeassistant.helpers import llm as ha_llm
from homeassistant.util import dt as dt_util
import probatio as vol

from ..const import DOMAIN, LOGGER
from ..memory.common.values import (
    Memory,
    MemoryKind,
    Visibility,
)
from ..memory.text.quoting import flatten
from ..operations import choosing, memories, proposals, recall, requests, when
from ..operations.errors import (
    ForgetChangedError,
    OperationError,
    SearchExpiredError,
)
from ..operations.remembering import outcome_data, outcome_speech
from ..operations.schemas import invalid_field
from .arguments import (
    CONTENT,
    EXPIRES_IN_DAYS,
    IMPORTANCE,
    KIND,
    MEMORY_ID,
    MOMENT_TEXT,
    QUERY,
    TAGS,
    TOKEN,
    VISIBILITY,
    WHEN_TEXT,
    exactly_one,
    integer,
)
from .call import CallScope, async_scope
from .errors import ToolError, explain
from .prompts import ENGLISH, PromptWords, household_words
from .sentence_files import load_sentence_files

if TYPE_CHECKING:
    from collections.abc import Callable

    from homeassistant.core import HomeAssistant
    from homeassistant.util.json import JsonObjectType

    from ..memory.common.values import CreateResult
    from ..memory.search.retrieval import ProgressivePage


# -- results ----------------------------------------------------------------------


def error_result(code: str, message: str) -> ha_llm.ToolResult:
    """An error the model can act on (and tell the user)."""
    return ha_llm.ToolResult(data={"error": code, "message": message}, error=True)


def tool_error(
    err: OperationError | ToolError,
    words: PromptWords = ENGLISH,
    hass: HomeAssistant | None = None,
) -> ha_llm.ToolResult:
    """The error result for a failed call (the one mapping of the tools)."""
    if isinstance(err, OperationError):
        err = explain(err, words, hass)
    return error_result(err.code, err.message)


def _failed(hass: HomeAssistant, code: str, **values: object) -> ToolError:
    """A tool's own error `code`, in the household's words."""
    return ToolError(code, household_words(hass).say("errors", code, **values))


def _brief(
    hass: HomeAssistant, memory: Memory, number: int | None = None
) -> dict[str, Any]:
    """A memory as a tool result names it: its text and when it happened
    ("yesterday evening, a little after six"), with the ISO time."""
    item: dict[str, Any] = {"id": memory.id, "text": memory.summary}
    if number is not None:
        item = {"number": number, **item}
    item["date"] = when.spoken(hass, memory)
    item["happened_at"] = memory.happened_at.isoformat()
    return item


def _choice(hass: HomeAssistant, candidates: list[Memory]) -> ha_llm.ToolResult:
    return ha_llm.ToolResult(
        data={
            "needs_choice": True,
            # Who sees each tells apart two that read the same (one private).
            "candidates": [
                {**_brief(hass, memory, number), "visibility": str(memory.visibility)}
                for number, memory in enumerate(candidates, 1)
            ],
            "message": household_words(hass).say("results", "several_match"),
        }
    )


def _expires_in(days: int | None) -> Any:
    return dt_util.utcnow() + timedelta(days=days) if days else None


async def async_remember(
    scope: CallScope,
    content: str,
    *,
    kind: MemoryKind = MemoryKind.FACT,
    importance: float = 0.5,
    tags: tuple[str, ...] = (),
    expires_in_days: int | None = None,
    visibility: Visibility = Visibility.HOUSEHOLD,
    happened_at: str | None = None,
) -> CreateResult:
    """Remember what the speaker said; it becomes the conversation's "that".

    `happened_at`: when it happened (ISO or time words), if not now.
    """
    result = await memories.async_remember(
        scope.ops,
        requests.remember_request(
            {
                "content": content,
                "kind": kind,
                "importance": importance,
                "tags": tags,
                "visibility": visibility,
                "expires_at": _expires_in(expires_in_days),
                **({"happened_at": happened_at} if happened_at else {}),
            },
            spoken=True,
            conversation_id=scope.conversation_id,
            language=scope.language,
        ),
    )
    scope.state.last_memory_id = result.memory.id
    return result


async def async_resolve(
    scope: CallScope,
    *,
    memory_id: str | None = None,
    that: bool = False,
    query: str | None = None,
) -> choosing.Resolved:
    """The memory the speaker means (choosing.async_resolve in this conversation)."""
    return await choosing.async_resolve(
        scope.ops, scope.state, memory_id=memory_id, that=that, query=query
    )


# An argument's description in the tool's language (prompts.*.json).
type Described = Callable[[str], str | None]


def _naming(described: Described) -> dict[Any, Any]:
    """Arguments that name a memory (update_memory, forget)."""
    return {
        vol.Optional("id", description=described("id")): MEMORY_ID,
        vol.Optional("that", description=described("that")): bool,
        vol.Optional("query", description=described("query")): QUERY,
    }


async def _async_named(scope: CallScope, args: dict[str, Any]) -> choosing.Resolved:
    return await async_resolve(
        scope,
        memory_id=args.get("id"),
        that=args.get("that", False),
        query=args.get("query"),
    )


# -- the tools ----------------------------------------------------------------------


class MemoryTool(ha_llm.Tool):
    """Common plumbing: validation, speaker, state, errors and the log."""

    integration = DOMAIN
    base_name: ClassVar[str]
    # Whether the tool names a memory (its arguments: id, that, query).
    names_a_memory: ClassVar[bool] = False

    def __init__(self, prefix: str = "", words: PromptWords = ENGLISH) -> None:
        """Name the tool for its surface (`home_memory__` for Assist) and
        describe it and its arguments in `words`' language."""
        self.name = f"{prefix}{self.base_name}"
        texts = words.tool(self.base_name)
        naming = words.tool("naming") if self.names_a_memory else {}
        self.description = texts["description"]
        self.parameters = self.schema(lambda name: texts.get(name, naming.get(name)))

    @staticmethod
    def schema(described: Described) -> vol.Schema:
        """The arguments, each with its description."""
        raise NotImplementedError

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
            result = await self._async_call_checked(hass, tool_input, llm_context)
        except Exception:  # noqa: BLE001 - logged with its traceback
            LOGGER.exception("Memory tool %s failed", self.name)
            return error_result(
                "internal_error",
                household_words(hass).say("errors", "internal_error"),
            )
        # Memory text reaches the model as the prompt quotes it: one line, no
        # hidden characters, no "</data>" that reads as our delimiter.
        return ha_llm.ToolResult(data=as_quoted(result.data), error=result.error)

    async def _async_call_checked(
        self,
        hass: HomeAssistant,
        tool_input: ha_llm.ToolInput,
        llm_context: ha_llm.LLMContext,
    ) -> ha_llm.ToolResult:
        words = household_words(hass)
        try:
            args = self.parameters(tool_input.tool_args)
        except vol.Invalid as err:
            # Which argument and why, as the action says it (review s37).
            return tool_error(invalid_field(err), words, hass)
        try:
            scope = await async_scope(
                hass, llm_context.context, llm_context.device_id, llm_context.language
            )
        except OperationError as err:
            return tool_error(err, words, hass)
        since = await scope.log_position()
        try:
            result = await self._async_run(scope, args)
        except (OperationError, ToolError) as err:
            failed = tool_error(err, words, hass)
            await scope.log(
                f"tool_{self.base_name}",
                {"platform": llm_context.platform, "outcome": failed.data["error"]},
                since,
            )
            return failed
        await scope.log(
            f"tool_{self.base_name}",
            {"platform": llm_context.platform, "outcome": "ok"},
            since,
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
    annotations = ha_llm.ToolAnnotations(
        read_only=False, destructive=False, idempotent=False, open_world=False
    )

    @staticmethod
    @override
    def schema(described: Described) -> vol.Schema:
        """What to remember and how."""
        return vol.Schema(
            {
                vol.Required("content", description=described("content")): CONTENT,
                vol.Optional("kind", description=described("kind")): KIND,
                vol.Optional(
                    "importance", description=described("importance")
                ): IMPORTANCE,
                vol.Optional("tags", description=described("tags")): TAGS,
                vol.Optional(
                    "expires_in_days", description=described("expires_in_days")
                ): EXPIRES_IN_DAYS,
                vol.Optional(
                    "visibility", description=described("visibility")
                ): VISIBILITY,
                vol.Optional(
                    "happened_at", description=described("happened_at")
                ): WHEN_TEXT,
            }
        )

    @override
    async def _async_run(
        self, scope: CallScope, args: dict[str, Any]
    ) -> ha_llm.ToolResult:
        # The words that keep a memory to the speaker are read as the
        # sentences read them ("…, just for me please"): a model that passes
        # them on (or says "household" beside them) stores no private words
        # for the whole household.
        files = await scope.hass.async_add_executor_job(load_sentence_files)
        language = scope.language or scope.hass.config.language
        private, content = files.wording(language).private_split(args["content"])
        visibility = Visibility(args.get("visibility", Visibility.HOUSEHOLD))
        result = await async_remember(
            scope,
            content,
            kind=MemoryKind(args.get("kind", MemoryKind.FACT)),
            importance=args.get("importance", 0.5),
            tags=tuple(args.get("tags", ())),
            expires_in_days=args.get("expires_in_days"),
            visibility=Visibility.PRIVATE if private else visibility,
            happened_at=args.get("happened_at"),
        )
        outcome = outcome_data(result)
        words = household_words(scope.hass)
        return ha_llm.ToolResult(
            data={
                "result": outcome.pop("action"),
                **outcome,
                "id": result.memory.id,
                "memory": result.memory.summary,
                "visibility": str(result.memory.visibility),
                "message": outcome_speech(
                    result,
                    created=words.say("results", "remembered"),
                    created_private=words.say("results", "remembered_private"),
                    reinforced=words.say("results", "already_known"),
                    reinforced_private=words.say("results", "already_known_private"),
                    remembered_apart=words.say("results", "remembered_apart"),
                    updated=words.table["results"]["updated"],
                    language=words.language,
                ),
            }
        )


class RecallTool(MemoryTool):
    """Search memories three at a time; more; pick one by number."""

    base_name = "recall"
    title = "Recall"
    annotations = ha_llm.ToolAnnotations(
        read_only=True, destructive=False, idempotent=False, open_world=False
    )

    @staticmethod
    @override
    def schema(described: Described) -> vol.Schema:
        """What to look for, the page and the filters."""
        return vol.Schema(
            {
                vol.Optional("query", description=described("query")): QUERY,
                vol.Optional("more", description=described("more")): bool,
                vol.Optional("pick", description=described("pick")): integer(1, 1000),
                vol.Optional("kind", description=described("kind")): KIND,
                vol.Optional("tags", description=described("tags")): TAGS,
                vol.Optional(
                    "since_days", description=described("since_days")
                ): integer(1, 36500),
                vol.Optional(
                    "happened_after", description=described("happened_after")
                ): MOMENT_TEXT,
                vol.Optional(
                    "happened_before", description=described("happened_before")
                ): MOMENT_TEXT,
                vol.Optional("cursor", description=described("cursor")): TOKEN,
            }
        )

    @override
    async def _async_run(
        self, scope: CallScope, args: dict[str, Any]
    ) -> ha_llm.ToolResult:
        if "pick" in args or args.get("more"):
            cursor = args.get("cursor") or scope.state.recall_cursor
            if cursor is None:
                raise _failed(scope.hass, "no_search")
            if "pick" in args:
                number = args["pick"]
                try:
                    item = await recall.async_recall_pick(scope.ops, cursor, number)
                except SearchExpiredError:
                    raise _failed(scope.hass, "search_expired") from None
                if item is None:
                    raise _failed(scope.hass, "no_such_result", number=number)
                scope.state.last_memory_id = item.memory.id
                return ha_llm.ToolResult(
                    data={
                        "number": number,
                        "id": item.memory.id,
                        "content": item.memory.content,
                        "date": when.spoken(scope.hass, item.memory),
                        "happened_at": item.memory.happened_at.isoformat(),
                        "kind": str(item.memory.kind),
                    }
                )
            page = await recall.async_recall_more(scope.ops, cursor)
            if page.cursor is None:
                raise _failed(scope.hass, "search_expired")
            return self._page(scope, page)
        if "query" not in args:
            raise ToolError(
                "invalid_arguments",
                household_words(scope.hass).say("errors", "no_query"),
            )
        after = args.get("happened_after")
        if "since_days" in args:
            since = dt_util.utcnow() - timedelta(days=args["since_days"])
            after = since if after is None else max(after, since)
        flt = requests.memory_filter(
            {
                "kinds": [args["kind"]] if "kind" in args else [],
                "tags": args.get("tags", ()),
                "happened_after": after,
                "happened_before": args.get("happened_before"),
            }
        )
        recalled = await recall.async_recalled(scope.ops, args["query"], flt)
        scope.state.recall_cursor = recalled.page.cursor
        return self._page(scope, recalled.page, untold=recalled.untold is not None)

    @staticmethod
    def _page(
        scope: CallScope, page: ProgressivePage, *, untold: bool = False
    ) -> ha_llm.ToolResult:
        """The page as the LLM reads it; `untold`: the person whose tellings
        were asked told none of it (operations/recall.py `Recalled`)."""
        words = household_words(scope.hass)
        if not page.items:
            message = words.say(
                "results", "nothing_found" if page.total == 0 else "everything_found"
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
                _brief(scope.hass, item.memory, number)
                for number, item in zip(page.numbers, page.items, strict=True)
            ],
            "has_more": page.has_more,
            "cursor": page.cursor,
            "min_relevance": scope.data.retriever.config.search_min_relevance,
            "message": words.say(
                "results", "say_with_more" if page.has_more else "say"
            ),
        }
        if untold:
            # "What did Anna say about the bike": Anna told none of it (review
            # s41 LOW-6).
            data["untold"] = words.say("results", "untold")
        return ha_llm.ToolResult(data=data)


class UpdateMemoryTool(MemoryTool):
    """Change a memory, found by id, by "that" or by a description."""

    base_name = "update_memory"
    title = "Update memory"
    names_a_memory = True
    annotations = ha_llm.ToolAnnotations(
        read_only=False, destructive=True, idempotent=False, open_world=False
    )

    @staticmethod
    @override
    def schema(described: Described) -> vol.Schema:
        """The memory and what changes in it."""
        return vol.Schema(
            {
                **_naming(described),
                vol.Optional("content", description=described("content")): CONTENT,
                vol.Optional("kind"): KIND,
                vol.Optional("importance"): IMPORTANCE,
                vol.Optional("tags", description=described("tags")): TAGS,
                vol.Optional("expires_in_days"): EXPIRES_IN_DAYS,
                vol.Optional("visibility"): VISIBILITY,
                vol.Optional(
                    "happened_at", description=described("happened_at")
                ): WHEN_TEXT,
            }
        )

    @override
    async def _async_run(
        self, scope: CallScope, args: dict[str, Any]
    ) -> ha_llm.ToolResult:
        # The tool's own words: importance may be a whole number, expiry in days.
        fields: dict[str, Any] = {
            name: args[name]
            for name in ("content", "kind", "tags", "visibility", "happened_at")
            if name in args
        }
        if "importance" in args:
            fields["importance"] = float(args["importance"])
        fields["expires_at"] = _expires_in(args.get("expires_in_days"))
        # Refused before the memory is looked up (read-only, nothing to change).
        memories.check_update_request(
            scope.ops.actor, requests.update_request("", fields)
        )
        resolved = await _async_named(scope, args)
        if resolved.memory is None:
            return _choice(scope.hass, resolved.candidates)
        outcome = await memories.async_update(
            scope.ops,
            requests.update_request(
                resolved.memory.id, fields, language=scope.language
            ),
        )
        memory = outcome.memory
        scope.state.last_memory_id = memory.id
        result = "updated" if outcome.changed else "unchanged"
        return ha_llm.ToolResult(
            data={"result": result, "id": memory.id, "memory": memory.summary}
        )


class ForgetTool(MemoryTool):
    """Forget a memory in two steps: candidates and a token, then confirm."""

    base_name = "forget"
    title = "Forget"
    names_a_memory = True
    annotations = ha_llm.ToolAnnotations(
        read_only=False, destructive=True, idempotent=False, open_world=False
    )

    @staticmethod
    @override
    def schema(described: Described) -> vol.Schema:
        """The memory, or the confirmation of the first call."""
        return vol.Schema(
            {
                **_naming(described),
                vol.Optional(
                    "confirmation_token", description=described("confirmation_token")
                ): TOKEN,
            }
        )

    @override
    async def _async_run(
        self, scope: CallScope, args: dict[str, Any]
    ) -> ha_llm.ToolResult:
        scope.require_write()
        words = household_words(scope.hass)
        if (token := args.get("confirmation_token")) is not None:
            try:
                forgotten = await choosing.async_confirm_forget(
                    scope.ops, scope.state, token
                )
            except ForgetChangedError as err:
                summary = err.memory.summary
                return ha_llm.ToolResult(
                    data={
                        "error": "memory_changed",
                        "confirmation_needed": True,
                        "confirmation_token": err.token,
                        "memory": _brief(scope.hass, err.memory),
                        "message": words.say(
                            "results", "memory_changed", memory=summary
                        ),
                    }
                )
            return ha_llm.ToolResult(
                data={
                    "result": "forgotten",
                    "forgotten": len(forgotten),
                    "message": words.say("results", "forgotten"),
                }
            )
        resolved = await _async_named(scope, args)
        if resolved.memory is None:
            return _choice(scope.hass, resolved.candidates)
        token = choosing.async_request_forget(scope.ops, scope.state, resolved.memory)
        return ha_llm.ToolResult(
            data={
                "confirmation_needed": True,
                "confirmation_token": token,
                "memory": _brief(scope.hass, resolved.memory),
                "message": words.say(
                    "results", "ask_forget", memory=resolved.memory.summary
                ),
            }
        )


class ConfirmProposalsTool(MemoryTool):
    """The answer to "Should I remember anything from our conversation?"."""

    base_name = "confirm_proposals"
    title = "Confirm proposals"
    annotations = ha_llm.ToolAnnotations(
        read_only=False, destructive=False, idempotent=False, open_world=False
    )

    @staticmethod
    @override
    def schema(described: Described) -> vol.Schema:
        """Yes, no, or the numbers chosen."""
        return vol.Schema(
            vol.All(
                {
                    vol.Optional("answer", description=described("answer")): vol.In(
                        ["yes", "no"]
                    ),
                    vol.Optional("numbers", description=described("numbers")): vol.All(
                        vol.Length(min=1, max=20), [integer(1, 100)]
                    ),
                },
                exactly_one("answer", "numbers"),
            )
        )

    @override
    async def _async_run(
        self, scope: CallScope, args: dict[str, Any]
    ) -> ha_llm.ToolResult:
        scope.require_write()
        decision = await proposals.async_answer_proposals(
            scope.ops,
            proposals.AnswerRequest(
                answer=args.get("answer"),
                numbers=tuple(args.get("numbers", ())),
                conversation_id=scope.conversation_id,
            ),
        )
        if decision.memories:
            scope.state.last_memory_id = decision.memories[-1].id
        return ha_llm.ToolResult(
            data={
                "remembered": [memory.summary for memory in decision.memories],
                "outcomes": decision.outcomes,
                "declined": len(decision.rejected),
                "message": household_words(scope.hass).say(
                    "results",
                    "proposals_kept" if decision.memories else "proposals_dropped",
                ),
            }
        )


# The tools, in the order they are offered; the last only while asked for.
_TOOLS: Final = (RememberTool, RecallTool, UpdateMemoryTool, ForgetTool)


def memory_tools(
    prefix: str = "", *, confirm_proposals: bool = False, words: PromptWords = ENGLISH
) -> list[ha_llm.Tool]:
    """The tools, named for their surface and described in `words`' language;
    the fifth only while asked for."""
    tools: list[ha_llm.Tool] = [tool(prefix, words) for tool in _TOOLS]
    if confirm_proposals:
        tools.append(ConfirmProposalsTool(prefix, words))
    return tools


def as_quoted(data: Any) -> Any:
    """`data` with every string as the prompt quotes a memory
    (memory/text/quoting.py `flatten`): one line, hidden characters as
    spaces, angle brackets and their look-alikes as guillemets. Review s16:
    a recalled "</data>\nSYSTEM: …" came back raw, unlike the prompt's."""
    if isinstance(data, str):
        return flatten(data)
    if isinstance(data, dict):
        return {key: as_quoted(value) for key, value in data.items()}
    if isinstance(data, list):
        return [as_quoted(item) for item in data]
    return data
