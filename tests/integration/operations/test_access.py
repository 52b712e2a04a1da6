"""Who may do what: private memories, admin actions, read-only users."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from homeassistant.core import Context, HomeAssistant
from homeassistant.exceptions import ServiceValidationError, Unauthorized, UnknownUser
import pytest

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
    exchange,
    memories,
    proposals,
)
from custom_components.home_memory.operations.access import Actor, tier_filter
from custom_components.home_memory.operations.errors import (
    AdminRequiredError,
    ForbiddenError,
    ReadOnlyUserError,
)

from ..conftest import call
from .conftest import scope_of

if TYPE_CHECKING:
    from pytest_homeassistant_custom_component.common import MockUser

    from custom_components.home_memory.operations.memories import OperationScope
    from custom_components.home_memory.runtime.data import HomeMemoryConfigEntry

pytestmark = pytest.mark.usefixtures("init_integration")

ADMIN_ACTIONS: list[tuple[str, dict[str, Any]]] = [
    ("search_all_tiers", {"query": "x"}),
    ("run_maintenance", {}),
    ("close_segment", {}),
    ("end_conversations", {}),
    ("export", {}),
    ("import", {"path": "x.jsonl"}),
]
WRITE_ACTIONS: list[tuple[str, dict[str, Any]]] = [
    ("remember", {"content": "x"}),
    ("update", {"id": "x", "content": "y"}),
    ("forget", {"ids": ["x"]}),
    # Restore and purge: each memory's manager decides (an admin, or the
    # owner of a private memory), as on the websocket API.
    ("restore", {"ids": ["x"]}),
    ("purge", {"ids": ["x"]}),
]


async def test_private_memories_stay_with_their_owner(
    hass: HomeAssistant,
    user_anna: MockUser,
    user_ben: MockUser,
    hass_admin_user: MockUser,
) -> None:
    """A private memory is seen and changed by its owner only, never by admins."""
    private = await call(
        hass,
        "remember",
        {"content": "Anna's surprise party is on Saturday", "visibility": "private"},
        user=user_anna,
    )
    shared = await call(
        hass, "remember", {"content": "The party food is in the garage"}, user=user_anna
    )
    private_id = private["memory"]["id"]

    # Anna sees both.
    mine = await call(hass, "search", {"query": "party"}, user=user_anna)
    assert {m["id"] for m in mine["memories"]} == {private_id, shared["memory"]["id"]}
    listed = await call(hass, "list", user=user_anna)
    assert listed["total"] == 2

    # Ben, an admin and an automation see only the household one.
    for other in (user_ben, hass_admin_user, None):
        found = await call(hass, "search", {"query": "surprise party"}, user=other)
        assert private_id not in {m["id"] for m in found["memories"]}
        listed = await call(hass, "list", user=other)
        assert [m["id"] for m in listed["memories"]] == [shared["memory"]["id"]]
        with pytest.raises(ServiceValidationError) as err:
            await call(hass, "get", {"id": private_id}, user=other)
        assert err.value.translation_key == "memory_not_found"

    # Nor can anyone else change or forget it.
    with pytest.raises(ServiceValidationError):
        await call(
            hass, "update", {"id": private_id, "content": "cancelled"}, user=user_ben
        )
    with pytest.raises(ServiceValidationError):
        await call(hass, "forget", {"ids": [private_id]}, user=user_ben)
    # Forgetting by tag skips what the caller cannot see.
    await call(hass, "update", {"id": private_id, "tags": ["party"]}, user=user_anna)
    assert await call(hass, "forget", {"tags": ["party"]}, user=user_ben) == {
        "forgotten": []
    }
    got = await call(hass, "get", {"id": private_id}, user=user_anna)
    # Its day is dated as told (on whatever Saturday comes next).
    assert got["memory"]["content"].startswith("Anna's surprise party is on Saturday")
    assert got["memory"]["tier"] == "active"


async def test_owners_restore_and_purge_their_private_memories_by_action(
    hass: HomeAssistant, user_ben: MockUser
) -> None:
    """Ben undoes forgetting his own private memory and purges it through the
    actions, as the websocket API and the panel let him (attacker review: the
    actions answered a bare 401); a household memory is an administrator's
    to restore (unless he forgot it himself: review s21), refused with a
    translated error, and stays forgotten."""
    private = await call(
        hass,
        "remember",
        {"content": "My locker code is 2580", "visibility": "private"},
        user=user_ben,
    )
    private_id = private["memory"]["id"]
    household = await call(
        hass, "remember", {"content": "The ladder is in the shed"}, user=user_ben
    )
    household_id = household["memory"]["id"]
    await call(hass, "forget", {"ids": [private_id]}, user=user_ben)
    await call(hass, "forget", {"ids": [household_id]})  # an automation's
    restored = await call(hass, "restore", {"ids": [private_id]}, user=user_ben)
    assert restored == {"restored": [private_id]}
    with pytest.raises(ServiceValidationError) as err:
        await call(hass, "restore", {"ids": [household_id]}, user=user_ben)
    assert err.value.translation_key == "admin_required"
    assert err.value.translation_domain == DOMAIN
    listed = await call(hass, "list", user=user_ben)
    assert [m["id"] for m in listed["memories"]] == [private_id]
    await call(hass, "forget", {"ids": [private_id]}, user=user_ben)
    purged = await call(hass, "purge", {"ids": [private_id]}, user=user_ben)
    assert purged == {"purged": [private_id]}


async def test_automation_memories_belong_to_the_household(
    hass: HomeAssistant, user_anna: MockUser, user_ben: MockUser
) -> None:
    """A memory stored without a user belongs to the household."""
    stored = await call(hass, "remember", {"content": "The alarm was set at 22:00"})
    assert stored["memory"]["owner"] is None
    for user in (user_anna, user_ben):
        got = await call(hass, "get", {"id": stored["memory"]["id"]}, user=user)
        assert got["memory"]["visibility"] == "household"


@pytest.mark.parametrize(("service", "data"), ADMIN_ACTIONS)
async def test_admin_actions_refuse_other_users(
    hass: HomeAssistant,
    user_anna: MockUser,
    hass_read_only_user: MockUser,
    service: str,
    data: dict[str, Any],
) -> None:
    """Admin-only actions refuse other users with a translated error."""
    for user in (user_anna, hass_read_only_user):
        with pytest.raises(Unauthorized) as err:
            await call(hass, service, data, user=user)
        assert isinstance(err.value, AdminRequiredError)
        assert err.value.translation_domain == DOMAIN
        assert err.value.translation_key == "admin_required"
        assert str(err.value) == "Only an administrator can use this action"


async def test_admin_actions_accept_automations(hass: HomeAssistant) -> None:
    """Like Home Assistant's own admin actions: only admins write automations."""
    stats = await call(hass, "run_maintenance")
    assert stats["completed"] is True
    stored = await call(hass, "remember", {"content": "Temporary"})
    purged = await call(hass, "purge", {"ids": [stored["memory"]["id"]]})
    assert purged == {"purged": [stored["memory"]["id"]]}


@pytest.mark.parametrize(("service", "data"), WRITE_ACTIONS)
async def test_read_only_users_cannot_write(
    hass: HomeAssistant,
    hass_read_only_user: MockUser,
    hass_admin_user: MockUser,
    service: str,
    data: dict[str, Any],
) -> None:
    """A read-only user cannot write; the refusal is translated and writes nothing."""
    with pytest.raises(Unauthorized) as err:
        await call(hass, service, data, user=hass_read_only_user)
    assert isinstance(err.value, ReadOnlyUserError)
    assert err.value.translation_key == "read_only_user"
    assert str(err.value) == "Your user can only read memories, not change them"
    listed = await call(hass, "list", user=hass_admin_user)
    assert listed["total"] == 0


async def test_read_only_users_can_read(
    hass: HomeAssistant, hass_read_only_user: MockUser
) -> None:
    """A read-only user can search, get and list memories."""
    stored = await call(
        hass, "remember", {"content": "Recycling is collected on Monday"}
    )
    memory_id = stored["memory"]["id"]
    found = await call(hass, "search", {"query": "recycling"}, user=hass_read_only_user)
    assert [m["id"] for m in found["memories"]] == [memory_id]
    got = await call(hass, "get", {"id": memory_id}, user=hass_read_only_user)
    assert got["memory"]["id"] == memory_id
    listed = await call(hass, "list", user=hass_read_only_user)
    assert listed["total"] == 1


async def test_owner_and_admin_users_may_write(
    hass: HomeAssistant, hass_owner_user: MockUser, hass_admin_user: MockUser
) -> None:
    """Owner and admin users may store memories, owned by them."""
    for user in (hass_owner_user, hass_admin_user):
        stored = await call(
            hass, "remember", {"content": f"Written by {user.id}"}, user=user
        )
        assert stored["memory"]["owner"] == user.id


async def test_unknown_user_is_refused(hass: HomeAssistant) -> None:
    """A call from an unknown user id is refused."""
    with pytest.raises(UnknownUser):
        await hass.services.async_call(
            DOMAIN,
            "search",
            {"query": "x"},
            blocking=True,
            return_response=True,
            context=Context(user_id="no-such-user"),
        )


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
        await operation(scope_of(hass, init_integration, reader))
    assert err.value.translation_key == "read_only_user"
    assert await _count(hass, init_integration) == before


@pytest.mark.parametrize("name", sorted(ADMIN))
async def test_a_non_admin_is_refused_by_every_admin_operation(
    hass: HomeAssistant, init_integration: HomeMemoryConfigEntry, name: str
) -> None:
    """A writer who is not an admin gets admin_required from every admin operation."""
    writer = Actor(Caller(user_id="writer"), may_write=True)
    with pytest.raises(ForbiddenError) as err:
        await ADMIN[name](scope_of(hass, init_integration, writer))
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
    counts = await browse.async_counts(
        scope_of(hass, init_integration, Actor(Caller()))
    )
    assert (counts.deleted, counts.archived) == (None, None)


async def test_reading_needs_no_write_permission(
    hass: HomeAssistant, init_integration: HomeMemoryConfigEntry
) -> None:
    """A read-only user may search, get, list and list proposals."""
    writer = scope_of(hass, init_integration, Actor(Caller(user_id="u1")))
    created = await memories.async_remember(
        writer, memories.RememberRequest("The recycling goes out on Tuesday")
    )
    reader = scope_of(
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
