"""What a question's time window reads first, and what it leaves out.

A window asks what happened in it. A habit told in it ("we go swimming
every Saturday", told that Saturday) was not done then (`habits`); an event
that lasted longer than the window and reaches beyond it ("in the week of
Monday 16 November we had a flat tyre" for "what happened on Tuesday the
17th") may have been on another of its days, so the window's own memories
come first (`reaching_out`). docs/time.md, "A habit is no deed" and "A
longer event after the day's own".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..time.expressions import speaks_of_past
from ..time.phrases import languages_to_try
from ..time.tense import names_a_bare_weekday, says_habit

if TYPE_CHECKING:
    from collections.abc import Sequence
    from datetime import datetime

    from ..storage.candidates import CandidateQueries

_HABIT_KINDS = frozenset({"routine", "preference"})


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
