"""The SQLite schema and its forward migrations.

The schema version lives in PRAGMA user_version. Each migration takes the
database from the version before it to its own, inside one transaction, so a
crash mid-migration leaves the previous version intact.

Vectors are plain float32 BLOBs (little-endian, the layout sqlite-vec also
uses) in an ordinary table, so the file opens anywhere, with or without the
sqlite-vec extension.
"""

from __future__ import annotations

import sqlite3
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable

from ..common.errors import SchemaTooNewError

# Porter stemming over unicode61: measured +2 points R@5 on LoCoMo (bench-data
# README); remove_diacritics lets "cafe" find "café".
FTS_TOKENIZER = "porter unicode61 remove_diacritics 2"

_V1 = f"""
CREATE TABLE memories (
    rowid INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE,
    content TEXT NOT NULL,
    summary TEXT NOT NULL,
    kind TEXT NOT NULL,
    weight_class TEXT NOT NULL,
    importance REAL NOT NULL,
    effective_importance REAL NOT NULL,
    emotion TEXT,
    people TEXT NOT NULL DEFAULT '[]',
    location TEXT,
    time_of_day TEXT,
    day_type TEXT,
    tags TEXT NOT NULL DEFAULT '[]',
    source TEXT NOT NULL,
    source_ids TEXT NOT NULL DEFAULT '[]',
    speaker TEXT,
    owner TEXT,
    visibility TEXT NOT NULL,
    segment_start REAL,
    segment_end REAL,
    created_at REAL NOT NULL,
    updated_at REAL NOT NULL,
    last_accessed_at REAL,
    access_count INTEGER NOT NULL DEFAULT 0,
    expires_at REAL,
    tier TEXT NOT NULL DEFAULT 'active',
    deleted_at REAL,
    deleted_by TEXT,
    archived_at REAL,
    embedding_model TEXT,
    version INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX memories_tier_owner ON memories(tier, owner);
CREATE INDEX memories_created ON memories(created_at);
CREATE INDEX memories_expires ON memories(expires_at) WHERE expires_at IS NOT NULL;

-- One row per tag and per person, for exact filters.
CREATE TABLE memory_tags (
    memory_rowid INTEGER NOT NULL REFERENCES memories(rowid) ON DELETE CASCADE,
    tag TEXT NOT NULL,
    PRIMARY KEY (tag, memory_rowid)
) WITHOUT ROWID;
CREATE TABLE memory_people (
    memory_rowid INTEGER NOT NULL REFERENCES memories(rowid) ON DELETE CASCADE,
    person TEXT NOT NULL,
    PRIMARY KEY (person, memory_rowid)
) WITHOUT ROWID;
CREATE INDEX memory_tags_row ON memory_tags(memory_rowid);
CREATE INDEX memory_people_row ON memory_people(memory_rowid);

CREATE VIRTUAL TABLE memories_fts USING fts5(
    content, summary, tags, people, tokenize = '{FTS_TOKENIZER}'
);

CREATE TABLE memory_vectors (
    memory_rowid INTEGER PRIMARY KEY REFERENCES memories(rowid) ON DELETE CASCADE,
    model TEXT NOT NULL,
    vector BLOB NOT NULL
);

-- Earlier states of a memory, so an update can be undone.
CREATE TABLE memory_versions (
    memory_rowid INTEGER NOT NULL REFERENCES memories(rowid) ON DELETE CASCADE,
    version INTEGER NOT NULL,
    snapshot TEXT NOT NULL,
    replaced_at REAL NOT NULL,
    replaced_by TEXT NOT NULL,
    PRIMARY KEY (memory_rowid, version)
) WITHOUT ROWID;

-- Operational log tier: what happened, never the text (a content hash).
CREATE TABLE operation_log (
    seq INTEGER PRIMARY KEY,
    at REAL NOT NULL,
    operation TEXT NOT NULL,
    memory_id TEXT,
    actor TEXT NOT NULL,
    content_hash TEXT,
    details TEXT NOT NULL DEFAULT '{{}}'
);
CREATE INDEX operation_log_at ON operation_log(at);
CREATE INDEX operation_log_memory ON operation_log(memory_id);

CREATE TABLE engine_meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
"""


def _run_script(conn: sqlite3.Connection, script: str) -> None:
    # Statement by statement: executescript() would commit the caller's
    # transaction first.
    for statement in _split_statements(script):
        conn.execute(statement)


def _migrate_to_1(conn: sqlite3.Connection) -> None:
    _run_script(conn, _V1)


_V2 = """
-- The conversation (or segment) a memory belongs to. Neighbours in a thread
-- lend each other relevance: an answer is relevant when its question is.
ALTER TABLE memories ADD COLUMN thread TEXT;
CREATE INDEX memories_thread ON memories(thread, created_at, rowid)
    WHERE thread IS NOT NULL;
"""


def _migrate_to_2(conn: sqlite3.Connection) -> None:
    _run_script(conn, _V2)


_V3 = """
-- Counts by tier, kind and class (entities, diagnostics) from the index alone.
CREATE INDEX memories_counts ON memories(tier, kind, weight_class);

-- Observation: state changes wait here, durably, until their segment has
-- become a memory; the memory and the deletion of its events commit together.
-- AUTOINCREMENT: seq never comes back after its row is consumed, so the
-- event ids a memory keeps as its sources stay unique.
CREATE TABLE observed_events (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    at REAL NOT NULL,
    entity_id TEXT NOT NULL,
    domain TEXT NOT NULL,
    name TEXT NOT NULL,
    area TEXT,
    device_class TEXT,
    old_state TEXT,
    new_state TEXT NOT NULL,
    person TEXT,
    user_id TEXT,
    importance REAL NOT NULL DEFAULT 0
);
CREATE INDEX observed_events_at ON observed_events(at);

-- Short-term memory: one session per conversation and speaker (owner NULL:
-- the household). A session ends (ended_at) when its conversation does; it is
-- archived after a day without activity. Its messages stay stored when they
-- leave the token window (in_window = 0). extracted_at is set in the
-- transaction that stores its proposals; extraction_attempts bounds retries.
CREATE TABLE sessions (
    id TEXT PRIMARY KEY,
    conversation_id TEXT NOT NULL,
    owner TEXT,
    device_id TEXT,
    agent_id TEXT,
    role TEXT NOT NULL,
    started_at REAL NOT NULL,
    last_active_at REAL NOT NULL,
    state TEXT NOT NULL DEFAULT 'active',
    turns INTEGER NOT NULL DEFAULT 0,
    ended_at REAL,
    extracted_at REAL,
    extraction_attempts INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX sessions_state_active ON sessions(state, last_active_at);
CREATE INDEX sessions_conversation ON sessions(conversation_id, state);
CREATE INDEX sessions_owner ON sessions(owner);

CREATE TABLE session_messages (
    rowid INTEGER PRIMARY KEY,
    session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    at REAL NOT NULL,
    role TEXT NOT NULL,
    content TEXT NOT NULL,
    tokens INTEGER NOT NULL,
    in_window INTEGER NOT NULL DEFAULT 1,
    vector BLOB,
    vector_model TEXT
);
CREATE INDEX session_messages_session ON session_messages(session_id, at);
CREATE INDEX session_messages_unembedded ON session_messages(rowid)
    WHERE vector IS NULL;

-- Facts extracted from a conversation, waiting for a person's yes or no.
CREATE TABLE proposals (
    id TEXT PRIMARY KEY,
    session_id TEXT,
    conversation_id TEXT,
    owner TEXT,
    visibility TEXT NOT NULL,
    created_at REAL NOT NULL,
    status TEXT NOT NULL DEFAULT 'pending',
    summary TEXT NOT NULL,
    content TEXT NOT NULL,
    kind TEXT NOT NULL,
    keywords TEXT NOT NULL DEFAULT '[]',
    decided_at REAL,
    decided_by TEXT,
    memory_id TEXT
);
CREATE INDEX proposals_status ON proposals(status, created_at);
"""


def _migrate_to_3(conn: sqlite3.Connection) -> None:
    _run_script(conn, _V3)


_V4 = """
-- Whose memory each log row is about, and whether it is private: log rows
-- of a private memory are shown to its owner only, purged or not (the log
-- outlives the memory). Kept equal to the memory's latest owner and
-- visibility on every logged operation.
ALTER TABLE operation_log ADD COLUMN owner TEXT;
ALTER TABLE operation_log ADD COLUMN visibility TEXT;
-- The sensors count active household memories from the index alone.
CREATE INDEX memories_tier_visibility ON memories(tier, visibility);
-- The all-tier search looks rows up by the hash of its query.
CREATE INDEX operation_log_content_hash ON operation_log(content_hash)
    WHERE content_hash IS NOT NULL;
UPDATE operation_log
SET owner = (SELECT m.owner FROM memories m WHERE m.id = operation_log.memory_id),
    visibility = (
        SELECT m.visibility FROM memories m WHERE m.id = operation_log.memory_id
    )
WHERE memory_id IS NOT NULL;
-- Memories purged before this version: how visible they were is unknown, so
-- their rows count as private to whoever first wrote about them (a private
-- memory's creator is its owner); nobody else sees them.
UPDATE operation_log
SET visibility = 'private',
    owner = (
        SELECT o.actor FROM operation_log o
        WHERE o.memory_id = operation_log.memory_id AND o.actor != 'system'
        ORDER BY o.seq LIMIT 1
    )
WHERE memory_id IS NOT NULL AND visibility IS NULL;
"""


def _migrate_to_4(conn: sqlite3.Connection) -> None:
    _run_script(conn, _V4)


_V5 = """
-- The memory browser lists memories newest first, page after page by key
-- (store.list_memories `after`): one tier's rows in creation order (rowid
-- breaks ties, implicitly last in the index), so a page reads its rows from
-- here instead of sorting every visible row.
CREATE INDEX memories_tier_created ON memories(tier, created_at);
"""


def _migrate_to_5(conn: sqlite3.Connection) -> None:
    _run_script(conn, _V5)


_V6 = """
-- Provenance of observed memories: the state changes a memory was told from,
-- moved here from observed_events in the transaction that writes the memory
-- (EventBuffer.consume), at most KEPT_PER_MEMORY of them. A table of their
-- own rather than buffer rows marked as told: the buffer stays a queue of
-- what waits (its count, its head and the pending sensor read only those),
-- and these live and die with their memory: a soft delete keeps them (a
-- restore brings them back), a purge removes them by ON DELETE CASCADE. Only
-- what a person reads is kept: not the user id nor the rating.
-- seq is the buffer's id, the one the memory names as "event:<seq>".
CREATE TABLE memory_events (
    memory_rowid INTEGER NOT NULL REFERENCES memories(rowid) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    at REAL NOT NULL,
    entity_id TEXT NOT NULL,
    domain TEXT NOT NULL,
    name TEXT NOT NULL,
    area TEXT,
    device_class TEXT,
    old_state TEXT,
    new_state TEXT NOT NULL,
    person TEXT,
    PRIMARY KEY (memory_rowid, seq)
) WITHOUT ROWID;
"""


def _migrate_to_6(conn: sqlite3.Connection) -> None:
    _run_script(conn, _V6)


_V7 = """
-- This home's routine, learnt from its own history (observation/routine.py):
-- for each entity and local hour of the week (0 = Monday 00:00), on how
-- many days it changed then. Updated in the transaction that writes an
-- observed memory, so each told change counts once; it outlives the memories
-- (a purge does not make the routine forget).
CREATE TABLE observed_routine (
    entity_id TEXT NOT NULL,
    slot INTEGER NOT NULL,
    days INTEGER NOT NULL,
    last_day TEXT NOT NULL,
    PRIMARY KEY (entity_id, slot)
) WITHOUT ROWID;
-- The buffer's latest changes of one entity (pulse merging, event_buffer).
CREATE INDEX observed_events_entity ON observed_events(entity_id, at);
"""


def _migrate_to_7(conn: sqlite3.Connection) -> None:
    _run_script(conn, _V7)


_V8 = """
-- Event time: when what a memory is about happened (an observed segment's
-- start and end, the moment something was said, a time a statement names),
-- apart from when it was written. Time windows of search and list read it:
-- a memory is in [after, before) when its span overlaps it. Memories from
-- before this version happened when they were written.
ALTER TABLE memories ADD COLUMN happened_at REAL;
ALTER TABLE memories ADD COLUMN happened_until REAL;
UPDATE memories SET
    happened_at = coalesce(segment_start, created_at),
    happened_until = coalesce(segment_end, segment_start, created_at);
CREATE INDEX memories_happened ON memories(happened_at, happened_until);
"""


def _migrate_to_8(conn: sqlite3.Connection) -> None:
    _run_script(conn, _V8)


# MIGRATIONS[n] takes the database from version n to n + 1.
MIGRATIONS: tuple[Callable[[sqlite3.Connection], None], ...] = (
    _migrate_to_1,
    _migrate_to_2,
    _migrate_to_3,
    _migrate_to_4,
    _migrate_to_5,
    _migrate_to_6,
    _migrate_to_7,
    _migrate_to_8,
)
SCHEMA_VERSION = len(MIGRATIONS)


def schema_version(conn: sqlite3.Connection) -> int:
    """Return the version the file is at (0 for a new file)."""
    return int(conn.execute("PRAGMA user_version").fetchone()[0])


def migrate(conn: sqlite3.Connection, *, target: int = SCHEMA_VERSION) -> int:
    """Bring the database up to `target`; return the version it started at.

    The connection must be in autocommit mode (isolation_level=None): each step
    runs in its own BEGIN IMMEDIATE ... COMMIT with the version bump.
    """
    start = schema_version(conn)
    if start > SCHEMA_VERSION:
        raise SchemaTooNewError(
            f"database schema {start} is newer than this engine ({SCHEMA_VERSION})"
        )
    for version in range(start, target):
        conn.execute("BEGIN IMMEDIATE")
        try:
            MIGRATIONS[version](conn)
            conn.execute(f"PRAGMA user_version = {version + 1}")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")
    return start


def _split_statements(script: str) -> list[str]:
    """Split a script into complete statements (sqlite3.complete_statement)."""
    statements: list[str] = []
    current = ""
    for line in script.splitlines(keepends=True):
        if not current and line.strip().startswith("--"):
            continue
        current += line
        if sqlite3.complete_statement(current):
            statements.append(current.strip())
            current = ""
    if current.strip():
        statements.append(current.strip())
    return statements
