"""Stateful property test: random operation sequences against a Python model.

A hypothesis ``RuleBasedStateMachine`` drives a real MemoryStore (HashingEmbedder,
manual clock) through creates, updates, undos, soft deletes, restores, hard
deletes, searches, listings, clock jumps, maintenance runs and reopenings, and
after every step compares the store with a plain-Python model of what must be
there: tiers, fields, versions, who can see what, and the vector index.

Texts come from a per-example counter vocabulary, so a "fresh" text never
resembles another; a create may also reuse an existing text on purpose, and
the model then expects the dedup fold (reinforcement of an active, unexpired
memory with the same owner, visibility and text).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
import tempfile
from typing import Any

from hypothesis import HealthCheck, settings, strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    invariant,
    rule,
    run_state_machine_as_test,
)
import pytest

from custom_components.home_memory.memory.common.values import (
    DATED_KINDS,
    Caller,
    CreateAction,
    Memory,
    MemoryFilter,
    MemoryKind,
    MemoryPatch,
    NewMemory,
    Tier,
    Visibility,
    WeightClass,
    other_occasion,
)
from custom_components.home_memory.memory.scoring import decay
from custom_components.home_memory.memory.search.retrieval import Retriever
from custom_components.home_memory.memory.store import (
    InvalidMemoryError,
    MemoryNotFoundError,
    MemoryStore,
    NothingToUndoError,
    VisibilityChangeForbiddenError,
    summarize,
)

from .conftest import START, HashingEmbedder, ManualClock

ALICE = Caller(user_id="alice")
BOB = Caller(user_id="bob")
HOUSE = Caller()
ADMIN = Caller(user_id="admin", is_admin=True)
CALLERS = {"alice": ALICE, "bob": BOB, "house": HOUSE, "admin": ADMIN}
OWNERS = ("alice", "bob", None)
# "Family" checks that tags are case-folded on write and on selection.
TAGS = ("kitchen", "garden", "work", "health", "Family")
SHARED_WORDS = ("garage", "holiday", "doctor", "")
# Conversations: a memory's neighbours in its thread lend it relevance.
THREADS = (None, None, "chat-a", "chat-b")
ALL_TIERS = (Tier.ACTIVE, Tier.DELETED, Tier.ARCHIVED)
DAY = 86_400
# Kinds with and without an explicit class; the model derives the default.
KIND_CHOICES: tuple[tuple[MemoryKind, WeightClass | None], ...] = (
    (MemoryKind.FACT, None),
    (MemoryKind.PREFERENCE, None),
    (MemoryKind.ROUTINE, None),
    (MemoryKind.OBSERVATION, None),
    (MemoryKind.EVENT, WeightClass.TRANSIENT),
    (MemoryKind.FACT, WeightClass.OBSERVATION),
)
DEFAULT_CLASS = {
    MemoryKind.FACT: WeightClass.SIGNIFICANT,
    MemoryKind.EVENT: WeightClass.SIGNIFICANT,
    MemoryKind.PREFERENCE: WeightClass.PREFERENCE,
    MemoryKind.ROUTINE: WeightClass.ROUTINE,
    MemoryKind.OBSERVATION: WeightClass.OBSERVATION,
}
# How a text is chosen; the last is a copy of an existing memory's text.
TEXT_KINDS = ("fresh", "fresh", "long", "reuse")
# Letters without vowels, "s" or "y": Porter stemming leaves such words alone.
_LETTERS = "bcdfghjklmnpqrtvwxz"

# Durability is test_crash_safety's business: here a RAM disk (when there is
# one) spares the thousands of fsyncs of synchronous=FULL.
_TMP_DIR = "/dev/shm" if Path("/dev/shm").is_dir() else None

# Steps driven across the whole run (reported by the test).
STEP_COUNTS: dict[str, int] = {}

SETTINGS = settings(
    max_examples=100,
    stateful_step_count=40,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)


def _count(what: str) -> None:
    STEP_COUNTS[what] = STEP_COUNTS.get(what, 0) + 1


def _dt(value: float | None) -> datetime | None:
    return None if value is None else datetime.fromtimestamp(value, UTC)


@dataclass
class Model:
    """What one memory must look like."""

    id: str
    rowid: int
    content: str
    kind: MemoryKind
    weight_class: WeightClass
    importance: float
    effective: float
    tags: tuple[str, ...]
    owner: str | None
    visibility: Visibility
    expires_at: float | None
    created_at: float
    updated_at: float
    last_accessed_at: float | None = None
    access_count: int = 0
    tier: Tier = Tier.ACTIVE
    deleted_at: float | None = None
    deleted_by: str | None = None
    archived_at: float | None = None
    version: int = 1
    thread: str | None = None
    # (version, snapshot) of earlier states, oldest first (the undo stack).
    history: list[tuple[int, dict[str, Any]]] = field(default_factory=list)

    def visible_to(self, caller: Caller) -> bool:
        return self.visibility is Visibility.HOUSEHOLD or (
            caller.user_id is not None and self.owner == caller.user_id
        )

    def unexpired(self, now: float) -> bool:
        return self.expires_at is None or self.expires_at > now

    def snapshot(self) -> dict[str, Any]:
        return {
            "content": self.content,
            "kind": self.kind,
            "weight_class": self.weight_class,
            "importance": self.importance,
            "tags": self.tags,
            "visibility": self.visibility,
            "expires_at": self.expires_at,
        }

    def push_version(self, now: float, limit: int) -> None:
        """What _apply_patch does before changing fields."""
        self.history = [(v, s) for v, s in self.history if v != self.version]
        self.history.append((self.version, self.snapshot()))
        oldest = min(v for v, _ in self.history)
        self.history = [
            (v, s) for v, s in self.history if v > self.version - limit or v == oldest
        ]
        self.version += 1
        self.updated_at = now

    def touch(self, now: float, *, counted: bool = True) -> None:
        self.access_count += int(counted)
        self.last_accessed_at = now


def _matches(memory: Model, flt: MemoryFilter, now: float) -> bool:
    """The model's reading of MemoryFilter (the fields this test uses)."""
    return (
        memory.tier in flt.tiers
        and (flt.include_expired or memory.unexpired(now))
        and all(tag.casefold() in memory.tags for tag in flt.tags)
        and (flt.owner is None or memory.owner == flt.owner)
        and (flt.visibility is None or memory.visibility is flt.visibility)
        and (flt.min_importance is None or memory.importance >= flt.min_importance)
    )


def _may_change_visibility(
    memory: Model, visibility: Visibility | None, caller: Caller
) -> bool:
    """Only the owner changes who sees a memory; nobody's memory, an admin."""
    if visibility is None or visibility is memory.visibility:
        return True
    if memory.owner is None:
        return visibility is Visibility.PRIVATE or caller.is_admin
    return caller.user_id == memory.owner


def _clean_tags(tags: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(tag.casefold() for tag in tags))


class StoreMachine(RuleBasedStateMachine):
    """Random operations on a MemoryStore, checked against `Model` records."""

    def __init__(self) -> None:
        super().__init__()
        self._tmp = tempfile.TemporaryDirectory(prefix="hm-stateful-", dir=_TMP_DIR)
        self.path = Path(self._tmp.name) / "memory.db"
        self.clock = ManualClock(START)
        self.embedder = HashingEmbedder()
        self.store = MemoryStore(self.path, embedder=self.embedder, clock=self.clock)
        self.retriever = Retriever(self.store)
        self.cfg = self.store.config
        self.model: dict[str, Model] = {}
        self.purged: set[str] = set()
        self.words = 0
        self.ids = 0
        self.steps = 0

    def teardown(self) -> None:
        _count("examples")
        STEP_COUNTS["steps"] = STEP_COUNTS.get("steps", 0) + self.steps
        try:
            self.store.close()
        finally:
            self._tmp.cleanup()

    # -- helpers ---------------------------------------------------------------

    @property
    def now(self) -> float:
        return self.clock.value

    def _fresh_text(self, words: int, shared: str) -> str:
        out = []
        for _ in range(words):
            n, self.words = self.words, self.words + 1
            word = ""
            for _ in range(4):
                n, digit = divmod(n, len(_LETTERS))
                word += _LETTERS[digit]
            out.append("v" + word)
        text = " ".join([shared, *out]).strip()
        # Written as a sentence (a capital first): stored exactly as given.
        return text[0].upper() + text[1:]

    def _new_id(self) -> str:
        # Explicit, ordered ids: random ones would make the draws below (which
        # sample from sorted ids) differ between runs of the same example.
        self.ids += 1
        return f"m{self.ids:04d}"

    def _text(self, data: st.DataObject, *, allow_reuse: bool = True) -> str:
        choice = data.draw(
            st.sampled_from(TEXT_KINDS if allow_reuse else TEXT_KINDS[:3]),
            label="text",
        )
        if choice == "reuse" and self.model:
            source = data.draw(st.sampled_from(sorted(self.model)), label="reuse_of")
            return self.model[source].content
        words = data.draw(
            st.integers(25, 40) if choice == "long" else st.integers(1, 5)
        )
        return self._fresh_text(words, data.draw(st.sampled_from(SHARED_WORDS)))

    def _some_id(self, data: st.DataObject, label: str = "id") -> str:
        pool = [*sorted(self.model), *sorted(self.purged), "no-such-memory"]
        return data.draw(st.sampled_from(pool), label=label)

    def _caller(self, data: st.DataObject) -> Caller:
        return CALLERS[data.draw(st.sampled_from(sorted(CALLERS)), label="caller")]

    def _expiry(self, data: st.DataObject, *, optional: bool = True) -> float | None:
        offsets = st.sampled_from([-3600, 60, 3600, DAY, 7 * DAY, 45 * DAY]) | (
            st.integers(-DAY, 120 * DAY)
        )
        offset = data.draw(st.none() | offsets if optional else offsets, "expires_in")
        return None if offset is None else self.now + offset

    def _rowid(self, memory_id: str) -> int:
        rowids = self.store.rowids_of([memory_id])
        assert len(rowids) == 1, f"{memory_id} has rowids {rowids}"
        return rowids[0]

    def _visible_ids(self, caller: Caller, flt: MemoryFilter) -> set[str]:
        return {
            m.id
            for m in self.model.values()
            if m.visible_to(caller) and _matches(m, flt, self.now)
        }

    def _assert_same(self, got: Memory, want: Model, where: str) -> None:
        expected = {
            "content": want.content,
            "summary": summarize(want.content),
            "kind": want.kind,
            "weight_class": want.weight_class,
            "importance": want.importance,
            "effective_importance": want.effective,
            "tags": want.tags,
            "owner": want.owner,
            "visibility": want.visibility,
            "expires_at": _dt(want.expires_at),
            "created_at": _dt(want.created_at),
            "updated_at": _dt(want.updated_at),
            "last_accessed_at": _dt(want.last_accessed_at),
            "access_count": want.access_count,
            "tier": want.tier,
            "deleted_at": _dt(want.deleted_at),
            "deleted_by": want.deleted_by,
            "archived_at": _dt(want.archived_at),
            "version": want.version,
            "thread": want.thread,
            "embedding_model": HashingEmbedder.model_id,
        }
        actual = {name: getattr(got, name) for name in expected}
        diff = {
            name: (actual[name], value)
            for name, value in expected.items()
            if actual[name] != value
        }
        assert not diff, f"{where}: memory {want.id} differs (got, want): {diff}"

    def _check_retrieved(
        self, items: list[Memory], caller: Caller, flt: MemoryFilter, what: str
    ) -> None:
        for memory in items:
            want = self.model.get(memory.id)
            assert want is not None, f"{what} returned unknown memory {memory.id}"
            assert want.tier is Tier.ACTIVE, (
                f"{what} returned {memory.id} from tier {want.tier}"
            )
            assert want.unexpired(self.now), (
                f"{what} returned expired {memory.id} (expires {want.expires_at}, "
                f"now {self.now})"
            )
            assert want.visible_to(caller), (
                f"{what} for {caller} returned {memory.id}, private to {want.owner}"
            )
            assert _matches(want, flt, self.now), (
                f"{what} returned {memory.id}, which fails the filter {flt}"
            )

    # -- create ----------------------------------------------------------------

    @rule(
        data=st.data(),
        owner=st.sampled_from(OWNERS),
        private=st.booleans(),
        tags=st.lists(st.sampled_from(TAGS), max_size=3),
        importance=st.sampled_from([0.05, 0.2, 0.4, 0.5, 0.8, 1.0])
        | st.floats(0.0, 1.0),
        kind=st.sampled_from(KIND_CHOICES),
    )
    def create(
        self,
        data: st.DataObject,
        owner: str | None,
        private: bool,
        tags: list[str],
        importance: float,
        kind: tuple[MemoryKind, WeightClass | None],
    ) -> None:
        self.steps += 1
        text = self._text(data)
        twin = next((m for m in self.model.values() if m.content == text), None)
        if twin is not None and data.draw(st.booleans(), label="same_scope"):
            # Same owner and visibility as the text's other memory: a fold case.
            owner, private = twin.owner, twin.visibility is Visibility.PRIVATE
        self._create(data, text, owner, private, tags, importance, kind)

    @rule(
        data=st.data(),
        tags=st.lists(st.sampled_from(TAGS), max_size=2),
        importance=st.sampled_from([0.2, 0.5, 0.9]),
    )
    def create_again(
        self, data: st.DataObject, tags: list[str], importance: float
    ) -> None:
        """Someone says the same thing again: a fold, unless the earlier memory
        is no longer active or has expired."""
        self.steps += 1
        if not self.model:
            return
        twin = self.model[data.draw(st.sampled_from(sorted(self.model)), "twin")]
        private = twin.visibility is Visibility.PRIVATE
        kind = (MemoryKind.FACT, None)
        self._create(data, twin.content, twin.owner, private, tags, importance, kind)

    def _create(
        self,
        data: st.DataObject,
        text: str,
        owner: str | None,
        private: bool,
        tags: list[str],
        importance: float,
        kind: tuple[MemoryKind, WeightClass | None],
    ) -> None:
        expires = self._expiry(data)
        thread = data.draw(st.sampled_from(THREADS), label="thread")
        visibility = Visibility.PRIVATE if private else Visibility.HOUSEHOLD
        caller = Caller(user_id=owner) if owner else HOUSE
        new = NewMemory(
            thread=thread,
            content=text,
            kind=kind[0],
            weight_class=kind[1],
            importance=importance,
            tags=tuple(tags),
            owner=owner,
            visibility=visibility,
            expires_at=_dt(expires),
            id=self._new_id(),
        )
        if private and owner is None:
            with pytest.raises(InvalidMemoryError):
                self.store.create(new, caller)
            return
        result = self.store.create(new, caller)
        now = self.now
        # An event or an observation on another day is not a repeat of the
        # same words (values.other_occasion); without a time given, a memory
        # happened when it was written.
        candidates = {
            m.id
            for m in self.model.values()
            if m.tier is Tier.ACTIVE
            and m.unexpired(now)
            and m.content == text
            and m.owner == owner
            and m.visibility is visibility
            and not (
                (kind[0] in DATED_KINDS or m.kind in DATED_KINDS)
                and other_occasion((now, now), (m.created_at, m.created_at))
            )
        }
        if not candidates and owner is not None and not private:
            # The teller's own private memory told again for the household
            # folds into it (live review s42 MED-1; storage/tellers_own.py).
            candidates = {
                m.id
                for m in self.model.values()
                if m.tier is Tier.ACTIVE
                and m.unexpired(now)
                and m.content == text
                and m.owner == owner
                and m.visibility is Visibility.PRIVATE
                and not (
                    (kind[0] in DATED_KINDS or m.kind in DATED_KINDS)
                    and other_occasion((now, now), (m.created_at, m.created_at))
                )
            }
        same_scope = [
            m
            for m in self.model.values()
            if m.content == text and m.owner == owner and m.visibility is visibility
        ]
        if same_scope and not candidates:
            _count("create beside an inactive or expired twin")
        _count("create folded" if candidates else "create new")
        if not candidates:
            assert result.action is CreateAction.CREATED, (
                f"create of {text!r} (owner {owner}, {visibility}) folded into "
                f"{result.memory.id} ({result.action}); no active, unexpired "
                "memory of that owner and visibility has this text: "
                f"{self._describe(result.memory.id)}"
            )
            assert result.memory.id not in self.model, "create reused an existing id"
            weight_class = kind[1] or DEFAULT_CLASS[kind[0]]
            self.model[result.memory.id] = Model(
                id=result.memory.id,
                rowid=self._rowid(result.memory.id),
                content=text,
                kind=kind[0],
                weight_class=weight_class,
                importance=importance,
                effective=decay.effective_importance(
                    importance,
                    weight_class,
                    0.0,
                    0,
                    base_half_life_days=self.cfg.base_half_life_days,
                    floor=self.cfg.decay_floor,
                ),
                tags=_clean_tags(tuple(tags)),
                owner=owner,
                visibility=visibility,
                expires_at=expires,
                created_at=now,
                updated_at=now,
                thread=thread,
            )
        else:
            assert result.action is CreateAction.REINFORCED, (
                f"exact duplicate of {sorted(candidates)} gave {result.action}"
            )
            assert result.memory.id in candidates, (
                f"duplicate folded into {result.memory.id}, not one of "
                f"{sorted(candidates)}"
            )
            target = self.model[result.memory.id]
            new_tags = tuple(dict.fromkeys((*target.tags, *_clean_tags(tuple(tags)))))
            new_importance = max(target.importance, importance)
            # A repeat keeps the later expiry, none when told without one.
            new_expiry = (
                None
                if target.expires_at is None or expires is None
                else max(target.expires_at, expires)
            )
            if (
                new_tags != target.tags
                or new_importance != target.importance
                or new_expiry != target.expires_at
            ):
                target.push_version(now, self.cfg.version_history_limit)
                target.tags = new_tags
                target.importance = new_importance
                target.expires_at = new_expiry
            target.touch(now)
        if private:
            # The teller's own household copy of a fact told privately goes
            # to the deleted tier (review s43 #1; storage/writing.py).
            for m in self.model.values():
                if (
                    m.tier is Tier.ACTIVE
                    and m.owner == owner
                    and m.visibility is Visibility.HOUSEHOLD
                    and m.content == text
                ):
                    m.tier = Tier.DELETED
                    m.deleted_at = now
                    m.deleted_by = caller.actor
        self._assert_same(result.memory, self.model[result.memory.id], "create result")

    def _describe(self, memory_id: str) -> str:
        m = self.model.get(memory_id)
        if m is None:
            return f"{memory_id} is not in the model"
        return (
            f"{memory_id}: tier={m.tier} owner={m.owner} visibility={m.visibility} "
            f"expires_at={m.expires_at} now={self.now} content={m.content!r}"
        )

    @rule(data=st.data(), owner=st.sampled_from(OWNERS), count=st.integers(2, 4))
    def create_batch(self, data: st.DataObject, owner: str | None, count: int) -> None:
        """create_many with fresh texts: every item is a new memory."""
        self.steps += 1
        thread = data.draw(st.sampled_from(THREADS), label="thread")
        items = [
            NewMemory(
                thread=thread,
                content=self._text(data, allow_reuse=False),
                owner=owner,
                importance=data.draw(st.sampled_from([0.3, 0.6, 0.9])),
                tags=tuple(data.draw(st.lists(st.sampled_from(TAGS), max_size=2))),
                id=self._new_id(),
            )
            for _ in range(count)
        ]
        results = self.store.create_many(items, Caller(user_id=owner))
        assert [r.action for r in results] == [CreateAction.CREATED] * count
        assert len({r.memory.id for r in results}) == count
        now = self.now
        for item, result in zip(items, results, strict=True):
            self.model[result.memory.id] = Model(
                id=result.memory.id,
                rowid=self._rowid(result.memory.id),
                content=item.content,
                kind=MemoryKind.FACT,
                weight_class=WeightClass.SIGNIFICANT,
                importance=item.importance,
                effective=decay.effective_importance(
                    item.importance,
                    WeightClass.SIGNIFICANT,
                    0.0,
                    0,
                    base_half_life_days=self.cfg.base_half_life_days,
                    floor=self.cfg.decay_floor,
                ),
                tags=_clean_tags(item.tags),
                owner=owner,
                visibility=Visibility.HOUSEHOLD,
                expires_at=None,
                created_at=now,
                updated_at=now,
                thread=thread,
            )
            self._assert_same(result.memory, self.model[result.memory.id], "batch")

    # -- update and undo -------------------------------------------------------

    @rule(data=st.data())
    def update(self, data: st.DataObject) -> None:
        self.steps += 1
        caller = self._caller(data)
        memory_id = self._some_id(data)
        change_text = data.draw(st.booleans(), label="change_text")
        content = self._text(data) if change_text else None
        importance = data.draw(st.none() | st.floats(0.0, 1.0), label="importance")
        tags = data.draw(
            st.none() | st.lists(st.sampled_from(TAGS), max_size=3).map(tuple),
            label="tags",
        )
        visibility = data.draw(
            st.none() | st.sampled_from(Visibility), label="visibility"
        )
        weight_class = data.draw(
            st.none() | st.sampled_from(WeightClass), label="weight_class"
        )
        expiry_mode = data.draw(st.sampled_from(["keep", "keep", "set", "clear"]))
        expires = self._expiry(data, optional=False) if expiry_mode == "set" else None
        patch = MemoryPatch(
            content=content,
            importance=importance,
            tags=tags,
            visibility=visibility,
            weight_class=weight_class,
            expires_at=_dt(expires),
            clear_expiry=expiry_mode == "clear",
        )
        if patch.is_empty():
            with pytest.raises(InvalidMemoryError):
                self.store.update(memory_id, patch, caller)
            return
        want = self.model.get(memory_id)
        if want is None or not want.visible_to(caller) or want.tier is not Tier.ACTIVE:
            with pytest.raises(MemoryNotFoundError):
                self.store.update(memory_id, patch, caller)
            return
        if not _may_change_visibility(want, visibility, caller):
            with pytest.raises(VisibilityChangeForbiddenError):
                self.store.update(memory_id, patch, caller)
            return
        if visibility is Visibility.PRIVATE and want.owner is None:
            with pytest.raises(InvalidMemoryError):
                self.store.update(memory_id, patch, caller)
            return
        got = self.store.update(memory_id, patch, caller)
        unchanged = (
            (content is None or content == want.content)
            and (importance is None or importance == want.importance)
            and (tags is None or _clean_tags(tags) == want.tags)
            and (visibility is None or visibility is want.visibility)
            and (weight_class is None or weight_class is want.weight_class)
            and (expiry_mode != "clear" or want.expires_at is None)
            and (expiry_mode != "set" or expires == want.expires_at)
        )
        if unchanged:
            # An update that changes nothing writes nothing (no new version).
            _count("update that changes nothing")
            self._assert_same(got, want, "unchanged update result")
            return
        want.push_version(self.now, self.cfg.version_history_limit)
        want.last_accessed_at = self.now  # an edit restarts the idle clock
        if content is not None:
            want.content = content
        if importance is not None:
            want.importance = importance
        if tags is not None:
            want.tags = _clean_tags(tags)
        if visibility is not None:
            want.visibility = visibility
        if weight_class is not None:
            want.weight_class = weight_class
        if expiry_mode == "clear":
            want.expires_at = None
        elif expiry_mode == "set":
            want.expires_at = expires
        self._assert_same(got, want, "update result")

    @rule(data=st.data())
    def undo(self, data: st.DataObject) -> None:
        self.steps += 1
        caller = self._caller(data)
        memory_id = self._some_id(data)
        want = self.model.get(memory_id)
        if want is None or not want.visible_to(caller) or want.tier is not Tier.ACTIVE:
            with pytest.raises(MemoryNotFoundError):
                self.store.undo(memory_id, caller)
            return
        if not want.history:
            with pytest.raises(NothingToUndoError):
                self.store.undo(memory_id, caller)
            return
        if not _may_change_visibility(want, want.history[-1][1]["visibility"], caller):
            with pytest.raises(VisibilityChangeForbiddenError):
                self.store.undo(memory_id, caller)
            return
        got = self.store.undo(memory_id, caller)
        version, snap = want.history.pop()
        for name, value in snap.items():
            setattr(want, name, value)
        want.version = version
        want.updated_at = self.now
        want.last_accessed_at = self.now  # an edit restarts the idle clock
        self._assert_same(got, want, "undo result")

    # -- delete and restore ----------------------------------------------------

    def _ids_or_not_found(
        self, caller: Caller, ids: list[str], call: Any, what: str
    ) -> list[str] | None:
        """Run `call`; if any id is unknown or invisible it must raise NotFound."""
        if any(
            (m := self.model.get(i)) is None or not m.visible_to(caller) for i in ids
        ):
            with pytest.raises(MemoryNotFoundError):
                call()
            return None
        result = call()
        assert isinstance(result, list), f"{what} returned {result!r}"
        return result

    @rule(data=st.data(), count=st.integers(1, 3))
    def soft_delete_ids(self, data: st.DataObject, count: int) -> None:
        self.steps += 1
        caller = self._caller(data)
        ids = [self._some_id(data) for _ in range(count)]
        moved = self._ids_or_not_found(
            caller, ids, lambda: self.store.soft_delete(caller, ids=ids), "soft_delete"
        )
        if moved is not None:
            self._apply_soft_delete(caller, set(ids), moved)

    @rule(data=st.data(), tag=st.sampled_from([*TAGS, "KITCHEN", "unused"]))
    def soft_delete_tag(self, data: st.DataObject, tag: str) -> None:
        self.steps += 1
        caller = self._caller(data)
        moved = self.store.soft_delete(caller, tags=[tag])
        named = {
            m.id
            for m in self.model.values()
            if tag.casefold() in m.tags and m.visible_to(caller)
        }
        self._apply_soft_delete(caller, named, moved)

    def _apply_soft_delete(
        self, caller: Caller, named: set[str], moved: list[str]
    ) -> None:
        expected = {i for i in named if self.model[i].tier is Tier.ACTIVE}
        assert set(moved) == expected, (
            f"soft_delete by {caller} moved {sorted(moved)}, "
            f"expected {sorted(expected)}"
        )
        assert len(moved) == len(set(moved)), f"duplicate ids in {moved}"
        for memory_id in expected:
            m = self.model[memory_id]
            m.tier = Tier.DELETED
            m.deleted_at = self.now
            m.deleted_by = caller.actor

    @rule(data=st.data(), count=st.integers(1, 3))
    def restore(self, data: st.DataObject, count: int) -> None:
        self.steps += 1
        caller = self._caller(data)
        ids = [self._some_id(data) for _ in range(count)]
        restored = self._ids_or_not_found(
            caller, ids, lambda: self.store.restore(caller, ids=ids), "restore"
        )
        if restored is None:
            return
        expected = {i for i in ids if self.model[i].tier is not Tier.ACTIVE}
        assert set(restored) == expected, (
            f"restore moved {sorted(restored)}, expected {sorted(expected)}"
        )
        for memory_id in expected:
            m = self.model[memory_id]
            m.tier = Tier.ACTIVE
            m.deleted_at = m.deleted_by = m.archived_at = None
            m.last_accessed_at = self.now

    @rule(data=st.data(), by_tag=st.booleans(), tag=st.sampled_from(TAGS))
    def hard_delete(self, data: st.DataObject, by_tag: bool, tag: str) -> None:
        self.steps += 1
        caller = self._caller(data)
        if by_tag:
            removed = self.store.hard_delete(caller, tags=[tag])
            expected = {
                m.id
                for m in self.model.values()
                if tag.casefold() in m.tags and m.visible_to(caller)
            }
        else:
            ids = [self._some_id(data)]
            result = self._ids_or_not_found(
                caller, ids, lambda: self.store.hard_delete(caller, ids=ids), "purge"
            )
            if result is None:
                return
            removed, expected = result, set(ids)
        assert set(removed) == expected, (
            f"hard_delete removed {sorted(removed)}, expected {sorted(expected)}"
        )
        for memory_id in expected:
            del self.model[memory_id]
            self.purged.add(memory_id)

    # -- reads -----------------------------------------------------------------

    def _filter(self, data: st.DataObject) -> MemoryFilter:
        which = data.draw(
            st.sampled_from(
                ["none", "none", "tag", "owner", "visibility", "importance"]
            ),
            label="filter",
        )
        if which == "tag":
            return MemoryFilter(tags=(data.draw(st.sampled_from(TAGS)),))
        if which == "owner":
            return MemoryFilter(owner=data.draw(st.sampled_from(["alice", "bob"])))
        if which == "visibility":
            return MemoryFilter(visibility=data.draw(st.sampled_from(Visibility)))
        if which == "importance":
            return MemoryFilter(min_importance=data.draw(st.sampled_from([0.3, 0.7])))
        return MemoryFilter()

    @rule(data=st.data(), record=st.booleans())
    def search(self, data: st.DataObject, record: bool) -> None:
        self.steps += 1
        caller = self._caller(data)
        flt = self._filter(data)
        target = None
        kind = data.draw(st.sampled_from(["memory", "memory", "shared", "nonsense"]))
        if kind == "memory" and self.model:
            target = self.model[data.draw(st.sampled_from(sorted(self.model)))]
            query = target.content
        elif kind == "shared":
            query = f"what about the {data.draw(st.sampled_from(SHARED_WORDS[:3]))}"
        else:
            query = "zzqx nothing stored matches this"
        page = self.retriever.search(
            query, caller, flt, limit=100, record_access=record
        )
        found = [item.memory for item in page.items]
        self._check_retrieved(found, caller, flt, f"search {query!r}")
        assert len({m.id for m in found}) == len(found), "search repeated a memory"
        if (
            target is not None
            and target.tier is Tier.ACTIVE
            and target.visible_to(caller)
            and _matches(target, flt, self.now)
        ):
            assert target.id in {m.id for m in found}, (
                f"search for the exact text of {target.id} by {caller} missed it; "
                f"got {[m.id for m in found]}"
            )
        if record:
            for memory in found:
                self.model[memory.id].touch(self.now)

    @rule(data=st.data())
    def context(self, data: st.DataObject) -> None:
        self.steps += 1
        caller = self._caller(data)
        if self.model and data.draw(st.booleans()):
            query = self.model[data.draw(st.sampled_from(sorted(self.model)))].content
        else:
            query = "tell me about the garage and the doctor"
        result = self.retriever.context(query, caller)
        chosen = [item.memory for item in result.memories]
        self._check_retrieved(chosen, caller, MemoryFilter(), "context")
        # A turn's background is seen, not counted as used (docs/retention.md).
        for memory in chosen:
            self.model[memory.id].touch(self.now, counted=False)

    @rule(data=st.data())
    def list_filtered(self, data: st.DataObject) -> None:
        self.steps += 1
        caller = self._caller(data)
        base = self._filter(data)
        tiers = tuple(
            data.draw(
                st.lists(
                    st.sampled_from(ALL_TIERS), min_size=1, max_size=3, unique=True
                )
            )
        )
        include_expired = data.draw(st.booleans())
        flt = MemoryFilter(
            tags=base.tags,
            owner=base.owner,
            visibility=base.visibility,
            min_importance=base.min_importance,
            tiers=tiers,
            include_expired=include_expired,
        )
        page_size = data.draw(st.sampled_from([1, 3, 500]))
        got: list[Memory] = []
        offset: int | None = 0
        while offset is not None:
            page = self.store.list_memories(caller, flt, offset=offset, limit=page_size)
            got.extend(page.items)
            offset = page.next_offset
            assert len(got) <= len(self.model), "list paging does not terminate"
        expected = self._visible_ids(caller, flt)
        assert {m.id for m in got} == expected, (
            f"list {flt} for {caller}: got {sorted(m.id for m in got)}, "
            f"want {sorted(expected)}"
        )
        assert len(got) == len(expected), f"list repeated memories: {got}"
        order = sorted(
            expected,
            key=lambda i: (self.model[i].created_at, self.model[i].rowid),
            reverse=True,
        )
        assert [m.id for m in got] == order, "list is not newest first"

    # -- time and maintenance --------------------------------------------------

    @rule(
        unit=st.sampled_from([60, 3600, DAY, 30 * DAY]),
        amount=st.integers(1, 4),
    )
    def advance_clock(self, unit: int, amount: int) -> None:
        self.steps += 1
        self.clock.advance(seconds=unit * amount)

    @rule()
    def run_maintenance(self) -> None:
        self.steps += 1
        now = self.now
        cfg = self.cfg
        stats = self.store.run_maintenance()
        active = [m for m in self.model.values() if m.tier is Tier.ACTIVE]
        decayed = expired = 0
        for m in active:
            days = (now - (m.last_accessed_at or m.created_at)) / decay.SECONDS_PER_DAY
            m.effective = decay.effective_importance(
                m.importance,
                m.weight_class,
                days,
                m.access_count,
                base_half_life_days=cfg.base_half_life_days,
                floor=cfg.decay_floor,
            )
            # Decay archives below the threshold once idle a class half-life.
            half_life = cfg.base_half_life_days * m.weight_class.retention_multiplier
            if m.effective < cfg.archive_threshold and days >= half_life:
                decayed += 1
            elif not m.unexpired(now):
                expired += 1
            else:
                continue
            m.tier = Tier.ARCHIVED
            m.archived_at = now
        cutoff = now - cfg.purge_archived_after_days * DAY
        purge = [
            m.id
            for m in self.model.values()
            if m.tier is Tier.ARCHIVED
            and m.archived_at is not None
            and m.archived_at <= cutoff
        ]
        for memory_id in purge:
            del self.model[memory_id]
            self.purged.add(memory_id)
        got = (
            stats.processed,
            stats.archived_decayed,
            stats.archived_expired,
            stats.purged_archived,
            stats.completed,
        )
        assert got == (len(active), decayed, expired, len(purge), True), (
            "maintenance (processed, decayed, expired, purged, completed): "
            f"got {got}, want {(len(active), decayed, expired, len(purge), True)}"
        )

    @rule()
    def reopen(self) -> None:
        """Close and reopen: the file alone must rebuild the same state."""
        self.steps += 1
        self.store.close()
        self.store = MemoryStore(self.path, embedder=self.embedder, clock=self.clock)
        self.retriever = Retriever(self.store)

    # -- invariants ------------------------------------------------------------

    @invariant()
    def store_agrees_with_model(self) -> None:
        """Each caller's listing of all tiers is the model's, field by field.

        To keep thousands of steps fast, the default listing and get() of
        every id are checked for two of the four callers a step, in turn.
        """
        everything = MemoryFilter(tiers=ALL_TIERS, include_expired=True)
        compared: set[str] = set()
        for name, caller in CALLERS.items():
            page = self.store.list_memories(caller, everything, limit=500)
            got = {m.id: m for m in page.items}
            want = self._visible_ids(caller, everything)
            assert set(got) == want, (
                f"{name} sees {sorted(set(got) - want)} it should not and misses "
                f"{sorted(want - set(got))}"
            )
            for memory_id in got.keys() - compared:
                self._assert_same(got[memory_id], self.model[memory_id], name)
                compared.add(memory_id)
        names = sorted(CALLERS)
        for name in (names[self.steps % 4], names[(self.steps + 1) % 4]):
            caller = CALLERS[name]
            current = self.store.list_memories(caller, MemoryFilter(), limit=500)
            want_current = self._visible_ids(caller, MemoryFilter())
            assert {m.id for m in current.items} == want_current, (
                f"{name}'s default list (active, unexpired) is "
                f"{sorted(m.id for m in current.items)}, want {sorted(want_current)}"
            )
            assert current.total == len(want_current)
            for memory_id in [*self.model, *self.purged]:
                m = self.model.get(memory_id)
                if m is not None and m.visible_to(caller):
                    got_one = self.store.get(memory_id, caller)
                    assert got_one.id == memory_id, f"get({memory_id}) for {name}"
                    assert got_one.version == m.version
                else:
                    with pytest.raises(MemoryNotFoundError):
                        self.store.get(memory_id, caller)
        tiers = self.store.counts().get("tier", {})
        want_tiers = {
            str(t): n
            for t in ALL_TIERS
            if (n := sum(m.tier is t for m in self.model.values()))
        }
        assert tiers == want_tiers, f"tier counts {tiers}, want {want_tiers}"

    @invariant()
    def index_holds_exactly_the_active_memories(self) -> None:
        index = self.store.index
        active = {m.rowid for m in self.model.values() if m.tier is Tier.ACTIVE}
        assert len(index) == len(active), (
            f"vector index has {len(index)} rows, {len(active)} memories are active"
        )
        for m in self.model.values():
            assert (m.rowid in index) == (m.tier is Tier.ACTIVE), (
                f"{m.id} (rowid {m.rowid}, tier {m.tier}) in index: {m.rowid in index}"
            )

    @invariant()
    def score_table_holds_the_active_memories_scoring_columns(self) -> None:
        """Ranking's in-memory columns are the model's, for active memories only."""
        rowids = [m.rowid for m in self.model.values()]
        columns, missing = self.store.scores.lookup(rowids)
        active = {m.rowid: m for m in self.model.values() if m.tier is Tier.ACTIVE}
        assert len(self.store.scores) == len(active)
        assert set(columns.rowids.tolist()) == active.keys(), (
            f"score table holds {sorted(columns.rowids.tolist())}, "
            f"active are {sorted(active)}"
        )
        assert set(missing) == set(rowids) - active.keys()
        for i, rowid in enumerate(columns.rowids.tolist()):
            m = active[rowid]
            got = (
                columns.ids[i],
                columns.importance[i],
                columns.retrieval_weight[i],
                columns.retention_multiplier[i],
                columns.created_at[i],
                columns.idle_since[i],
                columns.access_count[i],
            )
            want = (
                m.id,
                m.importance,
                m.weight_class.retrieval_weight,
                m.weight_class.retention_multiplier,
                m.created_at,
                m.last_accessed_at or m.created_at,
                m.access_count,
            )
            assert got == pytest.approx(want), f"{m.id}: {got} != {want}"


@pytest.mark.slow
def test_store_matches_model() -> None:
    """Random sequences of store operations always match a simple model."""
    STEP_COUNTS.clear()
    run_state_machine_as_test(StoreMachine, settings=SETTINGS)
    print(f"stateful store test: {STEP_COUNTS}")
    assert STEP_COUNTS.get("steps", 0) >= 1000, f"too few steps ran: {STEP_COUNTS}"


@pytest.mark.parametrize("with_embedder", [True, False], ids=["hybrid", "keyword"])
def test_duplicate_of_an_expired_memory_is_a_new_memory(
    tmp_path: Path, with_embedder: bool
) -> None:
    """Regression (found by the machine above): create() folded a new text
    into an expired, not yet archived memory with the same text, so the new
    memory was invisible at once and archived by the next maintenance."""
    clock = ManualClock(START)
    store = MemoryStore(
        tmp_path / "memory.db",
        embedder=HashingEmbedder() if with_embedder else None,
        clock=clock,
    )
    try:
        old = store.create(
            NewMemory(
                content="garage door code changes",
                owner="bob",
                visibility=Visibility.PRIVATE,
                expires_at=_dt(START + 3600),
            ),
            BOB,
        ).memory
        clock.advance(days=1)
        again = store.create(
            NewMemory(
                content="garage door code changes",
                owner="bob",
                visibility=Visibility.PRIVATE,
            ),
            BOB,
        )
        assert again.action is CreateAction.CREATED
        assert again.memory.id != old.id
        assert again.memory.expires_at is None
        assert [m.id for m in store.list_memories(BOB).items] == [again.memory.id]
        store.run_maintenance()
        assert store.get(again.memory.id, BOB).tier is Tier.ACTIVE
        assert store.get(old.id, BOB).tier is Tier.ARCHIVED
    finally:
        store.close()
