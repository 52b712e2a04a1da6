"""Removed users' private memories: the repair issue at start and after a
removal, with counts only, and its fix flow that erases them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from homeassistant.auth.const import GROUP_ID_USER
from homeassistant.setup import async_setup_component
from pytest_homeassistant_custom_component.common import MockUser

from custom_components.home_memory.const import DOMAIN

from ..conftest import call
from ..runtime.test_issues import issue

if TYPE_CHECKING:
    from homeassistant.core import HomeAssistant
    from pytest_homeassistant_custom_component.typing import ClientSessionGenerator

    from custom_components.home_memory.runtime.data import HomeMemoryConfigEntry


async def test_private_memories_of_a_removed_user_are_erased_by_the_fix(
    hass: HomeAssistant,
    init_integration: HomeMemoryConfigEntry,
    user_anna: MockUser,
    user_ben: MockUser,
    hass_admin_user: MockUser,
    hass_client: ClientSessionGenerator,
) -> None:
    """Carl is removed from Home Assistant: his private memories, which
    nobody may see, restore or purge, raise a fixable issue with counts only;
    confirming it erases them (every tier) and nothing of anyone else's
    (attacker review: they stayed for good, unreachable)."""
    group = await hass.auth.async_get_group(GROUP_ID_USER)
    assert group is not None
    carl = MockUser(name="Carl", groups=[group]).add_to_hass(hass)
    for content in ("I owe the bookie 5000 euros", "My diary code is 1999"):
        await call(
            hass, "remember", {"content": content, "visibility": "private"}, user=carl
        )
    forgotten = await call(
        hass,
        "remember",
        {"content": "My old PIN was 1234", "visibility": "private"},
        user=carl,
    )
    await call(hass, "forget", {"ids": [forgotten["memory"]["id"]]}, user=carl)
    told = await call(
        hass, "remember", {"content": "The garage door squeaks"}, user=carl
    )
    annas = await call(
        hass,
        "remember",
        {"content": "My gym locker is 12", "visibility": "private"},
        user=user_anna,
    )
    assert issue(hass, "departed_private_memories") is None

    await hass.auth.async_remove_user(carl)
    await hass.async_block_till_done()
    found = issue(hass, "departed_private_memories")
    assert found is not None
    assert found.is_fixable
    assert found.translation_placeholders == {"memories": "3", "people": "1"}

    assert await async_setup_component(hass, "repairs", {})
    client = await hass_client()
    response = await client.post(
        "/api/repairs/issues/fix",
        json={"handler": DOMAIN, "issue_id": "departed_private_memories"},
    )
    flow = await response.json()
    assert flow["step_id"] == "confirm"
    assert flow["description_placeholders"] == {"memories": "3", "people": "1"}
    response = await client.post(f"/api/repairs/issues/fix/{flow['flow_id']}")
    assert (await response.json())["type"] == "create_entry"
    assert issue(hass, "departed_private_memories") is None

    store = init_integration.runtime_data.store
    assert carl.id not in store.private_owners()
    assert store.private_owners() == {user_anna.id: 1}
    # The household memory Carl told and Anna's private one stay.
    got = await call(hass, "get", {"id": told["memory"]["id"]}, user=user_ben)
    assert got["memory"]["content"] == "The garage door squeaks"
    mine = await call(hass, "get", {"id": annas["memory"]["id"]}, user=user_anna)
    assert mine["memory"]["content"] == "My gym locker is 12"
