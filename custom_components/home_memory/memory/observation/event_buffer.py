"""The durable buffer of observed state changes (`observed_events`).

State changes wait here until their segment has become a memory. The memory
and the move of its events out of the buffer commit in one transaction
(`consume` runs inside `MemoryStore.create_many`), so a crash either keeps
both the events and no memory, or the memory and no events: never a lost
change, never a duplicate memory. A told segment's events stay with its
memory (`memory_events`, schema version 6) as its provenance (`told`); a
segment dropped without a memory (`discard`) is deleted. Blocking; the
integration calls it from the executor.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Final

from ..common.errors import MemoryNotFoundError, StaleEventsError
from ..common.values import PROVENANCE_PREFIX

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    import sqlite3

    from ..common.values import Caller, Memory
    from ..store import MemoryStore

# What a told event keeps (memory_events): what a person reads, not the
# user id nor the rating.
_KEPT_COLUMNS: Final = (
    "seq, at, entity_id, domain, name, area, device_class, old_state, new_state, person"
)
_COLUMNS: Final = f"{_KEPT_COLUMNS}, user_id, importance"
# SQLite's default limit on bound parameters is far above this.
_CHUNK: Final = 500
# Events kept with one memory at most: twice the most a segment holds
# (SegmentationRules.max_events, 50, also the most source ids a memory names,
# validation.MAX_LABELS), so a whole segment is always kept; the cap bounds a
# caller that hands over more (the oldest are kept).
KEPT_PER_MEMORY: Final = 100
# Memories followed through `memory:` source ids when reading provenance: a
# consolidation group and what its members had taken over before.
FOLLOWED_MEMORIES: Final = 20


# Sensors of a room's activity: their pulses are merged into stretches.
ACTIVITY_CLASSES: Final = frozenset({"motion", "occupancy", "presence"})


def is_activity_sensor(domain: str, device_class: str | None) -> bool:
    """A motion, occupancy or presence binary sensor."""
    return domain == "binary_sensor" and device_class in ACTIVITY_CLASSES


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


def _continued_stretch(
    conn: sqlite3.Connection, event: ObservedEvent, gap_s: float
) -> int | None:
    """The id of the "on" a pulse continues (its "off" is deleted), or None."""
    if not (
        event.new_state == "on" and is_activity_sensor(event.domain, event.device_class)
    ):
        return None
    rows = conn.execute(
        "SELECT seq, at, new_state FROM observed_events WHERE entity_id = ? "
        "ORDER BY at DESC, seq DESC LIMIT 2",
        (event.entity_id,),
    ).fetchall()
    if (
        len(rows) == 2
        and rows[0][2] == "off"
        and rows[1][2] == "on"
        and 0 <= event.at - float(rows[0][1]) <= gap_s
    ):
        conn.execute("DELETE FROM observed_events WHERE seq = ?", (rows[0][0],))
        return int(rows[1][0])
    return None


def _told_event(row: Sequence[object]) -> ObservedEvent:
    """A kept event (_KEPT_COLUMNS) as the buffer's type, unrated."""
    seq, at, entity_id, domain, name, area, device_class, old, new, person = row
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
    )


def _event(row: Sequence[object]) -> ObservedEvent:
    """A buffered event (_COLUMNS: the kept columns, then the rest)."""
    *kept, user_id, importance = row
    return replace(
        _told_event(kept),
        user_id=None if user_id is None else str(user_id),
        importance=float(str(importance)),
    )


class EventBuffer:
    """Observed events in the memory database, oldest first."""

    def __init__(self, store: MemoryStore) -> None:
        """Use the store's file and its single writer."""
        self._store = store

    def append(
        self, events: Sequence[ObservedEvent], *, merge_pulses_s: float = 0.0
    ) -> list[int]:
        """Store events in one transaction; their ids, in order.

        With `merge_pulses_s`, a motion, occupancy or presence sensor that
        comes on again within that many seconds of going off continues its
        stretch of activity: the "off" between is dropped and the new "on"
        not stored (its id is the stretch's "on"), so a sensor that pulses
        every second is two rows per stretch (its first "on", its last
        "off"), whatever its rate, and a day stays a handful of segments.
        """
        if not events:
            return []
        seqs: list[int] = []
        with self._store.transaction() as conn:
            for event in events:
                if merge_pulses_s > 0 and (
                    merged := _continued_stretch(conn, event, merge_pulses_s)
                ):
                    seqs.append(merged)
                    continue
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
    def consume(
        cls, conn: sqlite3.Connection, seqs: Sequence[int], memory_id: str
    ) -> None:
        """Move a segment's events to the memory told from them, inside the
        caller's transaction (the one that wrote the memory).

        The oldest KEPT_PER_MEMORY stay with the memory (`told`); every one
        leaves the buffer. Raises StaleEventsError (rolling the caller's
        transaction back) when any of them is already gone, so a segment never
        yields two memories.
        """
        unique = sorted(set(seqs))
        rows: list[tuple[object, ...]] = []
        for start in range(0, len(unique), _CHUNK):
            chunk = unique[start : start + _CHUNK]
            rows += conn.execute(
                f"SELECT {_KEPT_COLUMNS} FROM observed_events "
                f"WHERE seq IN ({','.join('?' * len(chunk))})",
                chunk,
            ).fetchall()
        if len(rows) != len(unique):
            raise StaleEventsError(
                f"{len(unique) - len(rows)} of {len(unique)} events were already "
                "consumed"
            )
        found = conn.execute(
            "SELECT rowid FROM memories WHERE id = ?", (memory_id,)
        ).fetchone()
        if found is None:
            raise MemoryNotFoundError(memory_id)
        rows.sort(key=lambda row: (float(str(row[1])), int(str(row[0]))))
        conn.executemany(
            f"INSERT INTO memory_events (memory_rowid, {_KEPT_COLUMNS}) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [(found[0], *row) for row in rows[:KEPT_PER_MEMORY]],
        )
        cls._delete(conn, unique)

    @staticmethod
    def keep_earlier(
        conn: sqlite3.Connection, events: Sequence[ObservedEvent], memory_id: str
    ) -> None:
        """Keep changes already told by other memories with `memory_id` too,
        inside the caller's transaction: what it states about them (since when
        someone was away, before.py) rests on them, so they are its provenance
        as well (a copy: each memory's events live and die with it)."""
        if not events:
            return
        found = conn.execute(
            "SELECT rowid FROM memories WHERE id = ?", (memory_id,)
        ).fetchone()
        if found is None:
            raise MemoryNotFoundError(memory_id)
        conn.executemany(
            f"INSERT OR IGNORE INTO memory_events (memory_rowid, {_KEPT_COLUMNS}) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (
                    found[0],
                    e.seq,
                    e.at,
                    e.entity_id,
                    e.domain,
                    e.name,
                    e.area,
                    e.device_class,
                    e.old_state,
                    e.new_state,
                    e.person,
                )
                for e in events
            ],
        )

    def discard(
        self,
        seqs: Sequence[int],
        in_transaction: Callable[[sqlite3.Connection], None] | None = None,
    ) -> int:
        """Drop events that will not become a memory; how many were there.

        `in_transaction` runs in the same transaction (what the drain keeps
        of them: before.note)."""
        if not seqs:
            return 0
        with self._store.transaction() as conn:
            if in_transaction is not None:
                in_transaction(conn)
            return self._delete(conn, seqs)[1]

    def told(
        self, memory: Memory, caller: Caller, limit: int = KEPT_PER_MEMORY
    ) -> list[ObservedEvent]:
        """The events `memory` was told from, oldest first, at most `limit`.

        With them, those of the memories it took over: consolidation names
        each as `memory:<id>` among the survivor's sources and moves it to the
        deleted tier, so its events are followed there rather than copied (a
        purge of the absorbed memory then removes its events everywhere).
        Only memories `caller` may see are followed; `memory` itself is one
        the caller was allowed to read.
        """
        ids = self._followed(memory, caller)
        with self._store.read() as conn:
            rows = conn.execute(
                f"SELECT {', '.join(f'e.{c}' for c in _KEPT_COLUMNS.split(', '))} "
                "FROM memory_events e JOIN memories m ON m.rowid = e.memory_rowid "
                f"WHERE m.id IN ({','.join('?' * len(ids))}) "
                "ORDER BY e.at, e.seq LIMIT ?",
                [*ids, limit],
            ).fetchall()
        return [_told_event(row) for row in rows]

    def _followed(self, memory: Memory, caller: Caller) -> list[str]:
        """`memory` and the memories it took over, transitively, that the
        caller may see (at most FOLLOWED_MEMORIES)."""
        ids = [memory.id]
        frontier = [memory]
        while frontier and len(ids) < FOLLOWED_MEMORIES:
            named = [
                source[len(PROVENANCE_PREFIX) :]
                for member in frontier
                for source in member.source_ids
                if source.startswith(PROVENANCE_PREFIX)
            ]
            fresh = [i for i in dict.fromkeys(named) if i not in ids]
            found = self._store.fetch_ids(fresh[: FOLLOWED_MEMORIES - len(ids)])
            frontier = [m for m in found.values() if m.visible_to(caller)]
            ids += [m.id for m in frontier]
        return ids
