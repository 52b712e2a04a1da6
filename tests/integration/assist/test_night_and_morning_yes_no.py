"""Yes/no questions with the verb first about the night and the morning,
through the built-in agent (review s29 M8).

"Ist heute Nacht jemand aufgestanden", "Ist heute Morgen jemand
aufgestanden": Home Assistant has no sentence for them ("Entschuldigung,
das habe ich nicht verstanden"); memory answers them from what it observed
that night or morning. Asked on Monday 30 November 2026, 08:30 in Berlin.
A question of a visitor nobody told of ("wann kommt der Schornsteinfeger")
is "Das weiß ich nicht", not a memory near it in meaning.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

import pytest

from custom_components.home_memory.memory.common.values import (
    SYSTEM,
    NewMemory,
    Source,
)

from ..conftest import call
from .test_corrections import contents
from .test_person_corrections import german_home
from .test_questions import GERMAN, answered_by, ask, speech

if TYPE_CHECKING:
    from freezegun.api import FrozenDateTimeFactory
    from homeassistant.core import HomeAssistant
    from pytest_homeassistant_custom_component.common import MockConfigEntry, MockUser

    from custom_components.home_memory.memory.embedding.multilingual import (
        MultilingualEmbedder,
    )
    from custom_components.home_memory.runtime.data import HomeMemoryConfigEntry

pytestmark = pytest.mark.usefixtures("mock_load_model")

MEMORY = "HomeMemoryQuestion"

# What the observer told, and when (Berlin wall clock, winter time).
OBSERVED = (
    (
        "Ben stand in der Nacht auf, um nach dem Heizkessel zu sehen.",
        "2026-11-30T02:40:00+01:00",
        ["aufgestanden", "aufstehen"],
    ),
    (
        "Anna wachte gegen Viertel nach sieben auf und stand auf.",
        "2026-11-30T07:15:00+01:00",
        ["aufgestanden", "aufstehen", "aufgewacht", "aufwachen"],
    ),
    (
        "Ben got up in the night to check the boiler.",
        "2026-11-30T02:45:00+01:00",
        ["get up", "wake up"],
    ),
    (
        "Anna woke up and got out of bed around a quarter past seven.",
        "2026-11-30T07:20:00+01:00",
        ["get up", "wake up"],
    ),
)


@pytest.fixture
async def household(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    init_integration: HomeMemoryConfigEntry,
    freezer: FrozenDateTimeFactory,
    hass_admin_user: MockUser,
) -> MockUser:
    """The night's and the morning's getting up, observed; Monday
    30 November 2026, 08:30 in Berlin."""
    await hass.config.async_update(time_zone="Europe/Berlin")
    freezer.move_to("2026-11-30T07:30:00+00:00")
    for content, at, tags in OBSERVED:
        await call(
            hass,
            "remember",
            {"content": content, "happened_at": at, "kind": "event", "tags": tags},
            user=hass_admin_user,
        )
    return hass_admin_user


@pytest.mark.parametrize(
    ("asked", "language", "answer"),
    [
        ("Ist heute Nacht jemand aufgestanden", "de", "Heizkessel"),
        ("Ist heute Morgen jemand aufgestanden", "de", "Viertel nach sieben"),
        ("Ist Anna heute Morgen aufgestanden", "de", "Viertel nach sieben"),
        ("Sind wir heute Morgen aufgestanden", "de", "stand auf"),
        ("Hat Anna heute Morgen gefrühstückt", "de", None),
        ("did anyone get up last night", "en", "boiler"),
        ("did anyone get up this morning", "en", "quarter past seven"),
    ],
)
async def test_a_verb_first_question_of_the_night_or_morning_is_memorys(
    hass: HomeAssistant,
    household: MockUser,
    asked: str,
    language: str,
    answer: str | None,
) -> None:
    """Memory's answer from the night's or the morning's memory, not Home
    Assistant's "Sorry, I couldn't understand that" (or memory's "I don't
    know" where nothing was observed)."""
    result = await ask(hass, asked, language, user=household)
    assert answered_by(result) == MEMORY, speech(result)
    if answer is not None:
        assert answer in speech(result), speech(result)


@pytest.mark.parametrize(
    "asked",
    [
        "Nein, eigentlich, wann kommt der Schornsteinfeger",
        "wann kommt der Schornsteinfeger",
    ],
)
async def test_a_visitor_nobody_told_of_is_i_dont_know(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    e5: MultilingualEmbedder,
    freezer: FrozenDateTimeFactory,
    asked: str,
) -> None:
    """With the model a German home gets: "Das weiß ich nicht", not the
    hedge e5 puts near any "wann kommt …" (review s29 M8); nothing stored."""
    store = await german_home(hass, mock_config_entry, e5, freezer)
    for told in (
        "Merk dir, dass wir letztes Jahr die Hecke geschnitten haben",
        "Merk dir, dass die Band am Freitag probt",
    ):
        await ask(hass, told, "de")
    before = contents(store)
    result = await ask(hass, asked, "de")
    assert answered_by(result) == MEMORY, speech(result)
    assert speech(result) == GERMAN.say("question_nothing"), speech(result)
    assert contents(store) == before


@pytest.mark.parametrize(
    ("narration", "asked", "language", "said"),
    [
        (
            (
                "It was Monday morning, and I saw that Lotte woke up and got out "
                "of bed around twenty past seven."
            ),
            "did Lotte get up this morning",
            "en",
            "This morning: I saw that Lotte woke up and got out of bed",
        ),
        (
            (
                "Am Montagmorgen fiel mir auf: Lotte wachte gegen zwanzig nach "
                "sieben auf und stand auf."
            ),
            "Ist Lotte heute Morgen aufgestanden",
            "de",
            "Heute Morgen: Lotte wachte gegen zwanzig nach sieben auf",
        ),
    ],
)
async def test_an_observed_answer_says_its_day_once(
    hass: HomeAssistant,
    household: MockUser,
    init_integration: HomeMemoryConfigEntry,
    narration: str,
    asked: str,
    language: str,
    said: str,
) -> None:
    """The answer's header says the day; the narration's own opening day is
    left out ("This morning: It was Monday morning, and I saw …" said it
    twice; review s30b L2)."""
    await hass.async_add_executor_job(
        init_integration.runtime_data.store.create,
        NewMemory(
            content=narration,
            source=Source.OBSERVED,
            happened_at=datetime.fromisoformat("2026-11-30T07:20:00+01:00"),
            tags=("get up", "wake up", "aufgestanden", "aufgewacht"),
        ),
        SYSTEM,
    )
    result = await ask(hass, asked, language, user=household)
    assert answered_by(result) == MEMORY, speech(result)
    assert said in speech(result), speech(result)
    assert "Monday morning" not in speech(result)
    assert "Montagmorgen" not in speech(result)


@pytest.mark.parametrize(
    ("asked", "language"),
    [
        ("Ist Anna letzte Nacht aufgestanden?", "de"),
        ("did Anna get up last night", "en"),
    ],
)
async def test_a_morning_over_the_nights_last_minutes_is_not_the_night(
    hass: HomeAssistant,
    household: MockUser,
    init_integration: HomeMemoryConfigEntry,
    asked: str,
    language: str,
) -> None:
    """Anna's morning observed from 05:45 to 07:30 overlaps the night's last
    quarter hour (it ends at 06:00) but is no answer to whether she got up
    in the night (review s35): too little of it lies inside."""
    await hass.async_add_executor_job(
        init_integration.runtime_data.store.create,
        NewMemory(
            content="Anna stand früh auf und machte in der Küche Frühstück.",
            source=Source.OBSERVED,
            segment_start=datetime.fromisoformat("2026-11-30T05:45:00+01:00"),
            segment_end=datetime.fromisoformat("2026-11-30T07:30:00+01:00"),
            tags=("get up", "aufgestanden", "aufstehen"),
        ),
        SYSTEM,
    )
    result = await ask(hass, asked, language, user=household)
    assert answered_by(result) == MEMORY, speech(result)
    assert "Frühstück" not in speech(result), speech(result)
