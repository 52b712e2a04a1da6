"""Consolidation's pair search: every close pair below the budget, a bound above it."""

from __future__ import annotations

import itertools

import numpy as np
import numpy.typing as npt

from custom_components.home_memory.memory.consolidation.pairs import (
    PairBudget,
    similar_pairs,
)
from custom_components.home_memory.memory.embedding.profiles import SimilarityMap

IDENTITY = SimilarityMap()


def budget(**changes: float | int | None) -> PairBudget:
    """MiniLM's thresholds with a roomy budget, changed by `changes`."""
    fields: dict[str, float | int | None] = {
        "merge_threshold": 0.88,
        "supersede_threshold": 0.80,
        "max_neighbours": 16,
        "max_pairs": 20_000,
        "block_rows": 1024,
        "seconds": None,
    }
    fields.update(changes)
    return PairBudget(**fields)  # type: ignore[arg-type]


def clusters(sizes: list[int], spread: float, seed: int = 7) -> npt.NDArray[np.float32]:
    """Unit vectors in clusters of `sizes` around random centres."""
    rng = np.random.default_rng(seed)
    parts = []
    for size in sizes:
        centre = rng.normal(size=384)
        parts.append(centre + spread * rng.normal(size=(size, 384)))
    matrix = np.concatenate(parts).astype(np.float32)
    return matrix / np.linalg.norm(matrix, axis=1, keepdims=True)


def every_pair(
    matrix: npt.NDArray[np.float32], kinds: npt.NDArray[np.int8], floor: float
) -> set[tuple[int, int]]:
    """The full search, pair by pair: what the budget must not lose."""
    found = set()
    for i, j in itertools.combinations(range(matrix.shape[0]), 2):
        score = float(matrix[i] @ matrix[j])
        if score >= 0.88 or (score >= floor and kinds[i] == kinds[j] > 0):
            found.add((i, j))
    return found


def test_below_the_budget_every_close_pair_is_found_best_first() -> None:
    """Small clusters (fewer look-alikes than neighbours kept): the same
    pairs as comparing every pair, in blocks of any size, best first."""
    # Cosines around 0.86: some pairs merge-close, some only supersede-close.
    matrix = clusters([3, 5, 2, 6, 4, 7], spread=0.4)
    rows = matrix.shape[0]
    kinds = np.asarray([(i % 3) for i in range(rows)], np.int8)
    expected = every_pair(matrix, kinds, 0.80)
    scores = [float(matrix[a] @ matrix[b]) for a, b in expected]
    assert min(scores) < 0.88 < max(scores)
    for block_rows in (1, 4, 1024):
        search = similar_pairs(
            matrix,
            list(range(1, rows + 1)),
            [0] * rows,
            kinds,
            budget(block_rows=block_rows),
            calibrate=IDENTITY,
        )
        assert {(a, b) for _, a, b in search.pairs} == expected
        assert [p[0] for p in search.pairs] == sorted(
            (p[0] for p in search.pairs), reverse=True
        )
        assert search.resume_at is None


def test_pairs_stay_within_one_group() -> None:
    """Two owners' look-alike memories are never a pair."""
    matrix = clusters([4], spread=0.01)
    search = similar_pairs(
        matrix,
        [1, 2, 3, 4],
        [0, 1, 0, 1],
        np.zeros(4, np.int8),
        budget(),
        calibrate=IDENTITY,
    )
    assert {(a, b) for _, a, b in search.pairs} == {(0, 2), (1, 3)}


def test_a_big_cluster_keeps_a_few_neighbours_and_at_most_the_cap() -> None:
    """600 look-alikes would be 179,700 pairs: each memory brings its nearest
    few, a run keeps at most `max_pairs`, and the next run goes on where it
    stopped until every memory has brought its neighbours once."""
    matrix = clusters([600], spread=0.02)
    rowids = [10 + 3 * i for i in range(600)]
    kinds = np.ones(600, np.int8)
    small = budget(max_neighbours=4, max_pairs=500, block_rows=64)
    seen: set[tuple[int, int]] = set()
    start, runs = 0, 0
    while True:
        search = similar_pairs(
            matrix,
            rowids,
            [0] * 600,
            kinds,
            small,
            calibrate=IDENTITY,
            start_rowid=start,
        )
        runs += 1
        assert len(search.pairs) <= small.max_pairs
        seen.update((a, b) for _, a, b in search.pairs)
        if search.resume_at is None:
            break
        assert search.resume_at > start
        start = search.resume_at
    assert runs > 1
    # Every memory appears with its nearest neighbours: at least 4 pairs each.
    partners = dict.fromkeys(range(600), 0)
    for a, b in seen:
        partners[a] += 1
        partners[b] += 1
    assert min(partners.values()) >= small.max_neighbours
    assert len(seen) <= 600 * small.max_neighbours


def test_the_time_budget_ends_a_search_between_blocks() -> None:
    """With the clock past the budget after the first block, the search
    stops there and names the next block's first rowid; no sleeping."""
    matrix = clusters([20], spread=0.02)
    ticks = iter(range(100))
    search = similar_pairs(
        matrix,
        list(range(100, 120)),
        [0] * 20,
        np.ones(20, np.int8),
        budget(block_rows=5, seconds=1.0),
        calibrate=IDENTITY,
        timer=lambda: float(next(ticks)),
    )
    assert search.resume_at == 105
    assert {a for _, a, b in search.pairs} & set(range(5))
    assert all(min(a, b) < 5 for _, a, b in search.pairs)


def test_a_stop_request_ends_the_search_without_a_resume_point() -> None:
    """Shutting down is no budget: the next run starts where this one did."""
    matrix = clusters([10], spread=0.02)
    search = similar_pairs(
        matrix,
        list(range(10)),
        [0] * 10,
        np.ones(10, np.int8),
        budget(),
        calibrate=IDENTITY,
        should_stop=lambda: True,
    )
    assert (search.pairs, search.resume_at, search.stopped) == ([], None, True)
