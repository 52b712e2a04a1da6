"""The benchmark package's logic (no timings): corpus, LoCoMo rankings, report."""

from __future__ import annotations

import json
import math
from typing import TYPE_CHECKING

import pytest

from benchmarks import DEFAULT_BENCH_DATA, __main__ as cli, data, german, locomo, report
from benchmarks.timing import Latency
from custom_components.home_memory.memory.common.values import (
    OBSERVED_THREAD_PREFIX,
    SYSTEM,
    MemoryKind,
)
from custom_components.home_memory.memory.store import MemoryStore

if TYPE_CHECKING:
    from pathlib import Path

    from .conftest import HashingEmbedder


def test_corpus_is_deterministic_and_grows_by_appending() -> None:
    """A larger benchmark corpus starts with the smaller one; its items are distinct."""
    small, large = data.corpus(300), data.corpus(1000)
    assert small == large[:300]
    assert len({item.content for item in large}) > 900
    assert all(item.content.strip() for item in large)
    assert any(item.owner for item in large)


def test_corpus_memories_are_threaded_by_day_and_conversation() -> None:
    """Every corpus memory has the thread a home in service gives it: a day's
    observations share the day's, the others come from short conversations
    that never span two days."""
    items = data.corpus(600)
    days: dict[str, set[int]] = {}
    for position, item in enumerate(items):
        assert item.new_memory().thread == item.thread
        assert item.thread is not None
        if item.kind is MemoryKind.OBSERVATION:
            assert item.thread.startswith(OBSERVED_THREAD_PREFIX)
        else:
            assert item.thread.startswith("conversation-")
        days.setdefault(item.thread, set()).add(position // data.DAY_MEMORIES)
    assert all(len(spanned) == 1 for spanned in days.values())
    sizes = [sum(item.thread == thread for item in items) for thread in days]
    assert max(sizes) > 1
    assert len(days) < len(items) / 2


def test_corpus_items_are_valid_memories(tmp_path: Path) -> None:
    """Every benchmark corpus item is accepted by the store as a memory."""
    store = MemoryStore(tmp_path / "memory.db")
    try:
        created = store.create_many(
            [item.new_memory() for item in data.corpus(200)], SYSTEM, dedup=False
        )
    finally:
        store.close()
    assert len(created) == 200


def test_questions_are_distinct() -> None:
    """The benchmark questions are all distinct and end like a question or sentence."""
    asked = data.questions(800)
    assert len(asked) == len(set(asked)) == 800
    assert all(text.endswith(("?", ".")) for text in asked)


def _write_jsonl(path: Path, rows: list[dict[str, object]]) -> Path:
    path.write_text("".join(json.dumps(row) + "\n" for row in rows))
    return path


@pytest.fixture
def locomo_files(tmp_path: Path) -> tuple[Path, Path]:
    """A tiny LoCoMo-style turns file and questions file over two conversations."""
    turns = [
        ("c1", "D1:1", "Ann", "I adopted a grey cat called Pixel."),
        ("c1", "D1:2", "Bob", "Lovely! What does it eat?"),
        ("c1", "D1:3", "Ann", "Mostly tuna, and it hates rain."),
        ("c1", "D2:1", "Bob", "My garden tomatoes finally turned red."),
        ("c1", "D2:2", "Ann", "Thanks!"),
        ("c1", "D2:3", "Bob", "Thanks!"),
        ("c2", "D1:1", "Cem", "The cat next door is called Pixel too."),
    ]
    questions = [
        {"qid": "c1:q0", "conv_id": "c1", "question": "What is Ann's cat called?",
         "category": 4, "evidence": ["D1:1"]},
        {"qid": "c1:q1", "conv_id": "c1", "question": "Which tomatoes turned red?",
         "category": 4, "evidence": ["D2:1"]},
        {"qid": "c3:q0", "conv_id": "c3", "question": "Anything?",
         "category": 5, "evidence": ["D1:1"]},
    ]  # fmt: skip
    return (
        _write_jsonl(
            tmp_path / "turns.jsonl",
            [
                {"conv_id": c, "dia_id": d, "speaker": s, "text": t, "session": 1}
                for c, d, s, t in turns
            ],
        ),
        _write_jsonl(tmp_path / "questions.jsonl", questions),
    )


def test_locomo_rankings_stay_in_their_conversation(
    locomo_files: tuple[Path, Path], hashing_embedder: HashingEmbedder
) -> None:
    """LoCoMo rankings hold only turns of the question's own conversation."""
    turns, questions = locomo_files
    rankings = locomo.rank(turns, questions, hashing_embedder, modes=locomo.MODES)
    for mode in locomo.MODES:
        assert list(rankings[mode]) == ["c1:q0", "c1:q1", "c3:q0"]
        assert rankings[mode]["c3:q0"] == []
        assert rankings[mode]["c1:q0"][0] == "D1:1"
        # c1 has six turns, both "Thanks!" kept (no dedup), nothing from c2.
        assert set(rankings[mode]["c1:q0"]) <= {
            "D1:1",
            "D1:2",
            "D1:3",
            "D2:1",
            "D2:2",
            "D2:3",
        }
    assert len(rankings["vector"]["c1:q0"]) == 6
    # BM25-only ranks keyword hits and the thread neighbours they lend to.
    assert set(rankings["bm25"]["c1:q1"]) == {"D2:1", "D1:3", "D2:2"}


def test_locomo_cli_writes_scorable_rankings(
    locomo_files: tuple[Path, Path],
    hashing_embedder: HashingEmbedder,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The locomo command writes rankings that the shared scorer can score."""
    turns, questions = locomo_files
    out = tmp_path / "out" / "hybrid.jsonl"
    monkeypatch.setattr(cli, "engine_embedder", lambda: hashing_embedder)
    assert cli.main(["locomo", "--turns", str(turns), "--questions", str(questions),
                     "--rankings", str(out)]) == 0  # fmt: skip
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert [line["qid"] for line in lines] == ["c1:q0", "c1:q1", "c3:q0"]
    # The shared bench data sits beside the repository (as in CI).
    scorer = DEFAULT_BENCH_DATA / "eval_retrieval.py"
    assert scorer.is_file(), (
        f"{scorer} is missing: clone next to ../shared (or set HOME_MEMORY_BENCH_DATA)"
    )
    scores = locomo.score(scorer, questions, out)
    assert scores["all/n"] == 3
    assert 0.0 < scores["all/R@5"] <= 1.0
    # Per category too: two single-hop questions, one adversarial (no turns).
    assert scores["single_hop/n"] == 2
    assert scores["single_hop/R@5"] == scores["excl5/R@5"] > 0.0
    assert scores["adversarial/R@5"] == 0.0
    assert "multi_hop/R@5" not in scores


def test_locomo_cli_reports_missing_files(tmp_path: Path) -> None:
    """The locomo command exits with 2 when its input files are missing."""
    missing = str(tmp_path / "nope.jsonl")
    assert cli.main(["locomo", "--turns", missing, "--questions", missing,
                     "--rankings", str(tmp_path / "r.jsonl")]) == 2  # fmt: skip


def test_report_marks_targets_and_nulls(tmp_path: Path) -> None:
    """The report marks each figure pass, FAIL or n/a and writes unknowns as null."""
    figures: report.Figures = {
        "e2e_p95_ms_100000": 12.0,
        "search_p95_ms_100000": 3.0,
        "chroma_search_p95_ms_100000": None,
        "insert_per_s_with_vectors": 1500.0,
        "bench_runtime_s": math.inf,
    }
    text = report.table(figures, {"chroma_search_p95_ms_100000": "not installed"})
    rows = {line.split()[0]: line for line in text.splitlines()[2:] if line.strip()}
    assert rows["e2e_p95_ms_100000"].endswith("pass")
    assert rows["search_p95_ms_100000"].endswith("n/a")
    assert rows["insert_per_s_with_vectors"].endswith("FAIL")
    assert "null because not installed" in text
    report.write_json(tmp_path / "bench.json", figures)
    written = json.loads((tmp_path / "bench.json").read_text())
    assert written["chroma_search_p95_ms_100000"] is None
    assert written["bench_runtime_s"] is None
    assert written["e2e_p95_ms_100000"] == 12.0


def test_latency_percentiles_are_nearest_rank() -> None:
    """Latency percentiles use the nearest-rank method."""
    latency = Latency(tuple(float(v) for v in range(100, 0, -1)))
    assert (latency.p50, latency.p95, latency.percentile(100)) == (50.0, 95.0, 100.0)


def test_the_german_set_is_scored_over_the_floors_a_person_meets() -> None:
    """hit@1 and found over the search and spoken floors, per floor; with
    no model (words alone) a German question still finds some German
    facts, and found is never below hit@1."""
    figures = german.found_over_floors(None, "de")
    assert set(figures) == {
        "hit1_floor03",
        "found_floor03",
        "hit1_floor035",
        "found_floor035",
    }
    assert 0 < figures["found_floor03"] <= 1
    for floor in ("03", "035"):
        assert figures[f"hit1_floor{floor}"] <= figures[f"found_floor{floor}"]
