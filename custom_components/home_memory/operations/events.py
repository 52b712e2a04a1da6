"""Telling the rest of Home Assistant that memories changed.

One bus event per household memory (ids and kinds, never text) and a
dispatcher signal for the entities; a private memory changes silently, and
the browser's subscription gets the changes inside Home Assistant only.

In more words: docs/operations.md, "`operations/events.py`".
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from homeassistant.core import Context, HomeAssistant, callback
from homeassistant.helpers.dispatcher import async_dispatcher_send

from ..const import (
    EVENT_MEMORY_CREATED,
    EVENT_MEMORY_FORGOTTEN,
    EVENT_MEMORY_UPDATED,
    SIGNAL_MEMORIES_CHANGED,
    SIGNAL_MEMORY_CHANGES,
)
from ..memory.common.values import Visibility

if TYPE_CHECKING:
    from collections.abc import Iterable

    from ..memory.common.values import Memory


class ChangeKind(StrEnum):
    """What happened to a memory."""

    CREATED = "created"
    UPDATED = "updated"
    FORGOTTEN = "forgotten"
    RESTORED = "restored"
    PURGED = "purged"


@dataclass(frozen=True, slots=True)
class MemoryChange:
    """One memory after a change (PURGED: as it was before it went).

    `was_household`: an update made this household memory private, so the
    people who saw it until now must drop it.
    """

    kind: ChangeKind
    memory: Memory
    was_household: bool = False


# What an event may say about a memory. Nothing here is free text.
ATTR_MEMORY_ID = "memory_id"
ATTR_KIND = "kind"
ATTR_WEIGHT_CLASS = "weight_class"
ATTR_SOURCE = "source"
ATTR_VISIBILITY = "visibility"
ATTR_TIER = "tier"


def event_data(memory: Memory) -> dict[str, Any]:
    """The payload of a memory event: identifiers and categories only."""
    return {
        ATTR_MEMORY_ID: memory.id,
        ATTR_KIND: str(memory.kind),
        ATTR_WEIGHT_CLASS: str(memory.weight_class),
        ATTR_SOURCE: str(memory.source),
        ATTR_VISIBILITY: str(memory.visibility),
        ATTR_TIER: str(memory.tier),
    }


@callback
def async_memories_changed(
    hass: HomeAssistant,
    *,
    created: Iterable[Memory] = (),
    updated: Iterable[Memory] = (),
    forgotten: Iterable[Memory] = (),
    restored: Iterable[Memory] = (),
    purged: Iterable[Memory] = (),
    made_private: Iterable[str] = (),
    context: Context | None = None,
    entities_only: bool = False,
) -> None:
    """Fire the memory events and refresh the entities.

    `created`: new memories; `updated`: changed or merged into; `restored`:
    back from the deleted or archived tier (the bus calls it an update);
    `forgotten`: moved to the deleted tier; `purged`: removed for good, as
    they were (no bus event). `made_private`: ids among `updated` that were
    household before this change. Call it with no memory at all when
    something changed that has no event of its own (maintenance, pending
    proposals): the entities still refresh. `context` is the caller's, so
    automations can tell who made the change. `entities_only`: no memory
    changed at all (proposals, the retrieval mode), only the entities refresh.

    The signal says whether a memory's words already quoted to a model may
    now be wrong or hidden (anything but new or restored memories, and a bare
    change that is not `entities_only`): backgrounds kept for a next turn are
    dropped then (coordinator).
    """
    created, updated, forgotten = list(created), list(updated), list(forgotten)
    restored, purged = list(restored), list(purged)
    for event_type, memories in (
        (EVENT_MEMORY_CREATED, created),
        (EVENT_MEMORY_UPDATED, updated),
        (EVENT_MEMORY_UPDATED, restored),
        (EVENT_MEMORY_FORGOTTEN, forgotten),
    ):
        for memory in memories:
            if memory.visibility is not Visibility.HOUSEHOLD:
                continue
            hass.bus.async_fire(event_type, event_data(memory), context=context)
    hidden = set(made_private)
    changes = (
        *(MemoryChange(ChangeKind.CREATED, m) for m in created),
        *(MemoryChange(ChangeKind.UPDATED, m, m.id in hidden) for m in updated),
        *(MemoryChange(ChangeKind.RESTORED, m) for m in restored),
        *(MemoryChange(ChangeKind.FORGOTTEN, m) for m in forgotten),
        *(MemoryChange(ChangeKind.PURGED, m) for m in purged),
    )
    if changes:
        async_dispatcher_send(hass, SIGNAL_MEMORY_CHANGES, changes)
    stale = bool(updated or forgotten or purged or hidden) or not (
        entities_only or created or restored
    )
    async_dispatcher_send(hass, SIGNAL_MEMORIES_CHANGED, stale)
