"""A question of a year with a topic answers that topic's memories of it.

"Was hat der Klempner letztes Jahr repariert" listed "Wir haben im Jahr 2025
die Terrasse gestrichen" beside the plumber's repair; the English "what did
the plumber fix last year" only the plumber's (review s28 M7). A question of
the year alone ("was haben wir letztes Jahr gemacht") still lists all.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from ..fake_agents import say
from .test_corrections import english_home_with_minilm
from .test_person_corrections import german_home

if TYPE_CHECKING:
    from freezegun.api import FrozenDateTimeFactory
    from homeassistant.core import HomeAssistant
    from pytest_homeassistant_custom_component.common import MockConfigEntry

    from custom_components.home_memory.memory.embedding.embedder import Embedder
    from custom_components.home_memory.memory.embedding.multilingual import (
        MultilingualEmbedder,
    )

pytestmark = pytest.mark.usefixtures("mock_load_model")


GERMAN = (
    "Merk dir, dass der Klempner letztes Jahr die Dusche repariert hat",
    "Merk dir, dass wir letztes Jahr die Terrasse gestrichen haben",
)
ENGLISH = (
    "remember that the plumber fixed the shower last year",
    "remember that we painted the patio last year",
)


async def test_a_german_topic_of_last_year_answers_only_its_memory(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    e5: MultilingualEmbedder,
    freezer: FrozenDateTimeFactory,
) -> None:
    """Review s28 M7: the terrace was listed beside the plumber's shower."""
    await german_home(hass, mock_config_entry, e5, freezer)
    for told in GERMAN:
        await say(hass, told, language="de")
    answer = await say(
        hass, "Was hat der Klempner letztes Jahr repariert", language="de"
    )
    spoken = answer.response.speech["plain"]["speech"]
    assert "Dusche" in spoken, spoken
    assert "Terrasse" not in spoken, spoken
    answer = await say(hass, "Was haben wir letztes Jahr gemacht", language="de")
    spoken = answer.response.speech["plain"]["speech"]
    assert "Dusche" in spoken, spoken
    assert "Terrasse" in spoken, spoken


async def test_an_english_topic_of_last_year_answers_only_its_memory(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    minilm: Embedder,
    freezer: FrozenDateTimeFactory,
) -> None:
    """The English as the review found it: the plumber's alone."""
    await english_home_with_minilm(hass, mock_config_entry, minilm, freezer)
    for told in ENGLISH:
        await say(hass, told)
    spoken = (await say(hass, "what did the plumber fix last year")).response.speech[
        "plain"
    ]["speech"]
    assert "shower" in spoken, spoken
    assert "patio" not in spoken, spoken
    spoken = (await say(hass, "what did we do last year")).response.speech["plain"][
        "speech"
    ]
    assert "shower" in spoken, spoken
    assert "patio" in spoken, spoken
