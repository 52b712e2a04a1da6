"""What a reading gives (memory/time/readings.py): a window's hull and the
years a memory's event time may have."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest

from custom_components.home_memory.memory.time.readings import (
    EARLIEST_YEAR,
    LATEST_YEAR,
    Window,
)

BERLIN_WINTER = timezone(timedelta(hours=1))


def test_the_hull_holds_both_windows() -> None:
    """ "Tuesday and the Friday after" read as one window: from the first
    start to the last end, whichever is given first."""
    tuesday = Window(
        datetime(2026, 11, 17, tzinfo=UTC), datetime(2026, 11, 18, tzinfo=UTC)
    )
    friday = Window(
        datetime(2026, 11, 20, tzinfo=UTC), datetime(2026, 11, 21, tzinfo=UTC)
    )
    assert (
        tuesday.hull(friday)
        == friday.hull(tuesday)
        == Window(tuesday.start, friday.end)
    )


@pytest.mark.parametrize(
    ("start", "end", "plausible"),
    [
        (
            datetime(EARLIEST_YEAR, 1, 1, tzinfo=BERLIN_WINTER),
            datetime(1901, 1, 1, tzinfo=UTC),
            True,
        ),
        (datetime(1899, 12, 31, tzinfo=UTC), datetime(1900, 1, 2, tzinfo=UTC), False),
        (
            datetime(LATEST_YEAR, 12, 31, tzinfo=UTC),
            datetime(LATEST_YEAR + 1, 1, 1, tzinfo=UTC),
            True,
        ),
        (
            datetime(LATEST_YEAR, 12, 31, tzinfo=UTC),
            datetime(LATEST_YEAR + 1, 1, 2, tzinfo=UTC),
            False,
        ),
        (datetime(2026, 3, 2, tzinfo=UTC), datetime(2026, 3, 1, tzinfo=UTC), False),
    ],
)
def test_a_window_is_plausible_within_the_years_of_memories(
    start: datetime, end: datetime, plausible: bool
) -> None:
    """1900 to 2200, on each end's own calendar; the end may be the first
    moment of 2201; a window ending before it starts is none."""
    assert Window(start, end).is_plausible() is plausible
