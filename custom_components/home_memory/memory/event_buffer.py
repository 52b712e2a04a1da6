"""The durable buffer of observed state changes (`observed_events`).

State changes wait here until their segment has become a memory. The memory
and the deletion of its events commit in one transaction (`consume` runs
inside `MemoryStore.create_many`), so a crash either keeps both the events and
no memory, or the memory and no events: never a lost change, never a
duplicate memory. Blocking; the integration calls it from the executor.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from .errors import MemoryEngineError

if TYPE_CHECKING:
    from collections.abc import Sequence
    import sqlite3

    from .store import MemoryStore

_COLUMNS: Final = (
    "seq, at, entity_id, domain, name, area, device_class, old_state, new_state, "
    "person, user_id, importance"
)
# SQLite's default limit on bound parameters is far above this.
_CHUNK: Final = 500


class StaleEventsError(MemoryEngineError):
    """Some events of a segment are gone: another writer consumed them first."""


@dataclass(frozen=True, slots=True, kw_only=True)
class ObservedEvent:
    """One state change as the observer recorded it."""

    at: float
    entity_id: str
    domain: str
    name: str
    new_state: str
    old_state: str | None = None
    area: str | None = None
    device_class: str | None = None
    # The person the change is about or who caused it, by name.
    person: str | None = None
    user_id: str | None = None
    importance: float = 0.0
    # The buffer's id; 0 until the event is stored.
    seq: int = 0

    @property
    def source_id(self) -> str:
        """The id a memory keeps to name this event among its sources."""
        return f"event:{self.seq}"


def _row(event: ObservedEvent) -> tuple[object, ...]:
    return (
        event.at,
        event.entity_id,
        event.domain,
        event.name,
        event.area,
        event.device_class,
        event.old_state,
        event.new_state,
        event.person,
        event.user_id,
        event.importance,
    )


def _event(row: Sequence[object]) -> ObservedEvent:
    (
        seq,
        at,
        entity_id,
        domain,
        name,
        area,
        device_class,
        old,
        new,
        person,
        user_id,
        imp,
    ) = row
    return ObservedEvent(
        seq=int(str(seq)),
        at=float(str(at)),
        entity_id=str(entity_id),
        domain=str(domain),
        name=str(name),
        area=None if area is None else str(area),
        device_class=None if device_class is None else str(device_class),
        old_state=None if old is None else str(old),
        new_state=str(new),
        person=None if person is None else str(person),
        user_id=None if user_id is None else str(user_id),
        importance=float(str(imp)),
    )


class EventBuffer:
    """Observed events in the memory database, oldest first."""

    def __init__(self, store: MemoryStore) -> None:
        """Use the store's file and its single writer."""
        self._store = store

    def append(self, events: Sequence[ObservedEvent]) -> list[int]:
        """Store events in one transaction; their new ids, in order."""
        if not events:
            return []
        seqs: list[int] = []
        with self._store.transaction() as conn:
            for event in events:
                cursor = conn.execute(
                    "INSERT INTO observed_events (at, entity_id, domain, name, area, "
                    "device_class, old_state, new_state, person, user_id, importance) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    _row(event),
                )
                seqs.append(int(cursor.lastrowid or 0))
        return seqs

    def oldest(self, limit: int) -> tuple[list[ObservedEvent], bool]:
        """Up to `limit` events, oldest first, and whether more are waiting."""
        with self._store.read() as conn:
            rows = conn.execute(
                f"SELECT {_COLUMNS} FROM observed_events ORDER BY at, seq LIMIT ?",
                (limit + 1,),
            ).fetchall()
        return [_event(row) for row in rows[:limit]], len(rows) > limit

    def count(self) -> int:
        """How many events are waiting."""
        with self._store.read() as conn:
            return int(
                conn.execute("SELECT count(*) FROM observed_events").fetchone()[0]
            )

    def summary(self) -> tuple[int, float | None]:
        """How many events are waiting, and when the oldest happened (unix s)."""
        with self._store.read() as conn:
            count, oldest = conn.execute(
                "SELECT count(*), min(at) FROM observed_events"
            ).fetchone()
        return int(count), None if oldest is None else float(oldest)

    @staticmethod
    def _delete(conn: sqlite3.Connection, seqs: Sequence[int]) -> tuple[int, int]:
        """Delete events by id; (how many were asked for, how many were there)."""
        deleted = 0
        unique = sorted(set(seqs))
        for start in range(0, len(unique), _CHUNK):
            chunk = unique[start : start + _CHUNK]
            deleted += conn.execute(
                "DELETE FROM observed_events "
                f"WHERE seq IN ({','.join('?' * len(chunk))})",
                chunk,
            ).rowcount
        return len(unique), deleted

    @classmethod
    def consume(cls, conn: sqlite3.Connection, seqs: Sequence[int]) -> None:
        """Delete a segment's events inside the caller's transaction.

        Raises StaleEventsError (rolling the caller's transaction back) when
        any of them is already gone, so a segment never yields two memories.
        """
        asked, deleted = cls._delete(conn, seqs)
        if deleted != asked:
            raise StaleEventsError(
                f"{asked - deleted} of {asked} events were already consumed"
            )

    def discard(self, seqs: Sequence[int]) -> int:
        """Drop events that will not become a memory; how many were there."""
        if not seqs:
            return 0
        with self._store.transaction() as conn:
            return self._delete(conn, seqs)[1]
