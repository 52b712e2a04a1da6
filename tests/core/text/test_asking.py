"""How much of a text asks: the share retrieval discounts and lends on."""

from __future__ import annotations

import pytest

from custom_components.home_memory.memory.text.asking import asking_share


@pytest.mark.parametrize(
    ("text", "share"),
    [
        ("What did you research?", 1.0),
        ("The bins go out on Tuesday evening.", 0.0),
        ("", 0.0),
        ("   ", 0.0),
        # Half a text that tells, half that asks, by characters.
        ("I went home. Did you?", 8 / 20),
        ("Is it? Yes.", 6 / 10),
        # Other scripts' question marks.
        ("¿Qué pasó?", 1.0),
        ("Wie war der Urlaub\uff1f", 1.0),
        ("ماذا حدث؟", 1.0),
        # A question mark inside a sentence does not make it a question.
        ("The sign said 'open?' in red letters.", 0.0),
    ],
)
def test_share_of_the_text_that_asks(text: str, share: float) -> None:
    """Characters in sentences that end with a question mark, over all."""
    assert asking_share(text) == pytest.approx(share, abs=0.02)
