"""Stateful property test: VectorIndex with its HNSW graph against a dict model.

A hypothesis ``RuleBasedStateMachine`` drives a graph-enabled VectorIndex
(thresholds lowered so that a few dozen rows take the graph path) through
upserts (new and existing rowids, repeated rowids, near and exact duplicates,
zero vectors, finite expiries), removals (present and absent rowids), clears,
waits for the graph builder and searches with random k, group sets, ``now``
and allowed rowids. The model is a plain dict rowid -> (vector, group, expiry).

The graph search is approximate, so a search it answers is only required to be
a valid answer: rows that exist and pass the filters, no duplicates, sorted,
exact cosine scores, and min(k, allowed rows) of them (the index scans when the
filters leave fewer than k proposals). A search the scan answers exhaustively
must be the exact top k. A row written since the last removal, clear or wait
(still stale, or just taken into the graph) must come first for its own vector.

Half the examples let the builder thread run freely (racing the writes and
searches); the other half hold it except inside wait_for_graph, so that the
rows written after a wait stay stale and the graph answers with them scanned
exactly, and so that a failing example replays (and shrinks) exactly.

Every index is closed at teardown, and no builder thread may outlive it.
"""

from __future__ import annotations

import math
import threading
import time
from typing import TYPE_CHECKING

from hypothesis import HealthCheck, settings, strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)
import numpy as np
import numpy.typing as npt
import pytest

from custom_components.home_memory.memory.vectors.vector_index import VectorIndex

from .test_vector_index import assert_exact_top_k

if TYPE_CHECKING:
    from collections.abc import Collection

INF = math.inf
TOL = 1e-5
# Two reference scores this close are a tie: either row may come first.
TIE = 1e-6
DIMS = 16
GRAPH_THREAD = "home_memory_graph"
# Lowered thresholds: the graph serves searches over 48 or more allowed rows.
EXACT_MAX = 16
GRAPH_MIN_ROWS = 48
GRAPH_STALE_MAX = 8
GRAPH_CANDIDATES = 8
RESCORE_MIN = 24
RESCORE_PER_K = 2
# Rowids drawn for writes; removals and allowed lists also name a few that
# are never written.
ROWID_POOL = 200
ABSENT = 10
EXPIRIES = (INF, INF, INF, 10.0, 20.0, 30.0)
NOWS = (None, None, 10.0, 15.0, 20.0, 30.0, 100.0)
# How an upserted vector is made; the first is what examples shrink to.
KINDS = ("random", "random", "random", "near", "copy", "zero")

# What answered the searches across the whole run (reported by the test).
STATS: dict[str, int] = {}

SETTINGS = settings(
    max_examples=60,
    stateful_step_count=50,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)

ROW = st.tuples(
    st.integers(0, ROWID_POOL - 1),  # rowid
    st.integers(0, 2),  # group
    st.sampled_from(EXPIRIES),
    st.sampled_from(KINDS),
)
GROUPS = st.one_of(st.none(), st.none(), st.frozensets(st.integers(0, 3), max_size=4))
NOW = st.sampled_from(NOWS)
K = st.one_of(st.integers(0, 12), st.integers(0, 40))
SEED = st.integers(0, 2**32 - 1)
ALLOWED = st.one_of(
    st.none(),
    st.none(),
    st.none(),
    st.lists(st.integers(0, ROWID_POOL + ABSENT - 1), max_size=40),
)


def _count(what: str) -> None:
    STATS[what] = STATS.get(what, 0) + 1


def _graph_threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name == GRAPH_THREAD]


class CountingIndex(VectorIndex):
    """A VectorIndex that records which way each search was answered.

    Its builder thread can also be held between steps (`paused`), as on a busy
    machine, so that rows written meanwhile stay stale and the examples that
    hold it replay exactly (the builder then only runs inside `settle`).
    """

    def __init__(self, dimensions: int) -> None:
        super().__init__(dimensions)
        self.graph_answered = False
        self.paused = False
        self._builder_busy = False

    def _graph_has_work(self) -> bool:
        work = not self.paused and super()._graph_has_work()
        if threading.current_thread() is self._builder:
            # The builder asks before each step: it is busy until it asks again.
            self._builder_busy = work
        return work

    def resume(self) -> None:
        """Let the builder run (and start it, if it has work now)."""
        with self._lock:
            self.paused = False
            self._start_builder()
            self._graph_work.notify_all()

    def settle(self, timeout: float) -> None:
        """Hold the builder once it has no work left and is not in a step."""
        deadline = time.monotonic() + timeout
        with self._lock:
            while (
                super()._graph_has_work() or self._builder_busy
            ) and time.monotonic() < deadline:
                self._graph_work.wait(0.005)
            assert not super()._graph_has_work(), "the builder did not catch up"
            self.paused = True

    def _graph_candidates(
        self,
        q: npt.NDArray[np.float32],
        k: int,
        groups: Collection[int] | None,
        now: float | None,
    ) -> npt.NDArray[np.intp] | None:
        # Called under the index lock: the state read here is the search's.
        in_service = self._graph is not None and self._graph_in_service(
            self._group_rows(groups)
        )
        stale = len(self._stale)
        slots = super()._graph_candidates(q, k, groups, now)
        self.graph_answered = slots is not None
        if slots is not None:
            _count("graph")
            if stale:
                _count("graph_with_stale_rows")
        elif in_service:
            _count("graph_too_few_proposals")
        elif self._group_rows(groups) < self.graph_min_rows:
            _count("graph_too_few_rows")
        else:
            _count("graph_too_many_stale_rows")
        return slots


class Reference:
    """What the index must hold: rowid -> (vector, group, expiry)."""

    def __init__(self) -> None:
        self.rows: dict[int, tuple[npt.NDArray[np.float64], int, float]] = {}

    def allowed(
        self,
        groups: Collection[int] | None,
        now: float | None,
        allowed_rowids: list[int] | None,
    ) -> list[int]:
        listed = None if allowed_rowids is None else set(allowed_rowids)
        return [
            r
            for r, (_, g, e) in self.rows.items()
            if (groups is None or g in groups)
            and (now is None or e > now)
            and (listed is None or r in listed)
        ]

    def cosine(self, query: npt.NDArray[np.float32], rowid: int) -> float:
        q = query.astype(np.float64)
        v = self.rows[rowid][0]
        qn, vn = float(np.linalg.norm(q)), float(np.linalg.norm(v))
        if qn == 0.0 or vn == 0.0:
            return 0.0  # the index scores a zero vector 0 against anything
        return float(v @ q) / (qn * vn)


class GraphIndexMachine(RuleBasedStateMachine):
    """Random writes and searches on a graph-enabled VectorIndex."""

    def __init__(self) -> None:
        super().__init__()
        self.index = CountingIndex(DIMS)
        self.index.exact_max = EXACT_MAX
        self.index.graph_min_rows = GRAPH_MIN_ROWS
        self.index.graph_stale_max = GRAPH_STALE_MAX
        self.index.graph_candidates = GRAPH_CANDIDATES
        self.index.rescore_min = RESCORE_MIN
        self.index.rescore_per_k = RESCORE_PER_K
        assert self.index.enable_graph()
        self.free_builder = True
        self.ref = Reference()
        # Rows written since the last removal, clear or wait, with their vector.
        self.fresh: dict[int, npt.NDArray[np.float32]] = {}
        self.vectors_made = 0

    def teardown(self) -> None:
        _count("examples")
        self.index.close()
        leftover = _graph_threads()
        assert not leftover, f"builder threads outlived close(): {leftover}"

    # -- helpers ---------------------------------------------------------------

    def _make_vectors(self, kinds: list[str], seed: int) -> npt.NDArray[np.float32]:
        # A per-machine counter in the seed: shrunk seeds still give new vectors.
        rng = np.random.default_rng([seed, self.vectors_made])
        self.vectors_made += 1
        existing = sorted(self.ref.rows)
        out = np.zeros((len(kinds), DIMS), np.float32)
        for i, kind in enumerate(kinds):
            scale = float(rng.uniform(0.05, 20.0))
            if kind == "zero":
                continue
            if kind in {"near", "copy"} and existing:
                base = self.ref.rows[existing[int(rng.integers(len(existing)))]][0]
                if kind == "copy":
                    out[i] = base
                    continue
                norm = float(np.linalg.norm(base))
                if norm > 0:
                    noise = 0.05 * rng.standard_normal(DIMS)
                    out[i] = scale * (base / norm + noise)
                    continue
            out[i] = scale * rng.standard_normal(DIMS)
        return out

    def _upsert(self, rows: list[tuple[int, int, float, str]], seed: int) -> None:
        vectors = self._make_vectors([kind for *_, kind in rows], seed)
        rowids = [r for r, *_ in rows]
        groups = [g for _, g, *_ in rows]
        expires = [e for _, _, e, _ in rows]
        self.index.upsert(rowids, vectors, groups, expires)
        # A rowid repeated in the batch keeps its last row, in both.
        for r, v, g, e in zip(rowids, vectors, groups, expires, strict=True):
            self.ref.rows[r] = (v.astype(np.float64), g, e)
            self.fresh[r] = v.copy()

    def _search(
        self,
        q: npt.NDArray[np.float32],
        k: int,
        groups: frozenset[int] | None,
        now: float | None,
        allowed_rowids: list[int] | None,
    ) -> tuple[list[tuple[int, float]], dict[int, float]]:
        """Search, check every invariant of the answer, return it and the truth."""
        self.index.graph_answered = False
        got = self.index.search(
            q,
            k,
            groups=groups,
            now=now,
            allowed_rowids=(
                None
                if allowed_rowids is None
                else np.asarray(allowed_rowids, dtype=np.int64)
            ),
        )
        graph = self.index.graph_answered
        allowed = self.ref.allowed(groups, now, allowed_rowids)
        expected = {r: self.ref.cosine(q, r) for r in allowed}
        where = (
            f"search(k={k}, groups={groups}, now={now}, "
            f"allowed_rowids={allowed_rowids}) answered by "
            f"{'the graph' if graph else 'the scan'} over {len(self.ref.rows)} rows"
        )
        ids = [r for r, _ in got]
        scores = [s for _, s in got]
        assert len(set(ids)) == len(ids), f"{where}: duplicate rowids {ids}"
        stray = [r for r in ids if r not in expected]
        rows = {r: self.ref.rows[r][1:] for r in stray if r in self.ref.rows}
        assert not stray, (
            f"{where}: returned {stray}, absent or filtered out "
            f"(group and expiry of those present: {rows})"
        )
        assert scores == sorted(scores, reverse=True), f"{where}: not sorted {got}"
        for r, s in got:
            assert s == pytest.approx(expected[r], abs=TOL), (
                f"{where}: rowid {r} scored {s}, exact cosine {expected[r]}"
            )
        assert len(got) == min(k, len(expected)), (
            f"{where}: {len(got)} results for k={k} and {len(expected)} allowed rows"
        )
        # The scan scores every allowed row when they are few (or when the
        # Hamming pass keeps them all): then the answer is the exact top k.
        rescore = max(RESCORE_MIN, RESCORE_PER_K * k, len(expected) // 50)
        if not graph and (
            allowed_rowids is not None or len(expected) <= max(EXACT_MAX, rescore)
        ):
            _count("scan_exhaustive")
            assert_exact_top_k(got, expected, k)
        elif not graph:
            _count("scan_hamming")
        return got, expected

    # -- rules -------------------------------------------------------------------

    @initialize(
        rows=st.sampled_from((60, 100, 140, 0)),
        seed=SEED,
        wait=st.booleans(),
        free_builder=st.booleans(),
    )
    def preload(self, rows: int, seed: int, *, wait: bool, free_builder: bool) -> None:
        """Start with some rows, so that most examples reach the graph.

        Without `free_builder` the builder only runs in wait_for_graph: rows
        written since stay stale, and the example replays exactly.
        """
        self.free_builder = free_builder
        if not free_builder:
            self.index.paused = True
        rng = np.random.default_rng(seed)
        rowids = rng.choice(ROWID_POOL, rows, replace=False).tolist()
        # Mostly group 0 (like the household's rows): filters by group still
        # leave the graph enough rows.
        groups = rng.choice(3, rows, p=[0.7, 0.2, 0.1]).tolist()
        expires = [EXPIRIES[i] for i in rng.integers(0, len(EXPIRIES), rows)]
        kinds = ["random"] * rows
        self._upsert(list(zip(rowids, groups, expires, kinds, strict=True)), seed)
        if wait:
            self.wait_for_graph()

    @rule(
        rows=st.one_of(
            # Few rows: the graph serves on, scanning the stale rows exactly.
            st.lists(ROW, min_size=1, max_size=3),
            st.lists(ROW, min_size=1, max_size=GRAPH_STALE_MAX),
            # More: the scan answers until the builder has caught up.
            st.lists(ROW, min_size=GRAPH_STALE_MAX + 1, max_size=40),
        ),
        seed=SEED,
        check=st.booleans(),
        k=st.integers(1, 20),
    )
    def upsert(
        self,
        rows: list[tuple[int, int, float, str]],
        seed: int,
        *,
        check: bool,
        k: int,
    ) -> None:
        """Write a batch; with `check`, search at once for its rows' vectors."""
        self._upsert(rows, seed)
        if check:
            written = list(dict.fromkeys(r for r, *_ in rows))
            for rowid in written[:3]:
                self._check_fresh_row(rowid, k, None, None)

    @rule(
        rowids=st.lists(st.integers(0, ROWID_POOL + ABSENT - 1), max_size=20),
    )
    def remove(self, rowids: list[int]) -> None:
        self.index.remove(rowids)
        for r in rowids:
            self.ref.rows.pop(r, None)
        self.fresh.clear()

    @precondition(lambda self: len(self.ref.rows) >= GRAPH_MIN_ROWS)
    @rule(roll=st.integers(0, 7))
    def clear(self, roll: int) -> None:
        """Clear a large index, about one time in eight this rule is drawn."""
        if roll != 7:
            return
        self.index.clear()
        self.ref.rows.clear()
        self.fresh.clear()

    @rule()
    def wait_for_graph(self) -> None:
        if not self.free_builder:
            self.index.resume()
        in_service = self.index.wait_for_graph(timeout=30)
        if len(self.ref.rows) >= GRAPH_MIN_ROWS:
            assert in_service, (
                f"wait_for_graph() is False over {len(self.ref.rows)} rows: "
                f"{self.index.graph_status()}"
            )
        if not self.free_builder:
            self.index.settle(timeout=30)
        self.fresh.clear()

    @rule(
        query=st.sampled_from(("random", "row", "row_scaled", "fresh_row")),
        seed=SEED,
        k=K,
        groups=GROUPS,
        now=NOW,
        allowed_rowids=ALLOWED,
        settle=st.booleans(),
    )
    def search(
        self,
        query: str,
        seed: int,
        k: int,
        groups: frozenset[int] | None,
        now: float | None,
        allowed_rowids: list[int] | None,
        *,
        settle: bool,
    ) -> None:
        """Search for a random vector or a row's (after a wait when `settle`)."""
        if settle:
            self.wait_for_graph()
        if query == "fresh_row" and self.fresh:
            rowid = sorted(self.fresh)[seed % len(self.fresh)]
            self._check_fresh_row(rowid, k, groups, now, allowed_rowids)
            return
        rng = np.random.default_rng([seed, self.vectors_made])
        existing = sorted(self.ref.rows)
        if query == "random" or not existing:
            q = rng.standard_normal(DIMS).astype(np.float32)
        else:
            base = self.ref.rows[existing[int(rng.integers(len(existing)))]][0]
            factor = float(rng.uniform(0.1, 10.0)) if query == "row_scaled" else 1.0
            q = (factor * base).astype(np.float32)
        self._search(q, k, groups, now, allowed_rowids)

    @precondition(lambda self: bool(self.fresh))
    @rule(pick=st.integers(0, 63), k=st.integers(1, 20), groups=GROUPS, now=NOW)
    def search_fresh_rows(
        self, pick: int, k: int, groups: frozenset[int] | None, now: float | None
    ) -> None:
        """Rows just written are found first for their own vector (up to 3)."""
        fresh = sorted(self.fresh)
        for i in range(min(3, len(fresh))):
            self._check_fresh_row(fresh[(pick + i) % len(fresh)], k, groups, now)

    def _check_fresh_row(
        self,
        rowid: int,
        k: int,
        groups: frozenset[int] | None,
        now: float | None,
        allowed_rowids: list[int] | None = None,
    ) -> None:
        """Search for the vector `rowid` was just written with: it comes first."""
        q = self.fresh[rowid].copy()
        got, expected = self._search(q, k, groups, now, allowed_rowids)
        if rowid not in expected or not np.any(q) or k == 0:
            return  # filtered out, or a zero vector (every score is 0)
        _count("fresh_row_checked")
        if self.index.graph_answered and rowid in self.index._stale:
            _count("fresh_row_checked_stale_in_graph_search")
        mine = expected[rowid]
        tied = [r for r, s in expected.items() if r != rowid and s >= mine - TIE]
        if not tied:
            assert got, f"nothing found for the vector of rowid {rowid}"
            assert got[0][0] == rowid, (
                f"rowid {rowid} was just written with the query's vector "
                f"(group {self.ref.rows[rowid][1]}, expires "
                f"{self.ref.rows[rowid][2]}) but the search (k={k}, "
                f"groups={groups}, now={now}, answered by "
                f"{'the graph' if self.index.graph_answered else 'the scan'}) "
                f"returned {got[:3]}; graph status {self.index.graph_status()}"
            )
        else:  # another row has the same direction: either may come first
            assert got
            assert got[0][1] >= mine - TOL

    # -- invariants --------------------------------------------------------------

    @invariant()
    def index_holds_the_model_rows(self) -> None:
        assert len(self.index) == len(self.ref.rows)
        for rowid, v in self.fresh.items():
            stored = self.index.vector(rowid)
            assert stored is not None, f"rowid {rowid} missing"
            assert np.array_equal(stored, v)


def test_graph_index_matches_model() -> None:
    """Random operations on the graph index always match an exact model."""
    STATS.clear()
    assert not _graph_threads(), "a builder thread was left by an earlier test"
    run_state_machine_as_test(GraphIndexMachine, settings=SETTINGS)
    print(f"stateful graph index test: {STATS}")
    assert not _graph_threads()
    # The run must exercise every way a search is answered.
    # (Counts depend on the builder thread's timing: 175-194 graph answers on
    # a quiet machine, 115 once on a busy one, so the margins are wide.)
    assert STATS.get("graph", 0) >= 50, STATS
    assert STATS.get("graph_with_stale_rows", 0) >= 15, STATS
    assert STATS.get("graph_too_few_proposals", 0) >= 20, STATS
    assert STATS.get("graph_too_many_stale_rows", 0) >= 20, STATS
    assert STATS.get("scan_hamming", 0) >= 100, STATS
    assert STATS.get("scan_exhaustive", 0) >= 150, STATS
    assert STATS.get("fresh_row_checked", 0) >= 20, STATS
    assert STATS.get("fresh_row_checked_stale_in_graph_search", 0) >= 10, STATS
