"""Which memory a conversation means, and forgetting it in two steps.

LLM tools and sentences name a memory by id, by "that" (the one just created
or mentioned) or by a description. A description that matches one memory
clearly picks it; several close ones come back as candidates to ask about.

Forgetting from a conversation asks first: `async_request_forget` holds the
memory (the version shown) under a token; `async_confirm_forget` forgets
exactly that version once the person says yes.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Final

from homeassistant.core import callback

from ..memory.common.errors import MemoryChangedError
from ..memory.common.values import Tier, Visibility
from ..memory.text.statements import missing_words
from .access import Access, require
from .errors import (
    ForgetChangedError,
    InvalidRequestError,
    NotFoundError,
    async_engine,
)
from .events import async_memories_changed

if TYPE_CHECKING:
    from ..memory.common.values import Memory, ScoredMemory
    from ..runtime.conversation_state import ConversationState
    from .memories import OperationScope

# A memory named by a description must say every content word of it, or
# mean it (cosine similarity of the embeddings at least this). Search's
# relevance is not enough to act on: one shared word ("code") gives a lone
# hit the full keyword score, so "the safe code" ranked a bike lock code
# at 0.65, well above the search floor.
RESOLVE_MIN_SIMILARITY: Final = 0.5
# Candidates shown when a query matches several memories.
MAX_CANDIDATES: Final = 3
# A candidate this close to the best one (relative relevance) makes the
# choice ambiguous: the user is asked which one.
AMBIGUITY_RATIO: Final = 0.8


@dataclass(frozen=True, slots=True)
class Resolved:
    """Which memory a request means, or the candidates to choose from."""

    memory: Memory | None
    candidates: list[Memory]


async def async_resolve(
    scope: OperationScope,
    state: ConversationState,
    *,
    memory_id: str | None = None,
    that: bool = False,
    query: str | None = None,
) -> Resolved:
    """Find the active memory meant by id, by "that" or by a description.

    NotFoundError: `memory_not_found` (no such active memory), `nothing_recent`
    ("that" with nothing created or mentioned yet), `no_match` (the
    description matches nothing). InvalidRequestError `nothing_named` when no
    way of naming it was given.
    """
    require(scope.actor, Access.READ)
    caller = scope.actor.caller
    if memory_id is None and that:
        memory_id = state.last_memory_id
        if memory_id is None:
            raise NotFoundError("nothing_recent")
    if memory_id is not None:
        memory = await async_engine(
            scope.hass, partial(scope.data.store.get, memory_id, caller)
        )
        if memory.tier is not Tier.ACTIVE:
            raise NotFoundError("memory_not_found", id=memory_id)
        return Resolved(memory, [memory])
    if query is None:
        raise InvalidRequestError("nothing_named")
    page = await async_engine(
        scope.hass,
        partial(
            scope.data.retriever.search,
            query,
            caller,
            limit=MAX_CANDIDATES + 1,
            record_access=False,
        ),
    )
    language = scope.data.store.config.language
    items = [item for item in page.items if _described(query, item, language)]
    if not items:
        raise NotFoundError("no_match")
    return pick_clear_winner(items)


def _described(query: str, item: ScoredMemory, language: str) -> bool:
    """True when `item` is what `query` describes (see RESOLVE_MIN_SIMILARITY),
    its words read in the store's `language`."""
    memory = item.memory
    said = " ".join(
        [memory.content, memory.summary, *memory.tags, *memory.people]
        + ([memory.location] if memory.location else [])
    )
    if not missing_words(query, said, language):
        return True
    return item.similarity is not None and item.similarity >= RESOLVE_MIN_SIMILARITY


def pick_clear_winner(items: list[ScoredMemory]) -> Resolved:
    """The best match if no other is close to it, and the top candidates."""
    best = items[0].relevance
    close = [item for item in items if item.relevance >= AMBIGUITY_RATIO * best]
    memories = [item.memory for item in items[:MAX_CANDIDATES]]
    return Resolved(close[0].memory if len(close) == 1 else None, memories)


@dataclass(frozen=True, slots=True)
class Apart:
    """What tells a candidate from another that reads the same, when one does.

    `visibility`: its own, when another with the same words has the other
    (a private "the code is 4711" and the household's); `when`: whether when
    it happened must be said, another with the same words and visibility
    being there too (events of two days).
    """

    visibility: Visibility | None = None
    when: bool = False


def told_apart(candidates: list[Memory]) -> list[Apart]:
    """For each candidate, what a listing must add so that no two read alike."""

    def words(memory: Memory) -> str:
        return " ".join(memory.summary.casefold().split()).rstrip(" .!?\u2026")

    alike = Counter(words(memory) for memory in candidates)
    kept_alike = Counter((words(memory), memory.visibility) for memory in candidates)
    return [
        Apart(
            visibility=memory.visibility
            if alike[words(memory)] > kept_alike[words(memory), memory.visibility]
            else None,
            when=kept_alike[words(memory), memory.visibility] > 1,
        )
        for memory in candidates
    ]


@callback
def async_request_forget(
    scope: OperationScope,
    state: ConversationState,
    memory: Memory,
    pending_in: ConversationState | None = None,
) -> str:
    """Step one: hold the memory (as shown: its version) for confirmation.

    Returns the token. `state` is the conversation's ("that" becomes this
    memory); the token waits in `pending_in` (default: the same state).
    """
    require(scope.actor, Access.WRITE)
    state.last_memory_id = memory.id
    return scope.data.conversations.add_pending(
        pending_in or state, (memory.id,), (memory.version,)
    )


async def async_confirm_forget(
    scope: OperationScope,
    state: ConversationState,
    token: str,
    pending_in: ConversationState | None = None,
) -> list[Memory]:
    """Step two: soft-delete what `token` holds (once, before it lapses).

    Only the version the person was shown is forgotten: if the memory was
    corrected since (same id, new text), ForgetChangedError carries what
    it says now and a new token, and nothing is forgotten. InvalidRequestError
    `invalid_token` when the token is unknown or lapsed.
    """
    require(scope.actor, Access.WRITE)
    holder = pending_in or state
    pending = scope.data.conversations.take_pending(holder, token)
    if pending is None:
        raise InvalidRequestError("invalid_token")
    store = scope.data.store
    caller = scope.actor.caller
    shown = dict(zip(pending.ids, pending.versions, strict=True))

    def _forget() -> list[Memory] | Memory:
        try:
            ids = store.soft_delete(caller, ids=pending.ids, versions=shown)
        except MemoryChangedError as err:
            return store.get(err.memory_id, caller)
        return [store.get(memory_id, caller) for memory_id in ids]

    forgotten = await async_engine(scope.hass, _forget)
    if not isinstance(forgotten, list):
        raise ForgetChangedError(
            forgotten, async_request_forget(scope, state, forgotten, holder)
        )
    if state.last_memory_id in pending.ids:
        state.last_memory_id = None
    async_memories_changed(scope.hass, forgotten=forgotten, context=scope.context)
    return forgotten
