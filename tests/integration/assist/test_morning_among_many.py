"""A morning's getting up among the morning's other memories, asked by voice.

CI of session 32, 06:16 in Berlin: "Ist heute Morgen jemand aufgestanden"
listed nine other memories of the morning, not Lotte's getting up told
two minutes before ("Lotte wachte auf und stand auf, um Kaffee zu
kochen."). A question whether anyone did X this morning reads the memory
that says X first, however many others the morning holds.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from ..conftest import call
from ..fake_agents import say
from .test_corrections import speech
from .test_person_corrections import home_in

if TYPE_CHECKING:
    from freezegun.api import FrozenDateTimeFactory
    from homeassistant.core import HomeAssistant
    from pytest_homeassistant_custom_component.common import MockConfigEntry

pytestmark = pytest.mark.usefixtures("mock_load_model")

# What the German acceptance home's earlier tests told this morning, and
# the same in English.
TOLD = {
    "de": (
        "Merk dir, dass Ben ein neues Hochbeet gebaut hat",
        "Merk dir, dass Ben den Kompost umgesetzt hat",
        "Merk dir, dass Ben einen Rasenmäher gekauft hat",
        "Merk dir, dass ich den Dachboden aufgeräumt habe, weil er voll war",
        "Merk dir, dass wir heute mit den Kindern im Aquarium waren",
        "Merk dir, dass am Morgen war die Katze sehr hungrig",
        "Merk dir, dass Mia Plätzchen für das Schulfest gebacken hat",
        "Merk dir, dass Rosas Nachbarin einen Zitronenkuchen gebacken hat",
        "Merk dir, dass die Hebamme morgen kommt",
        "Merk dir, dass Ben heute um halb sechs aufgestanden ist",
        "Merk dir, dass der Gartenschlosscode 8142 ist",
    ),
    "en": (
        "remember that Ben built a new raised bed",
        "remember that Ben turned the compost",
        "remember that Ben bought a lawnmower",
        "remember that I tidied the attic because it was full",
        "remember that we went to the aquarium with the kids today",
        "remember that the cat was very hungry this morning",
        "remember that Mia baked cookies for the school fair",
        "remember that the midwife is coming tomorrow",
        "remember that Ben got up at half past five today",
        "remember that the garden lock code is 8142",
    ),
}
LOTTE = {
    "de": "Lotte wachte auf und stand auf, um Kaffee zu kochen.",
    "en": "Lotte woke up and got out of bed to make coffee.",
}
ASKED = {
    "de": (
        "Ist heute Morgen jemand aufgestanden",
        "Ist Lotte heute Morgen aufgestanden",
    ),
    "en": ("did anyone get up this morning", "did Lotte get up this morning"),
}
COFFEE = {"de": "Kaffee", "en": "coffee"}


@pytest.mark.parametrize("language", ["de", "en"])
async def test_the_getting_up_is_read_among_the_mornings_others(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    freezer: FrozenDateTimeFactory,
    request: pytest.FixtureRequest,
    language: str,
) -> None:
    """Tuesday 1 December, 06:16 in Berlin: a dozen things told this
    morning, then Lotte's getting up at 06:14 (German: her simple past);
    "did anyone get up this morning" reads the getting ups first."""
    await home_in(language, hass, mock_config_entry, freezer, request)
    freezer.move_to("2026-12-01T05:15:00+00:00")
    for told in TOLD[language]:
        await say(hass, told, language=language)
    freezer.move_to("2026-12-01T05:16:00+00:00")
    await call(
        hass,
        "remember",
        {
            "content": LOTTE[language],
            "kind": "event",
            "happened_at": "2026-12-01T06:14:00+01:00",
        },
    )
    for asked in ASKED[language]:
        answer = speech(await say(hass, asked, language=language))
        assert COFFEE[language] in answer.split("3:")[0], (asked, answer)
