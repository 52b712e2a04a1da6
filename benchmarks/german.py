"""The German household set through the engine: hit@1, hit@5 and MRR.

Each fact becomes a memory of a fresh store; each German question is a
search (the engine's hybrid ranking, no relevance floor) and is scored by
the rank of the one fact that answers it. Same language: German questions
against the German facts; cross-language: German questions against the
English facts (a household that told its assistant things in English and
asks in German, or whose home writes English observations).
"""

from __future__ import annotations

from pathlib import Path
import tempfile
from typing import TYPE_CHECKING, Literal

from custom_components.home_memory.memory.common.values import (
    SYSTEM,
    MemoryKind,
    NewMemory,
    Source,
)
from custom_components.home_memory.memory.search.retrieval import Retriever
from custom_components.home_memory.memory.store import MemoryStore

from .german_facts import FACTS, QUESTIONS

if TYPE_CHECKING:
    from custom_components.home_memory.memory.embedding.embedder import Embedder

type FactLanguage = Literal["de", "en"]
FIXED_NOW = 1_700_000_000.0


def score(embedder: Embedder | None, facts: FactLanguage) -> dict[str, float]:
    """hit@1, hit@5 and MRR of the German questions against `facts`."""
    column = 1 if facts == "de" else 2
    with tempfile.TemporaryDirectory(prefix="bench-german-") as scratch:
        store = MemoryStore(
            Path(scratch) / "german.db", embedder=embedder, clock=lambda: FIXED_NOW
        )
        try:
            store.create_many(
                [
                    NewMemory(
                        id=fact[0],
                        content=fact[column],
                        kind=MemoryKind.FACT,
                        source=Source.EXPLICIT,
                    )
                    for fact in FACTS
                ],
                SYSTEM,
                dedup=False,
            )
            retriever = Retriever(store, store.config)
            hits1 = hits5 = reciprocal = 0.0
            for question, key in QUESTIONS:
                ranked = [
                    s.memory.id
                    for s in retriever.rank(
                        question, SYSTEM, pool=len(FACTS), min_relevance=0.0
                    )
                ]
                if key in ranked:
                    rank = ranked.index(key) + 1
                    hits1 += rank == 1
                    hits5 += rank <= 5
                    reciprocal += 1.0 / rank
        finally:
            store.close()
    n = len(QUESTIONS)
    return {"hit1": hits1 / n, "hit5": hits5 / n, "mrr": reciprocal / n}
