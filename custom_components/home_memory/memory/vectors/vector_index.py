"""In-memory vector index: binary-quantised first pass, exact cosine rescoring.

Each row keeps its float32 vector and a binary code of its rotated signs: a
Hamming pass picks candidates cheaply, exact cosine ranks them, and small or
tightly filtered sets are scored exactly outright. An optional HNSW graph
(hnsw_graph.py) proposes candidates in large stores. The passes, measurements
and threading are in docs/architecture.md, "The in-memory vector index".
"""

from __future__ import annotations

import functools
import itertools
import logging
import math
import sys
import threading
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from ..common import malloc_trim
from .hnsw_graph import HnswGraph

if TYPE_CHECKING:
    from collections.abc import Collection, Iterable, Sequence
    from pathlib import Path

type _F32 = npt.NDArray[np.float32]
type _I64 = npt.NDArray[np.int64]
type _Slots = npt.NDArray[np.intp]

# Fixed seed: the rotation (and so every code) is the same in every process.
_ROTATION_SEED = 0x484D454D  # "HMEM"
# Rows per BLAS call: m * n stays below OpenBLAS's threading threshold for GEMV
# (115200 * GEMM_MULTITHREAD_THRESHOLD = 460800 elements by default).
_BLOCK_ELEMENTS = 262_144
# Batches up to this size are rotated row by row (single-threaded GEMV).
_GEMV_ROWS_MAX = 128
# Up to this many allowed rowids are looked up one by one; more use np.isin.
_SLOT_LOOKUP_MAX = 1024
# Group sets up to this size are matched with == comparisons; more use np.isin.
_GROUP_EQ_MAX = 4
_MIN_CAPACITY = 64
# Rows the graph builder adds per step: large while the graph is out of
# service, small once searches use it (a search waits for the step to end).
_BUILD_STEP_ROWS = 128
_SERVICE_STEP_ROWS = 8
# A saved graph's row counts as current when its vector is this close to the
# index's (a changed memory text moves the vector much further).
_SAVED_VECTOR_COSINE = 0.99
_ADOPT_CHUNK = 4096

_LOGGER = logging.getLogger(__name__)


@functools.cache
def _rotation(dimensions: int) -> _F32:
    """A fixed random orthogonal matrix (read-only, one per dimension count).

    Gram-Schmidt, twice per row, in GEMV steps: LAPACK's QR runs on OpenBLAS
    threads and took up to 2 s on a busy two-core machine.
    """
    gauss = np.random.default_rng(_ROTATION_SEED).standard_normal(
        (dimensions, dimensions)
    )
    basis = np.zeros_like(gauss)
    for i, row in enumerate(gauss):
        v = row
        for _ in range(2):
            v = v - basis[:i].T @ (basis[:i] @ v)
        basis[i] = v / np.linalg.norm(v)
    rotation = basis.T.astype(np.float32)
    rotation.flags.writeable = False
    return rotation


class VectorIndex:
    """Top-k cosine search over (rowid, vector, group, expiry) rows."""

    #: Rows rescored exactly after the Hamming pass:
    #: max(rescore_min, rescore_per_k * k, allowed rows // rescore_divisor).
    rescore_min: int = 1024
    rescore_per_k: int = 32
    rescore_divisor: int = 50
    #: Up to this many allowed rows are all scored exactly, without the
    #: Hamming pass.
    exact_max: int = 4096
    #: The graph (when enabled) is built from this many rows on and answers
    #: searches over at least this many allowed rows; below, the scan is fast.
    graph_min_rows: int = 8_192
    #: Graph searches score up to this many stale rows exactly; with more
    #: stale rows the Hamming pass runs instead.
    graph_stale_max: int = 2048
    #: Candidates asked of the graph: max(graph_candidates, k), scaled up by
    #: the share of rows the filters drop.
    graph_candidates: int = 64

    def __init__(self, dimensions: int = 384) -> None:
        """Create an empty index for vectors of ``dimensions`` floats."""
        if dimensions <= 0:
            raise ValueError(f"dimensions must be positive, got {dimensions}")
        self._dim = dimensions
        self._bits = dimensions
        self._words = -(-self._bits // 64)
        self._block_rows = max(1, _BLOCK_ELEMENTS // dimensions)
        self._rotation = _rotation(dimensions)
        self._lock = threading.Lock()
        self._slot: dict[int, int] = {}
        self._size = 0
        self._allocate(0)
        # The optional HNSW graph and its builder (see enable_graph).
        self._graph: HnswGraph | None = None
        self._stale: dict[int, int] = {}  # rowid -> version not yet in the graph
        self._dropped: set[int] = set()  # removed rowids the graph may still hold
        self._version = 0
        self._epoch = 0  # bumped when clear() replaces the graph
        self._graph_work = threading.Condition(self._lock)
        self._group_counts: list[int] | None = None  # rows per group, cached
        self._builder: threading.Thread | None = None
        self._big_step = False  # the builder is in a catch-up step
        self._bulk_built = False  # a catch-up step ran since the graph was in step
        self._stepping = False  # the builder is in any step
        self._closing = False

    # -- storage ---------------------------------------------------------------

    def _allocate(self, capacity: int) -> None:
        self._capacity = capacity
        self._vectors: _F32 = np.zeros((capacity, self._dim), np.float32)
        self._inv_norms: _F32 = np.zeros(capacity, np.float32)
        # Column-major codes: one contiguous uint64 array per 64-bit word.
        self._codes: npt.NDArray[np.uint64] = np.zeros(
            (self._words, capacity), np.uint64
        )
        self._rowids: _I64 = np.zeros(capacity, np.int64)
        self._groups: _I64 = np.zeros(capacity, np.int64)
        self._expires: npt.NDArray[np.float64] = np.zeros(capacity, np.float64)
        # Scratch buffers of the Hamming pass (used under the lock only).
        self._xor: npt.NDArray[np.uint64] = np.zeros(capacity, np.uint64)
        self._count: npt.NDArray[np.uint8] = np.zeros(capacity, np.uint8)
        self._hamming: npt.NDArray[np.uint16] = np.zeros(capacity, np.uint16)

    def _grow(self, needed: int) -> None:
        if needed <= self._capacity:
            return
        capacity = max(needed, 2 * self._capacity, _MIN_CAPACITY)
        n = self._size
        old = (
            self._vectors,
            self._inv_norms,
            self._codes,
            self._rowids,
            self._groups,
            self._expires,
        )
        self._allocate(capacity)
        self._vectors[:n] = old[0][:n]
        self._inv_norms[:n] = old[1][:n]
        self._codes[:, :n] = old[2][:, :n]
        self._rowids[:n] = old[3][:n]
        self._groups[:n] = old[4][:n]
        self._expires[:n] = old[5][:n]

    def _encode(self, vectors: _F32) -> npt.NDArray[np.uint64]:
        """Binary codes of ``vectors`` as an (n, words) uint64 array."""
        if len(vectors) <= _GEMV_ROWS_MAX:
            # One GEMV per row: OpenBLAS threads every multi-row GEMM.
            turned = np.empty_like(vectors)
            for i, row in enumerate(vectors):
                np.matmul(row, self._rotation, out=turned[i])
        else:
            turned = vectors @ self._rotation
        packed = np.packbits(turned > 0, axis=1, bitorder="little")
        padded = np.zeros((len(vectors), self._words * 8), np.uint8)
        padded[:, : packed.shape[1]] = packed
        return padded.view(np.uint64)

    # -- validation ------------------------------------------------------------

    def _as_query(self, query: npt.NDArray[np.float32]) -> tuple[_F32, float]:
        q = np.ascontiguousarray(query, dtype=np.float32).reshape(-1)
        if q.shape[0] != self._dim:
            raise ValueError(f"query has {q.shape[0]} dimensions, not {self._dim}")
        if not np.isfinite(q).all():
            raise ValueError("query holds a non-finite value")
        norm = float(np.linalg.norm(q))
        return q, (1.0 / norm if norm > 0 else 0.0)

    # -- mutation ----------------------------------------------------------------

    def __len__(self) -> int:
        """Number of rows in the index."""
        with self._lock:
            return self._size

    def __contains__(self, rowid: object) -> bool:
        """Whether ``rowid`` is in the index."""
        with self._lock:
            return rowid in self._slot

    def reserve(self, rows: int) -> None:
        """Make room for ``rows`` rows at once (e.g. before a bulk load)."""
        with self._lock:
            self._grow(rows)

    def upsert(
        self,
        rowids: Sequence[int],
        vectors: npt.NDArray[np.float32],
        groups: Sequence[int],
        expires_at: Sequence[float],
    ) -> None:
        """Insert rows, replacing in place any rowid already present.

        A rowid repeated within one call keeps its last row. Costs O(batch),
        plus an amortised copy when the capacity doubles.
        """
        ids = np.asarray(rowids, dtype=np.int64).reshape(-1)
        vecs = np.asarray(vectors, dtype=np.float32)
        grp = np.asarray(groups, dtype=np.int64).reshape(-1)
        exp = np.asarray(expires_at, dtype=np.float64).reshape(-1)
        m = ids.shape[0]
        if m == 0 and vecs.size == 0:
            return
        if vecs.ndim != 2 or vecs.shape != (m, self._dim):
            raise ValueError(
                f"vectors must have shape ({m}, {self._dim}), got {vecs.shape}"
            )
        if grp.shape[0] != m or exp.shape[0] != m:
            raise ValueError("rowids, vectors, groups and expires_at differ in length")
        if not np.isfinite(vecs).all():
            raise ValueError("vectors hold a non-finite value")
        if np.isnan(exp).any():
            raise ValueError("expires_at holds NaN")
        if np.unique(ids).shape[0] != m:
            # Keep the last occurrence of each rowid, in first-seen order.
            _, first_of_reversed = np.unique(ids[::-1], return_index=True)
            keep = np.sort(m - 1 - first_of_reversed)
            ids, vecs, grp, exp = ids[keep], vecs[keep], grp[keep], exp[keep]
        norms = np.linalg.norm(vecs, axis=1)
        inv = np.zeros_like(norms)
        np.divide(1.0, norms, out=inv, where=norms > 0)
        codes = self._encode(vecs)
        with self._lock:
            id_list: list[int] = ids.tolist()
            new = sum(1 for r in id_list if r not in self._slot)
            self._grow(self._size + new)
            slots = np.empty(len(id_list), np.intp)
            for i, rowid in enumerate(id_list):
                slot = self._slot.get(rowid)
                if slot is None:
                    slot = self._size
                    self._slot[rowid] = slot
                    self._size += 1
                slots[i] = slot
            self._vectors[slots] = vecs
            self._inv_norms[slots] = inv
            self._codes[:, slots] = codes.T
            self._rowids[slots] = ids
            self._groups[slots] = grp
            self._expires[slots] = exp
            self._group_counts = None
            if self._graph is not None:
                self._version += 1
                for rowid in id_list:
                    self._stale[rowid] = self._version
                self._graph_work.notify_all()
                self._start_builder()

    def remove(self, rowids: Iterable[int]) -> None:
        """Remove rows; rowids not in the index are ignored.

        The last rows move into the freed slots (swap-with-last), O(batch).
        """
        with self._lock:
            unique = dict.fromkeys(map(int, rowids))
            rowids_removed = [r for r in unique if r in self._slot]
            holes = [self._slot.pop(r) for r in rowids_removed]
            if not holes:
                return
            if self._graph is not None:
                for rowid in rowids_removed:
                    self._stale.pop(rowid, None)
                    if self._builder is not None:  # else the graph is empty
                        self._dropped.add(rowid)
                self._graph_work.notify_all()
            old_size = self._size
            new_size = old_size - len(holes)
            removed = np.zeros(old_size - new_size, bool)
            inside: list[int] = []
            for s in holes:
                if s >= new_size:
                    removed[s - new_size] = True
                else:
                    inside.append(s)
            dst = np.sort(np.asarray(inside, dtype=np.intp))
            src = np.flatnonzero(~removed).astype(np.intp) + new_size
            if dst.shape[0]:
                self._vectors[dst] = self._vectors[src]
                self._inv_norms[dst] = self._inv_norms[src]
                self._codes[:, dst] = self._codes[:, src]
                self._rowids[dst] = self._rowids[src]
                self._groups[dst] = self._groups[src]
                self._expires[dst] = self._expires[src]
                for slot, rowid in zip(
                    dst.tolist(), self._rowids[dst].tolist(), strict=True
                ):
                    self._slot[rowid] = slot
            self._size = new_size
            self._group_counts = None

    def clear(self) -> None:
        """Remove every row and release the storage."""
        with self._lock:
            self._slot = {}
            self._size = 0
            self._allocate(0)
            self._group_counts = None
            if self._graph is not None:
                self._graph = HnswGraph(self._dim)
                self._stale = {}
                self._dropped = set()
                self._epoch += 1
                self._graph_work.notify_all()

    # -- the optional graph ---------------------------------------------------------

    def enable_graph(self) -> bool:
        """Keep an HNSW graph of the rows, built in a background thread.

        False (and nothing changes) when usearch does not import. Idempotent.
        """
        with self._lock:
            if self._graph is None and not self._closing:
                try:
                    self._graph = HnswGraph(self._dim)
                except (ImportError, OSError) as err:
                    _LOGGER.debug("No HNSW graph: %s", err)
                    return False
                self._stale = dict.fromkeys(self._slot, 0)
                self._start_builder()
            return self._graph is not None

    @property
    def graph_enabled(self) -> bool:
        """Whether a graph is kept (lock-free: safe on an event loop)."""
        return self._graph is not None

    def save_graph(self, path: Path) -> bool:
        """Write the graph to `path` for the next start; False when there is none.

        What the file holds need not be up to date: `load_graph` checks it.
        """
        with self._lock:
            graph = self._graph
        if graph is None or graph.rows == 0:
            return False
        graph.save(path)
        return True

    def load_graph(self, path: Path) -> int:
        """Adopt the graph `save_graph` wrote, instead of building one.

        Every saved row is checked against the index: rows that are gone are
        removed from it, rows whose vector changed (or that are new) are
        added by the builder as usual. Returns the rows adopted; 0 when the
        file is missing or unusable, or when less than half of the index is
        in it (another model's vectors), and then the graph is built afresh.
        """
        with self._lock:
            current_graph = self._graph
            if current_graph is None or self._closing or not path.exists():
                return 0
        try:
            loaded = HnswGraph(self._dim, saved=path)
        except (ValueError, OSError) as err:
            _LOGGER.warning("Not using the saved vector graph: %s", err)
            return 0
        keys = loaded.keys()
        with self._lock:
            if self._graph is not current_graph or self._closing:
                return 0  # cleared, dropped or closed meanwhile
            slots = np.fromiter(
                (self._slot.get(r, -1) for r in keys.tolist()), np.intp, len(keys)
            )
            held = slots >= 0
            current: set[int] = set()
            # In chunks: at 100,000 rows whole copies would take 300 MB.
            for start in range(0, len(keys), _ADOPT_CHUNK):
                part = slice(start, start + _ADOPT_CHUNK)
                chunk_keys = keys[part][held[part]]
                chunk_slots = slots[part][held[part]]
                saved = loaded.vectors(chunk_keys)
                unit = self._vectors[chunk_slots] * self._inv_norms[chunk_slots, None]
                norms = np.linalg.norm(saved, axis=1)
                # 8-bit vectors keep a cosine above 0.999 with the originals.
                agree = (norms > 0) & (
                    np.einsum("ij,ij->i", unit, saved) >= _SAVED_VECTOR_COSINE * norms
                )
                current.update(chunk_keys[agree].tolist())
            if not current or len(current) < self._size // 2:
                return 0
            self._graph = loaded
            self._stale = {r: 0 for r in self._slot if r not in current}
            self._dropped = set(keys[~held].tolist())
            self._epoch += 1
            self._start_builder()
            self._graph_work.notify_all()
            return len(current)

    def close(self) -> None:
        """Stop the graph builder (if any). Searches keep working without it."""
        with self._lock:
            self._closing = True
            builder, self._builder = self._builder, None
            self._graph_work.notify_all()
        if builder is not None:
            builder.join()

    def graph_status(self) -> dict[str, int | bool]:
        """Whether the graph answers searches, and how far behind it is."""
        with self._lock:
            graph = self._graph
            return {
                "enabled": graph is not None,
                "in_service": self._graph_in_service(self._size),
                "stale_rows": len(self._stale),
                "rows": 0 if graph is None else graph.rows,
            }

    def wait_for_graph(self, timeout: float | None = None) -> bool:
        """Block until the graph holds every row, or is not coming.

        True when the graph is in service.
        """
        with self._lock:
            self._graph_work.wait_for(
                lambda: (
                    self._graph is None
                    or self._closing
                    or self._size < self.graph_min_rows
                    or not (self._graph_has_work() or self._stepping)
                ),
                timeout,
            )
            return self._graph_in_service(self._size)

    def _start_builder(self) -> None:
        """Start the builder thread once there is work for it (under the lock).

        Lazily: small indexes never get a graph, nor a thread.
        """
        if self._builder is None and not self._closing and self._graph_has_work():
            self._builder = threading.Thread(
                target=self._build_graph, name="home_memory_graph", daemon=True
            )
            self._builder.start()

    def _graph_in_service(self, allowed_count: int) -> bool:
        return (
            self._graph is not None
            and not self._big_step
            and allowed_count >= self.graph_min_rows
            and len(self._stale) <= self.graph_stale_max
        )

    def _graph_has_work(self) -> bool:
        if self._graph is None:
            return False
        if self._builder is None and self._size < self.graph_min_rows:
            return False
        return bool(self._stale or self._dropped)

    def _build_graph(self) -> None:
        """Builder thread: bring the graph in step, one step at a time.

        Whatever fails (usearch, memory), the graph is dropped and the scan
        answers every search; a later enable_graph() starts afresh.
        """
        try:
            while self._build_step():
                pass
        except Exception:
            _LOGGER.exception("The HNSW graph failed; searches scan instead")
            with self._lock:
                self._disable_graph()
        finally:
            with self._lock:
                if self._builder is threading.current_thread():
                    self._builder = None
                self._big_step = self._stepping = False
                self._graph_work.notify_all()

    def _build_step(self) -> bool:
        """One step of the builder; False when it should stop."""
        with self._lock:
            self._graph_work.wait_for(lambda: self._closing or self._graph_has_work())
            if self._closing or self._graph is None:
                return False
            graph, epoch = self._graph, self._epoch
            # Until the step ends, waiters must not take the graph as done.
            self._stepping = True
            dropped = np.fromiter(self._dropped, np.int64, len(self._dropped))
            self._dropped.clear()
            # Searches leave the graph alone during a big step (see
            # _graph_in_service): they would wait for all of it.
            self._big_step = len(self._stale) > 2 * self.graph_stale_max
            step = _BUILD_STEP_ROWS if self._big_step else _SERVICE_STEP_ROWS
            batch = list(itertools.islice(self._stale.items(), step))
            ids = np.fromiter((r for r, _ in batch), np.int64, len(batch))
            slots = np.fromiter((self._slot[r] for r, _ in batch), np.intp, len(batch))
            unit = self._vectors[slots] * self._inv_norms[slots, None]
        graph.remove(dropped)
        graph.add(ids, unit)
        with self._lock:
            self._bulk_built |= self._big_step
            self._big_step = self._stepping = False
            if self._epoch == epoch:
                for rowid, version in batch:
                    if self._stale.get(rowid) == version:
                        del self._stale[rowid]
                if len(self._stale) <= self.graph_stale_max:
                    # A dict never shrinks: iterating one that held every row
                    # walks all the deleted entries (130 us at 100,000).
                    self._stale = dict(self._stale)
                if graph.removed > max(self.graph_stale_max, self._size // 4):
                    # Removals leave tombstones that slow the graph: start over.
                    self._graph = HnswGraph(self._dim)
                    self._stale = dict.fromkeys(self._slot, 0)
                    self._dropped = set()
                    self._epoch += 1
            if self._bulk_built and not self._stale:
                # Catching up with a bulk load freed much of what it allocated.
                self._bulk_built = False
                malloc_trim.release_freed_memory()
            self._graph_work.notify_all()
        return True

    def _disable_graph(self) -> None:
        """Drop the graph after a failure (under the lock)."""
        self._graph = None
        self._stale = {}
        self._dropped = set()
        self._epoch += 1
        self._graph_work.notify_all()

    # -- queries -----------------------------------------------------------------

    def vector(self, rowid: int) -> npt.NDArray[np.float32] | None:
        """A copy of the stored vector of ``rowid``, or None."""
        with self._lock:
            slot = self._slot.get(rowid)
            return None if slot is None else self._vectors[slot].copy()

    def similarities(
        self, query: npt.NDArray[np.float32], rowids: Sequence[int]
    ) -> dict[int, float]:
        """Exact cosine between ``query`` and each given rowid in the index."""
        q, q_inv = self._as_query(query)
        with self._lock:
            present = [(r, s) for r in rowids if (s := self._slot.get(r)) is not None]
            if not present:
                return {}
            slots = np.fromiter((s for _, s in present), np.intp, len(present))
            scores = self._exact(q, q_inv, slots)
        return {r: float(v) for (r, _), v in zip(present, scores.tolist(), strict=True)}

    def search(
        self,
        query: npt.NDArray[np.float32],
        k: int,
        *,
        groups: Collection[int] | None = None,
        now: float | None = None,
        allowed_rowids: npt.NDArray[np.int64] | None = None,
    ) -> list[tuple[int, float]]:
        """The top ``k`` rows by cosine, best first, as (rowid, similarity).

        ``groups`` keeps rows of those visibility groups (None: all), ``now``
        drops rows with ``expires_at <= now``, ``allowed_rowids`` keeps only
        those rowids. Ties are broken by rowid.
        """
        q, q_inv = self._as_query(query)
        if k <= 0 or (groups is not None and not groups):
            return []
        with self._lock:
            n = self._size
            if n == 0:
                return []
            allowed = None if allowed_rowids is None else np.asarray(allowed_rowids)
            slots: _Slots | None
            if allowed is not None and allowed.size <= _SLOT_LOOKUP_MAX:
                # Few allowed rowids: filter their slots, score them all.
                slots = self._lookup(allowed)
                slots = slots[self._keep(slots, groups, now)]
            elif (
                allowed is None
                and (proposed := self._graph_candidates(q, k, groups, now)) is not None
            ):
                slots = proposed
            else:
                mask = self._filter_mask(n, groups, now, allowed)
                allowed_count = n if mask is None else int(np.count_nonzero(mask))
                if allowed_count > self.exact_max:
                    rescore = max(
                        self.rescore_min,
                        self.rescore_per_k * k,
                        allowed_count // self.rescore_divisor,
                    )
                    slots = self._candidates(q, n, mask, rescore)
                else:
                    slots = None if mask is None else np.flatnonzero(mask)
            return self._top_k(q, q_inv, slots, k)

    @property
    def nbytes(self) -> int:
        """Bytes held by the index's arrays and its rowid map."""
        with self._lock:
            arrays = (
                self._vectors,
                self._inv_norms,
                self._codes,
                self._rowids,
                self._groups,
                self._expires,
                self._xor,
                self._count,
                self._hamming,
                self._rotation,
            )
            graph = 0 if self._graph is None else self._graph.nbytes
            return sum(a.nbytes for a in arrays) + sys.getsizeof(self._slot) + graph

    # -- search internals (called under the lock) ----------------------------------

    def _lookup(self, rowids: npt.NDArray[np.generic]) -> _Slots:
        found = {
            s
            for r in rowids.reshape(-1).tolist()
            if (s := self._slot.get(r)) is not None
        }
        return np.fromiter(sorted(found), np.intp, len(found))

    def _keep(
        self, slots: _Slots, groups: Collection[int] | None, now: float | None
    ) -> npt.NDArray[np.bool_]:
        keep = np.ones(slots.shape[0], bool)
        if groups is not None:
            keep &= self._in_groups(self._groups[slots], groups)
        if now is not None:
            keep &= self._expires[slots] > now
        return keep

    @staticmethod
    def _in_groups(column: _I64, groups: Collection[int]) -> npt.NDArray[np.bool_]:
        """column in groups: a few == comparisons beat np.isin's sort."""
        wanted = np.fromiter(groups, np.int64)
        if wanted.shape[0] > _GROUP_EQ_MAX:
            return np.isin(column, wanted)
        mask: npt.NDArray[np.bool_] = column == wanted[0]
        for g in wanted[1:]:
            mask |= column == g
        return mask

    def _filter_mask(
        self,
        n: int,
        groups: Collection[int] | None,
        now: float | None,
        allowed: npt.NDArray[np.generic] | None,
    ) -> npt.NDArray[np.bool_] | None:
        mask: npt.NDArray[np.bool_] | None = None
        if groups is not None:
            mask = self._in_groups(self._groups[:n], groups)
        if now is not None:
            fresh = self._expires[:n] > now
            mask = fresh if mask is None else mask & fresh
        if allowed is not None:
            listed = np.isin(self._rowids[:n], allowed.reshape(-1))
            mask = listed if mask is None else mask & listed
        return mask

    def _group_rows(self, groups: Collection[int] | None) -> int:
        """Rows in these visibility groups (None: all), from a cached count."""
        n = self._size
        if groups is None:
            return n
        if self._group_counts is None:
            self._group_counts = np.bincount(self._groups[:n]).tolist()
        counts = self._group_counts
        return sum(counts[g] for g in set(groups) if 0 <= g < len(counts))

    def _graph_candidates(
        self, q: _F32, k: int, groups: Collection[int] | None, now: float | None
    ) -> _Slots | None:
        """Allowed slots the graph proposes plus every stale one; None: scan.

        Only the candidates are filtered, never a mask over every row: at
        100,000 rows the mask alone costs a third of a graph search.
        """
        graph = self._graph
        if graph is None:
            return None
        n = self._size
        visible = self._group_rows(groups)
        if not self._graph_in_service(visible):
            return None
        wanted = max(self.graph_candidates, k)
        # Ask for more when the filters hide part of the rows.
        count = min(n, math.ceil(wanted * n / visible))
        try:
            found = graph.search(q, count)
        except Exception:
            _LOGGER.exception("The HNSW graph failed; searches scan instead")
            self._disable_graph()
            return None
        slot_of = self._slot
        proposed = [s for r in found.tolist() if (s := slot_of.get(r)) is not None]
        if self._stale:
            # A stale row may be in the graph too (with its old vector).
            proposed.extend(slot_of[r] for r in self._stale)
            slots = np.unique(np.array(proposed, np.intp))
        else:
            slots = np.array(proposed, np.intp)
        slots = slots[self._keep(slots, groups, now)]
        if slots.shape[0] < k:
            return None  # the filters dropped too many proposals
        return slots

    def _candidates(
        self,
        q: _F32,
        n: int,
        mask: npt.NDArray[np.bool_] | None,
        rescore: int,
    ) -> _Slots:
        """Slots of the ~``rescore`` allowed rows nearest by Hamming distance."""
        q_words = self._encode(q.reshape(1, -1))[0]
        xor, count, dist = self._xor[:n], self._count[:n], self._hamming[:n]
        for w in range(self._words):
            np.bitwise_xor(self._codes[w, :n], q_words[w], out=xor)
            np.bitwise_count(xor, out=count)
            if w == 0:
                np.copyto(dist, count)
            else:
                np.add(dist, count, out=dist)
        if mask is not None:
            dist[~mask] = self._bits + 1  # never selected: > every real distance
        # Smallest distance threshold that admits at least `rescore` rows.
        cumulative = np.cumsum(np.bincount(dist, minlength=self._bits + 2))
        threshold = int(np.searchsorted(cumulative, rescore))
        slots = np.flatnonzero(dist <= min(threshold, self._bits))
        if slots.shape[0] > 2 * rescore:  # a crowd of ties at the threshold
            slots = np.sort(np.argpartition(dist, rescore)[:rescore])
        return slots

    def _exact(self, q: _F32, q_inv: float, slots: _Slots | None) -> _F32:
        """Exact cosine of ``slots`` (None: every row) against ``q``."""
        count = self._size if slots is None else slots.shape[0]
        out = np.empty(count, np.float32)
        step = self._block_rows
        for start in range(0, count, step):
            stop = min(start + step, count)
            if slots is None:
                block = self._vectors[start:stop]
            else:
                block = self._vectors[slots[start:stop]]
            np.matmul(block, q, out=out[start:stop])
        inv = self._inv_norms[:count] if slots is None else self._inv_norms[slots]
        out *= inv
        out *= np.float32(q_inv)
        return out

    def _top_k(
        self, q: _F32, q_inv: float, slots: _Slots | None, k: int
    ) -> list[tuple[int, float]]:
        scores = self._exact(q, q_inv, slots)
        if scores.shape[0] == 0:
            return []
        rowids = self._rowids[: self._size] if slots is None else self._rowids[slots]
        if k < scores.shape[0]:
            part = np.argpartition(-scores, k - 1)[:k]
            # Rows tied with the k-th score may lie outside `part`; take them
            # all so that the rowid tie-break below is deterministic.
            kth = scores[part].min()
            part = np.flatnonzero(scores >= kth)
            scores, rowids = scores[part], rowids[part]
        order = np.lexsort((rowids, -scores))[:k]
        return [
            (int(r), float(s))
            for r, s in zip(rowids[order].tolist(), scores[order].tolist(), strict=True)
        ]
