"""Who may do what: private memories, admin actions, read-only users."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from homeassistant.core import Context, HomeAssistant
from homeassistant.exceptions import ServiceValidationError, Unauthorized, UnknownUser
import pytest

from custom_components.home_memory.const import DOMAIN
from custom_components.home_memory.operations.errors import (
    AdminRequiredError,
    ReadOnlyUserError,
)

from .conftest import call

if TYPE_CHECKING:
    from pytest_homeassistant_custom_component.common import MockUser

pytestmark = pytest.mark.usefixtures("init_integration")

ADMIN_ACTIONS: list[tuple[str, dict[str, Any]]] = [
    ("restore", {"ids": ["x"]}),
    ("purge", {"ids": ["x"]}),
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
    assert got["memory"]["content"] == "Anna's surprise party is on Saturday"
    assert got["memory"]["tier"] == "active"


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
