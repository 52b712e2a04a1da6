"""One base language per Home Assistant tag, for every word table."""

from __future__ import annotations

import pytest

from custom_components.home_memory.memory.common.languages import base_language


@pytest.mark.parametrize(
    ("tag", "base"),
    [("de", "de"), ("de-CH", "de"), ("de_AT", "de"), ("DE", "de"), ("en-GB", "en")],
)
def test_a_tag_reads_its_base_language(tag: str, base: str) -> None:
    """Region and case never pick another table."""
    assert base_language(tag, "en") == base


@pytest.mark.parametrize("tag", [None, ""])
def test_no_tag_reads_the_fallback(tag: str | None) -> None:
    """A home without a language reads the fallback's tables."""
    assert base_language(tag, "en") == "en"
