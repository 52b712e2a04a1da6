"""Whether anyone came on a day, asked in German of a home that told none.

"Ist gestern früh jemand gekommen?" answered "Anna hat am Dienstag, 1.
Dezember das Fahrrad repariert." (review s37 finding 17): a deed of that
day, sharing no word with the question, near enough by e5's meaning to pass
the window's topic floor. A deed that tells of no coming answers no
question of who came; "Das weiß ich nicht" is said.
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
    "asked", ["Ist gestern früh jemand gekommen?", "Ist gestern jemand gekommen?"]
)
async def test_a_deed_of_the_day_is_no_coming(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    e5: MultilingualEmbedder,
    freezer: FrozenDateTimeFactory,
    asked: str,
) -> None:
    """Yesterday's bike repair, no visitor; a visit told answers."""
    await german_home(hass, mock_config_entry, e5, freezer)
    await say(
        hass, "Merk dir, dass Anna gestern das Fahrrad repariert hat", language="de"
    )
    answer = speech(await say(hass, asked, language="de"))
    assert answer.startswith("Das weiß ich nicht"), answer
    await say(hass, "Merk dir, dass Oma gestern früh gekommen ist", language="de")
    answer = speech(await say(hass, asked, language="de"))
    assert "Oma" in answer, answer
    assert "Fahrrad" not in answer, answer
