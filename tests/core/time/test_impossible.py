"""memory/time/impossible.py: a date its month does not have, found in a
text's words (review s40 #9)."""

from __future__ import annotations

import pytest

from custom_components.home_memory.memory.time.impossible import impossible_date


@pytest.mark.parametrize(
    ("text", "language", "said"),
    [
        ("the party is on 30 February", "en", "on 30 February"),
        ("the party is on February 30th", "en", "on February 30th"),
        ("the party is on 29 February 2027", "en", "on 29 February 2027"),
        ("die Party ist am 31. April", "de", "am 31. April"),
        ("die Party ist am 30.02.2027", "de", "am 30.02.2027"),
        ("the party is on 29 February", "en", None),
        ("the party is on 31 December", "en", None),
        ("die Party ist am 31. März", "de", None),
    ],
)
def test_a_date_its_month_does_not_have_is_found(
    text: str, language: str, said: str | None
) -> None:
    """29 February without a year is a leap year's day."""
    assert impossible_date(text, language) == said
