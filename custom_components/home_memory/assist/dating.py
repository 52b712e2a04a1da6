"""How a spoken list of memories is dated: which are said with when they
happened, which never (their own words say it); one rule for an answer and
the "more" after it (assist/intents.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..operations import when

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from ..memory.common.values import Memory, ScoredMemory
    from .call import CallScope
    from .sentence_files import Wording


@dataclass(frozen=True, slots=True)
class Dating:
    """Which of a page's memories are said with when they happened in any
    case (`always`: after a "when" question) and which never, because their
    own words say when (`own`: "the bins go out on Tuesday", "The
    electrician will come on Tuesday 10 March")."""

    always: frozenset[str] = frozenset()
    own: frozenset[str] = frozenset()
    # The question answered: a long memory says the part that answers it
    # (memory/text/answering.py), and its language.
    asked: str = ""
    language: str | None = None
    # Who hears it: a memory they told is said to them ("Your bank PIN …").
    listener: str | None = None
    # ... and their name: a memory about them by name is said to them
    # ("Anna's birthday …" to Anna: "Your birthday …").
    listener_name: str | None = None
    # After "how long ago …": how long ago each memory happened and its
    # date (operations/when.py `ago_describer`); None for any other question.
    ago: Callable[[Memory], tuple[str, str] | None] | None = None


async def async_dated_ids(
    scope: CallScope,
    items: Sequence[ScoredMemory],
    words: Wording,
    *,
    always_when: bool,
    telling: bool = False,
    never_when: bool = False,
) -> Dating:
    """How the listed memories are dated (`Dating`): one rule for an
    answer and the "more" after it. What the home observed keeps its
    time, which says more than the weekday its text names; after a "where"
    question (`never_when`) none is dated: "where is the spare key" was
    answered "On Wednesday 11 November, around seven: The spare key is
    under the red flower pot." (new-user review)."""
    if never_when:
        return Dating(own=frozenset(item.memory.id for item in items))
    told = [
        item.memory
        for item in items
        if str(item.memory.source) != "observed"
        and (always_when or when.worth_saying(item.memory))
    ]
    if not told:
        return Dating(
            always=frozenset(item.memory.id for item in items)
            if always_when
            else frozenset()
        )
    read = await when.async_own_times(scope.hass, told, words.language)
    if not always_when:
        return Dating(own=read.said)
    if telling:
        # "When did I mention the snorkel?": each telling is the answer.
        every = frozenset(item.memory.id for item in items)
        return Dating(always=every - read.said, own=read.said)
    # After "when …": a memory with a time of its own (an event, what the
    # home observed, a statement about another time), or one that tells of
    # something done ("I watered the plants"), whose telling is about when.
    # Not a fact or habit whose time is only its telling: "when do the bins
    # go out" was answered "Tonight, around half past one: The bins go out
    # every Thursday evening." (new-user review).
    timed = {item.memory.id for item in items if when.worth_saying(item.memory)}
    return Dating(always=frozenset(timed | read.done) - read.said, own=read.said)
