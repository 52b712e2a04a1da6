"""operations/admin.py: closing the observer's segment now, as an operation
(the observer's side of it is tests/integration/background/test_observer.py's)."""

from __future__ import annotations

from datetime import timedelta
from typing import TYPE_CHECKING, Any

from custom_components.home_memory.memory.common.values import Caller, Source
from custom_components.home_memory.operations.access import Actor
from custom_components.home_memory.operations.admin import async_close_segment

from ..background.test_observer import setup_house_entry, stored_memories
from .conftest import scope_of

if TYPE_CHECKING:
    from freezegun.api import FrozenDateTimeFactory
    from homeassistant.core import HomeAssistant

NOTHING_PENDING = {"events": 0, "oldest_event_at": None}


async def test_closing_the_segment_returns_what_the_observer_wrote(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, mock_load_model: Any
) -> None:
    """Nothing waiting closes to nothing; changes close to the memories now
    stored; a lone trivial change is counted as discarded."""
    entry = await setup_house_entry(hass, freezer)
    door = {"friendly_name": "Front Door", "device_class": "door"}
    hass.states.async_set("binary_sensor.front_door", "off", door)
    admin = scope_of(hass, entry, Actor(Caller(is_admin=True)))

    nothing = await async_close_segment(admin)
    assert (nothing.memories, nothing.discarded) == ([], 0)
    assert nothing.pending == NOTHING_PENDING

    hass.states.async_set("light.kitchen", "on", {"friendly_name": "Kitchen Light"})
    freezer.tick(timedelta(seconds=2))
    hass.states.async_set("binary_sensor.front_door", "on", door)
    closed = await async_close_segment(admin)
    [memory] = closed.memories
    assert memory.source is Source.OBSERVED
    assert [stored.id for stored in await stored_memories(entry)] == [memory.id]
    assert closed.discarded == 0
    assert closed.pending == NOTHING_PENDING

    hass.states.async_set("light.kitchen", "off", {"friendly_name": "Kitchen Light"})
    lone = await async_close_segment(admin)
    assert (lone.memories, lone.discarded) == ([], 1)
    assert len(await stored_memories(entry)) == 1
