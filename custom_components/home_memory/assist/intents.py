"""Remember, recall and forget by voice, without any LLM.

Intent handlers (`HomeMemoryRemember`, `HomeMemoryRecall`, `HomeMemoryForget`,
`HomeMemoryConfirm`, `HomeMemoryDeny`) do the work; users can target them from
their own custom sentences in any language. English sentences ship with the
integration as conversation sentence triggers of the built-in agent (the
mechanism behind "conversation" automation triggers): each match calls its
intent with the matched slots and speaks the intent's answer.

Forgetting is two-step, as with the LLM tools: "forget the door code" answers
"Do you want me to forget: '...'?" (the question keeps a voice satellite
listening), and only "yes" in the same conversation forgets.

"Remember privately that ..." (or "just for me", "remember that, privately,
...") stores a private memory of the speaker; the marker never becomes part
of the memory, and with no known speaker nothing is stored.
"""

from __future__ import annotations

from functools import partial
import re
from typing import TYPE_CHECKING, Any, ClassVar, Final, override

from homeassistant.core import HomeAssistant, callback
from homeassistant.helpers import entity_registry as er, intent
import probatio as vol

from ..const import DOMAIN, LOGGER
from ..memory.common.values import Visibility
from ..memory.text.quoting import flatten
from ..memory.text.validation import MAX_CONTENT_CHARS, has_words
from ..operations import choosing, recall
from ..operations.errors import ForgetChangedError, OperationError
from ..operations.remembering import outcome_speech
from .arguments import CONTENT, MAX_QUERY_CHARS, QUERY
from .call import CallScope, async_scope
from .errors import ToolError, explain
from .tools import async_remember, async_resolve

if TYPE_CHECKING:
    from collections.abc import Callable

    from hassil.recognize import RecognizeResult
    from homeassistant.components.conversation import ConversationInput

    from ..memory.common.values import Memory
    from ..memory.search.retrieval import ProgressivePage
    from ..runtime.conversation_state import ConversationState
    from ..runtime.data import HomeMemoryConfigEntry

INTENT_REMEMBER: Final = "HomeMemoryRemember"
INTENT_REMEMBER_PRIVATE: Final = "HomeMemoryRememberPrivate"
INTENT_RECALL: Final = "HomeMemoryRecall"
INTENT_FORGET: Final = "HomeMemoryForget"
INTENT_MORE: Final = "HomeMemoryMore"
INTENT_PICK: Final = "HomeMemoryPick"
INTENT_CONFIRM: Final = "HomeMemoryConfirm"
INTENT_DENY: Final = "HomeMemoryDeny"

# Words that mean "the memory we just talked about".
THAT_WORDS: Final = frozenset(
    {"that", "it", "this", "what i just said", "what i just told you", "the last one"}
)

# English sentences (hassil templates) per intent.
SENTENCES: Final[dict[str, list[str]]] = {
    INTENT_REMEMBER: [
        "remember [that] {content}",
        "(please|can you|could you) remember [that] {content}",
        "don't forget [that] {content}",
        "(make a note|note) that {content}",
        "keep in mind [that] {content}",
    ],
    # "remember privately that ...", "remember that, privately, ...": the
    # sentences above capture the marker, which makes them private. These must
    # not overlap the ones above: every trigger that matches is run.
    INTENT_REMEMBER_PRIVATE: [
        "[please] (privately|secretly) remember [that] {content}",
        "(privately|secretly) note that {content}",
    ],
    INTENT_RECALL: [
        "what do you (remember|know) about {query}",
        "what did I (say|tell you) about {query}",
        "do you remember {query}",
        "what have I told you about {query}",
    ],
    INTENT_FORGET: [
        "forget [about] {query}",
        "(delete|remove) the memory [about] {query}",
        "don't remember {query}",
    ],
    INTENT_MORE: ["more", "tell me more", "what else [do you remember]"],
    INTENT_CONFIRM: ["yes", "yes please", "yes forget it", "yes do it", "confirm"],
    INTENT_DENY: ["no", "no thanks", "no keep it", "keep it"],
}

NOTHING_PENDING: Final = "There is nothing waiting for a yes."
NOTHING_TO_PICK: Final = "There is nothing to choose from."
NOTHING_MORE: Final = "There is nothing more to tell."
WHAT_TO_REMEMBER: Final = "What should I remember?"
NOTHING_TO_LOOK_UP: Final = "There is nothing to look up in that."
PRIVATE_NEEDS_USER: Final = (
    "I can only remember something privately for someone I know, and I don't "
    "know who is speaking here. I didn't store anything."
)

# Words by which a speaker keeps a memory to themselves. Said at the start of
# what "remember (that) ..." captured, they make it private and are dropped:
# "remember privately that my PIN is 4711" must never become a household
# memory "Privately that our PIN is 4711." that everyone hears.
_PRIVATE_MARKER: Final = re.compile(
    r"^\W*(?:that\W+)?"
    r"(?:privately|just for me|only for me|secretly|between us|between you and me)"
    r"\b[\W_]*(?:that\b\W*)?",
    re.IGNORECASE,
)
_LEADING_THAT: Final = re.compile(r"^\W*that\b", re.IGNORECASE)


def _private_split(content: str) -> tuple[bool, str]:
    """Whether `content` starts with a privacy marker, and content without it."""
    if (match := _PRIVATE_MARKER.match(content)) is None:
        return False, content
    return True, content[match.end() :]


def _spoken(text: str) -> str:
    """A memory's text for speech: one line, without its closing punctuation."""
    return flatten(text).rstrip(" .!?")


def _sentence(text: str) -> str:
    """A memory's text for speech as one sentence: one line, one full stop.

    A summary cut with "…" keeps it alone ("unlock the…", never "…."); a line
    break in a memory is read as a space, not as a new line of the answer.
    """
    spoken = _spoken(text)
    return spoken if spoken.endswith("\u2026") else f"{spoken}."


class _MemoryIntentHandler(intent.IntentHandler):
    """Resolves the speaker and conversation, turns errors into speech."""

    platforms = None

    @override
    async def async_handle(self, intent_obj: intent.Intent) -> intent.IntentResponse:
        """Answer by voice; memory errors are spoken, not raised."""
        response = intent_obj.create_response()
        device_id = intent_obj.device_id
        if device_id is None and intent_obj.satellite_id is not None:
            entity = er.async_get(intent_obj.hass).async_get(intent_obj.satellite_id)
            device_id = entity.device_id if entity is not None else None
        # Whatever was not done is an error response (a REST caller or an
        # automation reads response_type), spoken all the same.
        failed = intent.IntentResponseErrorCode.FAILED_TO_HANDLE
        if (too_long := self._too_long(intent_obj.slots)) is not None:
            response.async_set_error(failed, too_long)
            return response
        slots = self.async_validate_slots(intent_obj.slots)
        try:
            scope = await async_scope(intent_obj.hass, intent_obj.context, device_id)
            speech = await self._async_speech(scope, slots)
        except (OperationError, ToolError) as err:
            response.async_set_error(failed, error_speech(err))
            return response
        except Exception:  # noqa: BLE001 - logged with its traceback
            # As with the LLM tools: a failure is spoken, never raised.
            LOGGER.exception("Memory sentence %s failed", self.intent_type)
            response.async_set_error(failed, "Sorry, that did not work.")
            return response
        response.async_set_speech(speech)
        return response

    # Slot -> its longest accepted text, and what is said when it is longer
    # (a 10 MB "remember that ..." gets an answer, not "could not do that").
    _limits: ClassVar[dict[str, tuple[int, str]]] = {}

    def _too_long(self, slots: dict[str, Any]) -> str | None:
        for name, (limit, speech) in self._limits.items():
            slot = slots.get(name)
            value = slot.get("value") if isinstance(slot, dict) else None
            if isinstance(value, str) and len(value) > limit:
                return speech.format(limit=limit)
        return None

    async def _async_speech(self, scope: CallScope, slots: dict[str, Any]) -> str:
        raise NotImplementedError


def _voice_state(scope: CallScope) -> ConversationState:
    """Where a spoken forget waits for its "yes".

    The built-in agent does not keep a satellite listening after its question,
    so the "yes" may come in a new conversation: the confirmation is held for
    the speaker at this device (not per conversation) until it lapses.
    """
    key = scope.speaker.key
    return scope.data.conversations.get(f"voice:{key}:{scope.device_id or ''}", key)


def error_speech(err: OperationError | ToolError) -> str:
    """What is said when a sentence fails (the one mapping of the sentences)."""
    if isinstance(err, OperationError):
        err = explain(err)
    return {
        "memory_unavailable": "Sorry, my memory is not available right now.",
        "read_only_user": "Sorry, you can ask what I remember but not change it.",
        "not_found": "I don't remember anything like that.",
        "nothing_recent": "I'm not sure which memory you mean.",
        "invalid_token": "That has expired; nothing was forgotten.",
        "private_needs_user": PRIVATE_NEEDS_USER,
    }.get(err.code, f"Sorry, that did not work: {err.message}")


def _take_voice_token(scope: CallScope) -> tuple[ConversationState, str | None]:
    """The voice state and the forget token it waited with (now taken from it)."""
    voice = _voice_state(scope)
    token, voice.voice_token = voice.voice_token, None
    return voice, token


def _cancel_waiting_forget(scope: CallScope) -> None:
    """Drop the confirmation a forget is waiting on: a new request replaces it.

    Otherwise "forget A" (asked), "forget B" (several match), "yes" would
    forget A, which the speaker has moved on from.
    """
    voice, token = _take_voice_token(scope)
    voice.voice_choices = ()
    if token is not None:
        scope.data.conversations.take_pending(voice, token)


_QUERY_LIMIT: Final = (
    MAX_QUERY_CHARS,
    "That is too long to look up; I can take up to {limit} characters.",
)


class RememberIntentHandler(_MemoryIntentHandler):
    """ "Remember that ..." """

    intent_type = INTENT_REMEMBER
    description = "Remembers what the user says"
    private: ClassVar[bool] = False
    _limits: ClassVar[dict[str, tuple[int, str]]] = {
        "content": (
            MAX_CONTENT_CHARS,
            "That is too long to remember; I can keep up to {limit} characters.",
        )
    }

    @property
    @override
    def slot_schema(self) -> dict[Any, Any]:
        """The wildcard slot, validated like the tools' arguments."""
        return {vol.Required("content"): CONTENT}

    @override
    async def _async_speech(self, scope: CallScope, slots: dict[str, Any]) -> str:
        _cancel_waiting_forget(scope)
        private, content = _private_split(slots["content"]["value"])
        private = private or self.private
        # "remember that ..." captures "that": nothing to remember.
        if not has_words(_LEADING_THAT.sub("", content, count=1)):
            return WHAT_TO_REMEMBER
        if private and scope.speaker.caller.user_id is None:
            return PRIVATE_NEEDS_USER
        result = await async_remember(
            scope,
            content,
            visibility=Visibility.PRIVATE if private else Visibility.HOUSEHOLD,
        )
        return outcome_speech(result)


class RememberPrivateIntentHandler(RememberIntentHandler):
    """ "Remember privately that ..." (only the speaker will hear it)."""

    intent_type = INTENT_REMEMBER_PRIVATE
    description = "Remembers what the user says, private to the user"
    private: ClassVar[bool] = True


class _QueryIntentHandler(_MemoryIntentHandler):
    """A sentence with a wildcard {query} (recall, forget)."""

    _limits: ClassVar[dict[str, tuple[int, str]]] = {"query": _QUERY_LIMIT}

    @property
    @override
    def slot_schema(self) -> dict[Any, Any]:
        """The wildcard slot, validated like the tools' arguments."""
        return {vol.Required("query"): QUERY}


class RecallIntentHandler(_QueryIntentHandler):
    """ "What do you remember about ..." """

    intent_type = INTENT_RECALL
    description = "Says what the memory holds about a topic"

    @override
    async def _async_speech(self, scope: CallScope, slots: dict[str, Any]) -> str:
        _cancel_waiting_forget(scope)
        query = slots["query"]["value"]
        if not has_words(query):
            return NOTHING_TO_LOOK_UP
        page = await recall.async_recall(scope.ops, query)
        scope.state.recall_cursor = page.cursor
        # "More" may come in a new conversation, as "yes" does.
        _voice_state(scope).recall_cursor = page.cursor
        if not page.items:
            return f"I don't remember anything about {_spoken(query)}."
        if len(page.items) == 1:
            scope.state.last_memory_id = page.items[0].memory.id
            return _sentence(page.items[0].memory.summary)
        return f"I remember {page.total} things about that. {_listing(page)}"


def _listing(page: ProgressivePage) -> str:
    """The page's memories by number, and how many are left for "more"."""
    speech = " ".join(
        f"{number}: {_sentence(item.memory.summary)}"
        for number, item in zip(page.numbers, page.items, strict=True)
    )
    if page.has_more and (rest := page.total - page.numbers[-1]) > 0:
        speech += f" And {rest} more."
    return speech


class MoreIntentHandler(_MemoryIntentHandler):
    """ "More" after "...And 6 more."."""

    intent_type = INTENT_MORE
    description = "Says the next memories of the last recall"

    @override
    async def _async_speech(self, scope: CallScope, slots: dict[str, Any]) -> str:
        voice = _voice_state(scope)
        if (cursor := voice.recall_cursor) is None:
            return NOTHING_MORE
        page = await recall.async_recall_more(scope.ops, cursor)
        if page.cursor is None:
            voice.recall_cursor = None
            return "That has expired; please ask me again."
        if not page.items:
            return "That is all I remember about that."
        return _listing(page)


class ForgetIntentHandler(_QueryIntentHandler):
    """ "Forget ..." (asks before it forgets)."""

    intent_type = INTENT_FORGET
    description = "Asks to confirm, then forgets a memory"

    @override
    async def _async_speech(self, scope: CallScope, slots: dict[str, Any]) -> str:
        scope.require_write()
        _cancel_waiting_forget(scope)
        query = slots["query"]["value"]
        if not has_words(query):
            return NOTHING_TO_LOOK_UP
        if _spoken(query).casefold() in THAT_WORDS:
            resolved = await async_resolve(scope, that=True)
        else:
            resolved = await async_resolve(scope, query=query)
        if resolved.memory is None:
            listed = " ".join(
                f"{number}: {_sentence(memory.summary)}"
                for number, memory in enumerate(resolved.candidates, 1)
            )
            _voice_state(scope).voice_choices = tuple(
                memory.id for memory in resolved.candidates
            )
            return (
                f"A few memories match. {listed} Please say more precisely which, "
                "or its number."
            )
        return _ask_to_forget(scope, resolved.memory)


def _ask_to_forget(scope: CallScope, memory: Memory) -> str:
    voice = _voice_state(scope)
    voice.voice_token = choosing.async_request_forget(
        scope.ops, scope.state, memory, voice
    )
    return f"Do you want me to forget: '{_spoken(memory.summary)}'?"


# Ways to say which of the listed memories is meant (as many as are listed).
_PICK_SENTENCES: Final = tuple(
    (number, [f"[the] {ordinal} [one]", f"number ({number}|{word})", str(number)])
    for number, ordinal, word in (
        (1, "first", "one"),
        (2, "second", "two"),
        (3, "third", "three"),
    )
)


class PickIntentHandler(_MemoryIntentHandler):
    """ "The second one" after "A few memories match. 1: ... 2: ..."."""

    intent_type = INTENT_PICK
    description = "Chooses one of the memories a forget listed"

    @property
    @override
    def slot_schema(self) -> dict[Any, Any]:
        """The number said, 1-based."""
        return {vol.Required("number"): vol.All(int, vol.Range(min=1, max=9))}

    @override
    async def _async_speech(self, scope: CallScope, slots: dict[str, Any]) -> str:
        voice = _voice_state(scope)
        choices = voice.voice_choices
        if not choices:
            return NOTHING_TO_PICK
        number: int = slots["number"]["value"]
        if number > len(choices):
            return f"There is no number {number}; I listed {len(choices)}."
        scope.require_write()
        _cancel_waiting_forget(scope)
        # Re-read: a memory forgotten or made private since is not offered.
        resolved = await async_resolve(scope, memory_id=choices[number - 1])
        assert resolved.memory is not None
        return _ask_to_forget(scope, resolved.memory)


class ConfirmIntentHandler(_MemoryIntentHandler):
    """ "Yes" after "Do you want me to forget ...?"."""

    intent_type = INTENT_CONFIRM
    description = "Confirms forgetting a memory"

    @override
    async def _async_speech(self, scope: CallScope, slots: dict[str, Any]) -> str:
        voice, token = _take_voice_token(scope)
        if token is None:
            return NOTHING_PENDING
        scope.require_write()
        try:
            await choosing.async_confirm_forget(scope.ops, scope.state, token, voice)
        except ForgetChangedError as err:
            # Corrected since the question: ask again about what it says now.
            voice.voice_token = err.token
            return (
                "That memory has changed since I asked, so I kept it. "
                f"Do you want me to forget: '{_spoken(err.memory.summary)}'?"
            )
        return "Okay, I've forgotten that."


class DenyIntentHandler(_MemoryIntentHandler):
    """ "No" after "Do you want me to forget ...?"."""

    intent_type = INTENT_DENY
    description = "Keeps a memory the user was asked to forget"

    @override
    async def _async_speech(self, scope: CallScope, slots: dict[str, Any]) -> str:
        voice, token = _take_voice_token(scope)
        if token is None:
            return "Okay."
        scope.data.conversations.take_pending(voice, token)
        return "Okay, I'll keep it."


HANDLERS: Final = (
    RememberIntentHandler,
    RememberPrivateIntentHandler,
    RecallIntentHandler,
    MoreIntentHandler,
    ForgetIntentHandler,
    PickIntentHandler,
    ConfirmIntentHandler,
    DenyIntentHandler,
)


def _trigger_callback(
    hass: HomeAssistant, intent_type: str, fixed: dict[str, Any] | None = None
) -> Callable[[ConversationInput, RecognizeResult], Any]:
    async def _on_sentence(
        user_input: ConversationInput, result: RecognizeResult
    ) -> str | None:
        slots = {
            name: {"value": entity.value, "text": entity.text}
            for name, entity in result.entities.items()
        }
        slots.update({name: {"value": value} for name, value in (fixed or {}).items()})
        try:
            response = await intent.async_handle(
                hass,
                DOMAIN,
                intent_type,
                slots,
                user_input.text,
                user_input.context,
                user_input.language,
                assistant="conversation",
                device_id=user_input.device_id,
                satellite_id=user_input.satellite_id,
                conversation_agent_id=user_input.agent_id,
            )
        except intent.IntentError as err:
            LOGGER.debug("Memory sentence %r not handled: %s", user_input.text, err)
            return "Sorry, I could not do that."
        speech: str = response.speech["plain"]["speech"]
        return speech

    return _on_sentence


@callback
def async_setup_intents(hass: HomeAssistant, entry: HomeMemoryConfigEntry) -> None:
    """Register the intents and the English sentences while the entry is loaded."""
    for handler in HANDLERS:
        intent.async_register(hass, handler())
        entry.async_on_unload(partial(intent.async_remove, hass, handler.intent_type))
    if "conversation" not in hass.config.components:
        LOGGER.debug("Conversation is not loaded: no memory sentences")
        return
    from homeassistant.components.conversation.agent_manager import (
        get_agent_manager,
    )

    manager = get_agent_manager(hass)
    for intent_type, sentences in SENTENCES.items():
        entry.async_on_unload(
            manager.register_trigger(
                sentences=sentences,
                trigger_callback=_trigger_callback(hass, intent_type),
            )
        )
    for number, sentences in _PICK_SENTENCES:
        entry.async_on_unload(
            manager.register_trigger(
                sentences=sentences,
                trigger_callback=_trigger_callback(
                    hass, INTENT_PICK, {"number": number}
                ),
            )
        )
