"""Relevant memories for the prompt of an LLM turn ("Relevant background: ...").

Through the Home Memory LLM API (asynchronous, on every turn) or the Assist
API's synchronous `llm.py` platform (found in the background, served on the
next turn), in Home Assistant's language (assist/prompts.py). Whatever
fails, the turn goes on without memories.

In more words: docs/architecture.md, "`assist/context.py`".
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from functools import cache, partial
import re
from typing import TYPE_CHECKING, Final

from ..const import LOGGER
from ..memory.common.values import Caller, MemoryFilter
from ..memory.conversation.sessions import MessageRole
from ..memory.search.needs import never_needs_memory
from ..memory.search.retrieval import ContextResult, context_line, estimate_tokens
from ..memory.text.asking import asking_share
from ..memory.text.quoting import data_block, quote
from ..memory.time.spoken import day_words
from ..operations import when
from ..operations.persons import async_teller_name
from ..operations.proposals import offers_for, session_store
from ..runtime.clock import ha_now
from ..runtime.conversation_state import CachedContext
from .arguments import MAX_QUERY_CHARS
from .chat import async_current_turn
from .prompts import ENGLISH, PromptWords, household_words
from .sentence_files import load_sentence_files

if TYPE_CHECKING:
    from collections.abc import Callable

    from homeassistant.core import HomeAssistant

    from ..memory.common.values import Memory
    from ..memory.conversation.sessions import PastMessage
    from ..runtime.data import HomeMemoryData
    from .sentence_files import SentenceFiles

# A voice turn must not wait longer than this for its background.
CONTEXT_TIMEOUT: Final = 1.5
# When it does (a first search on a busy box), a search by words alone, which
# embeds nothing, gets this much longer; the full one may still win.
KEYWORD_TIMEOUT: Final = 1.0
# The English headers under their names (the words are in prompts.*.json).
CACHED_HEADER: Final = ENGLISH.say("background", "cached_header")
PAST_MESSAGES_HEADER: Final = ENGLISH.say("background", "past_messages_header")
# A past message at least this much question (by characters) asks.
ASKING_SHARE: Final = 0.5
# Past messages are quoted up to this many tokens in all, each shortened.
PAST_MESSAGES_TOKEN_BUDGET: Final = 300
PAST_MESSAGE_MAX_CHARS: Final = 300
# A turn is searched by its end, at most this many characters (as much as a
# question a tool or sentence may ask): a voice utterance is short, and a
# longer turn (text pasted into a chat) asks at its end. No search or time
# reading of ours reads more of a turn, however long (docs/architecture.md).
CONTEXT_QUERY_CHARS: Final = MAX_QUERY_CHARS


@dataclass(frozen=True, slots=True)
class TurnContext(ContextResult):
    """Memories plus relevant messages of the speaker's earlier conversations."""

    past_messages: tuple[PastMessage, ...] = ()


def searched_words(utterance: str) -> str:
    """The end of `utterance` a turn's background is searched for: its last
    CONTEXT_QUERY_CHARS characters, from the first word that starts within
    them (no word read cut); a shorter utterance whole."""
    if len(utterance) <= CONTEXT_QUERY_CHARS:
        return utterance
    tail = utterance[-CONTEXT_QUERY_CHARS:]
    if not utterance[-CONTEXT_QUERY_CHARS - 1].isspace():
        tail = _AFTER_FIRST_SPACE.sub("", tail, count=1)
    return tail.strip()


_AFTER_FIRST_SPACE: Final = re.compile(r"^\S*\s+")


def wants_context(data: HomeMemoryData, utterance: str | None) -> bool:
    """False when context is off, the utterance has no words in its searched
    end (`searched_words`), or it never needs one."""
    if not data.options.context_enabled or not utterance:
        return False
    searched = searched_words(utterance)
    return bool(searched.strip()) and not never_needs_memory(searched)


def _retrieve(
    data: HomeMemoryData,
    utterance: str,
    caller: Caller,
    conversation_id: str | None,
    now: datetime,
    language: str,
    describe: Callable[[Memory], str],
    words: PromptWords,
    asker: str | None = None,
    *,
    keyword_only: bool = False,
) -> TurnContext:
    options = data.options
    with data.latency.measure("context_by_words" if keyword_only else "context"):
        asked = _asked(data, utterance, now, language)
        result = data.retriever.context(
            asked.query,
            caller,
            max_memories=options.context_max_memories,
            token_budget=options.context_token_budget,
            # What happened in the window the utterance names is relevant,
            # unless it has a topic besides its time (`Question.floor`).
            min_relevance=asked.floor(options.context_min_relevance),
            flt=asked.filter,
            newest_first=asked.newest_first,
            topic_in_window=asked.topic_in_window,
            when=describe,
            header=words.say("background", "header"),
            asker=asker,
            keyword_only=keyword_only,
        )
        # The speaker's own earlier messages: a user's, or the household's;
        # only those that tell something (found by meaning only).
        past = (
            []
            if keyword_only
            else session_store(data).relevant_messages(
                utterance,
                caller.user_id,
                exclude_conversation=conversation_id,
                keep=partial(tells_something, sentences=load_sentence_files()),
            )
        )
    lines = _past_lines(past, words, now)
    text = "\n".join(part for part in (result.text, *lines) if part)
    return TurnContext(
        result.memories,
        text,
        result.skipped_reason,
        past_messages=tuple(past[: max(0, len(lines) - 3)]),
    )


def tells_something(message: PastMessage, sentences: SentenceFiles) -> bool:
    """Whether a past message may be told as background.

    The assistant's words may; the user's only when they told something: a
    question they asked ("what did we do last weekend?") carries no fact,
    and neither does one spoken without its "?" ("did we have guests on the
    14th", new-user review s17), nor a request to the memory. Home
    Assistant's own error replies ("Sorry, I am not aware of any area called
    14th") tell nothing either (new-user review s18). What a "remember that …"
    stored is a memory of its own, dated and ranked with the others (its
    raw words would say "today" of another day), and once forgotten or made
    private it must not come back through the words that told it.
    """
    if message.role is not MessageRole.USER:
        return not is_home_assistant_error(message.content)
    text = message.content
    return (
        asking_share(text) < ASKING_SHARE
        and not sentences.opens_question(text)
        and not sentences.is_request(text)
    )


@cache
def _home_assistant_errors() -> re.Pattern[str]:
    """Home Assistant's built-in agent's error replies, in the languages of the
    sentence files, from its own intents package (blocking: executor)."""
    from home_assistant_intents import get_intents

    texts: list[str] = []
    for language in load_sentence_files().wordings:
        intents = get_intents(language) or {}
        texts.extend(intents.get("responses", {}).get("errors", {}).values())
    # A template's {{ slot }} and {% tag %} parts stand for any words.
    parts = [
        ".*?".join(re.escape(part.strip()) for part in _TEMPLATE_PART.split(text))
        for text in texts
        # Words of its own: a template of slots alone would match anything.
        if isinstance(text, str) and len("".join(_TEMPLATE_PART.split(text))) > 9
    ]
    return re.compile(rf"(?:{'|'.join(parts)})[\s.!?]*", re.IGNORECASE | re.DOTALL)


_TEMPLATE_PART: Final = re.compile(r"\{\{.*?\}\}|\{%.*?%\}", re.DOTALL)


def is_home_assistant_error(text: str) -> bool:
    """Whether `text` is one of Home Assistant's error replies."""
    return _home_assistant_errors().fullmatch(" ".join(text.split())) is not None


def _past_lines(
    past: list[PastMessage], words: PromptWords, now: datetime
) -> list[str]:
    """The header and one quoted line per message, within the token budget,
    oldest first.

    Each message is quoted (memory/text/quoting.py) inside the data delimiters:
    what someone once said can never start a line or imitate a header. Its
    day is said in words from `now` (in its zone): "yesterday", "gestern".
    """
    header = words.say("background", "past_messages_header")
    chosen: list[tuple[float, bool, str]] = []
    used = estimate_tokens("\n".join(data_block(header, ["x"])))
    seen: set[tuple[bool, str]] = set()
    for message in past:
        # The same words said again (another agent, another day) are told
        # once: the first time chosen, the closest.
        said = (message.role is MessageRole.USER, " ".join(message.content.split()))
        if said in seen:
            continue
        seen.add(said)
        who = words.say(
            "background", "user" if message.role is MessageRole.USER else "you"
        )
        local = datetime.fromtimestamp(message.at, now.tzinfo)
        line = words.say(
            "background",
            "past_message",
            day=day_words(local, now, words.language, part="day"),
            who=who,
            text=quote(message.content, PAST_MESSAGE_MAX_CHARS),
        )
        if used + estimate_tokens(line) > PAST_MESSAGES_TOKEN_BUDGET:
            break
        chosen.append((message.at, message.role is not MessageRole.USER, line))
        used += estimate_tokens(line)
    # Chosen by relevance, told in the order they were said: an answer stays
    # after its question.
    return data_block(header, [line for *_, line in sorted(chosen)])


def proposal_question(
    data: HomeMemoryData,
    user_id: str | None,
    tool: str = "confirm_proposals",
    words: PromptWords = ENGLISH,
) -> str | None:
    """The instruction to ask the speaker about their pending proposals, if any."""
    offers = offers_for(data, user_id)
    if not offers:
        return None
    # Quoted: a proposal's text was written by a model from what was said.
    listed = " ".join(
        words.say(
            "background",
            "proposal_item",
            number=number,
            text=quote(offer.summary.rstrip(" .")),
        )
        for number, offer in enumerate(offers, 1)
    )
    return words.say(
        "background",
        "proposal_question",
        opening=words.say("background", "proposal_opening"),
        listed=listed,
        tool=tool,
    )


async def async_turn_context(
    hass: HomeAssistant,
    data: HomeMemoryData,
    utterance: str | None,
    caller: Caller,
    *,
    wait: float = CONTEXT_TIMEOUT,
    conversation_id: str | None = None,
    ask_proposals: bool = True,
) -> TurnContext | None:
    """The background for `utterance`, or None (off, skipped, slow or failed).

    `conversation_id` (default: the running turn's) is the conversation whose
    own messages are left out of the past messages. With `ask_proposals` (a
    speaker who may answer), the question about their offered proposals is
    added.
    """
    if not wants_context(data, utterance):
        return None
    assert utterance is not None
    # Everything below reads only the turn's end (CONTEXT_QUERY_CHARS).
    utterance = searched_words(utterance)
    if conversation_id is None and (turn := async_current_turn()) is not None:
        conversation_id = turn.conversation_id
    words = household_words(hass)
    question = (
        proposal_question(data, caller.user_id, words=words) if ask_proposals else None
    )
    try:
        search = partial(
            _retrieve,
            data,
            utterance,
            caller,
            conversation_id,
            when.household_now(hass),
            when.language(hass),
            when.describer(hass),
            words,
            await async_teller_name(hass, caller.user_id),
        )
        result = await _async_within(hass, search, wait)
    except Exception:  # noqa: BLE001 - a turn never breaks because of memory
        LOGGER.warning("Memory context failed; turn goes on without it", exc_info=True)
        result = TurnContext([], "")
    if question is not None:
        result = replace(
            result, text="\n".join(part for part in (result.text, question) if part)
        )
    if result.memories or result.past_messages or question is not None:
        return result
    return None


async def async_warm_up(hass: HomeAssistant, data: HomeMemoryData) -> None:
    """Search once, reading only, so the first turn's search is not the first.

    Loads what a first search loads (sentence files, time-word patterns, the
    model's first run, the database's pages) in the executor, after the model.
    """
    words = household_words(hass)
    with data.latency.measure("context_warm_up"):
        await hass.async_add_executor_job(
            _warm_up,
            data,
            words.say("background", "warm_up_question"),
            when.household_now(hass),
            when.language(hass),
        )


def _asked(
    data: HomeMemoryData, utterance: str, now: datetime, language: str
) -> when.Question:
    """The utterance's time words: a window and an order (docs/time.md)."""
    return when.question_at(
        utterance,
        MemoryFilter(),
        now,
        language,
        model_reads=data.retriever.model_languages,
    )


def _warm_up(data: HomeMemoryData, question: str, now: datetime, language: str) -> None:
    sentences = load_sentence_files()
    asked = _asked(data, question, now, language)
    data.retriever.context(asked.query, Caller(), flt=asked.filter, record_access=False)
    session_store(data).relevant_messages(
        question, None, keep=partial(tells_something, sentences=sentences)
    )


async def _async_within(
    hass: HomeAssistant, search: Callable[..., TurnContext], wait: float
) -> TurnContext:
    """The search's result within `wait`; past it, what words alone find.

    A first search after a start can take longer on a busy box (new-user
    review s18: nothing on turn 1 at a load of 7-9 on 2 cores). It goes on in
    the executor (a thread cannot be stopped), and a search by words alone,
    which embeds nothing, runs beside it: within KEYWORD_TIMEOUT more, the
    full result if it came by then, else the words' one, else nothing.
    """
    full = hass.async_add_executor_job(search)
    done, _ = await asyncio.wait({full}, timeout=wait)
    if full in done:
        return full.result()
    LOGGER.debug("Memory context took longer than %ss; searching by words", wait)
    by_words = hass.async_add_executor_job(partial(search, keyword_only=True))
    for future in (full, by_words):
        # Whatever is not waited for below still has its failure logged.
        future.add_done_callback(_log_failure)
    done, _ = await asyncio.wait({full, by_words}, timeout=KEYWORD_TIMEOUT)
    for future in (full, by_words):
        if future in done and future.exception() is None:
            return future.result()
    LOGGER.debug("Memory context took longer still; the turn goes on without it")
    return TurnContext([], "")


def _log_failure(future: asyncio.Future[TurnContext]) -> None:
    if not future.cancelled() and (error := future.exception()) is not None:
        LOGGER.warning("Memory context failed: %s", error, exc_info=error)


def cached_text(
    result: TurnContext,
    words: PromptWords = ENGLISH,
    now: datetime | None = None,
    describe: Callable[[Memory], str] | None = None,
) -> str:
    """The background of an earlier utterance, labelled as such: each memory
    dated as a turn's own background dates it (`describe`), its past messages'
    days said from `now` (by default the clock's time in UTC)."""
    if now is None:
        now = datetime.fromtimestamp(ha_now(), UTC)
    return "\n".join(
        [
            *data_block(
                words.say("background", "cached_header"),
                [context_line(item.memory, describe) for item in result.memories],
            ),
            *_past_lines(list(result.past_messages), words, now),
        ]
    )


async def async_refresh_cache(
    hass: HomeAssistant,
    data: HomeMemoryData,
    conversation_id: str,
    speaker: str,
    utterance: str,
    caller: Caller,
) -> None:
    """Retrieve for `utterance` and keep the result for the next turn.

    Timed as "context_for_next_turn" (diagnostics): from the start until the
    result is kept, so its count says how many such searches have finished.
    """
    with data.latency.measure("context_for_next_turn"):
        generation = data.conversations.generation
        result = await async_turn_context(
            hass, data, utterance, caller, conversation_id=conversation_id
        )
        if result is None or not (result.memories or result.past_messages):
            text = None
        else:
            # Dated in the executor: time words may load their tables.
            text = await hass.async_add_executor_job(
                cached_text,
                result,
                household_words(hass),
                when.household_now(hass),
                when.describer(hass),
            )
        state = data.conversations.peek(conversation_id, speaker)
        if state is None:
            return
        if data.conversations.generation != generation:
            # Memories changed while this ran: what it found may be stale.
            state.cached_context = None
            return
        state.cached_context = (
            None
            if text is None or result is None
            else CachedContext(
                searched_words(utterance),
                text,
                tuple(item.memory.id for item in result.memories),
            )
        )
