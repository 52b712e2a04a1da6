"""What a question about time reads first, and what it leaves out.

A window asks what happened in it. A habit told in it ("we go swimming
every Saturday", told that Saturday) was not done then (`habits`); a plan
is no answer to when something was done where a deed is there
(`deeds_and_plans`); an event that lasted longer than the window and
reaches beyond it ("in the week of Monday 16 November we had a flat tyre"
for "what happened on Tuesday the 17th") may have been on another of its
days, so the window's own memories come first (`reaching_out`).
docs/time.md, "A habit is no deed", "A plan is no deed" and "A longer
event after the day's own".
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from ..embedding.profiles import profile_for
from ..text.fts_query import asked_language
from ..time.expressions import looks_ahead, speaks_of_past
from ..time.phrases import languages_to_try, phrases
from ..time.tense import names_a_bare_weekday, says_habit
from .visitors import (
    called_off,
    calling_off_asked,
    came_already,
    plans_of_a_visit,
    telling_no_coming,
)

if TYPE_CHECKING:
    from collections.abc import Collection, Mapping, Sequence
    from datetime import datetime

    from ..common.values import MemoryFilter
    from ..storage.candidates import CandidateQueries
    from ..store import MemoryStore

_HABIT_KINDS = frozenset({"routine", "preference"})


def reading_order(
    candidates: CandidateQueries,
    rowids: Sequence[int],
    flt: MemoryFilter,
    language: str | None,
    query: str = "",
) -> list[int]:
    """The places of `rowids` (ranked) to read, in order: without habits
    where the window asks what was done and anything else is there
    (`MemoryFilter.window_done`); where the question asks when or what was
    done (`deed_asked`), the deeds first and no plan beside them; asked
    who comes (`query`), no call-off, other deed or coming that is over
    beside one who comes (visitors.py `called_off`, `telling_no_coming`,
    `came_already`), and asked of one, their
    call-off after their coming (`calling_off_asked`); asked who came, a
    plan after the visits told as over (`plans_of_a_visit`); the window's own
    memories before longer events reaching out of it."""
    left_out = called_off(candidates, query, rowids, language)
    left_out |= telling_no_coming(candidates, query, rowids, language)
    left_out |= came_already(candidates, query, rowids, language)
    if flt.window_done:
        found = habits(candidates, rowids, language)
        left_out |= found if len(found) < len(rowids) else set()
    deeds: set[int] = set()
    if flt.deed_asked:
        deeds, planned = deeds_and_plans(candidates, rowids, language)
        left_out |= planned if deeds else set()
    longer = (
        reaching_out(candidates, rowids, flt.happened_after, flt.happened_before)
        if flt.happened_after and flt.happened_before
        else set()
    )
    if len(left_out) == len(rowids):
        left_out = set()
    kept = [i for i, rowid in enumerate(rowids) if rowid not in left_out]
    later = calling_off_asked(candidates, query, [rowids[i] for i in kept], language)
    planned = plans_of_a_visit(candidates, query, [rowids[i] for i in kept], language)
    return sorted(
        kept,
        key=lambda i: (
            rowids[i] in later,
            rowids[i] in planned,
            bool(deeds) and rowids[i] not in deeds,
            rowids[i] in longer,
        ),
    )


def deeds_and_plans(
    candidates: CandidateQueries, rowids: Sequence[int], language: str | None
) -> tuple[set[int], set[int]]:
    """Of `rowids`, those telling of something done and those of a plan
    ("Uncle Tom called and he's coming to visit at Christmas": the future,
    in any language). "When did Uncle Tom come" is answered by the visit,
    then what names him; the call only where nothing tells a deed (review
    s24 H2: the call answered, the visit was unread)."""
    languages = languages_to_try(language)
    texts = candidates.contents(rowids)
    planned = plans(candidates, rowids, language, texts)
    done = {
        rowid
        for rowid, text in texts.items()
        if rowid not in planned
        and any(speaks_of_past(text, other) for other in languages)
    }
    return done, planned


def plans(
    candidates: CandidateQueries,
    rowids: Sequence[int],
    language: str | None,
    texts: Mapping[int, str] | None = None,
) -> set[int]:
    """Of `rowids`, those telling of the future in any language ("he's
    coming to visit at Christmas"); `texts`: their contents, read already."""
    texts = candidates.contents(rowids) if texts is None else texts
    languages = languages_to_try(language)
    return {
        rowid
        for rowid, text in texts.items()
        if any(looks_ahead(text, other) for other in languages)
    }


def habits(
    candidates: CandidateQueries, rowids: Sequence[int], language: str | None
) -> set[int]:
    """Of `rowids`, those told in the window that tell of nothing done then:
    a routine or preference, a habit ("every Saturday", a bare weekday), or
    a statement not in the past ("My locker code is 77", final review s18)."""
    told = candidates.told_texts(rowids)
    languages = languages_to_try(language)
    return {
        rowid
        for rowid, (text, kind) in told.items()
        if kind in _HABIT_KINDS
        or any(
            says_habit(text, other) or names_a_bare_weekday(text, other)
            for other in languages
        )
        or not any(speaks_of_past(text, other) for other in languages)
    }


def reaching_out(
    candidates: CandidateQueries,
    rowids: Sequence[int],
    after: datetime,
    before: datetime,
) -> set[int]:
    """Of `rowids`, the events lasting longer than the window and reaching
    beyond it: they overlap the asked time but are not known to be of it
    (review s23 R3). One no longer than the window is of it, though it
    begins before or ends after (an evening into the night for "on
    Friday": the replays' visits and nights)."""
    start, end = after.timestamp(), before.timestamp()
    return {
        rowid
        for rowid, (at, until) in candidates.spans(rowids).items()
        if (at < start or until > end) and until - at > end - start
    }


class _Matched(Protocol):
    @property
    def similarity(self) -> float | None: ...
    @property
    def keyword(self) -> float | None: ...


def of_the_day_alone(
    store: MemoryStore,
    candidates: CandidateQueries,
    query: str,
    near: Collection[int],
    matched: Mapping[int, _Matched],
    reads: bool = True,
) -> set[int]:
    """Of `near` (a window's memories on a question's topic by meaning),
    those sharing no word of it that come no nearer it than to a question
    of time alone ("what happened", the time tables' `time_alone`, in the
    question's language) by the model's `topic_lift` (embedding/profiles.py):
    their similarity is their day's, not the topic's. On a Tuesday, "what
    do you know about the interview on Tuesday" listed that day's deeds (CI,
    1 December; docs/time.md). Where the model does not read the
    question's language (not `reads`), every one: its similarity says
    nothing ("Hatten wir heute Besuch?" in an English home listed the day,
    review s31 M3)."""
    wordless = [
        rowid
        for rowid in near
        if matched[rowid].keyword is None and matched[rowid].similarity is not None
    ]
    if not reads:
        return set(wordless)
    embedder = store.embedder
    lift = profile_for(embedder.model_id).topic_lift if embedder else None
    if lift is None or not wordless:
        return set()
    asked = asked_language(query) or store.config.language
    alone = store.embed_query(phrases(asked)["time_alone"])
    if alone is None:
        return set()
    base = candidates.similarities(alone, wordless)
    return {
        rowid
        for rowid in wordless
        if rowid in base and (matched[rowid].similarity or 0.0) - base[rowid] < lift
    }


class _Identified(Protocol):
    @property
    def memory_id(self) -> str: ...


def pages_in_time[T: _Identified](
    entries: Sequence[T],
    size: int,
    began: Mapping[str, float],
    reaching: Collection[str] = (),
) -> list[T]:
    """`entries` (the likeliest first) with each page of `size` in the
    order its memories happened (`began`, by memory id): the few read out
    are the likeliest, said in time ("what did we do last week" began with
    Tuesday, Thursday, Sunday, then Monday; review s24 L4). Those
    `reaching` out of the window (`reaching_out`) follow the window's own:
    the week around Tuesday began on Monday, but Tuesday's own flood is
    read first (review s35)."""
    return [
        entry
        for start in range(0, len(entries), size)
        for entry in sorted(
            entries[start : start + size],
            key=lambda entry: (
                entry.memory_id in reaching,
                began.get(entry.memory_id, 0.0),
            ),
        )
    ]


def reaching_out_of(
    candidates: CandidateQueries, rowids: Sequence[int], flt: MemoryFilter | None
) -> set[int]:
    """`reaching_out` of `flt`'s window; none without a whole window."""
    if flt is None or flt.happened_after is None or flt.happened_before is None:
        return set()
    return reaching_out(candidates, rowids, flt.happened_after, flt.happened_before)
