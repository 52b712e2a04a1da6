"""Private data of people Home Assistant no longer knows.

When a user is removed from Home Assistant, their private memories stay in
the store, and nobody may see, restore or purge them: they are no one
else's. The repair issue (runtime/issues.py) says how many there are; its
fix flow (repairs.py), which only an administrator can open, erases them
with their conversations and private proposals, here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .access import Access, require
from .errors import async_engine

if TYPE_CHECKING:
    from homeassistant.core import HomeAssistant

    from ..runtime.data import HomeMemoryData
    from .memories import OperationScope


async def async_departed(hass: HomeAssistant, data: HomeMemoryData) -> dict[str, int]:
    """Private memories (every tier) by owner, for owners who are no user now."""
    owners = await async_engine(hass, data.store.private_owners)
    known = {user.id for user in await hass.auth.async_get_users()}
    return {owner: count for owner, count in owners.items() if owner not in known}


async def async_erase_departed(scope: OperationScope) -> int:
    """Erase the private data of people who are no user now (admin); returns
    how many memories went. Who departed is read again here, not taken from
    the issue, so the erasure matches the users there are now."""
    require(scope.actor, Access.ADMIN)
    departed = await async_departed(scope.hass, scope.data)
    store = scope.data.store
    return await async_engine(scope.hass, lambda: store.erase_owners(list(departed)))
