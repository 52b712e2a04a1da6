"""Yes/no questions about the past, through the built-in agent (final review
s19 item 2).

"was the TV on on Thursday", "did Ben turn on the TV", "war die Haustür
heute offen": Home Assistant keeps no past to tell, and its gazetteer, kept
from switching the TV on, apologised even where memory held the answer.
Memory answers them now, with the question's time window, or says it does
not know; "is the TV on" and "turn on the TV" stay Home Assistant's.
Asked on Saturday 28 November 2026, 15:00 in Berlin.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from pytest_homeassistant_custom_component.common import async_mock_service

from ..conftest import call
from .test_questions import ENGLISH, GERMAN, answered_by, ask, expose, speech

if TYPE_CHECKING:
    from freezegun.api import FrozenDateTimeFactory
    from homeassistant.core import HomeAssistant, ServiceCall
    from pytest_homeassistant_custom_component.common import MockConfigEntry, MockUser

    from custom_components.home_memory.runtime.data import HomeMemoryConfigEntry

pytestmark = pytest.mark.usefixtures("mock_load_model")

MEMORY = "HomeMemoryQuestion"

# What happened, and when (Berlin wall clock, winter time).
EVENTS = (
    (
        "I noticed that the front door opened and closed around eight.",
        "2026-11-28T08:00:00+01:00",
    ),
    ("The garage door was left open until midnight.", "2026-11-27T22:00:00+01:00"),
    ("Die Haustür stand heute Morgen offen.", "2026-11-28T08:30:00+01:00"),
)


@pytest.fixture
async def household(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    init_integration: HomeMemoryConfigEntry,
    freezer: FrozenDateTimeFactory,
    hass_admin_user: MockUser,
) -> MockUser:
    """Ben's football on Thursday, told in English and in German, the
    events above, a TV (Fernseher) that is off; Saturday 28 November 2026,
    15:00 in Berlin."""
    await hass.config.async_update(time_zone="Europe/Berlin")
    freezer.move_to("2026-11-28T14:00:00+00:00")
    for told, language in (
        ("remember that Ben watched the football on TV on Thursday", "en"),
        ("merk dir, dass Ben am Donnerstag Fußball im Fernseher geschaut hat", "de"),
    ):
        said = speech(await ask(hass, told, language, user=hass_admin_user))
        assert said in (ENGLISH.say("remembered"), GERMAN.say("remembered")), said
    for content, at in EVENTS:
        await call(
            hass,
            "remember",
            {"content": content, "happened_at": at, "kind": "event"},
            user=hass_admin_user,
        )
    return hass_admin_user


@pytest.fixture
def switched_on(hass: HomeAssistant) -> list[ServiceCall]:
    """The TV, exposed and off, in English and German; its switching on."""
    expose(hass, "switch.tv", "TV", "off")
    expose(hass, "switch.fernseher", "Fernseher", "off")
    return async_mock_service(hass, "switch", "turn_on")


@pytest.mark.parametrize(
    ("asked", "language", "answer"),
    [
        ("was the TV on on Thursday", "en", "football"),
        ("did Ben turn on the TV", "en", "football"),
        ("was the TV on", "en", "football"),
        ("did anyone open the front door today", "en", "front door opened"),
        ("was the front door open this morning", "en", "front door opened"),
        ("was the garage door open last night", "en", "garage door was left open"),
        ("war der Fernseher am Donnerstag an", "de", "Fußball"),
        ("hat Ben den Fernseher eingeschaltet", "de", "Fußball"),
        ("war die Haustür heute offen", "de", "Haustür stand"),
    ],
)
async def test_a_past_yes_no_question_is_answered_from_memory(
    hass: HomeAssistant,
    household: MockUser,
    switched_on: list[ServiceCall],
    asked: str,
    language: str,
    answer: str,
) -> None:
    """Memory's answer, not Home Assistant's "Sorry, …"; nothing switched."""
    result = await ask(hass, asked, language, user=household)
    await hass.async_block_till_done()
    assert switched_on == []
    assert answered_by(result) == MEMORY, speech(result)
    assert answer in speech(result), speech(result)


@pytest.mark.parametrize(
    ("asked", "language"),
    [
        # Ben's football was on Thursday, not today.
        ("was the TV on today", "en"),
        ("did Ben turn on the TV yesterday", "en"),
        # Nothing of the kitchen light (the spare key is in its drawer).
        ("was the kitchen light on", "en"),
        ("did the TV turn on last night", "en"),
        ("war der Fernseher heute an", "de"),
        ("war das Küchenlicht gestern an", "de"),
    ],
)
async def test_nothing_relevant_in_memory_is_i_dont_know(
    hass: HomeAssistant,
    household: MockUser,
    switched_on: list[ServiceCall],
    asked: str,
    language: str,
) -> None:
    """With nothing in the question's time window, or nothing of its
    subject: memory's "I don't know", never an unrelated memory that shares
    a word ("Ben hid the spare key in the kitchen drawer")."""
    await call(
        hass,
        "remember",
        {"content": "Ben hid the spare key in the kitchen drawer."},
        user=household,
    )
    result = await ask(hass, asked, language, user=household)
    await hass.async_block_till_done()
    assert switched_on == []
    assert answered_by(result) == MEMORY, speech(result)
    nothing = ENGLISH if language == "en" else GERMAN
    assert speech(result) == nothing.say("question_nothing")


@pytest.mark.parametrize(
    ("asked", "language", "intent", "calls"),
    [
        ("is the TV on", "en", "HassGetState", 0),
        ("is the front door open", "en", "HassGetState", 0),
        ("turn on the TV", "en", "HassTurnOn", 1),
        ("ist der Fernseher an", "de", "HassGetState", 0),
        ("schalte den Fernseher ein", "de", "HassTurnOn", 1),
    ],
)
async def test_present_state_questions_and_commands_stay_home_assistants(
    hass: HomeAssistant,
    household: MockUser,
    switched_on: list[ServiceCall],
    asked: str,
    language: str,
    intent: str,
    calls: int,
) -> None:
    """ "is the TV on" asks the state now, "turn on the TV" is a command:
    Home Assistant's, with memory holding Ben's football."""
    expose(hass, "binary_sensor.front_door", "Front door", "off")
    result = await ask(hass, asked, language, user=household)
    await hass.async_block_till_done()
    assert answered_by(result) == intent, speech(result)
    assert len(switched_on) == calls
