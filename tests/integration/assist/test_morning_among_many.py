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
from .test_person_corrections import german_home

if TYPE_CHECKING:
    from freezegun.api import FrozenDateTimeFactory
    from homeassistant.core import HomeAssistant
    from pytest_homeassistant_custom_component.common import MockConfigEntry

    from custom_components.home_memory.memory.embedding.multilingual import (
        MultilingualEmbedder,
    )

pytestmark = pytest.mark.usefixtures("mock_load_model")

# What the German acceptance home's earlier tests told this morning.
TOLD_DE = (
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
)


async def test_the_getting_up_is_read_among_the_mornings_others(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    e5: MultilingualEmbedder,
    freezer: FrozenDateTimeFactory,
) -> None:
    """Tuesday 1 December, 06:16 in Berlin: a dozen things told this
    morning, then Lotte's getting up at 06:14; "Ist heute Morgen jemand
    aufgestanden" reads the two getting ups first."""
    await german_home(hass, mock_config_entry, e5, freezer)
    freezer.move_to("2026-12-01T05:15:00+00:00")
    for told in TOLD_DE:
        await say(hass, told, language="de")
    freezer.move_to("2026-12-01T05:16:00+00:00")
    await call(
        hass,
        "remember",
        {
            "content": "Lotte wachte auf und stand auf, um Kaffee zu kochen.",
            "kind": "event",
            "happened_at": "2026-12-01T06:14:00+01:00",
        },
    )
    for asked in (
        "Ist heute Morgen jemand aufgestanden",
        "Ist Lotte heute Morgen aufgestanden",
    ):
        answer = speech(await say(hass, asked, language="de"))
        assert "Kaffee" in answer.split("3:")[0], (asked, answer)
