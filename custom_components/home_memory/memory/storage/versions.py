"""Changing a memory: update keeps the previous version, history lists them, undo.

Every change of a memory's statement goes through `apply_patch`, which saves
the version it replaces first: a correction told by voice, an edit by action,
a consolidation merge and undo itself all leave the same trail.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
import json
from typing import TYPE_CHECKING, Any

from ..common.errors import (
    InvalidMemoryError,
    MemoryChangedError,
    MemoryNotFoundError,
    NothingToUndoError,
    VisibilityChangeForbiddenError,
)
from ..common.values import (
    Caller,
    Memory,
    MemoryKind,
    MemoryPatch,
    Telling,
    Tier,
    Visibility,
    WeightClass,
    shown_sources,
)
from ..text.statements import shared_by
from ..text.validation import (
    MAX_CONTENT_CHARS,
    MAX_SUMMARY_CHARS,
    NOTHING_TO_CHANGE,
    clean_content,
    clean_enum,
    clean_importance,
    clean_labels,
    clean_optional,
    clean_summary,
    embedding_text,
    from_timestamp,
    jsonable,
    merged_labels,
    summarize,
    to_timestamp,
)

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    import sqlite3

    import numpy as np
    import numpy.typing as npt

    from .connections import StoreConnections
    from .in_memory import InMemoryCopies
    from .operation_log import OperationLog
    from .rows import MemoryRows


def _check_visibility_change(
    memory: Memory, visibility: Visibility | None, caller: Caller
) -> None:
    """Only a memory's owner changes who sees it (an admin too, for their own).

    A memory nobody owns (satellite, automation, observer) is household and
    stays so: a private memory needs an owner (refused when it is written,
    with its own message), and making one household is an admin's call.
    """
    if visibility is None or visibility is memory.visibility:
        return
    if memory.owner is None:
        if visibility is Visibility.PRIVATE or caller.is_admin:
            return
    elif caller.user_id == memory.owner:
        return
    raise VisibilityChangeForbiddenError(memory.id)


def _version_visible(memory: Memory, snapshot: dict[str, Any], caller: Caller) -> bool:
    """An earlier version that was private shows only to the memory's owner."""
    # A snapshot without a visibility (none is written so) counts as private.
    if snapshot.get("visibility", str(Visibility.PRIVATE)) == str(Visibility.HOUSEHOLD):
        return True
    return caller.user_id is not None and caller.user_id == memory.owner


# Fields a snapshot (version history) restores.
_SNAPSHOT_FIELDS = (
    "content", "summary", "kind", "weight_class", "importance", "emotion", "people",
    "location", "tags", "visibility", "expires_at",
)  # fmt: skip


# Where the statement came from (MemoryPatch.told): a snapshot keeps them
# too, so the source a correction replaced is not lost (undo restores it).
# Versions saved before they were kept have none, and undo leaves them.
_TOLD_FIELDS = (
    "source", "source_ids", "speaker", "thread", "happened_at", "happened_until",
)  # fmt: skip


# The optional fields an update may empty (MemoryPatch.cleared).
_CLEARABLE = frozenset({"emotion", "location"})


def _embedded_text(current: Memory, patch: MemoryPatch) -> str | None:
    """What a memory patched by `patch` embeds; None when its text stays."""
    if patch.content is None and patch.summary is None:
        return None
    content = patch.content or current.content
    summary = patch.summary or (
        summarize(content) if patch.content is not None else current.summary
    )
    return embedding_text(summary, content)


class Versions:
    """Update, history and undo."""

    def __init__(
        self,
        connections: StoreConnections,
        copies: InMemoryCopies,
        rows: MemoryRows,
        log: OperationLog,
    ) -> None:
        """Writes through `connections`, then brings `copies` in line."""
        self._db = connections
        self._copies = copies
        self._rows = rows
        self._log = log
        self.now = connections.now
        self.config = connections.config

    def update(
        self,
        memory_id: str,
        patch: MemoryPatch,
        caller: Caller,
        *,
        told: Callable[[Memory], MemoryPatch] | None = None,
    ) -> Memory:
        """Change some fields; keeps the previous version for undo.

        A patch that changes nothing (the same text and fields) writes nothing
        and returns the memory as it is, same version: history keeps only
        `version_history_limit` versions, and an unchanged save must not push
        a real earlier one out. `told`: the patch as told over the memory as
        it is (an edit's text read against it), made again under the writer
        lock from the version it is written over: without an expected
        version, a change that landed meanwhile is read, not refused (the
        last writer wins; attacker review s18b).
        """
        if told is None and patch.is_empty():
            raise InvalidMemoryError("patch", NOTHING_TO_CHANGE)
        with self._db.read() as conn:
            _, current = self._rows.rowid_for(conn, memory_id, caller)
        if told is not None and (patch := told(current)).is_empty():
            raise InvalidMemoryError("patch", NOTHING_TO_CHANGE)
        patch = self.validate_patch(patch)
        # Embedded before the writer lock (embedding is slow), for the text
        # as it was read; checked again under the lock below.
        embedded = _embedded_text(current, self._shared(current, patch))
        vector = self._embed_one(embedded)
        with self._db.transaction() as conn:
            rowid, current = self._rows.rowid_for(conn, memory_id, caller)
            if current.tier is not Tier.ACTIVE:
                raise MemoryNotFoundError(memory_id)
            if (
                patch.expected_version is not None
                and patch.expected_version != current.version
            ):
                raise MemoryChangedError(memory_id)
            if told is not None:
                patch = self.validate_patch(told(current))
            patch = self._shared(current, patch)
            if (committed := _embedded_text(current, patch)) != embedded:
                # Another edit changed the text meanwhile: what is embedded
                # is what is committed, so embed the text as it will be.
                vector = self._embed_one(committed)
            cleared = patch.cleared & _CLEARABLE
            if _patched_values(current, patch, cleared) == _patched_values(
                current, MemoryPatch(), frozenset()
            ):
                return current
            _check_visibility_change(current, patch.visibility, caller)
            now = self.now()
            self.apply_patch(
                conn, current, patch, caller, now, vector=vector, cleared=cleared
            )
            _restart_idle_clock(conn, rowid, now)
            updated = self._rows.fetch_one(conn, rowid)
        self._copies.refresh([rowid])
        return updated

    def _shared(self, current: Memory, patch: MemoryPatch) -> MemoryPatch:
        """`patch` as it is written over `current`: a private memory made
        household by its teller (`patch.speaker_name`) is told with their
        name, as a household memory they tell is ("My diary lock code ..."
        -> "Anna's diary lock code ...", text/statements.py `shared_by`),
        and the name joins its people. Reading it again by their name finds
        it; "my" would be whoever reads it."""
        name = patch.speaker_name
        if (
            not name
            or current.visibility is not Visibility.PRIVATE
            or patch.visibility is not Visibility.HOUSEHOLD
        ):
            return patch
        content = current.content if patch.content is None else patch.content
        named = shared_by(content, name, self.config.language)
        if named == content or len(named) > MAX_CONTENT_CHARS:
            return patch
        people = current.people if patch.people is None else patch.people
        if name.casefold() not in content.casefold():
            people = merged_labels(people, (name,))
        return replace(patch, content=named, people=people)

    def validate_patch(self, patch: MemoryPatch) -> MemoryPatch:
        if patch.visibility is Visibility.PRIVATE:
            pass  # the owner check happens against the stored memory
        to_timestamp(patch.expires_at)
        if patch.happened is not None:
            start, end = (to_timestamp(moment) for moment in patch.happened)
            if start is None or end is None or end < start:
                raise InvalidMemoryError(
                    "happened_at", "ends before it starts", problem="ends_before_start"
                )
        return replace(
            patch,
            content=None
            if patch.content is None
            else clean_content("content", patch.content, MAX_CONTENT_CHARS),
            summary=None
            if patch.summary is None
            else clean_summary(patch.summary, MAX_SUMMARY_CHARS),
            kind=None
            if patch.kind is None
            else clean_enum("kind", MemoryKind, patch.kind),
            weight_class=None
            if patch.weight_class is None
            else clean_enum("weight_class", WeightClass, patch.weight_class),
            importance=None
            if patch.importance is None
            else clean_importance(patch.importance),
            tags=None if patch.tags is None else clean_labels("tags", patch.tags),
            people=None
            if patch.people is None
            else clean_labels("people", patch.people),
            emotion=clean_optional("emotion", patch.emotion),
            location=clean_optional("location", patch.location),
            visibility=None
            if patch.visibility is None
            else clean_enum("visibility", Visibility, patch.visibility),
        )

    def _embed_one(self, text: str | None) -> npt.NDArray[np.float32] | None:
        """The vector of `text` (None: no text to embed, or no embedder)."""
        if text is None:
            return None
        embedded = self._copies.embed([text])
        return None if embedded is None else embedded[0]

    def apply_patch(
        self,
        conn: sqlite3.Connection,
        current: Memory,
        patch: MemoryPatch,
        caller: Caller,
        now: float,
        *,
        vector: npt.NDArray[np.float32] | None = None,
        log_operation: str | None = "update",
        cleared: frozenset[str] = frozenset(),
    ) -> None:
        """Write `patch` over `current`, keeping `current` as a version.

        None in the patch keeps a field, except the optional fields named in
        `cleared` (emotion, location), which become None.
        """
        if patch.visibility is Visibility.PRIVATE and current.owner is None:
            raise InvalidMemoryError(
                "visibility", "a private memory needs an owner", problem="needs_owner"
            )
        rowid = int(
            conn.execute(
                "SELECT rowid FROM memories WHERE id = ?", (current.id,)
            ).fetchone()[0]
        )
        self._save_version(conn, rowid, current, caller, now)
        values = _patched_values(current, patch, cleared)
        values.update(updated_at=now, version=current.version + 1)
        self._write_statement(conn, rowid, values)
        self._write_text_data(
            conn,
            rowid,
            current,
            values["content"],
            values["summary"],
            patch.tags if patch.tags is not None else current.tags,
            patch.people if patch.people is not None else current.people,
            vector,
        )
        if log_operation:
            changed = (
                sorted(
                    name
                    for name in _SNAPSHOT_FIELDS
                    if getattr(patch, name) is not None
                )
                + (["told"] if patch.told is not None else [])
                + (["happened"] if patch.happened is not None else [])
            )
            self._log.record(
                conn,
                log_operation,
                current.id,
                caller,
                values["content"],
                {"fields": changed},
            )

    @staticmethod
    def _write_statement(
        conn: sqlite3.Connection, rowid: int, values: dict[str, Any]
    ) -> None:
        """Set the named columns of one memory."""
        assignments = ", ".join(f"{k} = :{k}" for k in values)
        conn.execute(
            f"UPDATE memories SET {assignments} WHERE rowid = :rowid",
            {**values, "rowid": rowid},
        )

    def _write_text_data(
        self,
        conn: sqlite3.Connection,
        rowid: int,
        previous: Memory,
        content: str,
        summary: str,
        tags: Sequence[str],
        people: Sequence[str],
        vector: npt.NDArray[np.float32] | None,
    ) -> None:
        """Labels, text index and vector of a memory whose statement changed.

        Text changed without a new vector (keyword-only mode): the old vector
        no longer describes it, so it goes.
        """
        self._rows.write_labels(conn, rowid, tags, people)
        self._rows.write_fts(conn, rowid, content, summary, tags, people)
        if vector is not None:
            self._rows.write_vector(conn, rowid, vector)
        elif content != previous.content or summary != previous.summary:
            conn.execute("DELETE FROM memory_vectors WHERE memory_rowid = ?", (rowid,))
            conn.execute(
                "UPDATE memories SET embedding_model = NULL WHERE rowid = ?", (rowid,)
            )

    def _save_version(
        self,
        conn: sqlite3.Connection,
        rowid: int,
        current: Memory,
        caller: Caller,
        now: float,
    ) -> None:
        snapshot = {
            name: jsonable(getattr(current, name))
            for name in (*_SNAPSHOT_FIELDS, *_TOLD_FIELDS)
        }
        conn.execute(
            "INSERT OR REPLACE INTO memory_versions "
            "(memory_rowid, version, snapshot, replaced_at, replaced_by) "
            "VALUES (?, ?, ?, ?, ?)",
            (rowid, current.version, json.dumps(snapshot), now, caller.actor),
        )
        # The newest `version_history_limit` versions stay, and the oldest
        # one kept (the memory as first told) with them: a run of edits, an
        # agent stuck correcting, or another person's updates must not push
        # what was first said out of reach for good.
        conn.execute(
            "DELETE FROM memory_versions WHERE memory_rowid = ?1 AND version <= ?2 "
            "AND version > (SELECT MIN(version) FROM memory_versions "
            "WHERE memory_rowid = ?1)",
            (rowid, current.version - self.config.version_history_limit),
        )

    def history(self, memory_id: str, caller: Caller) -> list[dict[str, Any]]:
        """Earlier versions of a memory the caller may see, newest first.

        Every reader of history goes through here: a version that was private
        is its owner's alone, even after the memory became household.
        """
        with self._db.read() as conn:
            rowid, current = self._rows.rowid_for(conn, memory_id, caller)
            rows = conn.execute(
                "SELECT version, snapshot, replaced_at, replaced_by "
                "FROM memory_versions WHERE memory_rowid = ? ORDER BY version DESC",
                (rowid,),
            ).fetchall()
        history = []
        for version, snapshot, replaced_at, replaced_by in rows:
            fields = json.loads(snapshot)
            if not _version_visible(current, fields, caller):
                continue
            if "source_ids" in fields:
                # Another person's conversation stays theirs, as on the memory.
                sources, thread = shown_sources(
                    tuple(fields["source_ids"]),
                    fields.get("thread"),
                    fields.get("speaker"),
                    caller,
                )
                fields.update(source_ids=list(sources), thread=thread)
            history.append(
                {
                    "version": version,
                    "replaced_at": from_timestamp(replaced_at),
                    "replaced_by": replaced_by,
                    **fields,
                }
            )
        return history

    def undo(self, memory_id: str, caller: Caller) -> Memory:
        """Return an active memory to the version before its last update."""
        rowid, current, version, snapshot = self._last_version(memory_id, caller)
        # Undo changes visibility back too: the owner's call alone (a private
        # version would otherwise come back to, and be returned to, another).
        _check_visibility_change(current, Visibility(snapshot["visibility"]), caller)
        text_changed = (
            snapshot["content"] != current.content
            or snapshot["summary"] != current.summary
        )
        vector = (
            self._copies.embed(
                [embedding_text(snapshot["summary"], snapshot["content"])]
            )
            if text_changed
            else None
        )
        with self._db.transaction() as conn:
            values = _snapshot_values(snapshot)
            values.update(version=version, updated_at=self.now())
            self._write_statement(conn, rowid, values)
            _restart_idle_clock(conn, rowid, values["updated_at"])
            conn.execute(
                "DELETE FROM memory_versions WHERE memory_rowid = ? AND version >= ?",
                (rowid, version),
            )
            self._write_text_data(
                conn, rowid, current, snapshot["content"], snapshot["summary"],
                snapshot["tags"], snapshot["people"],
                None if vector is None else vector[0],
            )  # fmt: skip
            self._log.record(
                conn,
                "undo",
                memory_id,
                caller,
                snapshot["content"],
                {"to_version": version},
            )
            restored = self._rows.fetch_one(conn, rowid)
        self._copies.refresh([rowid])
        return restored

    def _last_version(
        self, memory_id: str, caller: Caller
    ) -> tuple[int, Memory, int, dict[str, Any]]:
        """An active memory's rowid, current state, last saved version and its
        snapshot; raises when there is none to return to.
        """
        with self._db.read() as conn:
            rowid, current = self._rows.rowid_for(conn, memory_id, caller)
            if current.tier is not Tier.ACTIVE:
                # Like update: a forgotten memory is restored first, not edited.
                raise MemoryNotFoundError(memory_id)
            row = conn.execute(
                "SELECT version, snapshot FROM memory_versions WHERE memory_rowid = ? "
                "ORDER BY version DESC LIMIT 1",
                (rowid,),
            ).fetchone()
        if row is None:
            raise NothingToUndoError(memory_id)
        return rowid, current, int(row[0]), json.loads(row[1])


def _restart_idle_clock(conn: sqlite3.Connection, rowid: int, now: float) -> None:
    """A person's edit (an update, a revert, an undo) is a use: the memory's
    idle time, which decides when nightly maintenance archives it, starts
    again from `now` (docs/retention.md), as after a search that returned
    it; the access count, which ranks what is asked for, is not raised."""
    conn.execute(
        "UPDATE memories SET last_accessed_at = ? WHERE rowid = ?", (now, rowid)
    )


def _patched_values(
    current: Memory, patch: MemoryPatch, cleared: frozenset[str]
) -> dict[str, Any]:
    """The statement's columns after `patch` (see `Versions.apply_patch`)."""
    content = patch.content if patch.content is not None else current.content
    if patch.summary is not None:
        summary = patch.summary
    elif patch.content is not None and patch.content != current.content:
        summary = summarize(content)  # the same text keeps its summary
    else:
        summary = current.summary
    tags = patch.tags if patch.tags is not None else current.tags
    people = patch.people if patch.people is not None else current.people
    expires = (
        None
        if patch.clear_expiry
        else to_timestamp(patch.expires_at)
        if patch.expires_at is not None
        else to_timestamp(current.expires_at)
    )
    told = {} if patch.told is None else _told_values(patch.told)
    if patch.happened is not None and patch.happened != (
        current.happened_at,
        current.happened_until,
    ):
        # Compared as moments: a version's time read back from its history
        # is the same moment, though its float may differ in the last bit.
        told.update(
            happened_at=to_timestamp(patch.happened[0]),
            happened_until=to_timestamp(patch.happened[1]),
        )
    return {
        **told,
        "content": content,
        "summary": summary,
        "kind": str(patch.kind or current.kind),
        "weight_class": str(patch.weight_class or current.weight_class),
        "importance": current.importance
        if patch.importance is None
        else patch.importance,
        "emotion": patch.emotion
        if patch.emotion is not None or "emotion" in cleared
        else current.emotion,
        "people": json.dumps(list(people)),
        "location": patch.location
        if patch.location is not None or "location" in cleared
        else current.location,
        "tags": json.dumps(list(tags)),
        "visibility": str(patch.visibility or current.visibility),
        "expires_at": expires,
    }


def _told_values(told: Telling) -> dict[str, Any]:
    """The columns of where a statement came from (MemoryPatch.told)."""
    return {
        "source": str(told.source),
        "source_ids": json.dumps(list(told.source_ids)),
        "speaker": told.speaker,
        "thread": told.thread,
        "happened_at": to_timestamp(told.happened_at),
        "happened_until": to_timestamp(told.happened_until),
    }


def _snapshot_values(snapshot: dict[str, Any]) -> dict[str, Any]:
    """The statement's columns as a saved version holds them (with where it
    came from, when the version kept that)."""
    values = {name: snapshot[name] for name in _SNAPSHOT_FIELDS}
    if all(name in snapshot for name in _TOLD_FIELDS):
        values.update(
            source=snapshot["source"],
            source_ids=json.dumps(snapshot["source_ids"]),
            speaker=snapshot["speaker"],
            thread=snapshot["thread"],
            happened_at=datetime.fromisoformat(snapshot["happened_at"]).timestamp(),
            happened_until=datetime.fromisoformat(
                snapshot["happened_until"]
            ).timestamp(),
        )
    values["people"] = json.dumps(values["people"])
    values["tags"] = json.dumps(values["tags"])
    values["expires_at"] = to_timestamp(
        None
        if values["expires_at"] is None
        else datetime.fromisoformat(values["expires_at"])
    )
    return values
