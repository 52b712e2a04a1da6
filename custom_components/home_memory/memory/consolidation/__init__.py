"""Nightly consolidation: near-duplicates merge, changed facts supersede.

`consolidation` finds look-alike memories (`pairs`: within a run's budget)
and decides; `prompt` is what an AI Task is asked about them and how its
answer is checked. The merges themselves are `upkeep/merging`.
"""

from ..common.errors import InvalidDecisionError
from .consolidation import (
    Action,
    Candidate,
    ConsolidationSettings,
    ConsolidationStats,
    Consolidator,
    Decision,
    TextRelation,
    compare_texts,
    words,
)
from .prompt import consolidation_instructions, decision_from_ai

__all__ = [
    "Action",
    "Candidate",
    "ConsolidationSettings",
    "ConsolidationStats",
    "Consolidator",
    "Decision",
    "InvalidDecisionError",
    "TextRelation",
    "compare_texts",
    "consolidation_instructions",
    "decision_from_ai",
    "words",
]
