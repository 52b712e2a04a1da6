"""Text rules of a memory: summaries."""

from __future__ import annotations

from custom_components.home_memory.memory.store import (
    summarize,
)


def test_summarize_cuts_long_text_at_a_sentence_or_word() -> None:
    """A summary ends at the first sentence, or at a word with an ellipsis."""
    assert summarize("short") == "short"
    long_text = "The first sentence is here. " + "word " * 60
    assert summarize(long_text) == "The first sentence is here."
    no_stop = "word " * 60
    cut = summarize(no_stop)
    assert cut.endswith("…")
    assert len(cut) <= 120
