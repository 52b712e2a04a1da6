"""The time word tables: read at import, never from a file when asked."""

from __future__ import annotations

from pathlib import Path
from unittest.mock import patch

import pytest

from custom_components.home_memory.memory.time.phrases import phrases, table_language


@pytest.mark.parametrize(
    ("language", "table"),
    [("de", "de"), ("de-CH", "de"), ("en-GB", "en"), ("fr", "en"), (None, "en")],
)
def test_a_language_gets_its_table_or_english(language: str | None, table: str) -> None:
    """A regional language takes its base table; one without a table, English."""
    assert table_language(language) == table


def test_asking_for_words_reads_no_file() -> None:
    """Sentences ask on the event loop, where a file read blocks the home: the
    tables come from memory (read when the module was imported)."""

    def refuse(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("a file was read")

    with (
        patch.object(Path, "read_text", refuse),
        patch.object(Path, "is_file", refuse),
        patch.object(Path, "open", refuse),
    ):
        assert phrases("de") is not phrases("en")
        assert phrases("de-AT") is phrases("de")
