"""Relevance borrowed from a memory's neighbours in its thread.

In a conversation the answer often shares no words with the question asked
just before it: the question matches, the answer is what the user needs
(docs/retrieval-quality.md, "Every candidate borrows from its neighbours";
"Questions in a thread").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..text.asking import asking_share
from .fusion import Relevance, fuse

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from ..common.config import EngineConfig
    from ..common.values import Caller, MemoryFilter
    from ..storage.candidates import CandidateQueries, KeywordHits


def with_thread_neighbours(
    candidates: CandidateQueries,
    config: EngineConfig,
    weights: tuple[float, float],
    hits: KeywordHits,
    query_vector: npt.NDArray[np.float32] | None,
    caller: Caller,
    flt: MemoryFilter,
    vector: dict[int, float],
    keyword: dict[int, float],
    fused: dict[int, Relevance],
) -> dict[int, Relevance]:
    """Let memories borrow relevance from their neighbours in a thread.

    Neighbours of the best candidates join the pool with their own true
    scores (their BM25 from the keyword search's matches), then each
    memory, candidate or newcomer, gains `thread_neighbour_weight` x its
    best neighbour's relevance. `weights`: the fusion's vector and keyword
    weights (the model's profile sets the split). `vector` and `keyword`
    gain the newcomers' scores.
    """
    ranked = sorted(fused, key=lambda r: -fused[r].relevance)
    seeds = config.thread_neighbour_seeds
    # The best candidates bring their neighbours in; every candidate
    # borrows from a neighbour that is a candidate too.
    links = candidates.thread_links(
        ranked[:seeds], caller, flt, fused.keys(), shallow=ranked[seeds:]
    )
    extra = sorted(links.keys() - fused.keys())
    if extra:
        best_keyword = max(keyword.values(), default=0.0)
        if query_vector is not None:
            vector.update(candidates.similarities(query_vector, extra))
        keyword.update(hits.scores(extra))
        vector_weight, keyword_weight = weights
        if max(keyword.values(), default=0.0) == best_keyword:
            # The candidates' scores stand: only the newcomers are fused
            # (on the same keyword scale, so with the same values).
            fused = {
                **fused,
                **fuse(
                    {r: vector[r] for r in extra if r in vector},
                    {r: keyword[r] for r in extra if r in keyword},
                    vector_weight=vector_weight,
                    keyword_weight=keyword_weight,
                    best_keyword=best_keyword,
                ),
            }
        else:
            fused = fuse(
                vector,
                keyword,
                vector_weight=vector_weight,
                keyword_weight=keyword_weight,
            )
    weight = config.thread_neighbour_weight
    asks = _asking(candidates, links, fused)
    smoothed = dict(fused)
    for rowid, (before, after) in links.items():
        if (own := fused.get(rowid)) is None:
            continue
        borrowed = weight * max(
            (fused[n].relevance for n in (before, after) if n in fused),
            default=0.0,
        )
        if before in fused and (share := asks.get(before, 0.0)) > 0:
            # The memory after a question answers it: it borrows up to
            # all of the question's relevance.
            borrowed += (1.0 - weight) * share * fused[before].relevance
        smoothed[rowid] = own._replace(relevance=own.relevance + borrowed)
    discount = config.question_discount
    for rowid, share in asks.items():
        if share > 0 and (relevance := smoothed.get(rowid)) is not None:
            # A question holds no answer of its own; the floors still
            # compare its own relevance.
            smoothed[rowid] = relevance._replace(
                relevance=relevance.relevance * (1.0 - discount * share)
            )
    return smoothed


def _asking(
    candidates: CandidateQueries,
    links: dict[int, tuple[int | None, int | None]],
    fused: dict[int, Relevance],
) -> dict[int, float]:
    """How much each linked candidate and the one before it asks.

    Only those that ask at all (text/asking.py).
    """
    rowids = {r for r in links if r in fused}
    rowids.update(b for b, _ in links.values() if b is not None and b in fused)
    texts = candidates.questioning_texts(sorted(rowids))
    shares = {rowid: asking_share(text) for rowid, text in texts.items()}
    return {rowid: share for rowid, share in shares.items() if share > 0}
