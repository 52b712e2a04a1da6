"""text/restated.py: the same words said again, letter case, spacing and
punctuation aside, a code's letters not (live review s42 MED-1)."""

from __future__ import annotations

import pytest

from custom_components.home_memory.memory.text.restated import says_again


@pytest.mark.parametrize(
    ("language", "old", "new", "again"),
    [
        ("en", "Alice's gate code is 3333.", "Alice's GATE CODE is 3333.", True),
        ("en", "Alice's gate code is 3333.", "Alice's Gate Code is  3333!", True),
        ("en", "Alice's gate code is 3333.", "alice's gate code is 3333", True),
        ("en", "Alice's gate code is 3333.", "Alice's gate code is 3334.", False),
        ("en", "Alice's gate code is 3333.", "Alice's ga\u00adte code is 3333", True),
        ("en", "The wifi password is AbC123.", "The wifi password is abc123.", False),
        ("en", "The wifi password is XYZW.", "The wifi password is xyzw.", False),
        ("de", "Alices Torcode ist 3333.", "Alices TORCODE ist 3333.", True),
        ("de", "Alices Torcode ist 3333.", "Alices Torcode ist 3333 oder 4444.", False),
    ],
)
def test_said_again_reads_letter_case_aside_but_not_a_codes(
    language: str, old: str, new: str, again: bool
) -> None:
    """A subject shouted ("GATE CODE") is the same words; a code's letters
    ("AbC123", "XYZW") are the code."""
    assert says_again(old, new, language) is again
