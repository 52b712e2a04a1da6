"""Tell the store the household's person names, and again when they change.

A memory told by voice ("remember that Ben got up last night …") is stored
without its people; search reads who it is about from the person name it
opens with (memory/search/people.py `told_people`), so it must know the
home's persons: Home Assistant's person entities, by the names they show.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from homeassistant.const import EVENT_STATE_CHANGED
from homeassistant.core import callback

if TYPE_CHECKING:
    from homeassistant.core import Event, EventStateChangedData, HomeAssistant

    from ..runtime.data import HomeMemoryConfigEntry

PERSON_DOMAIN = "person"


@callback
def async_set_household(hass: HomeAssistant, entry: HomeMemoryConfigEntry) -> None:
    """Give the store the names of the home's persons as they are now."""
    names = [state.name for state in hass.states.async_all(PERSON_DOMAIN)]
    entry.runtime_data.store.set_household(names)


@callback
def async_watch_household(hass: HomeAssistant, entry: HomeMemoryConfigEntry) -> None:
    """Set the names now, and after each change of a person entity (one
    added, removed or renamed) while the entry runs."""

    @callback
    def _is_person(data: EventStateChangedData) -> bool:
        return data["entity_id"].startswith(f"{PERSON_DOMAIN}.")

    @callback
    def _on_change(_: Event[EventStateChangedData]) -> None:
        async_set_household(hass, entry)

    entry.async_on_unload(
        hass.bus.async_listen(EVENT_STATE_CHANGED, _on_change, event_filter=_is_person)
    )
    async_set_household(hass, entry)
