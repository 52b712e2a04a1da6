"""The composite score and the ranked list it makes.

Relevance (fusion.py) weighs against importance x class weight x decay,
recency and access frequency (docs/architecture.md, "Hybrid relevance"),
for every kept candidate at once; the result is a `Ranking`, best first,
whose candidates are fetched later (retrieval.py), a page at a time.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

import numpy as np

from ..common.values import ScoredMemory
from ..scoring import decay

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ..common.config import EngineConfig
    from ..common.values import Memory
    from ..scoring.score_table import ScoreColumns
    from .fusion import Relevance


class Scores(NamedTuple):
    """The parts of one result's score, as a ScoredMemory carries them.

    The one way a ranked candidate becomes a result: a page of a search
    straight away, a progressive search's cursor later, from its id.
    """

    score: float
    relevance: float
    similarity: float | None
    keyword_score: float | None
    decay: float
    recency: float
    access_bonus: float

    def of(self, memory: Memory) -> ScoredMemory:
        """`memory` with these scores."""
        return ScoredMemory(
            memory=memory,
            score=self.score,
            relevance=self.relevance,
            similarity=self.similarity,
            keyword_score=self.keyword_score,
            decay=self.decay,
            recency=self.recency,
            access_bonus=self.access_bonus,
        )


@dataclass(frozen=True, slots=True)
class Ranking:
    """Scored candidates, best first, before their memories are fetched.

    One list per part of the score, all in rank order.
    """

    rowids: list[int]
    relevance: list[Relevance]
    score: list[float]
    decay: list[float]
    recency: list[float]
    access_bonus: list[float]

    def __len__(self) -> int:
        """Candidates ranked."""
        return len(self.rowids)

    def taken(self, order: Sequence[int]) -> Ranking:
        """The candidates in places `order`, in that order."""
        return Ranking(
            rowids=[self.rowids[i] for i in order],
            relevance=[self.relevance[i] for i in order],
            score=[self.score[i] for i in order],
            decay=[self.decay[i] for i in order],
            recency=[self.recency[i] for i in order],
            access_bonus=[self.access_bonus[i] for i in order],
        )

    def scores(self, i: int) -> Scores:
        """The score parts of the candidate in place `i`."""
        relevance = self.relevance[i]
        return Scores(
            score=self.score[i],
            relevance=relevance.relevance,
            similarity=relevance.similarity,
            keyword_score=relevance.keyword,
            decay=self.decay[i],
            recency=self.recency[i],
            access_bonus=self.access_bonus[i],
        )


def composite(
    columns: ScoreColumns,
    relevance: dict[int, Relevance],
    now: float,
    config: EngineConfig,
) -> Ranking:
    """The composite score of every candidate at once, best first."""
    weights = config.weights
    rowids = columns.rowids.tolist()
    relevances = [relevance[rowid] for rowid in rowids]
    own = np.fromiter((r.relevance for r in relevances), np.float64, len(rowids))
    decay_values = decay.decay_factors(
        (now - columns.idle_since) / decay.SECONDS_PER_DAY,
        columns.retention_multiplier,
        base_half_life_days=config.base_half_life_days,
        floor=config.decay_floor,
    )
    recency_values = decay.recencies(
        (now - columns.created_at) / decay.SECONDS_PER_DAY,
        base_half_life_days=config.base_half_life_days,
        floor=config.decay_floor,
    )
    bonuses = decay.access_bonuses(columns.access_count)
    scores = (
        weights.relevance * own
        + weights.importance
        * columns.importance
        * columns.retrieval_weight
        * decay_values
        + weights.recency * recency_values
        + weights.access * bonuses
    ).tolist()
    ids = columns.ids
    order = sorted(
        range(len(rowids)),
        key=lambda i: (-scores[i], -relevances[i].relevance, ids[i]),
    )
    decays, recent, bonus = (
        decay_values.tolist(),
        recency_values.tolist(),
        bonuses.tolist(),
    )
    return Ranking(
        rowids=[rowids[i] for i in order],
        relevance=[relevances[i] for i in order],
        score=[scores[i] for i in order],
        decay=[decays[i] for i in order],
        recency=[recent[i] for i in order],
        access_bonus=[bonus[i] for i in order],
    )
