"""The German household set through the engine: hit@1, hit@5 and MRR.

Each fact becomes a memory of a fresh store; each German question is a
search (the engine's hybrid ranking, no relevance floor) and is scored by
the rank of the one fact that answers it. Same language: German questions
against the German facts; cross-language: German questions against the
English facts (a household that told its assistant things in English and
asks in German, or whose home writes English observations).
"""

from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path
import tempfile
from typing import TYPE_CHECKING, Final, Literal

from custom_components.home_memory.memory.common.config import EngineConfig
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
    from collections.abc import Iterator

    from custom_components.home_memory.memory.embedding.embedder import Embedder

type FactLanguage = Literal["de", "en"]
FIXED_NOW = 1_700_000_000.0


@contextmanager
def _facts_retriever(
    embedder: Embedder | None, facts: FactLanguage, config: EngineConfig | None = None
) -> Iterator[Retriever]:
    """A retriever over a fresh store holding the set's facts in `facts`."""
    column = 1 if facts == "de" else 2
    with tempfile.TemporaryDirectory(prefix="bench-german-") as scratch:
        store = MemoryStore(
            Path(scratch) / "german.db",
            embedder=embedder,
            clock=lambda: FIXED_NOW,
            config=config,
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
            yield Retriever(store, store.config)
        finally:
            store.close()


def _ranked(retriever: Retriever, question: str, floor: float) -> list[str]:
    """The facts' keys `question` finds over `floor`, best first."""
    return [
        s.memory.id
        for s in retriever.rank(question, SYSTEM, pool=len(FACTS), min_relevance=floor)
    ]


type Questions = tuple[tuple[str, str], ...]


def score(
    embedder: Embedder | None, facts: FactLanguage, questions: Questions = QUESTIONS
) -> dict[str, float]:
    """hit@1, hit@5 and MRR of `questions` (the German ones unless given)
    against `facts`."""
    hits1 = hits5 = reciprocal = 0.0
    with _facts_retriever(embedder, facts) as retriever:
        for question, key in questions:
            ranked = _ranked(retriever, question, 0.0)
            if key in ranked:
                rank = ranked.index(key) + 1
                hits1 += rank == 1
                hits5 += rank <= 5
                reciprocal += 1.0 / rank
    n = len(questions)
    return {"hit1": hits1 / n, "hit5": hits5 / n, "mrr": reciprocal / n}


# The floors a person meets: the search action's and the spoken answer's
# (EngineConfig search_min_relevance, context_min_relevance).
FLOORS: Final = (0.3, 0.35)


def found_over_floors(
    embedder: Embedder | None,
    facts: FactLanguage,
    questions: Questions = QUESTIONS,
    household: str = "de",
) -> dict[str, float]:
    """hit@1 and the share of `questions` whose fact is found at all, over
    each of FLOORS, in a household speaking `household` (German unless
    given): an answer under the floor is not heard, however well it ranks
    (docs/languages.md, "Two languages in one home")."""
    figures: dict[str, float] = {}
    config = EngineConfig(language=household)
    with _facts_retriever(embedder, facts, config) as retriever:
        for floor in FLOORS:
            first = found = 0
            for question, key in questions:
                ranked = _ranked(retriever, question, floor)
                first += ranked[:1] == [key]
                found += key in ranked
            name = f"{floor:g}".replace(".", "")
            figures[f"hit1_floor{name}"] = first / len(questions)
            figures[f"found_floor{name}"] = found / len(questions)
    return figures


def false_finds(
    embedder: Embedder | None,
    facts: FactLanguage,
    negatives: tuple[str, ...],
    household: str = "de",
) -> dict[str, float]:
    """The share of `negatives` (questions no fact answers) that list any
    fact over each of FLOORS: each is a wrong answer heard (session 45)."""
    figures: dict[str, float] = {}
    config = EngineConfig(language=household)
    with _facts_retriever(embedder, facts, config) as retriever:
        for floor in FLOORS:
            found = sum(bool(_ranked(retriever, q, floor)) for q in negatives)
            name = f"{floor:g}".replace(".", "")
            figures[f"negatives_found_floor{name}"] = found / len(negatives)
    return figures
