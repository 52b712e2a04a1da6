"""A private memory told again by its teller without "privately", through
the built-in agent, the LLM tool and the actions (live review s42 MED-1:
"my gate code is 3333" after the private "my gate code is 3333" was a
household memory, and Ben heard the code; so did "Actually, my GATE CODE
is 3333"). It folds into the private memory; nobody else hears it, nor
that it exists; another person's same words are their own."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from homeassistant.core import Context
from homeassistant.helpers import llm
from homeassistant.helpers.dispatcher import async_dispatcher_connect
from homeassistant.setup import async_setup_component
import pytest
from pytest_homeassistant_custom_component.common import async_capture_events

from custom_components.home_memory.const import (
    DOMAIN,
    EVENT_MEMORY_FORGOTTEN,
    SIGNAL_MEMORY_CHANGES,
)
from custom_components.home_memory.memory.common.values import (
    SYSTEM,
    Caller,
    MemoryFilter,
    Visibility,
)
from custom_components.home_memory.operations.events import ChangeKind, MemoryChange

from ..conftest import call
from ..fake_agents import say
from .test_corrections import ENGLISH, GERMAN, speech
from .test_person_corrections import home_in

if TYPE_CHECKING:
    from freezegun.api import FrozenDateTimeFactory
    from homeassistant.core import HomeAssistant
    from pytest_homeassistant_custom_component.common import MockConfigEntry, MockUser

    from custom_components.home_memory.memory.store import MemoryStore

pytestmark = pytest.mark.usefixtures("mock_load_model")

# (language, told privately, told again without "privately", Ben's question)
CASES = [
    (
        "en",
        "remember privately that my gate code is 3333",
        "remember that my gate code is 3333",
        "What is Anna's gate code?",
    ),
    (
        "en",
        "remember privately that my gate code is 3333",
        "Actually, my GATE CODE is 3333",
        "What is Anna's gate code?",
    ),
    (
        "en",
        "remember privately that my gate code is 3333",
        "remember that My Gate Code is   3333!",
        "What is Anna's gate code?",
    ),
    (
        "de",
        "Merk dir privat, dass mein Torcode 3333 ist",
        "Merk dir, dass mein Torcode 3333 ist",
        "Was ist Annas Torcode?",
    ),
    (
        "de",
        "Merk dir privat, dass mein Torcode 3333 ist",
        "Eigentlich ist mein TORCODE 3333",
        "Was ist Annas Torcode?",
    ),
]


def own(store: MemoryStore, user: MockUser) -> list[tuple[str, Visibility]]:
    """What `user` sees: each active memory's text and who sees it."""
    items = store.list_memories(Caller(user_id=user.id), MemoryFilter()).items
    return [(m.content, m.visibility) for m in items]


async def ben_asks(hass: HomeAssistant, user_ben: MockUser, question: str) -> str:
    """Everything Ben is told when he asks: the built-in agent's answer,
    the recall tool's result and the search action's response."""
    assert await async_setup_component(hass, "llm", {})
    language = "de" if question.startswith("Was") else "en"
    spoken = speech(await say(hass, question, language=language, user=user_ben))
    api = await llm.async_get_api(
        hass,
        DOMAIN,
        llm.LLMContext(
            platform="test",
            context=Context(user_id=user_ben.id),
            language=language,
            assistant="conversation",
            device_id=None,
        ),
    )
    recalled = await api.async_call_tool(
        llm.ToolInput(tool_name="recall", tool_args={"query": question})
    )
    found: Any = await call(hass, "search", {"query": question}, user=user_ben)
    return f"{spoken} {recalled.data} {found}"


@pytest.mark.parametrize(("language", "told", "again", "asked"), CASES)
async def test_a_private_memory_told_again_stays_private(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    freezer: FrozenDateTimeFactory,
    request: pytest.FixtureRequest,
    user_anna: MockUser,
    user_ben: MockUser,
    language: str,
    told: str,
    again: str,
    asked: str,
) -> None:
    """Anna hears it stays hers; there is no household memory; Ben hears
    neither the code nor of the memory, by voice, tool or action."""
    store = await home_in(language, hass, mock_config_entry, freezer, request)
    await say(hass, told, language=language, user=user_anna)
    [(private, _)] = own(store, user_anna)
    answer = speech(await say(hass, again, language=language, user=user_anna))
    words = GERMAN if language == "de" else ENGLISH
    assert answer == words.say("already_known_private")
    assert list(store.list_memories(SYSTEM, MemoryFilter()).items) == []
    assert own(store, user_anna) == [(private, Visibility.PRIVATE)]
    heard = await ben_asks(hass, user_ben, asked)
    assert "3333" not in heard, heard


async def test_told_again_four_times_at_once_is_one_private_memory(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    freezer: FrozenDateTimeFactory,
    request: pytest.FixtureRequest,
    user_anna: MockUser,
    user_ben: MockUser,
) -> None:
    """Four of Anna's "my gate code is 3333" at once, by voice and by the
    tool: still her one private memory, nothing for the household."""
    store = await home_in("en", hass, mock_config_entry, freezer, request)
    assert await async_setup_component(hass, "llm", {})
    await say(hass, "remember privately that my gate code is 3333", user=user_anna)
    api = await llm.async_get_api(
        hass,
        DOMAIN,
        llm.LLMContext(
            platform="test",
            context=Context(user_id=user_anna.id),
            language="en",
            assistant="conversation",
            device_id=None,
        ),
    )
    said = await asyncio.gather(
        say(hass, "remember that my gate code is 3333", user=user_anna),
        say(hass, "remember that my GATE CODE is 3333.", user=user_anna),
        api.async_call_tool(
            llm.ToolInput(
                tool_name="remember", tool_args={"content": "my gate code is 3333"}
            )
        ),
        call(
            hass,
            "remember",
            {"content": "My gate code is 3333", "visibility": "household"},
            user=user_anna,
        ),
    )
    assert said[2].data["result"] == "reinforced"
    assert said[2].data["visibility"] == "private"
    assert said[3]["action"] == "reinforced"
    assert list(store.list_memories(SYSTEM, MemoryFilter()).items) == []
    assert own(store, user_anna) == [("My gate code is 3333.", Visibility.PRIVATE)]
    assert "3333" not in await ben_asks(hass, user_ben, "What is Anna's gate code?")


async def test_another_person_saying_the_same_words_keeps_their_own_memory(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    freezer: FrozenDateTimeFactory,
    request: pytest.FixtureRequest,
    user_anna: MockUser,
    user_ben: MockUser,
) -> None:
    """Ben's "Anna's gate code is 3333" is his statement for the household,
    answered as any new one: nothing tells him Anna keeps it privately."""
    store = await home_in("en", hass, mock_config_entry, freezer, request)
    await say(hass, "remember privately that my gate code is 3333", user=user_anna)
    answer = speech(
        await say(hass, "remember that Anna's gate code is 3333", user=user_ben)
    )
    assert answer == ENGLISH.say("remembered")
    assert own(store, user_ben) == [("Anna's gate code is 3333.", Visibility.HOUSEHOLD)]
    assert ("My gate code is 3333.", Visibility.PRIVATE) in own(store, user_anna)


@pytest.mark.parametrize(
    ("language", "told", "again"),
    [
        (
            "en",
            "remember privately that my pin is 4321",
            "remember privately that my pin is 4321",
        ),
        (
            "en",
            "remember privately that my pin is 4321",
            "actually, my pin is 4321, keep it private",
        ),
        (
            "en",
            "remember privately that my phone is in the desk drawer",
            "No, my phone is in the desk drawer, just for me",
        ),
        (
            "de",
            "Merk dir privat, dass mein Handy in der Schublade liegt",
            "Nein, mein Handy liegt in der Schublade, das bleibt unter uns",
        ),
    ],
)
async def test_a_private_restatement_that_changes_nothing_is_no_update(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    freezer: FrozenDateTimeFactory,
    request: pytest.FixtureRequest,
    user_anna: MockUser,
    language: str,
    told: str,
    again: str,
) -> None:
    """Told privately again, in the first person as the memory is: one
    memory, and no "Updated: My pin is 4321 (was: My pin is 4321)" (the
    memory was read as "Anna's pin …" and corrected to its own words), nor
    a second private copy."""
    store = await home_in(language, hass, mock_config_entry, freezer, request)
    await say(hass, told, language=language, user=user_anna)
    [(private, _)] = own(store, user_anna)
    answer = speech(await say(hass, again, language=language, user=user_anna))
    words = GERMAN if language == "de" else ENGLISH
    assert answer == words.say("already_known_private")
    assert own(store, user_anna) == [(private, Visibility.PRIVATE)]


# (language, told for the household, told privately, Ben's question)
TAKEN_PRIVATE = [
    (
        "en",
        "remember that my bank pin is 2468",
        "remember privately that my bank pin is 2468",
        "What is Anna's bank pin?",
    ),
    (
        "de",
        "Merk dir, dass meine Bank-PIN 2468 ist",
        "Merk dir privat, dass meine Bank-PIN 2468 ist",
        "Was ist Annas Bank-PIN?",
    ),
]


@pytest.mark.parametrize(("language", "shared", "told", "asked"), TAKEN_PRIVATE)
async def test_a_household_memory_told_again_privately_becomes_private(
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
    asked: str,
) -> None:
    """Anna's household fact told again privately is one memory, hers
    alone: Ben hears neither the pin nor of the memory (live review s43
    #1: the household copy stayed, and Ben heard it)."""
    store = await home_in(language, hass, mock_config_entry, freezer, request)
    await say(hass, shared, language=language, user=user_anna)
    [household] = store.list_memories(SYSTEM, MemoryFilter()).items
    forgotten_events = async_capture_events(hass, EVENT_MEMORY_FORGOTTEN)
    changes: list[MemoryChange] = []
    async_dispatcher_connect(hass, SIGNAL_MEMORY_CHANGES, changes.extend)
    await say(hass, told, language=language, user=user_anna)
    assert list(store.list_memories(SYSTEM, MemoryFilter()).items) == []
    [(_, visibility)] = own(store, user_anna)
    assert visibility is Visibility.PRIVATE
    assert "2468" not in await ben_asks(hass, user_ben, asked)
    # Live review s43 M2: no event said the household copy went, so Ben's
    # open memory browser kept showing the pin.
    assert [event.data["memory_id"] for event in forgotten_events] == [household.id]
    assert [
        change.memory.id for change in changes if change.kind is ChangeKind.FORGOTTEN
    ] == [household.id]


@pytest.mark.parametrize(("language", "shared", "told", "asked"), TAKEN_PRIVATE)
async def test_told_for_the_household_and_privately_at_once_is_one_private_memory(
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
    asked: str,
) -> None:
    """Both tellings (and the household one twice more, by the tool and
    the action) at once end as told one after the other: the writer
    decides, not the order."""
    store = await home_in(language, hass, mock_config_entry, freezer, request)
    assert await async_setup_component(hass, "llm", {})
    api = await llm.async_get_api(
        hass,
        DOMAIN,
        llm.LLMContext(
            platform="test",
            context=Context(user_id=user_anna.id),
            language=language,
            assistant="conversation",
            device_id=None,
        ),
    )
    content = "meine Bank-PIN ist 2468" if language == "de" else "my bank pin is 2468"
    await asyncio.gather(
        say(hass, told, language=language, user=user_anna),
        say(hass, shared, language=language, user=user_anna),
        api.async_call_tool(
            llm.ToolInput(tool_name="remember", tool_args={"content": content})
        ),
        call(
            hass,
            "remember",
            {"content": content, "visibility": "household"},
            user=user_anna,
        ),
    )
    assert list(store.list_memories(SYSTEM, MemoryFilter()).items) == []
    [(_, visibility)] = own(store, user_anna)
    assert visibility is Visibility.PRIVATE
    assert "2468" not in await ben_asks(hass, user_ben, asked)


async def test_another_persons_household_memory_stays_theirs(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    freezer: FrozenDateTimeFactory,
    request: pytest.FixtureRequest,
    user_anna: MockUser,
    user_ben: MockUser,
) -> None:
    """Ben's household "Anna's bank pin is 2468" is his telling: Anna's
    private one is hers beside it, and Ben still hears what he told,
    nothing of hers."""
    store = await home_in("en", hass, mock_config_entry, freezer, request)
    await say(hass, "remember that Anna's bank pin is 2468", user=user_ben)
    await say(hass, "remember privately that my bank pin is 2468", user=user_anna)
    assert own(store, user_ben) == [("Anna's bank pin is 2468.", Visibility.HOUSEHOLD)]
    assert ("My bank pin is 2468.", Visibility.PRIVATE) in own(store, user_anna)
