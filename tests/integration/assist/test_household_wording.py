"""How the household's answers are worded, through the built-in agent.

From the new-user review: "where is the spare key" was answered "On
Wednesday 11 November, around seven: The spare key is under the red flower
pot." (a "where" question asks for the place, not the day); a German
observation part was read with ";." at its end.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from ..conftest import call
from .test_questions import answered_by, ask, speech

if TYPE_CHECKING:
    from freezegun.api import FrozenDateTimeFactory
    from homeassistant.core import HomeAssistant
    from pytest_homeassistant_custom_component.common import MockUser

pytestmark = pytest.mark.usefixtures(
    "mock_load_model", "agent_entry", "init_integration"
)

MEMORY = "HomeMemoryQuestion"


async def told_yesterday_evening(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, user: MockUser, content: str
) -> None:
    """`content`, an event of Tuesday 10 November 2026 at seven in the
    evening (Berlin), asked about on Wednesday at half past nine."""
    await hass.config.async_update(time_zone="Europe/Berlin")
    freezer.move_to("2026-11-11T08:30:00+00:00")
    await call(
        hass,
        "remember",
        {
            "content": content,
            "kind": "event",
            "happened_at": "2026-11-10T19:00:00+01:00",
        },
        user=user,
    )


@pytest.mark.parametrize(
    ("content", "asked", "language", "answer"),
    [
        (
            "The spare key is under the red flower pot.",
            "where is the spare key",
            "en",
            "The spare key is under the red flower pot.",
        ),
        (
            "The spare key is under the red flower pot.",
            "where's the spare key?",
            "en",
            "The spare key is under the red flower pot.",
        ),
        (
            "Der Ersatzschlüssel liegt unter dem roten Blumentopf.",
            "wo ist der Ersatzschlüssel",
            "de",
            "Der Ersatzschlüssel liegt unter dem roten Blumentopf.",
        ),
    ],
)
async def test_a_where_question_is_answered_without_a_date(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    user_anna: MockUser,
    content: str,
    asked: str,
    language: str,
    answer: str,
) -> None:
    """The place alone, though the memory is an event of yesterday."""
    await told_yesterday_evening(hass, freezer, user_anna, content)
    result = await ask(hass, asked, language, user=user_anna)
    assert answered_by(result) == MEMORY, speech(result)
    assert speech(result) == answer


async def test_other_questions_about_an_event_still_say_when(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, user_anna: MockUser
) -> None:
    """ "what did Ben fix" of yesterday's repair keeps its day."""
    await told_yesterday_evening(hass, freezer, user_anna, "Ben fixed the garden gate.")
    result = await ask(hass, "what did Ben fix", user=user_anna)
    assert speech(result).startswith("Yesterday"), speech(result)
    assert speech(result).endswith("Ben fixed the garden gate.")


async def test_a_part_ending_in_a_semicolon_is_said_with_one_full_stop(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, user_anna: MockUser
) -> None:
    """ "… ging gegen sieben auf und wieder zu;." is said "… zu."."""
    await told_yesterday_evening(
        hass,
        freezer,
        user_anna,
        "Am Abend lief der Fernseher im Wohnzimmer bis elf. Die Haustür "
        "ging gegen sieben auf und wieder zu; vielleicht ist jemand "
        "gekommen oder gegangen.",
    )
    result = await ask(hass, "wann ist die Haustür aufgegangen", "de", user=user_anna)
    assert answered_by(result) == MEMORY, speech(result)
    assert speech(result).endswith("auf und wieder zu."), speech(result)
    assert ";." not in speech(result)


@pytest.mark.parametrize(
    ("told", "asked", "language", "answer"),
    [
        (
            "privately remember that my bank PIN is 4821",
            "what's my bank PIN",
            "en",
            "Your bank PIN is 4821.",
        ),
        (
            "merk dir privat, dass meine Bank-PIN 4821 ist",
            "wie lautet meine Bank-PIN",
            "de",
            "Deine Bank-PIN ist 4821.",
        ),
    ],
)
async def test_a_memory_read_back_to_its_teller_says_your(
    hass: HomeAssistant,
    user_anna: MockUser,
    user_ben: MockUser,
    told: str,
    asked: str,
    language: str,
    answer: str,
) -> None:
    """Anna's "my bank PIN" is "your bank PIN" when it is read to her."""
    await ask(hass, told, language, user=user_anna)
    result = await ask(hass, asked, language, user=user_anna)
    assert answered_by(result) == MEMORY, speech(result)
    assert speech(result) == answer


async def test_more_reads_the_tellers_own_memories_to_them_too(
    hass: HomeAssistant, user_anna: MockUser
) -> None:
    """ "more" after a list says Anna's own private "My …" as "Your …" too
    (the first answer did, "more" read "My bike lock code …")."""
    for thing, code in (
        ("bank code", "4821"),
        ("bike lock code", "1357"),
        ("phone code", "2468"),
        ("locker code", "9753"),
        ("safe code", "8642"),
    ):
        await ask(hass, f"privately remember that my {thing} is {code}", user=user_anna)
    listed = await ask(hass, "what is my code", user=user_anna)
    assert answered_by(listed) == MEMORY, speech(listed)
    more = await ask(hass, "more", user=user_anna)
    said = speech(listed) + " " + speech(more)
    assert "Your " in speech(more), said
    assert "My " not in said, said


async def test_a_memory_told_by_the_action_is_read_back_as_yours(
    hass: HomeAssistant, user_anna: MockUser, user_ben: MockUser
) -> None:
    """Anna's private "My locker code is 5826." from the `remember` action
    was read to her as "My locker code …" beside "Your gym locker code …"
    from voice (final review s18 item 6); to Ben, her household "my" is
    hers, never his "your"."""
    await call(
        hass,
        "remember",
        {"content": "My locker code is 5826.", "visibility": "private"},
        user=user_anna,
    )
    result = await ask(hass, "what is my locker code", user=user_anna)
    assert answered_by(result) == MEMORY, speech(result)
    assert speech(result) == "Your locker code is 5826."
    await call(hass, "remember", {"content": "My kayak is red."}, user=user_anna)
    kayak = await ask(hass, "what colour is the kayak", user=user_ben)
    assert "Your" not in speech(kayak), speech(kayak)
