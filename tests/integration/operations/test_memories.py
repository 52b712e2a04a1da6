"""operations/memories.py: the memory operations called directly (the actions'
and tools' tests drive the same operations through their surfaces)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from custom_components.home_memory.memory.common.values import Caller, MemoryPatch
from custom_components.home_memory.operations import memories
from custom_components.home_memory.operations.access import Actor
from custom_components.home_memory.operations.errors import InvalidRequestError

from .conftest import scope_of

if TYPE_CHECKING:
    from homeassistant.core import HomeAssistant

    from custom_components.home_memory.runtime.data import HomeMemoryConfigEntry


async def test_undo_returns_a_memory_to_its_previous_version(
    hass: HomeAssistant, init_integration: HomeMemoryConfigEntry
) -> None:
    """Undo brings back the text before the last update; a second undo has none."""
    scope = scope_of(hass, init_integration, Actor(Caller(user_id="u1")))
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
