"""What Home Memory keeps about each live conversation, in memory only.

Per conversation (the chat log's conversation id): the memory last created or
mentioned ("forget that"), the cursor of the last recall ("more", "the second
one"), pending forget confirmations (token -> memories) and the context
retrieved for the latest utterance (served to Assist on the next turn).

Everything is bounded and expires: a conversation is dropped after
`CONVERSATION_TTL` seconds without use, when more than `MAX_CONVERSATIONS`
are kept, or as its speaker's oldest past `MAX_CONVERSATIONS_PER_SPEAKER`; a
confirmation lapses after `CONFIRMATION_TTL` seconds. A state is each
speaker's own: another speaker on the same conversation id has a state of
their own, so nothing of one person leaks to another, and their turns leave
the first one's listing and waiting "yes" as they were (review s32 L3: Ben's
"number one" in Anna's conversation emptied her listing).
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field
import secrets
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from collections.abc import Callable

CONVERSATION_TTL: Final = 30 * 60
MAX_CONVERSATIONS: Final = 256
# One speaker's conversations never push out another's: past this many, a
# new one takes the place of that speaker's oldest (review s26 L2: Ben's 265
# recalls wiped Anna's listing and the "yes" her forget waited for).
MAX_CONVERSATIONS_PER_SPEAKER: Final = 32
CONFIRMATION_TTL: Final = 5 * 60
MAX_PENDING_PER_CONVERSATION: Final = 4


@dataclass(frozen=True, slots=True)
class PendingForget:
    """Memories the speaker was asked to confirm forgetting.

    Ids and versions only, never text: the confirmation re-reads them,
    re-checks that the speaker may still see them and forgets only if each
    is still at the version shown (a correction keeps the id but changes
    what it says; store.soft_delete).
    """

    ids: tuple[str, ...]
    versions: tuple[int, ...]
    expires: float


@dataclass(frozen=True, slots=True)
class CachedContext:
    """Background retrieved for one utterance of the conversation."""

    utterance: str
    text: str
    memory_ids: tuple[str, ...]


@dataclass(slots=True)
class AgentNotes:
    """What the agent of a conversation holds, as its chat log showed it."""

    # The agent selected the Home Memory API.
    memory_api: bool = False


@dataclass(slots=True)
class ConversationState:
    """Home Memory's view of one conversation."""

    speaker: str
    touched: float
    last_memory_id: str | None = None
    recall_cursor: str | None = None
    # The recall the cursor continues asked "when": "more" dates its items too.
    recall_dated: bool = False
    # ... and asked when something was said ("when did I mention …"): every
    # item is dated with its telling, facts too.
    recall_telling: bool = False
    # ... or asked "where": no item is dated.
    recall_undated: bool = False
    # The highest number a spoken recall listed ("1: … 2: …", and "more"),
    # for "number two" after it; 0 when it listed none.
    recall_listed: int = 0
    # The recall was a roundup (a time alone): "more" keeps the asker's
    # private secrets back too (assist/answers.py).
    recall_roundup: bool = False
    pending: dict[str, PendingForget] = field(default_factory=dict)
    # The token the voice flow ("forget ..." then "yes") waits on.
    voice_token: str | None = None
    # Ids of the memories a spoken forget listed ("1: ... 2: ..."), for "the
    # second one"; ids only, re-read when picked.
    voice_choices: tuple[str, ...] = ()
    # Ids of the memories a spoken "yes" just forgot, for "undo that".
    last_forgotten: tuple[str, ...] = ()
    cached_context: CachedContext | None = None
    # (created, text) of the user turn whose tools a surface already gave:
    # an agent with both Assist and the Home Memory API gets the tools once.
    tools_turn: tuple[str, str] | None = None


class ConversationStates:
    """A bounded, expiring map of conversation id -> ConversationState."""

    def __init__(self, clock: Callable[[], float]) -> None:
        """Start empty; `clock` gives seconds (the store's, Home Assistant's time)."""
        self._clock = clock
        # By (conversation id, speaker).
        self._states: OrderedDict[tuple[str, str], ConversationState] = OrderedDict()
        # Bumped whenever memories change: a retrieval started before a change
        # must not cache what it found (context.async_refresh_cache).
        self.generation = 0
        # When memories last changed (the clock's seconds): memory tool results
        # from before then may quote a memory forgotten or made private since.
        self.changed_at: float | None = None
        # What the chat-log watch (assist/prompt_refresh.py) noted of each
        # conversation, by id, in the order last seen, bounded like the states.
        self._notes: OrderedDict[str, AgentNotes] = OrderedDict()

    def __len__(self) -> int:
        """Number of conversations kept."""
        return len(self._states)

    def get(self, key: str, speaker: str) -> ConversationState:
        """The state of `key` for `speaker`, fresh if they have none there."""
        now = self._clock()
        self._expire(now)
        state = self._states.get((key, speaker))
        if state is None:
            self._make_room(speaker)
            state = ConversationState(speaker=speaker, touched=now)
            self._states[key, speaker] = state
        state.touched = now
        self._states.move_to_end((key, speaker))
        while len(self._states) > MAX_CONVERSATIONS:
            self._states.popitem(last=False)
        return state

    def peek(self, key: str, speaker: str) -> ConversationState | None:
        """The live state of `key` if it belongs to `speaker` (no update)."""
        self._expire(self._clock())
        return self._states.get((key, speaker))

    def add_pending(
        self,
        state: ConversationState,
        ids: tuple[str, ...],
        versions: tuple[int, ...],
    ) -> str:
        """Remember what awaits confirmation (the versions shown, one per id);
        returns the confirmation token."""
        now = self._clock()
        self._drop_lapsed(state, now)
        while len(state.pending) >= MAX_PENDING_PER_CONVERSATION:
            del state.pending[next(iter(state.pending))]
        token = secrets.token_urlsafe(9)
        state.pending[token] = PendingForget(ids, versions, now + CONFIRMATION_TTL)
        return token

    def take_pending(
        self, state: ConversationState, token: str
    ) -> PendingForget | None:
        """The confirmation for `token` (used up), or None if unknown or lapsed."""
        self._drop_lapsed(state, self._clock())
        return state.pending.pop(token, None)

    def notes(self, conversation_id: str) -> AgentNotes:
        """What was noted of `conversation_id`'s agent (fresh if nothing)."""
        notes = self._notes.get(conversation_id)
        if notes is None:
            notes = self._notes[conversation_id] = AgentNotes()
        self._notes.move_to_end(conversation_id)
        while len(self._notes) > MAX_CONVERSATIONS:
            self._notes.popitem(last=False)
        return notes

    def has_memory_api(self, conversation_id: str) -> bool:
        """Whether the agent of `conversation_id` has the Home Memory API.

        Its background then comes from that API on every turn; the Assist
        API's platform (llm.py) serves none of an earlier turn's.
        """
        notes = self._notes.get(conversation_id)
        return notes is not None and notes.memory_api

    def drop_cached_contexts(self) -> None:
        """Forget every cached background: memories changed since it was found.

        A cached background is quoted into a later turn without reading the
        store again (the Assist API's prompt may do no I/O), so it must not
        outlive a change: a memory made private or forgotten since would
        otherwise reach that turn.
        """
        self.generation += 1
        self.changed_at = self._clock()
        for state in self._states.values():
            state.cached_context = None

    def clear(self) -> None:
        """Forget every conversation (on unload)."""
        self._states.clear()
        self._notes.clear()

    @staticmethod
    def _drop_lapsed(state: ConversationState, now: float) -> None:
        for token in [t for t, p in state.pending.items() if p.expires <= now]:
            del state.pending[token]

    def _make_room(self, speaker: str) -> None:
        """Drop `speaker`'s least recently used states past their share."""
        theirs = [key for key, st in self._states.items() if st.speaker == speaker]
        for key in theirs[: max(0, len(theirs) - MAX_CONVERSATIONS_PER_SPEAKER + 1)]:
            del self._states[key]

    def _expire(self, now: float) -> None:
        while self._states:
            key, oldest = next(iter(self._states.items()))
            if now - oldest.touched < CONVERSATION_TTL:
                break
            del self._states[key]
