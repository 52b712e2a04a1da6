"""A household memory a person told about their own things names them.

Anna, linked to person.anna, says "remember that my car is in the garage"
to the built-in agent, or calls the remember action with "My locker code is
1111": Ben hears "Anna's car …", "Anna's locker code …", and Anna finds
her car again with "where is my car". Her private memories keep "my"; a
user without a person (and an automation) keeps the household's "our".
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest

from ..conftest import call
from ..fake_agents import say

if TYPE_CHECKING:
    from homeassistant.core import HomeAssistant
    from pytest_homeassistant_custom_component.common import MockUser

pytestmark = pytest.mark.usefixtures("agent_entry", "init_integration")


@pytest.fixture
def anna_person(hass: HomeAssistant, user_anna: MockUser) -> None:
    """person.anna, linked to Anna's user."""
    hass.states.async_set(
        "person.anna", "home", {"user_id": user_anna.id, "friendly_name": "Anna"}
    )


async def speech(
    hass: HomeAssistant, user: MockUser, text: str, language: str = "en"
) -> str:
    """What the built-in agent answers `user`."""
    result = await say(hass, text, user=user, language=language)
    answer: str = result.response.speech["plain"]["speech"]
    return answer


async def contents(hass: HomeAssistant, user: MockUser) -> list[str]:
    """The texts of every memory `user` may list."""
    listed: dict[str, Any] = await call(hass, "list", {"limit": 50}, user=user)
    return [memory["content"] for memory in listed["memories"]]


def first_of(answer: str, *texts: str) -> str:
    """Which of `texts` the answer says first."""
    return min((text for text in texts if text in answer), key=answer.index)


@pytest.mark.usefixtures("anna_person")
async def test_said_to_the_builtin_agent_the_memory_names_its_teller(
    hass: HomeAssistant, user_anna: MockUser, user_ben: MockUser
) -> None:
    """Ben hears whose car it is; each finds their own with "my car" (their
    name is among its people), and "Anna's car" finds Anna's for Ben."""
    hass.states.async_set(
        "person.ben", "home", {"user_id": user_ben.id, "friendly_name": "Ben"}
    )
    await speech(hass, user_anna, "remember that my car is in the garage")
    await speech(hass, user_anna, "remember that I am allergic to peanuts")
    await speech(hass, user_ben, "remember that my car is in the driveway")
    assert sorted(await contents(hass, user_ben)) == [
        "Anna is allergic to peanuts.",
        "Anna's car is in the garage.",
        "Ben's car is in the driveway.",
    ]
    cars = ("Anna's car is in the garage", "Ben's car is in the driveway")
    assert first_of(await speech(hass, user_anna, "where is my car"), *cars) == cars[0]
    assert first_of(await speech(hass, user_ben, "where is my car"), *cars) == cars[1]
    assert "Anna's car is in the garage" in await speech(
        hass, user_ben, "where is Anna's car"
    )
    found = await call(hass, "search", {"query": "Anna's car"}, user=user_ben)
    assert found["memories"][0]["people"] == ["Anna"]


@pytest.mark.usefixtures("anna_person")
async def test_the_remember_action_names_its_teller_but_not_in_private(
    hass: HomeAssistant, user_anna: MockUser, user_ben: MockUser
) -> None:
    """A written sentence from the action is named too; a private one is
    Anna's own and keeps her "my"."""
    shared = await call(
        hass, "remember", {"content": "My locker code is 1111"}, user=user_anna
    )
    assert shared["memory"]["content"] == "Anna's locker code is 1111"
    private = await call(
        hass,
        "remember",
        {"content": "my bank PIN is 8642", "visibility": "private"},
        user=user_anna,
    )
    assert private["memory"]["content"] == "My bank PIN is 8642."
    assert await contents(hass, user_ben) == ["Anna's locker code is 1111"]


async def test_without_a_person_the_household_speaks(
    hass: HomeAssistant, user_anna: MockUser
) -> None:
    """A user no person is linked to, and an automation, keep today's words."""
    await speech(hass, user_anna, "remember that my car is in the garage")
    told = await call(hass, "remember", {"content": "my bike is in the shed"})
    assert told["memory"]["content"] == "Our bike is in the shed."
    assert "Our car is in the garage." in await contents(hass, user_anna)


@pytest.mark.usefixtures("anna_person")
async def test_a_german_household_names_its_teller(
    hass: HomeAssistant, user_anna: MockUser, user_ben: MockUser
) -> None:
    """ "Merk dir, dass mein Auto in der Garage steht": Ben hears "Annas Auto"."""
    await hass.config.async_update(language="de")  # the entry reloads in German
    await hass.async_block_till_done()
    await speech(hass, user_anna, "merk dir, dass mein Auto in der Garage steht", "de")
    assert await contents(hass, user_ben) == ["Annas Auto steht in der Garage."]


@pytest.mark.usefixtures("anna_person")
@pytest.mark.parametrize(
    ("language", "said", "private", "shared"),
    [
        (
            "en",
            "my diary lock code is 1234",
            "My diary lock code is 1234.",
            "Anna's diary lock code is 1234.",
        ),
        (
            "de",
            "mein Tagebuchschloss hat den Code 1234",
            "Mein Tagebuchschloss hat den Code 1234.",
            "Annas Tagebuchschloss hat den Code 1234.",
        ),
    ],
)
async def test_a_private_memory_shared_with_the_household_names_its_teller(
    hass: HomeAssistant,
    user_anna: MockUser,
    user_ben: MockUser,
    language: str,
    said: str,
    private: str,
    shared: str,
) -> None:
    """Found by the reviewers in a real hass: Anna's private "my diary lock
    code" shared with the update action still said "My …" to Ben. It is
    named after her, as told to the household directly."""
    if language != "en":
        await hass.config.async_update(language=language)  # reloads the entry
        await hass.async_block_till_done()
    told = await call(
        hass, "remember", {"content": said, "visibility": "private"}, user=user_anna
    )
    assert told["memory"]["content"] == private
    made = await call(
        hass,
        "update",
        {"id": told["memory"]["id"], "visibility": "household"},
        user=user_anna,
    )
    assert made["memory"]["content"] == shared
    assert made["memory"]["people"] == ["Anna"]
    assert await contents(hass, user_ben) == [shared]
