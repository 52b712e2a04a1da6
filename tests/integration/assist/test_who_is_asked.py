"""Who someone is, asked of the built-in agent in English and German.

Home Assistant reads "who is [in] {zone:state}" as which person is in a
place: "Who is the vet?" and "Wer ist unser Tierarzt?" were its empty "Not
any" / "Keins" (review s37 finding 28), though the vet was remembered.
Asked of a place a person can be in ("who is home", a zone), the question
stays Home Assistant's, even where nobody is there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from ..fake_agents import say
from .test_corrections import speech
from .test_person_corrections import home_in

if TYPE_CHECKING:
    from freezegun.api import FrozenDateTimeFactory
    from homeassistant.core import HomeAssistant
    from pytest_homeassistant_custom_component.common import MockConfigEntry

pytestmark = pytest.mark.usefixtures("mock_load_model")

_ASKED = {
    "en": (
        "Please remember that the dog's vet is Dr. Hahn",
        (
            "Who is the vet?",
            "Who is our vet?",
            "Who is the dog's vet?",
            "Who is Dr. Hahn?",
        ),
        ("who is home", "who is at work", "who is away"),
    ),
    "de": (
        "Merk dir, dass unser Tierarzt Dr. Hahn heißt",
        ("Wer ist unser Tierarzt?", "Wer ist der Tierarzt?", "Wer ist Dr. Hahn?"),
        ("Wer ist zu Hause?", "Wer ist auf der Arbeit?", "Wer ist unterwegs?"),
    ),
}


@pytest.mark.parametrize("language", ["en", "de"])
async def test_who_someone_is_is_answered_from_memory(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    freezer: FrozenDateTimeFactory,
    request: pytest.FixtureRequest,
    language: str,
) -> None:
    """The vet is told; nobody of the household is at home or at work."""
    await home_in(language, hass, mock_config_entry, freezer, request)
    hass.states.async_set("zone.work", "0", {"friendly_name": "Work"})
    hass.states.async_set("zone.arbeit", "0", {"friendly_name": "Arbeit"})
    hass.states.async_set("person.anna", "not_home", {"friendly_name": "Anna"})
    told, asked, present = _ASKED[language]
    await say(hass, told, language=language)
    for question in asked:
        result = await say(hass, question, language=language)
        answer = speech(result)
        assert "Hahn" in answer, (question, answer)
    for question in present:
        result = await say(hass, question, language=language)
        assert result.response.intent is not None
        assert result.response.intent.intent_type == "HassGetState", (
            question,
            speech(result),
        )


@pytest.mark.parametrize("language", ["en", "de"])
async def test_who_someone_is_is_found_when_asked_in_the_other_language(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    freezer: FrozenDateTimeFactory,
    request: pytest.FixtureRequest,
    language: str,
) -> None:
    """The vet told in the home's language, asked of in the other's: "Wer
    ist unser Tierarzt?" in an English home and "Who is the vet?" in a
    German one were "I don't know" (review s38 #10): the home's word for
    the trade is searched beside the question's."""
    await home_in(language, hass, mock_config_entry, freezer, request)
    told = _ASKED[language][0]
    other = "de" if language == "en" else "en"
    await say(hass, told, language=language)
    for question in _ASKED[other][1][:2]:
        answer = speech(await say(hass, question, language=other))
        assert "Hahn" in answer, (question, answer)
