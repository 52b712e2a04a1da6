"""VectorIndex: exact top-k against a brute-force reference, filters, mutation."""

from __future__ import annotations

import itertools
import math
import threading

from hypothesis import HealthCheck, given, settings, strategies as st
import numpy as np
import numpy.typing as npt
import pytest

from custom_components.home_memory.memory.vectors.vector_index import VectorIndex

INF = math.inf
TOL = 1e-5


class Reference:
    """What the index should hold, searched by float64 brute force."""

    def __init__(self) -> None:
        self.rows: dict[int, tuple[npt.NDArray[np.float64], int, float]] = {}

    def upsert(
        self,
        rowids: list[int],
        vectors: npt.NDArray[np.float32],
        groups: list[int],
        expires: list[float],
    ) -> None:
        for r, v, g, e in zip(rowids, vectors, groups, expires, strict=True):
            self.rows[r] = (v.astype(np.float64), g, e)

    def scores(
        self,
        query: npt.NDArray[np.float32],
        *,
        groups: set[int] | None = None,
        now: float | None = None,
        allowed: set[int] | None = None,
    ) -> dict[int, float]:
        q = query.astype(np.float64)
        q /= np.linalg.norm(q)
        out = {}
        for r, (v, g, e) in self.rows.items():
            if groups is not None and g not in groups:
                continue
            if now is not None and e <= now:
                continue
            if allowed is not None and r not in allowed:
                continue
            out[r] = float(v @ q / np.linalg.norm(v))
        return out


def assert_exact_top_k(
    got: list[tuple[int, float]], expected: dict[int, float], k: int
) -> None:
    """``got`` is a valid exact top-k of ``expected`` (ties within TOL allowed)."""
    assert len(got) == min(k, len(expected))
    ids = [r for r, _ in got]
    assert len(set(ids)) == len(ids)
    for r, s in got:
        assert r in expected
        assert s == pytest.approx(expected[r], abs=TOL)
    scores = [s for _, s in got]
    assert all(a >= b - TOL for a, b in itertools.pairwise(scores))
    returned = set(ids)
    rest = [s for r, s in expected.items() if r not in returned]
    if got and rest:
        assert min(expected[r] for r in ids) >= max(rest) - TOL


def unit(rng: np.random.Generator, n: int, d: int) -> npt.NDArray[np.float32]:
    """`n` random unit vectors of `d` dimensions."""
    x = rng.standard_normal((n, d)).astype(np.float32)
    return x / np.linalg.norm(x, axis=1, keepdims=True)


def clustered(
    rng: np.random.Generator, clusters: int, per: int, d: int, noise: float
) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
    """Unit vectors in tight clusters around shared centres, and the centres."""
    # A shared offset, like the mean direction of real sentence embeddings.
    centres = unit(rng, clusters, d) + 0.5 * unit(rng, 1, d)
    x = np.repeat(centres, per, axis=0) + noise * rng.standard_normal(
        (clusters * per, d)
    ).astype(np.float32)
    x /= np.linalg.norm(x, axis=1, keepdims=True)
    return x.astype(np.float32), centres.astype(np.float32)


def filled(
    n: int, d: int, seed: int = 0, *, groups: int = 1
) -> tuple[VectorIndex, Reference, npt.NDArray[np.float32]]:
    """An index and its exact reference holding the same random rows."""
    rng = np.random.default_rng(seed)
    x = unit(rng, n, d)
    rowids = (np.arange(n) * 3 + 7).tolist()  # sparse, not slot-aligned
    grp = rng.integers(0, groups, n).tolist()
    exp = [INF] * n
    index, ref = VectorIndex(d), Reference()
    index.upsert(rowids, x, grp, exp)
    ref.upsert(rowids, x, grp, exp)
    return index, ref, x


# -- exactness -----------------------------------------------------------------


@pytest.mark.parametrize(("n", "k"), [(1, 1), (50, 5), (1000, 20), (3000, 10)])
def test_random_data_exact_top_k(n: int, k: int) -> None:
    """On random data the index returns the exact top k."""
    index, ref, _ = filled(n, 48, seed=n)
    rng = np.random.default_rng(99)
    for q in unit(rng, 5, 48):
        assert_exact_top_k(index.search(q, k), ref.scores(q), k)


def test_clustered_data_exact_top_k_through_hamming_pass() -> None:
    """On a large clustered index the binary first pass still finds the exact top k."""
    # 20,000 rows: above exact_max, so the binary first pass chooses candidates.
    rng = np.random.default_rng(1)
    x, centres = clustered(rng, clusters=100, per=60, d=384, noise=0.04)
    index = VectorIndex()
    assert len(x) > index.exact_max
    rowids = list(range(1, len(x) + 1))
    index.upsert(rowids, x, [0] * len(x), [INF] * len(x))
    queries = centres[:12] + 0.04 * rng.standard_normal((12, 384)).astype(np.float32)
    exact = queries.astype(np.float64) @ x.astype(np.float64).T
    exact /= np.linalg.norm(queries.astype(np.float64), axis=1, keepdims=True)
    for q, row in zip(queries, exact, strict=True):
        expected = {i + 1: float(s) for i, s in enumerate(row)}
        assert_exact_top_k(index.search(q, 20), expected, 20)


def test_hamming_pass_is_exact_when_it_rescores_every_allowed_row() -> None:
    """The binary pass is exact when it rescores every allowed row."""
    index, ref, _ = filled(600, 32, seed=3, groups=3)
    index.exact_max = 0  # always take the binary first pass
    index.rescore_min = 10_000
    rng = np.random.default_rng(4)
    for q in unit(rng, 6, 32):
        assert_exact_top_k(index.search(q, 7), ref.scores(q), 7)
        assert_exact_top_k(
            index.search(q, 7, groups={1, 2}), ref.scores(q, groups={1, 2}), 7
        )


def test_small_rescore_still_returns_exact_scores_of_allowed_rows() -> None:
    """A small rescore still returns exact, sorted scores of allowed rows only."""
    index, ref, _ = filled(2000, 32, seed=5, groups=2)
    index.exact_max = 0
    index.rescore_min = 16
    index.rescore_per_k = 1
    q = unit(np.random.default_rng(6), 1, 32)[0]
    expected = ref.scores(q, groups={1})
    got = index.search(q, 10, groups={1})
    assert len(got) == 10
    for r, s in got:
        assert s == pytest.approx(expected[r], abs=TOL)
    assert [s for _, s in got] == sorted((s for _, s in got), reverse=True)


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(
    seed=st.integers(0, 2**32 - 1),
    n=st.integers(0, 300),
    d=st.sampled_from([3, 8, 65]),
    k=st.integers(1, 40),
    hamming=st.booleans(),
    use_groups=st.booleans(),
    use_now=st.booleans(),
    use_allowed=st.sampled_from(["none", "few", "many"]),
)
def test_property_matches_brute_force(
    seed: int,
    n: int,
    d: int,
    k: int,
    hamming: bool,
    use_groups: bool,
    use_now: bool,
    use_allowed: str,
) -> None:
    """For any data and filters the index matches a brute-force search."""
    rng = np.random.default_rng(seed)
    index, ref = VectorIndex(d), Reference()
    if hamming:
        index.exact_max = 0
        index.rescore_min = 10_000
    rowids = rng.choice(10_000, n, replace=False).tolist()
    x = unit(rng, n, d) if n else np.zeros((0, d), np.float32)
    groups = rng.integers(0, 4, n).tolist()
    expires = np.where(rng.random(n) < 0.3, rng.uniform(0, 100, n), INF).tolist()
    # Insert in two batches, the second replacing part of the first.
    half = n // 2
    index.upsert(rowids[:half], x[:half] * 2.5, groups[:half], expires[:half])
    index.upsert(rowids, x, groups, expires)
    ref.upsert(rowids, x, groups, expires)
    gone = [*rowids[: n // 5], 20_000, 20_001]
    index.remove(gone)
    for r in gone:
        ref.rows.pop(r, None)
    assert len(index) == len(ref.rows)
    q = unit(rng, 1, d)[0]
    wanted = {0, int(rng.integers(1, 4))} if use_groups else None
    now = 50.0 if use_now else None
    allowed: set[int] | None = None
    allowed_arr = None
    if use_allowed != "none":
        size = 20 if use_allowed == "few" else 1500  # 1500: the np.isin path
        allowed_arr = rng.choice(20_000, size, replace=False).astype(np.int64)
        known = min(size, len(rowids)) // 2  # half of them in the index
        allowed_arr[:known] = rowids[:known]
        allowed = set(allowed_arr.tolist())
    got = index.search(q, k, groups=wanted, now=now, allowed_rowids=allowed_arr)
    assert_exact_top_k(got, ref.scores(q, groups=wanted, now=now, allowed=allowed), k)


# -- mutation ------------------------------------------------------------------


def test_empty_index() -> None:
    """An empty index returns nothing and accepts empty changes."""
    index = VectorIndex(8)
    q = np.ones(8, np.float32)
    assert len(index) == 0
    assert index.search(q, 5) == []
    assert index.similarities(q, [1, 2]) == {}
    assert index.vector(1) is None
    index.remove([1, 2])
    index.upsert([], np.zeros((0, 8), np.float32), [], [])
    assert len(index) == 0


def test_k_larger_than_n_returns_everything_sorted() -> None:
    """Asking for more rows than held returns all of them, sorted."""
    index, ref, _ = filled(7, 16)
    q = np.ones(16, np.float32)
    got = index.search(q, 50)
    assert_exact_top_k(got, ref.scores(q), 50)
    assert len(got) == 7
    assert index.search(q, 0) == []


def test_upsert_replaces_in_place() -> None:
    """An upsert replaces a row in place; ties are broken by rowid."""
    index = VectorIndex(4)
    index.upsert([5, 6], np.eye(4, dtype=np.float32)[:2], [0, 0], [INF, INF])
    index.upsert([5], np.array([[0, 0, 1, 0]], np.float32), [2], [INF])
    assert len(index) == 2
    np.testing.assert_array_equal(index.vector(5), [0, 0, 1, 0])
    assert index.search(np.array([0, 0, 1, 0], np.float32), 1) == [(5, 1.0)]
    # Ties are broken by rowid.
    assert index.search(np.array([1, 0, 0, 0], np.float32), 2) == [(5, 0.0), (6, 0.0)]
    assert index.search(np.array([0, 0, 1, 0], np.float32), 5, groups={0}) == [(6, 0.0)]
    # A rowid repeated within one batch keeps its last row.
    index.upsert(
        [7, 7], np.array([[1, 0, 0, 0], [0, 1, 0, 0]], np.float32), [0, 1], [INF, 3.0]
    )
    np.testing.assert_array_equal(index.vector(7), [0, 1, 0, 0])
    assert len(index) == 3
    assert index.search(np.array([0, 1, 0, 0], np.float32), 3, groups={1}) == [
        (7, pytest.approx(1.0))
    ]
    assert (
        index.search(np.array([0, 1, 0, 0], np.float32), 3, groups={1}, now=3.0) == []
    )


def test_vector_returns_a_copy_of_the_stored_vector() -> None:
    """vector() returns a copy; cosine ignores the stored norm."""
    index = VectorIndex(3)
    v = np.array([[3.0, 4.0, 0.0]], np.float32)
    index.upsert([1], v, [0], [INF])
    got = index.vector(1)
    assert got is not None
    np.testing.assert_array_equal(got, v[0])
    got[0] = 99
    np.testing.assert_array_equal(index.vector(1), v[0])
    # Cosine does not depend on the stored norm.
    assert index.search(np.array([0.0, 1.0, 0.0], np.float32), 1) == [
        (1, pytest.approx(0.8))
    ]


def test_remove_swaps_last_row_in_and_ignores_unknown() -> None:
    """Removing rows keeps all others intact and ignores unknown rowids."""
    index, ref, x = filled(100, 16)
    rowids = sorted(ref.rows)
    doomed = [rowids[0], rowids[50], rowids[-1], rowids[-2], 123_456, -1]
    index.remove(doomed)
    index.remove([rowids[0]])  # already gone
    for r in doomed:
        ref.rows.pop(r, None)
    assert len(index) == 96
    for r in doomed:
        assert index.vector(r) is None
        assert r not in index
    for r, (v, _, _) in ref.rows.items():
        stored = index.vector(r)
        assert stored is not None
        np.testing.assert_array_equal(stored, v.astype(np.float32))
    q = x[10]
    assert_exact_top_k(index.search(q, 200), ref.scores(q), 200)
    index.remove(list(ref.rows))
    assert len(index) == 0
    assert index.search(q, 3) == []


def test_clear_then_reuse() -> None:
    """A cleared index is empty and can be filled again."""
    index, _, x = filled(300, 16)
    index.clear()
    assert len(index) == 0
    assert index.search(x[0], 3) == []
    index.upsert([1], x[:1], [0], [INF])
    assert index.search(x[0], 3) == [(1, pytest.approx(1.0))]


def test_growth_past_capacity_keeps_every_row() -> None:
    """Growing past capacity keeps every row searchable."""
    index = VectorIndex(8)
    ref = Reference()
    rng = np.random.default_rng(8)
    start = 0
    capacities = set()
    for size in [1, 2, 5, 60, 1, 200, 3, 700]:
        x = unit(rng, size, 8)
        ids = list(range(start, start + size))
        index.upsert(ids, x, [0] * size, [INF] * size)
        ref.upsert(ids, x, [0] * size, [INF] * size)
        start += size
        capacities.add(index.nbytes)
    assert len(index) == start == 972
    assert len(capacities) > 3  # it grew several times
    for r, (v, _, _) in ref.rows.items():
        np.testing.assert_array_equal(index.vector(r), v.astype(np.float32))
    q = unit(rng, 1, 8)[0]
    assert_exact_top_k(index.search(q, 30), ref.scores(q), 30)


def test_reserve_makes_room_without_changing_contents() -> None:
    """reserve() makes room without changing rows and never shrinks."""
    index, ref, x = filled(10, 8)
    index.reserve(5000)
    assert index._capacity >= 5000
    assert index.nbytes > 5000 * 8 * 4
    capacity = index._capacity
    more = unit(np.random.default_rng(1), 4000, 8)
    index.upsert(list(range(100, 4100)), more, [0] * 4000, [INF] * 4000)
    assert index._capacity == capacity  # no further growth
    index.reserve(10)  # never shrinks
    assert index._capacity == capacity
    assert len(index) == 4010
    old = np.array(sorted(ref.rows), np.int64)
    assert_exact_top_k(index.search(x[0], 5, allowed_rowids=old), ref.scores(x[0]), 5)


def test_nbytes_counts_the_vectors() -> None:
    """nbytes counts at least the vectors and their bookkeeping."""
    index, _, _ = filled(1000, 384)
    assert index.nbytes >= 1000 * 384 * 4 + 1000 * 96


# -- filters -------------------------------------------------------------------


def test_groups_filter() -> None:
    """A groups filter returns the exact top k within those groups."""
    index, ref, x = filled(500, 16, seed=2, groups=6)
    q = x[0]
    for groups in ({0}, {1, 3}, {0, 1, 2, 3, 4}, {5, 99}, {99}):
        assert_exact_top_k(
            index.search(q, 10, groups=groups), ref.scores(q, groups=groups), 10
        )
    assert index.search(q, 10, groups=set()) == []


def test_expiry_filter_skips_rows_at_or_before_now() -> None:
    """Rows expiring at or before now are skipped."""
    index = VectorIndex(2)
    v = np.array([[1, 0], [1, 0.1], [1, 0.2], [1, 0.3]], np.float32)
    index.upsert([1, 2, 3, 4], v, [0] * 4, [10.0, 20.0, INF, 20.0])
    q = np.array([1, 0], np.float32)
    assert [r for r, _ in index.search(q, 4)] == [1, 2, 3, 4]
    assert [r for r, _ in index.search(q, 4, now=10.0)] == [2, 3, 4]
    assert [r for r, _ in index.search(q, 4, now=20.0)] == [3]
    assert [r for r, _ in index.search(q, 4, now=1e18)] == [3]


@pytest.mark.parametrize("size", [0, 5, 900, 5000])
def test_allowed_rowids_filter(size: int) -> None:
    """An allowed-rowids filter returns the exact top k among them."""
    index, ref, x = filled(2000, 16, seed=4, groups=2)
    rng = np.random.default_rng(size)
    allowed = rng.choice(7000, size, replace=False).astype(np.int64)
    q = x[3]
    expected = ref.scores(q, allowed=set(allowed.tolist()))
    assert_exact_top_k(index.search(q, 15, allowed_rowids=allowed), expected, 15)
    both = ref.scores(q, allowed=set(allowed.tolist()), groups={1}, now=0.0)
    assert_exact_top_k(
        index.search(q, 15, allowed_rowids=allowed, groups={1}, now=0.0), both, 15
    )


def test_similarities_are_exact_cosines_of_present_rowids() -> None:
    """similarities() gives exact cosines for present rowids only."""
    index, ref, x = filled(50, 16)
    rowids = sorted(ref.rows)
    q = x[1] * 3.0
    expected = ref.scores(q)
    got = index.similarities(q, [rowids[0], rowids[5], 999_999])
    assert set(got) == {rowids[0], rowids[5]}
    for r, s in got.items():
        assert s == pytest.approx(expected[r], abs=TOL)
    assert index.similarities(q, []) == {}


def test_invalid_input_is_rejected() -> None:
    """Wrong shapes, lengths, non-finite values and dimensions are refused."""
    index = VectorIndex(4)
    with pytest.raises(ValueError, match="shape"):
        index.upsert([1], np.zeros((1, 3), np.float32), [0], [INF])
    with pytest.raises(ValueError, match="length"):
        index.upsert([1, 2], np.zeros((2, 4), np.float32), [0], [INF, INF])
    with pytest.raises(ValueError, match="non-finite"):
        index.upsert([1], np.full((1, 4), np.nan, np.float32), [0], [INF])
    with pytest.raises(ValueError, match="dimensions"):
        index.search(np.zeros(5, np.float32), 1)
    with pytest.raises(ValueError, match="dimensions"):
        VectorIndex(0)
    assert len(index) == 0


def test_zero_vectors_have_zero_similarity() -> None:
    """A zero vector has zero similarity to everything."""
    index = VectorIndex(3)
    index.upsert(
        [1, 2], np.array([[0, 0, 0], [1, 0, 0]], np.float32), [0, 0], [INF] * 2
    )
    assert index.search(np.array([1, 0, 0], np.float32), 2) == [(2, 1.0), (1, 0.0)]
    assert index.search(np.zeros(3, np.float32), 2) == [(1, 0.0), (2, 0.0)]


# -- threads -------------------------------------------------------------------


def test_concurrent_upsert_remove_and_search() -> None:
    """Concurrent upserts, removals and searches never corrupt results."""
    d, per_thread, writers = 32, 400, 3
    rng = np.random.default_rng(11)
    data = {w: unit(rng, per_thread, d) for w in range(writers)}
    index = VectorIndex(d)
    index.exact_max = 256  # exercise the Hamming pass while rows come and go
    errors: list[BaseException] = []
    barrier = threading.Barrier(writers + 2)

    def writer(w: int) -> None:
        try:
            barrier.wait()
            ids = [w * 10_000 + i for i in range(per_thread)]
            for s in range(0, per_thread, 25):
                index.upsert(ids[s : s + 25], data[w][s : s + 25], [w] * 25, [INF] * 25)
                if s % 100 == 0:
                    index.remove(ids[s : s + 5])  # removed, re-added below
                    index.upsert(ids[s : s + 5], data[w][s : s + 5], [w] * 5, [INF] * 5)
        except BaseException as exc:  # noqa: BLE001 - reported by the main thread
            errors.append(exc)

    def reader() -> None:
        try:
            barrier.wait()
            for i in range(150):
                q = data[i % writers][i]
                got = index.search(q, 10)
                scores = [s for _, s in got]
                assert scores == sorted(scores, reverse=True)
                for r, s in got:
                    w, j = divmod(r, 10_000)
                    assert s == pytest.approx(float(data[w][j] @ q), abs=TOL)
        except BaseException as exc:  # noqa: BLE001 - reported by the main thread
            errors.append(exc)

    threads = [threading.Thread(target=writer, args=(w,)) for w in range(writers)]
    threads += [threading.Thread(target=reader) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert not errors, errors
    assert len(index) == writers * per_thread
    for w in range(writers):
        q = data[w][7]
        got = index.search(q, 1, groups={w})
        assert got == [(w * 10_000 + 7, pytest.approx(1.0, abs=TOL))]
