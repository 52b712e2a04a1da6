"""Assist turns into short-term sessions: LLM agents, the built-in agent, privacy."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from functools import partial
from typing import TYPE_CHECKING, Any
from unittest.mock import patch

from homeassistant.components import conversation
from homeassistant.components.ai_task import (
    GenDataTask,
    GenDataTaskResult,
    async_generate_data,
)
from homeassistant.components.conversation import (
    AssistantContent,
    ChatLog,
    ConversationInput,
    ConversationResult,
)
from homeassistant.core import Context, HomeAssistant
from homeassistant.helpers import chat_session, intent, llm
import probatio
import pytest
from pytest_homeassistant_custom_component.common import (
    MockConfigEntry,
    MockUser,
    async_fire_time_changed,
)

from custom_components.home_memory.assist.context import PAST_MESSAGES_HEADER
from custom_components.home_memory.background.ai_generation import (
    async_generate_structured,
)
from custom_components.home_memory.const import (
    CONF_AI_TASK_ENTITY,
    CONF_CONVERSATION_CAPTURE,
    CONF_EXTRACTION_MODE,
    CONF_PERSONA_NAME,
    DOMAIN,
    SECTION_CAPTURE,
    SECTION_PERSONA,
)
from custom_components.home_memory.memory.conversation.sessions import (
    MessageRole,
    Session,
    SessionRole,
    SessionState,
    SessionStore,
)
from custom_components.home_memory.runtime.ha_internals import chat_session_kwargs

from ..conftest import call
from ..fake_agents import StreamingAgent, say
from ..fake_ai_task import FAKE_ENTITY_ID

if TYPE_CHECKING:
    from pathlib import Path

    from freezegun.api import FrozenDateTimeFactory

    from custom_components.home_memory.runtime.data import HomeMemoryConfigEntry

    from ..fake_ai_task import FakeAITaskEntity

pytestmark = pytest.mark.usefixtures("mock_load_model")

AI_TASK_ENTITY = FAKE_ENTITY_ID
DOMAIN_LOGGER = "custom_components.home_memory"


def capture_options(**capture: Any) -> dict[str, Any]:
    """Entry options with conversation capture on, overridden by `capture`."""
    return {
        SECTION_PERSONA: {CONF_PERSONA_NAME: "Assistant"},
        SECTION_CAPTURE: {
            CONF_CONVERSATION_CAPTURE: True,
            CONF_EXTRACTION_MODE: "ask_first",
            CONF_AI_TASK_ENTITY: AI_TASK_ENTITY,
            **capture,
        },
    }


@pytest.fixture
def mock_config_entry() -> MockConfigEntry:
    """Capture on, ask first, the fake AI Task entity."""
    return MockConfigEntry(
        domain=DOMAIN, title="Home Memory", data={}, options=capture_options()
    )


def use_agent(
    hass: HomeAssistant, entry: MockConfigEntry, apis: list[str] | None = None
) -> StreamingAgent:
    """Make a streaming fake agent the conversation agent of `entry`."""
    agent = StreamingAgent(hass, apis if apis is not None else [DOMAIN])
    conversation.async_set_agent(hass, entry, agent)
    return agent


async def settle(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, seconds: float = 3
) -> None:
    """Let the capture timer (or more) run out."""
    freezer.tick(timedelta(seconds=seconds))
    async_fire_time_changed(hass)
    await hass.async_block_till_done()


async def end_conversations(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory
) -> None:
    """Home Assistant drops chat sessions 5 minutes after their last turn."""
    for _ in range(3):
        await settle(hass, freezer, 301)


async def prompt_for(
    hass: HomeAssistant,
    agent: StreamingAgent,
    entry: MockConfigEntry,
    question: str,
    **who: Any,
) -> str:
    """Ask `entry`'s agent `question` (as `who`: user, device_id, conversation_id);
    the prompt the agent was given."""
    await say(hass, question, agent_id=entry.entry_id, **who)
    return agent.prompts[-1]


def sessions_of(entry: HomeMemoryConfigEntry) -> list[Session]:
    """Every stored session of the entry, oldest first."""
    store = entry.runtime_data.store
    with store.read() as conn:
        ids = [row[0] for row in conn.execute("SELECT id FROM sessions ORDER BY rowid")]
    sessions = SessionStore(store)
    found = [sessions.get(session_id) for session_id in ids]
    return [session for session in found if session is not None]


def texts(entry: HomeMemoryConfigEntry, session: Session) -> list[tuple[str, str]]:
    """The (role, text) of each message of a session."""
    return [
        (str(m.role), m.content)
        for m in SessionStore(entry.runtime_data.store).messages(session.id)
    ]


async def test_llm_agent_turns_are_captured_with_the_final_reply(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    agent_entry: MockConfigEntry,
    init_integration: HomeMemoryConfigEntry,
    user_anna: MockUser,
) -> None:
    """User text and the streamed final reply; no system prompt or tool results."""
    agent = use_agent(hass, agent_entry)
    agent.tool_calls = [
        [llm.ToolInput(tool_name="recall", tool_args={"query": "boiler"})]
    ]
    first = await say(
        hass,
        "when is the boiler serviced",
        agent_id=agent_entry.entry_id,
        user=user_anna,
        device_id="kitchen-panel",
    )
    await settle(hass, freezer)
    await say(
        hass,
        "thanks, and who is the plumber",
        agent_id=agent_entry.entry_id,
        user=user_anna,
        conversation_id=first.conversation_id,
    )
    await settle(hass, freezer)
    [session] = sessions_of(init_integration)
    assert session.conversation_id == first.conversation_id
    assert session.owner == user_anna.id
    assert session.role is SessionRole.USER
    assert session.device_id == "kitchen-panel"
    assert session.agent_id == agent_entry.entry_id
    assert session.turns == 2
    assert texts(init_integration, session) == [
        ("user", "when is the boiler serviced"),
        ("assistant", "Reply to: when is the boiler serviced"),
        ("user", "thanks, and who is the plumber"),
        ("assistant", "Reply to: thanks, and who is the plumber"),
    ]
    # Read again later: nothing is stored twice.
    await settle(hass, freezer, 60)
    assert len(texts(init_integration, session)) == 4


async def test_builtin_agent_turns_are_captured(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    agent_entry: MockConfigEntry,
    init_integration: HomeMemoryConfigEntry,
    hass_admin_user: MockUser,
) -> None:
    """The default agent (agent_id None); an admin gets the admin budget."""
    result = await say(
        hass, "remember that the bins go out on Tuesday", user=hass_admin_user
    )
    await settle(hass, freezer)
    await say(
        hass,
        "what do you remember about the bins",
        user=hass_admin_user,
        conversation_id=result.conversation_id,
    )
    await settle(hass, freezer)
    [session] = sessions_of(init_integration)
    assert session.owner == hass_admin_user.id
    assert session.role is SessionRole.ADMIN
    assert session.agent_id == "conversation.home_assistant"
    assert texts(init_integration, session) == [
        ("user", "remember that the bins go out on Tuesday"),
        ("assistant", "Okay, I'll remember that."),
        ("user", "what do you remember about the bins"),
        ("assistant", "The bins go out on Tuesday."),
    ]


async def test_household_and_users_get_separate_sessions(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    agent_entry: MockConfigEntry,
    init_integration: HomeMemoryConfigEntry,
    user_anna: MockUser,
    hass_read_only_user: MockUser,
) -> None:
    """A satellite without a person is the household; removed users go nowhere."""
    agent = use_agent(hass, agent_entry)
    result = await say(
        hass, "hello from the hall", agent_id=agent_entry.entry_id, device_id="hall"
    )
    await say(
        hass,
        "it is Anna now",
        agent_id=agent_entry.entry_id,
        user=user_anna,
        conversation_id=result.conversation_id,
    )
    await settle(hass, freezer)
    household, anna = sessions_of(init_integration)
    assert household.owner is None
    assert household.device_id == "hall"
    assert anna.owner == user_anna.id
    assert household.conversation_id == anna.conversation_id
    assert texts(init_integration, anna)[0] == ("user", "it is Anna now")

    # A user who is removed before the turn is stored: nothing is kept.
    await say(
        hass, "secret words", agent_id=agent_entry.entry_id, user=hass_read_only_user
    )
    await hass.auth.async_remove_user(hass_read_only_user)
    await settle(hass, freezer)
    assert len(sessions_of(init_integration)) == 2
    assert len(agent.prompts) == 3


async def test_capture_off_stores_nothing(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    agent_entry: MockConfigEntry,
    mock_load_model: Any,
) -> None:
    """With capture off, conversations store no session."""
    from ..conftest import setup_entry

    entry = MockConfigEntry(
        domain=DOMAIN,
        data={},
        options=capture_options(**{CONF_CONVERSATION_CAPTURE: False}),
    )
    await setup_entry(hass, entry)
    use_agent(hass, agent_entry)
    await say(hass, "hello", agent_id=agent_entry.entry_id)
    await say(hass, "remember that the sky is blue")
    await settle(hass, freezer)
    assert sessions_of(entry) == []
    assert entry.runtime_data.capture is None
    # The nightly session expiry is registered all the same.
    assert entry.runtime_data.maintenance.jobs


async def test_ai_task_chat_logs_are_never_captured(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    agent_entry: MockConfigEntry,
    init_integration: HomeMemoryConfigEntry,
    fake_ai_task: FakeAITaskEntity,
) -> None:
    """Home Memory's own AI Task runs, and anyone else's, are not Assist turns."""
    fake_ai_task.answers = [{"memories": []}, {"text": "x"}]
    result = await async_generate_structured(
        hass,
        task_name="own",
        entity_id=AI_TASK_ENTITY,
        instructions="Summarise the secret plan",
        structure=probatio.Schema({}),
        validate=lambda data: data,
    )
    assert result == {"memories": []}
    await async_generate_data(
        hass,
        task_name="someone else's",
        entity_id=AI_TASK_ENTITY,
        instructions="Describe the garden",
    )
    assert len(fake_ai_task.tasks) == 2
    await end_conversations(hass, freezer)
    assert sessions_of(init_integration) == []


async def test_sessions_idle_24_hours_are_archived_by_the_nightly_job(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    agent_entry: MockConfigEntry,
    init_integration: HomeMemoryConfigEntry,
) -> None:
    """The nightly job archives sessions idle for 24 hours, not sooner."""
    use_agent(hass, agent_entry)
    await say(hass, "hello", agent_id=agent_entry.entry_id)
    await settle(hass, freezer)
    jobs = init_integration.runtime_data.maintenance.jobs
    assert jobs
    freezer.tick(timedelta(hours=23))
    for job in jobs:
        await job()
    [session] = sessions_of(init_integration)
    assert session.state is SessionState.ACTIVE
    freezer.tick(timedelta(hours=1))
    for job in jobs:
        await job()
    [session] = sessions_of(init_integration)
    assert session.state is SessionState.ARCHIVED
    # Archived messages stay stored.
    assert len(texts(init_integration, session)) == 2


async def test_relevant_past_messages_reach_only_their_speaker(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    agent_entry: MockConfigEntry,
    init_integration: HomeMemoryConfigEntry,
    user_anna: MockUser,
    user_ben: MockUser,
) -> None:
    """Past messages of the same speaker reach the next conversation's prompt."""
    agent = use_agent(hass, agent_entry)
    first = await say(
        hass,
        "my sister Lena visits us in June",
        agent_id=agent_entry.entry_id,
        user=user_anna,
    )
    await settle(hass, freezer)
    question = "when does Lena visit in June"
    # Not in the conversation it was said in (the agent has that already).
    prompt = await prompt_for(
        hass,
        agent,
        agent_entry,
        question,
        user=user_anna,
        conversation_id=first.conversation_id,
    )
    assert PAST_MESSAGES_HEADER not in prompt
    await end_conversations(hass, freezer)

    prompt = await prompt_for(hass, agent, agent_entry, question, user=user_anna)
    assert PAST_MESSAGES_HEADER in prompt
    assert 'User: "my sister Lena visits us in June"' in prompt
    assert "Relevant background:" not in prompt
    for other in ({"user": user_ben}, {"device_id": "hall-satellite"}):
        prompt = await prompt_for(hass, agent, agent_entry, question, **other)
        assert "Lena visits us" not in prompt
        assert PAST_MESSAGES_HEADER not in prompt
    await settle(hass, freezer)


async def test_past_messages_leave_out_home_assistants_error_replies(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    agent_entry: MockConfigEntry,
    init_integration: HomeMemoryConfigEntry,
    user_anna: MockUser,
) -> None:
    """New-user review s18: the built-in agent's "Sorry, I am not aware of
    any area called ..." was quoted back as something said earlier."""
    agent = use_agent(hass, agent_entry)
    failed = await say(hass, "turn on the lights in the greenhouse", user=user_anna)
    reply = failed.response.speech["plain"]["speech"]
    assert reply.startswith("Sorry, I am not aware of any area called greenhouse")
    await settle(hass, freezer)
    await end_conversations(hass, freezer)
    prompt = await prompt_for(
        hass, agent, agent_entry, "any area called greenhouse lights", user=user_anna
    )
    assert "not aware of any area" not in prompt, prompt
    await settle(hass, freezer)


async def test_past_messages_forget_what_was_forgotten_or_made_private(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    agent_entry: MockConfigEntry,
    init_integration: HomeMemoryConfigEntry,
    user_anna: MockUser,
    user_ben: MockUser,
) -> None:
    """A forgotten memory's words leave every past message; a memory made
    private leaves Ben's, and Anna, its owner, keeps hers (new-user review:
    the prompt quoted the forgotten garage code, and Anna's now-private
    pistachio spread to Ben)."""
    agent = use_agent(hass, agent_entry)
    code = "The garage door code is 9753."
    spread = "The pistachio spread is on the top shelf of the pantry."
    for user in (user_anna, user_ben):
        await say(hass, code, agent_id=agent_entry.entry_id, user=user)
        await say(hass, spread, agent_id=agent_entry.entry_id, user=user)
    await settle(hass, freezer)
    remembered = {
        text: (await call(hass, "remember", {"content": text}, user=user_anna))[
            "memory"
        ]["id"]
        for text in (code, spread)
    }
    await end_conversations(hass, freezer)

    async def prompt(question: str, user: MockUser) -> str:
        return await prompt_for(hass, agent, agent_entry, question, user=user)

    assert code in await prompt("what is the garage door code", user_anna)
    await call(hass, "forget", {"ids": [remembered[code]]}, user=user_anna)
    await hass.async_block_till_done()
    for user in (user_anna, user_ben):
        assert "9753" not in await prompt("what is the garage door code", user)

    assert spread in await prompt("where is the pistachio spread", user_ben)
    await call(
        hass,
        "update",
        {"id": remembered[spread], "visibility": "private"},
        user=user_anna,
    )
    await hass.async_block_till_done()
    assert "pistachio" not in await prompt("where is the pistachio spread", user_ben)
    assert spread in await prompt("where is the pistachio spread", user_anna)
    await settle(hass, freezer)


async def test_past_messages_are_told_in_the_order_they_were_said(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    agent_entry: MockConfigEntry,
    init_integration: HomeMemoryConfigEntry,
    user_anna: MockUser,
) -> None:
    """Past messages are chosen by how close they are, and quoted oldest
    first, so an answer stays after its question (new-user review: "Plain
    white" came right after the bedroom question)."""
    agent = use_agent(hass, agent_entry)
    # The closest to the question comes second, the least close first.
    said = [
        "Plain white for the bedroom ceiling, not the walls.",
        "We should paint the bedroom walls a calm colour.",
        "Sage green for the bedroom walls, the matte one.",
    ]
    for text in said:
        await say(hass, text, agent_id=agent_entry.entry_id, user=user_anna)
        await settle(hass, freezer, 10)
    await end_conversations(hass, freezer)
    prompt = await prompt_for(
        hass,
        agent,
        agent_entry,
        "What colour did we pick for the bedroom walls?",
        user=user_anna,
    )
    assert PAST_MESSAGES_HEADER in prompt
    quoted = [text for text in said if text in prompt]
    assert len(quoted) == 3, prompt
    assert sorted(quoted, key=prompt.index) == quoted
    await settle(hass, freezer)


async def test_the_same_words_said_twice_are_told_once(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    agent_entry: MockConfigEntry,
    init_integration: HomeMemoryConfigEntry,
    user_anna: MockUser,
) -> None:
    """Words said again in another conversation are quoted once among the
    past messages (new-user review: the same line came twice)."""
    agent = use_agent(hass, agent_entry)
    asked = "The bedroom wall paint is delivered by the hardware store."
    for text in (asked, asked, "The bedroom wall paint comes on Friday."):
        await say(hass, text, agent_id=agent_entry.entry_id, user=user_anna)
        await settle(hass, freezer, 10)
    await end_conversations(hass, freezer)
    prompt = await prompt_for(
        hass, agent, agent_entry, "When does the bedroom paint come?", user=user_anna
    )
    assert PAST_MESSAGES_HEADER in prompt
    assert prompt.count(f'User: "{asked}"') == 1, prompt
    assert "The bedroom wall paint comes on Friday." in prompt
    await settle(hass, freezer)


async def test_past_messages_tell_only_what_was_told(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    agent_entry: MockConfigEntry,
    init_integration: HomeMemoryConfigEntry,
    user_anna: MockUser,
) -> None:
    """The speaker's questions and requests to the memory are no background:
    they tell no fact, and what a "remember that" told is a memory of its
    own, dated (new-user review s16, #13: "(today) User: 'what did we do
    last weekend?'" on the next turn; raw "merk dir, dass … heute …"
    lines). Words said again in this conversation are not quoted from
    another one."""
    agent = use_agent(hass, agent_entry)
    told = "The bedroom paint is sage green, the matte one."
    for text in (
        "What colour is the bedroom paint?",
        "what colour did we choose for the bedroom paint",
        # Asked without a "?" and no memory sentence (new-user review s17).
        "did we paint the bedroom sage green or matte",
        "wann haben wir die Schlafzimmerfarbe gekauft",
        "remember that the bedroom paint came today",
        "Merk dir, dass die Schlafzimmerfarbe heute gekommen ist",
        told,
    ):
        await say(hass, text, agent_id=agent_entry.entry_id, user=user_anna)
        await settle(hass, freezer, 10)
    await end_conversations(hass, freezer)
    question = "is the bedroom paint sage green or matte"
    prompt = await prompt_for(hass, agent, agent_entry, question, user=user_anna)
    assert PAST_MESSAGES_HEADER in prompt
    assert told in prompt
    # Of the user's words, only what they told.
    (past,) = [line for line in prompt.splitlines() if "User:" in line]
    assert told in past, prompt
    # Said again in a new conversation: quoted from there no more.
    again = await say(hass, told, agent_id=agent_entry.entry_id, user=user_anna)
    await settle(hass, freezer, 10)
    prompt = await prompt_for(
        hass,
        agent,
        agent_entry,
        question,
        user=user_anna,
        conversation_id=again.conversation_id,
    )
    assert f'User: "{told}"' not in prompt, prompt
    await settle(hass, freezer)


async def test_messages_are_embedded(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    agent_entry: MockConfigEntry,
    init_integration: HomeMemoryConfigEntry,
) -> None:
    """Captured messages are embedded with the loaded model."""
    use_agent(hass, agent_entry)
    await say(
        hass, "the spare key is under the blue pot", agent_id=agent_entry.entry_id
    )
    await settle(hass, freezer)
    store = init_integration.runtime_data.store
    with store.read() as conn:
        models = {
            row[0] for row in conn.execute("SELECT vector_model FROM session_messages")
        }
    assert models == {"integration-test-hashing"}
    found = SessionStore(store).relevant_messages("spare key blue pot", None)
    assert found[0].role is MessageRole.USER


async def pipeline_turn(
    hass: HomeAssistant,
    text: str,
    *,
    agent_id: str,
    prefer_local_intents: bool = False,
    conversation_id: str | None = None,
    user: MockUser | None = None,
    device_id: str | None = None,
) -> ConversationResult:
    """One turn in the order of the Assist pipeline (assist_pipeline's
    `recognize_intent`, which needs audio libraries these tests do without).

    The pipeline opens the chat log with the user's text before it calls
    `async_converse`; with "prefer local intents" a matched sentence is
    answered without `async_converse` at all.
    """
    user_input = ConversationInput(
        text=text,
        context=Context(user_id=user.id if user else None),
        conversation_id=conversation_id,
        device_id=device_id,
        satellite_id=None,
        language="en",
        agent_id=agent_id,
    )
    with (
        chat_session.async_get_chat_session(
            hass, conversation_id, **chat_session_kwargs(user_input.context)
        ) as session,
        conversation.async_get_chat_log(hass, session, user_input) as chat_log,
    ):
        # Sentence triggers (Home Memory's own sentences among them), then
        # local intents when preferred: answered without async_converse.
        speech = await conversation.async_handle_sentence_triggers(
            hass, user_input, chat_log
        )
        response: intent.IntentResponse | None = None
        if speech is not None:
            response = intent.IntentResponse(language="en")
            response.async_set_speech(speech)
        elif prefer_local_intents:
            response = await conversation.async_handle_intents(
                hass, user_input, chat_log
            )
        if response is not None:
            chat_log.async_add_assistant_content_without_tools(
                AssistantContent(
                    agent_id=conversation.HOME_ASSISTANT_AGENT,
                    content=response.speech["plain"]["speech"],
                )
            )
            return ConversationResult(
                response=response, conversation_id=session.conversation_id
            )
        return await conversation.async_converse(
            hass,
            text,
            session.conversation_id,
            user_input.context,
            language="en",
            agent_id=agent_id,
            device_id=device_id,
        )


async def test_pipeline_turns_are_captured(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    agent_entry: MockConfigEntry,
    init_integration: HomeMemoryConfigEntry,
    user_anna: MockUser,
) -> None:
    """Voice satellites and the Assist dialog: the pipeline opens the log first."""
    use_agent(hass, agent_entry)
    first = await pipeline_turn(
        hass,
        "the boiler is serviced in May",
        agent_id=agent_entry.entry_id,
        user=user_anna,
    )
    conversation_id = first.conversation_id
    await settle(hass, freezer)
    await pipeline_turn(
        hass,
        "and the plumber is Jo",
        agent_id=agent_entry.entry_id,
        conversation_id=conversation_id,
        user=user_anna,
    )
    await settle(hass, freezer)
    [session] = sessions_of(init_integration)
    assert session.conversation_id == conversation_id
    assert session.owner == user_anna.id
    assert session.agent_id == agent_entry.entry_id
    assert session.turns == 2
    assert texts(init_integration, session) == [
        ("user", "the boiler is serviced in May"),
        ("assistant", "Reply to: the boiler is serviced in May"),
        ("user", "and the plumber is Jo"),
        ("assistant", "Reply to: and the plumber is Jo"),
    ]


async def test_pipeline_local_intent_turns_are_captured(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    agent_entry: MockConfigEntry,
    init_integration: HomeMemoryConfigEntry,
    user_anna: MockUser,
) -> None:
    """Sentences handled locally (no async_converse) are captured all the same.

    An unmapped satellite is the household's; a local turn and an LLM turn of
    the same conversation land in the same session.
    """
    agent = use_agent(hass, agent_entry)
    first = await pipeline_turn(
        hass,
        "remember that the bins go out on Tuesday",
        agent_id=agent_entry.entry_id,
        device_id="hall-satellite",
    )
    # Handled locally: the LLM agent never saw it.
    assert agent.prompts == []
    conversation_id = first.conversation_id
    await settle(hass, freezer)
    await pipeline_turn(
        hass,
        "tell me a story about the bins",
        agent_id=agent_entry.entry_id,
        conversation_id=conversation_id,
        device_id="hall-satellite",
    )
    await settle(hass, freezer)
    [session] = sessions_of(init_integration)
    assert session.owner is None
    assert session.device_id == "hall-satellite"
    assert texts(init_integration, session) == [
        ("user", "remember that the bins go out on Tuesday"),
        ("assistant", "Okay, I'll remember that."),
        ("user", "tell me a story about the bins"),
        ("assistant", "Reply to: tell me a story about the bins"),
    ]


async def test_a_capture_error_never_breaks_the_turn(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    agent_entry: MockConfigEntry,
    init_integration: HomeMemoryConfigEntry,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """The subscriber runs in the agent's task: its errors are logged, not raised."""
    use_agent(hass, agent_entry)
    with patch(
        "custom_components.home_memory.background.conversation_capture.pipeline_turn_input",
        side_effect=RuntimeError("boom"),
    ):
        result = await say(hass, "the secret is 1234", agent_id=agent_entry.entry_id)
    assert result.response.speech["plain"]["speech"] == "Reply to: the secret is 1234"
    ours = [r for r in caplog.records if r.name.startswith(DOMAIN_LOGGER)]
    assert [r.getMessage() for r in ours] == [
        "Capturing a conversation turn failed; the conversation is skipped"
    ]
    # That conversation is skipped; the next one is captured again.
    await say(
        hass,
        "more of it",
        agent_id=agent_entry.entry_id,
        conversation_id=result.conversation_id,
    )
    other = await say(hass, "hello again", agent_id=agent_entry.entry_id)
    await settle(hass, freezer)
    [session] = sessions_of(init_integration)
    assert session.conversation_id == other.conversation_id


async def four_turn_session(
    hass: HomeAssistant, entry: HomeMemoryConfigEntry, conversation_id: str
) -> Session:
    """A household session of four turns, recorded now (Home Assistant's clock)."""
    from custom_components.home_memory.memory.conversation.sessions import ChatMessage
    from custom_components.home_memory.operations.proposals import session_store

    at = entry.runtime_data.store.now()
    return await hass.async_add_executor_job(
        partial(
            session_store(entry.runtime_data).record,
            conversation_id=conversation_id,
            owner=None,
            role=SessionRole.USER,
            messages=[
                ChatMessage(role, f"{role} says fact {n}", at)
                for n in range(4)
                for role in (MessageRole.USER, MessageRole.ASSISTANT)
            ],
        )
    )


ONE_FACT = {
    "memories": [
        {
            "summary": "Jo is the plumber",
            "content": "The household's plumber is Jo.",
            "type": "person",
            "keywords": ["plumber"],
        }
    ]
}


async def test_sessions_are_extracted_before_they_are_archived_and_retried(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    agent_entry: MockConfigEntry,
    init_integration: HomeMemoryConfigEntry,
    fake_ai_task: FakeAITaskEntity,
) -> None:
    """Nightly: idle sessions end (and are extracted) before archiving; a failed
    extraction is tried again on later nights, a bounded number of times."""
    data = init_integration.runtime_data
    idle = await four_turn_session(hass, init_integration, "restarted-away")
    failing = await four_turn_session(hass, init_integration, "ai-failed")
    # The AI Task fails for the second one when its conversation ends.
    fake_ai_task.answers = [{"memories": "nope"}, {"memories": "nope"}]
    capture = data.capture
    assert capture is not None
    from custom_components.home_memory.background.conversation_capture import (
        async_end_session,
    )

    await async_end_session(hass, data, failing.id)
    assert data.proposals.household_pending == 0
    # A second ender gets nothing to extract.
    await async_end_session(hass, data, failing.id)
    assert len(fake_ai_task.tasks) == 2

    freezer.tick(timedelta(hours=25))
    fake_ai_task.answers = [ONE_FACT, ONE_FACT]
    for job in data.maintenance.jobs:
        await job()
    await hass.async_block_till_done()
    by_id = {s.id: s for s in sessions_of(init_integration)}
    # Idle for more than a day: ended, extracted, then archived.
    assert by_id[idle.id].extracted_at is not None
    assert by_id[idle.id].state is SessionState.ARCHIVED
    # Retried and extracted at last.
    assert by_id[failing.id].extracted_at is not None
    assert data.proposals.household_pending == 2

    # Extraction that never succeeds is given up on. Every answer is invalid,
    # whichever path asks first (the chat session's end or the nightly job).
    fake_ai_task.answers = []
    fake_ai_task.default = {"memories": "nope"}
    hopeless = await four_turn_session(hass, init_integration, "hopeless")
    asked = len(fake_ai_task.tasks)
    for _ in range(5):
        freezer.tick(timedelta(days=1))
        for job in data.maintenance.jobs:
            await job()
        await hass.async_block_till_done()
    by_id = {s.id: s for s in sessions_of(init_integration)}
    assert by_id[hopeless.id].extracted_at is None
    assert by_id[hopeless.id].extraction_attempts == 3
    assert len(fake_ai_task.tasks) == asked + 3 * 2


async def test_unload_cancels_extraction_in_flight(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    agent_entry: MockConfigEntry,
    init_integration: HomeMemoryConfigEntry,
    fake_ai_task: FakeAITaskEntity,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """No task runs against the closed store; the session stays to be retried."""
    started = asyncio.Event()
    running: list[asyncio.Task[Any]] = []

    async def never_answers(task: GenDataTask, chat_log: ChatLog) -> GenDataTaskResult:
        running.append(asyncio.current_task())  # type: ignore[arg-type]
        started.set()
        await asyncio.Event().wait()
        raise AssertionError

    use_agent(hass, agent_entry)
    conversation_id = None
    for number in range(4):
        result = await say(
            hass,
            f"fact {number}",
            agent_id=agent_entry.entry_id,
            conversation_id=conversation_id,
        )
        conversation_id = result.conversation_id
        await settle(hass, freezer)
    db_path = init_integration.runtime_data.db_path
    with patch.object(fake_ai_task, "_async_generate_data", never_answers):
        freezer.tick(timedelta(seconds=301))
        async_fire_time_changed(hass)
        await started.wait()
        await hass.config_entries.async_unload(init_integration.entry_id)
    [extraction] = running
    try:
        # Cancelled and finished before the store closed.
        assert extraction.cancelled()
    finally:
        extraction.cancel()
    await hass.async_block_till_done()
    assert not [r for r in caplog.records if r.levelname == "ERROR"]
    [session] = sessions_of_closed(db_path)
    assert session.ended_at is not None
    assert session.extracted_at is None
    assert session.extraction_attempts == 1


def sessions_of_closed(db_path: Path) -> list[Session]:
    """The sessions of an unloaded entry's database, read from the file."""
    from custom_components.home_memory.memory.store import MemoryStore

    store = MemoryStore(db_path)
    try:
        with store.read() as conn:
            ids = [row[0] for row in conn.execute("SELECT id FROM sessions")]
        found = [SessionStore(store).get(session_id) for session_id in ids]
    finally:
        store.close()
    return [session for session in found if session is not None]


async def test_sessions_active_before_a_restart_end_after_end_idle(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    agent_entry: MockConfigEntry,
    init_integration: HomeMemoryConfigEntry,
    fake_ai_task: FakeAITaskEntity,
) -> None:
    """A second idle pass END_IDLE after the start, not at 03:00."""
    session = await four_turn_session(hass, init_integration, "before-restart")
    freezer.tick(timedelta(minutes=1))
    await hass.config_entries.async_reload(init_integration.entry_id)
    await hass.async_block_till_done()
    [still_open] = sessions_of(init_integration)
    assert still_open.ended_at is None
    fake_ai_task.answers = [ONE_FACT]
    freezer.tick(timedelta(minutes=10))
    async_fire_time_changed(hass)
    await hass.async_block_till_done()
    [ended] = sessions_of(init_integration)
    assert ended.id == session.id
    assert ended.ended_at is not None
    assert ended.extracted_at is not None
    assert init_integration.runtime_data.proposals.household_pending == 1


async def test_pending_proposals_are_counted_at_setup_with_capture_off(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    init_integration: HomeMemoryConfigEntry,
) -> None:
    """Pending proposals are counted at setup even with capture off."""
    from custom_components.home_memory.memory.common.values import MemoryKind
    from custom_components.home_memory.memory.conversation.extraction import (
        ProposalDraft,
    )
    from custom_components.home_memory.operations.proposals import (
        offers_for,
        proposal_store,
    )

    data = init_integration.runtime_data
    await hass.async_add_executor_job(
        partial(
            proposal_store(data).add,
            [
                ProposalDraft(
                    "Jo is the plumber", "Jo is the plumber.", MemoryKind.FACT, ()
                )
            ],
            owner=None,
            session_id=None,
            conversation_id=None,
        )
    )
    hass.config_entries.async_update_entry(
        init_integration,
        options=capture_options(**{CONF_CONVERSATION_CAPTURE: False}),
    )
    await hass.config_entries.async_reload(init_integration.entry_id)
    await hass.async_block_till_done()
    data = init_integration.runtime_data
    assert data.capture is None
    assert data.proposals.household_pending == 1
    assert [o.summary for o in offers_for(data, None)] == ["Jo is the plumber"]
    await settle(hass, freezer, 60)
    state = hass.states.get("sensor.home_memory_pending_proposals")
    assert state is not None
    assert state.state == "1"


async def test_a_lone_surrogate_in_a_turn_is_stored_readable_with_the_rest(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    agent_entry: MockConfigEntry,
    init_integration: HomeMemoryConfigEntry,
) -> None:
    """A lone surrogate becomes U+FFFD; the other turns of that read are kept."""
    use_agent(hass, agent_entry)
    first = await say(hass, "the code is a\ud800b", agent_id=agent_entry.entry_id)
    await say(
        hass,
        "and the bins go out on Tuesday",
        agent_id=agent_entry.entry_id,
        conversation_id=first.conversation_id,
    )
    await settle(hass, freezer)
    [session] = sessions_of(init_integration)
    assert texts(init_integration, session) == [
        ("user", "the code is a\ufffdb"),
        ("assistant", "Reply to: the code is a\ufffdb"),
        ("user", "and the bins go out on Tuesday"),
        ("assistant", "Reply to: and the bins go out on Tuesday"),
    ]


async def test_one_turn_that_cannot_be_stored_does_not_lose_the_others(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    agent_entry: MockConfigEntry,
    init_integration: HomeMemoryConfigEntry,
) -> None:
    """A turn the engine refuses is skipped; the later turns of that read are kept."""
    use_agent(hass, agent_entry)
    record = SessionStore.record
    calls = 0

    def refuse_the_first(self: SessionStore, **kwargs: Any) -> Session:
        nonlocal calls
        calls += 1
        if calls == 1:
            raise UnicodeEncodeError("utf-8", "\ud800", 0, 1, "surrogates not allowed")
        return record(self, **kwargs)

    first = await say(hass, "first turn", agent_id=agent_entry.entry_id)
    await say(
        hass,
        "second turn",
        agent_id=agent_entry.entry_id,
        conversation_id=first.conversation_id,
    )
    with patch.object(SessionStore, "record", refuse_the_first):
        await settle(hass, freezer)
    [session] = sessions_of(init_integration)
    assert texts(init_integration, session) == [
        ("user", "second turn"),
        ("assistant", "Reply to: second turn"),
    ]
