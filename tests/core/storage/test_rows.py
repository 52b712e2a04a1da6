"""How a memory is laid out in the tables: row, labels, FTS entry, vector."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import pytest

from custom_components.home_memory.memory.common.errors import MemoryNotFoundError
from custom_components.home_memory.memory.common.values import (
    SYSTEM,
    Caller,
    Visibility,
)

from ..conftest import ALICE, BOB, new_memory, rowid_of

if TYPE_CHECKING:
    from custom_components.home_memory.memory.store import MemoryStore


def test_a_row_reads_back_as_the_memory_written(store: MemoryStore) -> None:
    """Every field survives the row, labels included."""
    made = store.create(
        new_memory(
            "Anna waters the plants on Sunday",
            tags=("plants", "garden"),
            people=("Anna",),
            location="garden",
        ),
        ALICE,
    ).memory
    rowid = rowid_of(store, made.id)
    with store.read() as conn:
        assert store.rows.fetch_one(conn, rowid) == made


def test_another_persons_private_memory_does_not_exist(store: MemoryStore) -> None:
    """rowid_for answers "not found" alike for a missing and a hidden memory."""
    private = store.create(
        new_memory("Alice's diary", owner="alice", visibility=Visibility.PRIVATE),
        ALICE,
    ).memory
    with store.read() as conn:
        assert store.rows.rowid_for(conn, private.id, ALICE)[1] == private
        for caller, memory_id in ((BOB, private.id), (ALICE, "nope"), (ALICE, 7)):
            with pytest.raises(MemoryNotFoundError):
                store.rows.rowid_for(conn, memory_id, caller)  # type: ignore[arg-type]


def test_labels_are_stored_once_by_key(store: MemoryStore) -> None:
    """Tags and people that differ only in spelling are one label row."""
    made = store.create(new_memory("The hall light is new"), SYSTEM).memory
    rowid = rowid_of(store, made.id)
    with store.transaction() as conn:
        store.rows.write_labels(conn, rowid, ["Hall Light", "hall light"], ["Ann"])
    with store.read() as conn:
        tags = conn.execute(
            "SELECT tag FROM memory_tags WHERE memory_rowid = ?", (rowid,)
        ).fetchall()
        people = conn.execute(
            "SELECT person FROM memory_people WHERE memory_rowid = ?", (rowid,)
        ).fetchall()
    assert (tags, people) == ([("hall light",)], [("ann",)])


def test_a_summary_inside_the_content_is_not_indexed_twice(
    store: MemoryStore,
) -> None:
    """The FTS entry leaves out a summary the content already holds."""
    made = store.create(new_memory("The hall light is new"), SYSTEM).memory
    rowid = rowid_of(store, made.id)
    with store.transaction() as conn:
        store.rows.write_fts(conn, rowid, "The hall light is new", "hall light", [], [])
    with store.read() as conn:
        row = conn.execute(
            "SELECT summary FROM memories_fts WHERE rowid = ?", (rowid,)
        ).fetchone()
    assert row == ("",)


def test_a_vector_is_written_for_the_embedders_model(store: MemoryStore) -> None:
    """The vector's row and the memory both name the model that made it."""
    made = store.create(new_memory("The hall light is new"), Caller()).memory
    rowid = rowid_of(store, made.id)
    vector = np.ones(store.copies.dimensions, dtype=np.float32)
    with store.transaction() as conn:
        store.rows.write_vector(conn, rowid, vector)
    with store.read() as conn:
        model, blob = conn.execute(
            "SELECT model, vector FROM memory_vectors WHERE memory_rowid = ?",
            (rowid,),
        ).fetchone()
    assert store.embedder is not None
    assert model == store.embedder.model_id
    assert np.array_equal(np.frombuffer(blob, dtype="<f4"), vector)
