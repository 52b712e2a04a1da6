"""Writing what a person or the home says: a new memory, a correction, a repeat.

Which one a statement is gets decided inside the writer's transaction,
against the active memories of the same owner and visibility
(`statements.relate` has the rule), so the check and the write are one step.
"""

from __future__ import annotations

from dataclasses import replace
import json
import secrets
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from . import decay
from .errors import InvalidMemoryError
from .models import (
    Caller,
    CreateAction,
    CreateResult,
    MemoryKind,
    MemoryPatch,
    NewMemory,
    Source,
    Visibility,
    WeightClass,
    default_weight_class,
)
from .statements import Relation, as_statement, relate
from .validation import (
    MAX_CONTENT_CHARS,
    MAX_LABEL_CHARS,
    MAX_SUMMARY_CHARS,
    clean_content,
    clean_enum,
    clean_importance,
    clean_labels,
    clean_optional,
    clean_text,
    embedding_text,
    summarize,
    to_timestamp,
)
from .versions import Versions

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    import sqlite3

    from .in_memory import Holder


# Sources whose text a person told (not observed, not imported).
_TOLD = frozenset({str(Source.EXPLICIT), str(Source.EXTRACTED)})


def _as_told(item: NewMemory) -> NewMemory:
    """What a person told, as the sentence to store: one rule for every
    surface that remembers (statements.as_statement). Imports keep their text.
    """
    if str(item.source) not in _TOLD or not isinstance(item.content, str):
        return item
    return replace(item, content=as_statement(item.content))


# Nearest memories of the same owner a new statement is compared with.
_MATCH_CANDIDATES = 8


class Writing(Versions):
    """Create: insert a memory, or fold a statement into the one it repeats."""

    def _validate_new(self, new: NewMemory) -> NewMemory:
        content = clean_content("content", new.content, MAX_CONTENT_CHARS)
        kind = clean_enum("kind", MemoryKind, new.kind)
        source = clean_enum("source", Source, new.source)
        summary = (
            clean_text("summary", new.summary, MAX_SUMMARY_CHARS)
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
            raise InvalidMemoryError("visibility", "a private memory needs an owner")
        if new.id is not None:
            clean_text("id", new.id, MAX_LABEL_CHARS)
        for name in ("segment_start", "segment_end", "expires_at"):
            to_timestamp(getattr(new, name))
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
        and visibility by `statements.relate` (its module text has the rule).
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
        cleaned = [self._validate_new(_as_told(item)) for item in items]
        if vectors is None:
            vectors = self._embed(
                [embedding_text(str(c.summary), c.content) for c in cleaned]
            )
        elif self._embedder is None or vectors.shape != (
            len(cleaned),
            self._dimensions,
        ):
            raise InvalidMemoryError("vectors", "do not match the items or the model")
        now = self.now()
        results: list[CreateResult] = []
        touched: list[int] = []
        # Rows this call wrote, with their vectors: the index learns them only
        # after the commit.
        fresh: dict[int, tuple[Holder, npt.NDArray[np.float32]]] = {}
        # Per owner and visibility, the rowids a new statement may match.
        holders: dict[Holder, npt.NDArray[np.int64]] = {}
        try:
            with self._transaction() as conn:
                for position, item in enumerate(cleaned):
                    vector = None if vectors is None else vectors[position]
                    match = (
                        self._find_match(conn, item, vector, fresh, holders)
                        if dedup
                        else None
                    )
                    if match is None:
                        rowid = self._insert(conn, item, vector, caller, now)
                        result = CreateResult(
                            self._fetch_one(conn, rowid), CreateAction.CREATED
                        )
                    else:
                        rowid, similarity, relation = match
                        result = self._fold_into(
                            conn, rowid, item, vector, similarity, relation, caller, now
                        )
                    results.append(result)
                    touched.append(rowid)
                    if (
                        vector is not None
                        and result.action is not CreateAction.REINFORCED
                    ):
                        fresh[rowid] = ((item.owner, str(item.visibility)), vector)
                if in_transaction is not None:
                    in_transaction(conn, results)
                # Still inside the write lock: the next writer's duplicate
                # check sees these rows even before the index does (two
                # creates at once must not both insert; issue 11 class 9).
                with self._pending_lock:
                    self._unindexed.update(fresh)
            self._refresh(touched)
        finally:
            with self._pending_lock:
                for rowid, entry in fresh.items():
                    if self._unindexed.get(rowid) is entry:
                        del self._unindexed[rowid]
        return results

    def _find_match(
        self,
        conn: sqlite3.Connection,
        item: NewMemory,
        vector: npt.NDArray[np.float32] | None,
        fresh: dict[int, tuple[Holder, npt.NDArray[np.float32]]],
        holders: dict[Holder, npt.NDArray[np.int64]],
    ) -> tuple[int, float, Relation] | None:
        """The memory the new statement repeats (first) or corrects, if any.

        Runs in the writer's transaction, so the check and the write that
        follows are one step.
        """
        now = self.now()
        candidates: dict[int, float] = {}
        holder: Holder = (item.owner, str(item.visibility))
        if vector is not None:
            # Only the same owner's memories are compared, so they are chosen
            # before the top k: the household group holds every owner's (and
            # the automations'), which would otherwise crowd them out.
            if holder not in holders:
                holders[holder] = np.fromiter(
                    (
                        int(r[0])
                        for r in conn.execute(
                            "SELECT rowid FROM memories WHERE tier = 'active' "
                            "AND owner IS ? AND visibility = ?",
                            holder,
                        )
                    ),
                    np.int64,
                )
            allowed = holders[holder]
            group = self._group(item.owner, item.visibility)
            for rowid, similarity in (
                self.index.search(
                    vector,
                    _MATCH_CANDIDATES,
                    groups=[group],
                    now=now,
                    allowed_rowids=allowed,
                )
                if allowed.size
                else []
            ):
                if similarity < self.config.correction_min_similarity:
                    break
                candidates[rowid] = similarity
            with self._pending_lock:
                unindexed = list(self._unindexed.items())
            # Rows not in the index yet: committed by a writer that has not
            # refreshed it, or written earlier in this transaction. Their
            # vector here is newer than the index's.
            for rowid, (row_holder, row_vector) in [*unindexed, *fresh.items()]:
                if row_holder == holder:
                    similarity = float(np.dot(row_vector, vector))
                    candidates.pop(rowid, None)
                    if similarity >= self.config.correction_min_similarity:
                        candidates[rowid] = similarity
        # The same text is a repeat with or without vectors (keyword-only mode).
        row = conn.execute(
            "SELECT rowid FROM memories WHERE tier = 'active' AND content = ? "
            "AND owner IS ? AND visibility = ? LIMIT 1",
            (item.content, item.owner, str(item.visibility)),
        ).fetchone()
        if row is not None:
            candidates[int(row[0])] = 1.0
        correction: tuple[int, float, Relation] | None = None
        for rowid, similarity in sorted(
            candidates.items(), key=lambda pair: (-pair[1], pair[0])
        ):
            row = conn.execute(
                "SELECT owner, visibility, tier, content, expires_at FROM memories "
                "WHERE rowid = ?",
                (rowid,),
            ).fetchone()
            # Never fold into an expired memory: it is invisible and
            # maintenance archives it, taking the new text along.
            if (
                row is None
                or tuple(row[:3]) != (item.owner, str(item.visibility), "active")
                or (row[4] is not None and row[4] <= now)
            ):
                continue
            relation = relate(
                row[3],
                item.content,
                similarity,
                floor=self.config.correction_min_similarity,
                paraphrase=self.config.dedup_threshold,
            )
            if relation is Relation.REPEAT:
                return rowid, similarity, relation
            if relation is Relation.CORRECTION and correction is None:
                correction = (rowid, similarity, relation)
        return correction

    def _insert(
        self,
        conn: sqlite3.Connection,
        item: NewMemory,
        vector: npt.NDArray[np.float32] | None,
        caller: Caller,
        now: float,
        *,
        times: dict[str, Any] | None = None,
    ) -> int:
        memory_id = item.id or secrets.token_hex(6)
        if conn.execute("SELECT 1 FROM memories WHERE id = ?", (memory_id,)).fetchone():
            raise InvalidMemoryError("id", f"{memory_id!r} already exists")
        weight_class = WeightClass(str(item.weight_class))
        values: dict[str, Any] = {
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
        }
        if times:
            values.update(times)
        if vector is not None and self._embedder is not None:
            values["embedding_model"] = self._embedder.model_id
        names = ", ".join(values)
        marks = ", ".join(f":{name}" for name in values)
        rowid = int(
            conn.execute(
                f"INSERT INTO memories ({names}) VALUES ({marks})", values
            ).lastrowid  # type: ignore[arg-type]
        )
        self._write_labels(conn, rowid, item.tags, item.people)
        self._write_fts(
            conn, rowid, item.content, str(item.summary), item.tags, item.people
        )
        if vector is not None and self._embedder is not None:
            self._write_vector(conn, rowid, vector)
        self._log(
            conn,
            "create",
            memory_id,
            caller,
            item.content,
            {"kind": str(item.kind), "source": str(item.source)},
        )
        return rowid

    def _fold_into(
        self,
        conn: sqlite3.Connection,
        rowid: int,
        item: NewMemory,
        vector: npt.NDArray[np.float32] | None,
        similarity: float,
        relation: Relation,
        caller: Caller,
        now: float,
    ) -> CreateResult:
        """A repeat reinforces the memory; a correction replaces its statement.

        The newest statement wins: a correction is a new statement about the
        same subject, so what it says and how long it holds replace the old
        one's: text, summary, kind, class, emotion, location and expiry
        (a correction told without an expiry no longer expires, one told
        with an expiry expires then). The old statement stays as the previous
        version (history, undo restores all of these). Labels (tags,
        people) and importance describe the subject and accumulate, as for a
        repeat. A repeat keeps the statement and gains only access,
        importance, labels and the later of the two expiries (told again
        without one, it no longer expires): a repeat never shortens a
        memory's life, nor lets it lapse before the newest telling says.
        """
        existing = self._fetch_one(conn, rowid)
        correction = relation is Relation.CORRECTION
        tags = tuple(dict.fromkeys((*existing.tags, *item.tags)))
        people = tuple(dict.fromkeys((*existing.people, *item.people)))
        importance = max(existing.importance, item.importance)
        action = CreateAction.UPDATED if correction else CreateAction.REINFORCED
        patch = MemoryPatch(
            tags=tags if tags != existing.tags else None,
            people=people if people != existing.people else None,
            importance=importance if importance != existing.importance else None,
        )
        cleared: frozenset[str] = frozenset()
        if not correction and existing.expires_at is not None:
            if item.expires_at is None:
                patch = replace(patch, clear_expiry=True)
            elif item.expires_at > existing.expires_at:
                patch = replace(patch, expires_at=item.expires_at)
        if correction:
            # _validate_new filled kind, class and summary.
            patch = replace(
                patch,
                content=item.content,
                summary=item.summary,
                kind=MemoryKind(str(item.kind)),
                weight_class=WeightClass(str(item.weight_class)),
                emotion=item.emotion,
                location=item.location,
                expires_at=item.expires_at,
                clear_expiry=item.expires_at is None,
            )
            cleared = frozenset(
                name for name in ("emotion", "location") if getattr(item, name) is None
            )
        if not patch.is_empty():
            self._apply_patch(
                conn,
                existing,
                patch,
                caller,
                now,
                vector=vector if correction else None,
                log_operation=None,
                cleared=cleared,
            )
        conn.execute(
            "UPDATE memories SET access_count = access_count + 1, "
            "last_accessed_at = ? WHERE rowid = ?",
            (now, rowid),
        )
        self._log(
            conn,
            str(action),
            existing.id,
            caller,
            item.content,
            {"similarity": round(similarity, 4)},
        )
        return CreateResult(
            self._fetch_one(conn, rowid),
            action,
            similarity,
            existing.content if correction else None,
        )
