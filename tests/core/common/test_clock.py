"""The engine's clocks are read at each call, never bound at import."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from custom_components.home_memory.memory.common.clock import elapsed, system_time

if TYPE_CHECKING:
    import pytest


def test_system_time_reads_the_wall_clock_at_each_call(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A harness that replaces time.time drives system_time too."""
    monkeypatch.setattr(time, "time", lambda: 1_234.5)
    assert system_time() == 1_234.5


def test_elapsed_is_monotonic_not_the_wall_clock(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Setting the wall clock back does not move elapsed()."""
    monkeypatch.setattr(time, "time", lambda: 0.0)
    monkeypatch.setattr(time, "monotonic", lambda: 42.0)
    assert elapsed() == 42.0
