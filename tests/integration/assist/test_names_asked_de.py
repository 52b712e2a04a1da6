"""What something is called, asked in German of the built-in agent.

"Wie heißt die Katze?" was Home Assistant's "Kein Bereich mit dem Namen
Katze vorhanden" (review s36 M14), though "Merk dir, dass die Katze Mimi
heißt" was kept and "Was weißt du über die Katze?" found it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from ..fake_agents import say
from .test_corrections import speech
from .test_person_corrections import german_home

if TYPE_CHECKING:
    from freezegun.api import FrozenDateTimeFactory
    from homeassistant.core import HomeAssistant
    from pytest_homeassistant_custom_component.common import MockConfigEntry

    from custom_components.home_memory.memory.embedding.multilingual import (
        MultilingualEmbedder,
    )

pytestmark = pytest.mark.usefixtures("mock_load_model")


async def test_what_a_pet_is_called_is_answered_from_memory(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    e5: MultilingualEmbedder,
    freezer: FrozenDateTimeFactory,
) -> None:
    """Asked as a new German user asks it, with or without "nochmal" and
    "unser"."""
    await german_home(hass, mock_config_entry, e5, freezer)
    await say(hass, "Merk dir, dass die Katze Mimi heißt", language="de")
    await say(hass, "Merk dir, dass unser Nachbar Herr Ohlsen heißt", language="de")
    for asked, name in (
        ("Wie heißt die Katze?", "Mimi"),
        ("Wie heißt die Katze nochmal?", "Mimi"),
        ("Wie heißt unser Nachbar?", "Ohlsen"),
    ):
        answer = speech(await say(hass, asked, language="de"))
        assert name in answer, (asked, answer)
        assert "Bereich" not in answer, (asked, answer)
