"""What someone told: "what did I tell you today", "was hat Anna heute
gesagt", "what did Anna say about the car".

Such a question names its teller (memory/time/told_by.py): the asker ("I",
"ich"), the household ("we", "wir") or a person. Its time words are when
things were told, not when they happen: "Am Samstag kommt Peter", told
today, was told today (re-test s40 D2). Only the teller's own tellings
answer, never what the home observed; privacy as everywhere (the asker
never hears another's private memory: the store's visibility rule). Asked
with no time ("what did Anna say about the car"), the teller's tellings
come first and the topic alone answers where the teller told none of it
(review s39 #6), said as not theirs (`Asked.untold`, review s41 LOW-6).
Asked only the time, the day's tellings come in the order told (the
filter's `in_order_told`, which the retriever honours). One path for every
language and surface (`async_asked`: recall, search).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from ..memory.common.values import Origin
from ..memory.time.told_by import Teller, read_told_by
from . import when
from .persons import async_people

if TYPE_CHECKING:
    from homeassistant.core import HomeAssistant

    from ..memory.common.values import MemoryFilter
    from .when import Question

# What a person tells: everything but what the home observed.
_TOLD_ORIGINS = tuple(origin for origin in Origin if origin is not Origin.OBSERVED)


@dataclass(frozen=True, slots=True)
class Telling:
    """A question of what was told: `teller`, the user whose tellings
    answer it (None: anyone's, "what did we tell you", or an asker with no
    user); `query`, the question without the teller's name."""

    teller: str | None
    query: str


async def async_telling(
    hass: HomeAssistant, text: str, asker: str | None
) -> Telling | None:
    """The telling `text` asks of, if any, `asker` being the asking user's
    id; None when it asks none, or names nobody of the household."""
    people = await async_people(hass)
    read = await hass.async_add_executor_job(
        read_told_by, text, when.language(hass), tuple(people)
    )
    if read is None:
        return None
    if read.teller is Teller.ASKER:
        return Telling(asker, text)
    if read.teller is Teller.HOUSEHOLD or read.name is None:
        return Telling(None, text)
    return Telling(people[" ".join(read.name.split()).casefold()], read.without_name)


@dataclass(frozen=True, slots=True)
class Asked:
    """A question as its tellings read it: `tries`, the questions to put in
    turn, the first with an answer answering; `untold`, the teller whose
    tellings the first asks, where a later one (the topic alone) answers:
    its answer is not theirs (review s41 LOW-6)."""

    tries: tuple[Question, ...]
    untold: str | None = None
    # The teller whose last tellings the first asks ("what did I tell you
    # last"): its answer says so ("The last thing you told me: ...").
    last_of: str | None = None


async def async_asked(
    hass: HomeAssistant,
    query: str,
    flt: MemoryFilter,
    asker: str | None,
    model_reads: frozenset[str] | None,
    *,
    said: str | None = None,
) -> Asked:
    """`query` as asked (operations/when.py), by `asker` (a user id), read
    for a teller: "what did I tell you today" is the asker's tellings of
    today, in the order told; "what did Anna say about the car", Anna's
    first, then the topic alone (review s39 #6). `said`: the whole question
    `query` was taken from (a sentence's `{query}`), whose teller it is.
    For every surface that reads a question (recall, search)."""
    telling = await async_telling(hass, said or query, asker)
    if telling is not None and said is not None:
        telling = replace(telling, query=query)
    asked = await when.async_question(
        hass, telling.query if telling is not None else query, flt, model_reads
    )
    if telling is None:
        return Asked((asked,))
    by_teller = in_telling_time(asked, telling)
    last_of = telling.teller if _asks_last(asked) else None
    if has_window(asked) or telling.teller is None:
        return Asked((by_teller,), last_of=last_of)
    return Asked((by_teller, asked), telling.teller, last_of)


def in_telling_time(asked: Question, telling: Telling) -> Question:
    """The question as a telling: its window on when memories were told
    (created), not when they happened; only `telling.teller`'s, none the
    home observed. Asked nothing but the time ("what did I tell you
    today"), its answers come in the order they were told, oldest first, a
    recap of the day (review s41 MED-2); with a topic ("what did Anna say
    about the car today"), the likeliest first."""
    flt = replace(
        asked.filter,
        teller=telling.teller,
        origins=asked.filter.origins or _TOLD_ORIGINS,
    )
    if not has_window(asked):
        if _asks_last(asked):
            # "What did I tell you last?", "Was hat Anna zuletzt gesagt?":
            # every telling of theirs is an answer (the floor of a time
            # alone), the last told first (session 41: "I don't know").
            return replace(
                asked,
                filter=replace(flt, in_order_told=True),
                window_from_words=True,
            )
        return replace(asked, filter=flt)
    return replace(
        asked,
        filter=replace(
            flt,
            created_after=flt.happened_after,
            created_before=flt.happened_before,
            happened_after=None,
            happened_before=None,
            window_or_naming=(),
            window_done=False,
            in_order_told=asked.time_only,
        ),
    )


def _asks_last(asked: Question) -> bool:
    """Whether the question asks only for the last told ("what did I tell
    you last", "was hat Anna zuletzt gesagt"): no window, the newest first."""
    return not has_window(asked) and asked.newest_first and asked.time_only


def has_window(asked: Question) -> bool:
    """Whether the question's words named a time ("today")."""
    flt = asked.filter
    return asked.window_from_words and (
        flt.happened_after is not None or flt.happened_before is not None
    )
