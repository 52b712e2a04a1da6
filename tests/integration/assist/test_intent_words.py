"""assist/intent_words.py: Home Assistant's own words for its intents."""

from __future__ import annotations

import pytest

from custom_components.home_memory.assist.intent_words import IntentWords


@pytest.mark.parametrize(
    ("language", "intent", "text", "used"),
    [
        ("en", "HassGetCurrentTime", "bike lock code", False),
        ("en", "HassGetCurrentTime", "time in the garage", True),
        ("en", "HassGetCurrentDate", "today's date in the cellar", True),
        ("en", "HassGetCurrentDate", "spare key", False),
        ("de", "HassGetCurrentTime", "Fahrradschloss Code", False),
        ("de-CH", "HassGetCurrentDate", "Datum heute in der Küche", True),
        # Not loaded, or no such intent: Home Assistant's answer stands.
        ("fr", "HassGetCurrentTime", "bike lock code", True),
        ("en", "NoSuchIntent", "bike lock code", True),
    ],
)
def test_an_intents_own_words_tell_a_guess(
    language: str, intent: str, text: str, used: bool
) -> None:
    """ "bike lock code" holds none of the time's words ("clock" was a
    near miss); "time in the garage" holds "time"; function words ("what",
    "the", "in") are no intent's own."""
    words = IntentWords()
    for loaded in ("en", "de"):
        words.load(loaded)
    assert words.used_in(language, intent, text) is used
    assert "the" not in (words.of("en", "HassGetCurrentTime") or {"the"})
