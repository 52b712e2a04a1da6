"""The operations layer: who may call what, and one error mapping per surface."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
import inspect
import json
from pathlib import Path
import re
from typing import TYPE_CHECKING, Any

from homeassistant.exceptions import HomeAssistantError, ServiceValidationError
import pytest

from custom_components.home_memory.assist.intents import error_speech
from custom_components.home_memory.assist.sentence_files import load_sentence_files
from custom_components.home_memory.assist.tools import tool_error
from custom_components.home_memory.const import DOMAIN
from custom_components.home_memory.memory.common.values import (
    Caller,
    MemoryFilter,
    MemoryPatch,
    Tier,
)
from custom_components.home_memory.operations import (
    admin,
    browse,
    errors,
    exchange,
    memories,
    proposals,
)
from custom_components.home_memory.operations.access import Actor, tier_filter
from custom_components.home_memory.operations.errors import (
    ConflictError,
    EngineFailureError,
    ForbiddenError,
    InvalidRequestError,
    NotFoundError,
    OperationError,
    UnavailableError,
)
from custom_components.home_memory.operations.loaded import loaded_data
from custom_components.home_memory.operations.memories import OperationScope
from custom_components.home_memory.services import service_error

if TYPE_CHECKING:
    from homeassistant.core import HomeAssistant

    from custom_components.home_memory.runtime.data import HomeMemoryConfigEntry

PACKAGE = Path(__file__).parents[2] / "custom_components" / "home_memory"

# One error of each kind, with a key its surfaces know.
KINDS: list[OperationError] = [
    NotFoundError("memory_not_found", id="m1"),
    InvalidRequestError("invalid_memory", field="content", error="empty"),
    ForbiddenError("read_only_user"),
    ConflictError("memory_changed", id="m1"),
    UnavailableError("not_loaded"),
    EngineFailureError("engine_error", error="disk I/O error"),
]

type Operation = Callable[[OperationScope], Awaitable[object]]

WRITING: dict[str, Operation] = {
    "remember": lambda s: memories.async_remember(s, memories.RememberRequest("x")),
    "update": lambda s: memories.async_update(
        s, memories.UpdateRequest("m1", MemoryPatch(content="y"))
    ),
    "undo": lambda s: memories.async_undo(s, "m1"),
    "forget": lambda s: memories.async_forget(s, memories.SelectRequest(ids=("m1",))),
    "decide_proposals": lambda s: proposals.async_decide_proposals(
        s, proposals.DecideRequest(confirm=("p1",))
    ),
    "answer_proposals": lambda s: proposals.async_answer_proposals(
        s, proposals.AnswerRequest(answer="yes")
    ),
    "edit_proposal": lambda s: proposals.async_edit_proposal(
        s, proposals.EditProposalRequest("p1", MemoryPatch(content="y"))
    ),
    # An admin's for the household's memories, anyone's for their own private
    # ones (tests/integration/test_websocket_api.py).
    "restore": lambda s: memories.async_restore(s, ("m1",)),
    "purge": lambda s: memories.async_purge(s, memories.SelectRequest(ids=("m1",))),
}
ADMIN: dict[str, Operation] = {
    "search_all_tiers": lambda s: memories.async_search_all_tiers(
        s, memories.AllTiersRequest("x")
    ),
    "export": exchange.async_export,
    "import": lambda s: exchange.async_import(s, exchange.ImportRequest("x.jsonl")),
    "close_segment": admin.async_close_segment,
}


def test_the_error_kinds_listed_are_all_there_are() -> None:
    """A new OperationError kind must be added to KINDS (and so to every mapper).

    A kind is a direct subclass; a refinement of one (ForgetChangedError, a
    ConflictError carrying the memory) is mapped as its kind.
    """
    defined = {
        cls
        for _, cls in inspect.getmembers(errors, inspect.isclass)
        if cls.__bases__ == (OperationError,)
    }
    assert defined == {type(err) for err in KINDS}


@pytest.mark.parametrize("err", KINDS, ids=lambda err: type(err).__name__)
def test_actions_map_every_error_kind_to_a_translated_error(
    err: OperationError,
) -> None:
    """Engine failures and unavailability are HomeAssistantError, the rest not."""
    mapped = service_error(err)
    assert mapped.translation_domain == DOMAIN
    assert mapped.translation_key == err.translation_key
    assert mapped.translation_placeholders == (err.placeholders or None)
    user_error = not isinstance(err, EngineFailureError | UnavailableError)
    assert isinstance(mapped, ServiceValidationError) is user_error


@pytest.mark.parametrize("err", KINDS, ids=lambda err: type(err).__name__)
def test_tools_map_every_error_kind_to_an_error_result(err: OperationError) -> None:
    """A tool never raises for an operation error: it answers with a code and text."""
    result = tool_error(err)
    assert result.error
    assert isinstance(result.data, dict)
    assert result.data["error"]
    assert result.data["message"]
    assert "{" not in result.data["message"]


@pytest.mark.parametrize("err", KINDS, ids=lambda err: type(err).__name__)
def test_sentences_speak_every_error_kind(err: OperationError) -> None:
    """A sentence answers an operation error with speech, never a key."""
    speech = error_speech(err, load_sentence_files().wording("en"))
    assert speech
    assert err.translation_key not in speech


def test_every_error_key_raised_is_translated() -> None:
    """Each key an operation raises has a message in strings.json and en.json."""
    raised = set()
    for path in (PACKAGE / "operations").glob("*.py"):
        raised |= set(
            re.findall(r'(?:Error|Conflict)\(\s*"([a-z_]+)"', path.read_text("utf-8"))
        )
    assert "memory_not_found" in raised
    for name in ("strings.json", "translations/en.json"):
        exceptions = json.loads((PACKAGE / name).read_text("utf-8"))["exceptions"]
        assert raised <= set(exceptions), name


def _scope(
    hass: HomeAssistant, entry: HomeMemoryConfigEntry, actor: Actor
) -> OperationScope:
    return OperationScope(hass, entry.runtime_data, actor)


async def _count(hass: HomeAssistant, entry: HomeMemoryConfigEntry) -> int:
    store = entry.runtime_data.store
    page = await hass.async_add_executor_job(
        lambda: store.list_memories(
            Caller(is_admin=True), MemoryFilter(tiers=tuple(Tier)), limit=1
        )
    )
    return page.total


@pytest.mark.parametrize("name", sorted(WRITING | ADMIN))
async def test_a_read_only_user_is_refused_by_every_writing_operation(
    hass: HomeAssistant, init_integration: HomeMemoryConfigEntry, name: str
) -> None:
    """may_write=False is refused before anything is read or written."""
    operation = (WRITING | ADMIN)[name]
    before = await _count(hass, init_integration)
    reader = Actor(Caller(user_id="reader", is_admin=True), may_write=False)
    with pytest.raises(ForbiddenError) as err:
        await operation(_scope(hass, init_integration, reader))
    assert err.value.translation_key == "read_only_user"
    assert await _count(hass, init_integration) == before


@pytest.mark.parametrize("name", sorted(ADMIN))
async def test_a_non_admin_is_refused_by_every_admin_operation(
    hass: HomeAssistant, init_integration: HomeMemoryConfigEntry, name: str
) -> None:
    """A writer who is not an admin gets admin_required from every admin operation."""
    writer = Actor(Caller(user_id="writer"), may_write=True)
    with pytest.raises(ForbiddenError) as err:
        await ADMIN[name](_scope(hass, init_integration, writer))
    assert err.value.translation_key == "admin_required"


async def test_the_admin_tiers_hold_a_non_admin_s_own_private_memories_only(
    hass: HomeAssistant, init_integration: HomeMemoryConfigEntry
) -> None:
    """tier_filter narrows a user's deleted tier to their own; no user sees none."""
    deleted = MemoryFilter(tiers=(Tier.DELETED,))
    user = Actor(Caller(user_id="u1"))
    assert tier_filter(user, deleted).private_of == "u1"
    assert tier_filter(Actor(Caller(is_admin=True)), deleted) == deleted
    assert tier_filter(user, MemoryFilter()) == MemoryFilter()
    for actor, flt in (
        (Actor(Caller()), deleted),
        # Active and deleted at once would hide the household's active ones.
        (user, MemoryFilter(tiers=(Tier.ACTIVE, Tier.DELETED))),
    ):
        with pytest.raises(ForbiddenError) as err:
            tier_filter(actor, flt)
        assert err.value.translation_key == "admin_required"
    counts = await browse.async_counts(_scope(hass, init_integration, Actor(Caller())))
    assert (counts.deleted, counts.archived) == (None, None)


async def test_reading_needs_no_write_permission(
    hass: HomeAssistant, init_integration: HomeMemoryConfigEntry
) -> None:
    """A read-only user may search, get, list and list proposals."""
    writer = _scope(hass, init_integration, Actor(Caller(user_id="u1")))
    created = await memories.async_remember(
        writer, memories.RememberRequest("The recycling goes out on Tuesday")
    )
    reader = _scope(
        hass, init_integration, Actor(Caller(user_id="u1"), may_write=False)
    )
    reads: list[Awaitable[Any]] = [
        memories.async_search(reader, memories.SearchRequest("recycling")),
        memories.async_get(reader, memories.GetRequest(created.memory.id)),
        memories.async_list(reader, memories.ListRequest()),
        proposals.async_list_proposals(reader),
    ]
    found, got, listed, _ = [await read for read in reads]
    assert [item.memory.id for item in found.items] == [created.memory.id]
    assert got.memory.id == created.memory.id
    assert listed.total == 1


async def test_engine_errors_become_operation_errors(
    hass: HomeAssistant, init_integration: HomeMemoryConfigEntry
) -> None:
    """A missing memory is NotFoundError memory_not_found with its id."""
    scope = _scope(hass, init_integration, Actor(Caller(user_id="u1")))
    with pytest.raises(NotFoundError) as err:
        await memories.async_get(scope, memories.GetRequest("nope"))
    assert err.value.translation_key == "memory_not_found"
    assert err.value.placeholders == {"id": "nope"}


async def test_an_unloaded_entry_is_unavailable(
    hass: HomeAssistant, init_integration: HomeMemoryConfigEntry
) -> None:
    """Not loaded is UnavailableError not_loaded, caused by Home Assistant's error."""
    assert await hass.config_entries.async_unload(init_integration.entry_id)
    with pytest.raises(UnavailableError) as err:
        loaded_data(hass)
    assert err.value.translation_key == "not_loaded"
    assert isinstance(err.value.__cause__, HomeAssistantError)


async def test_an_edited_proposal_is_stored_with_the_changes(
    hass: HomeAssistant, init_integration: HomeMemoryConfigEntry
) -> None:
    """Edit-then-confirm stores the proposal as a memory that says the edit."""
    from .test_proposals import add_proposals

    [proposal_id] = await add_proposals(
        hass, init_integration.runtime_data, None, "The bins go out on Monday"
    )
    scope = _scope(hass, init_integration, Actor(Caller()))
    decision = await proposals.async_edit_proposal(
        scope,
        proposals.EditProposalRequest(
            proposal_id, MemoryPatch(content="The bins go out on Tuesday.")
        ),
    )
    [memory] = decision.memories
    assert memory.content == "The bins go out on Tuesday."
    assert await proposals.async_list_proposals(scope) == []


async def test_undo_returns_a_memory_to_its_previous_version(
    hass: HomeAssistant, init_integration: HomeMemoryConfigEntry
) -> None:
    """Undo brings back the text before the last update; a second undo has none."""
    scope = _scope(hass, init_integration, Actor(Caller(user_id="u1")))
    created = await memories.async_remember(
        scope, memories.RememberRequest("The spare key is under the blue pot")
    )
    memory_id = created.memory.id
    await memories.async_update(
        scope,
        memories.UpdateRequest(
            memory_id, MemoryPatch(content="The spare key is in the shed")
        ),
    )
    undone = await memories.async_undo(scope, memory_id)
    assert undone.content == created.memory.content
    with pytest.raises(InvalidRequestError) as err:
        await memories.async_undo(scope, memory_id)
    assert err.value.translation_key == "nothing_to_undo"
