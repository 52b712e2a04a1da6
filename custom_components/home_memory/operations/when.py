"""Time in the household's words: its clock, time zone and language.

The engine's time module (memory/time/) is pure; this is the one place that
gives it Home Assistant's "now" (the injected clock, runtime/clock.py), the
configured time zone and language. Every surface reads a question's time
words, a remembered statement's time and a memory's time in words here.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import UTC, datetime, time, timedelta
import functools
from functools import partial
from typing import TYPE_CHECKING, Final, overload

from homeassistant.util import dt as dt_util

from ..memory.common.values import (
    TOLD_AT_ITS_TIME_SECONDS,
    MemoryFilter,
    MemoryKind,
)
from ..memory.text.fts_query import (
    asked_language,
    plainly_english,
    search_stopwords,
    search_terms,
)
from ..memory.text.moments import asked_elsewhere
from ..memory.text.validation import has_words
from ..memory.time.asked_clock import at_the_asked_clock
from ..memory.time.elapsed import said_elapsed
from ..memory.time.expressions import (
    looks_ahead,
    read_question,
    read_when,
    speaks_of_past,
)
from ..memory.time.phrases import languages_to_try, phrases, table_language
from ..memory.time.readings import TimeReading, Window
from ..memory.time.restating import Restated, restate
from ..memory.time.since import since_then
from ..memory.time.spoken import say_day, say_when
from ..memory.time.tense import asks_about_telling
from ..runtime.clock import ha_now
from .errors import InvalidRequestError

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping, Sequence

    from homeassistant.core import HomeAssistant

    from ..memory.common.values import Memory

# Kinds whose "on Monday" is a habit, not a day: their time is when told.
_HABITS = (MemoryKind.ROUTINE, MemoryKind.PREFERENCE)
# The longest window a question of time alone is read out in the order
# things happened: a week and its edges; a month reads its likeliest.
TIME_ORDER_LONGEST = timedelta(days=8)
# The longest a memory lasts that "how long ago" counts from its start.
_ONE_DAY: Final = timedelta(days=1)


def household_now(hass: HomeAssistant) -> datetime:
    """Now, on Home Assistant's clock, in the household's time zone."""
    zone = dt_util.get_time_zone(hass.config.time_zone) or dt_util.UTC
    return datetime.fromtimestamp(ha_now(), zone)


def language(hass: HomeAssistant) -> str:
    """The household's language (Home Assistant's configured one)."""
    return hass.config.language or "en"


def said_by_date(hass: HomeAssistant, window: Window, language: str | None) -> str:
    """`window` said by date ("on Friday 27 November, around half past
    eight"), as a text tells it, in `language` (None: the household's)."""
    end = None if window.end == window.start else window.end
    return say_when(
        window.start,
        end,
        now=household_now(hass),
        language=statement_language(hass, language),
        relative=False,
    )


def statement_language(hass: HomeAssistant, spoken: str | None) -> str:
    """The language a statement is read in: the conversation's, where the
    surface knows it (a sentence, an LLM tool), else the household's. A
    German "korrigiere: …" in an English home is German."""
    return spoken or language(hass)


def text_language(content: str, language: str) -> str:
    """The language `content` is written in: the one whose function words
    it says (a German text in an English conversation), else the first in
    which it tells a deed or a plan, else `language` (the conversation's or
    the household's). Its time words are read and said in it (review s37
    #19: "Anna hat gestern die Küche geputzt" told in an English
    conversation was stored undated; #20, #25: English words were written
    into German texts)."""
    asked = asked_language(content)
    if asked is not None:
        return table_language(asked)
    # The languages' own deeds and plans before the plain-English guess,
    # which takes any text of plain letters ("Peter kommt am Samstag" was
    # read as English and stored undated in a German home).
    for words in languages_to_try(language):
        if speaks_of_past(content, words) or looks_ahead(content, words):
            return words
    if plainly_english(content):
        return table_language("en")
    return table_language(language)


@dataclass(frozen=True, slots=True)
class Question:
    """A question as search takes it: its window, order and what to look for."""

    query: str
    filter: MemoryFilter
    newest_first: bool = False
    # The window came from the question's words (not from a field).
    window_from_words: bool = False
    # Beside its time words the question names what it is about ("the
    # interview on Tuesday", "was hat Anna gekauft"), not only "what
    # happened".
    topic: bool = False
    # Beside its time words it asks nothing at all ("what did we do last
    # week"), in any language the model reads or not.
    time_only: bool = False

    @overload
    def floor(self, usual: float) -> float: ...
    @overload
    def floor(self, usual: float | None) -> float | None: ...
    def floor(self, usual: float | None) -> float | None:
        """The relevance floor: a question that is only time ("what
        happened on Tuesday") takes everything in its window (0); any other
        keeps `usual` (None: the retriever's), under which a topic in the
        window may still match (`topic_in_window`)."""
        return 0.0 if self.window_from_words and not self.topic else usual

    @property
    def in_time_order(self) -> bool:
        """Whether its answers are read out in the order they happened: a
        question of a few days alone ("what did we do the week of November
        16" began with Tuesday, Thursday, Sunday, then Monday; review s24
        L4). Its ranking stays the likeliest first; each page is in time."""
        after, before = self.filter.happened_after, self.filter.happened_before
        return (
            self.window_from_words
            and self.time_only
            # Asked at a clock time: nearest it first (`nearest_to`).
            and not self.filter.nearest_to
            and after is not None
            and before is not None
            and before - after <= TIME_ORDER_LONGEST
        )

    @property
    def topic_in_window(self) -> bool:
        """Inside its window a question's topic is matched by a word the
        memory shares ("the interview on Tuesday" / "Anna's interview went
        well ...") or a similarity of a paraphrase ("did we do the laundry"
        / "the washing machine ran"), not only by the usual floor."""
        return self.window_from_words and self.topic


@functools.lru_cache(maxsize=8)
def _not_topic(words: str) -> frozenset[str]:
    """Words that name no topic beside a question's time: function words
    (the search's stop words) and the time tables' `only_time` ("happened",
    "gemacht", "talk"), in every language a question may be read in."""
    found: set[str] = set()
    for language in languages_to_try(words):
        found |= search_stopwords(language)
        found.update(word.casefold() for word in phrases(language)["only_time"])
    return frozenset(found)


def _has_topic(rest: str, words: str) -> bool:
    return bool(search_terms(rest, _not_topic(words)))


async def async_question(
    hass: HomeAssistant,
    text: str,
    flt: MemoryFilter,
    model_reads: frozenset[str] | None = None,
) -> Question:
    """`question_at` in the executor, with Home Assistant's now and language
    (reading a 1,000-character question takes milliseconds: never on the
    event loop)."""
    return await hass.async_add_executor_job(
        partial(
            question_at,
            text,
            flt,
            household_now(hass),
            language(hass),
            model_reads=model_reads,
        )
    )


def question_at(
    text: str,
    flt: MemoryFilter,
    now: datetime,
    words: str,
    *,
    model_reads: frozenset[str] | None = None,
) -> Question:
    """The question's time words as a window on event time, taken out of it.

    A window given as a field wins over the words; a question that is only
    time words ("what happened yesterday evening") keeps its words for
    relevance and matches everything in the window, and so does one whose
    language the embedding model does not read (`model_reads`, None: any):
    its topic cannot be told from a similarity, unless it asks a moment the
    household's tables name (text/moments.py `asked_elsewhere`), which
    its words find. Blocking (regular
    expressions over the text): call it off the event loop.
    """
    reading: TimeReading = read_question(text, now=now, language=words)
    read_in = words
    for other in languages_to_try(words)[1:]:
        if reading.window is not None or reading.newest_first or reading.impossible:
            break
        reading, read_in = read_question(text, now=now, language=other), other
    # "What happened yesterday at 7 pm?": the hours around it, not the day.
    reading = at_the_asked_clock(
        text,
        reading,
        now=now,
        languages=[read_in, *languages_to_try(words)],
        past=speaks_of_past,
    )
    # "What happened since Monday?": from Monday up to now.
    reading = since_then(
        text, reading, now=now, languages=[read_in, *languages_to_try(words)]
    )
    query = reading.rest if has_words(reading.rest) else text
    given = flt.happened_after is not None or flt.happened_before is not None
    if reading.impossible and not given:
        # "What happened on 31 February?": nothing did. An empty window, not
        # the question without its date, which would find anything at all.
        return Question(
            query,
            replace(flt, happened_after=now, happened_before=now),
            window_from_words=True,
        )
    if reading.window is None or given:
        # "When did Uncle Tom come": a plan told is no answer where a deed is.
        deed = any(
            speaks_of_past(text, other) and not asks_about_telling(text, other)
            for other in languages_to_try(words)
        )
        return Question(
            query,
            replace(flt, deed_asked=deed and not given),
            newest_first=reading.newest_first,
            # "What did I tell you last?": the last of everything, no topic.
            time_only=reading.newest_first and not _has_topic(reading.rest, words),
        )
    after, before = reading.window.start, reading.window.end
    if reading.past and after < now < before:
        # "What did we do at the weekend?" on Saturday evening: what has
        # happened so far, not tomorrow's plan.
        before = now
    if reading.ahead and after < now < before:
        # "What are we doing this weekend?" on Saturday evening: what is
        # still to come, not the facts told this afternoon.
        after = now
    return Question(
        query,
        replace(
            flt,
            happened_after=after,
            happened_before=before,
            # "Does the plumber come on Tuesday?": "The plumber comes on
            # Tuesday" names the day, whatever its own time.
            window_or_naming=reading.named,
            # "What did we do last weekend?": a habit told then is no deed;
            # "what did we talk about" asks for what was told.
            window_done=reading.past and not asks_about_telling(text, read_in),
            # "What happened yesterday at 7 pm?", nothing asked but the
            # time: what happened nearest it first (live review s42 LOW-8).
            nearest_to=() if _has_topic(reading.rest, words) else reading.asked_at,
        ),
        newest_first=reading.newest_first,
        window_from_words=True,
        topic=_has_topic(reading.rest, words)
        and (
            model_reads is None
            or table_language(read_in) in model_reads
            # A moment the household's tables name ("Hatten wir heute
            # Besuch?" in an English home: "visitor"), found by its words.
            or bool(asked_elsewhere(text, words))
        ),
        time_only=not _has_topic(reading.rest, words),
    )


def is_time(hass: HomeAssistant, words: str, spoken: str | None = None) -> bool:
    """Whether `words` are time words alone ("the 21st", "letztes
    Wochenende"), read in the language they were said in (None: the
    household's), then the others. For a sentence's slot, which is short:
    a few regular expressions over it."""
    now = household_now(hass)
    for other in languages_to_try(statement_language(hass, spoken)):
        try:
            if read_when(words, now=now, language=other) is not None:
                return True
        except OverflowError, ValueError:  # a year 1 across time zones
            return False
    return False


def happened(
    hass: HomeAssistant,
    given: datetime | str | None,
    content: str,
    kind: MemoryKind,
    *,
    ahead: bool = False,
    said_in: str | None = None,
) -> Restated:
    """When a remembered statement happened: the time given (a moment or
    time words), else a time its text names ("on Monday"), else None (now);
    and the text to store, its relative time words said as dates ("next
    Tuesday" -> "on Tuesday 1 December", restating.py).

    Time words that are no time are a translated not_a_time; given for a
    plan ("We will visit Grandma", "from 3 to 5 December") they look ahead,
    as the text's own do with `ahead` ("moved to Friday"). `said_in`: the
    language it was said in (None: the household's).
    """
    now = household_now(hass)
    words_of = statement_language(hass, said_in)
    if isinstance(given, datetime):
        window = Window(given, given)
    elif isinstance(given, str):
        read = None
        plan = ahead or any(
            looks_ahead(content, words) for words in languages_to_try(words_of)
        )
        # Given for something done ("The roofer repaired the gutter", "late
        # February"), a date without a year is the last one.
        done = not plan and any(
            speaks_of_past(content, words) for words in languages_to_try(words_of)
        )
        for words in languages_to_try(words_of):
            try:
                read = read_when(
                    given, now=now, language=words, ahead=plan, behind=done
                )
            except OverflowError, ValueError:  # a year 1 across time zones
                read = Window(datetime.min.replace(tzinfo=UTC), now)
            if read is not None:
                break
        if read is None:
            # A calendar date no reader can place is one out of range
            # ("9999-12-31": its day would end in the year 10000).
            raise InvalidRequestError(
                "time_out_of_range" if _is_iso_moment(given) else "not_a_time"
            )
        window = read
    else:
        if kind in _HABITS:
            return Restated(content, None)
        try:
            named = restate(content, now=now, language=words_of, ahead=ahead)
        except OverflowError, ValueError:
            return Restated(content, None)
        # A year the text names that no household lives in is no time.
        if named.window is not None and not named.window.is_plausible():
            return Restated(content, None)
        return named
    if not window.is_plausible():
        raise InvalidRequestError("time_out_of_range")
    return Restated(content, window)


def _is_iso_moment(text: str) -> bool:
    """Whether `text` is an ISO date or date and time of the calendar."""
    try:
        datetime.fromisoformat(text.strip())
    except ValueError:
        return False
    return True


def as_plan(
    hass: HomeAssistant,
    told: Restated,
    kind: MemoryKind,
    said_in: str | None = None,
) -> Restated | None:
    """The statement read as a plan, where that names a day its own reading
    (`told`, a habit) does not: "the piano tuner comes on Wednesday at 5 pm"
    corrects "… on Monday 30 November at 5 pm" as the coming Wednesday
    (the engine uses it only for a correction of a memory still to come)."""
    if told.window is not None or kind in _HABITS:
        return None
    plan = happened(hass, None, told.text, kind, ahead=True, said_in=said_in)
    return plan if plan.window is not None else None


_EVENTS = (
    MemoryKind.EVENT,
    MemoryKind.OBSERVATION,
    MemoryKind.MEETING,
    MemoryKind.JOURNAL,
)


def worth_saying(memory: Memory) -> bool:
    """Whether a spoken answer says when the memory happened: for what the
    home observed, events, and statements about another time; not for a
    fact ("the bins go out on Tuesday"), whose time is only its telling."""
    return (
        str(memory.source) == "observed"
        or memory.kind in _EVENTS
        or abs(memory.happened_at.timestamp() - memory.created_at.timestamp())
        > TOLD_AT_ITS_TIME_SECONDS
    )


def plan_over(memory: Memory, now: datetime, language: str) -> bool:
    """Whether `memory` was told as a plan, its time after its telling, and
    that time is over (review s40 #3: "Peter kommt am Samstag" asked about
    on the Monday after was said as still coming). Not what the home
    observed, nor a text told again in the past ("Peter ist am Samstag
    gekommen"), read in its own language."""
    return (
        str(memory.source) != "observed"
        and memory.happened_at.timestamp() - memory.created_at.timestamp()
        > TOLD_AT_ITS_TIME_SECONDS
        and max(memory.happened_until, memory.happened_at) <= now
        and not speaks_of_past(memory.content, text_language(memory.content, language))
    )


@dataclass(frozen=True, slots=True)
class OwnTimes:
    """What memories' texts say of their own time (keys of the texts):
    `said`, they say when ("The bins go out on Tuesday", "Anna hat am 5.
    Mai Geburtstag"), so a "when" question is answered by their words, not
    by when they were told; for a memory with a time of its own, only while
    its words still point at that day ("The babysitter looked after the kids
    on Saturday evening", asked two weeks later, needs its date, review
    s23 V1); `done`, they tell of something done ("I
    watered the plants", "ich habe den Rasen gemäht"), so told without a
    time their telling is about when. A fact or a habit ("Mia is allergic
    to cats", "the bins go out every Thursday") is neither."""

    said: frozenset[str]
    done: frozenset[str]


def own_times(
    texts: dict[str, str],
    now: datetime,
    words: str,
    happened: Mapping[str, datetime] | None = None,
    spoken: Mapping[str, str] | None = None,
) -> OwnTimes:
    """`OwnTimes` of the texts, read as a question is (any time words, a
    habit's too), in any language a question may be read in. `happened`:
    when the memories of those keys with a time of their own happened; their
    words say it only where, read today, they name that day. `spoken`: the
    part of a long text said aloud (its summary), which must hold the time
    words: "… at the Italian restaurant on the evening of…" says no day
    (review s24 H4). Blocking (regular expressions): off the event loop."""
    languages = languages_to_try(words)
    happened = happened or {}

    def says_when(key: str, text: str) -> bool:
        # In the first language that reads a time in it: a German memory in
        # an English answer says its day too ("Wir waren am Sonntag, 29.
        # November auf dem Weihnachtsmarkt", review s23 L4).
        window = next(
            (
                found
                for other in languages
                if (found := read_question(text, now=now, language=other).window)
            ),
            None,
        )
        if window is None or key not in happened:
            return window is not None
        day = happened[key].astimezone(now.tzinfo).date()
        first = window.start.astimezone(now.tzinfo).date()
        last = (window.end - timedelta(microseconds=1)).astimezone(now.tzinfo).date()
        return first <= day <= last

    return OwnTimes(
        said=frozenset(
            key
            for key, text in texts.items()
            if says_when(key, (spoken or {}).get(key, text))
        ),
        done=frozenset(
            key
            for key, text in texts.items()
            if any(speaks_of_past(text, other) for other in languages)
        ),
    )


async def async_own_times(
    hass: HomeAssistant, memories: Sequence[Memory], spoken_language: str | None
) -> OwnTimes:
    """`own_times` for these memories' ids, in the executor."""
    return await hass.async_add_executor_job(
        own_times,
        {memory.id: memory.content for memory in memories},
        household_now(hass),
        spoken_language or language(hass),
        {
            memory.id: memory.happened_at
            for memory in memories
            if abs(memory.happened_at.timestamp() - memory.created_at.timestamp())
            > TOLD_AT_ITS_TIME_SECONDS
        },
        {memory.id: memory.summary for memory in memories if memory.summary},
    )


def spoken(hass: HomeAssistant, memory: Memory) -> str:
    """When the memory's event happened, in the household's words."""
    return describer(hass)(memory)


def _said_span(memory: Memory, now: datetime) -> tuple[datetime, datetime | None]:
    """The span to say of `memory`: its event's; for one told with no time
    of its own, the day it was told, not the hour: "We had lunch at Oma
    Hilde's", told at seven in the evening, was said "On Sunday 8 November,
    around seven" (review s24 M3)."""
    told = (
        str(memory.source) != "observed"
        and (memory.happened_until or memory.happened_at) <= memory.happened_at
        and abs(memory.happened_at.timestamp() - memory.created_at.timestamp())
        < TOLD_AT_ITS_TIME_SECONDS
    )
    if not told:
        return memory.happened_at, memory.happened_until
    day = datetime.combine(
        memory.happened_at.astimezone(now.tzinfo).date(), time(), now.tzinfo
    )
    return day, datetime.combine(day.date() + timedelta(days=1), time(), now.tzinfo)


def describer(
    hass: HomeAssistant, spoken_language: str | None = None
) -> Callable[[Memory], str]:
    """`spoken` for many memories, off the event loop (now read once), in
    `spoken_language` (a conversation's) or else the household's."""
    now, words = household_now(hass), spoken_language or language(hass)

    def describe(memory: Memory) -> str:
        start, end = _said_span(memory, now)
        if str(memory.source) == "observed":
            # Its narration tells each moment ("got up around twenty past
            # eight"): the day and its part alone, no second clock that
            # rounds its start otherwise ("around a quarter past eight";
            # review s29 L1).
            return say_day(start, now=now, language=words)
        return say_when(start, end, now=now, language=words)

    return describe


def ago_describer(
    hass: HomeAssistant, spoken_language: str | None = None
) -> Callable[[Memory], tuple[str, str] | None]:
    """For a "how long ago" answer: how long ago each memory happened
    ("3 weeks", "3 Wochen"; from its end, where it lasted) and its time by
    date ("on Thursday 12 November"), in `spoken_language` (a
    conversation's) or else the household's; None for one still to come
    (its time said as usual). Now read once."""
    now, words = household_now(hass), spoken_language or language(hass)

    def describe(memory: Memory) -> tuple[str, str] | None:
        start, end = _said_span(memory, now)
        began = memory.happened_at
        until = max(began, memory.happened_until or began)
        # A day told by its date (until its next midnight) is as long ago as
        # that day, not its end: 12 November is 3 weeks before 3 December,
        # yesterday a day, not 18 hours (live review s42 M1).
        ago = said_elapsed(until if until - began > _ONE_DAY else began, now, words)
        if ago is None:
            return None
        return ago, say_when(start, end, now=now, language=words, relative=False)

    return describe
