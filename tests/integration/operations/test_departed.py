"""Departed people's private data: who counts as departed, and who may erase."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from custom_components.home_memory.memory.common.values import Caller
from custom_components.home_memory.operations.access import Actor
from custom_components.home_memory.operations.departed import (
    async_departed,
    async_erase_departed,
)
from custom_components.home_memory.operations.errors import ForbiddenError
from custom_components.home_memory.operations.memories import OperationScope

from ..conftest import call

if TYPE_CHECKING:
    from homeassistant.core import HomeAssistant
    from pytest_homeassistant_custom_component.common import MockUser

    from custom_components.home_memory.runtime.data import HomeMemoryConfigEntry


async def test_only_owners_who_are_no_user_count_and_only_an_admin_erases(
    hass: HomeAssistant,
    init_integration: HomeMemoryConfigEntry,
    user_anna: MockUser,
    user_ben: MockUser,
) -> None:
    """Anna's private memory counts once Anna is no user; Ben, not an admin,
    may not erase it, and nothing is erased by his attempt."""
    await call(
        hass,
        "remember",
        {"content": "My gym locker is 12", "visibility": "private"},
        user=user_anna,
    )
    data = init_integration.runtime_data
    assert await async_departed(hass, data) == {}
    await hass.auth.async_remove_user(user_anna)
    assert await async_departed(hass, data) == {user_anna.id: 1}
    ben = OperationScope(hass, data, Actor(Caller(user_id=user_ben.id)))
    with pytest.raises(ForbiddenError):
        await async_erase_departed(ben)
    assert await async_departed(hass, data) == {user_anna.id: 1}
    admin = OperationScope(hass, data, Actor(Caller(user_id=None, is_admin=True)))
    assert await async_erase_departed(admin) == 1
    assert await async_departed(hass, data) == {}
