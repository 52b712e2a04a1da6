"""The in-memory scoring columns: kept rows, lookups, removal, growth."""

from __future__ import annotations

import numpy as np
import pytest

from custom_components.home_memory.memory.common.values import WeightClass
from custom_components.home_memory.memory.scoring.score_table import (
    ScoreColumns,
    ScoreRow,
    ScoreTable,
)


def _row(
    rowid: int,
    *,
    importance: float = 0.5,
    weight_class: WeightClass = WeightClass.OBSERVATION,
    created: float = 1000.0,
    accessed: float | None = None,
    count: int = 0,
) -> ScoreRow:
    return (rowid, f"m{rowid}", importance, str(weight_class), created, accessed, count)


def test_lookup_returns_held_rows_in_the_order_asked_and_lists_the_rest() -> None:
    """A lookup returns held rows in the order asked and lists the missing ones."""
    table = ScoreTable()
    table.upsert([_row(3, importance=0.3), _row(7, importance=0.7), _row(1)])
    columns, missing = table.lookup([7, 2, 3, 10_000, -1])
    assert columns.rowids.tolist() == [7, 3]
    assert columns.ids == ["m7", "m3"]
    assert columns.importance.tolist() == [0.7, 0.3]
    assert missing == [2, 10_000, -1]
    assert len(table) == 3


def test_columns_carry_class_weights_and_idle_since() -> None:
    """Columns carry each class's weights; idle time counts from the last access."""
    table = ScoreTable()
    table.upsert(
        [
            _row(1, weight_class=WeightClass.SIGNIFICANT, created=10.0),
            _row(2, weight_class=WeightClass.TRANSIENT, created=10.0, accessed=50.0),
        ]
    )
    columns, _ = table.lookup([1, 2])
    assert columns.retrieval_weight.tolist() == [1.0, 0.3]
    assert columns.retention_multiplier.tolist() == [3.0, 0.5]
    assert columns.created_at.tolist() == [10.0, 10.0]
    # Never accessed: idle since creation.
    assert columns.idle_since.tolist() == [10.0, 50.0]


def test_upsert_replaces_and_remove_forgets() -> None:
    """An upsert replaces a row; a remove forgets it, ignoring unknown rowids."""
    table = ScoreTable()
    table.upsert([_row(5, count=1)])
    table.upsert([_row(5, count=4, accessed=99.0)])
    assert len(table) == 1
    columns, _ = table.lookup([5])
    assert columns.access_count.tolist() == [4]
    assert columns.idle_since.tolist() == [99.0]
    table.remove([5, 6, 123_456, -3])
    assert len(table) == 0
    columns, missing = table.lookup([5])
    assert len(columns) == 0
    assert missing == [5]


def test_growth_keeps_earlier_rows() -> None:
    """Growing the table for a large rowid keeps the earlier rows."""
    table = ScoreTable()
    table.upsert([_row(1, importance=0.1)])
    small = table.nbytes
    table.upsert([_row(50_000, importance=0.9)])
    assert table.nbytes > small
    columns, _ = table.lookup([1, 50_000])
    assert columns.importance.tolist() == [0.1, 0.9]
    assert columns.ids == ["m1", "m50000"]


def test_clear_empties_the_table() -> None:
    """Clearing empties the table."""
    table = ScoreTable()
    table.upsert([_row(1), _row(2)])
    table.clear()
    assert len(table) == 0
    assert table.lookup([1, 2])[1] == [1, 2]


def test_negative_rowids_are_refused() -> None:
    """A negative rowid is refused and nothing is stored."""
    table = ScoreTable()
    with pytest.raises(ValueError, match="negative"):
        table.upsert([_row(-1)])
    assert len(table) == 0


def test_columns_from_rows_match_the_table_and_concatenate_in_order() -> None:
    """Columns read from rows equal the table's and concatenate in order."""
    rows = [_row(4, importance=0.4, accessed=7.0, count=2), _row(9, importance=0.9)]
    table = ScoreTable()
    table.upsert(rows)
    held, _ = table.lookup([4, 9])
    read = ScoreColumns.from_rows(rows)
    for name in ScoreColumns.__slots__:
        want = getattr(read, name)
        got = getattr(held, name)
        assert np.array_equal(np.asarray(got), np.asarray(want)), name
    both = ScoreColumns.concatenate([read, ScoreColumns.from_rows([_row(2)])])
    assert both.rowids.tolist() == [4, 9, 2]
    assert both.ids == ["m4", "m9", "m2"]
    assert both.access_count.tolist() == [2, 0, 0]
    assert len(both) == 3
