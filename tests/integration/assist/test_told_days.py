"""A day told for one event in the present tense is that day: "remember
that the school concert is on Friday" (review s37 #5: it was stored with
no time, as "the bins go out on Tuesday" is a habit)."""

from __future__ import annotations

from typing import TYPE_CHECKING
from zoneinfo import ZoneInfo

import pytest

from custom_components.home_memory.memory.common.values import SYSTEM, MemoryFilter

from ..fake_agents import say
from .test_corrections import english_home_with_minilm

if TYPE_CHECKING:
    from freezegun.api import FrozenDateTimeFactory
    from homeassistant.core import HomeAssistant
    from pytest_homeassistant_custom_component.common import MockConfigEntry

    from custom_components.home_memory.memory.embedding.embedder import Embedder

pytestmark = pytest.mark.usefixtures("mock_load_model")

BERLIN = ZoneInfo("Europe/Berlin")


async def test_an_event_is_on_its_day(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    minilm: Embedder,
    freezer: FrozenDateTimeFactory,
) -> None:
    """Told on Saturday 28 November: the coming Friday, 4 December; the
    bins' day stays a habit, dated when told."""
    store = await english_home_with_minilm(hass, mock_config_entry, minilm, freezer)
    for said in (
        "remember that the school concert is on Friday",
        "remember that the bins go out on Tuesday",
    ):
        await say(hass, said)
    told = {
        m.content: m.happened_at.astimezone(BERLIN).date().isoformat()
        for m in store.list_memories(SYSTEM, MemoryFilter()).items
    }
    assert told == {
        "The school concert is on Friday 4 December.": "2026-12-04",
        # No day of its own: the day it was told.
        "The bins go out on Tuesday.": "2026-11-28",
    }, told
