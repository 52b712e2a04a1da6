"""An observed memory is spoken to a sentence's end.

A door observation's summary is its first sentence cut at 120 characters;
"When did someone last leave the house?" heard "This afternoon: I could
tell that the front door opened and closed around ten past two, so someone
may have…" (review s37 finding 9). The whole sentence is said.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING
from zoneinfo import ZoneInfo

import pytest

from custom_components.home_memory.memory.common.values import (
    SYSTEM,
    NewMemory,
    Source,
)

from ..fake_agents import say
from .test_corrections import english_home_with_minilm, speech

if TYPE_CHECKING:
    from freezegun.api import FrozenDateTimeFactory
    from homeassistant.core import HomeAssistant
    from pytest_homeassistant_custom_component.common import MockConfigEntry

    from custom_components.home_memory.memory.embedding.embedder import Embedder

pytestmark = pytest.mark.usefixtures("mock_load_model")

BERLIN = ZoneInfo("Europe/Berlin")
# The tags the door observation carried in the review's home.
_ASKED_BY = ("come home", "arrive", "leave", "go out", "head out")
DOOR = (
    "On Saturday afternoon, I could tell that the front door opened and "
    "closed around ten past two, so someone may have come in or gone out, or "
    "let a visitor in. An ordinary afternoon, as I, Jarvis, know them here."
)


@pytest.mark.parametrize(
    "asked",
    [
        "When did someone last leave the house?",
        "When was the front door last opened?",
        "Did anyone come today?",
    ],
)
async def test_a_door_observation_is_said_to_its_sentence_end(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    minilm: Embedder,
    freezer: FrozenDateTimeFactory,
    asked: str,
) -> None:
    """The observed door of this afternoon, in a home that sees nobody."""
    store = await english_home_with_minilm(hass, mock_config_entry, minilm, freezer)
    store.create(
        NewMemory(
            content=DOOR,
            tags=(*_ASKED_BY, "afternoon", "doors"),
            source=Source.OBSERVED,
            importance=0.3,
            happened_at=datetime(2026, 11, 28, 14, 10, tzinfo=BERLIN),
        ),
        SYSTEM,
    )
    answer = speech(await say(hass, asked))
    assert "let a visitor in." in answer, (asked, answer)
    assert "\u2026" not in answer, (asked, answer)
