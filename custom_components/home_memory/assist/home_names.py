"""The names Assist knows in this home: exposed entities, areas and floors.

A question about a thing Home Assistant has by that name ("where is the
garage" with a Garage area, "where is the spare key" with a "Spare key"
tracker) stays Home Assistant's, even where its own answer is an apology:
the question is about the thing it knows, not about a memory.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from homeassistant.components.homeassistant.exposed_entities import (
    async_should_expose,
)
from homeassistant.core import callback
from homeassistant.helpers import (
    area_registry as ar,
    device_registry as dr,
    entity_registry as er,
    floor_registry as fr,
)

if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator

    from homeassistant.core import HomeAssistant

ASSISTANT = "conversation"


def normalized(name: str) -> str:
    """A name compared as Assist compares them: case and spacing aside."""
    return " ".join(name.casefold().split())


@callback
def async_known_names(hass: HomeAssistant) -> set[str]:
    """Every name Assist could mean, normalized."""
    return {normalized(name) for name in _names(hass) if name}


def _names(hass: HomeAssistant) -> Iterator[str]:
    entities = er.async_get(hass)
    devices = dr.async_get(hass)
    exposed_devices: set[str] = set()
    for state in hass.states.async_all():
        if not async_should_expose(hass, ASSISTANT, state.entity_id):
            continue
        yield state.name
        if (entry := entities.async_get(state.entity_id)) is None:
            continue
        yield from _texts(entry.aliases)
        if entry.device_id is not None:
            exposed_devices.add(entry.device_id)
    for device_id in exposed_devices:
        if (device := devices.async_get(device_id)) is not None:
            yield from _texts((device.name_by_user, device.name))
    for area in ar.async_get(hass).async_list_areas():
        yield area.name
        yield from area.aliases
    for floor in fr.async_get(hass).async_list_floors():
        yield floor.name
        yield from floor.aliases


def _texts(values: Iterable[object]) -> Iterator[str]:
    """The names among `values` (aliases may hold a marker for the entity's name)."""
    return (value for value in values if isinstance(value, str))
