"""A person's own thing told for the household, then told privately with a
new value, through the built-in agent and the remember action (live review
s44: Anna's "My personal pin is 4106" stayed the household's beside her
private 5199, and Ben heard 4106). The stale household copy goes to the
deleted tier (restorable); Ben's own code, and Ben's telling, stay."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest

from custom_components.home_memory.memory.common.values import (
    SYSTEM,
    MemoryFilter,
    Visibility,
)

from ..conftest import call
from ..fake_agents import say
from .test_corrections import ENGLISH, GERMAN, speech
from .test_person_corrections import home_in
from .test_private_told_again import ben_asks, own

if TYPE_CHECKING:
    from freezegun.api import FrozenDateTimeFactory
    from homeassistant.core import HomeAssistant
    from pytest_homeassistant_custom_component.common import MockConfigEntry, MockUser

pytestmark = pytest.mark.usefixtures("mock_load_model")

# (language, Anna's household telling, her private telling of a new value,
# Ben's own household code, Ben's question)
CASES = [
    (
        "en",
        "remember that my bike lock code is 4106",
        "remember that my bike lock code is 5199 privately",
        "remember that my bike lock code is 7777",
        "What is Anna's bike lock code?",
    ),
    (
        "en",
        "remember that my bike lock code is 4106",
        "Remember privately that my bike lock code is 5199",
        "remember that my bike lock code is 7777",
        "What is Anna's bike lock code?",
    ),
    (
        "de",
        "Merk dir, dass mein Fahrradschlosscode 4106 ist",
        "Merk dir privat, dass mein Fahrradschlosscode 5199 ist",
        "Merk dir, dass mein Fahrradschlosscode 7777 ist",
        "Was ist Annas Fahrradschlosscode?",
    ),
    (
        "de",
        "Merk dir, dass mein Fahrradschlosscode 4106 ist",
        "Merk dir, dass mein Fahrradschlosscode 5199 ist, privat",
        "Merk dir, dass mein Fahrradschlosscode 7777 ist",
        "Was ist Annas Fahrradschlosscode?",
    ),
]


@pytest.mark.parametrize(("language", "shared", "told", "bens", "asked"), CASES)
async def test_a_private_new_value_takes_the_stale_household_copy(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    freezer: FrozenDateTimeFactory,
    request: pytest.FixtureRequest,
    user_anna: MockUser,
    user_ben: MockUser,
    language: str,
    shared: str,
    told: str,
    bens: str,
    asked: str,
) -> None:
    """Anna hears it is hers alone; Ben no longer hears 4106 (nor 5199) by
    voice, tool or action; his own code stays the household's; restoring brings Anna's
    household copy back."""
    store = await home_in(language, hass, mock_config_entry, freezer, request)
    await say(hass, bens, language=language, user=user_ben)
    await say(hass, shared, language=language, user=user_anna)
    [household] = [
        m
        for m in store.list_memories(SYSTEM, MemoryFilter()).items
        if "4106" in m.content
    ]
    answer = speech(await say(hass, told, language=language, user=user_anna))
    words = GERMAN if language == "de" else ENGLISH
    assert answer == words.say("remembered_private")
    [mine] = [
        text for text, seen in own(store, user_anna) if seen is Visibility.PRIVATE
    ]
    assert "5199" in mine
    assert not [text for text, _ in own(store, user_anna) if "4106" in text]
    heard = await ben_asks(hass, user_ben, asked)
    assert "4106" not in heard, heard
    assert "5199" not in heard, heard
    [(bens_code, bens_visibility)] = own(store, user_ben)
    assert "7777" in bens_code
    assert bens_visibility is Visibility.HOUSEHOLD
    restored: Any = await call(hass, "restore", {"ids": [household.id]}, user=user_anna)
    assert restored == {"restored": [household.id]}
    assert [
        m.id
        for m in store.list_memories(SYSTEM, MemoryFilter()).items
        if ("4106" in m.content)
    ] == [household.id]


async def test_a_private_new_value_by_the_action_leaves_bens_telling(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    freezer: FrozenDateTimeFactory,
    request: pytest.FixtureRequest,
    user_anna: MockUser,
    user_ben: MockUser,
) -> None:
    """The remember action told privately takes Anna's own stale household
    copy; Ben's household "Anna's locker code is 1357" is his telling and
    stays, as does what Anna told of Ben's code."""
    store = await home_in("en", hass, mock_config_entry, freezer, request)
    await say(hass, "remember that Anna's locker code is 1357", user=user_ben)
    await say(hass, "remember that Ben's bike lock code is 2020", user=user_anna)
    await say(hass, "remember that my bike lock code is 4106", user=user_anna)
    await say(hass, "remember that my locker code is 8642", user=user_anna)
    for content in ("My bike lock code is 5199", "My locker code is 9753"):
        await call(
            hass,
            "remember",
            {"content": content, "visibility": "private"},
            user=user_anna,
        )
    seen = [text for text, _ in own(store, user_ben)]
    assert not [text for text in seen if "4106" in text or "8642" in text], seen
    assert "Anna's locker code is 1357." in seen
    assert [text for text in seen if "2020" in text]
