"""Every Home Assistant internal Home Memory reads, and only here.

Also where the supported releases (2026.10, 2026.11) differ. Each reader checks
the shape it finds and gives None (with one warning) when Home Assistant
changed it; tests/integration/runtime/test_ha_internals.py fails then.

In more words: docs/home-assistant.md, "`runtime/ha_internals.py`".
"""

from __future__ import annotations

from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache
import inspect
from typing import TYPE_CHECKING, Any, Final, cast

from homeassistant.auth.models import User
from homeassistant.core import Context

from ..const import LOGGER

if TYPE_CHECKING:
    from collections.abc import Awaitable, Callable, Iterable, Mapping
    from datetime import datetime

    from hassil.recognize import RecognizeResult
    from homeassistant.components.conversation import ConversationInput
    from homeassistant.components.conversation.chat_log import ChatLog
    from homeassistant.config_entries import ConfigEntry
    from homeassistant.const import Platform
    from homeassistant.core import HomeAssistant
    from homeassistant.helpers.intent import IntentResponse

# The slot of hassil's sentences for an entity's name: the thing asked about
# ("bike lock code"), where "area" and "floor" are places.
UNKNOWN_NAME_SLOT: Final = "name"
# The Assist pipeline's hass.data key (its HassKey's value).
PIPELINE_DATA_KEY: Final = "assist_pipeline"
# The pipeline event that names the conversation, the text and the device.
INTENT_START: Final = "intent-start"

# Internals already reported as changed (each is reported once).
_reported: set[str] = set()


def _changed(internal: str, found: object) -> None:
    """Say once that an internal no longer has the shape read here."""
    if internal in _reported:
        return
    _reported.add(internal)
    LOGGER.warning(
        "Home Assistant's %s is not what Home Memory expects (found %s); "
        "Home Memory goes on without it",
        internal,
        type(found).__name__,
    )


@dataclass(frozen=True, slots=True)
class TurnInput:
    """Who started a turn, as far as an internal record tells."""

    context: Context | None
    device_id: str | None
    agent_id: str | None


def user_now(hass: HomeAssistant, user_id: str) -> User | None:
    """The user with this id, read without awaiting; None if unknown or unreadable."""
    store = getattr(hass.auth, "_store", None)
    users = getattr(store, "_users", None)
    if not isinstance(users, dict):
        _changed("auth store user map (hass.auth._store._users)", users)
        return None
    user = users.get(user_id)
    return user if isinstance(user, User) else None


def running_turn_input(text: str) -> TurnInput | None:
    """The input of the `async_converse` call running in this task, if any.

    Matched on the text, so a chat log that a tool opens inside someone's turn
    is not taken for that turn.
    """
    from homeassistant.components.conversation import trace

    current = getattr(trace, "_current_trace", None)
    if current is None or not hasattr(current, "get"):
        _changed("conversation trace (conversation.trace._current_trace)", current)
        return None
    running = current.get()
    if running is None:
        return None
    for event in running.as_dict().get("events", []):
        if event.get("event_type") != trace.ConversationTraceEventType.ASYNC_PROCESS:
            continue
        data = event.get("data")
        if isinstance(data, dict) and data.get("text") == text:
            return _turn_input(data.get("context"), data)
        return None
    return None


def pipeline_turn_input(
    hass: HomeAssistant, conversation_id: str, text: str
) -> TurnInput | None:
    """What the Assist pipeline run that is handling this utterance tells.

    The run's "intent-start" event (kept in the pipeline's debug record before
    the chat log is opened) names the conversation, the text, the device and
    the agent; the run itself holds the caller's context.
    """
    pipeline_data = hass.data.get(PIPELINE_DATA_KEY)
    if pipeline_data is None:
        return None  # assist_pipeline is not loaded
    debug = getattr(pipeline_data, "pipeline_debug", None)
    runs = getattr(
        getattr(pipeline_data, "pipeline_runs", None), "_pipeline_runs", None
    )
    if not isinstance(debug, dict) or not isinstance(runs, dict):
        _changed("Assist pipeline records (pipeline_debug, pipeline_runs)", debug)
        return None
    for pipeline_id, by_run in debug.items():
        for run_id, run_debug in reversed(list(by_run.items())):
            data = _intent_start(run_debug, conversation_id, text)
            if data is None:
                continue
            run = runs.get(pipeline_id, {}).get(run_id)
            return _turn_input(
                getattr(run, "context", None),
                {"device_id": data.get("device_id"), "agent_id": data.get("engine")},
            )
    return None


def _intent_start(
    run_debug: object, conversation_id: str, text: str
) -> dict[str, Any] | None:
    """The run's intent-start event data for this utterance, if it has one."""
    for event in reversed(getattr(run_debug, "events", None) or []):
        data = getattr(event, "data", None)
        if (
            str(getattr(event, "type", "")) == INTENT_START
            and isinstance(data, dict)
            and data.get("conversation_id") == conversation_id
            and data.get("intent_input") == text
        ):
            return data
    return None


def _turn_input(context: object, data: dict[str, Any]) -> TurnInput:
    device_id = data.get("device_id")
    agent_id = data.get("agent_id")
    return TurnInput(
        context=context if isinstance(context, Context) else None,
        device_id=device_id if isinstance(device_id, str) and device_id else None,
        agent_id=str(agent_id) if agent_id else None,
    )


def stored_chat_logs(hass: HomeAssistant) -> Mapping[str, ChatLog]:
    """The chat logs Home Assistant keeps, by conversation id (empty if none)."""
    try:
        from homeassistant.components.conversation.chat_log import (
            DATA_CHAT_LOGS,
        )
    except ImportError as err:
        _changed("stored chat logs (chat_log.DATA_CHAT_LOGS)", err)
        return {}
    # Typed by HA; checked all the same: a changed shape must not break a turn.
    logs = cast("object", hass.data.get(DATA_CHAT_LOGS))
    if logs is None:
        return {}
    if not isinstance(logs, dict):
        _changed("stored chat logs (chat_log.DATA_CHAT_LOGS)", logs)
        return {}
    return logs


def release_kept_prompt(chat_log: ChatLog) -> None:
    """Make the agent build `chat_log`'s prompt and tools anew on this turn.

    Since 2026.11 `ChatLog.async_provide_llm_data` reuses the API instance,
    prompt and tools it keeps in `llm_api` while the agent, user, device and
    APIs stay the same; without one it builds them as on a first turn. On
    2026.10 it builds them on every turn, and this changes nothing.
    """
    if not hasattr(chat_log, "llm_api"):
        _changed("the chat log's kept LLM API (ChatLog.llm_api)", chat_log)
        return
    chat_log.llm_api = None


def completed_content(log: ChatLog) -> list[Any]:
    """The content of the turns of `log` that are over.

    2026.10 stores a copy of a chat log when its turn is over. 2026.11 stores
    the live log when the turn starts (one turn at a time: `turn_active`, and
    `turn_start`, where the running turn's content begins): what the running
    turn has added so far is left for when it is over.
    """
    content = list(log.content)
    if getattr(log, "turn_active", False) is True:
        start = getattr(log, "turn_start", None)
        if isinstance(start, int) and 0 <= start <= len(content):
            return content[:start]
        _changed("running chat log turn (ChatLog.turn_start)", start)
    return content


def conversation_busy_error() -> type[Exception] | None:
    """`conversation.ConversationBusyError` (2026.11), None before it existed.

    2026.11 runs one turn of a conversation at a time: a second one, while a
    turn runs, raises it (from `async_get_chat_log`, and so from
    `async_converse` and AI Task calls on that conversation).
    """
    from homeassistant.components import conversation

    error = getattr(conversation, "ConversationBusyError", None)
    if isinstance(error, type) and issubclass(error, Exception):
        return error
    return None


def is_conversation_busy(err: BaseException) -> bool:
    """True when `err` says another turn of the conversation is running."""
    busy = conversation_busy_error()
    return busy is not None and isinstance(err, busy)


def chat_session_kwargs(context: Context | None) -> dict[str, Any]:
    """The keyword arguments that carry `context` into a chat session.

    2026.11's `chat_session.async_get_chat_session(hass, conversation_id,
    context=...)` makes the context's user the conversation's owner (another
    user's context is refused) and warns without one (an error from 2027.5);
    2026.10's takes no context. Use as
    `async_get_chat_session(hass, conversation_id, **chat_session_kwargs(ctx))`.
    """
    if _chat_session_takes_context():
        return {"context": context}
    return {}


@cache
def _chat_session_takes_context() -> bool:
    from homeassistant.helpers import chat_session

    # inspect follows the context manager to the function it wraps.
    signature = inspect.signature(chat_session.async_get_chat_session)
    return "context" in signature.parameters


def issue_entry_kwargs(entry_id: str) -> dict[str, Any]:
    """The keyword arguments that tie a repair issue to a config entry.

    2026.11's `issue_registry.async_create_issue(..., config_entry_id=...)`
    hides the issue while the entry is disabled and deletes it with the
    entry; 2026.10's takes no such argument (its issues stay until deleted).
    """
    if _create_issue_takes_entry():
        return {"config_entry_id": entry_id}
    return {}


@cache
def _create_issue_takes_entry() -> bool:
    from homeassistant.helpers import issue_registry

    signature = inspect.signature(issue_registry.async_create_issue)
    return "config_entry_id" in signature.parameters


async def async_unload_platforms(
    hass: HomeAssistant, entry: ConfigEntry, platforms: Iterable[Platform]
) -> bool:
    """Unload the entry's platforms; a failure as the running release wants it.

    2026.11 has `async_unload_platforms_or_raise`, which raises
    ConfigEntryError ("unload_platforms_failed"), and the entry shows why it
    could not unload. 2026.10 has not, and unload returns False (2026.10
    accepts only a boolean from `async_unload_entry`; 2026.11 still takes
    one from a custom integration).
    """
    or_raise = getattr(hass.config_entries, "async_unload_platforms_or_raise", None)
    if or_raise is None:
        return await hass.config_entries.async_unload_platforms(entry, platforms)
    await or_raise(entry, platforms)
    return True


def withhold_tool_results(
    chat_log: ChatLog,
    is_named: Callable[[str], bool],
    rewrite: Callable[[Any], Any],
    *,
    before: datetime,
) -> None:
    """Rewrite the results of tools (`is_named`) called before `before`.

    The chat log's content is what the agent sends its model on every later
    turn of the conversation. A result's call time is that of the assistant
    content that made the call (the result is made after the tool has run); a
    `ToolResultContent` (frozen) is replaced by a copy whose `result` holds
    `rewrite(data)` (rewriting twice is harmless).
    """
    from dataclasses import replace

    from homeassistant.components.conversation.chat_log import (
        AssistantContent,
        ToolResultContent,
    )
    from homeassistant.helpers.llm import ToolResult

    called: dict[str, datetime] = {}
    for index, content in enumerate(chat_log.content):
        if isinstance(content, AssistantContent):
            for call in content.tool_calls or ():
                called[call.id] = content.created
        elif (
            isinstance(content, ToolResultContent)
            and is_named(content.tool_name)
            and called.get(content.tool_call_id, content.created) < before
        ):
            result = content.result
            chat_log.content[index] = replace(
                content,
                result=ToolResult(data=rewrite(result.data), error=result.error),
            )


# The built-in agent's last try before its apology, and its answering step.
_FALLBACK: Final = "_async_gazetteer_fallback"
_PROCESS_RESULT: Final = "_async_process_intent_result"
_FALLBACK_PARAMETERS: Final = ("hassil_result", "user_input", "chat_log")
_PROCESS_RESULT_PARAMETERS: Final = ("result", "user_input", "chat_log")
# The gazetteer's step that acts on what it recognised (each frame an intent).
_PROCESS_FRAMES: Final = "_async_process_frames"
_PROCESS_FRAMES_PARAMETERS: Final = ("matcher", "frames", "user_input")
# Whether the text being answered is a question (this task), and whether the
# gazetteer was kept from acting on it.
_ASKING: ContextVar[bool] = ContextVar("home_memory_asking", default=False)
_KEPT_FROM_ACTING: ContextVar[bool] = ContextVar(
    "home_memory_kept_from_acting", default=False
)


def answer_where_unmatched(
    hass: HomeAssistant,
    recognize: Callable[
        [ConversationInput, RecognizeResult | None], RecognizeResult | None
    ],
    used_in: Callable[[str | None, str, str], bool],
    asks_only: Callable[[ConversationInput], bool] | None = None,
    confirm: Callable[[ConversationInput, RecognizeResult], Awaitable[bool]]
    | None = None,
) -> Callable[[], None] | None:
    """Let `recognize` offer a sentence where the built-in agent has no answer.

    The built-in agent tries sentence triggers, then its intents (exposed
    names, all names, unknown names); when no intent fits, or one fits but
    names no device, entity or area there is, it asks its gazetteer
    (`_async_gazetteer_fallback(hassil_result, user_input, chat_log)`),
    and without an answer from it says "Sorry, ...". Wrapped on the one
    agent instance: where the gazetteer gives no answer or only an apology
    (an error response), a result `recognize` gives is processed exactly as
    Home Assistant processes its own (`_async_process_intent_result`: the
    intent is handled, recorded in the chat log as a local tool call and
    spoken); so too where the gazetteer's answer is a guess that used none of
    the name hassil could not place (`_a_guess_beside_a_name`: the time for
    "what is the bike lock code"), or that would act on a question
    (`_no_acting_on_questions`: one of memory's, or one `asks_only` says
    asks for no action, "why did the TV turn on"). `recognize` also gets
    Home Assistant's own unmatched result (None when no sentence fit), to
    see what it did not know; the same where the built-in agent's only
    reading names something Assist may not use (`_only_unexposed`: "is Ben
    allergic to anything"), or who of the household is in a place nobody
    is (`_nobody_there`: "who is the vet", "Not any"). A result `confirm`
    refuses is none ("Nein, die Taschenlampe …" without a memory of the
    torch). A user's own custom sentence keeps its own
    answer. The returned callable unwraps both. None (and one warning) when
    the agent is not there or either step has another shape: questions
    then stay Home Assistant's.
    """
    from homeassistant.components.conversation.agent_manager import (
        get_agent_manager,
    )
    from homeassistant.components.conversation.const import (
        HOME_ASSISTANT_AGENT,
        METADATA_CUSTOM_SENTENCE,
    )
    from homeassistant.helpers.intent import IntentResponse, IntentResponseType

    agent = get_agent_manager(hass).default_agent
    if agent is None:
        return None
    original = getattr(agent, _FALLBACK, None)
    process = getattr(agent, _PROCESS_RESULT, None)
    if not _takes(original, _FALLBACK_PARAMETERS):
        _changed(f"built-in agent's DefaultAgent.{_FALLBACK}", original)
        return None
    if not _takes(process, _PROCESS_RESULT_PARAMETERS):
        _changed(f"built-in agent's DefaultAgent.{_PROCESS_RESULT}", process)
        return None
    assert original is not None
    assert process is not None
    unguard = _no_acting_on_questions(agent, hass.config.language)

    async def fallback(
        hassil_result: RecognizeResult | None,
        user_input: ConversationInput,
        chat_log: ChatLog,
        *args: Any,
        **kwargs: Any,
    ) -> Any:
        ours = recognize(user_input, hassil_result)
        if ours is not None and confirm is not None:
            ours = ours if await confirm(user_input, ours) else None
        asking = _ASKING.set(
            ours is not None or (asks_only is not None and asks_only(user_input))
        )
        kept = _KEPT_FROM_ACTING.set(False)
        try:
            response = await original(
                hassil_result, user_input, chat_log, *args, **kwargs
            )
            if _KEPT_FROM_ACTING.get() and ours is None:
                return None  # Home Assistant's own "Sorry, …" follows
        finally:
            _ASKING.reset(asking)
            _KEPT_FROM_ACTING.reset(kept)
        if (
            isinstance(response, IntentResponse)
            and response.response_type is not IntentResponseType.ERROR
            and not _a_guess_beside_a_name(
                response, hassil_result, user_input.language, used_in
            )
        ):
            return response  # the gazetteer understood it and answered
        if hassil_result is not None and (hassil_result.intent_metadata or {}).get(
            METADATA_CUSTOM_SENTENCE
        ):
            return response  # the user's own sentence, with its own error
        if ours is None:
            return response
        return await process(ours, user_input, chat_log)

    async def process_result(
        result: RecognizeResult | None,
        user_input: ConversationInput,
        chat_log: ChatLog,
        *args: Any,
        **kwargs: Any,
    ) -> Any:
        response = await process(result, user_input, chat_log, *args, **kwargs)
        if (
            args
            or kwargs  # 2026.11's local try for another agent (prefer local)
            or user_input.agent_id != HOME_ASSISTANT_AGENT
            or not (
                _only_unexposed(result, response) or _nobody_there(result, response)
            )
        ):
            return response
        ours = recognize(user_input, result)
        if ours is not None and confirm is not None:
            ours = ours if await confirm(user_input, ours) else None
        return response if ours is None else await process(ours, user_input, chat_log)

    setattr(agent, _FALLBACK, fallback)
    setattr(agent, _PROCESS_RESULT, process_result)

    def unwrap() -> None:
        if vars(agent).get(_FALLBACK) is fallback:
            delattr(agent, _FALLBACK)
        if vars(agent).get(_PROCESS_RESULT) is process_result:
            delattr(agent, _PROCESS_RESULT)
        if unguard is not None:
            unguard()

    return unwrap


# The built-in agent's answer to a message (a sentence trigger's included).
_HANDLE_MESSAGE: Final = "_async_handle_message"
_HANDLE_MESSAGE_PARAMETERS: Final = ("user_input", "chat_log")
# The responses memory's sentence triggers gave in the turn being answered
# (None outside one): a list the trigger's task fills, shared by the copy of
# this context the built-in agent runs it in.
_TRIGGER_RESPONSES: ContextVar[list[IntentResponse] | None] = ContextVar(
    "home_memory_trigger_responses", default=None
)


def trigger_answered(response: IntentResponse) -> None:
    """Keep what a memory sentence trigger's intent answered, for the
    turn's response (`answer_triggers_as_handled`)."""
    responses = _TRIGGER_RESPONSES.get()
    if responses is not None:
        responses.append(response)


def answer_triggers_as_handled(hass: HomeAssistant) -> Callable[[], None] | None:
    """Let a memory sentence's response be of the kind its intent gave.

    The built-in agent answers a sentence trigger with its text only, as an
    action done (`_async_handle_message(user_input, chat_log)` makes the
    response): a refusal ("That was told as done, so it cannot be
    tomorrow") came back as `action_done` (review s40 D5). Wrapped on the
    one agent instance: where the turn's speech is that of a response a
    memory trigger kept (`trigger_answered`), the turn's response takes its
    kind: an error with its code, or a query answer. The returned callable
    unwraps it; None (and one warning) when the agent is not there or the
    step has another shape: the response stays an action done.
    """
    from homeassistant.components.conversation.agent_manager import (
        get_agent_manager,
    )

    agent = get_agent_manager(hass).default_agent
    if agent is None:
        return None
    original = getattr(agent, _HANDLE_MESSAGE, None)
    if not _takes(original, _HANDLE_MESSAGE_PARAMETERS):
        _changed(f"built-in agent's DefaultAgent.{_HANDLE_MESSAGE}", original)
        return None
    assert original is not None

    async def handle_message(
        user_input: ConversationInput, chat_log: ChatLog, *args: Any, **kwargs: Any
    ) -> Any:
        responses: list[IntentResponse] = []
        kept = _TRIGGER_RESPONSES.set(responses)
        try:
            result = await original(user_input, chat_log, *args, **kwargs)
        finally:
            _TRIGGER_RESPONSES.reset(kept)
        _take_kind(getattr(result, "response", None), responses)
        return result

    setattr(agent, _HANDLE_MESSAGE, handle_message)

    def unwrap() -> None:
        if vars(agent).get(_HANDLE_MESSAGE) is handle_message:
            delattr(agent, _HANDLE_MESSAGE)

    return unwrap


def _take_kind(response: object, answers: list[IntentResponse]) -> None:
    """Give `response` (the built-in agent's action done) the kind of the
    trigger's answer it says: an error (its code) or a query answer."""
    from homeassistant.helpers.intent import IntentResponse, IntentResponseType

    if (
        not isinstance(response, IntentResponse)
        or response.response_type is not IntentResponseType.ACTION_DONE
    ):
        return
    speech = response.speech.get("plain", {}).get("speech")
    answer = next(
        (
            answer
            for answer in answers
            if answer.speech.get("plain", {}).get("speech") == speech
        ),
        None,
    )
    if answer is None:
        return
    if answer.response_type is IntentResponseType.ERROR and answer.error_code:
        response.async_set_error(answer.error_code, str(speech))
    elif answer.response_type is IntentResponseType.QUERY_ANSWER:
        response.response_type = IntentResponseType.QUERY_ANSWER


def _only_unexposed(result: RecognizeResult | None, response: Any) -> bool:
    """Whether Home Assistant's reading matched every name, yet its answer
    is that no target fits: "is Ben allergic to anything" read as Ben's
    state, Ben a person Assist may not use ("Sorry, Ben is not exposed").
    A user's own sentence keeps its own error."""
    from homeassistant.components.conversation.const import (
        METADATA_CUSTOM_SENTENCE,
    )
    from homeassistant.helpers.intent import (
        IntentResponse,
        IntentResponseErrorCode,
        IntentResponseType,
    )

    return (
        result is not None
        and not result.unmatched_entities
        and not (result.intent_metadata or {}).get(METADATA_CUSTOM_SENTENCE)
        and isinstance(response, IntentResponse)
        and response.response_type is IntentResponseType.ERROR
        and response.error_code is IntentResponseErrorCode.NO_VALID_TARGETS
    )


# Home Assistant's reading of "who is [in] {zone:state}": which person
# entities are in that state.
_GET_STATE: Final = "HassGetState"
_STATE_SLOT: Final = "state"
_DOMAIN_SLOT: Final = "domain"
_PERSON: Final = "person"
# Its answer to "who is …" (not "is anyone …": "is anyone coming home").
_WHICH: Final = "which"


def asks_who_is_in(result: RecognizeResult | None) -> str | None:
    """The place Home Assistant read a question as asking who of the household
    is in ("vet" in "who is the vet", its wildcard `{zone:state}`), None
    where it read it otherwise ("is anyone coming home": whether anyone is)."""
    if result is None or result.intent.name != _GET_STATE or result.response != _WHICH:
        return None
    domain = result.entities.get(_DOMAIN_SLOT)
    place = result.entities.get(_STATE_SLOT)
    if domain is None or domain.value != _PERSON or place is None:
        return None
    return str(place.text or place.value)


def _nobody_there(result: RecognizeResult | None, response: Any) -> bool:
    """Whether Home Assistant read a question as who of the household is in
    a place, and nobody is: "who is the vet" was "Not any" (review s37
    finding 28). Whether that place is one a person can be in at all ("who
    is home") is `recognize`'s to judge. A user's own sentence keeps its
    own answer."""
    from homeassistant.components.conversation.const import (
        METADATA_CUSTOM_SENTENCE,
    )
    from homeassistant.helpers.intent import IntentResponse, IntentResponseType

    return (
        asks_who_is_in(result) is not None
        and result is not None
        and not result.unmatched_entities
        and not (result.intent_metadata or {}).get(METADATA_CUSTOM_SENTENCE)
        and isinstance(response, IntentResponse)
        and response.response_type is IntentResponseType.QUERY_ANSWER
        and not response.matched_states
    )


def _no_acting_on_questions(
    agent: object, home_language: str
) -> Callable[[], None] | None:
    """Keep the gazetteer from acting on one of memory's questions.

    Its near-miss matching read "who watched TV on Thursday" and "who
    turned on the TV yesterday" as "turn on the TV", and switched it on
    (month review s19). Where the text is a question memory would answer
    (`_ASKING`), a frame whose intent changes something (any but those
    that only tell, `_only_tells`) is not run: the gazetteer gets an error
    response, and memory answers. The returned callable unwraps it (None,
    and one warning, where the step has another shape).
    """
    from homeassistant.helpers.intent import IntentResponse, IntentResponseErrorCode

    original = getattr(agent, _PROCESS_FRAMES, None)
    if not _takes(original, _PROCESS_FRAMES_PARAMETERS):
        _changed(f"built-in agent's DefaultAgent.{_PROCESS_FRAMES}", original)
        return None
    assert original is not None

    async def process_frames(
        matcher: Any, frames: Iterable[Any], user_input: Any, *args: Any, **kwargs: Any
    ) -> Any:
        frames = list(frames)
        if _ASKING.get() and not all(
            _only_tells(str(getattr(frame, "intent", ""))) for frame in frames
        ):
            _KEPT_FROM_ACTING.set(True)
            refused = IntentResponse(language=user_input.language or home_language)
            refused.async_set_error(
                IntentResponseErrorCode.NO_INTENT_MATCH, "a question, not a command"
            )
            return refused
        return await original(matcher, frames, user_input, *args, **kwargs)

    setattr(agent, _PROCESS_FRAMES, process_frames)

    def unwrap() -> None:
        if vars(agent).get(_PROCESS_FRAMES) is process_frames:
            delattr(agent, _PROCESS_FRAMES)

    return unwrap


def _only_tells(intent_type: str) -> bool:
    """Whether Home Assistant's intent only tells something (its state, the
    time, the weather, a timer's status) and changes nothing."""
    return "Get" in intent_type or intent_type.endswith("Status")


def _a_guess_beside_a_name(
    response: IntentResponse,
    hassil_result: RecognizeResult | None,
    language: str | None,
    used_in: Callable[[str | None, str, str], bool],
) -> bool:
    """Whether the gazetteer's answer used nothing of a name hassil read.

    "what is the bike lock code": hassil took "bike lock code" for a name
    it does not have; the gazetteer's near-miss matching heard "clock" in
    "bike lock" and told the time (an intent with no slot: nothing of the
    home), and "bike lock code" holds none of that intent's own words
    (`used_in(language, intent, text)`). Such an answer is a guess; one that
    resolved a target ("what is the kitchen lite") is not, nor the time in
    "what's the time in the garage" (hassil's unknown name: "time in the
    garage"; attack review s18b).
    """
    from hassil.models import UnmatchedTextEntity

    if hassil_result is None or response.intent is None or response.intent.slots:
        return False
    name = hassil_result.unmatched_entities.get(UNKNOWN_NAME_SLOT)
    return isinstance(name, UnmatchedTextEntity) and not used_in(
        language, response.intent.intent_type, name.text
    )


def _takes(method: object, parameters: tuple[str, ...]) -> bool:
    """Whether `method` is a coroutine function whose parameters start so."""
    if not inspect.iscoroutinefunction(method):
        return False
    names = tuple(inspect.signature(method).parameters)
    return names[: len(parameters)] == parameters
