"""Value types of the memory engine: memories, their classes, filters, results."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Final

if TYPE_CHECKING:
    from datetime import datetime


class MemoryKind(StrEnum):
    """What a memory is about (what people tell, plus the observer's)."""

    FACT = "fact"
    PREFERENCE = "preference"
    DECISION = "decision"
    EVENT = "event"
    PERSON = "person"
    PROJECT = "project"
    MEETING = "meeting"
    JOURNAL = "journal"
    ROUTINE = "routine"
    OBSERVATION = "observation"


class WeightClass(StrEnum):
    """How much a memory counts and how long it lasts (curves: scoring/decay.py)."""

    SIGNIFICANT = "significant"
    PREFERENCE = "preference"
    ROUTINE = "routine"
    OBSERVATION = "observation"
    TRANSIENT = "transient"

    @property
    def retrieval_weight(self) -> float:
        """Multiplier of importance in the composite score."""
        return _CLASS_WEIGHTS[self][0]

    @property
    def retention_multiplier(self) -> float:
        """Multiplier of the decay half-life."""
        return _CLASS_WEIGHTS[self][1]


_CLASS_WEIGHTS: dict[WeightClass, tuple[float, float]] = {
    WeightClass.SIGNIFICANT: (1.0, 3.0),
    WeightClass.PREFERENCE: (0.8, 2.0),
    WeightClass.ROUTINE: (0.6, 1.5),
    WeightClass.OBSERVATION: (0.5, 1.0),
    WeightClass.TRANSIENT: (0.3, 0.5),
}


class Source(StrEnum):
    """Where a memory came from."""

    EXPLICIT = "explicit"
    EXTRACTED = "extracted"
    OBSERVED = "observed"
    CONVERSATION = "conversation"
    MEETING = "meeting"
    JOURNAL = "journal"
    MIGRATION = "migration"


# Kinds that tell an occasion: the same words on another day are another one.
DATED_KINDS: Final = frozenset(
    {MemoryKind.EVENT, MemoryKind.OBSERVATION, MemoryKind.MEETING, MemoryKind.JOURNAL}
)
# Starts at least this far apart, spans not overlapping: other days. The
# engine has no time zone to tell calendar days by (docs/time.md).
OCCASION_APART_SECONDS: Final = 12 * 3600


def other_occasion(first: tuple[float, float], second: tuple[float, float]) -> bool:
    """Whether two event times ((happened_at, happened_until) timestamps)
    are on different days: a repeat or a merge must not join them."""
    apart = abs(first[0] - second[0]) >= OCCASION_APART_SECONDS
    return apart and max(first[0], second[0]) >= min(first[1], second[1])


def both_begun(
    first: tuple[float, float], second: tuple[float, float], told_at: float
) -> bool:
    """Whether two event times had both begun when the later statement was
    told (`told_at`): two things that happened or are happening, no plan.
    What a subject did or was on such an occasion is one of its deeds
    (`statements.relate`'s `begun`)."""
    return max(first[0], second[0]) <= told_at


# How a memory names another it took over (consolidation) among its sources.
PROVENANCE_PREFIX: Final = "memory:"
# How an observed memory names the events it was told from.
EVENT_SOURCE_PREFIX: Final = "event:"
# What a conversation's id is shown as to anyone but the person who spoke in
# it: "said in a conversation", without the id that would reopen it.
HIDDEN_CONVERSATION: Final = "conversation"
# The thread of observed memories (narration.py): one per day, no one's.
OBSERVED_THREAD_PREFIX: Final = "observed:"


def opens_a_conversation(source_id: str) -> bool:
    """Whether a source id may reopen a chat session (a conversation's id).

    Every source but the observer's events and the memories a merge took
    over: Home Assistant continues a conversation, with the earlier words
    its agent kept, given nothing but its id.
    """
    return not source_id.startswith((EVENT_SOURCE_PREFIX, PROVENANCE_PREFIX))


class Origin(StrEnum):
    """How a memory came to be, as a person tells them apart (the browser's filter).

    `source` says what the engine made it from; an explicit memory was either
    said in a conversation (it names the conversation among its sources) or
    given by an action or an automation (it names none).
    """

    VOICE = "voice"
    ACTION = "action"
    OBSERVED = "observed"
    EXTRACTED = "extracted"
    IMPORTED = "imported"


# Sources that only imports write (ai_memory: migration; the rest are
# reserved for other importers).
IMPORTED_SOURCES: tuple[Source, ...] = (
    Source.MIGRATION,
    Source.CONVERSATION,
    Source.MEETING,
    Source.JOURNAL,
)


def origin_of(source: Source, source_ids: tuple[str, ...]) -> Origin:
    """The origin of a memory with this source and these source ids."""
    if source is Source.EXPLICIT:
        return Origin.VOICE if source_ids else Origin.ACTION
    if source is Source.OBSERVED:
        return Origin.OBSERVED
    if source is Source.EXTRACTED:
        return Origin.EXTRACTED
    return Origin.IMPORTED


class Visibility(StrEnum):
    """Who may see a memory: its owner only, or everyone in the home."""

    PRIVATE = "private"
    HOUSEHOLD = "household"


class Tier(StrEnum):
    """Lifecycle tier: active, deleted (recoverable) or archived (decayed)."""

    ACTIVE = "active"
    DELETED = "deleted"
    ARCHIVED = "archived"


def default_weight_class(kind: MemoryKind, source: Source) -> WeightClass:
    """Pick a class when the caller gave none.

    What a person asked to be remembered is significant unless it is a
    preference or a routine; what the house noticed by itself is an observation.
    """
    if kind is MemoryKind.PREFERENCE:
        return WeightClass.PREFERENCE
    if kind is MemoryKind.ROUTINE:
        return WeightClass.ROUTINE
    if source is Source.OBSERVED or kind is MemoryKind.OBSERVATION:
        return WeightClass.OBSERVATION
    return WeightClass.SIGNIFICANT


@dataclass(frozen=True, slots=True)
class Caller:
    """Who is asking: an HA user (or None for automations and satellites)."""

    user_id: str | None = None
    is_admin: bool = False

    @property
    def actor(self) -> str:
        """The name written to the log and to deleted_by."""
        return self.user_id or "system"


SYSTEM = Caller(user_id=None, is_admin=True)

# A memory whose event time is within this of its writing was told about no
# other time (a fact, a habit: "the bins go out on Tuesday"); further apart,
# it tells when something happened.
TOLD_AT_ITS_TIME_SECONDS: Final = 3600


@dataclass(frozen=True, slots=True)
class Memory:
    """One stored memory."""

    id: str
    content: str
    summary: str
    kind: MemoryKind
    weight_class: WeightClass
    importance: float
    effective_importance: float
    emotion: str | None
    people: tuple[str, ...]
    location: str | None
    time_of_day: str | None
    day_type: str | None
    tags: tuple[str, ...]
    source: Source
    source_ids: tuple[str, ...]
    speaker: str | None
    owner: str | None
    visibility: Visibility
    segment_start: datetime | None
    segment_end: datetime | None
    created_at: datetime
    updated_at: datetime
    last_accessed_at: datetime | None
    access_count: int
    expires_at: datetime | None
    tier: Tier
    deleted_at: datetime | None
    deleted_by: str | None
    archived_at: datetime | None
    embedding_model: str | None
    version: int
    # Event time: when what the memory is about happened (a segment's start
    # and end, the moment it was said, or a time the statement names),
    # apart from when it was written (created_at). A moment has until == at.
    happened_at: datetime
    happened_until: datetime
    thread: str | None = None

    @property
    def origin(self) -> Origin:
        """Voice, action, observed, extracted or imported (see Origin)."""
        return origin_of(self.source, self.source_ids)

    @property
    def teller(self) -> str | None:
        """Whose words it holds: its speaker; told by an action (no
        conversation, so no speaker), its owner, who told it ("My locker
        code is 5826." by Anna's `remember` is hers, final review s18)."""
        if self.speaker is not None or self.source is not Source.EXPLICIT:
            return self.speaker
        return self.owner

    def visible_to(self, caller: Caller) -> bool:
        """Household memories are everyone's; private ones only their owner's."""
        return self.visibility is Visibility.HOUSEHOLD or (
            caller.user_id is not None and self.owner == caller.user_id
        )

    def shown_to(self, caller: Caller) -> Memory:
        """The memory as `caller` may be shown it.

        The ids of the conversation it was said in (its sources, its thread)
        are the speaker's alone: anyone else, an administrator too, gets
        "conversation" in their place, so the origin still reads "voice"
        but nobody can continue another person's conversation.
        """
        sources, thread = shown_sources(
            self.source_ids, self.thread, self.speaker, caller
        )
        if sources == self.source_ids and thread == self.thread:
            return self
        return replace(self, source_ids=sources, thread=thread)


def shown_sources(
    source_ids: tuple[str, ...],
    thread: str | None,
    speaker: str | None,
    caller: Caller,
) -> tuple[tuple[str, ...], str | None]:
    """Sources and thread as `caller` may be shown them (Memory.shown_to):
    a conversation's ids are its speaker's alone; one rule for a memory and
    for the earlier versions its history keeps."""
    if caller.user_id is not None and speaker == caller.user_id:
        return source_ids, thread
    hidden = {s for s in source_ids if opens_a_conversation(s)}
    # A thread is a conversation's id unless the observer named it.
    if thread is not None and not thread.startswith(OBSERVED_THREAD_PREFIX):
        thread = None
    if not hidden:
        return source_ids, thread
    sources = tuple(
        dict.fromkeys(HIDDEN_CONVERSATION if s in hidden else s for s in source_ids)
    )
    return sources, thread


@dataclass(frozen=True, slots=True, kw_only=True)
class NewMemory:
    """What a caller provides to create a memory; the rest is derived."""

    content: str
    summary: str | None = None
    kind: MemoryKind = MemoryKind.FACT
    weight_class: WeightClass | None = None
    importance: float = 0.5
    emotion: str | None = None
    people: tuple[str, ...] = ()
    location: str | None = None
    time_of_day: str | None = None
    day_type: str | None = None
    tags: tuple[str, ...] = ()
    source: Source = Source.EXPLICIT
    source_ids: tuple[str, ...] = ()
    speaker: str | None = None
    # The speaker's name (their person's): a household memory tells their
    # first person with it ("my car" -> "Anna's car", text/naming.py).
    speaker_name: str | None = None
    # Its text in the teller's first person, where the household's names
    # them ("My passport is in the safe."): what corrects their own private
    # first-person memory (storage/repeats.py `as_correction`).
    own_words: str | None = None
    owner: str | None = None
    visibility: Visibility = Visibility.HOUSEHOLD
    segment_start: datetime | None = None
    segment_end: datetime | None = None
    expires_at: datetime | None = None
    id: str | None = None
    thread: str | None = None
    # Event time (Memory.happened_at); None: the segment's, else the moment
    # it is written.
    happened_at: datetime | None = None
    happened_until: datetime | None = None
    # The teller said it corrects a memory ("… instead of Tuesday", "moved
    # to Friday", "actually …"; text/corrections.py): it replaces the most
    # similar one of the same thing, on whatever day that one was.
    corrects: bool = False
    # The old value it names ("Tuesday" of "… instead of Tuesday"): only a
    # memory that holds it is corrected; with none, `as_said` (the old
    # value's words kept) is the statement, told as any other.
    replaces: str | None = None
    # The old value as a dated memory says it ("on Tuesday 1 December" of
    # "…, not tomorrow"): a memory that holds it holds the old value too.
    replaces_dated: str | None = None
    as_said: Reading | None = None
    # The statement read as a plan (a weekday as the coming one): what it
    # stores when it corrects a memory that is still to come.
    as_plan: Reading | None = None
    # The language it was said in (the conversation's); None: the
    # household's (EngineConfig.language).
    language: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Reading:
    """A statement read another way (as a plan, operations/when.as_plan; as
    said, with a correction's old value kept) and the time it names (None:
    none named)."""

    content: str
    happened_at: datetime | None = None
    happened_until: datetime | None = None
    # In the teller's first person (NewMemory.own_words).
    own_words: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Telling:
    """Where a memory's statement came from and what it tells of, as a
    whole: its source and source ids (the conversation), who said it, its
    thread and its event time. A correction brings the newer statement's;
    the one it replaces stays in the memory's history."""

    source: Source
    source_ids: tuple[str, ...]
    speaker: str | None
    thread: str | None
    happened_at: datetime
    happened_until: datetime


@dataclass(frozen=True, slots=True, kw_only=True)
class MemoryPatch:
    """A partial update: None leaves a field as it is."""

    content: str | None = None
    summary: str | None = None
    kind: MemoryKind | None = None
    weight_class: WeightClass | None = None
    importance: float | None = None
    emotion: str | None = None
    people: tuple[str, ...] | None = None
    location: str | None = None
    tags: tuple[str, ...] | None = None
    visibility: Visibility | None = None
    expires_at: datetime | None = None
    clear_expiry: bool = False
    # The version the person edited: if the memory has changed since, the
    # update is refused (MemoryChangedError) instead of overwriting it.
    expected_version: int | None = None
    # Optional fields to empty ("emotion", "location"): None keeps a field.
    cleared: frozenset[str] = frozenset()
    # Who told the statement, where and about when: a newer statement folded
    # into the memory (storage/repeats.py) brings its own. None keeps it.
    told: Telling | None = None
    # When what it tells happened (start, end): an edit that names another
    # day moves it (operations/memories.async_update). None keeps it.
    happened: tuple[datetime, datetime] | None = None
    # The name of the person who asks (changes nothing by itself): a private
    # memory of theirs made household is told with it ("My code" -> "Anna's
    # code"), as a household memory they tell is. None: kept as written.
    speaker_name: str | None = None

    def is_empty(self) -> bool:
        """True when the patch changes nothing."""
        return (
            not self.clear_expiry
            and not self.cleared
            and all(
                getattr(self, name) is None
                for name in self.__dataclass_fields__
                if name
                not in {"clear_expiry", "expected_version", "cleared", "speaker_name"}
            )
        )


class CreateAction(StrEnum):
    """What create() did with the new statement (rules: text/statements.py)."""

    # A new memory.
    CREATED = "created"
    # A correction: an existing memory now says the new text; the text it
    # replaced is its previous version (history, undo).
    UPDATED = "updated"
    # A repeat: the existing memory was only reinforced (access, importance).
    REINFORCED = "reinforced"


@dataclass(frozen=True, slots=True)
class CreateResult:
    """The stored memory and whether it was new, a correction or a repeat."""

    memory: Memory
    action: CreateAction
    similarity: float | None = None
    # UPDATED: the memory's text before this statement corrected it.
    previous: str | None = None
    # UPDATED: the teller's other copy of the fact (household / private),
    # corrected too (storage/writing.py `_other_copy`).
    also: tuple[Memory, ...] = ()
    # CREATED (private): what the household memory the private statement
    # would have corrected still says (storage/writing.py `_household_says`).
    household_says: str | None = None
    # A message whose later part was told privately: what became of the
    # part before it, the household's (operations/memories.async_remember).
    shared: CreateResult | None = None
    # A private telling of the teller's own household memory: that memory,
    # now in the deleted tier (storage/writing.py `_take_private`).
    taken_private: tuple[Memory, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class MemoryFilter:
    """Restrictions on list and search. Empty tuples mean "any"."""

    kinds: tuple[MemoryKind, ...] = ()
    classes: tuple[WeightClass, ...] = ()
    tags: tuple[str, ...] = ()
    people: tuple[str, ...] = ()
    owner: str | None = None
    visibility: Visibility | None = None
    min_importance: float | None = None
    created_after: datetime | None = None
    created_before: datetime | None = None
    # Event time window: memories whose [happened_at, happened_until]
    # overlaps [happened_after, happened_before).
    happened_after: datetime | None = None
    happened_before: datetime | None = None
    # Words of the asked time that a memory's text may name instead ("The
    # plumber comes on Tuesday" for "on Tuesday"): such a memory passes the
    # event-time window whatever its own time (a habit, a plan ahead).
    window_or_naming: tuple[str, ...] = ()
    # The window asks what was done then ("what did we do last weekend"):
    # a habit told in it ("we go swimming every Saturday") answers only
    # where nothing else does (retrieval's `_without_habits`).
    window_done: bool = False
    # The question asks when or what was done, with no window ("when did
    # Uncle Tom come"): deeds first, and a plan told is no answer where a
    # deed is there (search/windows.py `reading_order`).
    deed_asked: bool = False
    tiers: tuple[Tier, ...] = (Tier.ACTIVE,)
    include_expired: bool = False
    origins: tuple[Origin, ...] = ()
    # Only this user's private memories (a non-admin's deleted and archived
    # tiers); with `visibility` household it matches nothing.
    private_of: str | None = None
    # Only what this user told (`Memory.teller`: its speaker, or the owner
    # of one told by an action): "what did I tell you today".
    teller: str | None = None
    # Not a restriction but an order: the results in the order they were
    # told (created, oldest first), not by relevance; the same list for the
    # same question, however often asked ("what did I tell you today", a
    # recap of the day; search/orders.py `in_order_told`).
    in_order_told: bool = False
    # Not a restriction but an order: the results nearest these moments
    # first (what happened closest to the clock time asked: "what happened
    # yesterday at 7 pm", 19:05 before 18:10; "gestern um acht", morning or
    # evening; search/orders.py `nearest_first`).
    nearest_to: tuple[datetime, ...] = ()

    def has_window(self) -> bool:
        """Whether it asks a time: when things happened or were told."""
        return any(
            moment is not None
            for moment in (
                self.happened_after,
                self.happened_before,
                self.created_after,
                self.created_before,
            )
        )

    def needs_sql(self) -> bool:
        """True when the filter narrows beyond visibility, tier and expiry."""
        return bool(
            self.kinds
            or self.classes
            or self.tags
            or self.people
            or self.owner is not None
            or self.visibility is not None
            or self.min_importance is not None
            or self.created_after is not None
            or self.created_before is not None
            or self.happened_after is not None
            or self.happened_before is not None
            or bool(self.origins)
            or self.private_of is not None
            or self.teller is not None
        )


@dataclass(frozen=True, slots=True)
class ScoredMemory:
    """A memory with the parts of its retrieval score."""

    memory: Memory
    score: float
    relevance: float
    similarity: float | None
    keyword_score: float | None
    decay: float
    recency: float
    access_bonus: float


@dataclass(frozen=True, slots=True, order=True)
class ListPosition:
    """Where a list page ended (newest first): the last row's time and rowid.

    The next page starts after it (keyset paging), so deep pages cost what
    the first does and rows added meanwhile shift nothing.
    """

    created_at: float
    rowid: int


@dataclass(frozen=True, slots=True)
class Page[T]:
    """One page of a longer result."""

    items: list[T]
    total: int
    offset: int
    next_offset: int | None
    # list_memories: where the next page starts, when there is one.
    next_position: ListPosition | None = None


@dataclass(frozen=True, slots=True)
class MaintenanceStats:
    """What one maintenance run did."""

    processed: int = 0
    archived_decayed: int = 0
    archived_expired: int = 0
    purged_archived: int = 0
    purged_log_entries: int = 0
    completed: bool = True
    details: dict[str, Any] = field(default_factory=dict)
