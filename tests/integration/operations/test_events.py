"""operations/events.py: the bus events every write path fires (the sensors they
refresh are tests/integration/test_sensor.py's)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from homeassistant.core import callback
from homeassistant.helpers.dispatcher import async_dispatcher_connect
from pytest_homeassistant_custom_component.common import async_capture_events

from custom_components.home_memory.const import (
    EVENT_MEMORY_CREATED,
    EVENT_MEMORY_FORGOTTEN,
    EVENT_MEMORY_UPDATED,
    SIGNAL_MEMORIES_CHANGED,
    SIGNAL_MEMORY_CHANGES,
)
from custom_components.home_memory.operations.events import ChangeKind, MemoryChange

from ..conftest import call

if TYPE_CHECKING:
    from homeassistant.core import HomeAssistant
    from pytest_homeassistant_custom_component.common import MockConfigEntry, MockUser


async def test_events_carry_ids_and_kinds_never_text(
    hass: HomeAssistant, init_integration: MockConfigEntry, hass_admin_user: MockUser
) -> None:
    """Memory events carry ids and kinds, never the memory's text."""
    created = async_capture_events(hass, EVENT_MEMORY_CREATED)
    updated = async_capture_events(hass, EVENT_MEMORY_UPDATED)
    forgotten = async_capture_events(hass, EVENT_MEMORY_FORGOTTEN)
    secret = "The alarm code is 4711"

    result = await call(
        hass, "remember", {"content": secret, "kind": "fact"}, user=hass_admin_user
    )
    memory_id = result["memory"]["id"]
    await call(hass, "remember", {"content": secret}, user=hass_admin_user)  # merged
    await call(
        hass,
        "update",
        {"id": memory_id, "content": "The alarm code is 0815"},
        user=hass_admin_user,
    )
    await call(hass, "forget", {"ids": [memory_id]}, user=hass_admin_user)
    await call(hass, "restore", {"ids": [memory_id]}, user=hass_admin_user)
    await hass.async_block_till_done()

    assert [event.data for event in created] == [
        {
            "memory_id": memory_id,
            "kind": "fact",
            "weight_class": result["memory"]["weight_class"],
            "source": "explicit",
            "visibility": "household",
            "tier": "active",
        }
    ]
    assert [event.data["memory_id"] for event in updated] == [memory_id] * 3
    assert [event.data["tier"] for event in updated] == ["active"] * 3
    assert [(e.data["memory_id"], e.data["tier"]) for e in forgotten] == [
        (memory_id, "deleted")
    ]
    assert created[0].context.user_id == hass_admin_user.id
    for event in (*created, *updated, *forgotten):
        text = repr(event.data)
        assert "alarm" not in text
        assert "4711" not in text
        assert "0815" not in text


async def test_a_private_memory_changes_silently_on_the_bus(
    hass: HomeAssistant, init_integration: MockConfigEntry, user_anna: MockUser
) -> None:
    """No bus event tells of a private memory; the in-process signal carries
    the change (for the browser's own filtering) and marks quoted words stale."""
    fired = [
        async_capture_events(hass, event)
        for event in (
            EVENT_MEMORY_CREATED,
            EVENT_MEMORY_UPDATED,
            EVENT_MEMORY_FORGOTTEN,
        )
    ]
    changes: list[tuple[ChangeKind, str]] = []
    stale: list[bool] = []

    # Callbacks, so the dispatcher calls them at once, on the loop.
    @callback
    def note(batch: tuple[MemoryChange, ...]) -> None:
        changes.extend((change.kind, change.memory.id) for change in batch)

    @callback
    def note_stale(quoted_words_stale: bool) -> None:
        stale.append(quoted_words_stale)

    async_dispatcher_connect(hass, SIGNAL_MEMORY_CHANGES, note)
    async_dispatcher_connect(hass, SIGNAL_MEMORIES_CHANGED, note_stale)
    result = await call(
        hass,
        "remember",
        {"content": "My diary is in the top drawer", "visibility": "private"},
        user=user_anna,
    )
    memory_id = result["memory"]["id"]
    await hass.async_block_till_done()
    assert stale[-1] is False  # a new memory makes nothing said before wrong
    await call(hass, "forget", {"ids": [memory_id]}, user=user_anna)
    await hass.async_block_till_done()

    assert fired == [[], [], []]
    assert changes == [
        (ChangeKind.CREATED, memory_id),
        (ChangeKind.FORGOTTEN, memory_id),
    ]
    assert stale[-1] is True


async def test_a_household_memory_made_private_is_gone_from_the_bus(
    hass: HomeAssistant, init_integration: MockConfigEntry, user_anna: MockUser
) -> None:
    """Made private, a household memory fires no update (for everyone else it
    is simply gone); the signal says which change hid it."""
    result = await call(
        hass, "remember", {"content": "The ladder is in the garage"}, user=user_anna
    )
    memory_id = result["memory"]["id"]
    updated = async_capture_events(hass, EVENT_MEMORY_UPDATED)
    hidden: list[bool] = []

    @callback
    def note(batch: tuple[MemoryChange, ...]) -> None:
        hidden.extend(change.was_household for change in batch)

    async_dispatcher_connect(hass, SIGNAL_MEMORY_CHANGES, note)
    await call(
        hass, "update", {"id": memory_id, "visibility": "private"}, user=user_anna
    )
    await hass.async_block_till_done()
    assert updated == []
    assert hidden == [True]
