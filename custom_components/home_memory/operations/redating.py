"""A memory moved to another time: its text's own time words follow, and a
deed done is not moved ahead of now nor a plan behind it.

One operation for every surface: the voice's "no wait, it was yesterday",
the `update` action's, the LLM tool's and the panel's `happened_at` (review
s36 #16: those kept the old date in the text, "On Friday 27 November: The
gardener came on Monday 30 November.", and let a done deed move into the
future; #13: "no wait, it was yesterday" made a plan a past plan).
`async_update` (operations/memories.py) calls `moved` for a new time with
no new text; the voice says time words, read in the memory's text as a
statement's are (memory/text/redating.py).
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, time
import re
from typing import TYPE_CHECKING, Final

from ..memory.text.corrections import tells_moved
from ..memory.text.redating import narrows, redated
from ..memory.time.clock import Clock, clock_at, clock_of, on_the_day
from ..memory.time.expressions import (
    day_parts,
    looks_ahead,
    not_yet_begun,
    speaks_of_past,
    time_spans,
)
from ..memory.time.phrases import languages_to_try
from ..memory.time.readings import Window
from ..memory.time.restating import Restated, after_date_word, fitted
from ..memory.time.spoken import day_words
from ..memory.time.tables import counts_on_from_now
from . import when
from .errors import InvalidRequestError

if TYPE_CHECKING:
    from homeassistant.core import HomeAssistant

    from ..memory.common.values import Memory, MemoryKind, MemoryPatch

# What parts a statement's clauses ("I ordered the sofa, it arrives …").
_CLAUSE: Final = re.compile(r"[,;:]")
# A date after "for" and up to two words of its noun ("for the concert next
# Friday") is the object's time, not the deed's.
_OBJECT_WORDS: Final = 3


def moved(
    hass: HomeAssistant,
    current: Memory,
    patch: MemoryPatch,
    given: datetime | str,
    language: str | None,
    *,
    spoken: bool = False,
    ahead: bool = False,
) -> MemoryPatch:
    """`patch` with `current` moved to `given` (a moment or time words): the
    text's time words said as the new time ("The gardener came on Monday 30
    November." and "last Friday": "… on Friday 27 November."; "at 5", "in
    the afternoon": its day narrowed), the event time the new one.

    A text that names no time keeps its words (the field holds the time),
    unless the time is `spoken` ("no wait, it was yesterday": told again,
    "We fixed the gutter yesterday.").

    InvalidRequestError `redated_ahead` for a deed told as done moved after
    now, `redated_behind` for a plan moved before today ("time": the words).
    `ahead`: the text tells a plan by its words ("… moved to Friday", a
    correction's `ahead`): its time words look ahead, and it is no deed.
    """
    words_of = when.statement_language(hass, language)
    content = current.content if patch.content is None else patch.content
    # Its own time words are said in the text's language, never in another
    # (review s37 #20, #25: "Ben hat on Thursday 3 December …").
    own = when.text_language(content, words_of)
    # "… moved to Friday 4 December", still ahead, is a plan however often
    # it is moved (review s39 #2: its "moved" read as a deed done); "We
    # moved to Berlin in 2025" is a deed.
    ahead = ahead or (
        tells_moved(content, own) and current.happened_at > when.household_now(hass)
    )
    text, window = _told_at(
        hass,
        current,
        replace(patch, content=content, kind=patch.kind or current.kind),
        given,
        words_of,
        own,
        spoken=spoken,
        ahead=ahead,
    )
    said = (
        given if isinstance(given, str) else when.said_by_date(hass, window, words_of)
    )
    # Its own text, not told as done, and still ahead ("The dentist
    # appointment is on Thursday 3 December"): a plan, as "is coming" is
    # (review s37 #4). A new text is read alone: "Car service." of a memory
    # stored ahead is no plan (review s38 #12).
    planned = content == current.content and current.happened_at > when.household_now(
        hass
    )
    _check_direction(
        hass,
        content,
        window,
        said,
        own,
        given_in=words_of,
        planned=planned,
        ahead=ahead,
        by_date=not isinstance(given, str),
    )
    return replace(patch, content=text, happened=(window.start, window.end))


def told_at(
    hass: HomeAssistant,
    current: Memory,
    patch: MemoryPatch,
    given: datetime | str | None,
    language: str | None,
    *,
    ahead: bool = False,
) -> Restated:
    """`patch`'s new text moved to the time `given` with it (`moved`): its
    time words said as that time, refused as `moved` refuses. `ahead`: the
    text tells a plan by its words ("… moved to Friday": this Friday; review
    s38 #2)."""
    if given is None:  # pragma: no cover - only called with a time given
        raise InvalidRequestError("not_a_time")
    edit = moved(hass, current, patch, given, language, ahead=ahead)
    happened = edit.happened
    window = None if happened is None else Window(happened[0], happened[1])
    return Restated(str(edit.content), window)


def check_not_ahead(
    hass: HomeAssistant,
    content: str,
    window: Window | None,
    language: str | None,
    *,
    ahead: bool = False,
) -> None:
    """A new text telling a deed done after now ("Anna watered the plants
    tomorrow") is refused as that time given alone is (`redated_ahead`).
    `ahead`: its words tell a plan ("… moved to Friday"), never a deed.

    The one check of a statement told with its time, at remember as at
    update (review s39 #3: "We repainted the shed next week" was stored in
    the future). A time its text says is the deed's unless it follows a
    word a date follows bare ("I booked a table for Thursday 3 December":
    the table's) or stands in a clause not told as done ("I ordered the
    sofa, it arrives on Thursday 3 December") or counts on from now ("Anna
    ran the half marathon in 2 hours" says how long it took)."""
    if ahead or window is None or window.start <= when.household_now(hass):
        return
    words_of = when.statement_language(hass, language)
    own = when.text_language(content, words_of)
    if speaks_of_past(content, own) and _deeds_time(content, own):
        # Its time said to the listener, not in the text's language.
        raise _refused("redated_ahead", hass, window, words_of)


def _deeds_time(content: str, language: str) -> bool:
    """Whether the time of `content`, told as done, is its deed's: given
    apart from it (it says none), or said in a clause told as done, not
    after a word a date follows bare nor that word's noun ("for tomorrow",
    "for the concert next Friday", "für morgen"), and not counted on from
    now ("in 2 hours": how long it took)."""
    spans = time_spans(content, language)
    for start, end in spans:
        if after_date_word(
            content[:start], language, within=_OBJECT_WORDS
        ) or counts_on_from_now(content[start:end], language):
            continue
        begins = max(
            (found.end() for found in _CLAUSE.finditer(content, 0, start)), default=0
        )
        ends = next(
            (found.start() for found in _CLAUSE.finditer(content, end)), len(content)
        )
        if speaks_of_past(content[begins:ends], language):
            return True
    return not spans


def _told_at(
    hass: HomeAssistant,
    current: Memory,
    edit: MemoryPatch,
    given: datetime | str,
    language: str,
    own: str,
    *,
    spoken: bool,
    ahead: bool,
) -> tuple[str, Window]:
    """The text and event time of `edit`'s content moved to `given`. Time words the
    text can hold ("yesterday", "at 5") are put in its own time's place and
    read as a statement is; any other time (a moment, "2026-11-27 08:30") is
    read as given and said in the text by date, where it names a time.
    A clock time or part of the day for a text that names no day ("I paid
    the gas bill" and "at 3") is on the day it happened, now said (review
    s36 #6: "I already knew that", and nothing was stored). `language`:
    the words given are said in it (or any other); `own`: the text's, in
    which its time words are read and said; words of another language are
    said by date in the text's (review s37 #18: a German "vorgestern" of
    "… on Wednesday 2 December" left that day in the text). Words the text
    already says ("… moved to Friday" and "Friday") are read in it, as a
    statement's are (review s38 #2: "… moved to on Friday 27 November").
    `ahead`: the text's time words look ahead."""
    content, kind = str(edit.content), edit.kind or current.kind
    now = when.household_now(hass)
    if (
        isinstance(given, str)
        and not _is_moment(given)
        and _words_in(given, own)
        and (time_spans(content, own) or (spoken and _told_in(content, own)))
    ):
        given = given.strip()
        if not narrows(given, own):
            given = _fitted(content, given, own)
        text = redated(content, given, own, time_spans, day_parts)
        if text == content and narrows(given, own):
            local = current.happened_at.astimezone(now.tzinfo)
            day = day_words(local, now, own, part="day", relative=False)
            dated = redated(content, day, own, time_spans)
            text = redated(dated, given, own, time_spans, day_parts)
        if text != content or not narrows(given, own):
            told = when.happened(hass, None, text, kind, ahead=ahead, said_in=own)
            if told.window is not None:
                return told.text, told.window
    clock = None
    try:
        told = when.happened(hass, given, content, kind, ahead=ahead, said_in=language)
    except InvalidRequestError as err:
        # "on Monday at 8 pm" of a text in another language: its day, read
        # as its own language reads a statement (review s37 #18: "That
        # cannot be done as asked"), and its clock time.
        told, clock = _read_elsewhere(hass, given, content, kind, own, err, ahead=ahead)
    window = told.window
    if window is None:  # pragma: no cover - a given time always names one
        raise InvalidRequestError("not_a_time")
    # Stored at its hour (review s38 #7: the whole day, though the hour was
    # said back); the text says its day, its clock words being another
    # language's.
    hour = on_the_day(window, clock)
    if not time_spans(content, own):
        return content, hour
    words = when.said_by_date(hass, window, own)
    if not words:
        return content, hour
    return redated(content, _fitted(content, words, own), own, time_spans), hour


def _fitted(content: str, words: str, language: str) -> str:
    """Date words to put in place of `content`'s own time, fitted to the
    preposition before it ("… auf Freitag verschoben" and "am Freitag, 11.
    Dezember": "auf Freitag, 11. Dezember", review s39 #2)."""
    spans = time_spans(content, language)
    return fitted(words, content[: spans[0][0]], language) if spans else words


def _read_elsewhere(
    hass: HomeAssistant,
    given: datetime | str,
    content: str,
    kind: MemoryKind,
    own: str,
    err: InvalidRequestError,
    *,
    ahead: bool,
) -> tuple[Restated, Clock | None]:
    """Time words no reader takes alone ("on Monday at 8 pm": a clock time
    beside a day), in another language than the text's `own`: their day
    ("on Monday", for `content` as it tells it) and the clock time said
    after it ("at 8 pm"), or `err` raised."""
    if isinstance(given, str) and not _is_moment(given):
        for words in languages_to_try(own):
            spans = time_spans(given, words)
            if words == own or not spans:
                continue
            said = " ".join(given[start:end] for start, end in spans)
            told = when.happened(hass, said, content, kind, ahead=ahead, said_in=words)
            return told, clock_at(given, words, spans[-1][1])
    raise err


def _check_direction(
    hass: HomeAssistant,
    content: str,
    window: Window,
    said: str,
    own: str,
    *,
    given_in: str,
    planned: bool = False,
    ahead: bool = False,
    by_date: bool = False,
) -> None:
    """A deed told as done is not moved after now ("we went to the zoo" and
    "tomorrow"; "in an hour", "this evening" at 14:00: words that count
    from now, whatever the tense, review s37 #15), nor a plan before today
    ("the window cleaner is coming" and "yesterday": told as still to come,
    it did not come yet). Its tense is read in its own language `own`
    (review s37 #25: an English observation went to tomorrow in a German
    home); the words given in `given_in` or any other. `planned`: its time
    lies ahead, so a text told in no tense is a plan too ("the dentist
    appointment is tomorrow", review s37 #4). `ahead`: its words tell a
    plan ("… moved to Friday"), never a deed done. `by_date`: `said` is
    `window` said by date (in `given_in`), not words someone said."""
    now = when.household_now(hass)
    done = not ahead and speaks_of_past(content, own)
    if done and (
        window.start > now
        or any(
            not_yet_begun(said, now=now, language=words)
            or _clock_ahead(said, window, now, words)
            for words in languages_to_try(given_in)
        )
    ):
        raise _refused("redated_ahead", hass, window, given_in, said, by_date=by_date)
    if window.end <= now and (
        ahead or looks_ahead(content, own) or (planned and not done)
    ):
        raise _refused("redated_behind", hass, window, given_in, said, by_date=by_date)


def _refused(
    key: str,
    hass: HomeAssistant,
    window: Window,
    language: str,
    said: str | None = None,
    *,
    by_date: bool = True,
) -> InvalidRequestError:
    """A re-dating refused (`key`), its `time` the words said or `window`
    by date in `language`; by date, each surface says it again in its
    listener's language (OperationError.window)."""
    err = InvalidRequestError(
        key, time=said or when.said_by_date(hass, window, language)
    )
    if by_date:
        err.window = window
    return err


def _words_in(given: str, language: str) -> bool:
    """Whether `given` says its time in `language`'s own table ("yesterday
    at 5"), or a clock time or part of the day in it ("am Nachmittag")."""
    return narrows(given, language) or bool(time_spans(given, language))


def _clock_ahead(said: str, window: Window, now: datetime, language: str) -> bool:
    """Whether a clock time alone ("at 8 pm", "um 20 Uhr") on the day the
    memory is moved to is still ahead of now (review s37 #15)."""
    clock = clock_of(said, language)
    if clock is None:
        return False
    day = window.start.astimezone(now.tzinfo).date()
    return datetime.combine(day, time(*clock), now.tzinfo) > now


def _is_moment(given: str) -> bool:
    """Whether `given` is a calendar date or moment ("2026-11-27 08:30"),
    said in the text by date, not as it is written."""
    try:
        datetime.fromisoformat(given.strip())
    except ValueError:
        return False
    return True


def _told_in(content: str, language: str) -> bool:
    """Whether `content` tells a deed or a plan in `language`: only then are
    time words said in it put into its text ("Nein warte, das war
    vorgestern" of "Ben cleaned the oven." spliced "am Samstag, 28.
    November" into the English text; review s36 #17)."""
    return speaks_of_past(content, language) or looks_ahead(content, language)
