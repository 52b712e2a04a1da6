"""The optional HNSW graph behind VectorIndex: in step with writes, exact scores.

The thresholds are lowered so that a few thousand rows take the graph path;
every test closes its index, which stops the builder thread.
"""

from __future__ import annotations

import importlib
import math
import threading
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt
import pytest

from custom_components.home_memory.memory.common import malloc_trim
from custom_components.home_memory.memory.common.values import Caller, NewMemory
from custom_components.home_memory.memory.storage.in_memory import InMemoryCopies
from custom_components.home_memory.memory.store import MemoryStore
from custom_components.home_memory.memory.vectors import hnsw_graph
from custom_components.home_memory.memory.vectors.hnsw_graph import HnswGraph
from custom_components.home_memory.memory.vectors.vector_index import VectorIndex

from .test_vector_index import Reference, clustered, unit

if TYPE_CHECKING:
    from collections.abc import Iterator
    from pathlib import Path

    from .conftest import HashingEmbedder

INF = math.inf
DIMS = 32
GRAPH_THREAD = "home_memory_graph"
# Clustered unit vectors and their cluster centres.
type Data = tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]


def graph_index(*, min_rows: int = 500) -> VectorIndex:
    """An index whose graph serves searches over `min_rows` rows or more."""
    index = VectorIndex(DIMS)
    index.exact_max = 100
    index.graph_min_rows = min_rows
    index.graph_stale_max = 64
    index.graph_candidates = 32
    return index


@pytest.fixture
def data() -> Data:
    """2,000 clustered unit vectors and their cluster centres."""
    return clustered(np.random.default_rng(5), clusters=40, per=50, d=DIMS, noise=0.3)


@pytest.fixture
def index() -> Iterator[VectorIndex]:
    """A graph-enabled index, closed after the test."""
    index = graph_index()
    assert index.enable_graph()
    yield index
    index.close()


def load(
    index: VectorIndex,
    ref: Reference,
    x: npt.NDArray[np.float32],
    *,
    groups: list[int] | None = None,
) -> list[int]:
    """Upsert `x` into both the index and the reference; return the rowids."""
    rowids = list(range(10, 10 + len(x)))
    grp = groups if groups is not None else [0] * len(x)
    index.upsert(rowids, x, grp, [INF] * len(x))
    ref.upsert(rowids, x, grp, [INF] * len(x))
    return rowids


def top(ref: Reference, q: npt.NDArray[np.float32], k: int, **flt: object) -> set[int]:
    """The reference's exact top-k rowids for a query."""
    scores = ref.scores(q, **flt)  # type: ignore[arg-type]
    return set(sorted(scores, key=lambda r: -scores[r])[:k])


def assert_exact_scores(
    got: list[tuple[int, float]], ref: Reference, q: npt.NDArray[np.float32]
) -> None:
    """Results are sorted and each score equals the exact cosine."""
    expected = ref.scores(q)
    scores = [s for _, s in got]
    assert scores == sorted(scores, reverse=True)
    for rowid, score in got:
        assert score == pytest.approx(expected[rowid], abs=1e-5)


def test_the_graph_answers_with_exact_scores_and_high_recall(
    index: VectorIndex, data: Data
) -> None:
    """Graph search gives exact scores and high recall against an exact scan."""
    x, centres = data
    ref = Reference()
    load(index, ref, x)
    assert index.wait_for_graph(timeout=60)
    status = index.graph_status()
    assert status == {
        "enabled": True,
        "in_service": True,
        "stale_rows": 0,
        "rows": len(x),
    }
    rng = np.random.default_rng(6)
    queries = centres[:20] + 0.3 * unit(rng, 20, DIMS)
    found = 0
    for q in queries:
        got = index.search(q, 10)
        assert len(got) == 10
        assert_exact_scores(got, ref, q)
        found += len({r for r, _ in got} & top(ref, q, 10))
    assert found / 200 >= 0.95


def test_a_new_row_is_found_before_the_graph_holds_it(
    index: VectorIndex, data: Data
) -> None:
    """A row the graph does not hold yet is still found by search."""
    x, _ = data
    ref = Reference()
    load(index, ref, x)
    assert index.wait_for_graph(timeout=60)
    graph = index._graph
    assert graph is not None
    # Hold the builder inside its next step, so the new row stays stale.
    gate = threading.Event()
    add = graph.add

    def held_add(
        rowids: npt.NDArray[np.int64], vectors: npt.NDArray[np.float32]
    ) -> None:
        gate.wait(timeout=60)
        add(rowids, vectors)

    graph.add = held_add  # type: ignore[method-assign,assignment]
    new = unit(np.random.default_rng(7), 1, DIMS)
    index.upsert([99_999], new, [0], [INF])
    assert index.graph_status()["stale_rows"] == 1
    assert index.search(new[0], 3)[0][0] == 99_999
    gate.set()
    assert index.wait_for_graph(timeout=60)
    assert index.graph_status()["stale_rows"] == 0
    assert index.search(new[0], 3)[0][0] == 99_999


def test_removed_and_replaced_rows_never_come_back(
    index: VectorIndex, data: Data
) -> None:
    """Removed rows never return and replaced rows score with their new vector."""
    x, _ = data
    ref = Reference()
    rowids = load(index, ref, x)
    assert index.wait_for_graph(timeout=60)
    q = x[0]
    first = index.search(q, 1)[0][0]
    assert first == rowids[0]
    # Removed: gone at once, and still gone once the graph has dropped it.
    index.remove([first])
    assert first not in {r for r, _ in index.search(q, 10)}
    assert index.wait_for_graph(timeout=60)
    assert first not in {r for r, _ in index.search(q, 10)}
    # Replaced: scored with its new vector only.
    moved = rowids[1]
    away = -x[1:2]
    index.upsert([moved], away, [0], [INF])
    ref.upsert([moved], away, [0], [INF])
    del ref.rows[first]
    for _ in range(2):
        got = index.search(q, 20)
        assert moved not in {r for r, _ in got}
        assert_exact_scores(got, ref, q)
        assert index.search(away[0], 1)[0][0] == moved
        assert index.wait_for_graph(timeout=60)


def test_filters_apply_to_the_proposals_and_a_narrow_one_scans(
    index: VectorIndex, data: Data
) -> None:
    """Filters apply to graph results; a narrow filter falls back to an exact scan."""
    x, centres = data
    ref = Reference()
    # Group 1 is every 20th row (5 %): too few rows for the graph.
    groups = [1 if i % 20 == 0 else 0 for i in range(len(x))]
    rowids = load(index, ref, x, groups=groups)
    assert index.wait_for_graph(timeout=60)
    for q in centres[:5]:
        household = index.search(q, 10, groups={0})
        assert len(household) == 10
        assert {r for r, _ in household} <= set(ref.scores(q, groups={0}))
        narrow = index.search(q, 10, groups={1})
        assert {r for r, _ in narrow} == top(ref, q, 10, groups={1})
    # Nine rows in ten expire: the graph's proposals mostly fail the filter,
    # so the scan answers with the exact top 10 of the rest.
    expires = [100.0 if i % 10 else INF for i in range(len(x))]
    index.upsert(rowids, x, groups, expires)
    ref.upsert(rowids, x, groups, expires)
    assert index.wait_for_graph(timeout=60)
    for q in centres[:5]:
        fresh = index.search(q, 10, now=200.0)
        assert {r for r, _ in fresh} == top(ref, q, 10, now=200.0)


def test_small_indexes_get_no_graph_thread(
    data: Data,
) -> None:
    """An index below the minimum size starts no graph builder thread."""
    x, _ = data
    index = graph_index(min_rows=len(x) + 1)
    try:
        assert index.enable_graph()
        load(index, Reference(), x)
        index.remove([10, 11])
        assert GRAPH_THREAD not in {t.name for t in threading.enumerate()}
        assert index.graph_status()["in_service"] is False
        assert index.wait_for_graph(timeout=1) is False
    finally:
        index.close()


def test_close_stops_the_builder_and_searches_go_on(
    data: Data,
) -> None:
    """Closing stops the builder thread; searches still work by scan."""
    x, _ = data
    index = graph_index()
    index.enable_graph()
    ref = Reference()
    load(index, ref, x)
    assert GRAPH_THREAD in {t.name for t in threading.enumerate()}
    index.close()
    assert GRAPH_THREAD not in {t.name for t in threading.enumerate()}
    assert index.search(x[3], 1)[0][0] == 13


def test_clear_starts_a_new_graph(index: VectorIndex, data: Data) -> None:
    """Clearing the index empties the graph and a new one is built."""
    x, _ = data
    ref = Reference()
    load(index, ref, x)
    assert index.wait_for_graph(timeout=60)
    index.clear()
    assert index.graph_status()["rows"] == 0
    assert index.search(x[0], 5) == []
    load(index, Reference(), x[:600])
    assert index.wait_for_graph(timeout=60)
    assert index.graph_status()["rows"] == 600


def test_many_removals_rebuild_the_graph(index: VectorIndex, data: Data) -> None:
    """Removing over a quarter of the rows rebuilds the graph without tombstones."""
    x, _ = data
    ref = Reference()
    rowids = load(index, ref, x)
    assert index.wait_for_graph(timeout=60)
    index.remove(rowids[:700])  # over a quarter of the rows: tombstones
    assert index.wait_for_graph(timeout=60)
    # The rebuilt graph holds exactly the rows left, without tombstones.
    assert index.graph_status()["rows"] == len(x) - 700
    assert index._graph is not None
    assert index._graph.removed == 0


def test_a_failing_graph_leaves_the_scan_in_charge(
    monkeypatch: pytest.MonkeyPatch,
    data: Data,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A graph that fails to build is logged and the exact scan answers."""

    def broken(*_: object) -> None:
        raise RuntimeError("out of memory")

    monkeypatch.setattr(HnswGraph, "add", broken)
    x, _ = data
    index = graph_index()
    try:
        index.enable_graph()
        ref = Reference()
        load(index, ref, x)
        assert index.wait_for_graph(timeout=60) is False
        assert index.graph_status()["enabled"] is False
        assert "searches scan instead" in caplog.text
        q = x[7]
        assert index.search(q, 5)[0][0] == 17
        assert_exact_scores(index.search(q, 5), ref, q)
        assert GRAPH_THREAD not in {t.name for t in threading.enumerate()}
        # Enabled again (usearch healthy), a new builder fills a new graph.
        monkeypatch.undo()
        assert index.enable_graph()
        assert index.wait_for_graph(timeout=60)
        assert index.graph_status()["rows"] == len(x)
    finally:
        index.close()


def test_a_failing_graph_search_falls_back_to_the_scan(
    index: VectorIndex,
    data: Data,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A failing graph search falls back to the exact scan."""
    x, _ = data
    ref = Reference()
    load(index, ref, x)
    assert index.wait_for_graph(timeout=60)

    def broken(*_: object) -> None:
        raise RuntimeError("corrupt graph")

    monkeypatch.setattr(HnswGraph, "search", broken)
    got = index.search(x[4], 5)
    assert got[0][0] == 14
    assert_exact_scores(got, ref, x[4])
    assert "searches scan instead" in caplog.text
    assert index.graph_status()["enabled"] is False
    assert index.search(x[5], 1)[0][0] == 15


def test_a_store_that_fails_to_open_leaves_no_builder(
    tmp_path: Path,
    hashing_embedder: HashingEmbedder,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A store that fails to open leaves no graph builder thread behind."""
    path = tmp_path / "memory.db"
    monkeypatch.setattr(VectorIndex, "graph_min_rows", 5)
    store = MemoryStore(path, embedder=hashing_embedder)
    try:
        store.create_many(
            [
                NewMemory(content=f"Memory number {i} about the garden")
                for i in range(8)
            ],
            Caller(user_id="anna"),
            dedup=False,
        )
    finally:
        store.close()
    real_load = InMemoryCopies.load_index

    def load_then_fail(self: InMemoryCopies) -> None:
        real_load(self)
        raise RuntimeError("disk went away")

    monkeypatch.setattr(InMemoryCopies, "load_index", load_then_fail)
    with pytest.raises(RuntimeError, match="disk went away"):
        MemoryStore(path, embedder=hashing_embedder)
    assert GRAPH_THREAD not in {t.name for t in threading.enumerate()}


def test_without_usearch_there_is_no_graph(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without usearch the index has no graph and still searches."""
    real_import = importlib.import_module

    def no_usearch(name: str, package: str | None = None) -> object:
        if name.startswith(hnsw_graph.MODULE):
            raise ImportError(name)
        return real_import(name, package)

    monkeypatch.setattr(importlib, "import_module", no_usearch)
    assert hnsw_graph.usearch_version() is None
    index = VectorIndex(DIMS)
    assert index.enable_graph() is False
    assert index.graph_status()["enabled"] is False
    index.close()


def test_the_store_reports_which_vector_search_runs(
    tmp_path: Path, hashing_embedder: HashingEmbedder
) -> None:
    """The store reports whether the graph or only the numpy index runs."""
    path = tmp_path / "memory.db"
    with_graph = MemoryStore(path, embedder=hashing_embedder)
    try:
        assert with_graph.backends()["vector_search"] == "hnsw-graph+numpy-index"
        assert with_graph.usearch_version == hnsw_graph.usearch_version()
    finally:
        with_graph.close()
    without = MemoryStore(path, embedder=hashing_embedder, use_graph=False)
    try:
        assert without.backends()["vector_search"] == "numpy-index"
        assert without.index.graph_status()["enabled"] is False
    finally:
        without.close()


def test_a_saved_graph_is_adopted_and_checked_row_by_row(
    tmp_path: Path, data: Data
) -> None:
    """A saved graph is reused, with rows changed since the save corrected."""
    x, centres = data
    path = tmp_path / "cache" / "graph.usearch"
    first = graph_index()
    assert first.enable_graph()
    ref = Reference()
    rowids = load(first, ref, x)
    assert first.wait_for_graph(timeout=60)
    first.close()
    assert first.save_graph(path)
    assert not path.with_name(f"{path.name}.partial").exists()

    # Meanwhile one row went, one changed and one arrived (a crash after the
    # save, or writes by another version): the saved graph is outdated there.
    gone, changed = rowids[0], rowids[1]
    moved = -x[1:2]
    new = unit(np.random.default_rng(8), 1, DIMS)
    second = graph_index()
    second.upsert(rowids, x, [0] * len(x), [INF] * len(x))
    second.remove([gone])
    second.upsert([changed], moved, [0], [INF])
    second.upsert([77_777], new, [0], [INF])
    ref.upsert([changed], moved, [0], [INF])
    ref.upsert([77_777], new, [0], [INF])
    del ref.rows[gone]
    try:
        assert second.enable_graph()
        adopted = second.load_graph(path)
        assert adopted == len(x) - 2
        status = second.graph_status()
        # Only the changed and the new row are left to build.
        assert status["stale_rows"] <= 2
        assert second.wait_for_graph(timeout=60)
        assert second.graph_status()["rows"] == len(x)
        assert gone not in {r for r, _ in second.search(x[0], 20)}
        assert second.search(moved[0], 1)[0][0] == changed
        assert second.search(new[0], 1)[0][0] == 77_777
        rng = np.random.default_rng(9)
        found = 0
        for q in centres[:20] + 0.3 * unit(rng, 20, DIMS):
            got = second.search(q, 10)
            assert_exact_scores(got, ref, q)
            found += len({r for r, _ in got} & top(ref, q, 10))
        assert found / 200 >= 0.95
    finally:
        second.close()


@pytest.mark.parametrize("content", [b"", b"not a graph at all" * 100])
def test_an_unusable_graph_file_is_ignored(
    tmp_path: Path, data: Data, content: bytes, caplog: pytest.LogCaptureFixture
) -> None:
    """An unreadable graph file is logged and ignored; the graph is rebuilt."""
    x, _ = data
    path = tmp_path / "graph.usearch"
    path.write_bytes(content)
    index = graph_index()
    index.upsert(list(range(len(x))), x, [0] * len(x), [INF] * len(x))
    try:
        assert index.enable_graph()
        assert index.load_graph(path) == 0
        assert "Not using the saved vector graph" in caplog.text
        assert index.wait_for_graph(timeout=60)
        assert index.graph_status()["rows"] == len(x)
    finally:
        index.close()


def save_graph_of(x: npt.NDArray[np.float32], path: Path) -> None:
    """Build a graph of `x` (rowids 0..n-1) and save it to `path`."""
    index = graph_index()
    assert index.enable_graph()
    index.upsert(list(range(len(x))), x, [0] * len(x), [INF] * len(x))
    assert index.wait_for_graph(timeout=60)
    index.close()
    assert index.save_graph(path)


def test_a_graph_of_other_vectors_is_not_adopted(tmp_path: Path, data: Data) -> None:
    """A saved graph of other vectors is not adopted."""
    x, _ = data
    path = tmp_path / "graph.usearch"
    save_graph_of(x, path)
    # Another model: the same rowids, unrelated vectors.
    other = unit(np.random.default_rng(10), len(x), DIMS)
    index = graph_index()
    index.upsert(list(range(len(x))), other, [0] * len(x), [INF] * len(x))
    try:
        assert index.enable_graph()
        assert index.load_graph(path) == 0
        assert index.wait_for_graph(timeout=60)
        ref = Reference()
        ref.upsert(list(range(len(x))), other, [0] * len(x), [INF] * len(x))
        assert_exact_scores(index.search(other[3], 10), ref, other[3])
        assert index.search(other[3], 1)[0][0] == 3
    finally:
        index.close()


def test_a_graph_of_another_shape_is_refused(tmp_path: Path, data: Data) -> None:
    """A saved graph of another dimension is refused."""
    x, _ = data
    path = tmp_path / "graph.usearch"
    save_graph_of(x, path)
    with pytest.raises(ValueError, match="another shape"):
        HnswGraph(DIMS * 2, saved=path)
    assert len(HnswGraph(DIMS, saved=path)) == len(x)
    assert not graph_index().save_graph(path)  # no graph: nothing written


def test_the_store_saves_its_graph_on_close_and_adopts_it_on_open(
    tmp_path: Path,
    hashing_embedder: HashingEmbedder,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The store saves its graph on close and adopts it on the next open."""
    monkeypatch.setattr(VectorIndex, "graph_min_rows", 5)
    path = tmp_path / "memory.db"
    graph_path = tmp_path / "cache" / "graph.usearch"
    store = MemoryStore(path, embedder=hashing_embedder, graph_path=graph_path)
    try:
        store.create_many(
            [NewMemory(content=f"Memory {i} about the shed") for i in range(12)],
            Caller(user_id="anna"),
            dedup=False,
        )
        assert store.index.wait_for_graph(timeout=60)
    finally:
        store.close()
    assert graph_path.exists()
    adopted: list[int] = []
    real_load = VectorIndex.load_graph

    def counting_load(self: VectorIndex, saved: Path) -> int:
        adopted.append(real_load(self, saved))
        return adopted[-1]

    monkeypatch.setattr(VectorIndex, "load_graph", counting_load)
    again = MemoryStore(path, embedder=hashing_embedder, graph_path=graph_path)
    try:
        assert adopted == [12]
        assert again.index.graph_status()["stale_rows"] == 0
        # Without a model at open, the graph is adopted when one is set.
        again.set_embedder(None)
        again.set_embedder(hashing_embedder)  # type: ignore[arg-type]
        assert adopted == [12, 12]
    finally:
        again.close()


def test_a_damaged_graph_file_is_never_loaded(tmp_path: Path, data: Data) -> None:
    """usearch trusts its file (a damaged one crashed the process in a trial)."""
    x, _ = data
    path = tmp_path / "graph.usearch"
    save_graph_of(x, path)
    body = bytearray(path.read_bytes())
    body[len(body) // 2] ^= 0xFF
    path.write_bytes(bytes(body))
    with pytest.raises(ValueError, match="checksum"):
        HnswGraph(DIMS, saved=path)
    path.with_name(path.name + hnsw_graph.DIGEST_SUFFIX).unlink()
    with pytest.raises(ValueError, match="No such file"):
        HnswGraph(DIMS, saved=path)


def test_a_load_that_never_finished_gives_the_file_up(
    tmp_path: Path, data: Data
) -> None:
    """A graph file whose last load never finished is deleted, not loaded."""
    x, _ = data
    path = tmp_path / "graph.usearch"
    save_graph_of(x, path)
    assert len(HnswGraph(DIMS, saved=path)) == len(x)
    # As if the process died inside the last load.
    path.with_name(path.name + hnsw_graph.LOADING_SUFFIX).touch()
    with pytest.raises(ValueError, match="did not finish"):
        HnswGraph(DIMS, saved=path)
    assert sorted(p.name for p in tmp_path.iterdir()) == []


def test_a_saved_graph_keeps_count_of_its_tombstones(
    tmp_path: Path, data: Data
) -> None:
    """A saved graph keeps its count of removed rows across save and load."""
    x, _ = data
    path = tmp_path / "graph.usearch"
    graph = HnswGraph(DIMS)
    graph.add(np.arange(len(x), dtype=np.int64), x)
    graph.remove(np.arange(300, dtype=np.int64))
    assert graph.removed == 300
    graph.save(path)
    loaded = HnswGraph(DIMS, saved=path)
    assert len(loaded) == len(x) - 300
    # Removals before the save still count towards the rebuild.
    assert loaded.removed == 300


def test_catching_up_gives_freed_memory_back(
    index: VectorIndex, data: Data, monkeypatch: pytest.MonkeyPatch
) -> None:
    """When the builder has caught up with a bulk load, freed heap goes back."""
    calls: list[int] = []
    monkeypatch.setattr(malloc_trim, "_MALLOC_TRIM", calls.append)
    x, _ = data
    load(index, Reference(), x)
    assert index.wait_for_graph(timeout=60)
    assert calls == [0]
