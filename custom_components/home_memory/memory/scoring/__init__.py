"""What a memory's score is made of, and the table that holds it.

`decay` has the formulas (decay, recency, access bonus, effective importance
and what decay archives);
`score_table` keeps those columns for every active memory in memory. Fusing
them with relevance is in `search/retrieval`.
"""

from .decay import (
    access_bonus,
    access_bonuses,
    archivable,
    decay_factor,
    decay_factors,
    effective_importance,
    effective_importances,
    recencies,
    recency,
    reinforcement,
    reinforcements,
)
from .score_table import ScoreColumns, ScoreTable

__all__ = [
    "ScoreColumns",
    "ScoreTable",
    "access_bonus",
    "access_bonuses",
    "archivable",
    "decay_factor",
    "decay_factors",
    "effective_importance",
    "effective_importances",
    "recencies",
    "recency",
    "reinforcement",
    "reinforcements",
]
