"""A memory said to Home Assistant's built-in agent shows the turn it came from.

"Remember that …" through the built-in agent's sentences (assist/intents.py):
the memory names its conversation, and its page (websocket `get`) shows the
user's words and the reply as soon as the turn is over, to its speaker only.
Corrections and forgetting by voice keep the memory's history.
"""

from __future__ import annotations

import asyncio
from datetime import timedelta
from typing import TYPE_CHECKING, Any
from unittest.mock import patch

from homeassistant.util import dt as dt_util
import pytest
from pytest_homeassistant_custom_component.common import (
    MockUser,
    async_fire_time_changed,
)

from custom_components.home_memory.background import conversation_capture
from custom_components.home_memory.operations.browse import async_speaker_name
from custom_components.home_memory.operations.proposals import session_store

from ..fake_agents import say

if TYPE_CHECKING:
    from homeassistant.core import HomeAssistant
    from pytest_homeassistant_custom_component.common import MockConfigEntry

    from custom_components.home_memory.runtime.data import HomeMemoryData

    from ..ws_client import Client

pytestmark = pytest.mark.usefixtures("agent_entry", "init_integration")

REPLY = "Okay, I'll remember that."


async def spoken(hass: HomeAssistant, user: MockUser, text: str, **kw: Any) -> Any:
    """One turn with the built-in agent (sentence triggers); the result."""
    result = await say(hass, text, user=user, **kw)
    assert result.response.speech["plain"]["speech"], result
    return result


async def the_memory(client: Client, words: str) -> dict[str, Any]:
    """The one memory the client may see whose text holds `words`."""
    listed = await client.ok("list")
    [memory] = [m for m in listed["memories"] if words in m["content"]]
    return memory


def run_capture_timer(hass: HomeAssistant) -> None:
    """Let conversation capture's timer fire (on the real clock: a memory's
    turn is found by time, so the clock must move between turns)."""
    async_fire_time_changed(hass, dt_util.utcnow() + timedelta(seconds=3))


def turns_of(got: dict[str, Any]) -> list[tuple[str, str]]:
    """(role, text) of the turns a `get` answer shows."""
    conversation = got["provenance"]["conversation"]
    assert conversation is not None
    return [(turn["role"], turn["text"]) for turn in conversation["turns"]]


async def test_a_memory_said_to_the_builtin_agent_shows_its_turn_at_once(
    anna: Client, ben: Client, user_anna: MockUser, hass: HomeAssistant
) -> None:
    """The page of a memory just said holds its conversation's words and reply;
    Ben, who may read the household memory, does not get Anna's words."""
    result = await spoken(hass, user_anna, "remember that the bins go out on Tuesday")
    assert result.response.speech["plain"]["speech"] == REPLY
    # No capture timer has run: the page is opened right after the reply.
    memory = await the_memory(anna, "bins")
    assert memory["origin"] == "voice"
    assert memory["source_ids"] == [result.conversation_id]
    mine = await anna.ok("get", memory_id=memory["id"])
    assert mine["provenance"]["conversation"]["conversation_id"] == (
        result.conversation_id
    )
    assert turns_of(mine) == [
        ("user", "remember that the bins go out on Tuesday"),
        ("assistant", REPLY),
    ]
    theirs = await ben.ok("get", memory_id=memory["id"])
    assert theirs["memory"]["content"] == memory["content"]
    assert turns_of(theirs) == []


async def test_each_memory_of_a_conversation_shows_its_own_turn(
    hass: HomeAssistant,
    init_integration: MockConfigEntry,
    anna: Client,
    user_anna: MockUser,
) -> None:
    """Two memories said in one conversation: each page shows the turn that
    said it, and reading early stores no turn twice."""
    first = await spoken(hass, user_anna, "remember that the bins go out on Tuesday")
    conversation_id = first.conversation_id
    bins = await the_memory(anna, "bins")
    await anna.ok("get", memory_id=bins["id"])
    await spoken(
        hass,
        user_anna,
        "remember that the cat is called Momo",
        conversation_id=conversation_id,
    )
    cat = await the_memory(anna, "Momo")
    assert cat["source_ids"] == [conversation_id]
    # One conversation, one thread (as for an LLM's remember tool).
    assert cat["thread"] == bins["thread"] == conversation_id
    assert turns_of(await anna.ok("get", memory_id=cat["id"])) == [
        ("user", "remember that the cat is called Momo"),
        ("assistant", REPLY),
    ]
    assert turns_of(await anna.ok("get", memory_id=bins["id"])) == [
        ("user", "remember that the bins go out on Tuesday"),
        ("assistant", REPLY),
    ]
    # The capture timer comes after: nothing is stored again.
    run_capture_timer(hass)
    await hass.async_block_till_done()
    data: HomeMemoryData = init_integration.runtime_data
    sessions = session_store(data)
    messages = await hass.async_add_executor_job(
        sessions.conversation_messages, conversation_id, user_anna.id
    )
    assert [m.content for m in messages] == [
        "remember that the bins go out on Tuesday",
        REPLY,
        "remember that the cat is called Momo",
        REPLY,
    ]


async def test_a_voice_correction_shows_its_own_turn_and_keeps_the_first(
    hass: HomeAssistant, anna: Client, user_anna: MockUser
) -> None:
    """ "Remember that …" correcting a memory in a new conversation: the page
    shows the new text and the turn it was said in; the old text and the
    conversation it came from stay in the history."""
    first = await spoken(hass, user_anna, "remember that the bike lock code is 4711")
    corrected = await spoken(
        hass, user_anna, "remember that the bike lock code is 4712"
    )
    assert corrected.response.speech["plain"]["speech"].startswith("Updated:")
    memory = await the_memory(anna, "bike lock")
    got = await anna.ok("get", memory_id=memory["id"])
    assert got["memory"]["content"] == "The bike lock code is 4712."
    assert [h["content"] for h in got["history"]] == ["The bike lock code is 4711."]
    assert got["history"][0]["replaced_by"] == user_anna.id
    assert got["provenance"]["conversation"]["conversation_id"] == (
        corrected.conversation_id
    )
    assert got["memory"]["thread"] == corrected.conversation_id
    assert turns_of(got) == [
        ("user", "remember that the bike lock code is 4712"),
        ("assistant", corrected.response.speech["plain"]["speech"]),
    ]
    assert got["history"][0]["source_ids"] == [first.conversation_id]


async def test_a_memory_forgotten_by_voice_and_restored_keeps_its_turn(
    hass: HomeAssistant, admin: Client, anna: Client, user_anna: MockUser
) -> None:
    """ "Forget …", "yes", then an admin's restore: the page is as before."""
    await spoken(hass, user_anna, "remember that the bins go out on Tuesday")
    memory = await the_memory(anna, "bins")
    asked = await spoken(hass, user_anna, "forget the bins")
    assert asked.response.speech["plain"]["speech"].startswith("Do you want me")
    done = await spoken(hass, user_anna, "yes", conversation_id=asked.conversation_id)
    assert done.response.speech["plain"]["speech"] == "Okay, I've forgotten that."
    await anna.error("get", memory_id=memory["id"])
    assert (await admin.ok("restore", memory_ids=[memory["id"]]))["restored"] == [
        memory["id"]
    ]
    got = await anna.ok("get", memory_id=memory["id"])
    assert got["memory"]["tier"] == "active"
    assert turns_of(got) == [
        ("user", "remember that the bins go out on Tuesday"),
        ("assistant", REPLY),
    ]


async def test_a_read_of_the_logs_waits_for_one_storing_alongside(
    hass: HomeAssistant,
    init_integration: MockConfigEntry,
    user_anna: MockUser,
) -> None:
    """While the capture timer stores a turn, a page's read of the same
    conversation returns only once that turn is stored."""
    result = await spoken(hass, user_anna, "remember that the bins go out on Tuesday")
    data: HomeMemoryData = init_integration.runtime_data
    capture = data.capture
    assert capture is not None
    entered, release = asyncio.Event(), asyncio.Event()
    store_turn = conversation_capture.async_store_turn

    async def held(*args: Any) -> None:
        entered.set()
        await release.wait()
        await store_turn(*args)

    with patch.object(conversation_capture, "async_store_turn", held):
        run_capture_timer(hass)
        await entered.wait()
        reading = asyncio.create_task(capture.async_read_stored(result.conversation_id))
        await asyncio.sleep(0)
        await asyncio.sleep(0)
        assert not reading.done()
        release.set()
        await reading
    messages = await hass.async_add_executor_job(
        session_store(data).conversation_messages,
        result.conversation_id,
        user_anna.id,
    )
    assert [m.content for m in messages] == [
        "remember that the bins go out on Tuesday",
        REPLY,
    ]


async def test_the_page_names_who_said_it_as_home_assistant_knows_them(
    hass: HomeAssistant, anna: Client, ben: Client, user_anna: MockUser
) -> None:
    """`get` names the speaker: the person linked to the user by the person's
    name, else the user's own name, else the stored id; never a generic word.
    Ben, who may read the memory, learns the name, not the words."""
    await spoken(hass, user_anna, "remember that the ladder is in the shed")
    memory = await the_memory(anna, "ladder")
    assert memory["speaker"] == user_anna.id

    async def named(client: Client) -> Any:
        got = await client.ok("get", memory_id=memory["id"])
        return got["provenance"]["conversation"]["speaker_name"]

    # No person is linked to Anna's user: the user's name.
    assert await named(anna) == "Anna"
    hass.states.async_set(
        "person.anna", "home", {"user_id": user_anna.id, "friendly_name": "Anna Berg"}
    )
    assert await named(anna) == "Anna Berg"
    assert await named(ben) == "Anna Berg"
    # A speaker stored as a person entity is named by it; one Home Assistant
    # no longer knows (a removed user) keeps its id, which still tells apart.
    hass.states.async_set("person.ben", "home", {"friendly_name": "Ben Berg"})
    assert await async_speaker_name(hass, "person.ben") == "Ben Berg"
    assert await async_speaker_name(hass, "5f3c0ffee") == "5f3c0ffee"
