"""Remember, recall, forget and answer questions by voice, without any LLM.

Intent handlers behind the built-in agent's sentence triggers
(`sentences/<language>.yaml`); forgetting asks first, "remember privately"
stores a private memory of the speaker.

In more words: docs/architecture.md, "`assist/intents.py`".
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING, Any, ClassVar, Final, override

from homeassistant.helpers import entity_registry as er, intent
import probatio as vol

from ..const import DOMAIN, LOGGER
from ..memory.common.values import Visibility
from ..memory.text.characters import without_invisible
from ..memory.text.naming import possessive
from ..memory.text.redating import redating
from ..memory.text.said import as_said
from ..memory.text.statements import with_sentence_end
from ..memory.text.validation import MAX_CONTENT_CHARS, has_words
from ..memory.time.expressions import time_spans
from ..operations import choosing, memories, reasons, recall, when
from ..operations.errors import (
    ForgetChangedError,
    NotFoundError,
    OperationError,
    SearchExpiredError,
)
from ..operations.persons import async_teller_name
from ..operations.private_words import PART_ENDS, told_after
from ..operations.remembering import outcome_speech
from ..runtime.ha_internals import (
    answer_triggers_as_handled,
    answer_where_unmatched,
    trigger_answered,
)
from .answers import (
    Whose,
    dated as _dated,
    kept_back,
    last_told,
    listing,
    private_notes,
    spoken,
)
from .arguments import CONTENT, MAX_QUERY_CHARS, QUERY
from .call import CallScope, async_scope
from .dating import Dating, async_dated_ids
from .errors import RefusedError, ToolError
from .intent_words import IntentWords
from .questions import QUESTION, asks_only, question_recognizer, told_of
from .redating import async_redate
from .refusals import error_code, error_speech
from .sentence_files import (
    REMEMBER_INTENT,
    SentenceFiles,
    Wording,
    load_sentence_files,
)
from .tools import async_remember, async_resolve

if TYPE_CHECKING:
    from collections.abc import Callable

    from hassil.recognize import RecognizeResult
    from homeassistant.components.conversation import ConversationInput
    from homeassistant.core import HomeAssistant

    from ..memory.common.values import Memory
    from ..runtime.conversation_state import ConversationState
    from ..runtime.data import HomeMemoryConfigEntry
    from .sentence_files import Trigger

INTENT_REMEMBER: Final = REMEMBER_INTENT
INTENT_REMEMBER_PRIVATE: Final = "HomeMemoryRememberPrivate"
INTENT_REMEMBER_LATER: Final = "HomeMemoryRememberLater"
INTENT_RECALL: Final = "HomeMemoryRecall"
INTENT_FORGET: Final = "HomeMemoryForget"
INTENT_MORE: Final = "HomeMemoryMore"
INTENT_PICK: Final = "HomeMemoryPick"
INTENT_QUESTION: Final = "HomeMemoryQuestion"
INTENT_CONFIRM: Final = "HomeMemoryConfirm"
INTENT_DENY: Final = "HomeMemoryDeny"
INTENT_CORRECT: Final = "HomeMemoryCorrect"
INTENT_UNDO: Final = "HomeMemoryUndo"
# A refusal whose memory is no longer there to act on.
_GONE: Final = intent.IntentResponseErrorCode.NO_VALID_TARGETS


class _MemoryIntentHandler(intent.IntentHandler):
    """Resolves the speaker and conversation, turns errors into speech."""

    platforms = None

    def __init__(self, files: SentenceFiles) -> None:
        """A handler that answers in the conversation's language from `files`."""
        self.files = files

    @override
    async def async_handle(self, intent_obj: intent.Intent) -> intent.IntentResponse:
        """Answer by voice; memory errors are spoken, not raised."""
        response = intent_obj.create_response()
        words = self.files.wording(
            intent_obj.language or intent_obj.hass.config.language
        )
        device_id = intent_obj.device_id
        if device_id is None and intent_obj.satellite_id is not None:
            entity = er.async_get(intent_obj.hass).async_get(intent_obj.satellite_id)
            device_id = entity.device_id if entity is not None else None
        # Whatever was not done is an error response (a REST caller or an
        # automation reads response_type), spoken all the same.
        failed = intent.IntentResponseErrorCode.FAILED_TO_HANDLE
        if (too_long := self._too_long(intent_obj.slots, words)) is not None:
            response.async_set_error(failed, too_long)
            return response
        try:
            slots = self.async_validate_slots(intent_obj.slots)
        except vol.Invalid:
            # Control or hidden characters, a lone surrogate: said, not raised.
            response.async_set_error(failed, words.say("unreadable"))
            return response
        try:
            scope = await async_scope(
                intent_obj.hass, intent_obj.context, device_id, intent_obj.language
            )
            speech = await self._async_speech(
                scope, slots, words, intent_obj.text_input or ""
            )
        except (OperationError, ToolError) as err:
            said = error_speech(err, words, intent_obj.hass)
            response.async_set_error(error_code(err), said)
            return response
        except RefusedError as refused:  # not done, and said why (review s40 D5)
            response.async_set_error(refused.code, refused.speech)
            return response
        except Exception:  # noqa: BLE001 - logged with its traceback
            # As with the LLM tools: a failure is spoken, never raised.
            LOGGER.exception("Memory sentence %s failed", self.intent_type)
            response.async_set_error(failed, words.say("error_failed"))
            return response
        if speech is not None:  # None: nothing to say ("never mind")
            response.async_set_speech(speech)
        if self.answers_question:
            response.response_type = intent.IntentResponseType.QUERY_ANSWER
        return response

    # Whether the answer is the answer to a question (not an action done).
    answers_question: ClassVar[bool] = False

    # Slot -> its longest accepted text, and the answer when it is longer
    # (a 10 MB "remember that ..." gets an answer, not "could not do that").
    _limits: ClassVar[dict[str, tuple[int, str]]] = {}

    def _too_long(self, slots: dict[str, Any], words: Wording) -> str | None:
        for name, (limit, key) in self._limits.items():
            slot = slots.get(name)
            value = slot.get("value") if isinstance(slot, dict) else None
            if isinstance(value, str) and len(value) > limit:
                return words.say(key, limit=limit)
        return None

    async def _async_speech(
        self, scope: CallScope, slots: dict[str, Any], words: Wording, said: str
    ) -> str | None:
        raise NotImplementedError


def _nothing_known(slots: dict[str, Any], words: Wording, question: str) -> str:
    """What a question with no answer says: "I don't know Anna's gate code."
    where it asks for someone's thing ("what is Anna's gate code"), as for
    anything unknown (another's private memory is never said to be there);
    else "I don't know"."""
    owner, thing = slots.get("owner"), slots.get("query")
    if owner is not None and thing is not None:
        owned = f"{possessive(str(owner['value']), words.language)} {thing['value']}"
        asked = " ".join(question.replace("\u2019", "'").split()).casefold()
        if owned.casefold() in asked:
            return words.say("question_nothing_owned", thing=spoken(owned))
    return words.say("question_nothing")


def _voice_state(scope: CallScope) -> ConversationState:
    """Where a spoken forget waits for its "yes".

    The built-in agent does not keep a satellite listening after its question,
    so the "yes" may come in a new conversation: the confirmation is held for
    the speaker at this device (not per conversation) until it lapses. The
    conversation that asked also keeps its own question (its state's
    `voice_token`), which its "yes" answers (`_take_voice_token`).
    """
    key = scope.speaker.key
    return scope.data.conversations.get(f"voice:{key}:{scope.device_id or ''}", key)


def _take_voice_token(scope: CallScope) -> tuple[ConversationState, str | None]:
    """The voice state and the forget token a "yes" or "no" answers (now
    taken): the question this conversation asked, if it asked one, even
    where another conversation has asked since ("yes" in the chat that
    asked "forget A?" never forgets the B another chat asked about); else
    the one the speaker was last asked at this device (a satellite's "yes"
    comes in a new conversation)."""
    voice = _voice_state(scope)
    own, scope.state.voice_token = scope.state.voice_token, None
    if own is not None:
        if voice.voice_token == own:
            voice.voice_token = None
        return voice, own
    token, voice.voice_token = voice.voice_token, None
    return voice, token


def _shared_after(words: Wording, said: str, content: str) -> tuple[str, str] | None:
    """The private first part of `content` (the words heard) and the
    household's later part as said, where `said` (the message as typed,
    its line breaks kept) tells one after a command at a line's or a
    sentence's start (operations/private_words.py `told_after`)."""
    shared = told_after(said, words.language, private=True)
    if shared is None:
        return None
    # The matcher never hears the message's end ("…steht." heard "…steht").
    tail = " ".join(shared.rest.split()).rstrip(PART_ENDS)
    heard = " ".join(without_invisible(content).split()).rstrip(PART_ENDS)
    if not heard.endswith(tail) or not (head := heard[: -len(tail)].strip()):
        return None
    return head, shared.rest


def _cancel_waiting_forget(scope: CallScope) -> None:
    """Drop the confirmation a forget is waiting on: a new request replaces it.

    Otherwise "forget A" (asked), "forget B" (several match), "yes" would
    forget A, which the speaker has moved on from. A question another
    conversation asked stays that conversation's to answer (until it
    lapses); no "yes" from elsewhere reaches it any more.
    """
    voice = _voice_state(scope)
    own, scope.state.voice_token = scope.state.voice_token, None
    voice.voice_token = None
    voice.voice_choices = ()
    voice.recall_listed = 0
    if own is not None:
        scope.data.conversations.take_pending(voice, own)


class RememberIntentHandler(_MemoryIntentHandler):
    """ "Remember that ..." """

    intent_type = INTENT_REMEMBER
    description = "Remembers what the user says"
    private: ClassVar[bool] = False
    _limits: ClassVar[dict[str, tuple[int, str]]] = {
        "content": (MAX_CONTENT_CHARS, "content_too_long")
    }

    @property
    @override
    def slot_schema(self) -> dict[Any, Any]:
        """The wildcard slot, validated like the tools' arguments."""
        return {vol.Required("content"): CONTENT}

    @override
    async def _async_speech(
        self, scope: CallScope, slots: dict[str, Any], words: Wording, said: str
    ) -> str:
        _cancel_waiting_forget(scope)
        # The words as said: the matcher heard "am 5 Mai" for "am 5. Mai".
        # A question remembered keeps its "?" (not "can you remember …?"'s).
        heard = as_said(
            said, slots["content"]["value"], asks=not words.asks_itself(said)
        )
        private, content = words.private_split(heard)
        private = private or self._kept_private(words, content)
        # "remember that ..." captures "that": nothing to remember.
        if not has_words(words.without_leading(content)):
            return words.say("what_to_remember")
        # "merk dir, dass der Schlüssel im Flur liegt": a statement, verb second.
        later = words.private_words.later_part(content)
        shared = _shared_after(words, said, content) if private else None
        if shared is not None:
            # "… 6666\nremember that the bucket …": the line break the
            # matcher made a space, for remembering to keep the later part
            # the household's (operations/private_words.py `told_after`).
            content = f"{self._statement(words, said, shared[0])}\n{shared[1]}"
        elif later is not None and later.before is not None:
            # "…. Merk dir privat, dass …": remembering keeps the later part
            # apart (operations/private_words.py); what comes before is a
            # statement of its own ("Das Rad privat im Schuppen steht." was
            # one clause of the two, live review s42).
            before = with_sentence_end(self._statement(words, said, later.before))
            end = "" if before[-1:] in PART_ENDS else "."
            content = f"{before}{end} {later.rest}"
        else:
            content = self._statement(words, said, content)
        # The matcher never hears a sentence's end: "Ben fixed the light."
        # is a sentence again (a written one is kept as written elsewhere).
        if len(ended := with_sentence_end(content)) <= MAX_CONTENT_CHARS:
            content = ended
        if private and scope.speaker.caller.user_id is None:
            raise RefusedError(words.say("private_needs_user"))
        result = await async_remember(
            scope,
            content,
            visibility=Visibility.PRIVATE if private else Visibility.HOUSEHOLD,
        )
        return outcome_speech(
            result,
            created=words.say("remembered"),
            created_private=words.say("remembered_private"),
            reinforced=words.say("already_known"),
            reinforced_private=words.say("already_known_private"),
            remembered_apart=words.say("remembered_apart"),
            updated=words.responses["updated"],
            language=words.language,
            household_says=words.responses["household_says"],
        )

    def _kept_private(self, words: Wording, content: str) -> bool:
        """Whether all of `content` is private whatever its words say."""
        del words, content
        return self.private

    def _statement(self, words: Wording, said: str, content: str) -> str:
        """What is told, as a statement (a command said again inside it
        left out: `Wording.told`)."""
        told = self.files.statement(words, said, content)
        return words.told(told) or told


class RememberPrivateIntentHandler(RememberIntentHandler):
    """ "Remember privately that ..." (only the speaker will hear it)."""

    intent_type = INTENT_REMEMBER_PRIVATE
    description = "Remembers what the user says, private to the user"
    private: ClassVar[bool] = True


class RememberLaterIntentHandler(RememberIntentHandler):
    """ "The bike is in the shed. Remember privately that my code is 1234.":
    the whole message, its later part told privately (live review s43 #3:
    Home Assistant claimed it, "no area called shed"). Where that part is
    not told apart from the one before, all of it is private."""

    intent_type = INTENT_REMEMBER_LATER
    description = "Remembers a message whose later part is told privately"

    @property
    @override
    def slot_schema(self) -> dict[Any, Any]:
        """The part before and the part told privately."""
        return {vol.Required("before"): CONTENT, vol.Required("content"): CONTENT}

    @override
    async def _async_speech(
        self, scope: CallScope, slots: dict[str, Any], words: Wording, said: str
    ) -> str:
        whole = " ".join(said.split())
        return await super()._async_speech(
            scope, {**slots, "content": {"value": whole}}, words, said
        )

    @override
    def _kept_private(self, words: Wording, content: str) -> bool:
        later = words.private_words.later_part(content)
        return later is None or later.before is None


class CorrectIntentHandler(RememberIntentHandler):
    """ "Actually the plumber is coming on Wednesday, not Tuesday": told as
    "remember that …" is, so the memory it corrects is updated."""

    intent_type = INTENT_CORRECT
    description = "Corrects what the memory holds, as the user says it"

    @override
    async def _async_speech(
        self, scope: CallScope, slots: dict[str, Any], words: Wording, said: str
    ) -> str:
        """ "no, actually it was last spring": the last memory re-dated."""
        if (time_words := redating(said, words.language, time_spans)) is not None:
            _cancel_waiting_forget(scope)
            return await async_redate(scope, time_words, words)
        return await super()._async_speech(scope, slots, words, said)

    @override
    def _statement(self, words: Wording, said: str, content: str) -> str:
        """ "eigentlich geht der Müll …" corrects, subject first."""
        return words.as_correction(super()._statement(words, said, content))


class _QueryIntentHandler(_MemoryIntentHandler):
    """A sentence with a wildcard {query} (recall, forget)."""

    _limits: ClassVar[dict[str, tuple[int, str]]] = {
        "query": (MAX_QUERY_CHARS, "query_too_long")
    }

    @property
    @override
    def slot_schema(self) -> dict[Any, Any]:
        """The wildcard slot, validated like the tools' arguments."""
        return {vol.Required("query"): QUERY}


async def _async_recall_speech(
    scope: CallScope,
    query: str,
    words: Wording,
    nothing: str,
    *,
    always_when: bool = False,
    telling: bool = False,
    never_when: bool = False,
    ago: bool = False,
    said: str | None = None,
) -> str:
    """Look `query` up and say what was found (`nothing` when nothing was);
    `always_when`: each memory is said with when it happened (a "when"
    question), not only events and what the home observed; `telling`: the
    question asks when something was said, so facts are dated too;
    `never_when`: none is (a "where" question asks for a place); `ago`:
    each dated memory is said with how long ago it was (a "how long ago"
    question, live review s42); `said`:
    the sentence `query` is of ("what did I say about {query}": mine)."""
    _cancel_waiting_forget(scope)
    # Said aloud as the answer: as sure as the background of an LLM's turn.
    recalled = await recall.async_recalled(
        scope.ops,
        query,
        min_relevance=scope.ops.data.options.context_min_relevance,
        said=said,
    )
    page = recalled.page
    scope.state.recall_cursor = page.cursor
    # "More" may come in a new conversation, as "yes" does; it goes on as
    # this answer does (dated after a "when" question).
    voice = _voice_state(scope)
    voice.recall_cursor = page.cursor
    voice.recall_dated = always_when
    voice.recall_telling = telling
    voice.recall_undated = never_when
    voice.recall_listed = page.numbers[-1] if len(page.items) > 1 else 0
    voice.recall_roundup = recalled.roundup
    if not page.items:
        return nothing
    describe = when.describer(scope.hass, words.language)
    dated = await _async_listening(
        scope,
        replace(
            await async_dated_ids(
                scope,
                page.items,
                words,
                always_when=always_when,
                telling=telling,
                never_when=never_when,
            ),
            asked=query,
            language=words.language,
            ago=when.ago_describer(scope.hass, words.language) if ago else None,
        ),
    )
    # A roundup said aloud keeps the asker's private secrets back.
    kept = kept_back(page.items, recalled.roundup)
    if recalled.last_told is not None and (
        whose := await _async_whose(scope, recalled.last_told)
    ):
        # "What did I tell you last?": "The last thing you told me: …".
        scope.state.last_memory_id = None
        voice.recall_listed = page.numbers[-1]
        return last_told(page, words, describe, whose, dating=dated, kept=kept)
    # Whose tellings were asked, where they told none of it: "Anna didn't
    # tell me about that, but I know: ..." (review s41 LOW-6).
    untold = await _async_whose(scope, recalled.untold)
    if len(page.items) == 1:
        memory = page.items[0].memory
        if memory.id in kept:
            return private_notes(words, 1)
        scope.state.last_memory_id = memory.id
        answer = _dated(describe, memory, words, dating=dated)
        if untold is None:
            return answer
        return words.say(f"untold_one{untold.suffix}", name=untold.name, memory=answer)
    # Several read out: "that" no longer means one said before them.
    scope.state.last_memory_id = None
    several = "roundup_several" if recalled.roundup else "recall_several"
    return words.say(
        several if untold is None else f"untold_several{untold.suffix}",
        total=page.total,
        listing=listing(page, words, describe, dating=dated, kept=kept),
        name="" if untold is None else untold.name,
    )


async def _async_listening(scope: CallScope, dating: Dating) -> Dating:
    """`dating` for the one who asks: their own memory is "Your …", and
    so is one of them by name ("Anna's birthday" to Anna)."""
    user = scope.speaker.caller.user_id
    name = None if user is None else await async_teller_name(scope.hass, user)
    return replace(dating, listener=user, listener_name=name)


async def _async_whose(scope: CallScope, user: str | None) -> Whose | None:
    """How an answer names `user` as a teller ("_you" for the one who
    asks); None when there is none to name."""
    if user is None:
        return None
    if user == scope.speaker.caller.user_id:
        return Whose("_you", "")
    name = await async_teller_name(scope.hass, user)
    return None if name is None else Whose("", name)


class RecallIntentHandler(_QueryIntentHandler):
    """ "What do you remember about ..." """

    intent_type = INTENT_RECALL
    description = "Says what the memory holds about a topic"
    answers_question: ClassVar[bool] = True

    @override
    async def _async_speech(
        self, scope: CallScope, slots: dict[str, Any], words: Wording, said: str
    ) -> str:
        query = slots["query"]["value"]
        if not has_words(query):
            _cancel_waiting_forget(scope)
            raise RefusedError(words.say("nothing_to_look_up"))
        nothing = words.say("recall_nothing", query=spoken(query))
        return await _async_recall_speech(scope, query, words, nothing, said=said)


class QuestionIntentHandler(_MemoryIntentHandler):
    """ "Where is the spare key?" where Home Assistant has no answer of its own.

    The whole question is looked up (its words beyond the wildcard, "where",
    "last night", help find and rank the memory).
    """

    intent_type = INTENT_QUESTION
    description = "Answers a question from memory"
    answers_question: ClassVar[bool] = True
    _limits: ClassVar[dict[str, tuple[int, str]]] = {
        QUESTION: (MAX_QUERY_CHARS, "query_too_long")
    }

    @property
    @override
    def slot_schema(self) -> dict[Any, Any]:
        """The whole question, validated like the tools' query."""
        return {vol.Required(QUESTION): QUERY}

    @override
    async def _async_speech(
        self, scope: CallScope, slots: dict[str, Any], words: Wording, said: str
    ) -> str:
        question = slots[QUESTION]["value"]
        nothing = _nothing_known(slots, words, question)
        return await _async_recall_speech(
            scope,
            question,
            words,
            nothing,
            always_when=words.asks_when(question),
            telling=words.asks_telling(question),
            never_when=words.asks_where(question),
            ago=words.asks_ago(question),
        )


class MoreIntentHandler(_MemoryIntentHandler):
    """ "More" after "...And 6 more."."""

    intent_type = INTENT_MORE
    description = "Says the next memories of the last recall"
    answers_question: ClassVar[bool] = True

    @override
    async def _async_speech(
        self, scope: CallScope, slots: dict[str, Any], words: Wording, said: str
    ) -> str:
        voice = _voice_state(scope)
        if (cursor := voice.recall_cursor) is None:
            return words.say("nothing_more")
        page = await recall.async_recall_more(scope.ops, cursor)
        if page.cursor is None:
            voice.recall_cursor = None
            raise RefusedError(words.say("more_expired"))
        if not page.items:
            return words.say("more_done")
        dated = await async_dated_ids(
            scope,
            page.items,
            words,
            always_when=voice.recall_dated,
            telling=voice.recall_telling,
            never_when=voice.recall_undated,
        )
        # Read to the one who asks "more": their own memory is "Your …".
        dated = await _async_listening(scope, dated)
        voice.recall_listed = max(voice.recall_listed, page.numbers[-1])
        return listing(
            page,
            words,
            when.describer(scope.hass, words.language),
            dating=dated,
            kept=kept_back(page.items, voice.recall_roundup),
        )


class ForgetIntentHandler(_QueryIntentHandler):
    """ "Forget ..." (asks before it forgets)."""

    intent_type = INTENT_FORGET
    description = "Asks to confirm, then forgets a memory"

    @override
    async def _async_speech(
        self, scope: CallScope, slots: dict[str, Any], words: Wording, said: str
    ) -> str | None:
        scope.require_write()
        voice = _voice_state(scope)
        read_out, cursor = voice.recall_listed, voice.recall_cursor
        if cursor != scope.state.recall_cursor:
            # Read out in another conversation: a new one's "forget it" is
            # never mind (CI: "Vergiss es" asked which of another's three).
            read_out = 0
        _cancel_waiting_forget(scope)
        query = slots["query"]["value"]
        if not has_words(query):
            raise RefusedError(words.say("nothing_to_look_up"))
        that = words.without_forget_fillers(spoken(query).casefold())
        if that in words.that_words:
            try:
                resolved = await async_resolve(scope, that=True)
            except NotFoundError as err:
                if err.translation_key != "nothing_recent":
                    raise
                # Several just read out: "it" is one of them (review s31 L2:
                # the answer was silence).
                if read_out > 1 and cursor is not None:
                    return await _async_which_listed(scope, cursor, read_out, words)
                # "vergiss es" is Home Assistant's German "never mind": with
                # nothing talked about, it asks nothing and says nothing
                # (review s30 L1: "Ich bin nicht sicher, welche Erinnerung").
                if that in words.never_mind_words:
                    return None
                raise
        else:
            resolved = await async_resolve(scope, query=query)
        if resolved.memory is None:
            candidates = resolved.candidates
            describe = when.describer(scope.hass, words.language)
            listed = " ".join(
                words.say(
                    "listing_item",
                    number=number,
                    memory=_choice(memory, apart, words, describe),
                )
                for number, (memory, apart) in enumerate(
                    zip(candidates, choosing.told_apart(candidates), strict=True), 1
                )
            )
            _voice_state(scope).voice_choices = tuple(
                memory.id for memory in resolved.candidates
            )
            return words.say("several_match", listing=listed)
        return _ask_to_forget(scope, resolved.memory, words)


async def _async_which_listed(
    scope: CallScope, cursor: str, listed: int, words: Wording
) -> str:
    """ "Forget it" right after a recall read several memories out: the ones
    it read become the choices ("number two" then asks to forget that one).
    Ids only; each is re-read when picked."""
    choices: list[str] = []
    for number in range(1, listed + 1):
        try:
            item = await recall.async_recall_pick(scope.ops, cursor, number)
        except SearchExpiredError:
            break
        if item is not None:
            choices.append(item.memory.id)
    if not choices:
        raise RefusedError(words.say("nothing_to_pick"))
    _voice_state(scope).voice_choices = tuple(choices)
    return words.say("which_listed", count=len(choices))


def _choice(
    memory: Memory,
    apart: choosing.Apart,
    words: Wording,
    describe: Callable[[Memory], str],
) -> str:
    """A candidate as a listing says it: its words, and what tells it from
    another with the same words ("(just for you)", when it happened)."""
    text = spoken(memory.summary)
    if apart.visibility is not None:
        text = words.say(f"choice_{apart.visibility}", memory=text)
    text = text if text.endswith("\u2026") else f"{text}."
    if not apart.when or not (said := describe(memory)):
        return text
    return words.say("dated_memory", when=f"{said[:1].upper()}{said[1:]}", memory=text)


def _ask_to_forget(scope: CallScope, memory: Memory, words: Wording) -> str:
    voice = _voice_state(scope)
    token = choosing.async_request_forget(scope.ops, scope.state, memory, voice)
    voice.voice_token = scope.state.voice_token = token
    return words.say("ask_forget", memory=spoken(memory.summary))


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
    async def _async_speech(
        self, scope: CallScope, slots: dict[str, Any], words: Wording, said: str
    ) -> str:
        voice = _voice_state(scope)
        choices = voice.voice_choices
        number: int = slots["number"]["value"]
        if not choices and voice.recall_listed and voice.recall_cursor is not None:
            return await _async_listed_again(scope, voice, number, words)
        if not choices:
            raise RefusedError(words.say("nothing_to_pick"))
        if number > len(choices):
            raise RefusedError(
                words.say("no_such_number", number=number, count=len(choices))
            )
        scope.require_write()
        # Re-read: a memory forgotten or made private since is not offered,
        # and says so; the others stay to choose from (review s32 L2: "I
        # don't remember anything like that", and the choices were gone).
        try:
            resolved = await async_resolve(scope, memory_id=choices[number - 1])
        except NotFoundError:
            raise RefusedError(words.say("listed_gone", number=number), _GONE) from None
        _cancel_waiting_forget(scope)
        assert resolved.memory is not None
        return _ask_to_forget(scope, resolved.memory, words)


async def _async_listed_again(
    scope: CallScope, voice: ConversationState, number: int, words: Wording
) -> str:
    """ "Number two" after a recall's listing: that memory, dated as the
    listing dated it (review s25: it was "There is nothing to choose
    from"). Re-read now: one forgotten or made private since is not said."""
    assert voice.recall_cursor is not None
    if number > voice.recall_listed:
        raise RefusedError(
            words.say("no_such_number", number=number, count=voice.recall_listed)
        )
    try:
        item = await recall.async_recall_pick(scope.ops, voice.recall_cursor, number)
    except SearchExpiredError:
        # The listing lapsed, not the memory (review s26 L2).
        raise RefusedError(words.say("nothing_to_pick")) from None
    if item is None:
        raise RefusedError(words.say("listed_gone", number=number), _GONE)
    if kept_back([item], voice.recall_roundup):
        # The roundup held it back: no number reads it to the room (live
        # review s43 #4); asked for in words, its owner hears it.
        raise RefusedError(words.say("private_kept_number", number=number))
    scope.state.last_memory_id = item.memory.id
    dated = await async_dated_ids(
        scope,
        [item],
        words,
        always_when=voice.recall_dated,
        telling=voice.recall_telling,
        never_when=voice.recall_undated,
    )
    dated = await _async_listening(scope, replace(dated, language=words.language))
    describe = when.describer(scope.hass, words.language)
    return _dated(describe, item.memory, words, dating=dated)


class ConfirmIntentHandler(_MemoryIntentHandler):
    """ "Yes" after "Do you want me to forget ...?"."""

    intent_type = INTENT_CONFIRM
    description = "Confirms forgetting a memory"

    @override
    async def _async_speech(
        self, scope: CallScope, slots: dict[str, Any], words: Wording, said: str
    ) -> str:
        voice, token = _take_voice_token(scope)
        if token is None:
            raise RefusedError(words.say("nothing_pending"))
        scope.require_write()
        try:
            forgotten = await choosing.async_confirm_forget(
                scope.ops, scope.state, token, voice
            )
        except ForgetChangedError as err:
            # Corrected since the question: ask again about what it says now.
            voice.voice_token = scope.state.voice_token = err.token
            return words.say("changed_since", memory=spoken(err.memory.summary))
        voice.last_forgotten = tuple(memory.id for memory in forgotten)
        return words.say("forgotten")


class UndoForgetIntentHandler(_MemoryIntentHandler):
    """ "Undo that" after "Okay, I've forgotten that." (review s21: a
    non-admin could not bring back what he forgot by mistake)."""

    intent_type = INTENT_UNDO
    description = "Brings back the memory just forgotten"

    @override
    async def _async_speech(
        self, scope: CallScope, slots: dict[str, Any], words: Wording, said: str
    ) -> str:
        voice = _voice_state(scope)
        ids, voice.last_forgotten = voice.last_forgotten, ()
        if not ids:
            raise RefusedError(words.say("nothing_to_undo"))
        scope.require_write()
        restored = await memories.async_restore(scope.ops, ids)
        if not restored:
            raise RefusedError(words.say("nothing_to_undo"))
        return words.say("restored", memory=spoken(restored[0].summary))


class DenyIntentHandler(_MemoryIntentHandler):
    """ "No" after "Do you want me to forget ...?", or after a forget's
    "A few memories match. 1: …": that choice is declined too, so a number
    after it picks from a recall's listing, if one is still there, or has
    nothing to choose from (review s27: "number three" still asked "Do you
    want me to forget …?")."""

    intent_type = INTENT_DENY
    description = "Keeps a memory the user was asked to forget"

    @override
    async def _async_speech(
        self, scope: CallScope, slots: dict[str, Any], words: Wording, said: str
    ) -> str:
        voice, token = _take_voice_token(scope)
        voice.voice_choices = ()
        if token is None:
            return words.say("kept_nothing_pending")
        scope.data.conversations.take_pending(voice, token)
        return words.say("kept")


HANDLERS: Final = (
    RememberIntentHandler,
    RememberPrivateIntentHandler,
    RememberLaterIntentHandler,
    CorrectIntentHandler,
    RecallIntentHandler,
    QuestionIntentHandler,
    MoreIntentHandler,
    ForgetIntentHandler,
    PickIntentHandler,
    ConfirmIntentHandler,
    DenyIntentHandler,
    UndoForgetIntentHandler,
)


def _trigger_callback(
    hass: HomeAssistant, files: SentenceFiles, trigger: Trigger
) -> Callable[[ConversationInput, RecognizeResult], Any]:
    async def _on_sentence(
        user_input: ConversationInput, result: RecognizeResult
    ) -> str | None:
        slots = {
            name: {"value": entity.value, "text": entity.text}
            for name, entity in result.entities.items()
        }
        slots.update({name: {"value": value} for name, value in trigger.slots.items()})
        if trigger.intent_type == INTENT_REMEMBER_LATER and files.opens_remembering(
            user_input.text
        ):
            return None  # "remember that …. Remember privately …": theirs
        if trigger.intent_type == INTENT_QUESTION:
            # A question's whole text is what is looked up.
            slots[QUESTION] = {"value": user_input.text, "text": user_input.text}
        try:
            response = await intent.async_handle(
                hass,
                DOMAIN,
                trigger.intent_type,
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
            language = user_input.language or hass.config.language
            return files.wording(language).say("not_handled")
        # Its kind (an error, an answer) is the turn's, not Home Assistant's
        # "action done" for any trigger (review s40 D5).
        trigger_answered(response)
        # No speech ("never mind"): said as nothing, not Home Assistant's "Done".
        plain: dict[str, Any] = response.speech.get("plain", {})
        speech: str = plain.get("speech", "")
        return speech

    return _on_sentence


async def async_setup_intents(
    hass: HomeAssistant, entry: HomeMemoryConfigEntry
) -> None:
    """Register the intents, sentences and questions while the entry is loaded."""
    files = await hass.async_add_executor_job(load_sentence_files)
    await reasons.async_load_languages(hass, files.wordings)
    for handler in HANDLERS:
        intent.async_register(hass, handler(files))
        entry.async_on_unload(partial(intent.async_remove, hass, handler.intent_type))
    if "conversation" not in hass.config.components:
        LOGGER.debug("Conversation is not loaded: no memory sentences")
        return
    from homeassistant.components.conversation.agent_manager import (
        get_agent_manager,
    )

    manager = get_agent_manager(hass)
    for trigger in files.triggers:
        entry.async_on_unload(
            manager.register_trigger(
                sentences=list(trigger.sentences),
                trigger_callback=_trigger_callback(hass, files, trigger),
            )
        )
    # Home Assistant's own words for its intents, to tell its gazetteer's
    # guesses (runtime/ha_internals.py), read in the executor.
    own = IntentWords()
    for language in {hass.config.language, *files.wordings}:
        await hass.async_add_executor_job(own.load, language)
    unwrap = answer_where_unmatched(
        hass,
        question_recognizer(hass, files),
        own.used_in,
        asks_only(hass, files),
        told_of(hass),
    )
    if unwrap is not None:
        entry.async_on_unload(unwrap)
    if (unwrap_kinds := answer_triggers_as_handled(hass)) is not None:
        entry.async_on_unload(unwrap_kinds)
