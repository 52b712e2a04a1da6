"""Relevance: a memory's match to a query, fused from its cosine and BM25.

Retrieval fuses the two signals once per candidate (`fuse`); the floors
and a window's topic read the parts (`on_topic`). docs/architecture.md,
"Hybrid relevance".
"""

from __future__ import annotations

from typing import NamedTuple


class Relevance(NamedTuple):
    """How well one memory matches a query.

    A named tuple: a search makes one for each of ~100 candidates, twice, and
    a frozen dataclass costs three times as much to create.
    """

    relevance: float
    similarity: float | None
    keyword: float | None
    # The memory's own relevance before its thread neighbours lent it any:
    # thresholds apply to this, so a neighbour alone never gets a memory in.
    own: float = 0.0


def on_topic(relevance: Relevance, least: float) -> bool:
    """A keyword hit, or a similarity that is about the question's topic
    (at least `least`: TOPIC_IN_WINDOW_MIN_SIMILARITY, or `topic_floor`)."""
    return relevance.keyword is not None or (
        relevance.similarity is not None and relevance.similarity >= least
    )


def fuse(
    vector: dict[int, float],
    keyword: dict[int, float],
    *,
    vector_weight: float,
    keyword_weight: float,
    best_keyword: float | None = None,
) -> dict[int, Relevance]:
    """Weighted fusion of cosine and max-normalised BM25.

    Measured on the LoCoMo dev split (scripts/bench locomo): this beats
    reciprocal rank fusion, because it keeps how far apart the scores are, not
    only their order. A memory without a vector of the current model (every
    memory in keyword-only mode; those not yet re-embedded after a model
    switch) is judged by its normalised BM25 alone: weighted as if its cosine
    were 0 it could never pass a search floor above the keyword weight.
    `best_keyword`: the BM25 to normalise by, when `keyword` is only a part
    of the scores (default: its own best).
    """
    if best_keyword is None:
        best_keyword = max(keyword.values(), default=0.0)
    result: dict[int, Relevance] = {}
    for rowid in vector.keys() | keyword.keys():
        similarity = vector.get(rowid)
        raw = keyword.get(rowid)
        normalised = raw / best_keyword if raw is not None and best_keyword > 0 else 0.0
        if similarity is not None:
            value = vector_weight * max(0.0, similarity) + keyword_weight * normalised
        else:
            value = normalised
        result[rowid] = Relevance(
            value, similarity, normalised if raw is not None else None, own=value
        )
    return result
