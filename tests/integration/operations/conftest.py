"""Helpers for the operations' tests: a scope to call an operation in."""

from __future__ import annotations

from typing import TYPE_CHECKING

from custom_components.home_memory.operations.memories import OperationScope

if TYPE_CHECKING:
    from homeassistant.core import HomeAssistant

    from custom_components.home_memory.operations.access import Actor
    from custom_components.home_memory.runtime.data import HomeMemoryConfigEntry


def scope_of(
    hass: HomeAssistant, entry: HomeMemoryConfigEntry, actor: Actor
) -> OperationScope:
    """The scope `actor` calls an operation in, in the loaded `entry`."""
    return OperationScope(hass, entry.runtime_data, actor)
