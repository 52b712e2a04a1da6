"""The operational log: who did what to which memory, and when (no text).

A row carries the memory's owner and visibility, so that a caller is shown
only rows about memories they may see, even after a memory was purged.
"""

from __future__ import annotations

from dataclasses import dataclass
import json
from typing import TYPE_CHECKING, Any, Final

from ..common.values import Caller, CreateAction, Visibility
from ..text.validation import content_hash, from_timestamp

if TYPE_CHECKING:
    from datetime import datetime
    import sqlite3

    from .connections import StoreConnections


# The operations that write what a person told: a new memory, a correction
# and a repeat (writing.py, repeats.py; CreateAction's values).
_TOLD: Final = ("create", str(CreateAction.UPDATED), str(CreateAction.REINFORCED))


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One row of the operational log."""

    at: datetime
    operation: str
    memory_id: str | None
    actor: str
    content_hash: str | None
    details: dict[str, Any]
    # The row's place in the log (newest is highest): where a next page starts.
    seq: int = 0


class OperationLog:
    """Writing and reading the operation_log table."""

    def __init__(self, connections: StoreConnections) -> None:
        """Rows are written and read through `connections`, timed by its clock."""
        self._db = connections
        self.now = connections.now

    def record(
        self,
        conn: sqlite3.Connection,
        operation: str,
        memory_id: str | None,
        caller: Caller,
        text: str | None,
        details: dict[str, Any] | None = None,
    ) -> None:
        owner, visibility = (
            (None, None) if memory_id is None else self._log_visibility(conn, memory_id)
        )
        conn.execute(
            "INSERT INTO operation_log (at, operation, memory_id, actor, content_hash, "
            "details, owner, visibility) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (
                self.now(),
                operation,
                memory_id,
                caller.actor,
                None if text is None else content_hash(text),
                json.dumps(details or {}, sort_keys=True),
                owner,
                visibility,
            ),
        )
        if memory_id is not None and visibility != Visibility.HOUSEHOLD:
            # Made private, all of a memory's rows become its owner's. Made
            # household, earlier rows keep what they had: rows of a private
            # period stay private, so a row is shown to others only when it
            # was written while household and the memory is not private now.
            conn.execute(
                "UPDATE operation_log SET owner = ?, visibility = ? "
                "WHERE memory_id = ? AND (owner IS NOT ? OR visibility IS NOT ?)",
                (owner, visibility, memory_id, owner, visibility),
            )

    @staticmethod
    def _log_visibility(
        conn: sqlite3.Connection, memory_id: str
    ) -> tuple[str | None, str]:
        """Owner and visibility a log row about `memory_id` gets.

        The memory's own while it exists; once purged, what its earlier log
        rows said; with neither, private to nobody (never shown).
        """
        row = conn.execute(
            "SELECT owner, visibility FROM memories WHERE id = ?", (memory_id,)
        ).fetchone()
        if row is None:
            row = conn.execute(
                "SELECT owner, visibility FROM operation_log WHERE memory_id = ? "
                "AND visibility IS NOT NULL ORDER BY seq DESC LIMIT 1",
                (memory_id,),
            ).fetchone()
        if row is None:
            return None, str(Visibility.PRIVATE)
        owner, visibility = row
        if visibility != Visibility.HOUSEHOLD:
            return owner, str(Visibility.PRIVATE)
        return owner, str(Visibility.HOUSEHOLD)

    def log_event(
        self,
        operation: str,
        caller: Caller,
        details: dict[str, Any] | None = None,
        *,
        since: int | None = None,
    ) -> None:
        """Record a non-memory event (a tool call, a service call) in the log.

        `since` (the log's `last_seq` before the call): the row lists in
        `details.ids` the memories the caller's rows after it name (what the
        call wrote or recalled), and is shown to others as an access row is:
        with the ids they may see, as they were then, and not at all when
        none is left. A row of a person's call that named no memory is that
        person's own: a private write that failed, or a forget still to be
        confirmed, does not tell others when that person spoke.
        """
        with self._db.transaction() as conn:
            if since is None:
                self.record(conn, operation, None, caller, None, details)
                return
            ids: dict[str, None] = {}
            for memory_id, row_details in conn.execute(
                "SELECT memory_id, details FROM operation_log "
                "WHERE seq > ? AND actor = ? ORDER BY seq",
                (since, caller.actor),
            ):
                if memory_id is not None:
                    ids[str(memory_id)] = None
                    continue
                named = json.loads(row_details).get("ids")
                if isinstance(named, list):
                    ids.update(dict.fromkeys(map(str, named)))
            details = {**(details or {}), "ids": list(ids)}
            self.record(conn, operation, None, caller, None, details)
            if not ids and caller.user_id is not None:
                conn.execute(
                    "UPDATE operation_log SET owner = ?, visibility = ? "
                    "WHERE seq = last_insert_rowid()",
                    (caller.user_id, str(Visibility.PRIVATE)),
                )

    def last_seq(self) -> int:
        """The newest log row's place (0: none): `log_event`'s `since`."""
        with self._db.read() as conn:
            return int(
                conn.execute(
                    "SELECT coalesce(max(seq), 0) FROM operation_log"
                ).fetchone()[0]
            )

    def told_at(self, memory_id: str) -> datetime | None:
        """When the memory's statement was last told: created, corrected or
        repeated (None when the log no longer holds it). The conversation a
        memory's page shows is read around this moment."""
        with self._db.read() as conn:
            row = conn.execute(
                "SELECT max(at) FROM operation_log WHERE memory_id = ? "
                "AND operation IN (?, ?, ?)",
                (memory_id, *_TOLD),
            ).fetchone()
        return from_timestamp(row[0])

    def log_entries(
        self,
        *,
        memory_id: str | None = None,
        content_hash_of: str | None = None,
        limit: int = 100,
        caller: Caller | None = None,
        before: int | None = None,
    ) -> list[LogEntry]:
        """Newest operational log rows, optionally for one memory or text.

        With `caller`, rows about a private memory are left out unless the
        caller owns it, whether the memory still exists or was purged (a row
        names who did what to it, and when: that is the memory's existence).
        Without, every row (the engine's own use and tests).
        """
        clauses: list[str] = []
        params: list[Any] = []
        if caller is not None:
            # A row about no memory has a visibility only when it is one
            # person's own (log_event); its listed ids are checked below.
            clauses.append(
                "((memory_id IS NULL AND visibility IS NULL) "
                "OR visibility = 'household' "
                "OR (owner IS NOT NULL AND owner = ?))"
            )
            params.append(caller.user_id)
        if memory_id is not None:
            clauses.append("memory_id = ?")
            params.append(memory_id)
        if content_hash_of is not None:
            clauses.append("content_hash = ?")
            params.append(content_hash(content_hash_of))
        # Paging: `before` is the `seq` of the last row shown; older rows follow.
        entries: list[LogEntry] = []
        with self._db.read() as conn:
            # Rows whose listed ids are all hidden are dropped after the read,
            # so read on until the page is full or the log is exhausted.
            while len(entries) < limit:
                paging = [] if before is None else ["seq < ?"]
                where_parts = [*clauses, *paging]
                where = f"WHERE {' AND '.join(where_parts)}" if where_parts else ""
                rows = conn.execute(
                    "SELECT at, operation, memory_id, actor, content_hash, details, "
                    f"seq FROM operation_log {where} ORDER BY seq DESC LIMIT ?",
                    [*params, *([] if before is None else [before]), limit],
                ).fetchall()
                for at, op, mid, actor, chash, details, seq in rows:
                    before = int(seq)
                    shown = json.loads(details)
                    if caller is not None and mid is None:
                        shown = self._visible_ids(conn, shown, caller, before)
                        if shown is None:
                            continue
                    entries.append(
                        LogEntry(
                            from_timestamp(at),  # type: ignore[arg-type]
                            op,
                            mid,
                            actor,
                            chash,
                            shown,
                            before,
                        )
                    )
                    if len(entries) == limit:
                        break
                if len(rows) < limit:
                    break
        return entries

    def _visible_ids(
        self,
        conn: sqlite3.Connection,
        details: dict[str, Any],
        caller: Caller,
        seq: int,
    ) -> dict[str, Any] | None:
        """`details` with only the listed memory ids the caller may see.

        A row about no one memory (an access by recall, a tool call) lists
        the ids it touched; someone else's private memory must not show
        there either, nor a memory that was private when the row was written
        (its private period stays its owner's after it is shared). None when
        every listed id is hidden: the row itself would tell that the actor
        recalled or wrote something private, and when.
        """
        ids = details.get("ids")
        if not isinstance(ids, list) or not ids:
            return details
        kept = [
            memory_id
            for memory_id in ids
            if self._may_see(self._log_visibility(conn, str(memory_id)), caller)
            and self._may_see(self._visibility_at(conn, str(memory_id), seq), caller)
        ]
        if not kept:
            return None
        return {**details, "ids": kept}

    @staticmethod
    def _visibility_at(
        conn: sqlite3.Connection, memory_id: str, seq: int
    ) -> tuple[str | None, str]:
        """Owner and visibility of `memory_id` when log row `seq` was written.

        Every change of a memory writes a row about it with its visibility
        after the change (and making it private makes all its rows private),
        so the newest such row before `seq` tells. A memory with no row
        before (imported, or older than its log) counts as it is now.
        """
        row = conn.execute(
            "SELECT owner, visibility FROM operation_log WHERE memory_id = ? "
            "AND seq < ? AND visibility IS NOT NULL ORDER BY seq DESC LIMIT 1",
            (memory_id, seq),
        ).fetchone()
        if row is None:
            return None, str(Visibility.HOUSEHOLD)
        return row[0], str(row[1])

    @staticmethod
    def _may_see(row: tuple[str | None, str], caller: Caller) -> bool:
        owner, visibility = row
        return visibility == Visibility.HOUSEHOLD or (
            owner is not None and owner == caller.user_id
        )
