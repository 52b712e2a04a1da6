"""The person a user is (operations/persons.py): the name a household memory
told by them is named with, and the name a memory's page shows."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from custom_components.home_memory.operations.persons import (
    async_person_name,
    async_teller_name,
)

if TYPE_CHECKING:
    from homeassistant.core import HomeAssistant


async def test_the_person_linked_to_a_user_names_them(hass: HomeAssistant) -> None:
    """The person entity whose user_id is the user's; none: no name."""
    hass.states.async_set(
        "person.anna", "home", {"user_id": "anna-user", "friendly_name": "Anna Berg"}
    )
    hass.states.async_set("person.guest", "home", {"friendly_name": "Guest"})
    assert async_person_name(hass, "anna-user") == "Anna Berg"
    assert async_teller_name(hass, "anna-user") == "Anna Berg"
    assert async_person_name(hass, "ben-user") is None
    assert async_teller_name(hass, "ben-user") is None
    assert async_teller_name(hass, None) is None


@pytest.mark.parametrize("name", ["Anna\u202e", "Anna\u200b", "  ", "!!"])
async def test_a_name_that_cannot_be_written_names_nobody(
    hass: HomeAssistant, name: str
) -> None:
    """A person named with hidden characters or no word: the household's
    words are kept rather than a memory refused or spoofed."""
    hass.states.async_set(
        "person.odd", "home", {"user_id": "odd-user", "friendly_name": name}
    )
    assert async_person_name(hass, "odd-user") == name
    assert async_teller_name(hass, "odd-user") is None
