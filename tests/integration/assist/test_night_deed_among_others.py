"""A night's asked deed among the night's other memories, asked by voice.

Review s32 L7: with "Anna and Ben went out for a walk last night" and "Ben
got up to close the window last night" told, "did Ben go out last night"
read the window first: the question's own time words ("last night") were
counted as asked words, so every memory of the night was lifted alike and
the asked deed ("go out" / "went out") no longer stood out. The words of
the question's time are its window, not what it asks.
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

TOLD = {
    "de": (
        "Merk dir, dass Anna und Ben letzte Nacht spazieren gegangen sind",
        "Merk dir, dass Ben letzte Nacht aufgestanden ist, um das Fenster zu schließen",
        "Merk dir, dass Mia letzte Nacht schlecht geschlafen hat",
        "Merk dir, dass der Gartenschlosscode 8142 ist",
    ),
    "en": (
        "remember that Anna and Ben went out for a walk last night",
        "remember that Ben got up to close the window last night",
        "remember that Mia slept badly last night",
        "remember that the garden lock code is 8142",
    ),
}
ASKED = {
    "de": ("Ist Ben letzte Nacht spazieren gegangen", "War Ben letzte Nacht spazieren"),
    "en": ("did Ben go out last night", "did Ben go for a walk last night"),
}
WALK = {"de": "spazieren", "en": "walk"}


@pytest.mark.parametrize("language", ["de", "en"])
async def test_the_asked_deed_is_read_before_the_nights_others(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    freezer: FrozenDateTimeFactory,
    request: pytest.FixtureRequest,
    language: str,
) -> None:
    """Tuesday 1 December, 08:00 in Berlin: the night's walk, getting up
    and sleep told; "did Ben go out last night" reads the walk first."""
    await home_in(language, hass, mock_config_entry, freezer, request)
    for person in ("Anna", "Ben", "Mia"):
        hass.states.async_set(
            f"person.{person.casefold()}", "home", {"friendly_name": person}
        )
    freezer.move_to("2026-12-01T07:00:00+00:00")
    for told in TOLD[language]:
        await say(hass, told, language=language)
    freezer.move_to("2026-12-01T07:05:00+00:00")
    for asked in ASKED[language]:
        answer = speech(await say(hass, asked, language=language))
        assert WALK[language] in answer.split("2:")[0], (asked, answer)
