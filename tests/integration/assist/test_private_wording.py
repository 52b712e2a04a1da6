"""Ways of saying "privately" through the built-in agent.

"Remember, just between us, that …", "merk dir ganz privat, dass …", "nur für
mich: merk dir, dass …" keep the memory to the speaker, without the marker
words; a statement that only mentions "us" stays the household's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from custom_components.home_memory.memory.common.values import (
    SYSTEM,
    Caller,
    MemoryFilter,
    Visibility,
)

from .test_questions import ENGLISH, GERMAN, ask, speech

if TYPE_CHECKING:
    from homeassistant.core import HomeAssistant
    from pytest_homeassistant_custom_component.common import MockConfigEntry, MockUser

    from custom_components.home_memory.runtime.data import HomeMemoryConfigEntry

pytestmark = pytest.mark.usefixtures("mock_load_model")


@pytest.mark.parametrize(
    ("said", "language", "stored"),
    [
        (
            "Remember, just between us, that the present is in the wardrobe",
            "en",
            "The present is in the wardrobe.",
        ),
        (
            "between you and me, remember that the cake is in the oven",
            "en",
            "The cake is in the oven.",
        ),
        (
            "remember that the bike is in the shed, keep it between us",
            "en",
            "The bike is in the shed.",
        ),
        (
            "remember that the ring is in the drawer, just between you and me",
            "en",
            "The ring is in the drawer.",
        ),
        (
            "Merk dir ganz privat, dass der Tresorcode 4711 ist",
            "de",
            "Der Tresorcode ist 4711.",
        ),
        (
            "Nur für mich: merk dir, dass der Tresorcode 4711 ist",
            "de",
            "Der Tresorcode ist 4711.",
        ),
        (
            "Unter uns gesagt, merk dir, dass die Kette im Schrank ist",
            "de",
            "Die Kette ist im Schrank.",
        ),
        (
            "merk dir, dass die Uhr im Bad hängt, aber nur unter uns",
            "de",
            "Die Uhr hängt im Bad.",
        ),
    ],
)
async def test_private_wording_keeps_the_memory_to_the_speaker(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    init_integration: HomeMemoryConfigEntry,
    user_anna: MockUser,
    said: str,
    language: str,
    stored: str,
) -> None:
    """Said privately: Anna's own memory, its text without the marker words."""
    store = init_integration.runtime_data.store
    words = ENGLISH if language == "en" else GERMAN
    answer = await ask(hass, said, language, user=user_anna)
    assert speech(answer) == words.say("remembered_private")
    [memory] = store.list_memories(Caller(user_id=user_anna.id), MemoryFilter()).items
    assert memory.visibility is Visibility.PRIVATE
    assert memory.content == stored
    assert store.list_memories(Caller(None), MemoryFilter()).items == []


@pytest.mark.parametrize(
    ("said", "language"),
    [
        ("remember that the present for us is in the wardrobe", "en"),
        ("remember that between us and the neighbours is a fence", "en"),
        ("remember that the fence is between us", "en"),
        ("merk dir, dass unter uns die Müllers wohnen", "de"),
        ("merk dir, dass der Zaun zwischen uns und den Nachbarn steht", "de"),
    ],
)
async def test_a_statement_about_us_stays_the_households(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    init_integration: HomeMemoryConfigEntry,
    user_anna: MockUser,
    said: str,
    language: str,
) -> None:
    """ "us" in what is remembered is not a private aside."""
    store = init_integration.runtime_data.store
    words = ENGLISH if language == "en" else GERMAN
    answer = await ask(hass, said, language, user=user_anna)
    assert speech(answer) == words.say("remembered")
    [memory] = store.list_memories(SYSTEM, MemoryFilter()).items
    assert memory.visibility is Visibility.HOUSEHOLD
