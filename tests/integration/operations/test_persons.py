"""The person a user is (operations/persons.py): the name a household memory
told by them is named with, and the name a memory's page shows."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from pytest_homeassistant_custom_component.common import MockUser

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
    assert await async_teller_name(hass, "anna-user") == "Anna Berg"
    assert async_person_name(hass, "ben-user") is None
    assert await async_teller_name(hass, "ben-user") is None
    assert await async_teller_name(hass, None) is None


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
    assert await async_teller_name(hass, "odd-user") is None


@pytest.mark.parametrize(
    ("user_name", "person_name", "teller"),
    [
        ("Ben", None, "Ben"),
        ("  Ben   Miller ", None, "Ben Miller"),
        ("Ben", "Benjamin Miller", "Benjamin Miller"),
        ("Ben", "Ben\u200b", "Ben"),
        (None, None, None),
        ("", None, None),
        ("Administrator", None, None),
        ("Owner", None, None),
        ("3f2a9c1e7b4d", None, None),
    ],
)
async def test_a_user_without_a_person_is_named_by_their_user_name(
    hass: HomeAssistant,
    user_name: str | None,
    person_name: str | None,
    teller: str | None,
) -> None:
    """The person's name first, else the user's (new-user review s16: Ben,
    a login with no person, was stored as the assistant's "I"); never an
    empty name, an account word or an id."""
    user = MockUser(name=user_name).add_to_hass(hass)
    if person_name is not None:
        hass.states.async_set(
            "person.ben", "home", {"user_id": user.id, "friendly_name": person_name}
        )
    assert await async_teller_name(hass, user.id) == teller


async def test_system_and_deactivated_users_name_nobody(hass: HomeAssistant) -> None:
    """Supervisor or Cloud tell nothing as a person; nor does a login that
    was switched off."""
    system = await hass.auth.async_create_system_user("Supervisor")
    assert await async_teller_name(hass, system.id) is None
    gone = MockUser(name="Carla", is_active=False).add_to_hass(hass)
    assert await async_teller_name(hass, gone.id) is None
