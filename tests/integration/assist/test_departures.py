"""A departure asked in the household's everyday words, of the built-in
agent in a German home: "Wann ist Anna aus dem Haus gegangen?",
"… weggegangen?" read the observed departure, not the morning before it
(the asked words of text/moments.de.json, which observed memories carry as
tags; the probe of session 32 read Anna's getting up first)."""

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
from custom_components.home_memory.memory.text.moments import asked_tags

from ..fake_agents import say
from .test_corrections import german_home_with_e5, speech

if TYPE_CHECKING:
    from freezegun.api import FrozenDateTimeFactory
    from homeassistant.core import HomeAssistant
    from pytest_homeassistant_custom_component.common import MockConfigEntry

    from custom_components.home_memory.memory.embedding.multilingual import (
        MultilingualEmbedder,
    )
    from custom_components.home_memory.memory.store import MemoryStore

pytestmark = pytest.mark.usefixtures("mock_load_model")

BERLIN = ZoneInfo("Europe/Berlin")
# Tuesday 1 December 2026, as the German home narrates it.
OBSERVED = (
    ("Am Dienstagmorgen sah ich: Anna wachte gegen sieben auf und stand auf.",
     7, "got_up:morning"),
    ("Am Dienstagmorgen fiel mir auf: Anna brach gegen acht auf.", 8, "departure"),
    ("Am Dienstagmorgen fiel mir auf: Anna kam gegen zehn nach Hause.", 10, "arrival"),
)  # fmt: skip


async def _observed_morning(
    hass: HomeAssistant,
    entry: MockConfigEntry,
    e5: MultilingualEmbedder,
    freezer: FrozenDateTimeFactory,
) -> None:
    """Anna's Tuesday morning, observed: getting up, departure, return."""
    await hass.config.async_update(time_zone="Europe/Berlin")
    freezer.move_to("2026-12-01T11:00:00+00:00")
    store = await german_home_with_e5(hass, entry, e5)
    hass.states.async_set("person.anna", "home", {"friendly_name": "Anna"})
    _observe(
        store,
        [
            (content, datetime(2026, 12, 1, hour, tzinfo=BERLIN), kind)
            for content, hour, kind in OBSERVED
        ],
    )


def _observe(store: MemoryStore, moments: list[tuple[str, datetime, str]]) -> None:
    """Anna's observed moments (text, when, kind), tagged with the German
    words a question asks them by."""
    tags = asked_tags("de")
    for content, at, kind in moments:
        store.create(
            NewMemory(
                content=content,
                people=("Anna",),
                tags=(*tags[kind], "presence"),
                source=Source.OBSERVED,
                importance=0.3,
                happened_at=at,
            ),
            SYSTEM,
        )


@pytest.mark.parametrize(
    "asked",
    [
        "Wann ist Anna aus dem Haus gegangen?",
        "Wann ist Anna heute weggegangen?",
        "Wann ist Anna losgegangen?",
        "Wann hat Anna das Haus verlassen?",
    ],
)
async def test_a_departure_asked_in_everyday_words_reads_the_departure(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    e5: MultilingualEmbedder,
    freezer: FrozenDateTimeFactory,
    asked: str,
) -> None:
    """Anna's morning, observed: her getting up, her departure, her return."""
    await _observed_morning(hass, mock_config_entry, e5, freezer)
    answer = speech(await say(hass, asked, language="de"))
    assert "brach" in answer.split("2:")[0], answer


# Anna's Monday and Tuesday, observed: the departure of Monday is her last;
# her getting up and return on Tuesday came later.
LATER = (
    ("Am Montagmorgen fiel mir auf: Anna brach gegen acht auf.", 30, 8,
     "departure"),
    ("Am Dienstagmorgen sah ich: Anna wachte gegen sieben auf und stand auf.",
     1, 7, "got_up:morning"),
    ("Am Dienstagmorgen fiel mir auf: Anna kam gegen zehn nach Hause.", 1, 10,
     "arrival"),
)  # fmt: skip


@pytest.mark.parametrize(
    "asked",
    [
        "Wann ist Anna zuletzt aus dem Haus gegangen?",
        "Wann hat Anna zuletzt das Haus verlassen?",
        "Wann ist Anna das letzte Mal weggegangen?",
    ],
)
async def test_the_last_departure_is_the_last_of_the_departures(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    e5: MultilingualEmbedder,
    freezer: FrozenDateTimeFactory,
    asked: str,
) -> None:
    """Asked when Anna last left, the departure is read before the later
    moments of other kinds ("the last time" read the newest of the
    relevant first, and the asked moment's tags were not looked at)."""
    await hass.config.async_update(time_zone="Europe/Berlin")
    freezer.move_to("2026-12-01T11:00:00+00:00")
    store = await german_home_with_e5(hass, mock_config_entry, e5)
    hass.states.async_set("person.anna", "home", {"friendly_name": "Anna"})
    _observe(
        store,
        [
            (
                content,
                datetime(2026, 11 if day == 30 else 12, day, hour, tzinfo=BERLIN),
                kind,
            )
            for content, day, hour, kind in LATER
        ],
    )
    answer = speech(await say(hass, asked, language="de"))
    assert "brach" in answer.split("2:")[0], answer
