"""Freed heap pages go back to the system where glibc allows it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from custom_components.home_memory.memory.common import malloc_trim

if TYPE_CHECKING:
    import pytest


def test_freed_memory_is_trimmed_to_nothing_kept(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """malloc_trim is asked to keep no padding (0) at the top of the heap."""
    calls: list[int] = []
    monkeypatch.setattr(malloc_trim, "_MALLOC_TRIM", calls.append)
    malloc_trim.release_freed_memory()
    assert calls == [0]


def test_without_malloc_trim_releasing_is_a_no_op(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """On C libraries without malloc_trim (musl, macOS) nothing is called."""
    monkeypatch.setattr(malloc_trim, "_MALLOC_TRIM", None)
    malloc_trim.release_freed_memory()
