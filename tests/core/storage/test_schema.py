"""Schema versions and forward migrations."""

from __future__ import annotations

from contextlib import closing
import sqlite3
from typing import TYPE_CHECKING

import pytest

from custom_components.home_memory.memory.common.values import (
    SYSTEM,
    Caller,
    MemoryFilter,
    NewMemory,
    Source,
)
from custom_components.home_memory.memory.observation.event_buffer import EventBuffer
from custom_components.home_memory.memory.storage import schema
from custom_components.home_memory.memory.store import MemoryStore

if TYPE_CHECKING:
    from pathlib import Path

    from custom_components.home_memory.memory.common.values import CreateResult


def _tables(conn: sqlite3.Connection) -> set[str]:
    return {row[0] for row in conn.execute("SELECT name FROM sqlite_schema")}


@pytest.mark.parametrize("target", range(1, schema.SCHEMA_VERSION + 1))
def test_each_migration_runs_from_the_version_before(
    tmp_path: Path, target: int
) -> None:
    """Each migration upgrades the version before it and leaves a sound file."""
    with closing(sqlite3.connect(tmp_path / "m.db", isolation_level=None)) as conn:
        schema.migrate(conn, target=target - 1)
        assert schema.schema_version(conn) == target - 1
        before = _tables(conn)
        assert schema.migrate(conn, target=target) == target - 1
        assert schema.schema_version(conn) == target
        assert _tables(conn) > before
        assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)


def test_migrating_twice_is_a_no_op(tmp_path: Path) -> None:
    """Migrating an up-to-date file changes nothing."""
    with closing(sqlite3.connect(tmp_path / "m.db", isolation_level=None)) as conn:
        schema.migrate(conn)
        assert schema.migrate(conn) == schema.SCHEMA_VERSION


def test_a_failing_migration_leaves_the_previous_version(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A failing migration rolls back to the previous version, leaving nothing."""
    conn = sqlite3.connect(tmp_path / "m.db", isolation_level=None)

    def broken(c: sqlite3.Connection) -> None:
        c.execute("CREATE TABLE half_done (x)")
        raise RuntimeError("boom")

    monkeypatch.setattr(schema, "MIGRATIONS", (broken,))
    with pytest.raises(RuntimeError):
        schema.migrate(conn, target=1)
    assert schema.schema_version(conn) == 0
    assert "half_done" not in _tables(conn)
    conn.close()


def test_a_newer_file_is_refused(tmp_path: Path) -> None:
    """A file of a newer schema version is refused."""
    path = tmp_path / "m.db"
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute(f"PRAGMA user_version = {schema.SCHEMA_VERSION + 1}")
    conn.close()
    with pytest.raises(schema.SchemaTooNewError):
        MemoryStore(path)


def test_store_data_survives_reopen(tmp_path: Path) -> None:
    """Memories survive closing and reopening the store."""
    path = tmp_path / "m.db"
    store = MemoryStore(path)
    store.create(NewMemory(content="Kept across restarts"), Caller())
    store.close()
    again = MemoryStore(path)
    try:
        assert again.migrated_from == schema.SCHEMA_VERSION
        assert again.list_memories(Caller()).items[0].content == "Kept across restarts"
    finally:
        again.close()


def test_version_1_data_reads_after_migration_to_2(tmp_path: Path) -> None:
    """Rows written by schema version 1 read correctly after migration."""
    path = tmp_path / "m.db"
    conn = sqlite3.connect(path, isolation_level=None)
    schema.migrate(conn, target=1)
    conn.execute(
        "INSERT INTO memories (id, content, summary, kind, weight_class, importance, "
        "effective_importance, source, visibility, created_at, updated_at) VALUES "
        "('old1', 'written by v1', 'written by v1', 'fact', 'significant', 0.5, 0.5, "
        "'explicit', 'household', 1.0, 1.0)"
    )
    conn.execute(
        "INSERT INTO memories_fts (rowid, content, summary, tags, people) "
        "VALUES (1, 'written by v1', '', '', '')"
    )
    conn.close()
    store = MemoryStore(path)
    try:
        assert store.migrated_from == 1
        memory = store.get("old1", Caller())
        assert memory.content == "written by v1"
        assert memory.thread is None
        assert store.candidates.keyword_candidates(
            "written", Caller(), MemoryFilter(), 5
        )
    finally:
        store.close()


def test_version_4_gives_old_log_rows_their_memory_s_visibility(
    tmp_path: Path,
) -> None:
    """Log rows from before version 4: private and purged memories stay hidden."""
    with closing(sqlite3.connect(tmp_path / "m.db", isolation_level=None)) as conn:
        schema.migrate(conn, target=3)
        for rowid, memory_id, owner, visibility in (
            (1, "house", None, "household"),
            (2, "mine", "anna", "private"),
        ):
            conn.execute(
                "INSERT INTO memories (rowid, id, content, summary, kind, "
                "weight_class, importance, effective_importance, source, owner, "
                "visibility, created_at, updated_at) VALUES (?, ?, 'x', 'x', "
                "'fact', 'significant', 0.5, 0.5, 'explicit', ?, ?, 0, 0)",
                (rowid, memory_id, owner, visibility),
            )
        for memory_id, actor in (
            ("house", "ben"),
            ("mine", "anna"),
            ("gone", "system"),
            ("gone", "carl"),
            (None, "system"),
        ):
            conn.execute(
                "INSERT INTO operation_log (at, operation, memory_id, actor) "
                "VALUES (0, 'create', ?, ?)",
                (memory_id, actor),
            )
        schema.migrate(conn)
        rows = set(
            conn.execute("SELECT memory_id, owner, visibility FROM operation_log")
        )
        assert rows == {
            ("house", None, "household"),
            ("mine", "anna", "private"),
            ("gone", "carl", "private"),
            (None, None, None),
        }


def test_version_5_data_stays_and_gains_told_events_at_6(tmp_path: Path) -> None:
    """Version 6 keeps memories and waiting events, and the next told segment's
    events stay with their memory (and go with it on a purge)."""
    path = tmp_path / "m.db"
    with closing(sqlite3.connect(path, isolation_level=None)) as conn:
        schema.migrate(conn, target=5)
        conn.execute(
            "INSERT INTO memories (rowid, id, content, summary, kind, weight_class, "
            "importance, effective_importance, source, source_ids, visibility, "
            "created_at, updated_at) VALUES (1, 'seen', 'The hall light went on.', "
            "'The hall light went on.', 'observation', 'observation', 0.3, 0.3, "
            "'observed', '[\"event:7\"]', 'household', 1.0, 1.0)"
        )
        conn.execute(
            "INSERT INTO memories_fts (rowid, content, summary, tags, people) "
            "VALUES (1, 'The hall light went on.', '', '', '')"
        )
        conn.execute(
            "INSERT INTO observed_events (seq, at, entity_id, domain, name, "
            "old_state, new_state) VALUES (8, 5.0, 'lock.front', 'lock', "
            "'Front door', 'locked', 'unlocked')"
        )
    store = MemoryStore(path)
    try:
        assert store.migrated_from == 5
        old = store.get("seen", Caller())
        assert old.source_ids == ("event:7",)
        # Told before version 6: the events are named, not kept.
        assert EventBuffer(store).told(old, Caller()) == []
        buffer = EventBuffer(store)
        assert [e.seq for e in buffer.oldest(10)[0]] == [8]

        def consume(conn: sqlite3.Connection, results: list[CreateResult]) -> None:
            EventBuffer.consume(conn, [8], results[0].memory.id)

        (made,) = store.create_many(
            [NewMemory(content="The front door was unlocked.", source=Source.OBSERVED)],
            Caller(),
            in_transaction=consume,
        )
        (kept,) = buffer.told(made.memory, Caller())
        assert (kept.seq, kept.name, kept.new_state) == (8, "Front door", "unlocked")
        store.hard_delete(SYSTEM, ids=[made.memory.id])
        with store.read() as conn:
            assert conn.execute("SELECT count(*) FROM memory_events").fetchone() == (0,)
    finally:
        store.close()
