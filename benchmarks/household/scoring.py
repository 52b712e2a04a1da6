"""hit@1, hit@5 and MRR of ranked answers, overall and per kind of question.

Pure functions, so tests can check them on rankings they choose.
"""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Sequence


def first_hit(ranked: Sequence[str], answers: Callable[[str], bool]) -> int | None:
    """1-based rank of the first memory that answers, None if none does."""
    for rank, memory_id in enumerate(ranked, start=1):
        if answers(memory_id):
            return rank
    return None


def figures(ranks: Iterable[int | None]) -> dict[str, float]:
    """hit@1, hit@5 and MRR (1/rank of the first answer, 0 without one)."""
    got = list(ranks)
    if not got:
        return {"hit1": 0.0, "hit5": 0.0, "mrr": 0.0, "questions": 0.0}
    n = len(got)
    return {
        "hit1": sum(r == 1 for r in got) / n,
        "hit5": sum(r is not None and r <= 5 for r in got) / n,
        "mrr": sum(1.0 / r for r in got if r is not None) / n,
        "questions": float(n),
    }


def by_kind(ranked: Iterable[tuple[str, int | None]]) -> dict[str, dict[str, float]]:
    """`figures` per kind of question, and over all of them as "all"."""
    groups: dict[str, list[int | None]] = defaultdict(list)
    for kind, rank in ranked:
        groups[kind].append(rank)
        groups["all"].append(rank)
    return {kind: figures(ranks) for kind, ranks in sorted(groups.items())}
