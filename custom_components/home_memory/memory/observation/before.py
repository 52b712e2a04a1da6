"""What came before a segment: the home's previous change and each person's.

An arrival can then say how long the person was away ("after being away for
about thirty-three hours, since Saturday morning"), and an outside door that
opens after a home in which nothing at all changed can say that nobody seems
to have been home. The store keeps both in `engine_meta`: the last change the
observer has dealt with (told or discarded) and each person's last arrival or
departure, written in the transaction that tells or discards a segment
(`note`). Segments are dealt with oldest first, so when one is told these are
what happened just before it. Blocking; the drain calls it in the executor.
"""

from __future__ import annotations

from dataclasses import dataclass, field
import json
from typing import TYPE_CHECKING, Final

from .event_buffer import ObservedEvent
from .segmentation import Presence, presence_change

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence
    import sqlite3

    from ..store import MemoryStore

_LAST_KEY: Final = "observed_last_change"
_PRESENCE_PREFIX: Final = "observed_presence:"


@dataclass(frozen=True, slots=True)
class Before:
    """What happened just before a segment, as far as the observer saw."""

    # The home's previous change.
    last: ObservedEvent | None = None
    # Each person's previous arrival or departure, by entity id.
    people: Mapping[str, ObservedEvent] = field(default_factory=dict)
    # Whether the home has told anyone's comings and goings, and who was at
    # home (last seen arriving) when the segment began.
    tracked: bool = False
    at_home: frozenset[str] = frozenset()


_FIELDS: Final = (
    "seq", "at", "entity_id", "domain", "name", "area", "device_class",
    "old_state", "new_state", "person",
)  # fmt: skip


def _load(conn: sqlite3.Connection, key: str) -> ObservedEvent | None:
    row = conn.execute("SELECT value FROM engine_meta WHERE key = ?", (key,)).fetchone()
    if row is None:
        return None
    try:
        value = json.loads(row[0])
        return ObservedEvent(**{name: value[name] for name in _FIELDS})
    except ValueError, KeyError, TypeError:
        return None


def _put_if_later(conn: sqlite3.Connection, key: str, event: ObservedEvent) -> None:
    old = _load(conn, key)
    if old is not None and old.at >= event.at:
        return
    conn.execute(
        "INSERT INTO engine_meta (key, value) VALUES (?, ?) "
        "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        (key, json.dumps({name: getattr(event, name) for name in _FIELDS})),
    )


def note(conn: sqlite3.Connection, events: Sequence[ObservedEvent]) -> None:
    """Remember a segment's last change and its people's arrivals and
    departures (inside the transaction that tells or discards it)."""
    if not events:
        return
    _put_if_later(conn, _LAST_KEY, max(events, key=lambda e: (e.at, e.seq)))
    for event in events:
        if presence_change(event) is not None:
            _put_if_later(conn, _PRESENCE_PREFIX + event.entity_id, event)


def before(store: MemoryStore, events: Sequence[ObservedEvent]) -> Before:
    """What happened before `events` began (blocking; read before telling)."""
    if not events:
        return Before()
    start = min(e.at for e in events)
    people: dict[str, ObservedEvent] = {}
    with store.read() as conn:
        last = _load(conn, _LAST_KEY)
        keys = [
            str(row[0])
            for row in conn.execute(
                "SELECT key FROM engine_meta WHERE key >= ? AND key < ?",
                (_PRESENCE_PREFIX, _PRESENCE_PREFIX[:-1] + ";"),
            )
        ]
        latest = [found for key in keys if (found := _load(conn, key)) is not None]
        at_home = frozenset(
            e.name
            for e in latest
            if e.at < start and presence_change(e) is Presence.ARRIVED
        )
        for event in events:
            if presence_change(event) is None or event.entity_id in people:
                continue
            found = _load(conn, _PRESENCE_PREFIX + event.entity_id)
            if found is not None and found.at < event.at:
                people[event.entity_id] = found
    return Before(
        last if last is not None and last.at < start else None,
        people,
        tracked=any(e.at < start for e in latest),
        at_home=at_home,
    )
