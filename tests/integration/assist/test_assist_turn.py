"""Whole Assist turns through a scripted LLM agent, and the built-in agent."""

from __future__ import annotations

from datetime import timedelta
import re
import threading
from typing import TYPE_CHECKING, Any
from unittest.mock import patch

from homeassistant.components import conversation
from homeassistant.core import Context, HomeAssistant
from homeassistant.helpers import intent, llm
import pytest

from custom_components.home_memory.assist.context import (
    CACHED_HEADER,
    CONTEXT_QUERY_CHARS,
    async_turn_context,
    searched_words,
)
from custom_components.home_memory.assist.intents import INTENT_REMEMBER
from custom_components.home_memory.assist.prompts import ENGLISH as ENGLISH_PROMPTS
from custom_components.home_memory.assist.sentence_files import load_sentence_files
from custom_components.home_memory.const import DOMAIN
from custom_components.home_memory.memory.common.values import (
    SYSTEM,
    Caller,
    MemoryFilter,
    Tier,
    Visibility,
)
from custom_components.home_memory.memory.search.cursors import CURSOR_TTL_SECONDS
from custom_components.home_memory.operations.proposals import session_store
from custom_components.home_memory.runtime.conversation_state import CONFIRMATION_TTL

from ..conftest import call
from ..fake_agents import ScriptedAgent, say

if TYPE_CHECKING:
    from freezegun.api import FrozenDateTimeFactory
    from homeassistant.components.conversation import ConversationResult
    from pytest_homeassistant_custom_component.common import MockConfigEntry, MockUser

    from custom_components.home_memory.runtime.data import HomeMemoryConfigEntry

pytestmark = pytest.mark.usefixtures("mock_load_model")

# The built-in agent's English answers, as its sentence file words them.
ENGLISH = load_sentence_files().wording("en")
NOTHING_MORE = ENGLISH.say("nothing_more")
NOTHING_PENDING = ENGLISH.say("nothing_pending")
NOTHING_TO_LOOK_UP = ENGLISH.say("nothing_to_look_up")
NOTHING_TO_PICK = ENGLISH.say("nothing_to_pick")
PRIVATE_NEEDS_USER = ENGLISH.say("private_needs_user")
WHAT_TO_REMEMBER = ENGLISH.say("what_to_remember")


def use_agent(
    hass: HomeAssistant, entry: MockConfigEntry, apis: list[str]
) -> ScriptedAgent:
    """Make a scripted fake agent using `apis` the agent of `entry`."""
    agent = ScriptedAgent(hass, apis)
    conversation.async_set_agent(hass, entry, agent)
    return agent


def speech(result: ConversationResult) -> str:
    """The plain speech of a conversation result."""
    text: str = result.response.speech["plain"]["speech"]
    return text


async def remember(hass: HomeAssistant, content: str, **kwargs: Any) -> None:
    """Store `content` through the LLM API's remember tool."""
    instance = await llm.async_get_api(
        hass,
        DOMAIN,
        llm.LLMContext("test", Context(**kwargs), "en", "conversation", None),
    )
    result = await instance.async_call_tool(
        llm.ToolInput(tool_name="remember", tool_args={"content": content})
    )
    assert not result.error


async def test_home_memory_api_first_turn_context(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    init_integration: HomeMemoryConfigEntry,
    user_anna: MockUser,
    user_ben: MockUser,
) -> None:
    """Relevant background on the first turn; none for unrelated or timers."""
    agent = use_agent(hass, agent_entry, [DOMAIN])
    await remember(hass, "The cat is called Miso and loves tuna")
    await remember(hass, "Anna's cat vet is Dr Berg", user_id=user_anna.id)

    agent.tool_calls = [
        [llm.ToolInput(tool_name="recall", tool_args={"query": "cat"})],
    ]
    await say(
        hass, "what is my cat called", agent_id=agent_entry.entry_id, user=user_ben
    )
    prompt = agent.prompts[-1]
    assert "Relevant background:" in prompt
    # Each memory with when it happened, in words, before its quoted text.
    (line,) = [ln for ln in prompt.splitlines() if "Miso" in ln]
    assert line.startswith("- (")
    assert line.endswith(') "The cat is called Miso and loves tuna"')
    assert "According to my memory" not in prompt
    # Ben never sees Anna's private memory; Anna's own memory is household here.
    assert agent.tool_results[-1][0].data["total_found"] >= 1
    assert agent.tool_names[-1] == ["remember", "recall", "update_memory", "forget"]

    await say(hass, "turn on the kitchen lights", agent_id=agent_entry.entry_id)
    assert "Relevant background:" not in agent.prompts[-1]
    await say(hass, "set a timer for the cat food", agent_id=agent_entry.entry_id)
    assert "Relevant background:" not in agent.prompts[-1]


async def test_a_long_turn_is_searched_by_its_end_only(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    init_integration: HomeMemoryConfigEntry,
) -> None:
    """A 1 MB turn gets the background its last words ask for, and no search
    reads more than CONTEXT_QUERY_CHARS of it (an attack sent 1 MB; before,
    a turn over 8,000 characters got no background, one under was read
    whole by every search)."""
    agent = use_agent(hass, agent_entry, [DOMAIN])
    await remember(hass, "The cat is called Miso and loves tuna")
    question = "what is my cat called?"
    pasted = "Notes on what the cat is called and loves, word by word. " * 18_000
    retriever = init_integration.runtime_data.retriever
    sessions = session_store(init_integration.runtime_data)
    with (
        patch.object(retriever, "context", wraps=retriever.context) as searched,
        patch.object(
            type(sessions),
            "relevant_messages",
            autospec=True,
            side_effect=type(sessions).relevant_messages,
        ) as past,
    ):
        await say(hass, pasted + question, agent_id=agent_entry.entry_id)
    assert len(pasted) > 1_000_000
    assert searched.call_count >= 1
    for call_args in (*searched.call_args_list, *past.call_args_list):
        query = next(arg for arg in call_args.args if isinstance(arg, str))
        assert len(query) <= CONTEXT_QUERY_CHARS
        assert query.endswith(question)
        # Cut where a word starts, not inside one.
        assert (pasted + question).endswith(f" {query}")
    assert past.call_count >= 1
    assert "Miso" in agent.prompts[-1]


def test_searched_words_are_the_end_from_a_word() -> None:
    """A short utterance whole; a long one's last words, none cut."""
    assert searched_words("where is the key") == "where is the key"
    long = "ab " * 400 + "where is the key"
    end = searched_words(long)
    assert len(end) <= CONTEXT_QUERY_CHARS
    assert end.startswith("ab ab")
    assert end.endswith("ab where is the key")
    assert searched_words("x" * 5_000) == "x" * CONTEXT_QUERY_CHARS


async def test_private_context_stays_private(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    init_integration: HomeMemoryConfigEntry,
    user_anna: MockUser,
    user_ben: MockUser,
) -> None:
    """Context of one user's private memory never reaches another or a satellite."""
    agent = use_agent(hass, agent_entry, [DOMAIN])
    instance = await llm.async_get_api(
        hass,
        DOMAIN,
        llm.LLMContext(
            "test", Context(user_id=user_anna.id), "en", "conversation", None
        ),
    )
    await instance.async_call_tool(
        llm.ToolInput(
            tool_name="remember",
            tool_args={
                "content": "My surprise gift for Ben is a red bicycle",
                "visibility": "private",
            },
        )
    )
    question = "what surprise gift bicycle"
    await say(hass, question, agent_id=agent_entry.entry_id, user=user_anna)
    assert "red bicycle" in agent.prompts[-1]
    await say(hass, question, agent_id=agent_entry.entry_id, user=user_ben)
    assert "red bicycle" not in agent.prompts[-1]
    await say(hass, question, agent_id=agent_entry.entry_id, device_id="satellite")
    assert "red bicycle" not in agent.prompts[-1]


async def test_assist_only_agent_gets_cached_context_next_turn(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    init_integration: HomeMemoryConfigEntry,
    freezer: FrozenDateTimeFactory,
) -> None:
    """Assist: instructions on the first turn, background from the second.

    The clock is set to a Saturday evening in Berlin: the line's dating
    depends on the hour (a run at night read "tonight", CI stop 31)."""
    await hass.config.async_update(time_zone="Europe/Berlin")
    freezer.move_to("2026-11-28T18:00:00+00:00")
    agent = use_agent(hass, agent_entry, [llm.LLM_API_ASSIST])
    await remember(hass, "The cat is called Miso and loves tuna")
    agent.tool_calls = [
        [
            llm.ToolInput(
                tool_name="home_memory__recall", tool_args={"query": "cat name"}
            )
        ]
    ]
    first = await say(hass, "what is the cat called", agent_id=agent_entry.entry_id)
    assert "home_memory__recall" in agent.prompts[-1]
    assert CACHED_HEADER not in agent.prompts[-1]
    assert "Relevant background:" not in agent.prompts[-1]
    assert agent.tool_results[-1][0].data["memories"][0]["text"].startswith("The cat")
    assert "home_memory__remember" in agent.tool_names[-1]
    # The retrieval for the first turn runs as a background task.
    await hass.async_block_till_done(wait_background_tasks=True)
    await say(
        hass,
        "and what does the cat like",
        agent_id=agent_entry.entry_id,
        conversation_id=first.conversation_id,
    )
    assert CACHED_HEADER in agent.prompts[-1]
    # Dated as a turn's own background dates it (new-user review s16, #12):
    # told with no time of its own, by its day (review s24 M3).
    (line,) = [ln for ln in agent.prompts[-1].splitlines() if "Miso" in ln]
    assert line.startswith("- (today)")
    assert line.endswith(') "The cat is called Miso and loves tuna"')
    await hass.async_block_till_done()
    # A timer request gets no background, even cached.
    await say(
        hass,
        "set a timer for 5 minutes",
        agent_id=agent_entry.entry_id,
        conversation_id=first.conversation_id,
    )
    assert "Relevant background" not in agent.prompts[-1].replace(
        "Lines under 'Relevant background'", ""
    )


async def test_both_apis_give_tools_once(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    init_integration: HomeMemoryConfigEntry,
) -> None:
    """An agent with Assist and Home Memory sees the memory tools once."""
    for apis in ([llm.LLM_API_ASSIST, DOMAIN], [DOMAIN, llm.LLM_API_ASSIST]):
        agent = use_agent(hass, agent_entry, apis)
        await say(hass, "hello there", agent_id=agent_entry.entry_id)
        names = [name for name in agent.tool_names[-1] if "remember" in name]
        assert len(names) == 1, names


async def test_home_memorys_part_of_a_merged_prompt_is_never_bare(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    init_integration: HomeMemoryConfigEntry,
) -> None:
    """New-user review s18: Assist gave the memory tools, nothing was found,
    and Home Assistant's line 'Follow these instructions for tools from
    "home-memory" ...:' was followed by nothing. Now by a line naming the
    tools given above."""
    agent = use_agent(hass, agent_entry, [llm.LLM_API_ASSIST, DOMAIN])
    await say(hass, "hello there", agent_id=agent_entry.entry_id)
    prompt = agent.prompts[-1]
    assert "Relevant background:" not in prompt
    opening = 'Follow these instructions for tools from "home-memory"'
    assert opening in prompt, prompt
    ours = prompt.split(opening, 1)[1].split(":\n", 1)[1]
    assert ours.strip(), prompt
    assert ours.lstrip().startswith(ENGLISH_PROMPTS.say("prompt", "tools_given_above"))


async def test_context_failure_never_breaks_the_turn(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    init_integration: HomeMemoryConfigEntry,
) -> None:
    """An engine error or a slow retrieval: the turn goes on without memories."""
    agent = use_agent(hass, agent_entry, [DOMAIN])
    await remember(hass, "The cat is called Miso")
    retriever = init_integration.runtime_data.retriever
    with patch.object(retriever, "context", side_effect=RuntimeError("boom")):
        result = await say(
            hass, "what is the cat called", agent_id=agent_entry.entry_id
        )
    assert speech(result) == "Done."
    assert "Relevant background:" not in agent.prompts[-1]

    # The retrieval is held until the turn has given up on it: no sleeping.
    released = threading.Event()

    def slow(*args: Any, **kwargs: Any) -> Any:
        released.wait(10)
        raise AssertionError("too late to matter")

    data = init_integration.runtime_data
    with patch.object(retriever, "context", side_effect=slow):
        assert (
            await async_turn_context(
                hass, data, "what is the cat called", SYSTEM, wait=0.05
            )
            is None
        )
        released.set()
    await hass.async_block_till_done()


async def test_a_slow_first_search_still_gives_what_its_words_find(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    init_integration: HomeMemoryConfigEntry,
) -> None:
    """New-user review s18: on a busy box the first turn's search ran past
    its time and the turn had no background at all. Now what a search by
    words alone finds is given, and the full search is not waited for."""
    await remember(hass, "Ben repaired the greenhouse door")
    retriever = init_integration.runtime_data.retriever
    search = retriever.context
    released = threading.Event()
    held: list[bool] = []

    def cold(*args: Any, **kwargs: Any) -> Any:
        if not kwargs.get("keyword_only"):
            held.append(True)
            released.wait(10)
        return search(*args, **kwargs)

    data = init_integration.runtime_data
    with patch.object(retriever, "context", side_effect=cold):
        result = await async_turn_context(
            hass, data, "what did Ben repair on the greenhouse", SYSTEM, wait=0.05
        )
        released.set()
    await hass.async_block_till_done()
    assert held == [True]
    assert result is not None
    assert "greenhouse door" in result.text, result.text


async def test_the_search_is_warmed_up_after_the_model(
    hass: HomeAssistant, init_integration: HomeMemoryConfigEntry
) -> None:
    """Once set up, a search has run (reading only): the first turn's is not
    the first (new-user review s18)."""
    latency = init_integration.runtime_data.latency.summary()
    assert latency["context_warm_up"]["count"] == 1
    assert "context" not in latency


async def test_builtin_agent_remember_recall_forget(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    init_integration: HomeMemoryConfigEntry,
    user_anna: MockUser,
) -> None:
    """Without an LLM: remember, what do you remember, forget, yes."""
    store = init_integration.runtime_data.store
    anna = Caller(user_id=user_anna.id)
    result = await say(hass, "remember that the bins go out on Tuesday", user=user_anna)
    assert speech(result) == "Okay, I'll remember that."
    [memory] = store.list_memories(anna, MemoryFilter()).items
    assert memory.content == "The bins go out on Tuesday."
    assert memory.embedding_model == "integration-test-hashing"
    again = await say(hass, "remember that the bins go out on Tuesday", user=user_anna)
    assert speech(again) == "I already knew that."

    result = await say(hass, "what do you remember about the bins", user=user_anna)
    assert speech(result) == "The bins go out on Tuesday."
    await say(hass, "remember that the recycling bins are blue", user=user_anna)
    result = await say(hass, "what did I say about the bins", user=user_anna)
    assert speech(result).startswith("I remember 2 things about that. 1: ")
    result = await say(hass, "what do you remember about xylophones", user=user_anna)
    assert speech(result) == "I don't remember anything about xylophones."
    # Its topic, not the words that ask for it (month review s19: "I don't
    # remember anything about anything about a party").
    for asked in (
        "do you remember anything about xylophones",
        "do you remember something about xylophones",
        "do you know anything about xylophones",
    ):
        result = await say(hass, asked, user=user_anna)
        assert speech(result) == "I don't remember anything about xylophones."
    for asked in (
        "erinnerst du dich an etwas über Xylophone",
        "weißt du irgendwas über Xylophone",
    ):
        result = await say(hass, asked, user=user_anna, language="de")
        assert speech(result) == "Ich erinnere mich an nichts über Xylophone."

    # Forget: ask, then yes in the same conversation.
    asked = await say(hass, "forget the recycling bins are blue", user=user_anna)
    assert speech(asked) == "Do you want me to forget: 'The recycling bins are blue'?"
    done = await say(hass, "yes", conversation_id=asked.conversation_id, user=user_anna)
    assert speech(done) == "Okay, I've forgotten that."
    assert [m.content for m in store.list_memories(anna, MemoryFilter()).items] == [
        "The bins go out on Tuesday."
    ]
    # "yes" with nothing pending, "no" after a question.
    result = await say(
        hass, "yes", conversation_id=asked.conversation_id, user=user_anna
    )
    assert speech(result) == NOTHING_PENDING
    remembered = await say(hass, "remember that the gate code is 77", user=user_anna)
    asked = await say(
        hass,
        "forget that",
        conversation_id=remembered.conversation_id,
        user=user_anna,
    )
    assert speech(asked) == "Do you want me to forget: 'The gate code is 77'?"
    kept = await say(hass, "no", conversation_id=asked.conversation_id, user=user_anna)
    assert speech(kept) == "Okay, I'll keep it."
    result = await say(
        hass, "no", conversation_id=asked.conversation_id, user=user_anna
    )
    assert speech(result) == "Okay."
    assert len(store.list_memories(anna, MemoryFilter()).items) == 2

    # Forgotten memories are soft-deleted: an admin restores them.
    deleted = store.list_memories(SYSTEM, MemoryFilter(tiers=(Tier.DELETED,))).items
    assert [m.content for m in deleted] == ["The recycling bins are blue."]
    await hass.services.async_call(
        DOMAIN,
        "restore",
        {"ids": [deleted[0].id]},
        blocking=True,
        return_response=True,
    )
    assert store.get(deleted[0].id, SYSTEM).tier is Tier.ACTIVE


async def test_a_spoken_yes_never_forgets_a_memory_corrected_since_the_question(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    init_integration: HomeMemoryConfigEntry,
    user_anna: MockUser,
) -> None:
    """ "Yes" after a correction keeps the memory and asks about its new text."""
    store = init_integration.runtime_data.store
    anna = Caller(user_id=user_anna.id)
    await say(
        hass, "remember that the spare key is under the blue flower pot", user=user_anna
    )
    asked = await say(hass, "forget the spare key", user=user_anna)
    assert speech(asked) == (
        "Do you want me to forget: 'The spare key is under the blue flower pot'?"
    )
    # Corrected elsewhere (an action; a new request by voice would cancel the
    # question instead): the waiting "yes" still must not forget the new text.
    corrected = await call(
        hass,
        "remember",
        {"content": "The spare key is under the red flower pot."},
        user=user_anna,
    )
    assert corrected["action"] == "updated"
    done = await say(hass, "yes", conversation_id=asked.conversation_id, user=user_anna)
    assert speech(done) == (
        "That memory has changed since I asked, so I kept it. "
        "Do you want me to forget: 'The spare key is under the red flower pot'?"
    )
    [memory] = store.list_memories(anna, MemoryFilter()).items
    assert memory.content == "The spare key is under the red flower pot."
    # The new question holds the version now shown: "yes" forgets it.
    done = await say(hass, "yes", conversation_id=asked.conversation_id, user=user_anna)
    assert speech(done) == "Okay, I've forgotten that."
    assert store.list_memories(anna, MemoryFilter()).items == []


async def test_builtin_agent_errors_are_spoken(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    init_integration: HomeMemoryConfigEntry,
    hass_read_only_user: MockUser,
) -> None:
    """Read-only users, ambiguity, nothing recent and unknown things."""
    result = await say(hass, "remember that x is y", user=hass_read_only_user)
    assert speech(result) == "Sorry, you can ask what I remember but not change it."
    result = await say(hass, "forget that")
    assert speech(result) == "I'm not sure which memory you mean."
    result = await say(hass, "forget the xylophone")
    assert speech(result) == "I don't remember anything like that."
    await say(hass, "remember that red paint is for the shed")
    await say(hass, "remember that the gate needs red paint")
    result = await say(hass, "forget red paint")
    assert speech(result).startswith("A few memories match. 1: ")
    for number in range(5):
        await say(hass, f"remember that garden bed {number} needs water")
    result = await say(hass, "what do you remember about garden bed water")
    assert speech(result).endswith("And 2 more.")
    # A pending confirmation that lapsed.
    asked = await say(hass, "forget red paint is for the shed")
    states = init_integration.runtime_data.conversations
    now = states._clock()
    states._clock = lambda: now + CONFIRMATION_TTL + 1
    result = await say(hass, "yes", conversation_id=asked.conversation_id)
    assert speech(result) == "That has expired; nothing was forgotten."
    # A slot the intent rejects (NUL) is answered, not raised.
    refused = await intent.async_handle(
        hass, "test", "HomeMemoryRemember", {"content": {"value": "a\x00"}}
    )
    assert refused.error_code is intent.IntentResponseErrorCode.FAILED_TO_HANDLE
    assert refused.speech["plain"]["speech"] == ENGLISH.say("unreadable")
    # Through a sentence, the same error is spoken.
    result = await say(hass, "remember that \x00")
    assert speech(result) == ENGLISH.say("unreadable")


async def test_sentences_leave_with_the_entry(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    init_integration: HomeMemoryConfigEntry,
) -> None:
    """Unloaded: the sentences and intents are gone."""
    assert await hass.config_entries.async_unload(init_integration.entry_id)
    result = await say(hass, "remember that the sky is blue")
    assert speech(result) != "Okay, I'll remember that."
    assert not [
        handler
        for handler in intent.async_get(hass)
        if handler.intent_type.startswith("HomeMemory")
    ]


async def test_intent_from_an_unknown_satellite(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    init_integration: HomeMemoryConfigEntry,
) -> None:
    """A satellite entity that is not registered speaks for the household."""
    response = await intent.async_handle(
        hass,
        "test",
        "HomeMemoryRecall",
        {"query": {"value": "anything"}},
        satellite_id="assist_satellite.unknown",
    )
    assert response.speech["plain"]["speech"] == (
        "I don't remember anything about anything."
    )


@pytest.mark.parametrize(
    "sentence",
    [
        "remember privately that my PIN is 4711",
        "remember just for me that my PIN is 4711",
        "remember that, privately, my PIN is 4711",
        "privately remember that my PIN is 4711",
        "please remember only for me my PIN is 4711",
        "remember that between us my PIN is 4711",
    ],
)
async def test_builtin_agent_remembers_privately(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    init_integration: HomeMemoryConfigEntry,
    user_anna: MockUser,
    user_ben: MockUser,
    sentence: str,
) -> None:
    """A privacy marker stores a private memory in the speaker's own words."""
    store = init_integration.runtime_data.store
    result = await say(hass, sentence, user=user_anna)
    # The speaker hears that it was kept for them, not for the household.
    assert speech(result) == "Okay, I'll remember that, just for you."
    [memory] = store.list_memories(Caller(user_id=user_anna.id), MemoryFilter()).items
    assert memory.visibility is Visibility.PRIVATE
    assert memory.owner == user_anna.id
    assert memory.content == "My PIN is 4711."
    heard = await say(hass, "what do you remember about the PIN", user=user_ben)
    assert "4711" not in speech(heard)
    mine = await say(hass, "what do you remember about the PIN", user=user_anna)
    assert speech(mine) == "Your PIN is 4711."  # read to its teller


async def test_builtin_agent_private_needs_a_speaker(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    init_integration: HomeMemoryConfigEntry,
) -> None:
    """With no user, a private remember is refused aloud and nothing is stored."""
    store = init_integration.runtime_data.store
    for sentence in (
        "remember privately that the diary is in the drawer",
        "remember that secretly the diary is in the drawer",
    ):
        result = await say(hass, sentence, device_id="unmapped-satellite")
        assert speech(result) == PRIVATE_NEEDS_USER
    assert not store.list_memories(SYSTEM, MemoryFilter()).items


async def test_a_yes_answers_the_question_its_own_conversation_asked(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    init_integration: HomeMemoryConfigEntry,
    user_anna: MockUser,
) -> None:
    """Two chats with no device: "forget the umbrella?" in one, "forget the
    ladder?" in the other; "yes" in the first forgets the umbrella, not the
    ladder, and the second's question is still its own to answer."""
    store = init_integration.runtime_data.store
    anna = Caller(user_id=user_anna.id)
    await say(hass, "remember that the alpha umbrella is in the car", user=user_anna)
    await say(hass, "remember that the beta ladder is in the cellar", user=user_anna)
    first = await say(hass, "forget the alpha umbrella", user=user_anna)
    assert "umbrella" in speech(first), speech(first)
    second = await say(hass, "forget the beta ladder", user=user_anna)
    assert "ladder" in speech(second), speech(second)
    assert first.conversation_id != second.conversation_id

    def left() -> list[str]:
        return [m.content for m in store.list_memories(anna, MemoryFilter()).items]

    done = await say(hass, "yes", conversation_id=first.conversation_id, user=user_anna)
    assert speech(done) == "Okay, I've forgotten that."
    assert left() == ["The beta ladder is in the cellar."]
    kept = await say(hass, "no", conversation_id=second.conversation_id, user=user_anna)
    assert speech(kept) == "Okay, I'll keep it."
    assert left() == ["The beta ladder is in the cellar."]


async def test_builtin_agent_new_forget_cancels_the_waiting_yes(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    init_integration: HomeMemoryConfigEntry,
    user_anna: MockUser,
) -> None:
    """A new forget replaces the question asked before it: "yes" forgets nothing."""
    store = init_integration.runtime_data.store
    await say(hass, "remember that the kitchen light bulb is E27", user=user_anna)
    await say(hass, "remember that the spare key is under the red pot", user=user_anna)
    await say(hass, "remember that the spare key for the shed is blue", user=user_anna)
    asked = await say(hass, "forget the kitchen light bulb", user=user_anna)
    assert speech(asked).startswith("Do you want me to forget")
    several = await say(hass, "forget the spare key", user=user_anna)
    assert speech(several).startswith("A few memories match.")
    result = await say(hass, "yes", user=user_anna)
    assert speech(result) == NOTHING_PENDING
    assert len(store.list_memories(SYSTEM, MemoryFilter()).items) == 3


@pytest.mark.parametrize(
    "sentence", ["remember that ...", "remember that *", "remember that"]
)
async def test_builtin_agent_asks_what_to_remember(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    init_integration: HomeMemoryConfigEntry,
    sentence: str,
) -> None:
    """Nothing with a letter or digit to remember: asked, nothing stored."""
    result = await say(hass, sentence)
    assert speech(result) == WHAT_TO_REMEMBER
    assert not init_integration.runtime_data.store.list_memories(
        SYSTEM, MemoryFilter()
    ).items


async def test_builtin_agent_nothing_to_look_up(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    init_integration: HomeMemoryConfigEntry,
) -> None:
    """A query without a letter or digit is not looked up (nor echoed)."""
    await say(hass, "remember that the bins go out on Tuesday")
    result = await say(hass, "what do you remember about *")
    assert speech(result) == NOTHING_TO_LOOK_UP
    result = await say(hass, "forget *")
    assert speech(result) == NOTHING_TO_LOOK_UP


async def test_builtin_agent_speaks_each_memory_on_one_line(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    init_integration: HomeMemoryConfigEntry,
) -> None:
    """Recall reads no line breaks and never says "…." after a cut sentence
    (one longer than a spoken answer says whole)."""
    await hass.services.async_call(
        DOMAIN,
        "remember",
        {"content": "The garage note:\n2: unlock the door for everyone"},
        blocking=True,
        return_response=True,
    )
    long = "The garage shelf holds " + "very old paint cans and " * 16 + "brushes"
    await hass.services.async_call(
        DOMAIN, "remember", {"content": long}, blocking=True, return_response=True
    )
    result = await say(hass, "what do you remember about the garage note and shelf")
    said = speech(result)
    assert "\n" not in said
    assert "The garage note: 2: unlock the door for everyone." in said
    assert "….".replace("…", "\u2026") not in said
    assert "\u2026" in said


async def test_builtin_agent_says_what_is_too_long(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    init_integration: HomeMemoryConfigEntry,
) -> None:
    """A remember beyond the limit is answered with the limit, nothing stored."""
    result = await say(hass, "remember that " + "spare key " * 1_000_000)
    assert speech(result) == (
        "That is too long to remember; I can keep up to 8000 characters."
    )
    # An error response, as the built-in agent returns it (review s40 D5)
    # and as the intent itself does (a custom sentence or a script).
    assert result.response.response_type is intent.IntentResponseType.ERROR
    handled = await intent.async_handle(
        hass,
        DOMAIN,
        INTENT_REMEMBER,
        {"content": {"value": "spare key " * 1_000}},
        assistant="conversation",
    )
    assert handled.response_type is intent.IntentResponseType.ERROR
    assert handled.error_code is intent.IntentResponseErrorCode.FAILED_TO_HANDLE
    assert handled.speech["plain"]["speech"] == speech(result)
    assert not init_integration.runtime_data.store.list_memories(
        SYSTEM, MemoryFilter()
    ).items


async def test_builtin_agent_tells_more(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    init_integration: HomeMemoryConfigEntry,
    user_anna: MockUser,
) -> None:
    """ "More" after "...And 2 more." says the rest, numbered on from the first."""
    result = await say(hass, "more", user=user_anna)
    assert speech(result) == NOTHING_MORE
    for number in range(5):
        await say(hass, f"remember that garden bed {number} needs water")
    result = await say(
        hass, "what do you remember about garden bed water", user=user_anna
    )
    assert speech(result).endswith("And 2 more.")
    result = await say(hass, "tell me more", user=user_anna)
    assert speech(result).startswith("4: Garden bed ")
    assert " 5: Garden bed " in speech(result)
    assert "more" not in speech(result)
    result = await say(hass, "more", user=user_anna)
    assert speech(result) == "That is all I remember about that."


async def test_a_number_after_a_recall_says_that_memory(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    init_integration: HomeMemoryConfigEntry,
    user_anna: MockUser,
) -> None:
    """ "Number two" after "I remember 5 things … 1: … 2: …" says the second
    (review s25: "There is nothing to choose from"); a number not yet
    listed is not said, and a memory forgotten since is not read out."""
    store = init_integration.runtime_data.store
    for number in range(5):
        await say(hass, f"remember that garden bed {number} needs water")
    listed = speech(
        await say(hass, "what do you remember about garden bed water", user=user_anna)
    )
    assert listed.endswith("And 2 more."), listed
    second = listed.split(" 2: ")[1].split(" 3: ")[0]
    assert speech(await say(hass, "number two", user=user_anna)) == second
    assert speech(await say(hass, "the second one", user=user_anna)) == second
    result = await say(hass, "number four", user=user_anna)
    assert speech(result) == "There is no number 4; I listed 3."
    more = speech(await say(hass, "more", user=user_anna))
    fourth = more.split("4: ")[1].split(" 5: ")[0]
    assert speech(await say(hass, "the fourth one", user=user_anna)) == fourth
    # Said as the bare number, as "1" to "3" are (review s26 L4).
    assert speech(await say(hass, "4", user=user_anna)) == fourth
    [gone] = [
        m
        for m in store.list_memories(SYSTEM, MemoryFilter()).items
        if m.content == fourth
    ]
    store.soft_delete(SYSTEM, ids=[gone.id])
    result = await say(hass, "number 4", user=user_anna)
    assert speech(result) == (
        "Number 4 is no longer among the memories I can tell you."
    )
    # A forget's listing is what a number picks from after it.
    await say(hass, "forget garden bed water", user=user_anna)
    result = await say(hass, "number 4", user=user_anna)
    assert speech(result).startswith("There is no number 4; I listed "), speech(result)


async def test_a_number_after_a_lapsed_listing_has_nothing_to_choose(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    init_integration: HomeMemoryConfigEntry,
    user_anna: MockUser,
    freezer: FrozenDateTimeFactory,
) -> None:
    """Review s26 L2: a quarter of an hour after a listing, "number two"
    said the memory was "no longer among the memories I can tell you"
    though only the listing had lapsed; there is nothing to choose from."""
    freezer.move_to("2026-11-28T18:00:00+00:00")
    for number in range(4):
        await say(hass, f"remember that garden bed {number} needs water")
    listed = speech(
        await say(hass, "what do you remember about garden bed water", user=user_anna)
    )
    assert " 2: " in listed
    freezer.tick(timedelta(seconds=CURSOR_TTL_SECONDS + 60))
    result = await say(hass, "number two", user=user_anna)
    assert speech(result) == NOTHING_TO_PICK
    assert (
        init_integration.runtime_data.store.list_memories(SYSTEM, MemoryFilter()).total
        == 4
    )


async def test_builtin_agent_forget_by_number(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    init_integration: HomeMemoryConfigEntry,
    user_anna: MockUser,
) -> None:
    """After "A few memories match", "the second one" asks about that memory."""
    store = init_integration.runtime_data.store
    anna = Caller(user_id=user_anna.id)
    result = await say(hass, "the second one", user=user_anna)
    assert speech(result) == NOTHING_TO_PICK
    await say(hass, "remember that red paint is for the shed", user=user_anna)
    await say(hass, "remember that the gate needs red paint", user=user_anna)
    listed = await say(hass, "forget red paint", user=user_anna)
    said = speech(listed)
    assert said.startswith("A few memories match. 1: ")
    second = said.split(" 2: ")[1].split(".")[0]
    result = await say(hass, "number 5", user=user_anna)
    assert speech(result) == "There is no number 5; I listed 2."
    result = await say(hass, "the second one", user=user_anna)
    assert speech(result) == f"Do you want me to forget: '{second}'?"
    done = await say(hass, "yes", user=user_anna)
    assert speech(done) == "Okay, I've forgotten that."
    assert [m.content for m in store.list_memories(anna, MemoryFilter()).items] == [
        content
        for content in (
            "Red paint is for the shed.",
            "The gate needs red paint.",
        )
        if content.rstrip(".") != second
    ]
    # The choice was used up: "2" now has nothing to choose from.
    result = await say(hass, "2", user=user_anna)
    assert speech(result) == NOTHING_TO_PICK


@pytest.mark.parametrize(
    ("language", "lines", "forget", "no", "third", "second"),
    [
        (
            "en",
            (
                "remember that the attic has the old lamp",
                "remember that the attic has the winter tyres",
                "remember that the attic has the photo albums",
            ),
            "forget the attic",
            "no",
            "number three",
            "number two",
        ),
        (
            "de",
            (
                "merk dir, auf dem Dachboden steht die alte Lampe",
                "merk dir, auf dem Dachboden liegen die Winterreifen",
                "merk dir, auf dem Dachboden stehen die Fotoalben",
            ),
            # The store reads English here: "den" would be a word unmatched.
            "vergiss Dachboden",
            "nein",
            "nummer drei",
            "nummer zwei",
        ),
    ],
)
async def test_a_declined_forget_leaves_nothing_to_pick(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    init_integration: HomeMemoryConfigEntry,
    user_anna: MockUser,
    language: str,
    lines: tuple[str, ...],
    forget: str,
    no: str,
    third: str,
    second: str,
) -> None:
    """ "No" after a forget's "A few memories match. 1: … 3: …" declines its
    choices: "number three" then has nothing to choose from, and forgets
    nothing (review s27: it asked "Do you want me to forget: '…'?"). A
    recall's listing before a "no" is still what a number picks from."""
    wording = load_sentence_files().wording(language)
    store = init_integration.runtime_data.store
    for line in lines:
        await say(hass, line, user=user_anna, language=language)
    listed = speech(await say(hass, forget, user=user_anna, language=language))
    assert " 3: " in listed, listed
    assert speech(await say(hass, no, user=user_anna, language=language)) == (
        wording.say("kept_nothing_pending")
    )
    result = await say(hass, third, user=user_anna, language=language)
    assert speech(result) == wording.say("nothing_to_pick")
    assert speech(
        await say(
            hass, "yes" if language == "en" else "ja", user=user_anna, language=language
        )
    ) == (wording.say("nothing_pending"))
    assert len(store.list_memories(SYSTEM, MemoryFilter()).items) == len(lines)
    # After a recall's listing, "no" leaves that listing to pick from.
    recalled = speech(
        await say(
            hass,
            "what do you remember about the attic"
            if language == "en"
            else "was weißt du über den Dachboden",
            user=user_anna,
            language=language,
        )
    )
    assert " 2: " in recalled, recalled
    await say(hass, no, user=user_anna, language=language)
    picked = speech(await say(hass, second, user=user_anna, language=language))
    assert picked == recalled.split(" 2: ")[1].split(" 3: ")[0], (recalled, picked)


async def test_builtin_agent_keeps_what_the_matcher_drops(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    init_integration: HomeMemoryConfigEntry,
) -> None:
    """The sentence matcher hears "am 5 Mai" for "am 5. Mai": the memory
    keeps the ordinal's full stop, and the "dass" clause still gets its
    verb second (memory/text/said.py)."""
    store = init_integration.runtime_data.store
    await say(hass, "Merk dir, dass Anna am 5. Mai Geburtstag hat", language="de")
    await say(hass, "Merk dir: der Termin beim Zahnarzt ist am 3. Juni.", language="de")
    await say(
        hass, "remember that the vet is on Jan. 5, eggs, milk and bread", language="en"
    )
    # Words that start with a name are heard without their end, too: the
    # memory is a sentence all the same (new-user review s16, #14).
    await say(hass, "remember that Ben fixed the light on Mia's bike.", language="en")
    await say(hass, "remember that Mia has a school play on Thursday", language="en")
    await say(hass, "remember: Does Noah like olives?", language="en")
    assert {m.content for m in store.list_memories(SYSTEM, MemoryFilter()).items} == {
        "Anna hat am 5. Mai Geburtstag.",
        "Der Termin beim Zahnarzt ist am 3. Juni.",
        "The vet is on Jan. 5, eggs, milk and bread.",
        "Ben fixed the light on Mia's bike.",
        "Mia has a school play on Thursday.",
        "Does Noah like olives?",
    }


async def test_builtin_agent_tells_alike_memories_apart_when_asking_which(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    init_integration: HomeMemoryConfigEntry,
    user_anna: MockUser,
    user_ben: MockUser,
) -> None:
    """Anna's private "the safe code is 1234" and the household's: "forget the
    safe code" lists them with who sees each, in English and German, and the
    number picked forgets that one only."""
    store = init_integration.runtime_data.store
    anna = Caller(user_id=user_anna.id)
    # The household's first, Ben's: told again without "privately", a
    # private memory stays the one memory (live review s42), and Anna's own
    # household copy told again privately is hers alone (review s43 #1).
    await say(hass, "remember that the safe code is 1234", user=user_ben)
    await say(hass, "remember privately that the safe code is 1234", user=user_anna)
    listed = speech(await say(hass, "forget the safe code", user=user_anna))
    assert listed.startswith("A few memories match. 1: "), listed
    items = dict(item.split(": ", 1) for item in re.findall(r"\d: [^.]*\.", listed))
    assert sorted(items.values()) == [
        "The safe code is 1234 (for the household).",
        "The safe code is 1234 (just for you).",
    ]
    private = next(n for n, said in items.items() if "just for you" in said)
    german = speech(
        await say(hass, "vergiss den Safe-Code", user=user_anna, language="de")
    )
    assert "(nur für dich)" in german, german
    assert "(für den Haushalt)" in german, german
    await say(hass, "forget the safe code", user=user_anna)
    await say(hass, f"number {private}", user=user_anna)
    done = await say(hass, "yes", user=user_anna)
    assert speech(done) == "Okay, I've forgotten that."
    left = store.list_memories(anna, MemoryFilter()).items
    assert [(m.content, m.visibility) for m in left] == [
        ("The safe code is 1234.", Visibility.HOUSEHOLD)
    ]


async def test_builtin_agent_counts_one_left_in_each_language(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    init_integration: HomeMemoryConfigEntry,
) -> None:
    """Four matches: three are read and one is left, said as one ("And one
    more.", "Und noch eines."), not as a number ("Und 1 weitere." is wrong
    German)."""
    for number in range(4):
        await say(hass, f"remember that plant pot {number} needs repotting")
    english = speech(await say(hass, "what do you remember about plant pot repotting"))
    assert english.startswith("I remember 4 things about that."), english
    assert english.endswith("And one more."), english
    german = speech(
        await say(hass, "Woran erinnerst du dich zu plant pot repotting", language="de")
    )
    assert german.startswith("Ich erinnere mich an 4 Dinge dazu."), german
    assert german.endswith("Und noch eines."), german
    # "Nummer zwei" says the second again; the fourth is not yet listed.
    second = german.split(" 2: ")[1].split(" 3: ")[0]
    assert speech(await say(hass, "nummer zwei", language="de")) == second
    assert speech(await say(hass, "die vierte", language="de")) == (
        "Es gibt keine Nummer 4; ich habe 3 genannt."
    )
    assert speech(await say(hass, "4", language="de")) == (
        "Es gibt keine Nummer 4; ich habe 3 genannt."
    )
