""" "Was habe ich dir letzte Woche erzählt?" lists what was told then, as
"Was habe ich letzte Woche gesagt?" does (new-user review s39 finding 5:
"dir" was read as the topic, and the day's memories had to match it)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from ..fake_agents import say
from .test_corrections import german_home_with_e5, speech

if TYPE_CHECKING:
    from freezegun.api import FrozenDateTimeFactory
    from homeassistant.core import HomeAssistant
    from pytest_homeassistant_custom_component.common import MockConfigEntry

    from custom_components.home_memory.memory.embedding.multilingual import (
        MultilingualEmbedder,
    )

pytestmark = pytest.mark.usefixtures("mock_load_model")

TOLD = (
    "Merk dir, dass der Ersatzschlüssel unter dem Blumentopf liegt",
    "Merk dir, dass die Plätzchen in der blauen Dose sind",
    "Merk dir, dass Ben die Fenster geputzt hat",
)


@pytest.mark.parametrize(
    "asked",
    [
        "Was habe ich heute gesagt?",
        "Was habe ich dir heute erzählt?",
        "Was hab ich dir heute gesagt?",
        "Was haben wir dir heute erzählt?",
    ],
)
async def test_what_was_told_to_you_today_lists_the_day(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    e5: MultilingualEmbedder,
    freezer: FrozenDateTimeFactory,
    asked: str,
) -> None:
    """Three things told this morning; asked at noon what was told to the
    assistant today, with "dir" or without: all three."""
    freezer.move_to("2026-12-01T08:00:00+00:00")
    await german_home_with_e5(hass, mock_config_entry, e5)
    for told in TOLD:
        await say(hass, told, language="de")
    freezer.move_to("2026-12-01T11:00:00+00:00")
    answer = speech(await say(hass, asked, language="de"))
    for thing in ("Ersatzschlüssel", "Plätzchen", "Fenster"):
        assert thing in answer, (asked, answer)
