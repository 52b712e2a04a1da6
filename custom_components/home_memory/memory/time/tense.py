"""The tense a statement or question is said in, by a language's table.

Past ("did", "war", the English "-ed", the German perfect told by its
participle's shape), future ("will", "haben … vor"), a present arrangement
("we are visiting") and a day that comes every year ("birthday"): what
decides whether a named day is the last or the coming one. Pure.

In more words: docs/time.md.
"""

from __future__ import annotations

import functools
import re
from typing import TYPE_CHECKING, Any, Final

from .clock import clock_at, on_the_day
from .phrases import phrases

if TYPE_CHECKING:
    from collections.abc import Sequence
    from datetime import datetime

    from .readings import SaidTime, Window


def says_yearly(said: str, language: str) -> bool:
    """Whether a statement speaks of a day that comes every year ("birthday",
    "anniversary", "jedes Jahr"; the table's `yearly_pattern`), read
    without its time words."""
    pattern = phrases(language).get("yearly_pattern")
    return isinstance(pattern, str) and re.search(pattern, said.casefold()) is not None


def own_clause(text: str, spans: Sequence[tuple[int, int, str]]) -> str:
    """`text` with only the clause that holds every span (the time words)
    kept, the rest blanked (positions unchanged), when a colon or semicolon
    parts it and that clause says more than its time: in "I changed the
    shift with Ben: the bins go out on Wednesday" the bins' day is read in
    the present, a habit, not in the past of "changed" (new-user review
    s17). Otherwise `text`."""
    start = max(
        (m.end() for m in _PARTS.finditer(text, 0, min(s[0] for s in spans))), default=0
    )
    end = next(
        (m.start() for m in _PARTS.finditer(text, max(s[1] for s in spans))), len(text)
    )
    words = _WORDS.findall(text[start:end]) if start or end < len(text) else []
    timed = sum(len(_WORDS.findall(text[a:b])) for a, b, _ in spans)
    if len(words) - timed < _LEAST_CLAUSE_WORDS:
        return text
    return " " * start + text[start:end] + " " * (len(text) - end)


_PARTS: Final = re.compile(r";|(?<!\d):|:(?!\d)")
# A clause with fewer words than this besides its time (": on Monday") is
# the statement's, read in the statement's tense.
_LEAST_CLAUSE_WORDS: Final = 3


def says_habit(text: str, language: str, *, present: bool = False) -> bool:
    """Whether a text tells what is done again and again ("we go swimming
    every Saturday", "Noah has piano on Tuesdays", "wir gehen samstags
    schwimmen"; the table's `habit_pattern`): no one day's doing. Told in
    the `present` tense, the table's `present_habit_pattern` too ("die
    Kinder schlafen am Wochenende gerne lange"; "am Samstag sind wir gerne
    ins Kino gegangen" is that Saturday)."""
    table = phrases(language)
    pattern, aside = table.get("habit_pattern"), table.get("habit_aside")
    folded = text.casefold()
    if isinstance(aside, str):
        # "As always we are having the barbecue on Saturday": one day.
        folded = re.sub(aside, " ", folded)
    patterns = [pattern, table.get("present_habit_pattern") if present else None]
    return any(
        isinstance(one, str) and re.search(one, folded) is not None for one in patterns
    )


# What sets a clause apart inside a sentence.
_CLAUSE_BREAK: Final = re.compile(r"[,;:]")
# A clause with fewer words besides its time words ("At the weekend, we
# always sleep in") is read with the one after it.
_SHORT_CLAUSE: Final = 2


def habit_in_clause(
    text: str, start: int, end: int, language: str, *, present: bool = False
) -> bool:
    """Whether the clause the time words `text[start:end]` are said in tells
    a habit (`says_habit`, told in the `present` tense or not): "Grandma is
    coming at the weekend, she always brings cake" does not (review s26
    H2)."""
    breaks = [m.start() for m in _CLAUSE_BREAK.finditer(text)]
    first = max((b + 1 for b in breaks if b < start), default=0)
    after = [b for b in breaks if b >= end]
    last = after[0] if after else len(text)
    if len(re.findall(r"\w+", text[first:start] + text[end:last])) < _SHORT_CLAUSE:
        last = after[1] if len(after) > 1 else len(text)
    return says_habit(text[first:last], language, present=present)


def said_window(text: str, times: Sequence[SaidTime]) -> Window | None:
    """The window of a statement's `times` (each resolved, in `text`),
    without those said not to be its time ("… the day after tomorrow, not
    tomorrow", "… übermorgen, nicht morgen", "… instead of Tuesday", "…
    is not coming tomorrow but on Friday"; `_negated`). None where
    `times` is empty or every one is ruled out: "not tomorrow, not
    Wednesday" names no day of its own (review s27b M4: it was dated to
    the first day it ruled out)."""
    said = [
        time.window
        for time in times
        if not _negated(text[: time.start], text[time.end :], time.language)
    ]
    return functools.reduce(lambda a, b: a.hull(b), said) if said else None


def at_the_clock(
    text: str, said: SaidTime, window: Window, *, now: datetime, past: bool
) -> Window:
    """`window` narrowed to the hour a clock time right after `said` names,
    where `window` is that one day ("tomorrow at 5 pm", "morgen um 17 Uhr":
    17:00 to 18:00, not the whole day); clock.py reads it by the table's
    `clock_time`. Only an unambiguous time: with am/pm, from 13 o'clock, or
    with minutes in German; "at 5" alone stays the day. A deed told as done
    (`past`) is never after `now`: "Ben fixed the gutter today at 8 pm" at
    14:00 keeps the whole day (review s38 #3: it was stored 20:00-21:00)."""
    narrowed = on_the_day(window, clock_at(text, said.language, said.end))
    return window if past and narrowed.start > now else narrowed


def without_negated(
    text: str, spans: Sequence[tuple[int, int, str]], language: str
) -> tuple[str, bool]:
    """`text` with each time (start, end, kind) said not to be its time
    blanked with the words that say so ("… geklingelt und nicht am
    Donnerstag"; positions kept: they tell no tense), and whether one was,
    beside another time, so that the other is one day ahead, not a habit,
    in the present: where it is a day named from today ("the quiz is on
    Thursday, not tomorrow", review s28 H1), or where the language reads
    any day set against another so (the table's `contrast_ahead`: "der
    Postbote klingelt am Freitag und nicht am Donnerstag", review s27b M8;
    English keeps "the bins go out on Wednesday instead of Tuesday" a
    habit)."""
    table = phrases(language)
    pattern = table.get("negated_before")
    contrast = False
    for start, end, kind in (
        spans if len(spans) > 1 and isinstance(pattern, str) else ()
    ):
        if (found := _compiled(pattern).search(text, 0, start)) is not None:
            text = text[: found.start()] + " " * (end - found.start()) + text[end:]
            contrast |= kind == "day" or table.get("contrast_ahead") is True
    return text, contrast


def _negated(before: str, after: str, language: str) -> bool:
    """Whether a time is said not to be the statement's: the table's
    `negated_before` right before it (", not tomorrow"), or its
    `negated_after` right after it ("… tomorrow but on Friday", "… morgen,
    sondern …") with a `negated_after_needs` (a "not") in its clause
    before it, where the table has one."""
    table = phrases(language)
    pattern = table.get("negated_before")
    if isinstance(pattern, str) and _compiled(pattern).search(before):
        return True
    pattern, needs = table.get("negated_after"), table.get("negated_after_needs")
    return (
        isinstance(pattern, str)
        and _compiled(pattern).search(after) is not None
        and (not isinstance(needs, str) or _compiled(needs).search(before) is not None)
    )


@functools.cache
def _compiled(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE)


def names_a_bare_weekday(text: str, language: str) -> bool:
    """Whether a stored text names a weekday with no date ("the bins go out
    on Wednesday", "am Mittwoch"; the table's `bare_weekday_pattern`): a
    weekday told of one day is stored with its date, so in a memory dated
    to its telling this one was a habit (final review s17)."""
    pattern = phrases(language).get("bare_weekday_pattern")
    return isinstance(pattern, str) and re.search(pattern, text.casefold()) is not None


def asks_about_telling(text: str, language: str) -> bool:
    """Whether a question asks what was said ("what did we talk about on
    Saturday", "worüber haben wir gesprochen"; the table's `telling`), so
    what was told then answers it, a habit's telling too."""
    words = phrases(language).get("telling") or ()
    folded = text.casefold()
    return any(re.search(rf"\b{re.escape(word)}\b", folded) for word in words)


@functools.cache
def _lower_case_pasts(language: str) -> re.Pattern[str] | None:
    """The table's simple pasts read only as written in lower case
    (`past_verbs`, and `past_verb_pattern`: "stand … auf"): German writes
    a noun capitalised, so "griff" is a verb where "der Griff" is none."""
    table = phrases(language)
    verbs = table.get("past_verbs")
    if not verbs:
        return None
    alternatives = [rf"\b(?:{'|'.join(re.escape(verb) for verb in verbs)})\b"]
    if pattern := table.get("past_verb_pattern"):
        alternatives.append(pattern)
    return re.compile("|".join(alternatives))


def tells_past(text: str, said: str, language: str) -> bool:
    """A past-tense word of the table ("did", "war"; a German simple past
    such as "wachte", "stand … auf" in lower case, `past_verbs`), the English
    "-ed", or a perfect tense (`said`: the text without its time words).
    An "-ed" after a present "is"/"are" says a state ("the bank is closed
    on Monday": a habit, `present_state_pattern`)."""
    return tells_past_by_words(text, language) or tells_perfect(said, language)


def tells_past_by_words(text: str, language: str) -> bool:
    """`tells_past` but for the perfect: its words alone, read without
    taking the time words out (cheap)."""
    table = phrases(language)
    if (verbs := _lower_case_pasts(language)) and verbs.search(text):
        return True
    folded = text.casefold()
    if state := table.get("present_state_pattern"):
        folded = re.sub(state, " ", folded)
    pattern = table.get("past_pattern")
    if pattern and re.search(pattern, folded):
        return True
    markers = _any_word(tuple(table["past_markers"]))
    return markers is not None and markers.search(folded) is not None


def tells_perfect(said: str, language: str) -> bool:
    """A perfect tense in `said` (a text without its time words): an
    auxiliary and a participle ending a clause (`_is_perfect`)."""
    perfect = phrases(language).get("perfect")
    return perfect is not None and any(
        _is_perfect(clause, perfect) for clause in _CLAUSE_END.split(said)
    )


def may_tell_perfect(text: str, language: str) -> bool:
    """Whether `text` holds an auxiliary of the perfect at all: without one
    no clause of it, with or without its time words, is a perfect (taking
    the time words out adds no word), so they need not be read."""
    perfect = phrases(language).get("perfect")
    if perfect is None:
        return False
    auxiliaries = frozenset(perfect["auxiliaries"])
    return any(word.casefold() in auxiliaries for word in _WORDS.findall(text))


@functools.cache
def _any_word(words: tuple[str, ...]) -> re.Pattern[str] | None:
    """One pattern for any of `words` as a whole word (a table's markers:
    one search, not one compiled pattern each)."""
    if not words:
        return None
    return re.compile(rf"\b(?:{'|'.join(map(re.escape, words))})\b")


_CLAUSE_END: Final = re.compile(r"[.?!;,:]")
# No German participle is longer ("auseinandergenommen": 19); a longer word
# is never matched against the shape (hostile text).
_LONGEST_PARTICIPLE: Final = 40
_WORDS: Final = re.compile(r"[^\W\d_]+", re.UNICODE)


def _is_perfect(clause: str, perfect: dict[str, Any]) -> bool:
    """An auxiliary and a participle that ends the clause ("was haben wir
    gemacht", "was wir gemacht haben"): German perfect.

    The participle is told by its shape (`perfect.participle`: ge-…-t,
    ge-…-en, an inseparable prefix, -iert) and written in lower case (a noun
    is capitalised: "Bericht", "Erdbeeren"); not after "zu" ("was haben wir
    zu erledigen"), nor a participle that says a state ("hat geöffnet",
    "sind eingeladen": `perfect.states`).
    """
    words = _WORDS.findall(clause)
    auxiliaries = frozenset(perfect["auxiliaries"])
    if len(words) < 2:
        return False
    if words[-1].casefold() in auxiliaries:
        # A subordinate clause: the auxiliary after the participle.
        words = words[:-1]
    elif not any(word.casefold() in auxiliaries for word in words[:-1]):
        return False
    participle = words[-1]
    before = words[-2].casefold() if len(words) > 1 else ""
    return (
        len(participle) <= _LONGEST_PARTICIPLE
        and participle == participle.lower()
        and before not in perfect["not_after"]
        and participle not in perfect["states"]
        and _participle(perfect["participle"]).fullmatch(participle) is not None
    )


@functools.lru_cache(maxsize=8)
def _participle(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.UNICODE)


def tells_arrangement(text: str, language: str) -> bool:
    """A present-tense arrangement ("we are visiting", "what is Anna doing"),
    which a named day puts ahead; languages without that form have no
    pattern."""
    pattern = phrases(language).get("arrangement_pattern")
    return isinstance(pattern, str) and re.search(pattern, text.casefold()) is not None


def tells_one_event(said: str, language: str) -> bool:
    """Whether a statement, without its time words, tells one event with
    "is" ("the school concert is", "das Schulkonzert ist"; the table's
    `event_day_pattern`): a weekday said with it is that event's coming
    day, not a habit as "the bins go out on Tuesday" (review s37 #5)."""
    pattern = phrases(language).get("event_day_pattern")
    return isinstance(pattern, str) and re.search(pattern, said.casefold()) is not None


def tells_future(text: str, said: str, language: str) -> bool:
    """A future word of the table ("will", "wird"), or its `future_pattern`
    over the text without its time words ("haben wir … vor"). Words of its
    `not_future_pattern` are no future word ("heute Morgen" holds
    "morgen", but is this morning)."""
    table = phrases(language)
    folded = text.casefold()
    if isinstance(not_future := table.get("not_future_pattern"), str):
        folded = re.sub(not_future, " ", folded)
    markers = _any_word(tuple(table["future_markers"]))
    if markers is not None and markers.search(folded):
        return True
    pattern = table.get("future_pattern")
    return isinstance(pattern, str) and re.search(pattern, said.casefold()) is not None
