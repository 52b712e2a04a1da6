"""Home Assistant's internals that runtime/ha_internals.py reads, on the real HA.

These run against the Home Assistant that is installed: if it renames or
retypes one of the internals, a test here fails (the integration itself would
only fall back quietly, with one warning).
"""

from __future__ import annotations

import dataclasses
import logging
from typing import TYPE_CHECKING, Any, Literal

from homeassistant.components import conversation
from homeassistant.components.conversation import (
    ConversationInput,
    ConversationResult,
    trace as conversation_trace,
)
from homeassistant.components.homeassistant.exposed_entities import (
    async_expose_entity,
)
from homeassistant.core import Context
from homeassistant.helpers import intent
from homeassistant.setup import async_setup_component
import pytest

from custom_components.home_memory.runtime import ha_internals
from custom_components.home_memory.runtime.ha_internals import (
    TurnInput,
    chat_session_kwargs,
    completed_content,
    conversation_busy_error,
    is_conversation_busy,
    pipeline_turn_input,
    running_turn_input,
    stored_chat_logs,
    user_now,
)

if TYPE_CHECKING:
    from collections.abc import Iterator

    from homeassistant.core import HomeAssistant
    from pytest_homeassistant_custom_component.common import MockConfigEntry, MockUser
    from pytest_homeassistant_custom_component.typing import WebSocketGenerator

OURS = "custom_components.home_memory"


@pytest.fixture(autouse=True)
def fresh_reports() -> Iterator[None]:
    """Each test sees the once-only warnings afresh."""
    ha_internals._reported.clear()
    yield
    ha_internals._reported.clear()


def warnings_of(caplog: pytest.LogCaptureFixture) -> list[str]:
    """The warnings our modules logged."""
    return [
        r.getMessage()
        for r in caplog.records
        if r.name.startswith(OURS) and r.levelno == logging.WARNING
    ]


class ProbingAgent(conversation.AbstractConversationAgent):
    """Reads the internals while its turn runs, as conversation capture does."""

    def __init__(self, hass: HomeAssistant) -> None:
        self.hass = hass
        self.seen: list[tuple[TurnInput | None, TurnInput | None]] = []

    @property
    def supported_languages(self) -> Literal["*"]:
        return "*"

    async def async_process(self, user_input: ConversationInput) -> ConversationResult:
        self.seen.append(
            (
                running_turn_input(user_input.text),
                pipeline_turn_input(
                    self.hass, user_input.conversation_id or "", user_input.text
                ),
            )
        )
        response = intent.IntentResponse(language=user_input.language)
        response.async_set_speech("Noted.")
        return ConversationResult(
            response=response, conversation_id=user_input.conversation_id
        )


# -- the auth store's user map ------------------------------------------------------


async def test_the_auth_store_keeps_users_in_a_dict_by_id(
    hass: HomeAssistant, hass_admin_user: MockUser
) -> None:
    """hass.auth._store._users is a dict of User by id (what user_now reads)."""
    from homeassistant.auth.models import User

    users = hass.auth._store._users
    assert isinstance(users, dict)
    assert isinstance(users[hass_admin_user.id], User)


async def test_user_now_finds_a_real_user_without_awaiting(
    hass: HomeAssistant, hass_admin_user: MockUser, caplog: pytest.LogCaptureFixture
) -> None:
    """The user a real auth store holds comes back; an unknown id gives None."""
    assert (
        user_now(hass, hass_admin_user.id)
        is hass.auth._store._users[hass_admin_user.id]
    )
    assert user_now(hass, "no-such-user") is None
    assert warnings_of(caplog) == []


async def test_a_changed_auth_store_gives_no_user_and_one_warning(
    hass: HomeAssistant,
    hass_admin_user: MockUser,
    caplog: pytest.LogCaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Without the user map, nobody is found and it is said once."""
    monkeypatch.setattr(hass.auth._store, "_users", None)
    assert user_now(hass, hass_admin_user.id) is None
    assert user_now(hass, hass_admin_user.id) is None
    assert len(warnings_of(caplog)) == 1


# -- the conversation trace ---------------------------------------------------------


async def test_the_running_turn_is_read_from_a_real_conversation_trace(
    hass: HomeAssistant, agent_entry: MockConfigEntry, hass_admin_user: MockUser
) -> None:
    """Inside async_converse the trace gives the caller's context and device."""
    assert await async_setup_component(hass, "conversation", {})
    agent = ProbingAgent(hass)
    conversation.async_set_agent(hass, agent_entry, agent)
    await conversation.async_converse(
        hass,
        "remember the keys",
        None,
        Context(user_id=hass_admin_user.id),
        language="en",
        agent_id=agent_entry.entry_id,
        device_id="satellite-1",
    )
    (running, _), *_ = agent.seen
    assert running is not None
    assert running.context is not None
    assert running.context.user_id == hass_admin_user.id
    assert running.device_id == "satellite-1"
    assert running.agent_id == agent_entry.entry_id
    # Outside a turn there is none; another text is not this turn.
    assert running_turn_input("remember the keys") is None


async def test_the_trace_internal_is_a_context_variable() -> None:
    """conversation.trace._current_trace exists and has `get` (what is read)."""
    current = conversation_trace._current_trace
    assert current.get() is None


async def test_a_changed_trace_gives_nothing_and_one_warning(
    caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without the trace variable the speaker is not known from it; said once."""
    monkeypatch.delattr(conversation_trace, "_current_trace")
    assert running_turn_input("hello") is None
    assert running_turn_input("hello") is None
    assert len(warnings_of(caplog)) == 1


# -- the Assist pipeline's records --------------------------------------------------


async def test_a_real_pipeline_run_tells_who_started_the_turn(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    hass_admin_user: MockUser,
    hass_ws_client: WebSocketGenerator,
) -> None:
    """While a text run of assist_pipeline is in its agent, its records name it."""
    assert await async_setup_component(hass, "assist_pipeline", {})
    agent = ProbingAgent(hass)
    conversation.async_set_agent(hass, agent_entry, agent)
    client = await hass_ws_client(hass)
    await client.send_json_auto_id(
        {
            "type": "assist_pipeline/pipeline/create",
            "conversation_engine": agent_entry.entry_id,
            "conversation_language": "en",
            "language": "en",
            "name": "Probe",
            "stt_engine": None,
            "stt_language": None,
            "tts_engine": None,
            "tts_language": None,
            "tts_voice": None,
            "wake_word_entity": None,
            "wake_word_id": None,
        }
    )
    created: dict[str, Any] = (await client.receive_json())["result"]
    await client.send_json_auto_id(
        {
            "type": "assist_pipeline/run",
            "start_stage": "intent",
            "end_stage": "intent",
            "input": {"text": "remember the keys"},
            "pipeline": created["id"],
            "conversation_id": "probe-conversation",
            "device_id": "satellite-1",
        }
    )
    assert (await client.receive_json())["success"]
    while (await client.receive_json())["event"]["type"] != "run-end":
        pass
    (_, from_pipeline), *_ = agent.seen
    assert from_pipeline is not None
    assert from_pipeline.device_id == "satellite-1"
    assert from_pipeline.agent_id == agent_entry.entry_id
    assert from_pipeline.context is not None
    assert from_pipeline.context.user_id == hass_admin_user.id


async def test_a_changed_pipeline_record_gives_nothing_and_one_warning(
    hass: HomeAssistant, caplog: pytest.LogCaptureFixture
) -> None:
    """Records of another shape are not read; it is said once."""
    hass.data[ha_internals.PIPELINE_DATA_KEY] = object()
    assert pipeline_turn_input(hass, "c", "hello") is None
    assert pipeline_turn_input(hass, "c", "hello") is None
    assert len(warnings_of(caplog)) == 1


async def test_the_pipeline_key_is_assist_pipelines_own() -> None:
    """The hass.data key read is assist_pipeline's KEY_ASSIST_PIPELINE."""
    from homeassistant.components.assist_pipeline.models import PipelineEventType
    from homeassistant.components.assist_pipeline.runtime import KEY_ASSIST_PIPELINE

    assert str(KEY_ASSIST_PIPELINE) == ha_internals.PIPELINE_DATA_KEY
    assert str(PipelineEventType.INTENT_START) == ha_internals.INTENT_START


# -- the stored chat logs ------------------------------------------------------------


async def test_a_real_chat_log_is_found_among_the_stored_ones(
    hass: HomeAssistant,
) -> None:
    """A chat log opened through HA's helpers is in stored_chat_logs by its id."""
    from homeassistant.components.conversation.chat_log import ChatLog
    from homeassistant.helpers import chat_session

    assert await async_setup_component(hass, "homeassistant", {})
    assert await async_setup_component(hass, "conversation", {})
    assert stored_chat_logs(hass) == {}
    with (
        chat_session.async_get_chat_session(
            hass, None, **chat_session_kwargs(Context())
        ) as session,
        conversation.async_get_chat_log(hass, session) as log,
    ):
        log.async_add_user_content(conversation.UserContent("hello"))
    stored = stored_chat_logs(hass)
    assert isinstance(stored[session.conversation_id], ChatLog)
    assert stored[session.conversation_id].content[-1].content == "hello"


async def test_the_turn_still_running_is_not_read(hass: HomeAssistant) -> None:
    """While a second turn runs, the stored log gives the first turn only.

    2026.10 stores a copy when a turn is over; 2026.11 stores the live log as
    its turn starts (`turn_active`, `turn_start`): either way what is read
    ends with the first turn's reply.
    """
    from homeassistant.helpers import chat_session

    assert await async_setup_component(hass, "homeassistant", {})
    assert await async_setup_component(hass, "conversation", {})
    context = Context()

    def turn(conversation_id: str | None, text: str) -> ConversationInput:
        return ConversationInput(
            text=text,
            context=context,
            conversation_id=conversation_id,
            device_id=None,
            satellite_id=None,
            language="en",
            agent_id="conversation.home_assistant",
        )

    with (
        chat_session.async_get_chat_session(
            hass, None, **chat_session_kwargs(context)
        ) as session,
        conversation.async_get_chat_log(hass, session, turn(None, "one")) as log,
    ):
        log.async_add_assistant_content_without_tools(
            conversation.AssistantContent(agent_id="test", content="first reply")
        )
    conversation_id = session.conversation_id
    with (
        chat_session.async_get_chat_session(
            hass, conversation_id, **chat_session_kwargs(context)
        ) as session,
        conversation.async_get_chat_log(
            hass, session, turn(conversation_id, "two")
        ) as log,
    ):
        running = completed_content(stored_chat_logs(hass)[conversation_id])
        assert [getattr(item, "content", None) for item in running][-2:] == [
            "one",
            "first reply",
        ]
        log.async_add_assistant_content_without_tools(
            conversation.AssistantContent(agent_id="test", content="second reply")
        )
    done = completed_content(stored_chat_logs(hass)[conversation_id])
    assert done[-1].content == "second reply"


def test_a_live_log_with_an_unreadable_turn_start_is_read_whole(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A changed shape of the running turn's bookkeeping: read all, warn once."""

    class Log:
        content = ("a", "b")
        turn_active = True
        turn_start = "somewhere"

    assert completed_content(Log()) == ["a", "b"]  # type: ignore[arg-type]
    assert completed_content(Log()) == ["a", "b"]  # type: ignore[arg-type]
    assert len(warnings_of(caplog)) == 1


def test_conversation_busy_error_is_found_where_home_assistant_has_it() -> None:
    """2026.11 has ConversationBusyError; 2026.10 has none (and nothing is busy)."""
    from awesomeversion import AwesomeVersion
    from homeassistant.const import __version__ as ha_version
    from homeassistant.exceptions import HomeAssistantError

    busy = conversation_busy_error()
    assert (busy is not None) == (AwesomeVersion(ha_version) >= "2026.11.0")
    assert busy is getattr(conversation, "ConversationBusyError", None)
    assert not is_conversation_busy(HomeAssistantError("other"))
    if busy is not None:
        assert is_conversation_busy(busy("01J"))


def test_a_stand_in_busy_error_is_recognised(
    conversation_busy_error: type[Exception],
) -> None:
    """The guarded lookup finds the class where 2026.11 puts it."""
    assert ha_internals.conversation_busy_error() is conversation_busy_error
    assert is_conversation_busy(conversation_busy_error("01J"))


async def test_chat_sessions_get_a_context_where_home_assistant_takes_one(
    hass: HomeAssistant, caplog: pytest.LogCaptureFixture
) -> None:
    """2026.11 takes `context` (and asks for it); 2026.10 takes none."""
    import inspect

    from homeassistant.helpers import chat_session

    context = Context(user_id="anna")
    takes = (
        "context" in inspect.signature(chat_session.async_get_chat_session).parameters
    )
    assert chat_session_kwargs(context) == ({"context": context} if takes else {})
    with chat_session.async_get_chat_session(
        hass, None, **chat_session_kwargs(context)
    ) as session:
        assert session.conversation_id
    assert "without a context" not in caplog.text


# -- the chat log's kept LLM API ---------------------------------------------------


async def test_a_released_prompt_is_built_anew_on_the_next_turn(
    hass: HomeAssistant,
) -> None:
    """`ChatLog.llm_api` holds the API instance a turn built; once released,
    async_provide_llm_data builds a new one (2026.11 would keep the old)."""
    from homeassistant.components.conversation.chat_log import ChatLog
    from homeassistant.helpers import llm

    from custom_components.home_memory.runtime.ha_internals import (
        release_kept_prompt,
    )

    assert await async_setup_component(hass, "homeassistant", {})
    assert await async_setup_component(hass, "llm", {})
    log = ChatLog(hass, "conv")
    fields: dict[str, Any] = {
        "platform": "test",
        "context": Context(),
        "language": "en",
        "assistant": "conversation",
        "device_id": None,
    }
    if "agent_id" in {field.name for field in dataclasses.fields(llm.LLMContext)}:
        fields["agent_id"] = "conversation.agent"  # 2026.11's as_llm_context
    context = llm.LLMContext(**fields)
    await log.async_provide_llm_data(context, llm.LLM_API_ASSIST)
    kept = log.llm_api
    assert isinstance(kept, llm.APIInstance)
    release_kept_prompt(log)
    assert log.llm_api is None
    await log.async_provide_llm_data(context, llm.LLM_API_ASSIST)
    assert isinstance(log.llm_api, llm.APIInstance)
    assert log.llm_api is not kept


async def _builtin_agent(hass: HomeAssistant) -> Any:
    """The built-in agent instance, after conversation is set up."""
    from homeassistant.components.conversation.agent_manager import (
        get_agent_manager,
    )

    assert await async_setup_component(hass, "homeassistant", {})
    assert await async_setup_component(hass, "conversation", {})
    agent = get_agent_manager(hass).default_agent
    assert agent is not None
    return agent


async def test_the_builtin_agent_has_the_steps_questions_wrap(
    hass: HomeAssistant,
) -> None:
    """Its gazetteer fallback and result step exist with the parameters used."""
    agent = await _builtin_agent(hass)
    assert ha_internals._takes(
        agent._async_gazetteer_fallback, ha_internals._FALLBACK_PARAMETERS
    )
    assert ha_internals._takes(
        agent._async_process_intent_result, ha_internals._PROCESS_RESULT_PARAMETERS
    )


async def test_a_question_is_offered_only_where_the_builtin_agent_apologises(
    hass: HomeAssistant,
) -> None:
    """Wrapped: an unmatched sentence becomes ours; a matched one stays HA's."""
    from hassil import Intents, recognize_best

    await _builtin_agent(hass)
    ours = Intents.from_dict(
        {
            "language": "en",
            "intents": {"ProbeQuestion": {"data": [{"sentences": ["where is {q}"]}]}},
            "lists": {"q": {"wildcard": True}},
        }
    )
    handled: list[str] = []

    class Probe(intent.IntentHandler):
        intent_type = "ProbeQuestion"

        async def async_handle(
            self, intent_obj: intent.Intent
        ) -> intent.IntentResponse:
            handled.append(intent_obj.text_input or "")
            response = intent_obj.create_response()
            response.async_set_speech("from the probe")
            return response

    intent.async_register(hass, Probe())
    unwrap = ha_internals.answer_where_unmatched(
        hass,
        lambda user_input, _: recognize_best(user_input.text, ours),
        lambda *_: True,
    )
    assert unwrap is not None

    async def said(text: str) -> str:
        result = await conversation.async_converse(
            hass, text, None, Context(), "en", conversation.HOME_ASSISTANT_AGENT
        )
        return str(result.response.speech["plain"]["speech"])

    assert await said("where is the spare key") == "from the probe"
    assert await said("what is the spare key") != "from the probe"
    hass.states.async_set("person.anna", "home", {"friendly_name": "Anna"})
    async_expose_entity(hass, conversation.DOMAIN, "person.anna", True)
    assert await said("where is Anna") != "from the probe"
    assert handled == ["where is the spare key"]
    unwrap()
    assert await said("where is the spare key") != "from the probe"


async def test_a_question_is_offered_where_the_builtin_agent_names_the_unexposed(
    hass: HomeAssistant,
) -> None:
    """Home Assistant read "where is Ben" as its own, Ben a person Assist
    may not use, and answered "Ben is not exposed" without asking its
    gazetteer: ours is offered there too, only on the built-in agent's own
    turn (another agent's local try keeps its "no match", review s21 F16)."""
    from hassil import Intents, recognize_best
    from homeassistant.helpers import chat_session

    agent = await _builtin_agent(hass)
    ours = Intents.from_dict(
        {
            "language": "en",
            "intents": {"ProbeQuestion": {"data": [{"sentences": ["where is {q}"]}]}},
            "lists": {"q": {"wildcard": True}},
        }
    )

    class Probe(intent.IntentHandler):
        intent_type = "ProbeQuestion"

        async def async_handle(
            self, intent_obj: intent.Intent
        ) -> intent.IntentResponse:
            response = intent_obj.create_response()
            response.async_set_speech("from the probe")
            return response

    intent.async_register(hass, Probe())
    hass.states.async_set("person.ben", "home", {"friendly_name": "Ben"})

    async def said(text: str) -> str:
        result = await conversation.async_converse(
            hass, text, None, Context(), "en", conversation.HOME_ASSISTANT_AGENT
        )
        return str(result.response.speech["plain"]["speech"])

    before = await said("where is Ben")
    assert before != "from the probe"
    assert "Ben" in before  # "Sorry, Ben is not exposed"
    unwrap = ha_internals.answer_where_unmatched(
        hass,
        lambda user_input, _: recognize_best(user_input.text, ours),
        lambda *_: True,
    )
    assert unwrap is not None
    assert await said("where is Ben") == "from the probe"
    assert await said("is Ben home") == before.replace("where is", "is")

    user_input = conversation.ConversationInput(
        text="where is Ben",
        context=Context(),
        conversation_id=None,
        device_id=None,
        satellite_id=None,
        language="en",
        agent_id="conversation.some_llm",
    )
    with (
        chat_session.async_get_chat_session(
            hass, None, **chat_session_kwargs(Context())
        ) as session,
        conversation.async_get_chat_log(hass, session, user_input) as chat_log,
    ):
        assert await agent.async_handle_intents(user_input, chat_log) is None
    unwrap()
    assert await said("where is Ben") == before


async def test_a_changed_builtin_agent_leaves_questions_to_it(
    hass: HomeAssistant, caplog: pytest.LogCaptureFixture
) -> None:
    """Another shape of the wrapped step: no wrap, one warning."""
    agent = await _builtin_agent(hass)

    async def renamed(result: Any, text: str) -> None:
        return None

    agent._async_gazetteer_fallback = renamed
    assert (
        ha_internals.answer_where_unmatched(hass, lambda *_: None, lambda *_: True)
        is None
    )
    assert (
        ha_internals.answer_where_unmatched(hass, lambda *_: None, lambda *_: True)
        is None
    )
    [warning] = warnings_of(caplog)
    assert "_async_gazetteer_fallback" in warning


async def test_a_changed_gazetteer_step_leaves_the_questions_wrapped(
    hass: HomeAssistant, caplog: pytest.LogCaptureFixture
) -> None:
    """Another shape of the step the gazetteer acts in: questions are still
    offered, the guard against acting on them is off, one warning."""
    agent = await _builtin_agent(hass)

    async def renamed(frames: Any, text: str) -> None:
        return None

    agent._async_process_frames = renamed
    unwrap = ha_internals.answer_where_unmatched(hass, lambda *_: None, lambda *_: True)
    assert unwrap is not None
    [warning] = warnings_of(caplog)
    assert "_async_process_frames" in warning
    unwrap()
    assert agent._async_process_frames is renamed


async def test_the_builtin_agent_has_the_step_trigger_kinds_wrap(
    hass: HomeAssistant,
) -> None:
    """Its message step exists with the parameters used; a trigger's answer
    kept in the turn gives the turn's response its kind, and unwrapping
    leaves Home Assistant's action done."""
    agent = await _builtin_agent(hass)
    assert ha_internals._takes(
        agent._async_handle_message, ha_internals._HANDLE_MESSAGE_PARAMETERS
    )
    refusal = "There is nothing waiting for a yes."

    async def refuse(user_input: ConversationInput, result: Any) -> str | None:
        answer = intent.IntentResponse(language="en")
        answer.async_set_error(intent.IntentResponseErrorCode.FAILED_TO_HANDLE, refusal)
        ha_internals.trigger_answered(answer)
        return refusal

    from homeassistant.components.conversation.agent_manager import (
        get_agent_manager,
    )

    manager = get_agent_manager(hass)
    manager.register_trigger(sentences=["yes please"], trigger_callback=refuse)

    async def said() -> intent.IntentResponse:
        result = await conversation.async_converse(
            hass, "yes please", None, Context(), language="en"
        )
        assert result.response.speech["plain"]["speech"] == refusal
        return result.response

    unwrap = ha_internals.answer_triggers_as_handled(hass)
    assert unwrap is not None
    response = await said()
    assert response.response_type is intent.IntentResponseType.ERROR
    assert response.error_code is intent.IntentResponseErrorCode.FAILED_TO_HANDLE
    unwrap()
    response = await said()
    assert response.response_type is intent.IntentResponseType.ACTION_DONE


async def test_a_changed_message_step_leaves_triggers_action_done(
    hass: HomeAssistant, caplog: pytest.LogCaptureFixture
) -> None:
    """Another shape of the wrapped step: no wrap, one warning."""
    agent = await _builtin_agent(hass)

    async def renamed(text: str) -> None:
        return None

    agent._async_handle_message = renamed
    assert ha_internals.answer_triggers_as_handled(hass) is None
    assert ha_internals.answer_triggers_as_handled(hass) is None
    [warning] = warnings_of(caplog)
    assert "_async_handle_message" in warning
