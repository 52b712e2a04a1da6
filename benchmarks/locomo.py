"""LoCoMo retrieval through the engine: ingest turns, rank, score.

Any turns/questions files of the bench-data format work (one JSON object a
line; turns: conv_id, dia_id, speaker, text; questions: qid, conv_id,
question). Each conversation goes into its own fresh MemoryStore: retrieval
is restricted to the question's conversation by construction, and the BM25
statistics are those of that conversation alone, as in the reference
baselines (one FTS5 table per conversation). One shared store filtered by a
conv_id tag would instead count BM25 document frequencies over every
conversation, and send each vector search down the SQL path that tag filters
take. A turn's memory is "Speaker: text", tagged with its conv_id, with its
dia_id in source_ids (that is what the rankings list) and the conversation
as its thread, so the engine's thread neighbours are the turns before and
after it.

Only relevance may order the candidates. Every turn becomes a memory of the
same kind, class, importance and source, created at one fixed instant that is
also "now" at query time, and ranking never records an access; so decay,
recency and the access bonus are the same for all, and the composite score
is 0.40 x relevance plus a constant (checked for every question).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import UTC, datetime
import importlib.util
import json
from pathlib import Path
import tempfile
from typing import TYPE_CHECKING, Any, Literal

from custom_components.home_memory.memory.common.values import (
    SYSTEM,
    MemoryKind,
    NewMemory,
    ScoredMemory,
    Source,
)
from custom_components.home_memory.memory.search.retrieval import Retriever
from custom_components.home_memory.memory.store import MemoryStore
from custom_components.home_memory.memory.text.validation import MAX_CONTENT_CHARS

from .vectors import BenchError

if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence
    from types import ModuleType

    from custom_components.home_memory.memory.common.config import EngineConfig
    from custom_components.home_memory.memory.embedding.embedder import Embedder

type Mode = Literal["hybrid", "vector", "bm25"]
MODES: tuple[Mode, ...] = ("hybrid", "vector", "bm25")
# A deep pool so that R@10 is about ranking, not about who made the pool.
DEFAULT_POOL = 100
INGEST_BATCH = 500
FIXED_NOW = datetime(2024, 1, 1, tzinfo=UTC).timestamp()


@dataclass(frozen=True, slots=True)
class Turn:
    """One dialogue turn."""

    dia_id: str
    speaker: str
    text: str

    @property
    def content(self) -> str:
        """The memory text: "Speaker: text", as the reference baselines index it."""
        text = f"{self.speaker}: {self.text}" if self.speaker else self.text
        # The store refuses NULs and over-long texts; neither carries meaning here.
        return text.replace("\x00", " ").strip()[:MAX_CONTENT_CHARS] or self.dia_id


@dataclass(frozen=True, slots=True)
class Question:
    """One question, restricted to its conversation."""

    qid: str
    conv_id: str
    text: str


def read_jsonl(path: Path) -> list[dict[str, Any]]:
    """Every non-empty line of a JSON-lines file."""
    with path.open(encoding="utf-8") as lines:
        return [json.loads(line) for line in lines if line.strip()]


def load_turns(path: Path) -> dict[str, list[Turn]]:
    """Turns by conversation, in file order."""
    by_conv: dict[str, list[Turn]] = {}
    for row in read_jsonl(path):
        by_conv.setdefault(str(row["conv_id"]), []).append(
            Turn(str(row["dia_id"]), str(row.get("speaker") or ""), str(row["text"]))
        )
    return by_conv


def load_questions(path: Path) -> list[Question]:
    """Questions in file order."""
    return [
        Question(str(row["qid"]), str(row["conv_id"]), str(row["question"]))
        for row in read_jsonl(path)
    ]


def mode_config(base: EngineConfig, mode: Mode) -> EngineConfig:
    """The engine configuration of a retrieval mode.

    Vector-only and BM25-only are the engine's own fusion with one weight at
    zero: the candidate pool is the same union of vector and keyword hits,
    only the relevance formula changes.
    """
    if mode == "vector":
        return replace(base, vector_weight=1.0, keyword_weight=0.0)
    if mode == "bm25":
        return replace(base, vector_weight=0.0, keyword_weight=1.0)
    return base


def _ingest(store: MemoryStore, conv_id: str, turns: Sequence[Turn]) -> None:
    items = [
        NewMemory(
            # Zero-padded position: equal scores fall back to turn order.
            id=f"t{position:07d}",
            content=turn.content,
            kind=MemoryKind.FACT,
            source=Source.CONVERSATION,
            speaker=turn.speaker[:100] or None,
            # What the turn is about: its speaker's own life, as a memory the
            # integration writes names the people it is about. The question
            # "What did Caroline research?" is then about these memories.
            people=(turn.speaker[:100],) if turn.speaker else (),
            source_ids=(turn.dia_id,),
            # One thread per conversation, in turn order (equal created_at,
            # rising rowid): the engine lets neighbouring turns lend each
            # other relevance. Threads per session measured the same.
            thread=conv_id,
        )
        for position, turn in enumerate(turns)
    ]
    for start in range(0, len(items), INGEST_BATCH):
        # No dedup: LoCoMo repeats short turns ("Thanks!") that are still
        # separate pieces of evidence.
        store.create_many(items[start : start + INGEST_BATCH], SYSTEM, dedup=False)


def _check_only_relevance_varies(scored: Sequence[ScoredMemory], weight: float) -> None:
    rest = [s.score - weight * s.relevance for s in scored]
    if rest and max(rest) - min(rest) > 1e-9:
        raise BenchError("LoCoMo candidates differ in more than relevance")


def _ranking(scored: Iterable[ScoredMemory], mode: Mode) -> list[str]:
    # BM25-only leaves out candidates with no keyword evidence, their own or
    # a thread neighbour's: they all score 0 there and would only trail in an
    # arbitrary (id) order.
    return [
        s.memory.source_ids[0]
        for s in scored
        if s.memory.source_ids and (mode != "bm25" or s.relevance > 0)
    ]


def rank(
    turns_path: Path,
    questions_path: Path,
    embedder: Embedder,
    *,
    modes: Sequence[Mode] = ("hybrid",),
    pool: int = DEFAULT_POOL,
) -> dict[Mode, dict[str, list[str]]]:
    """Rankings (qid -> dia_ids, best first) for each mode, in question order."""
    turns = load_turns(turns_path)
    questions = load_questions(questions_path)
    by_conv: dict[str, list[Question]] = {}
    for question in questions:
        by_conv.setdefault(question.conv_id, []).append(question)
    found: dict[Mode, dict[str, list[str]]] = {mode: {} for mode in modes}
    with tempfile.TemporaryDirectory(prefix="bench-locomo-") as scratch:
        for number, (conv_id, asked) in enumerate(by_conv.items()):
            if conv_id not in turns:
                continue
            store = MemoryStore(
                Path(scratch) / f"conv-{number}.db",
                embedder=embedder,
                clock=lambda: FIXED_NOW,
            )
            try:
                _ingest(store, conv_id, turns[conv_id])
                for mode in modes:
                    retriever = Retriever(store, mode_config(store.config, mode))
                    for question in asked:
                        scored = retriever.rank(
                            question.text, SYSTEM, pool=pool, min_relevance=0.0
                        )
                        _check_only_relevance_varies(
                            scored, retriever.config.weights.relevance
                        )
                        found[mode][question.qid] = _ranking(scored, mode)
            finally:
                store.close()
    # Questions of a conversation without turns get an empty ranking.
    return {
        mode: {q.qid: found[mode].get(q.qid, []) for q in questions} for mode in modes
    }


def write_rankings(path: Path, rankings: dict[str, list[str]]) -> None:
    """One {"qid", "ranking"} line per question, for eval_retrieval.py score."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8") as out:
        for qid, ranking in rankings.items():
            out.write(json.dumps({"qid": qid, "ranking": ranking}) + "\n")


def load_scorer(path: Path) -> ModuleType:
    """bench-data's eval_retrieval.py, imported from where it lies."""
    spec = importlib.util.spec_from_file_location("eval_retrieval", path)
    if spec is None or spec.loader is None:
        raise BenchError(f"cannot import the scorer {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def score(scorer: Path, questions_path: Path, rankings_path: Path) -> dict[str, float]:
    """The scorer's metrics over all questions, all but category 5, and per category.

    Uses the scorer's own reading and aggregation (what its `score`
    sub-command prints), so the figures are the ones it would report.
    """
    module = load_scorer(scorer)
    questions = module.read_jsonl(str(questions_path))
    groups = module.aggregate(questions, module.load_rankings(str(rankings_path)))
    result = {f"all/{k}": float(v) for k, v in groups["all"].items()}
    excluded = groups.get("all excl. adversarial (cat 5)", {})
    result |= {f"excl5/{k}": float(v) for k, v in excluded.items()}
    for number, name in module.CATEGORY_NAMES.items():
        # The scorer's group "cat 1 multi-hop" becomes "multi_hop/R@5".
        category = groups.get(f"cat {number} {name}", {})
        slug = name.replace("-", "_")
        result |= {f"{slug}/{k}": float(v) for k, v in category.items()}
    return result
