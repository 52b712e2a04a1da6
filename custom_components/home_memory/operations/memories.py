"""The memory operations: remember, update, undo, forget, restore, purge, get,
list, search and the admin's search over all tiers.

Each takes the `OperationScope` (who asks, in which entry and context) and a
typed request, checks access (`access.require`), runs the engine in the
executor (one transaction per engine call, so a refused request writes
nothing) and fires the memories-changed event once. Errors are the
`OperationError` family only (operations/errors.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import datetime
from functools import partial
from typing import TYPE_CHECKING, Any, Final

from ..memory.common.values import (
    SYSTEM,
    MemoryFilter,
    MemoryKind,
    MemoryPatch,
    NewMemory,
    Reading,
    Source,
    Tier,
    Visibility,
    WeightClass,
)
from ..memory.text.corrections import (
    Correction,
    dated_old,
    holds_old,
    kept_rest,
    read_correction,
)
from ..memory.text.kept_subject import kept_subject
from ..memory.text.naming import named_by_telling
from ..memory.text.statements import as_statement
from ..memory.text.validation import MAX_CONTENT_CHARS, merged_labels
from ..memory.time.impossible import impossible_date
from . import redating, told, when
from .access import (
    Access,
    Actor,
    check_manage,
    check_restore,
    may_manage,
    require,
    shown_in_tier,
    tier_filter,
)
from .errors import (
    ConflictError,
    ForbiddenError,
    InvalidRequestError,
    NotFoundError,
    async_engine,
)
from .events import async_memories_changed
from .persons import async_teller_name
from .private_words import says_only_private, split_private, told_after, told_apart
from .remembering import async_announce

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence

    from homeassistant.core import Context, HomeAssistant

    from ..memory.common.values import (
        Caller,
        CreateResult,
        ListPosition,
        Memory,
        ScoredMemory,
    )
    from ..memory.store import LogEntry, MemoryStore
    from ..memory.time.restating import Restated
    from ..runtime.data import HomeMemoryData

# Log rows returned per memory (and for the query text) by search_all_tiers.
LOG_ENTRIES_PER_MEMORY: Final = 50


@dataclass(frozen=True, slots=True)
class OperationScope:
    """Who asks an operation, in which loaded entry, in which HA context."""

    hass: HomeAssistant
    data: HomeMemoryData
    actor: Actor
    context: Context | None = None


# -- requests and results ----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RememberRequest:
    """What to remember (source `explicit`, owned by the caller)."""

    content: str
    summary: str | None = None
    kind: MemoryKind = MemoryKind.FACT
    weight_class: WeightClass | None = None
    importance: float = 0.5
    people: tuple[str, ...] = ()
    tags: tuple[str, ...] = ()
    location: str | None = None
    emotion: str | None = None
    visibility: Visibility = Visibility.HOUSEHOLD
    expires_at: datetime | None = None
    # When it happened: a moment, or time words ("yesterday evening");
    # None: a time the text names ("on Monday"), else when it is told.
    happened_at: datetime | str | None = None
    # Said in a conversation (LLM tool, sentence): the caller is its speaker
    # and the conversation its source.
    spoken: bool = False
    conversation_id: str | None = None
    # The language it was said in (the conversation's); None: not known,
    # the household's (when.statement_language).
    language: str | None = None


@dataclass(frozen=True, slots=True)
class UpdateRequest:
    """Change one memory; `patch` names the fields that change.

    `happened_at`: when what it tells happened, as `RememberRequest`'s (a
    moment or time words); None: a time the new text names, else as it was.
    A new text is read as `remember` reads a statement (`_as_told`), in
    `language` (the conversation's; None: the household's), unless
    `read_text` is False (a version written back as it was).
    """

    memory_id: str
    patch: MemoryPatch
    happened_at: datetime | str | None = None
    language: str | None = None
    read_text: bool = True
    # A spoken re-dating ("no wait, it was yesterday"): the time is told in
    # the text even where it names none (operations/redating.py).
    spoken: bool = False


@dataclass(frozen=True, slots=True)
class UpdateOutcome:
    """An update's memory, and whether anything changed (False: nothing written)."""

    memory: Memory
    changed: bool


@dataclass(frozen=True, slots=True)
class SelectRequest:
    """Memories by id and/or by tag (forget, purge).

    `versions` (forget): the version of each memory the person was shown; if
    one changed since, ConflictError memory_changed and nothing is forgotten.
    `tier` (purge): the tier the person was shown them in; if one left it
    since (restored meanwhile), ConflictError memory_changed and nothing is
    purged.
    """

    ids: tuple[str, ...] = ()
    tags: tuple[str, ...] = ()
    versions: Mapping[str, int] | None = None
    tier: Tier | None = None


@dataclass(frozen=True, slots=True)
class GetRequest:
    """One memory, with its version history if asked."""

    memory_id: str
    with_history: bool = False


@dataclass(frozen=True, slots=True)
class GetResult:
    """The memory, and its earlier versions (newest first) when asked.

    `may_manage`: the caller may restore and purge it (access.may_manage).
    """

    memory: Memory
    history: list[dict[str, Any]] | None = None
    may_manage: bool = False


@dataclass(frozen=True, slots=True)
class ListRequest:
    """A page of the caller's visible memories, newest first.

    `after` (the previous result's `next_position`) pages by key: deep pages
    cost what the first does. The total is then not counted again (-1).
    """

    filter: MemoryFilter = field(default_factory=MemoryFilter)
    offset: int = 0
    limit: int = 20
    after: ListPosition | None = None


@dataclass(frozen=True, slots=True)
class ListResult:
    """One page of memories."""

    memories: list[Memory]
    total: int
    offset: int
    next_offset: int | None
    next_position: ListPosition | None = None


@dataclass(frozen=True, slots=True)
class SearchRequest:
    """Hybrid search; `min_relevance` None applies the option's floor."""

    query: str
    filter: MemoryFilter = field(default_factory=MemoryFilter)
    offset: int = 0
    limit: int = 10
    min_relevance: float | None = None
    # False: looking is not using (the browser); Assist's searches reinforce.
    record_access: bool = True
    # The query's time words ("yesterday evening", "the last time") choose
    # the window and order (operations/when.py).
    read_time: bool = True


@dataclass(frozen=True, slots=True)
class SearchResult:
    """One page of scored memories and the relevance floor applied."""

    items: list[ScoredMemory]
    total: int
    offset: int
    next_offset: int | None
    min_relevance: float
    retrieval_mode: str


@dataclass(frozen=True, slots=True)
class AllTiersRequest:
    """Admin search over active, deleted and archived memories."""

    query: str
    limit: int = 20
    with_log: bool = False


@dataclass(frozen=True, slots=True)
class AllTiersResult:
    """Memories of every tier and, when asked, their log rows (newest first)."""

    items: list[ScoredMemory]
    total: int
    min_relevance: float
    log_entries: list[LogEntry] | None = None


# -- helpers ------------------------------------------------------------------------


def memories_by_id(store: MemoryStore, memory_ids: Sequence[str]) -> list[Memory]:
    """The memories with these ids (any tier), in that order, for their events."""
    if not memory_ids:
        return []
    by_rowid = store.fetch(store.rowids_of(list(memory_ids)))
    by_id = {memory.id: memory for memory in by_rowid.values()}
    return [by_id[memory_id] for memory_id in memory_ids if memory_id in by_id]


def check_private(actor: Actor, visibility: Visibility | None) -> None:
    """A private memory needs a user it belongs to."""
    if visibility is Visibility.PRIVATE and actor.caller.user_id is None:
        raise InvalidRequestError("private_needs_owner")


@dataclass(frozen=True, slots=True)
class RevertRequest:
    """Bring a memory back to an earlier version (from its history)."""

    memory_id: str
    version: int
    expected_version: int | None = None


def _version_patch(row: Mapping[str, Any], expected: int | None) -> MemoryPatch:
    """A patch that writes a history row's fields back (store.history)."""
    expires = row["expires_at"]
    start, end = row.get("happened_at"), row.get("happened_until")
    return MemoryPatch(
        # The version's event time (kept since schema 8): written back as it
        # was, not read again from its text.
        happened=None
        if start is None or end is None
        else (datetime.fromisoformat(str(start)), datetime.fromisoformat(str(end))),
        content=str(row["content"]),
        summary=str(row["summary"]),
        kind=MemoryKind(row["kind"]),
        weight_class=WeightClass(row["weight_class"]),
        importance=float(row["importance"]),
        emotion=row["emotion"],
        people=tuple(row["people"]),
        location=row["location"],
        tags=tuple(row["tags"]),
        visibility=Visibility(row["visibility"]),
        expires_at=None if expires is None else datetime.fromisoformat(str(expires)),
        clear_expiry=expires is None,
        expected_version=expected,
        cleared=frozenset(
            name for name in ("emotion", "location") if row[name] is None
        ),
    )


def _made_private(before: Memory, after: Memory) -> list[str]:
    """The id, if this change made a household memory private."""
    if before.visibility is Visibility.HOUSEHOLD and (
        after.visibility is Visibility.PRIVATE
    ):
        return [after.id]
    return []


def check_update(actor: Actor, patch: MemoryPatch) -> None:
    """Refuse an update that cannot succeed, before anything is looked up."""
    require(actor, Access.WRITE)
    if patch.is_empty():
        raise InvalidRequestError("nothing_to_change")
    check_private(actor, patch.visibility)


def check_update_request(actor: Actor, request: UpdateRequest) -> None:
    """Refuse an update request that cannot succeed, before anything is
    looked up: a new time alone is a change."""
    if request.happened_at is None:
        check_update(actor, request.patch)
    else:
        require(actor, Access.WRITE)
        check_private(actor, request.patch.visibility)


# -- writing (users who may control the home) ------------------------------------------


async def async_remember(
    scope: OperationScope, request: RememberRequest
) -> CreateResult:
    """Store a statement; the engine says whether it was created, updated
    (a correction) or reinforced (a repeat)."""
    require(scope.actor, Access.WRITE)
    caller = scope.actor.caller
    language = when.statement_language(scope.hass, request.language)
    # "…, keep it private", "just for me": the teller's own, whatever the
    # surface (the action stored them for everyone, attack review s17).
    # "remember privately that my code is 6666\nremember that the bucket is
    # in the shed": the later part is the household's (live review s43 #2).
    private = request.visibility == Visibility.PRIVATE
    if shared := await scope.hass.async_add_executor_job(
        partial(told_after, request.content, language, private=private)
    ):
        return await _async_remember_apart(
            scope, request, shared.said, shared.before, private_first=True
        )
    private, content = await scope.hass.async_add_executor_job(
        partial(split_private, request.content, language, apart=True)
    )
    if not private and (
        later := await scope.hass.async_add_executor_job(
            told_apart, request.content, language
        )
    ):
        return await _async_remember_apart(
            scope, request, later.before or "", later.said
        )
    if private:
        request = replace(request, content=content, visibility=Visibility.PRIVATE)
    check_private(scope.actor, request.visibility)
    # "… instead of Tuesday", "moved to Friday": a correction in its words.
    said, _ = _read_told(request.content, language)

    def dated(text: str) -> Restated:
        # Read in the text's own language (review s37 #19: a German deed
        # told in an English conversation was stored undated).
        return when.happened(
            scope.hass,
            request.happened_at,
            text,
            request.kind,
            ahead=said.ahead,
            said_in=when.text_language(text, language),
        )

    told = dated(said.statement)
    # "We repainted the shed next week", or "… the shed" and "next week": a
    # deed told as done is not stored after now, refused as update refuses
    # a new text (review s39 #3).
    redating.check_not_ahead(
        scope.hass, told.text, told.window, language, ahead=said.ahead
    )
    window = told.window
    plan = (
        None
        if request.happened_at
        else when.as_plan(scope.hass, told, request.kind, language)
    )
    # With its old value's words, stored unless a memory holding it is
    # corrected ("allergic to penicillin, not amoxicillin" corrects none).
    as_said = None if said.as_said is None else dated(said.as_said)
    new = NewMemory(
        content=told.text,
        summary=request.summary,
        kind=request.kind,
        weight_class=request.weight_class,
        importance=float(request.importance),
        people=request.people,
        tags=request.tags,
        location=request.location or None,
        emotion=request.emotion or None,
        source=Source.EXPLICIT,
        source_ids=(request.conversation_id,) if request.conversation_id else (),
        # Said in a conversation: its memories are one thread (retrieval
        # lends a question's relevance to the answer after it).
        thread=request.conversation_id,
        speaker=caller.user_id if request.spoken else None,
        # Told for the household, a person's "my car" is theirs: "Anna's car".
        speaker_name=await async_teller_name(scope.hass, caller.user_id),
        owner=caller.user_id,
        visibility=request.visibility,
        expires_at=request.expires_at,
        happened_at=None if window is None else window.start,
        happened_until=None if window is None else window.end,
        corrects=said.corrects and not said.adds,
        replaces=said.old,
        # "…, not tomorrow" of a memory stored "… on Tuesday 1 December".
        replaces_dated=None
        if as_said is None
        else dated_old(told.text, as_said.text, language, said.old_parts),
        as_said=None if as_said is None else _reading(as_said),
        as_plan=None if plan is None or plan.window is None else _reading(plan),
        language=language,
    )
    result = await async_engine(
        scope.hass, partial(scope.data.store.create, new, caller)
    )
    async_announce(scope.hass, result, scope.context)
    return result


async def _async_remember_apart(
    scope: OperationScope,
    request: RememberRequest,
    before: str,
    said: str,
    *,
    private_first: bool = False,
) -> CreateResult:
    """ "The bike is in the shed. Remember privately that my code is 1234.":
    the household's part (`before`) as told (`request`'s visibility; the
    household's where it came after the private part, `private_first`,
    review s43 #2), the part told privately (`said`) privately, each as a
    statement without the words that said so (live review s42); the
    private part's result with the other's (`CreateResult.shared`).
    Refused before anything is stored where nobody it could be private
    to speaks."""
    check_private(scope.actor, Visibility.PRIVATE)
    shared = await async_remember(
        scope,
        replace(request, content=before, visibility=Visibility.HOUSEHOLD)
        if private_first
        else replace(request, content=before),
    )
    private = await async_remember(
        scope, replace(request, content=said, visibility=Visibility.PRIVATE)
    )
    return replace(private, shared=shared)


def _read_told(content: str, language: str) -> tuple[Correction, str]:
    """`content` as the statement it tells and whether it corrects one or
    moves a plan ahead ("… moved to Friday", "… auf Freitag verschoben"),
    read in its own language, as its time words are (when.text_language),
    whatever the conversation's or the home's (`language`): an English
    "moved to Friday" in a German home was read as a deed, and went to
    last Friday (review s39 #1). With that language.

    A date no calendar has ("… on 30 February", "am 31. April") is refused,
    nothing written (review s40 #9: stored as said, undated)."""
    own = when.text_language(content, language)
    if (date := impossible_date(content, own)) is not None:
        raise InvalidRequestError("impossible_date", date=date)
    return read_correction(content, own), own


def _reading(told: Restated) -> Reading:
    """A statement read another way, for the engine (NewMemory.as_plan,
    NewMemory.as_said)."""
    window = told.window
    return Reading(
        content=told.text,
        happened_at=None if window is None else window.start,
        happened_until=None if window is None else window.end,
    )


async def async_update(scope: OperationScope, request: UpdateRequest) -> UpdateOutcome:
    """Change a memory (a new version; the old one stays in its history).

    An update that changes nothing writes no version, no log row and fires
    no event (the engine keeps the memory as it is): `changed` is False.
    """
    patch = request.patch
    check_update_request(scope.actor, request)
    store = scope.data.store
    caller = scope.actor.caller
    # Shared with the household, their private "my code" is "Anna's code".
    patch = replace(
        patch, speaker_name=await async_teller_name(scope.hass, caller.user_id)
    )
    reads_text = request.happened_at is not None or (
        patch.content is not None and patch.happened is None
    )
    # Read from the version it is written over, under the writer lock: an
    # update with no version of its own is the last writer's, whatever
    # landed meanwhile (attacker review s18b: it was refused).
    seen: list[Memory] = []

    def _told(current: Memory) -> MemoryPatch:
        told = patch
        if reads_text and patch.content is not None and request.read_text:
            told = _as_told(scope, current, replace(request, patch=patch))
        elif reads_text:
            told = _moved_in_time(scope, current, patch, request)
        _check_not_anothers_told(store, current, told, caller)
        seen.append(current)
        return told

    def _update() -> tuple[Memory, Memory]:
        memory = store.update(request.memory_id, patch, caller, told=_told)
        return seen[-1], memory

    try:
        before, memory = await async_engine(scope.hass, _update)
    except ConflictError as err:
        if request.patch.expected_version is not None:
            raise  # the version the caller saw
        # Nothing was shown: another change landed while this one was read.
        raise ConflictError("memory_changed_meanwhile", **err.placeholders) from err
    if memory.version == before.version:
        return UpdateOutcome(memory, changed=False)
    async_memories_changed(
        scope.hass,
        updated=[memory],
        made_private=_made_private(before, memory),
        context=scope.context,
    )
    return UpdateOutcome(memory, changed=True)


def _as_told(
    scope: OperationScope, current: Memory, request: UpdateRequest
) -> MemoryPatch:
    """An update's new text read as `remember` reads a statement, on every
    surface (docs/engine.md, "Updating: the new text is told"):

    - the words that keep it to the teller ("…, keep it private", "…, das
      bleibt unter uns"; operations/private_words.py) are left out and make
      it private: the teller's own household memory becomes their private
      one; anyone else's is refused (ForbiddenError private_words_not_owner),
      since neither the new text nor the memory may go to the household;
    - a correction in its words ("… on Wednesday instead of Tuesday", "…
      moved to Friday") stores the statement, its old value left out where
      this memory holds it, its subject's words kept, dated as remember
      dates it;
    - the teller's first person is named for the household ("my bike" ->
      "Anna's bike", her name joining the people), kept in a private one.
    """
    patch = request.patch
    content = str(patch.content)
    if request.happened_at is None and content == current.content:
        return patch  # the text as it is (a form sent back with other edits)
    caller = scope.actor.caller
    language = when.statement_language(scope.hass, request.language)
    if says_only_private(content, language):
        # "keep it private" alone: the memory as it is, kept to its teller.
        _check_kept_private(scope, current)
        return replace(patch, content=None, visibility=Visibility.PRIVATE)
    private, content = split_private(content, language)
    visibility = patch.visibility or current.visibility
    if private:
        _check_kept_private(scope, current)
        visibility = Visibility.PRIVATE
    said, own = _read_told(content, language)
    statement = said.statement
    if (
        said.old is not None
        and said.as_said is not None
        and not holds_old(current.content, said.old, own)
    ):
        # "… instead of Tuesday" of a memory that never said Tuesday: as said.
        statement = said.as_said
    if said.corrects:
        kept = kept_subject(current.content, statement, own)
        if statement == said.statement:  # the old value it names is held
            kept = kept_rest(current.content, kept, said.old, own)
        statement = kept if len(kept) <= MAX_CONTENT_CHARS else statement
    if request.happened_at is None:
        told = when.happened(
            scope.hass,
            None,
            statement,
            patch.kind or current.kind,
            ahead=said.ahead,
            said_in=own,
        )
        # "Anna watered the plants tomorrow": refused as "tomorrow" given
        # alone is (review s37 #16); "… moved to Friday" is no deed.
        redating.check_not_ahead(
            scope.hass, told.text, told.window, language, ahead=said.ahead
        )
    else:
        # The time given moves the text's own time words with it, as a
        # re-dating does (review s37 #16: "… on Sunday" stayed beside a
        # Tuesday).
        told = redating.told_at(
            scope.hass,
            current,
            replace(patch, content=statement),
            request.happened_at,
            request.language,
            ahead=said.ahead,
        )
    name = None if visibility is Visibility.PRIVATE else patch.speaker_name
    text = as_statement(
        told.text,
        private=visibility is Visibility.PRIVATE,
        told_by=name,
        by_person=caller.user_id is not None,
        language=language,
    )
    if len(text) > MAX_CONTENT_CHARS:
        text = told.text
    people = patch.people
    if name and named_by_telling(name, text, told.text):
        people = merged_labels(current.people if people is None else people, (name,))
    patch = replace(
        patch,
        content=text,
        people=people,
        visibility=Visibility.PRIVATE if private else patch.visibility,
    )
    if told.window is None:
        return patch
    return replace(patch, happened=(told.window.start, told.window.end))


def _check_not_anothers_told(
    store: MemoryStore, current: Memory, patch: MemoryPatch, caller: Caller
) -> None:
    """Making a household memory private as it is, where its newest version
    is another person's told correction, is refused (ForbiddenError
    private_told_by_another): Ben's "… on Friday instead of Monday" in
    Anna's memory left the household with it, and he was not told (attack
    review s18b). With new text of her own it is her statement again.
    Blocking: runs in the executor."""
    if (
        patch.visibility is not Visibility.PRIVATE
        or current.visibility is not Visibility.HOUSEHOLD
        or patch.content not in (None, current.content)
    ):
        return
    history = store.history(current.id, caller)
    teller = history[0]["replaced_by"] if history else None
    if teller not in (None, caller.actor, SYSTEM.actor):
        raise ForbiddenError("private_told_by_another", id=current.id)


def _check_kept_private(scope: OperationScope, current: Memory) -> None:
    """Words that keep `current` to its teller are the owner's to say: anyone
    else's would take it, or the new text, from the household."""
    check_private(scope.actor, Visibility.PRIVATE)
    owner = scope.actor.caller.user_id
    if current.visibility is not Visibility.PRIVATE and (
        current.owner is None or current.owner != owner
    ):
        raise ForbiddenError("private_words_not_owner", id=current.id)


def _moved_in_time(
    scope: OperationScope,
    current: Memory,
    patch: MemoryPatch,
    request: UpdateRequest,
) -> MemoryPatch:
    """An edit's event time, as `remember` derives it (operations/when.py):
    the time given, its text's time words moved with it (operations/
    redating.py, as the voice's "no wait, it was yesterday"), else the time
    the new text names ("… on Wednesday 2 December at 8"; its relative
    words said as dates), else the memory's own stays. New-user review: an
    edited date left the event on the old day."""
    given = request.happened_at
    if given is not None and patch.content is None:
        return redating.moved(
            scope.hass,
            current,
            patch,
            given,
            request.language,
            spoken=request.spoken,
        )
    content = patch.content if patch.content is not None else current.content
    if given is None and content == current.content:
        return patch
    told = when.happened(scope.hass, given, content, patch.kind or current.kind)
    if patch.content is not None:
        patch = replace(patch, content=told.text)
    if told.window is None:
        return patch
    return replace(patch, happened=(told.window.start, told.window.end))


async def async_undo(scope: OperationScope, memory_id: str) -> Memory:
    """Return a memory to the version before its last update."""
    require(scope.actor, Access.WRITE)
    store = scope.data.store
    caller = scope.actor.caller

    def _undo() -> tuple[Memory, Memory]:
        before = store.get(memory_id, caller)
        return before, store.undo(memory_id, caller)

    before, memory = await async_engine(scope.hass, _undo)
    async_memories_changed(
        scope.hass,
        updated=[memory],
        made_private=_made_private(before, memory),
        context=scope.context,
    )
    return memory


async def async_revert(scope: OperationScope, request: RevertRequest) -> UpdateOutcome:
    """Write an earlier version back as the newest one (so it can be undone).

    The version comes from the history the caller may see; NotFoundError
    version_not_found otherwise. `expected_version` guards against a change
    made meanwhile (ConflictError memory_changed). Reverting to a version
    equal to the memory as it is writes nothing (`changed` False).
    """
    require(scope.actor, Access.WRITE)
    store = scope.data.store
    caller = scope.actor.caller

    def _patch() -> MemoryPatch:
        for row in store.history(request.memory_id, caller):
            if row["version"] == request.version:
                return _version_patch(row, request.expected_version)
        raise NotFoundError(
            "version_not_found", id=request.memory_id, version=str(request.version)
        )

    patch = await async_engine(scope.hass, _patch)
    return await async_update(
        scope, UpdateRequest(request.memory_id, patch, read_text=False)
    )


async def async_forget(scope: OperationScope, request: SelectRequest) -> list[Memory]:
    """Move memories to the deleted tier at once (an admin can restore the
    household's, the owner their private ones).

    The two-step forget of conversations is operations/choosing.py.
    """
    require(scope.actor, Access.WRITE)
    store = scope.data.store

    def _forget() -> list[Memory]:
        ids = store.soft_delete(
            scope.actor.caller,
            ids=list(request.ids),
            tags=list(request.tags),
            versions=request.versions,
        )
        return memories_by_id(store, ids)

    forgotten = await async_engine(scope.hass, _forget)
    async_memories_changed(scope.hass, forgotten=forgotten, context=scope.context)
    return forgotten


async def async_restore(scope: OperationScope, ids: Sequence[str]) -> list[Memory]:
    """Bring forgotten or archived memories back (access.may_restore: an
    admin, the owner of a private memory, or who forgot it); one refused
    refuses all."""
    actor = scope.actor
    require(actor, Access.WRITE)
    store = scope.data.store

    def _restore() -> list[Memory]:
        restored = store.restore(
            actor.caller, ids=list(ids), check=partial(check_restore, actor)
        )
        return memories_by_id(store, restored)

    restored = await async_engine(scope.hass, _restore)
    async_memories_changed(scope.hass, restored=restored, context=scope.context)
    return restored


async def async_purge(scope: OperationScope, request: SelectRequest) -> list[str]:
    """Delete memories for good (who may: as for restore); returns the purged ids."""
    actor = scope.actor
    require(actor, Access.WRITE)
    store = scope.data.store

    def _purge() -> tuple[list[str], list[Memory]]:
        # As they were, so that each is announced to those who could see it.
        before = {m.id: m for m in memories_by_id(store, list(request.ids))}
        ids = store.hard_delete(
            actor.caller,
            ids=list(request.ids),
            tags=list(request.tags),
            tier=request.tier,
            check=partial(check_manage, actor),
        )
        return ids, [before[i] for i in ids if i in before]

    purged, memories = await async_engine(scope.hass, _purge)
    # No bus event (they were forgotten or archived first, most of the time);
    # the browser's subscription is told.
    async_memories_changed(scope.hass, purged=memories, context=scope.context)
    return list(purged)


# -- reading (everyone) ---------------------------------------------------------------


async def async_get(scope: OperationScope, request: GetRequest) -> GetResult:
    """One memory the caller may see, with its history when asked."""
    actor = scope.actor
    require(actor, Access.READ)
    store = scope.data.store
    caller = actor.caller

    def _get() -> GetResult:
        memory = store.get(request.memory_id, caller)
        if not shown_in_tier(caller, memory):
            # A household memory's deleted and archived tiers are an admin's.
            raise NotFoundError("memory_not_found", id=request.memory_id)
        manage = may_manage(actor, memory)
        if not request.with_history:
            return GetResult(memory, may_manage=manage)
        history = store.history(request.memory_id, caller)
        return GetResult(memory, history, may_manage=manage)

    return await async_engine(scope.hass, _get)


async def async_list(scope: OperationScope, request: ListRequest) -> ListResult:
    """A page of memories matching the filter, newest first."""
    require(scope.actor, Access.READ)
    flt = tier_filter(scope.actor, request.filter)
    page = await async_engine(
        scope.hass,
        partial(
            scope.data.store.list_memories,
            scope.actor.caller,
            flt,
            offset=request.offset,
            limit=request.limit,
            after=request.after,
        ),
    )
    return ListResult(
        list(page.items),
        page.total,
        page.offset,
        page.next_offset,
        page.next_position,
    )


async def async_search(scope: OperationScope, request: SearchRequest) -> SearchResult:
    """Hybrid search as Assist uses it, above the relevance floor; a question
    of what someone told ("what did I tell you today") as recall reads it
    (operations/told.py `async_asked`)."""
    require(scope.actor, Access.READ)
    flt = tier_filter(scope.actor, request.filter)
    data = scope.data
    tries = (
        (
            await told.async_asked(
                scope.hass,
                request.query,
                flt,
                scope.actor.caller.user_id,
                data.retriever.model_languages,
            )
        ).tries
        if request.read_time
        else (when.Question(request.query, flt),)
    )
    # The asker's "my car" is theirs: "Anna's car".
    asker = await async_teller_name(scope.hass, scope.actor.caller.user_id)
    for asked in tries:
        # Everything in the window the question names is an answer, unless
        # the question has a topic besides its time (`Question.floor`).
        floor = (
            asked.floor(data.retriever.config.search_min_relevance)
            if request.min_relevance is None
            else request.min_relevance
        )
        with data.latency.measure("search"):
            page = await async_engine(
                scope.hass,
                partial(
                    data.retriever.search,
                    asked.query,
                    scope.actor.caller,
                    asked.filter,
                    limit=request.limit,
                    offset=request.offset,
                    min_relevance=floor,
                    record_access=request.record_access,
                    newest_first=asked.newest_first,
                    topic_in_window=asked.topic_in_window,
                    asker=asker,
                ),
            )
        # "What did Anna say about the car", and Anna told none of it: the
        # topic alone (the next try).
        if page.total:
            break
    return SearchResult(
        list(page.items),
        page.total,
        page.offset,
        page.next_offset,
        floor,
        data.store.backends()["retrieval_mode"],
    )


async def async_search_all_tiers(
    scope: OperationScope, request: AllTiersRequest
) -> AllTiersResult:
    """Active, deleted and archived memories for a query, and their log (admin)."""
    require(scope.actor, Access.ADMIN)
    return await async_engine(
        scope.hass, partial(_search_all_tiers, scope.data, scope.actor, request)
    )


def _search_all_tiers(
    data: HomeMemoryData, actor: Actor, request: AllTiersRequest
) -> AllTiersResult:
    """Log rows hold no text: they are found by the ids of the memories found
    and by the hash of the query (a memory whose text is exactly the query,
    even if it has been purged since)."""
    store = data.store
    caller = actor.caller
    page = data.retriever.search(
        request.query,
        caller,
        MemoryFilter(tiers=tuple(Tier), include_expired=True),
        limit=request.limit,
        # An audit must not reinforce what it looks at.
        record_access=False,
    )
    floor = data.retriever.config.search_min_relevance
    if not request.with_log:
        return AllTiersResult(list(page.items), page.total, floor)
    found = {item.memory.id for item in page.items}
    entries: list[LogEntry] = []
    # The log read leaves out rows of other people's private memories, purged
    # or not: an admin must not confirm that someone stored a private text.
    for memory_id in found:
        entries.extend(
            store.log_entries(
                memory_id=memory_id, limit=LOG_ENTRIES_PER_MEMORY, caller=caller
            )
        )
    for entry in store.log_entries(
        content_hash_of=request.query, limit=LOG_ENTRIES_PER_MEMORY, caller=caller
    ):
        if entry.memory_id is None or entry.memory_id in found:
            entries.append(entry)
        elif not store.rowids_of([entry.memory_id]):
            entries.append(entry)  # purged: the log is all that is left
        # else: a memory that exists but is not in the results (another tier
        # past the limit, or hidden from this caller).
    unique = {
        (e.at, e.operation, e.memory_id, e.actor, e.content_hash): e for e in entries
    }
    log = sorted(unique.values(), key=lambda e: e.at, reverse=True)
    return AllTiersResult(list(page.items), page.total, floor, log)
