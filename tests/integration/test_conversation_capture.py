"""Assist turns into short-term sessions: LLM agents, the built-in agent, privacy."""

from __future__ import annotations

from datetime import timedelta
import json
from typing import TYPE_CHECKING, Any, Literal

from homeassistant.components import conversation
from homeassistant.components.ai_task import (
    AITaskEntity,
    AITaskEntityFeature,
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
from homeassistant.config_entries import ConfigFlow
from homeassistant.core import Context, HomeAssistant
from homeassistant.helpers import chat_session, llm
from homeassistant.setup import async_setup_component
import probatio
import pytest
from pytest_homeassistant_custom_component.common import (
    MockConfigEntry,
    MockModule,
    MockPlatform,
    MockUser,
    async_fire_time_changed,
    mock_config_flow,
    mock_integration,
    mock_platform,
)

from custom_components.home_memory.ai_generation import async_generate_structured
from custom_components.home_memory.const import (
    CONF_AI_TASK_ENTITY,
    CONF_CONVERSATION_CAPTURE,
    CONF_EXTRACTION_MODE,
    CONF_PERSONA_NAME,
    DOMAIN,
    SECTION_CAPTURE,
    SECTION_PERSONA,
)
from custom_components.home_memory.context import PAST_MESSAGES_HEADER
from custom_components.home_memory.memory.sessions import (
    MessageRole,
    Session,
    SessionRole,
    SessionState,
    SessionStore,
)

if TYPE_CHECKING:
    from collections.abc import AsyncIterator

    from freezegun.api import FrozenDateTimeFactory
    from homeassistant.helpers.entity_platform import AddConfigEntryEntitiesCallback

    from custom_components.home_memory.runtime import HomeMemoryConfigEntry

pytestmark = pytest.mark.usefixtures("mock_load_model")

AI_TASK_ENTITY = "ai_task.fake_ai"


class StreamingAgent(conversation.AbstractConversationAgent):
    """A fake LLM agent whose replies are streamed (never announced by HA)."""

    def __init__(self, hass: HomeAssistant, apis: list[str]) -> None:
        self.hass = hass
        self.apis = apis
        self.prompts: list[str] = []
        self.tool_names: list[list[str]] = []
        self.tool_calls: list[list[llm.ToolInput]] = []
        self.tool_results: list[list[Any]] = []

    @property
    def supported_languages(self) -> Literal["*"]:
        return "*"

    async def async_process(self, user_input: ConversationInput) -> ConversationResult:
        with (
            chat_session.async_get_chat_session(
                self.hass, user_input.conversation_id
            ) as session,
            conversation.async_get_chat_log(self.hass, session, user_input) as log,
        ):
            await log.async_provide_llm_data(
                user_input.as_llm_context("test"), self.apis, None, None
            )
            self.prompts.append(log.content[0].content)
            assert log.llm_api is not None
            self.tool_names.append([tool.name for tool in log.llm_api.tools])
            calls = self.tool_calls.pop(0) if self.tool_calls else []

            async def stream() -> AsyncIterator[dict[str, Any]]:
                if calls:
                    yield {"role": "assistant"}
                    yield {"tool_calls": calls}
                yield {"role": "assistant"}
                yield {"content": f"Reply to: {user_input.text}"}

            results = [
                content.result
                async for content in log.async_add_delta_content_stream(
                    user_input.agent_id,
                    stream(),  # type: ignore[arg-type]
                )
                if hasattr(content, "result")
            ]
            self.tool_results.append(results)
            return conversation.async_get_result_from_chat_log(user_input, log)


class FakeAITask(AITaskEntity):
    """An AI Task entity answering from a script (in a chat log, like real ones)."""

    _attr_name = "Fake AI"
    _attr_unique_id = "fake_ai"
    _attr_supported_features = AITaskEntityFeature.GENERATE_DATA

    def __init__(self) -> None:
        self.answers: list[Any] = []
        self.instructions: list[str] = []

    async def _async_generate_data(
        self, task: GenDataTask, chat_log: ChatLog
    ) -> GenDataTaskResult:
        self.instructions.append(task.instructions)
        data = self.answers.pop(0) if self.answers else {"memories": []}
        chat_log.async_add_assistant_content_without_tools(
            AssistantContent(agent_id=self.entity_id or "", content=json.dumps(data))
        )
        return GenDataTaskResult(conversation_id=chat_log.conversation_id, data=data)


class FakeAIFlow(ConfigFlow):
    """The mocked integration's (unused) config flow."""

    VERSION = 1


async def add_agent_entry(hass: HomeAssistant) -> MockConfigEntry:
    """Conversation, llm and a config entry to hang the fake agent on."""
    assert await async_setup_component(hass, "homeassistant", {})
    assert await async_setup_component(hass, "conversation", {})
    assert await async_setup_component(hass, "llm", {})
    entry = MockConfigEntry(domain="test")
    entry.add_to_hass(hass)
    return entry


async def add_fake_ai_task(hass: HomeAssistant) -> FakeAITask:
    """An AI Task entity (ai_task.fake_ai) of a mocked integration."""
    assert await async_setup_component(hass, "ai_task", {})
    entity = FakeAITask()

    async def setup_platform(
        hass: HomeAssistant,
        entry: MockConfigEntry,
        async_add_entities: AddConfigEntryEntitiesCallback,
    ) -> None:
        async_add_entities([entity])

    async def setup_entry(hass: HomeAssistant, entry: MockConfigEntry) -> bool:
        await hass.config_entries.async_forward_entry_setups(entry, ["ai_task"])
        return True

    mock_integration(hass, MockModule("fake_ai", async_setup_entry=setup_entry))
    mock_platform(
        hass, "fake_ai.ai_task", MockPlatform(async_setup_entry=setup_platform)
    )
    mock_platform(hass, "fake_ai.config_flow")
    entry = MockConfigEntry(domain="fake_ai")
    entry.add_to_hass(hass)
    # Setting an entry up needs a flow handler, even one that is never shown.
    with mock_config_flow("fake_ai", FakeAIFlow):
        assert await hass.config_entries.async_setup(entry.entry_id)
        await hass.async_block_till_done()
    assert hass.states.get(AI_TASK_ENTITY) is not None
    return entity


@pytest.fixture
async def agent_entry(hass: HomeAssistant) -> MockConfigEntry:
    """The config entry of the fake agent."""
    return await add_agent_entry(hass)


@pytest.fixture
async def fake_ai_task(hass: HomeAssistant) -> FakeAITask:
    """The fake AI Task entity."""
    return await add_fake_ai_task(hass)


def capture_options(**capture: Any) -> dict[str, Any]:
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
    agent = StreamingAgent(hass, apis if apis is not None else [DOMAIN])
    conversation.async_set_agent(hass, entry, agent)
    return agent


async def say(
    hass: HomeAssistant,
    text: str,
    *,
    agent_id: str | None = None,
    conversation_id: str | None = None,
    user: MockUser | None = None,
    device_id: str | None = None,
) -> ConversationResult:
    return await conversation.async_converse(
        hass,
        text,
        conversation_id,
        Context(user_id=user.id if user else None),
        language="en",
        agent_id=agent_id,
        device_id=device_id,
    )


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


def sessions_of(entry: HomeMemoryConfigEntry) -> list[Session]:
    store = entry.runtime_data.store
    with store.read() as conn:
        ids = [row[0] for row in conn.execute("SELECT id FROM sessions ORDER BY rowid")]
    sessions = SessionStore(store)
    found = [sessions.get(session_id) for session_id in ids]
    return [session for session in found if session is not None]


def texts(entry: HomeMemoryConfigEntry, session: Session) -> list[tuple[str, str]]:
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
        ("assistant", "the bins go out on Tuesday."),
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
    from .conftest import setup_entry

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
    assert entry.runtime_data.conversation_capture is None
    # The nightly session expiry is registered all the same.
    assert entry.runtime_data.nightly_jobs


async def test_ai_task_chat_logs_are_never_captured(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    agent_entry: MockConfigEntry,
    init_integration: HomeMemoryConfigEntry,
    fake_ai_task: FakeAITask,
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
    assert len(fake_ai_task.instructions) == 2
    await end_conversations(hass, freezer)
    assert sessions_of(init_integration) == []


async def test_sessions_idle_24_hours_are_archived_by_the_nightly_job(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    agent_entry: MockConfigEntry,
    init_integration: HomeMemoryConfigEntry,
) -> None:
    use_agent(hass, agent_entry)
    await say(hass, "hello", agent_id=agent_entry.entry_id)
    await settle(hass, freezer)
    jobs = init_integration.runtime_data.nightly_jobs
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
    """Ash: past messages of the same speaker in the next conversation's prompt."""
    agent = use_agent(hass, agent_entry)
    first = await say(
        hass,
        "my sister Lena visits us in June",
        agent_id=agent_entry.entry_id,
        user=user_anna,
    )
    await settle(hass, freezer)
    # Not in the conversation it was said in (the agent has that already).
    await say(
        hass,
        "when does Lena visit in June",
        agent_id=agent_entry.entry_id,
        user=user_anna,
        conversation_id=first.conversation_id,
    )
    assert PAST_MESSAGES_HEADER not in agent.prompts[-1]
    await end_conversations(hass, freezer)

    await say(
        hass,
        "when does Lena visit in June",
        agent_id=agent_entry.entry_id,
        user=user_anna,
    )
    prompt = agent.prompts[-1]
    assert PAST_MESSAGES_HEADER in prompt
    assert "User: my sister Lena visits us in June" in prompt
    assert "Relevant background:" not in prompt
    for other in ({"user": user_ben}, {"device_id": "hall-satellite"}):
        await say(
            hass, "when does Lena visit in June", agent_id=agent_entry.entry_id, **other
        )
        assert "Lena visits us" not in agent.prompts[-1]
        assert PAST_MESSAGES_HEADER not in agent.prompts[-1]
    await settle(hass, freezer)


async def test_messages_are_embedded(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    agent_entry: MockConfigEntry,
    init_integration: HomeMemoryConfigEntry,
) -> None:
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
