"""An optional HNSW graph (usearch) that finds vector candidates without a scan.

The graph only proposes candidates: `VectorIndex` rescores them exactly and
applies every filter, so scores stay exact and the graph may hold 8-bit
vectors. One lock around every call (usearch is not safe concurrently).

In more words: docs/engine.md, "`memory/vectors/hnsw_graph.py`".
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.metadata
import threading
from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    from pathlib import Path

    import numpy.typing as npt

MODULE = "usearch"
CONNECTIVITY = 16
EXPANSION_ADD = 256
EXPANSION_SEARCH = 64
# Files beside a saved graph: its checksum, a write in progress, a load in
# progress.
DIGEST_SUFFIX = ".blake2b"
PARTIAL_SUFFIX = ".partial"
LOADING_SUFFIX = ".loading"


def usearch_version() -> str | None:
    """The installed usearch's version when it imports, else None."""
    try:
        importlib.import_module(f"{MODULE}.index")
    except ImportError, OSError:
        # OSError: a wheel whose native library does not load on this system.
        return None
    try:
        return importlib.metadata.version(MODULE)
    except importlib.metadata.PackageNotFoundError:  # pragma: no cover - vendored
        return "unknown"


def _sibling(path: Path, suffix: str) -> Path:
    return path.with_name(path.name + suffix)


def _digest(path: Path) -> str:
    with path.open("rb") as file:
        return hashlib.file_digest(file, "blake2b").hexdigest()


def remove_graph_files(path: Path) -> None:
    """Delete a saved graph with its checksum and any leftovers."""
    for suffix in ("", DIGEST_SUFFIX, PARTIAL_SUFFIX, LOADING_SUFFIX):
        _sibling(path, suffix).unlink(missing_ok=True)
    _sibling(path, DIGEST_SUFFIX + PARTIAL_SUFFIX).unlink(missing_ok=True)


class HnswGraph:
    """Cosine HNSW over (rowid, vector) pairs; thread-safe."""

    def __init__(self, dimensions: int, *, saved: Path | None = None) -> None:
        """An empty graph, or the one `save` wrote to `saved`.

        Raises ImportError when usearch is missing, and ValueError when the
        saved file is not a graph of this shape (dimensions, metric, 8-bit
        vectors, connectivity).
        """
        index_module: Any = importlib.import_module(f"{MODULE}.index")
        self._graph: Any = index_module.Index(
            ndim=dimensions,
            metric="cos",
            dtype="i8",
            connectivity=CONNECTIVITY,
            expansion_add=EXPANSION_ADD,
            expansion_search=EXPANSION_SEARCH,
        )
        self._lock = threading.Lock()
        #: Rows removed since the graph was built (removal leaves tombstones).
        self.removed = 0
        if saved is not None:
            self._load(index_module, saved, dimensions)
            # The file keeps the tombstones of rows removed before the save.
            self.removed = max(0, int(self._graph.stats.nodes) - len(self._graph))
        # Read without the lock (a step may hold it for a while): plain
        # attributes, refreshed after every change.
        self.rows = 0
        self.nbytes = 0
        self._refresh_sizes()

    def _load(self, index_module: Any, path: Path, dimensions: int) -> None:
        """Load a file `save` wrote, after checking it is whole and unchanged.

        usearch trusts the file: a damaged one can crash the process while
        loading. So the checksum written beside it must match, and a marker
        kept during the load makes the next start give a file up that a load
        never finished with.
        """
        marker = _sibling(path, LOADING_SUFFIX)
        if marker.exists():
            remove_graph_files(path)
            raise ValueError(f"{path}: its last load did not finish; removed")
        try:
            expected = _sibling(path, DIGEST_SUFFIX).read_text().strip()
            actual = _digest(path)
        except (OSError, UnicodeDecodeError) as err:
            raise ValueError(f"{path}: {err}") from err
        if expected != actual:
            raise ValueError(f"{path}: the checksum does not match")
        marker.touch()
        try:
            meta = index_module.Index.metadata(str(path))
            if not meta:
                raise ValueError(f"{path}: not a usearch graph")
            self._graph.load(str(path))
        except RuntimeError as err:
            raise ValueError(f"{path}: {err}") from err
        finally:
            marker.unlink(missing_ok=True)
        graph = self._graph
        if (
            graph.ndim != dimensions
            or graph.metric != index_module.MetricKind.Cos
            or graph.dtype != index_module.ScalarKind.I8
            or graph.connectivity != CONNECTIVITY
        ):
            raise ValueError(f"{path}: a graph of another shape")
        # Loading replaces the search settings with the file's.
        graph.expansion_add = EXPANSION_ADD
        graph.expansion_search = EXPANSION_SEARCH

    def save(self, path: Path) -> None:
        """Write the graph to `path` and its checksum beside it.

        A crash at any point leaves either the previous pair or a file whose
        checksum does not match (and is then not loaded).
        """
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = _sibling(path, PARTIAL_SUFFIX)
        with self._lock:
            self._graph.save(str(partial))
        digest = _sibling(path, DIGEST_SUFFIX + PARTIAL_SUFFIX)
        digest.write_text(_digest(partial))
        digest.replace(_sibling(path, DIGEST_SUFFIX))
        partial.replace(path)

    def keys(self) -> npt.NDArray[np.int64]:
        """Every rowid in the graph."""
        with self._lock:
            return np.asarray(self._graph.keys, dtype=np.int64).reshape(-1)

    def vectors(self, rowids: npt.NDArray[np.int64]) -> npt.NDArray[np.float32]:
        """The graph's (8-bit, so approximate) vectors of rows it holds."""
        if rowids.shape[0] == 0:
            return np.zeros((0, self._graph.ndim), np.float32)
        with self._lock:
            rows = self._graph.get(rowids.astype(np.uint64))
        return np.vstack(rows).astype(np.float32)

    def __len__(self) -> int:
        """Rows in the graph."""
        return self.rows

    def _refresh_sizes(self) -> None:
        self.rows = len(self._graph)
        self.nbytes = int(self._graph.memory_usage)

    def add(
        self, rowids: npt.NDArray[np.int64], unit_vectors: npt.NDArray[np.float32]
    ) -> None:
        """Insert rows, replacing any rowid already present."""
        if rowids.shape[0] == 0:
            return
        keys = rowids.astype(np.uint64)
        with self._lock:
            self._remove_present(keys)
            # One worker: the caller is a background thread already.
            self._graph.add(keys, unit_vectors, threads=1)
            self._refresh_sizes()

    def remove(self, rowids: npt.NDArray[np.int64]) -> None:
        """Remove rows; rowids not in the graph are ignored."""
        if rowids.shape[0] == 0:
            return
        with self._lock:
            self._remove_present(rowids.astype(np.uint64))
            self._refresh_sizes()

    def _remove_present(self, keys: npt.NDArray[np.uint64]) -> None:
        """Remove those of `keys` the graph holds (under the lock)."""
        present = np.asarray(self._graph.contains(keys), dtype=bool).reshape(-1)
        if present.any():
            self._graph.remove(keys[present])
            self.removed += int(np.count_nonzero(present))

    def search(
        self, query: npt.NDArray[np.float32], count: int
    ) -> npt.NDArray[np.int64]:
        """Rowids of about the `count` nearest rows (approximate)."""
        with self._lock:
            if self.rows == 0 or count <= 0:
                return np.zeros(0, np.int64)
            expansion = max(EXPANSION_SEARCH, count)
            if self._graph.expansion_search != expansion:
                self._graph.expansion_search = expansion
            matches = self._graph.search(query, count, threads=1)
            return np.asarray(matches.keys, dtype=np.int64).reshape(-1)
