"""The household's person names reach the store, and follow the persons:
a memory told without its people is about the person it opens with."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest

from ..conftest import call, remember_on_a_wednesday

if TYPE_CHECKING:
    from freezegun.api import FrozenDateTimeFactory
    from homeassistant.core import HomeAssistant
    from pytest_homeassistant_custom_component.common import MockUser

    from custom_components.home_memory.runtime.data import HomeMemoryConfigEntry

pytestmark = pytest.mark.usefixtures("mock_load_model")

ANNAS = "Anna got up last night to let the cat in."
BENS = "Ben got up last night because the baby was crying."


def _texts(found: dict[str, Any]) -> list[str]:
    return [memory["content"] for memory in found["memories"]]


async def test_the_persons_names_are_the_store_s_household(
    hass: HomeAssistant, init_integration: HomeMemoryConfigEntry
) -> None:
    """Added, renamed or removed, a person entity's name is the store's."""
    candidates = init_integration.runtime_data.store.candidates
    hass.states.async_set("person.anna", "home", {"friendly_name": "Anna"})
    hass.states.async_set("person.ben", "home", {"friendly_name": "Ben"})
    await hass.async_block_till_done()
    assert candidates.household == {"Anna", "Ben"}
    hass.states.async_set("person.ben", "home", {"friendly_name": "Benjamin"})
    hass.states.async_remove("person.anna")
    await hass.async_block_till_done()
    assert candidates.household == {"Benjamin"}


async def test_a_told_night_is_no_answer_of_another_person(
    hass: HomeAssistant,
    init_integration: HomeMemoryConfigEntry,
    freezer: FrozenDateTimeFactory,
    hass_admin_user: MockUser,
) -> None:
    """Told as Anna and Ben tell them, both nights are stored without their
    people: "did Anna get up last night" listed Ben's too (review s30b M1)."""
    for entity, name in (("person.anna", "Anna"), ("person.ben", "Ben")):
        hass.states.async_set(entity, "home", {"friendly_name": name})
    await remember_on_a_wednesday(
        hass,
        freezer,
        hass_admin_user,
        ((ANNAS, "2026-03-04T02:10:00"), (BENS, "2026-03-04T03:20:00")),
    )
    for query, expected in (
        ("did Anna get up last night", [ANNAS]),
        ("did Ben get up last night", [BENS]),
    ):
        found = await call(hass, "search", {"query": query}, user=hass_admin_user)
        assert _texts(found) == expected, query
