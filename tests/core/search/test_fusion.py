"""Relevance fused from cosine and BM25, and a window's topic (search/fusion.py)."""

from __future__ import annotations

import pytest

from custom_components.home_memory.memory.search.fusion import (
    Relevance,
    fuse,
    on_topic,
)


def test_fuse_weights_cosine_and_normalised_bm25() -> None:
    """Fusion weights cosine and normalised BM25 as configured; a memory with
    no vector of the model (3: not yet re-embedded) has its BM25 alone.
    """
    fused = fuse(
        {1: 0.5, 2: 0.2}, {2: 8.0, 3: 4.0}, vector_weight=0.6, keyword_weight=0.4
    )
    assert fused[1].relevance == pytest.approx(0.3)
    assert fused[2].relevance == pytest.approx(0.6 * 0.2 + 0.4)
    assert fused[3].relevance == pytest.approx(0.5)
    keyword_only = fuse({}, {3: 4.0}, vector_weight=0.6, keyword_weight=0.4)
    assert keyword_only[3].relevance == 1.0


def test_a_topic_is_a_shared_word_or_a_near_enough_meaning() -> None:
    """On the topic: a keyword hit, or a similarity of at least the bar;
    under it with no word shared, or with no similarity and no word, not."""
    assert on_topic(Relevance(0.1, 0.05, 0.5), 0.2)
    assert on_topic(Relevance(0.1, 0.2, None), 0.2)
    assert not on_topic(Relevance(0.1, 0.19, None), 0.2)
    assert not on_topic(Relevance(0.0, None, None), 0.2)
