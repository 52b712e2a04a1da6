"""Recall as a conversation does it: three at a time, "more", "number two".

The retriever keeps the ranked list behind a cursor for the caller; LLM tools
and sentences page through it here. Nothing is written, nothing is fired.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

from ..memory.common.values import MemoryFilter
from ..memory.text.naming import speaks_of_speaker
from . import told, when
from .access import Access, require
from .errors import async_engine
from .persons import async_teller_name

if TYPE_CHECKING:
    from ..memory.common.values import ScoredMemory
    from ..memory.search.retrieval import ProgressivePage
    from .memories import OperationScope


@dataclass(frozen=True, slots=True)
class Recalled:
    """The first page of a recall; `untold`, the user whose tellings were
    asked ("what did Anna say about the bike") where they told none of it
    and the topic alone answers (its answer must not say they said it:
    review s41 LOW-6); else None."""

    page: ProgressivePage
    untold: str | None = None
    # Asked only a time, no topic ("what's new since yesterday", "what did
    # I tell you today"): a roundup, which a voice answer reads to the
    # room (assist/answers.py keeps the asker's private secrets back).
    roundup: bool = False
    # The user whose last tellings answer ("what did I tell you last").
    last_told: str | None = None


async def async_recall(
    scope: OperationScope,
    query: str,
    flt: MemoryFilter | None = None,
    *,
    min_relevance: float | None = None,
    said: str | None = None,
) -> ProgressivePage:
    """The first page of a search above the relevance floor, with its cursor
    (`async_recalled`'s page)."""
    recalled = await async_recalled(
        scope, query, flt, min_relevance=min_relevance, said=said
    )
    return recalled.page


async def async_recalled(
    scope: OperationScope,
    query: str,
    flt: MemoryFilter | None = None,
    *,
    min_relevance: float | None = None,
    said: str | None = None,
) -> Recalled:
    """The first page of a search above the relevance floor, with its cursor,
    and whose tellings it is not where they were asked (`Recalled`).

    `said`: the whole question `query` was taken from (a sentence's
    `{query}`), whose teller chooses whose tellings answer ("what did I say
    about {query}", operations/told.py); else `query`'s own.

    The query's time words choose the window and order (operations/when.py).
    `min_relevance` replaces the search floor (an answer said aloud takes the
    per-turn context's); a window the words name takes everything in it,
    unless the question has a topic besides its time (`Question.floor`).
    """
    require(scope.actor, Access.READ)
    # The asker's "my car" is theirs: "Anna's car".
    teller = await async_teller_name(scope.hass, scope.actor.caller.user_id)
    if teller is not None and _only_the_asker(query):
        # "what do you know about me": about Ben, who asks (review s22: "I
        # don't remember anything about me").
        query = teller
    # "What did I tell you today": the asker's tellings, by when told.
    asked = await told.async_asked(
        scope.hass,
        query,
        flt or MemoryFilter(),
        scope.actor.caller.user_id,
        scope.data.retriever.model_languages,
        said=said,
    )
    *first, last = asked.tries
    for question in first:
        page = await _async_start(scope, question, min_relevance, teller)
        if page.items:
            return Recalled(page, None, question.time_only, asked.last_of)
    # "What did Anna say about the car", and Anna told nothing of it: what
    # is known of the car (review s39 #6), not said as hers.
    page = await _async_start(scope, last, min_relevance, teller)
    if first:
        return Recalled(page, asked.untold, last.time_only)
    return Recalled(page, None, last.time_only, asked.last_of)


async def _async_start(
    scope: OperationScope,
    asked: when.Question,
    min_relevance: float | None,
    teller: str | None,
) -> ProgressivePage:
    """The first page of `asked`, `teller` the asker's name."""
    return await async_engine(
        scope.hass,
        partial(
            scope.data.retriever.start_progressive,
            asked.query,
            scope.actor.caller,
            asked.filter,
            min_relevance=asked.floor(min_relevance),
            newest_first=asked.newest_first,
            topic_in_window=asked.topic_in_window,
            in_time_order=asked.in_time_order,
            asker=teller,
        ),
    )


def _only_the_asker(query: str) -> bool:
    """Whether `query` is one word for the one who asks ("me", "mich")."""
    words = query.strip(" \t?.!,").split()
    return len(words) == 1 and speaks_of_speaker(words[0])


async def async_recall_more(scope: OperationScope, cursor: str) -> ProgressivePage:
    """The next page of a recall; an unknown or lapsed cursor gives no cursor."""
    require(scope.actor, Access.READ)
    return await async_engine(
        scope.hass,
        partial(scope.data.retriever.more, cursor, scope.actor.caller),
    )


async def async_recall_pick(
    scope: OperationScope, cursor: str, number: int
) -> ScoredMemory | None:
    """Result `number` (1-based) of a recall, re-read now; None if gone;
    ListingExpiredError when the recall itself is gone."""
    require(scope.actor, Access.READ)
    return await async_engine(
        scope.hass,
        partial(scope.data.retriever.pick, cursor, number, scope.actor.caller),
    )
