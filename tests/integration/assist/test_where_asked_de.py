"""Where something is, asked in German as a new user asks it.

After "Merk dir, dass die Gießkanne in der Garage steht", "Wo steht die
Gießkanne?" (the memory's own verb) and "Wo finde ich die Gießkanne?" were
Home Assistant's "Kein Bereich mit dem Namen Gießkanne vorhanden" (review
s37 finding 24), though "Wo ist die Gießkanne?" was answered.
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


@pytest.mark.parametrize(
    "asked",
    [
        "Wo steht die Gießkanne?",
        "Wo finde ich die Gießkanne?",
        "Wo haben wir die Gießkanne?",
        "Wo befindet sich die Gießkanne?",
        "Wo bewahren wir die Gießkanne auf?",
        "Wo kann ich die Gießkanne finden?",
    ],
)
async def test_where_a_thing_stands_is_answered_from_memory(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    e5: MultilingualEmbedder,
    freezer: FrozenDateTimeFactory,
    asked: str,
) -> None:
    """The place is told back, not Home Assistant's missing area."""
    await german_home(hass, mock_config_entry, e5, freezer)
    await say(hass, "Merk dir, dass die Gießkanne in der Garage steht", language="de")
    answer = speech(await say(hass, asked, language="de"))
    assert answer == "Die Gießkanne steht in der Garage.", (asked, answer)
