"""Event time: when what a memory is about happened, apart from when it was written."""

from __future__ import annotations

from contextlib import closing
from datetime import UTC, datetime, timedelta
import sqlite3
from typing import TYPE_CHECKING

from custom_components.home_memory.memory.common.values import (
    SYSTEM,
    Caller,
    MemoryFilter,
    MemoryKind,
    NewMemory,
    Source,
)
from custom_components.home_memory.memory.storage import schema
from custom_components.home_memory.memory.store import MemoryStore

if TYPE_CHECKING:
    from pathlib import Path

    from custom_components.home_memory.memory.search.retrieval import Retriever

    from ..conftest import ManualClock


def _at(timestamp: float) -> datetime:
    return datetime.fromtimestamp(timestamp, UTC)


def test_a_memory_happened_when_it_was_written_unless_told(
    store: MemoryStore, clock: ManualClock
) -> None:
    """Said now: now; an observed segment: its start and end; given: as given."""
    said = store.create(NewMemory(content="The spare key is under the mat."), SYSTEM)
    assert said.memory.happened_at == said.memory.created_at
    assert said.memory.happened_until == said.memory.created_at
    start, end = _at(clock() - 7200), _at(clock() - 3600)
    seen = store.create(
        NewMemory(
            content="I noticed the washing machine ran for an hour.",
            source=Source.OBSERVED,
            kind=MemoryKind.OBSERVATION,
            segment_start=start,
            segment_end=end,
        ),
        SYSTEM,
    )
    assert (seen.memory.happened_at, seen.memory.happened_until) == (start, end)
    monday = _at(clock() - 3 * 86_400)
    told = store.create(
        NewMemory(content="Anna went to the dentist.", happened_at=monday), SYSTEM
    )
    assert told.memory.happened_at == told.memory.happened_until == monday
    assert told.memory.created_at == _at(clock())


def test_the_window_reads_event_time_not_write_time(
    store: MemoryStore, clock: ManualClock, retriever: Retriever
) -> None:
    """A segment written hours after it happened is found in its own window,
    and a span that overlaps the window's edge counts."""
    now = clock()
    evening = _at(now - 86_400)
    store.create(
        NewMemory(
            content="I noticed the dishwasher ran in the kitchen.",
            source=Source.OBSERVED,
            segment_start=evening,
            segment_end=evening + timedelta(hours=2),
        ),
        SYSTEM,
    )
    store.create(NewMemory(content="The dishwasher salt is in the cupboard."), SYSTEM)
    window = MemoryFilter(
        happened_after=evening + timedelta(hours=1),
        happened_before=evening + timedelta(hours=5),
    )
    found = retriever.search("dishwasher", SYSTEM, window, min_relevance=0.0)
    assert [item.memory.content for item in found.items] == [
        "I noticed the dishwasher ran in the kitchen."
    ]
    listed = store.list_memories(SYSTEM, window)
    assert [m.content for m in listed.items] == [
        "I noticed the dishwasher ran in the kitchen."
    ]
    # Written now, so a window on write time would have it; on event time not.
    before = MemoryFilter(happened_before=evening)
    assert store.list_memories(SYSTEM, before).items == []
    after = MemoryFilter(happened_after=evening + timedelta(hours=2, seconds=1))
    assert [m.content for m in store.list_memories(SYSTEM, after).items] == [
        "The dishwasher salt is in the cupboard."
    ]


def test_an_export_keeps_event_time_and_an_old_one_gets_its_write_time(
    store: MemoryStore, clock: ManualClock, tmp_path: Path
) -> None:
    """Export and import carry happened_at/until; a line without them (an
    export from before event times) happened when it was created."""
    monday = _at(clock() - 3 * 86_400)
    store.create(
        NewMemory(
            content="Anna went to the dentist.",
            happened_at=monday,
            happened_until=monday + timedelta(hours=1),
        ),
        SYSTEM,
    )
    lines, _ = store.export_page(SYSTEM)
    assert '"happened_at": "' in lines[0]
    other = MemoryStore(tmp_path / "other.db", clock=clock)
    try:
        other.import_jsonl(lines, SYSTEM, keep_owners=True)
        (memory,) = other.list_memories(SYSTEM, MemoryFilter()).items
        assert (memory.happened_at, memory.happened_until) == (
            monday,
            monday + timedelta(hours=1),
        )
        old = (
            '{"id": "old1", "content": "The bins go out on Tuesdays.", '
            '"created_at": "2025-01-02T03:04:05+00:00"}'
        )
        other.import_jsonl([old], SYSTEM, keep_owners=True)
        imported = other.get("old1", SYSTEM)
        created = datetime(2025, 1, 2, 3, 4, 5, tzinfo=UTC)
        assert imported.happened_at == imported.happened_until == created
    finally:
        other.close()


def test_version_6_memories_happened_when_written_or_in_their_segment(
    tmp_path: Path,
) -> None:
    """The migration to 8 gives every memory an event time, indexed."""
    path = tmp_path / "m.db"
    with closing(sqlite3.connect(path, isolation_level=None)) as conn:
        schema.migrate(conn, target=6)
        for rowid, memory_id, start, end in (
            (1, "said", None, None),
            (2, "seen", 500.0, 900.0),
        ):
            conn.execute(
                "INSERT INTO memories (rowid, id, content, summary, kind, "
                "weight_class, importance, effective_importance, source, "
                "visibility, segment_start, segment_end, created_at, updated_at) "
                "VALUES (?, ?, 'x', 'x', 'fact', 'significant', 0.5, 0.5, "
                "'explicit', 'household', ?, ?, 1000.0, 1000.0)",
                (rowid, memory_id, start, end),
            )
    store = MemoryStore(path)
    try:
        assert store.migrated_from == 6
        said, seen = store.get("said", Caller()), store.get("seen", Caller())
        assert (said.happened_at, said.happened_until) == (_at(1000.0), _at(1000.0))
        assert (seen.happened_at, seen.happened_until) == (_at(500.0), _at(900.0))
        with store.read() as conn:
            plan = conn.execute(
                "EXPLAIN QUERY PLAN SELECT id FROM memories "
                "WHERE happened_at < ? AND happened_until >= ?",
                (950.0, 100.0),
            ).fetchall()
        assert "memories_happened" in str(plan)
    finally:
        store.close()


def test_a_whole_day_ends_where_the_next_begins(store: MemoryStore) -> None:
    """ "Yesterday" is [yesterday 00:00, today 00:00): asked about today, a
    memory of yesterday is not in it; a moment at today 00:00 is; asked about
    yesterday, both spans that touch it are."""
    today = datetime(2026, 3, 10, tzinfo=UTC)
    yesterday = today - timedelta(days=1)
    store.create(
        NewMemory(
            content="Yesterday we took the car to the garage.",
            happened_at=yesterday,
            happened_until=today,
        ),
        SYSTEM,
    )
    store.create(
        NewMemory(content="The alarm went off at midnight.", happened_at=today),
        SYSTEM,
    )

    def within(after: datetime, before: datetime) -> list[str]:
        window = MemoryFilter(happened_after=after, happened_before=before)
        return sorted(m.content for m in store.list_memories(SYSTEM, window).items)

    assert within(today, today + timedelta(days=1)) == [
        "The alarm went off at midnight."
    ]
    assert within(yesterday, today) == ["Yesterday we took the car to the garage."]
    assert within(yesterday + timedelta(hours=20), today + timedelta(hours=1)) == [
        "The alarm went off at midnight.",
        "Yesterday we took the car to the garage.",
    ]


def test_a_part_of_the_day_holds_a_span_with_a_real_share_inside(
    store: MemoryStore,
) -> None:
    """The night (21:00 to 06:00): a morning from 05:45 to 07:30 overlaps its last
    quarter hour and is not of it (under PART_OF_DAY_MIN_SHARE inside); an
    evening into it, a moment in it, a span holding it, a day dated whole
    are. Asked of the whole day, the morning is of it."""
    day = datetime(2026, 11, 29, tzinfo=UTC)
    spans = {
        "Morning.": (
            day + timedelta(hours=29, minutes=45),
            day + timedelta(hours=31.5),
        ),
        "Evening.": (day + timedelta(hours=19), day + timedelta(hours=22)),
        "Moment.": (day + timedelta(hours=26), day + timedelta(hours=26)),
        "Holding.": (day + timedelta(hours=20), day + timedelta(hours=32)),
        "Whole day.": (day, day + timedelta(days=1)),
    }
    for content, (at, until) in spans.items():
        store.create(
            NewMemory(content=content, happened_at=at, happened_until=until), SYSTEM
        )

    def within(after: datetime, before: datetime) -> list[str]:
        window = MemoryFilter(happened_after=after, happened_before=before)
        return sorted(m.content for m in store.list_memories(SYSTEM, window).items)

    night = (day + timedelta(hours=21), day + timedelta(hours=30))
    assert within(*night) == ["Evening.", "Holding.", "Moment.", "Whole day."]
    assert "Morning." in within(day + timedelta(days=1), day + timedelta(days=2))
