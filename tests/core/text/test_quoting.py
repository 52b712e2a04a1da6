"""Quoting text into prompts: one line, one closed quote, whatever the text."""

from __future__ import annotations

import json

from hypothesis import given, strategies as st

from custom_components.home_memory.memory.text.quoting import flatten, quote


@given(st.text())
def test_any_text_quotes_to_one_closed_line(text: str) -> None:
    """No text can break the line, leave its quote, or open our delimiters."""
    quoted = quote(text)
    assert len(quoted.splitlines()) == 1
    assert quoted.startswith('"')
    assert quoted.endswith('"')
    inner = json.loads(quoted)
    assert isinstance(inner, str)
    assert "<" not in inner
    assert ">" not in inner
    quoted.encode("utf-8")  # lone surrogates are replaced


def test_flatten_keeps_words_and_cuts_long_text() -> None:
    """Breaks become spaces; a long text is cut with an ellipsis."""
    assert flatten("a\nb\u2028c\r\nd\x85e") == "a b c d e"
    assert flatten("x" * 10, 5) == "xxxx…"
    assert quote('say "hi"') == '"say \\"hi\\""'
