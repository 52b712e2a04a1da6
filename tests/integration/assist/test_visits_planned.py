"""Visits and plans told to the built-in agent, read as a person means them.

Review s40: "Peter besucht uns am Samstag" was no coming visit ("besucht" is
also the participle; #2); "Peter kommt am Samstag", asked about on the
Monday after, was said as still coming (#3); and "Merk dir, dass Oma uns
am Sonntag besucht hat" in an English home kept its clause's verb last
(#4). The clock is the freezer's: Monday 30 November 2026 in Berlin.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from ..conftest import call
from ..fake_agents import say
from .test_corrections import ENGLISH, GERMAN, contents, speech
from .test_person_corrections import home_in

if TYPE_CHECKING:
    from freezegun.api import FrozenDateTimeFactory
    from homeassistant.core import HomeAssistant
    from pytest_homeassistant_custom_component.common import MockConfigEntry, MockUser

pytestmark = pytest.mark.usefixtures("mock_load_model")

MONDAY = "2026-11-30T15:00:00+00:00"


async def test_a_visit_in_the_present_is_a_coming_one(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    freezer: FrozenDateTimeFactory,
    request: pytest.FixtureRequest,
    user_anna: MockUser,
) -> None:
    """On Monday 30 November: the present tense is the coming Saturday, the
    perfect the last one."""
    store = await home_in("de", hass, mock_config_entry, freezer, request)
    freezer.move_to(MONDAY)
    for told in (
        "Merk dir, Peter besucht uns am Samstag",
        "Merk dir, Klara hat uns am Samstag besucht",
    ):
        await say(hass, told, language="de", user=user_anna)
    assert contents(store) == {
        "Peter besucht uns am Samstag, 5. Dezember.",
        "Klara hat uns am Samstag, 28. November besucht.",
    }


@pytest.mark.parametrize(
    ("language", "told", "asked", "memory"),
    [
        (
            "de",
            "Merk dir, Peter kommt am Samstag",
            "Was weißt du über Peter?",
            "Peter kommt am Samstag, 5. Dezember.",
        ),
        (
            "en",
            "remember that Peter is coming on Saturday",
            "what do you remember about Peter",
            "Peter is coming on Saturday 5 December.",
        ),
    ],
)
async def test_a_plan_whose_day_is_over_is_said_as_a_past_plan(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    freezer: FrozenDateTimeFactory,
    request: pytest.FixtureRequest,
    user_anna: MockUser,
    language: str,
    told: str,
    asked: str,
    memory: str,
) -> None:
    """Told on Monday 30 November for Saturday: asked on Thursday it is
    coming, as told; asked on the Monday after, it was planned (its day
    said once, by its own words)."""
    store = await home_in(language, hass, mock_config_entry, freezer, request)
    freezer.move_to(MONDAY)
    await say(hass, told, language=language, user=user_anna)
    assert contents(store) == {memory}
    words = GERMAN if language == "de" else ENGLISH
    freezer.move_to("2026-12-03T10:00:00+00:00")
    assert speech(await say(hass, asked, language=language, user=user_anna)) == memory
    freezer.move_to("2026-12-07T10:00:00+00:00")
    assert speech(await say(hass, asked, language=language, user=user_anna)) == (
        words.say("past_plan_said", memory=memory)
    )


async def test_a_plan_told_again_as_done_is_no_past_plan(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    freezer: FrozenDateTimeFactory,
    request: pytest.FixtureRequest,
    user_anna: MockUser,
) -> None:
    """Told ahead, then corrected to what happened ("Peter ist am Samstag
    gekommen"): said as it is now told."""
    store = await home_in("de", hass, mock_config_entry, freezer, request)
    freezer.move_to(MONDAY)
    await say(hass, "Merk dir, Peter kommt am Samstag", language="de", user=user_anna)
    freezer.move_to("2026-12-07T10:00:00+00:00")
    await say(
        hass,
        "Korrektur: Peter ist am Samstag, 5. Dezember gekommen",
        language="de",
        user=user_anna,
    )
    [now_told] = contents(store)
    asked = speech(await say(hass, "Was weißt du über Peter?", language="de"))
    assert asked == now_told, asked


async def test_a_german_clause_told_in_an_english_home_has_its_verb_second(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    freezer: FrozenDateTimeFactory,
    request: pytest.FixtureRequest,
    user_anna: MockUser,
) -> None:
    """ "Merk dir, dass …" in an English conversation: read as German."""
    store = await home_in("en", hass, mock_config_entry, freezer, request)
    freezer.move_to(MONDAY)
    await say(
        hass,
        "Merk dir, dass Oma uns am Sonntag besucht hat",
        language="en",
        user=user_anna,
    )
    assert contents(store) == {"Oma hat uns am Sonntag, 29. November besucht."}


async def test_a_past_plan_whose_words_name_no_time_is_said_with_it(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    freezer: FrozenDateTimeFactory,
    request: pytest.FixtureRequest,
    user_anna: MockUser,
) -> None:
    """A plan stored with its time in the field (an action's or a tool's
    `happened_at`), asked about after it: when it was planned for."""
    await home_in("en", hass, mock_config_entry, freezer, request)
    freezer.move_to(MONDAY)
    await call(
        hass,
        "remember",
        {"content": "Ben's piano recital", "happened_at": "2026-12-05T18:00:00"},
        user=user_anna,
    )
    freezer.move_to("2026-12-07T10:00:00+00:00")
    asked = speech(
        await say(
            hass, "what do you remember about Ben's piano recital", user=user_anna
        )
    )
    assert asked.startswith(ENGLISH.say("past_plan", when="", memory="")[:16]), asked
    assert asked.endswith(": Ben's piano recital."), asked
    assert "5 December" in asked, asked


@pytest.mark.parametrize(
    ("language", "told", "asked", "memory"),
    [
        (
            "de",
            "Merk dir, Peter besucht uns am Samstag",
            ("Wann kommt Peter?", "Kommt Peter noch?"),
            "Peter besucht uns am Samstag, 5. Dezember.",
        ),
        (
            "en",
            "Remember that Peter is coming on Saturday",
            ("When is Peter coming?", "Is Peter still coming?"),
            "Peter is coming on Saturday 5 December.",
        ),
    ],
)
async def test_when_one_comes_after_the_plan_s_day_is_the_plan_that_was(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    freezer: FrozenDateTimeFactory,
    request: pytest.FixtureRequest,
    user_anna: MockUser,
    language: str,
    told: str,
    asked: tuple[str, ...],
    memory: str,
) -> None:
    """Told on Monday 30 November for Saturday: asked on Saturday evening,
    the plan; on the Monday after, "Das weiß ich nicht" (review s41 #1):
    the plan that was, by its date. Another's coming that is over is no
    answer beside it."""
    store = await home_in(language, hass, mock_config_entry, freezer, request)
    freezer.move_to(MONDAY)
    await say(hass, told, language=language, user=user_anna)
    other = (
        "Merk dir, der Gärtner kommt am Freitag"
        if language == "de"
        else "Remember that the gardener is coming on Friday"
    )
    await say(hass, other, language=language, user=user_anna)
    assert memory in contents(store)
    words = GERMAN if language == "de" else ENGLISH
    freezer.move_to("2026-12-05T19:30:00+00:00")
    for question in asked:
        answer = speech(await say(hass, question, language=language, user=user_anna))
        assert answer == memory, (question, answer)
    freezer.move_to("2026-12-07T10:00:00+00:00")
    for question in asked:
        answer = speech(await say(hass, question, language=language, user=user_anna))
        assert answer == words.say("past_plan_said", memory=memory), (question, answer)


async def test_an_english_visit_in_the_simple_present_is_a_coming_one(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    freezer: FrozenDateTimeFactory,
    request: pytest.FixtureRequest,
    user_anna: MockUser,
) -> None:
    """On Monday 30 November "Peter visits us on Saturday" was an undated
    habit (review s41 #2), where German "Peter besucht uns am Samstag" is
    the coming Saturday: so is the English, and "comes over"; "on
    Saturdays", "every Saturday" stay a habit, the past the last one."""
    store = await home_in("en", hass, mock_config_entry, freezer, request)
    freezer.move_to(MONDAY)
    for told in (
        "Remember that Peter visits us on Saturday",
        "Remember that Klara comes over on Saturday",
        "Remember that Oma is visiting us on Sunday",
        "Remember that Ben visits us on Saturdays",
        "Remember that Lena visits us every Sunday",
        "Remember that Max visited us on Saturday",
    ):
        await say(hass, told, language="en", user=user_anna)
    assert contents(store) == {
        "Peter visits us on Saturday 5 December.",
        "Klara comes over on Saturday 5 December.",
        "Oma is visiting us on Sunday 6 December.",
        "Ben visits us on Saturdays.",
        "Lena visits us every Sunday.",
        "Max visited us on Saturday 28 November.",
    }
