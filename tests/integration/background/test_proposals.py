"""End-of-conversation proposals and their confirmation, by voice and by action."""

from __future__ import annotations

from datetime import timedelta
import logging
from typing import TYPE_CHECKING, Any

from homeassistant.components import persistent_notification
from homeassistant.components.ai_task.const import DATA_PREFERENCES
from homeassistant.core import Context, HomeAssistant
from homeassistant.exceptions import (
    HomeAssistantError,
    ServiceValidationError,
    Unauthorized,
)
from homeassistant.helpers import issue_registry as ir, llm
from homeassistant.setup import async_setup_component
import pytest
from pytest_homeassistant_custom_component.common import MockConfigEntry, MockUser

from custom_components.home_memory.background.conversation_capture import (
    AI_TASK_RECHECK,
)
from custom_components.home_memory.const import DOMAIN
from custom_components.home_memory.memory.common.values import (
    Caller,
    MemoryFilter,
    Source,
    Tier,
    Visibility,
)
from custom_components.home_memory.memory.conversation.extraction import ProposalStatus
from custom_components.home_memory.operations.proposals import (
    NOTIFICATION_ID,
    offers_for,
    proposal_store,
)

from ..conftest import call, setup_entry
from ..fake_ai_task import FAKE_ENTITY_ID, async_setup_fake_ai_task
from ..operations.test_proposals import add_proposals
from .test_conversation_capture import (
    capture_options,
    end_conversations,
    say,
    sessions_of,
    settle,
    use_agent,
)

if TYPE_CHECKING:
    from freezegun.api import FrozenDateTimeFactory

    from custom_components.home_memory.runtime.data import HomeMemoryConfigEntry

    from ..fake_agents import StreamingAgent
    from ..fake_ai_task import FakeAITaskEntity

pytestmark = pytest.mark.usefixtures("mock_load_model")


@pytest.fixture(autouse=True)
def _midday(freezer: FrozenDateTimeFactory) -> None:
    """Every test starts at noon, before Home Memory is set up: the nightly
    maintenance (03:00 in the test zone, 11:00 UTC) ran inside a test that
    started at 10:35 UTC and asked the AI task once more (CI, session 26)."""
    freezer.move_to("2026-03-04T20:00:00+00:00")


@pytest.fixture
def mock_config_entry() -> MockConfigEntry:
    """Capture on, ask first, the fake AI Task entity."""
    return MockConfigEntry(
        domain=DOMAIN, title="Home Memory", data={}, options=capture_options()
    )


PENDING_SENSOR = "sensor.home_memory_pending_proposals"
QUESTION = "Should I remember anything from our conversation?"

TWO_FACTS = {
    "memories": [
        {
            "summary": "Lena visits in June",
            "content": "Anna's sister Lena visits every June.",
            "type": "event",
            "keywords": ["Lena", "June"],
        },
        {
            "summary": "Jo is the plumber",
            "content": "The household's plumber is Jo.",
            "type": "person",
            "keywords": ["plumber", "Jo"],
        },
    ]
}


async def talk(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    freezer: FrozenDateTimeFactory,
    turns: int,
    **speaker: Any,
) -> str:
    """A conversation of `turns` turns; returns its id."""
    conversation_id: str | None = None
    for number in range(turns):
        result = await say(
            hass,
            f"fact number {number}: my sister Lena visits in June",
            agent_id=agent_entry.entry_id,
            conversation_id=conversation_id,
            **speaker,
        )
        conversation_id = result.conversation_id
        await settle(hass, freezer)
    assert conversation_id is not None
    return conversation_id


async def api_for(hass: HomeAssistant, user: MockUser | None) -> llm.APIInstance:
    """The Home Memory LLM API as seen by `user`."""
    return await llm.async_get_api(
        hass,
        DOMAIN,
        llm.LLMContext(
            "test",
            Context(user_id=user.id if user else None),
            "en",
            "conversation",
            None,
        ),
    )


async def test_four_turns_end_in_pending_proposals_asked_by_voice(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    agent_entry: MockConfigEntry,
    fake_ai_task: FakeAITaskEntity,
    init_integration: HomeMemoryConfigEntry,
    user_anna: MockUser,
    user_ben: MockUser,
) -> None:
    """Ask first: pending, asked in Anna's next turn, answered with numbers."""
    agent = use_agent(hass, agent_entry)
    fake_ai_task.answers = [TWO_FACTS]
    conversation_id = await talk(hass, agent_entry, freezer, 4, user=user_anna)
    assert fake_ai_task.tasks == []
    await end_conversations(hass, freezer)

    # The AI Task read the conversation; nothing is stored yet.
    [task] = fake_ai_task.tasks
    instructions = task.instructions
    assert 'User: "fact number 3: my sister Lena visits in June"' in instructions
    assert 'Assistant: "Reply to: fact number 0' in instructions
    data = init_integration.runtime_data
    anna = Caller(user_id=user_anna.id)
    assert data.store.list_memories(anna, MemoryFilter()).items == []
    # Anna's proposals are hers until decided: the sensor and the notice,
    # which every user sees, count the household's only.
    assert data.proposals.household_pending == 0
    assert len(offers_for(data, user_anna.id)) == 2
    await settle(hass, freezer)
    state = hass.states.get(PENDING_SENSOR)
    assert state is not None
    assert state.state == "0"
    notifications = persistent_notification._async_get_or_create_notifications(hass)
    assert NOTIFICATION_ID not in notifications
    [session] = sessions_of(init_integration)
    assert session.ended_at is not None

    # Ben's next turn: no question, no tool. Anna's: both.
    await say(hass, "hello", agent_id=agent_entry.entry_id, user=user_ben)
    assert QUESTION not in agent.prompts[-1]
    assert "confirm_proposals" not in agent.tool_names[-1]
    await say(hass, "good morning", agent_id=agent_entry.entry_id, user=user_anna)
    assert (
        f'{QUESTION} 1. "Lena visits in June". 2. "Jo is the plumber".'
        in agent.prompts[-1]
    )
    assert agent.tool_names[-1][-1] == "confirm_proposals"

    # Ben is not offered the tool: he cannot answer Anna's question.
    ben_api = await api_for(hass, user_ben)
    with pytest.raises(HomeAssistantError, match="not found"):
        await ben_api.async_call_tool(
            llm.ToolInput(tool_name="confirm_proposals", tool_args={"answer": "yes"})
        )
    assert data.proposals.household_pending == 0

    anna_api = await api_for(hass, user_anna)
    bad = await anna_api.async_call_tool(
        llm.ToolInput(tool_name="confirm_proposals", tool_args={"numbers": [3]})
    )
    assert bad.error
    assert bad.data["error"] == "no_such_number"
    invalid = await anna_api.async_call_tool(
        llm.ToolInput(
            tool_name="confirm_proposals", tool_args={"answer": "yes", "numbers": [1]}
        )
    )
    assert invalid.data["error"] == "invalid_arguments"
    result = await anna_api.async_call_tool(
        llm.ToolInput(tool_name="confirm_proposals", tool_args={"numbers": [2]})
    )
    assert result.data["remembered"] == ["Jo is the plumber"]
    assert result.data["declined"] == 1
    [memory] = data.store.list_memories(anna, MemoryFilter()).items
    assert memory.source is Source.EXTRACTED
    assert memory.content == "The household's plumber is Jo."
    assert memory.owner == user_anna.id
    assert memory.visibility is Visibility.PRIVATE
    assert memory.source_ids == (conversation_id,)
    assert (
        data.store.list_memories(Caller(user_id=user_ben.id), MemoryFilter()).items
        == []
    )
    assert data.proposals.household_pending == 0
    assert NOTIFICATION_ID not in (
        persistent_notification._async_get_or_create_notifications(hass)
    )

    # "Forget that" works on the memory just confirmed.
    asked = await anna_api.async_call_tool(
        llm.ToolInput(tool_name="forget", tool_args={"that": True})
    )
    assert asked.data["memory"]["id"] == memory.id
    await anna_api.async_call_tool(
        llm.ToolInput(
            tool_name="forget",
            tool_args={"confirmation_token": asked.data["confirmation_token"]},
        )
    )
    assert data.store.get(memory.id, anna).tier is Tier.DELETED
    # The question is not asked any more, nor the tool offered.
    await say(hass, "good evening", agent_id=agent_entry.entry_id, user=user_anna)
    assert QUESTION not in agent.prompts[-1]
    assert "confirm_proposals" not in agent.tool_names[-1]


async def test_yes_and_no_by_voice_with_the_assist_api(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    agent_entry: MockConfigEntry,
    fake_ai_task: FakeAITaskEntity,
    init_integration: HomeMemoryConfigEntry,
) -> None:
    """A household satellite, an Assist-only agent: asked, then yes; later no."""
    agent = use_agent(hass, agent_entry, [llm.LLM_API_ASSIST])
    fake_ai_task.answers = [
        TWO_FACTS,
        TWO_FACTS | {"memories": TWO_FACTS["memories"][:1]},
    ]
    await talk(hass, agent_entry, freezer, 4, device_id="hall")
    await end_conversations(hass, freezer)
    data = init_integration.runtime_data
    assert data.proposals.household_pending == 2
    # Household proposals are not named in the notice either: a count only.
    notice = persistent_notification._async_get_or_create_notifications(hass)[
        NOTIFICATION_ID
    ]["message"]
    assert "Lena" not in notice
    assert "noticed 2 things" in notice

    await say(hass, "hi", agent_id=agent_entry.entry_id, device_id="hall")
    assert QUESTION in agent.prompts[-1]
    assert "home_memory__confirm_proposals" in agent.prompts[-1]
    assert "home_memory__confirm_proposals" in agent.tool_names[-1]
    agent.tool_calls = [
        [
            llm.ToolInput(
                tool_name="home_memory__confirm_proposals", tool_args={"answer": "yes"}
            )
        ]
    ]
    await say(hass, "yes", agent_id=agent_entry.entry_id, device_id="hall")
    [[tool_result]] = agent_tool_results(agent)
    assert tool_result["remembered"] == ["Lena visits in June", "Jo is the plumber"]
    household = data.store.list_memories(Caller(None), MemoryFilter()).items
    assert {m.summary for m in household} == {
        "Lena visits in June",
        "Jo is the plumber",
    }
    assert all(m.visibility is Visibility.HOUSEHOLD for m in household)
    assert all(m.source is Source.EXTRACTED for m in household)
    await settle(hass, freezer)

    # A second conversation, and "no": nothing more is stored.
    await talk(hass, agent_entry, freezer, 4, device_id="hall")
    await end_conversations(hass, freezer)
    assert data.proposals.household_pending == 1
    api = await api_for(hass, None)
    declined = await api.async_call_tool(
        llm.ToolInput(tool_name="confirm_proposals", tool_args={"answer": "no"})
    )
    assert declined.data["declined"] == 1
    assert len(data.store.list_memories(Caller(None), MemoryFilter()).items) == 2


def agent_tool_results(agent: StreamingAgent) -> list[list[Any]]:
    """The data of each round of tool results the agent saw."""
    return [[r.data for r in results] for results in agent.tool_results if results]


async def test_short_conversations_and_failed_extraction_propose_nothing(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    agent_entry: MockConfigEntry,
    fake_ai_task: FakeAITaskEntity,
    init_integration: HomeMemoryConfigEntry,
    user_anna: MockUser,
) -> None:
    """Short conversations and failed extraction propose nothing."""
    use_agent(hass, agent_entry)
    await talk(hass, agent_entry, freezer, 3, user=user_anna)
    await end_conversations(hass, freezer)
    assert fake_ai_task.tasks == []
    # Invalid twice (asked once more, then given up).
    fake_ai_task.answers = [{"memories": "nope"}, {"memories": [{"type": "fact"}]}]
    await talk(hass, agent_entry, freezer, 4, user=user_anna)
    await end_conversations(hass, freezer)
    assert len(fake_ai_task.tasks) == 2
    assert init_integration.runtime_data.proposals.household_pending == 0
    assert all(
        session.ended_at is not None for session in sessions_of(init_integration)
    )


async def test_store_automatically(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    agent_entry: MockConfigEntry,
    fake_ai_task: FakeAITaskEntity,
    user_anna: MockUser,
    mock_load_model: Any,
) -> None:
    """Stored right away, with source extracted; nothing pending."""
    entry = MockConfigEntry(
        domain=DOMAIN,
        data={},
        options=capture_options(extraction_mode="store_automatically"),
    )
    await setup_entry(hass, entry)
    use_agent(hass, agent_entry)
    fake_ai_task.answers = [TWO_FACTS]
    await talk(hass, agent_entry, freezer, 4, user=user_anna)
    await end_conversations(hass, freezer)
    memories = entry.runtime_data.store.list_memories(
        Caller(user_id=user_anna.id), MemoryFilter()
    ).items
    assert {m.summary for m in memories} == {"Lena visits in June", "Jo is the plumber"}
    assert all(m.source is Source.EXTRACTED for m in memories)
    assert entry.runtime_data.proposals.household_pending == 0
    proposals = await hass.async_add_executor_job(
        proposal_store(entry.runtime_data).pending
    )
    assert proposals == []


async def test_confirm_and_reject_by_action(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    agent_entry: MockConfigEntry,
    fake_ai_task: FakeAITaskEntity,
    init_integration: HomeMemoryConfigEntry,
    user_anna: MockUser,
    user_ben: MockUser,
    hass_read_only_user: MockUser,
) -> None:
    """list/confirm/reject: only the owner decides; others get 'not found'."""
    use_agent(hass, agent_entry)
    fake_ai_task.answers = [TWO_FACTS]
    await talk(hass, agent_entry, freezer, 4, user=user_anna)
    await end_conversations(hass, freezer)

    assert await call(hass, "list_proposals", user=user_ben) == {"proposals": []}
    listed = (await call(hass, "list_proposals", user=user_anna))["proposals"]
    assert [p["summary"] for p in listed] == [
        "Lena visits in June",
        "Jo is the plumber",
    ]
    assert listed[0]["visibility"] == "private"
    first, second = (p["id"] for p in listed)

    for service in ("confirm_proposals", "reject_proposals"):
        with pytest.raises(ServiceValidationError) as err:
            await call(hass, service, {"ids": [first]}, user=user_ben)
        assert err.value.translation_key == "proposal_not_found"
        # An automation acts for the household: not Anna's either.
        with pytest.raises(ServiceValidationError):
            await call(hass, service, {"ids": [first]})
        with pytest.raises(Unauthorized):
            await call(hass, service, {"ids": [first]}, user=hass_read_only_user)
    with pytest.raises(ServiceValidationError):
        await call(hass, "confirm_proposals", {"ids": []}, user=user_anna)

    confirmed = await call(hass, "confirm_proposals", {"ids": [first]}, user=user_anna)
    [memory_id] = confirmed["memories"]
    anna = Caller(user_id=user_anna.id)
    memory = init_integration.runtime_data.store.get(memory_id, anna)
    assert memory.source is Source.EXTRACTED
    assert memory.summary == "Lena visits in June"
    with pytest.raises(ServiceValidationError):
        await call(hass, "confirm_proposals", {"ids": [first]}, user=user_anna)

    rejected = await call(hass, "reject_proposals", {"ids": [second]}, user=user_anna)
    assert rejected == {"rejected": [second]}
    assert await call(hass, "list_proposals", user=user_anna) == {"proposals": []}
    assert init_integration.runtime_data.proposals.household_pending == 0
    with init_integration.runtime_data.store.read() as conn:
        statuses = dict(conn.execute("SELECT id, status FROM proposals").fetchall())
    assert statuses == {
        first: ProposalStatus.CONFIRMED.value,
        second: ProposalStatus.REJECTED.value,
    }


async def test_the_answer_is_about_the_offered_list_only(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    agent_entry: MockConfigEntry,
    init_integration: HomeMemoryConfigEntry,
    user_anna: MockUser,
) -> None:
    """A proposal too old to be asked about is neither numbered nor confirmed."""
    agent = use_agent(hass, agent_entry, [llm.LLM_API_ASSIST])
    data = init_integration.runtime_data
    [stale] = await add_proposals(hass, data, user_anna.id, "The car is blue")
    freezer.tick(timedelta(hours=25))
    # Only a stale proposal: no question, and no tool either.
    await say(hass, "hi", agent_id=agent_entry.entry_id, user=user_anna)
    assert QUESTION not in agent.prompts[-1]
    assert "home_memory__confirm_proposals" not in agent.tool_names[-1]
    anna_api = await api_for(hass, user_anna)
    assert "confirm_proposals" not in [t.name for t in anna_api.tools]

    [fresh] = await add_proposals(hass, data, user_anna.id, "Jo is the plumber")
    await say(hass, "hi", agent_id=agent_entry.entry_id, user=user_anna)
    assert f'{QUESTION} 1. "Jo is the plumber". Say yes' in agent.prompts[-1]
    assert "The car is blue" not in agent.prompts[-1]
    anna_api = await api_for(hass, user_anna)
    result = await anna_api.async_call_tool(
        llm.ToolInput(tool_name="confirm_proposals", tool_args={"numbers": [1]})
    )
    assert result.data["remembered"] == ["Jo is the plumber"]
    assert result.data["declined"] == 0
    bad = await anna_api.async_call_tool(
        llm.ToolInput(tool_name="confirm_proposals", tool_args={"numbers": [2]})
    )
    assert bad.data["error"] == "no_such_number"

    await add_proposals(hass, data, user_anna.id, "Lena visits in June")
    anna_api = await api_for(hass, user_anna)
    result = await anna_api.async_call_tool(
        llm.ToolInput(tool_name="confirm_proposals", tool_args={"answer": "yes"})
    )
    assert result.data["remembered"] == ["Lena visits in June"]
    summaries = {
        m.summary
        for m in data.store.list_memories(
            Caller(user_id=user_anna.id), MemoryFilter()
        ).items
    }
    assert summaries == {"Jo is the plumber", "Lena visits in June"}
    # The unoffered one is still pending, undecided.
    pending = await hass.async_add_executor_job(proposal_store(data).pending)
    assert [p.id for p in pending] == [stale]
    assert fresh not in [p.id for p in pending]


async def test_disabled_users_are_not_asked(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    init_integration: HomeMemoryConfigEntry,
    user_anna: MockUser,
) -> None:
    """Question and tool are for the caller the tool acts as: a disabled user
    is the household, and may not answer."""
    agent = use_agent(hass, agent_entry, [llm.LLM_API_ASSIST])
    data = init_integration.runtime_data
    await add_proposals(hass, data, user_anna.id, "Jo is the plumber")
    await add_proposals(hass, data, None, "The bins go out on Tuesday")
    await hass.auth.async_deactivate_user(user_anna)
    await say(hass, "hi", agent_id=agent_entry.entry_id, user=user_anna)
    assert QUESTION not in agent.prompts[-1]
    assert "home_memory__confirm_proposals" not in agent.tool_names[-1]


# -- end_conversations: proposals now, without the idle wait ---------------------


async def test_end_conversations_proposes_at_once(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    agent_entry: MockConfigEntry,
    fake_ai_task: FakeAITaskEntity,
    init_integration: HomeMemoryConfigEntry,
    user_anna: MockUser,
    user_ben: MockUser,
    hass_admin_user: MockUser,
) -> None:
    """Ended now, as by the timeout: a 4-turn one is extracted, a short one not."""
    use_agent(hass, agent_entry)
    fake_ai_task.answers = [TWO_FACTS]
    conversation_id = await talk(hass, agent_entry, freezer, 3, user=user_anna)
    # The fourth turn is not read yet (no quiet time): the action reads it.
    await say(
        hass,
        "fact number 3: the plumber is Jo",
        agent_id=agent_entry.entry_id,
        conversation_id=conversation_id,
        user=user_anna,
    )
    await say(hass, "hello", agent_id=agent_entry.entry_id, user=user_ben)
    await hass.async_block_till_done()
    assert fake_ai_task.tasks == []

    response = await call(hass, "end_conversations", user=hass_admin_user)

    assert response["result"] == "ended"
    assert response["ended"] == 2
    # The ids reopen Anna's and Ben's conversations: the admin gets neither.
    assert sorted(
        (s["conversation_id"], s["turns"], s["extraction_started"])
        for s in response["sessions"]
    ) == [(None, 1, False), (None, 4, True)]
    assert conversation_id not in str(response)
    [task] = fake_ai_task.tasks
    assert 'User: "fact number 3: the plumber is Jo"' in task.instructions
    data = init_integration.runtime_data
    assert len(offers_for(data, user_anna.id)) == 2
    assert all(s.ended_at is not None for s in sessions_of(init_integration))

    # Talking on in the same conversation opens a new session with the new
    # turn only.
    await say(
        hass,
        "one more thing",
        agent_id=agent_entry.entry_id,
        conversation_id=conversation_id,
        user=user_anna,
    )
    await settle(hass, freezer)
    newest = sessions_of(init_integration)[-1]
    assert newest.conversation_id == conversation_id
    assert newest.ended_at is None
    assert newest.turns == 1
    # The timeout later extracts nothing twice, and nothing is left to end.
    await end_conversations(hass, freezer)
    assert len(fake_ai_task.tasks) == 1
    assert await call(hass, "end_conversations") == {
        "result": "nothing_open",
        "ended": 0,
        "sessions": [],
    }


async def test_end_conversations_of_one_conversation(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    agent_entry: MockConfigEntry,
    fake_ai_task: FakeAITaskEntity,
    init_integration: HomeMemoryConfigEntry,
    user_anna: MockUser,
) -> None:
    """`conversation_id` ends that conversation only; bad ids are refused."""
    use_agent(hass, agent_entry)
    fake_ai_task.answers = [TWO_FACTS]
    first = await talk(hass, agent_entry, freezer, 4, user=user_anna)
    second = await talk(hass, agent_entry, freezer, 1, user=user_anna)

    response = await call(hass, "end_conversations", {"conversation_id": first})

    # Anna's conversation's id is hers: the automation is not told it.
    assert [s["conversation_id"] for s in response["sessions"]] == [None]
    assert response["sessions"][0]["extraction_started"] is True
    still_open = [s for s in sessions_of(init_integration) if s.ended_at is None]
    assert [s.conversation_id for s in still_open] == [second]
    assert (await call(hass, "end_conversations", {"conversation_id": "unknown"}))[
        "result"
    ] == "nothing_open"
    for bad in ("a\ud800b", "x" * 300, ""):
        with pytest.raises(ServiceValidationError) as err:
            await call(hass, "end_conversations", {"conversation_id": bad})
        assert err.value.translation_key == "invalid_field"
    assert [s.conversation_id for s in still_open] == [
        s.conversation_id for s in sessions_of(init_integration) if s.ended_at is None
    ]


async def test_without_an_ai_task_extraction_waits_with_one_repair_issue(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    agent_entry: MockConfigEntry,
    user_anna: MockUser,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Default options, ai_task loaded but no entity: no error, one issue, waiting.

    Ended conversations are kept for later (no attempt is used up); once an
    AI Task entity can be asked (here: one appears and is chosen as the
    preferred one) the issue goes and the waiting conversation is read.
    """
    assert await async_setup_component(hass, "homeassistant", {})
    assert await async_setup_component(hass, "ai_task", {})
    entry = MockConfigEntry(
        domain=DOMAIN,
        title="Home Memory",
        data={},
        options=capture_options(ai_task_entity=None),
    )
    await setup_entry(hass, entry)
    issues = ir.async_get(hass)
    # Said once, at start: capture is on and nothing can read conversations.
    issue = issues.async_get_issue(DOMAIN, "ai_task_missing")
    assert issue is not None
    assert issue.severity is ir.IssueSeverity.WARNING
    use_agent(hass, agent_entry)
    await talk(hass, agent_entry, freezer, 4, user=user_anna)
    await end_conversations(hass, freezer)
    # Nothing warned (asyncio's own slow-step notes under the frozen clock aside).
    warned = [
        r.getMessage()
        for r in caplog.records
        if r.levelno >= logging.WARNING and r.name != "asyncio"
    ]
    assert warned == []
    assert [i for i in issues.issues.values() if i.domain == DOMAIN] == [
        issues.async_get_issue(DOMAIN, "ai_task_missing")
    ]
    [session] = sessions_of(entry)
    assert session.ended_at is not None
    assert session.extraction_attempts == 0

    # An AI Task entity appears: not chosen (no preference, no option), so
    # nothing is sent to it yet.
    fake = await async_setup_fake_ai_task(hass)
    await hass.async_block_till_done()
    assert issues.async_get_issue(DOMAIN, "ai_task_missing") is not None
    assert fake.tasks == []
    # It is chosen as the preferred one (no event): seen at the next look.
    fake.answers = [TWO_FACTS]
    hass.data[DATA_PREFERENCES].async_set_preferences(gen_data_entity_id=FAKE_ENTITY_ID)
    await settle(hass, freezer, AI_TASK_RECHECK.total_seconds())
    assert issues.async_get_issue(DOMAIN, "ai_task_missing") is None
    [task] = fake.tasks
    assert "Lena" in task.instructions
    assert len(offers_for(entry.runtime_data, user_anna.id)) == 2
