"""Writing what a person or the home says: a new memory, a correction, a repeat.

Which one a statement is gets decided inside the writer's transaction,
against the active memories of the same owner and visibility
(`statements.relate` has the rule), so the check and the write are one step.
This module cleans the statement and inserts a new memory; repeats.py finds
the memory a statement repeats or corrects and folds it in.
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial
import json
import secrets
from typing import TYPE_CHECKING, Any

from ..common.errors import InvalidMemoryError
from ..common.values import (
    Caller,
    CreateAction,
    CreateResult,
    MemoryKind,
    NewMemory,
    Source,
    Visibility,
    WeightClass,
    default_weight_class,
)
from ..scoring import decay
from ..text.naming import named_by_telling, says_own, told_by
from ..text.statements import Relation, as_statement
from ..text.validation import (
    MAX_CONTENT_CHARS,
    MAX_LABEL_CHARS,
    MAX_SUMMARY_CHARS,
    VECTORS_MISMATCH,
    already_exists,
    clean_content,
    clean_enum,
    clean_importance,
    clean_labels,
    clean_optional,
    clean_summary,
    clean_text,
    embedding_text,
    summarize,
    to_timestamp,
)
from .soft_delete import to_deleted_tier
from .tellers_own import household_copies

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    import sqlite3

    import numpy as np
    import numpy.typing as npt

    from ..common.values import Reading
    from .connections import StoreConnections
    from .in_memory import Holder, InMemoryCopies
    from .operation_log import OperationLog
    from .repeats import Repeats, Unindexed
    from .rows import MemoryRows


# Sources whose text a person told (not observed, not imported).
_TOLD = frozenset({str(Source.EXPLICIT), str(Source.EXTRACTED)})


def _as_told(item: NewMemory, language: str) -> NewMemory:
    """What a person told, as the sentence to store: one rule for every
    surface that remembers (statements.as_statement). Imports keep their text.

    A memory that now names its speaker ("Anna's car") is about them too:
    their name joins its people, so "where is Anna's car" finds it first.
    """
    if str(item.source) not in _TOLD or not isinstance(item.content, str):
        return item
    name = item.speaker_name
    tell = partial(
        as_statement,
        private=str(item.visibility) == str(Visibility.PRIVATE),
        told_by=name,
        # Said in a conversation (an unmapped satellite's too: its thread) or
        # sent by a user: a person's first person.
        by_person=str(item.source) == str(Source.EXPLICIT)
        and (
            item.speaker is not None
            or item.owner is not None
            or item.thread is not None
        ),
        language=language,
    )
    told = tell(item.content)
    if len(told) > MAX_CONTENT_CHARS >= len(item.content.strip()):
        # A full stop added at the limit would refuse what the caller may send.
        return item

    def own_words(told: str, text: str) -> str | None:
        # In the first person, where the household's text names the teller.
        own = tell(text, private=True) if name else None
        return own if own != told and len(own or "") <= MAX_CONTENT_CHARS else None

    def told_reading(reading: Reading | None) -> Reading | None:
        if reading is None:
            return None
        content = tell(reading.content)
        return replace(
            reading, content=content, own_words=own_words(content, reading.content)
        )

    plan, said = told_reading(item.as_plan), told_reading(item.as_said)
    if plan is not None and len(plan.content) > MAX_CONTENT_CHARS:
        plan = None
    if said is not None and len(said.content) > MAX_CONTENT_CHARS:
        said = item.as_said
    people = item.people
    if name and named_by_telling(name, told, item.content):
        people = (*people, name)
    return replace(
        item,
        content=told,
        people=people,
        as_plan=plan,
        as_said=said,
        own_words=own_words(told, item.content),
    )


def _as_said(item: NewMemory) -> NewMemory | None:
    """The statement as said, its correction's old value kept ("allergic to
    penicillin, not amoxicillin"): what is stored when no memory that holds
    the old value is corrected, told as any other statement."""
    said = item.as_said
    if said is None:
        return None
    return replace(
        item,
        content=said.content,
        own_words=said.own_words,
        happened_at=said.happened_at,
        happened_until=said.happened_until,
        corrects=False,
        replaces=None,
        as_said=None,
        as_plan=None,
    )


def happened(item: NewMemory, now: float) -> dict[str, float]:
    """A new memory's event time: as given, else its segment's, else now.

    A moment (no end given) lasts until itself; a given start after the
    segment's end still ends no earlier than it starts.
    """
    start = to_timestamp(item.happened_at)
    if start is None:
        start = to_timestamp(item.segment_start)
    end = to_timestamp(item.happened_until)
    if end is None and item.happened_at is None:
        end = to_timestamp(item.segment_end)
    if start is None:
        start = now
    return {"happened_at": start, "happened_until": max(start, end or start)}


class Writing:
    """Create: insert a memory, or fold a statement into the one it repeats."""

    def __init__(
        self,
        connections: StoreConnections,
        copies: InMemoryCopies,
        rows: MemoryRows,
        log: OperationLog,
        repeats: Repeats,
    ) -> None:
        """Writes through `connections`; `repeats` finds what a statement repeats."""
        self._db = connections
        self._copies = copies
        self._rows = rows
        self._log = log
        self._repeats = repeats
        self.now = connections.now
        self.config = connections.config

    def validate_new(self, new: NewMemory) -> NewMemory:
        content = clean_content("content", new.content, MAX_CONTENT_CHARS)
        kind = clean_enum("kind", MemoryKind, new.kind)
        source = clean_enum("source", Source, new.source)
        summary = (
            clean_summary(new.summary, MAX_SUMMARY_CHARS)
            if new.summary is not None
            else summarize(content)
        )
        weight_class = (
            clean_enum("weight_class", WeightClass, new.weight_class)
            if new.weight_class is not None
            else default_weight_class(kind, source)
        )
        visibility = clean_enum("visibility", Visibility, new.visibility)
        if visibility is Visibility.PRIVATE and not new.owner:
            raise InvalidMemoryError(
                "visibility", "a private memory needs an owner", problem="needs_owner"
            )
        if new.id is not None:
            clean_text("id", new.id, MAX_LABEL_CHARS)
        for name in (
            "segment_start",
            "segment_end",
            "expires_at",
            "happened_at",
            "happened_until",
        ):
            to_timestamp(getattr(new, name))
        if (
            new.happened_at is not None
            and new.happened_until is not None
            and new.happened_until < new.happened_at
        ):
            raise InvalidMemoryError(
                "happened_until", "is before happened_at", problem="ends_before_start"
            )
        return replace(
            new,
            content=content,
            summary=summary,
            kind=kind,
            source=source,
            weight_class=weight_class,
            visibility=visibility,
            importance=clean_importance(new.importance),
            tags=clean_labels("tags", new.tags),
            people=clean_labels("people", new.people),
            source_ids=clean_labels("source_ids", new.source_ids),
            emotion=clean_optional("emotion", new.emotion),
            location=clean_optional("location", new.location),
            time_of_day=clean_optional("time_of_day", new.time_of_day),
            day_type=clean_optional("day_type", new.day_type),
            speaker=clean_optional("speaker", new.speaker),
            owner=clean_optional("owner", new.owner),
            thread=clean_optional("thread", new.thread),
        )

    def create(self, new: NewMemory, caller: Caller) -> CreateResult:
        """Store a statement: a new memory, a correction, or a repeat.

        Which one is decided against the active memories of the same owner
        and visibility by `statements.relate` (docs/engine.md has the rule).
        """
        return self.create_many([new], caller)[0]

    def create_many(
        self,
        items: Sequence[NewMemory],
        caller: Caller,
        *,
        vectors: npt.NDArray[np.float32] | None = None,
        dedup: bool = True,
        in_transaction: Callable[[sqlite3.Connection, list[CreateResult]], None]
        | None = None,
    ) -> list[CreateResult]:
        """Store several memories in one transaction (bulk import, benchmarks).

        `vectors` may carry precomputed embeddings (one row per item, for the
        current model); otherwise the texts are embedded here.
        `in_transaction` runs inside the same transaction after the inserts,
        so a caller's own bookkeeping (consumed events, a confirmed proposal)
        commits or rolls back with the memories.
        """
        told = [_as_told(item, item.language or self.config.language) for item in items]
        cleaned = [self.validate_new(item) for item in told]
        said = [
            None if (as_said := _as_said(item)) is None else self.validate_new(as_said)
            for item in told
        ]
        vectors = self._vectors_for(cleaned, vectors)
        said_vectors = self._said_vectors(said)
        now = self.now()
        results: list[CreateResult] = []
        touched: list[int] = []
        # Rows this call wrote, with their vectors: the index learns them only
        # after the commit.
        fresh: Unindexed = {}
        # Per owner and visibility, the rowids a new statement may match.
        holders: dict[Holder, npt.NDArray[np.int64]] = {}
        try:
            with self._db.transaction() as conn:
                for position, item in enumerate(cleaned):
                    vector = None if vectors is None else vectors[position]
                    rowids, result = self._write_one(
                        conn,
                        item,
                        vector,
                        caller,
                        now,
                        dedup,
                        fresh,
                        holders,
                        said=said_vectors.get(position),
                    )
                    results.append(result)
                    touched.extend(rowids)
                if in_transaction is not None:
                    in_transaction(conn, results)
                # Still inside the write lock: the next writer's duplicate
                # check sees these rows even before the index does (two
                # creates at once must not both insert).
                with self._copies.pending_lock:
                    self._copies.unindexed.update(fresh)
            self._copies.refresh(touched)
        finally:
            self._forget_unindexed(fresh)
        return results

    def _vectors_for(
        self,
        cleaned: list[NewMemory],
        vectors: npt.NDArray[np.float32] | None,
    ) -> npt.NDArray[np.float32] | None:
        """The items' vectors: those given (checked), else embedded here."""
        if vectors is None:
            return self._copies.embed(
                [embedding_text(str(c.summary), c.content) for c in cleaned]
            )
        if self._copies.embedder is None or vectors.shape != (
            len(cleaned),
            self._copies.dimensions,
        ):
            raise InvalidMemoryError("vectors", VECTORS_MISMATCH)
        return vectors

    def _said_vectors(
        self, said: list[NewMemory | None]
    ) -> dict[int, tuple[NewMemory, npt.NDArray[np.float32] | None]]:
        """The statements as said (a correction's old value kept), by
        position, with their vectors (embedded together)."""
        positions = [position for position, item in enumerate(said) if item]
        items = [item for item in said if item is not None]
        if not items:
            return {}
        vectors = self._copies.embed(
            [embedding_text(str(item.summary), item.content) for item in items]
        )
        return {
            position: (item, None if vectors is None else vectors[number])
            for number, (position, item) in enumerate(
                zip(positions, items, strict=True)
            )
        }

    def _write_one(
        self,
        conn: sqlite3.Connection,
        item: NewMemory,
        vector: npt.NDArray[np.float32] | None,
        caller: Caller,
        now: float,
        dedup: bool,
        fresh: Unindexed,
        holders: dict[Holder, npt.NDArray[np.int64]],
        *,
        said: tuple[NewMemory, npt.NDArray[np.float32] | None] | None = None,
    ) -> tuple[list[int], CreateResult]:
        """Insert the statement, or fold it into the memory it repeats or
        corrects; the rows written and the result. A row whose vector changed
        joins `fresh`. `said`: the statement as said with its vector, told
        instead when no memory that holds the old value it names is
        corrected (nothing acknowledged is lost). A correction of one of
        its teller's two copies of a fact corrects the other (`_other_copy`).
        """
        match = (
            self._repeats.find_match(conn, item, vector, fresh, holders)
            if dedup
            else None
        )
        household = (
            self._household_says(conn, item, vector, fresh, holders)
            if match is None and said is not None and dedup
            else None
        )
        if match is None and said is not None and household is None:
            item, vector = said
            match = (
                self._repeats.find_match(conn, item, vector, fresh, holders)
                if dedup
                else None
            )
        told = (item, vector)
        if match is None:
            rowid = self.insert(conn, item, vector, caller, now)
            result = CreateResult(
                self._rows.fetch_one(conn, rowid),
                CreateAction.CREATED,
                household_says=household,
            )
        else:
            rowid, similarity, relation = match
            if relation is Relation.CORRECTION:
                item, vector = self._repeats.as_correction(
                    conn, rowid, item, vector, now
                )
            result = self._repeats.fold_into(
                conn, rowid, item, vector, similarity, relation, caller, now
            )
        rowids = [rowid]
        if match is not None and match[2] is Relation.CORRECTION:
            also = self._other_copy(conn, told, result, caller, now, fresh, holders)
            if also is not None:
                rowids.append(also[0])
                result = replace(result, also=(also[1].memory,))
        if dedup and (
            taken := self._take_private(
                conn, told, result, caller, now, (fresh, holders)
            )
        ):
            rowids.extend(taken)
            gone = tuple(self._rows.fetch_one(conn, row) for row in taken)
            result = replace(
                result,
                taken_private=gone,
                # What a household memory taken private said is no longer
                # the household's to say.
                household_says=None
                if result.household_says in {memory.content for memory in gone}
                else result.household_says,
            )
        if vector is not None and result.action is not CreateAction.REINFORCED:
            # Whose memory it is: a correction may have reached the
            # teller's private one or another person's household memory.
            memory = result.memory
            fresh[rowid] = ((memory.owner, str(memory.visibility)), vector)
        return rowids, result

    def _take_private(
        self,
        conn: sqlite3.Connection,
        told: tuple[NewMemory, npt.NDArray[np.float32] | None],
        kept: CreateResult,
        caller: Caller,
        now: float,
        compared: tuple[Unindexed, dict[Holder, npt.NDArray[np.int64]]],
    ) -> list[int]:
        """The teller's own household copies of a fact told privately, moved
        to the deleted tier beside the private memory `kept` (the audit log
        names it; restore brings a copy back); their rows.

        Anna's "my bank pin is 2468" for the household, then told privately,
        is one memory, hers alone: the household copy was Ben's to hear
        (live review s43 #1). Decided in the writer's transaction, so two
        tellings at once end as told one after the other. Only her own:
        Ben's household memory of the same words is his (he told it).
        """
        item, vector = told
        if (
            item.owner is None
            or item.visibility != Visibility.PRIVATE
            or kept.memory.visibility is not Visibility.PRIVATE
            # Told so by its teller: never a conversation's extraction.
            or str(item.source) != str(Source.EXPLICIT)
        ):
            return []
        language = item.language or self.config.language
        rowids = set(household_copies(conn, item, language))
        household: Holder = (item.owner, str(Visibility.HOUSEHOLD))
        shared = replace(item, visibility=Visibility.HOUSEHOLD)
        match = self._repeats.find_match(
            conn, shared, vector, *compared, among=(household,)
        )
        if match is not None and match[2] is Relation.REPEAT:
            rowids.add(match[0])
        elif (
            changed := self._changed_copy(conn, item, compared, household)
        ) is not None:
            rowids.add(changed)
        taken = []
        for rowid in sorted(rowids):
            memory = self._rows.fetch_one(conn, rowid)
            if (memory.owner, str(memory.visibility)) != household:
                continue
            if to_deleted_tier(
                conn,
                self._log,
                rowid,
                memory,
                caller,
                now,
                details={"taken_private": kept.memory.id},
                only_active=True,
            ):
                taken.append(rowid)
        return taken

    def _changed_copy(
        self,
        conn: sqlite3.Connection,
        item: NewMemory,
        compared: tuple[Unindexed, dict[Holder, npt.NDArray[np.int64]]],
        household: Holder,
    ) -> int | None:
        """The teller's own household memory of their own thing that a
        private telling of it in the first person gives a new value, its
        row; None where there is none.

        Anna's household "My personal pin is 4106" (stored "Anna's personal
        pin is 4106."), then her private "my personal pin is 5199": Ben
        still heard the stale 4106 (live review s44). Compared as told in
        her name, with the correction rule (`statements.relate`: the same
        thing, a new value), among her own household memories only: Ben's
        pin, or what Ben told, is never reached.
        """
        language = item.language or self.config.language
        name = item.speaker_name
        if not name or not says_own(item.content, language):
            return None
        named = told_by(item.content, name, language)
        if named is None or named == item.content:
            return None
        embedded = self._copies.embed([embedding_text(summarize(named), named)])
        shared = replace(
            item,
            content=named,
            summary=summarize(named),
            visibility=Visibility.HOUSEHOLD,
        )
        match = self._repeats.find_match(
            conn,
            shared,
            None if embedded is None else embedded[0],
            *compared,
            among=(household,),
        )
        if match is None or match[2] is not Relation.CORRECTION:
            return None
        return match[0]

    def _household_says(
        self,
        conn: sqlite3.Connection,
        item: NewMemory,
        vector: npt.NDArray[np.float32] | None,
        fresh: Unindexed,
        holders: dict[Holder, npt.NDArray[np.int64]],
    ) -> str | None:
        """What the household memory says that a private told correction
        would correct, told for the household; None where there is none.

        A private statement never folds into a household memory, but "…
        under the green flower pot instead of the red one, don't tell Anna"
        still names the household's old value: the private memory is the
        statement without it, and its teller hears what the household's
        memory still says (final review s18: stored as said).
        """
        if (
            item.replaces is None
            or item.owner is None
            or str(item.visibility) != str(Visibility.PRIVATE)
        ):
            return None
        shared = replace(item, visibility=Visibility.HOUSEHOLD)
        match = self._repeats.find_match(conn, shared, vector, fresh, holders)
        if match is None or match[2] is not Relation.CORRECTION:
            return None
        memory = self._rows.fetch_one(conn, match[0])
        if memory.visibility is not Visibility.HOUSEHOLD:
            return None
        return memory.content

    def _other_copy(
        self,
        conn: sqlite3.Connection,
        told: tuple[NewMemory, npt.NDArray[np.float32] | None],
        corrected: CreateResult,
        caller: Caller,
        now: float,
        fresh: Unindexed,
        holders: dict[Holder, npt.NDArray[np.int64]],
    ) -> tuple[int, CreateResult] | None:
        """The teller's other copy of the fact a household statement
        corrected, corrected too, with its row; None where there is none.

        Anna's household "the car insurance is due in March, not April"
        corrected "The car insurance is due in April."; her private "My car
        insurance is due in April." would still answer her "April". It is
        corrected by the same rules as any memory of hers (the old value it
        names held, or a slot's new value), never by a bare "actually".
        """
        item, vector = told
        among = self._repeats.other_holders(item, corrected.memory)
        if not among:
            return None
        match = self._repeats.find_match(conn, item, vector, fresh, holders, among)
        if match is None or match[2] is not Relation.CORRECTION:
            return None
        rowid, similarity, relation = match
        item, vector = self._repeats.as_correction(conn, rowid, item, vector, now)
        result = self._repeats.fold_into(
            conn, rowid, item, vector, similarity, relation, caller, now
        )
        if vector is not None:
            memory = result.memory
            fresh[rowid] = ((memory.owner, str(memory.visibility)), vector)
        return rowid, result

    def _forget_unindexed(self, fresh: Unindexed) -> None:
        """The index has these rows now (or they were never committed)."""
        with self._copies.pending_lock:
            for rowid, entry in fresh.items():
                if self._copies.unindexed.get(rowid) is entry:
                    del self._copies.unindexed[rowid]

    def insert(
        self,
        conn: sqlite3.Connection,
        item: NewMemory,
        vector: npt.NDArray[np.float32] | None,
        caller: Caller,
        now: float,
        *,
        times: dict[str, Any] | None = None,
    ) -> int:
        """Insert a new memory with its labels, text index and vector; its rowid.

        `times` overrides the row's times (an import keeps the exported ones).
        """
        memory_id = item.id or secrets.token_hex(6)
        if conn.execute("SELECT 1 FROM memories WHERE id = ?", (memory_id,)).fetchone():
            raise InvalidMemoryError("id", already_exists(memory_id))
        values = self._new_row(memory_id, item, now)
        if times:
            values.update(times)
        if vector is not None and self._copies.embedder is not None:
            values["embedding_model"] = self._copies.embedder.model_id
        names = ", ".join(values)
        marks = ", ".join(f":{name}" for name in values)
        rowid = int(
            conn.execute(
                f"INSERT INTO memories ({names}) VALUES ({marks})", values
            ).lastrowid  # type: ignore[arg-type]
        )
        self._rows.write_labels(conn, rowid, item.tags, item.people)
        self._rows.write_fts(
            conn, rowid, item.content, str(item.summary), item.tags, item.people
        )
        if vector is not None and self._copies.embedder is not None:
            self._rows.write_vector(conn, rowid, vector)
        self._log.record(
            conn,
            "create",
            memory_id,
            caller,
            item.content,
            {"kind": str(item.kind), "source": str(item.source)},
        )
        return rowid

    def _new_row(self, memory_id: str, item: NewMemory, now: float) -> dict[str, Any]:
        """The `memories` columns of a new, active, never accessed memory."""
        weight_class = WeightClass(str(item.weight_class))
        return {
            "id": memory_id,
            "content": item.content,
            "summary": item.summary,
            "kind": str(item.kind),
            "weight_class": str(weight_class),
            "importance": item.importance,
            "effective_importance": decay.effective_importance(
                item.importance,
                weight_class,
                0.0,
                0,
                base_half_life_days=self.config.base_half_life_days,
                floor=self.config.decay_floor,
            ),
            "emotion": item.emotion,
            "people": json.dumps(list(item.people)),
            "location": item.location,
            "time_of_day": item.time_of_day,
            "day_type": item.day_type,
            "tags": json.dumps(list(item.tags)),
            "source": str(item.source),
            "source_ids": json.dumps(list(item.source_ids)),
            "speaker": item.speaker,
            "owner": item.owner,
            "visibility": str(item.visibility),
            "segment_start": to_timestamp(item.segment_start),
            "segment_end": to_timestamp(item.segment_end),
            "created_at": now,
            "updated_at": now,
            "last_accessed_at": None,
            "access_count": 0,
            "expires_at": to_timestamp(item.expires_at),
            "tier": "active",
            "deleted_at": None,
            "deleted_by": None,
            "archived_at": None,
            "embedding_model": None,
            "version": 1,
            "thread": item.thread,
            **happened(item, now),
        }
