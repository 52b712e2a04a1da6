"""Text rules of a memory: summaries, what is stored of a text."""

from __future__ import annotations

from custom_components.home_memory.memory.store import (
    summarize,
)
from custom_components.home_memory.memory.text.validation import clean_content


def test_summarize_cuts_long_text_at_a_sentence_or_word() -> None:
    """A summary ends at the first sentence, or at a word with an ellipsis."""
    assert summarize("short") == "short"
    long_text = "The first sentence is here. " + "word " * 60
    assert summarize(long_text) == "The first sentence is here."
    no_stop = "word " * 60
    cut = summarize(no_stop)
    assert cut.endswith("…")
    assert len(cut) <= 120


def test_a_soft_hyphen_is_left_out_of_what_is_stored() -> None:
    """ "The b\u00adins are red." looked like "bins" and was never found as
    it (review s21); a soft hyphen only says where a word may break."""
    assert clean_content("content", "The b\u00adins are red.", 100) == (
        "The bins are red."
    )
    assert clean_content("content", "Donau\u00addampf\u00adschiff", 100) == (
        "Donaudampfschiff"
    )
