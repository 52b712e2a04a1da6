"""This home's routine, learnt from its own history: what is unusual here.

For every entity and local hour of the week the store counts on how many
days it changed then (`observed_routine`, schema version 7), updated in the
transaction that writes an observed memory (`record`), so it survives
restarts and counts each told change once. A segment's change is *unusual*
(`unusual`) only when the home has been observed for at least
`MIN_HISTORY_DAYS`, the entity has changed on at least `MIN_ACTIVE_DAYS`
days, and never within an hour either side of that time of day on any day
of the week: a clear difference, not a guess. Only then does a memory say
"unusual" and carry the emotion "curious" (narration.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from .segmentation import local_time

if TYPE_CHECKING:
    from collections.abc import Sequence
    from datetime import tzinfo
    import sqlite3

    from ..store import MemoryStore
    from .event_buffer import ObservedEvent

MIN_HISTORY_DAYS: Final = 14
MIN_ACTIVE_DAYS: Final = 7
# Hours either side of a change that count as the same time of day.
NEAR_HOURS: Final = 1
_SINCE_KEY: Final = "routine_since"
# Lights and switches follow no one's routine worth telling about.
_IGNORED_DOMAINS: Final = frozenset({"sensor", "number", "input_number"})


def _slot(event: ObservedEvent, tz: tzinfo) -> tuple[int, str]:
    local = local_time(event.at, tz)
    return local.weekday() * 24 + local.hour, local.date().isoformat()


def record(
    conn: sqlite3.Connection, events: Sequence[ObservedEvent], tz: tzinfo
) -> None:
    """Count a told segment's changes into the routine (inside the caller's
    transaction, the one that writes its memory)."""
    if not events:
        return
    conn.execute(
        "INSERT OR IGNORE INTO engine_meta (key, value) VALUES (?, ?)",
        (_SINCE_KEY, repr(min(event.at for event in events))),
    )
    seen: set[tuple[str, int, str]] = set()
    for event in events:
        if event.domain in _IGNORED_DOMAINS:
            continue
        slot, day = _slot(event, tz)
        if (event.entity_id, slot, day) in seen:
            continue
        seen.add((event.entity_id, slot, day))
        conn.execute(
            "INSERT INTO observed_routine (entity_id, slot, days, last_day) "
            "VALUES (?, ?, 1, ?) ON CONFLICT (entity_id, slot) DO UPDATE SET "
            "days = days + (last_day != excluded.last_day), "
            "last_day = excluded.last_day",
            (event.entity_id, slot, day),
        )


def unusual(
    store: MemoryStore, events: Sequence[ObservedEvent], tz: tzinfo
) -> frozenset[str]:
    """The entities whose changes in `events` clearly differ from this home's
    routine at that time of day (blocking; read before the segment is told)."""
    with store.read() as conn:
        row = conn.execute(
            "SELECT value FROM engine_meta WHERE key = ?", (_SINCE_KEY,)
        ).fetchone()
        if row is None:
            return frozenset()
        first: dict[str, ObservedEvent] = {}
        for event in events:
            if event.domain not in _IGNORED_DOMAINS:
                first.setdefault(event.entity_id, event)
        if not first or min(e.at for e in first.values()) - float(row[0]) < (
            MIN_HISTORY_DAYS * 86400
        ):
            return frozenset()
        found = set()
        for entity_id, event in first.items():
            hour = local_time(event.at, tz).hour
            hours = {
                (hour + delta) % 24 for delta in range(-NEAR_HOURS, NEAR_HOURS + 1)
            }
            total, near = conn.execute(
                "SELECT coalesce(sum(days), 0), coalesce(sum(CASE WHEN slot % 24 IN "
                f"({','.join('?' * len(hours))}) THEN days ELSE 0 END), 0) "
                "FROM observed_routine WHERE entity_id = ?",
                (*sorted(hours), entity_id),
            ).fetchone()
            if int(total) >= MIN_ACTIVE_DAYS and int(near) == 0:
                found.add(entity_id)
    return frozenset(found)
