"""Look-alike pairs for consolidation, found within a bounded budget.

Each memory is compared with the others of its owner and visibility, and
only its `max_neighbours` nearest above the floor are kept: a cluster of
thousands of look-alike facts (attack review s17 H1: 10,000 "Crash test note
…" took Home Assistant to 16 GB) makes at most that many pairs per memory,
not millions. A run keeps at most `max_pairs` pairs and stops looking once
its time budget is spent; it then says where the next run goes on (a rowid),
and the store keeps that between nights. Below the budget every pair the
old full search found is found, in the same order. Plain numpy.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

import numpy as np

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    import numpy.typing as npt

    from ..embedding.profiles import SimilarityMap

# Similarity scores computed at once: block rows x group size float32 values
# (16 MB), besides the neighbour indexes picked from them.
BLOCK_ELEMENTS: Final = 4_000_000

# (similarity, row index, row index), the smaller index first.
type Pair = tuple[float, int, int]


@dataclass(frozen=True, slots=True, kw_only=True)
class PairBudget:
    """How much one run may look at."""

    merge_threshold: float
    supersede_threshold: float
    max_neighbours: int
    max_pairs: int
    block_rows: int
    # Seconds of searching, read on `timer`; None: no limit.
    seconds: float | None = None


@dataclass(frozen=True, slots=True)
class PairSearch:
    """The pairs found, best first, and the rowid the next run starts at
    (None: this run went through to the end)."""

    pairs: list[Pair]
    resume_at: int | None = None
    # Stopped by `should_stop` (shutting down): not where a budget ended.
    stopped: bool = False


def similar_pairs(
    matrix: npt.NDArray[np.float32],
    rowids: Sequence[int],
    groups: Sequence[int],
    kinds: npt.NDArray[np.int8],
    budget: PairBudget,
    *,
    calibrate: SimilarityMap,
    start_rowid: int = 0,
    timer: Callable[[], float] | None = None,
    should_stop: Callable[[], bool] | None = None,
) -> PairSearch:
    """(similarity, i, j) of rows in one group, above the thresholds.

    Rows (in rowid order) from `start_rowid` on each bring their nearest
    partners in their group; a pair below the merge threshold counts only
    between memories of one kind that may be superseded (`kinds` > 0).
    """
    floor = min(budget.merge_threshold, budget.supersede_threshold)
    group_array = np.asarray(groups, np.int64)
    rowid_array = np.asarray(rowids, np.int64)
    members_of = {
        int(group): np.flatnonzero(group_array == group)
        for group in np.unique(group_array)
    }
    position = np.zeros(len(rowids), np.int64)
    for members in members_of.values():
        position[members] = np.arange(members.shape[0])
    largest = max((m.shape[0] for m in members_of.values()), default=1)
    step = max(1, min(budget.block_rows, BLOCK_ELEMENTS // largest))
    deadline = (
        None if budget.seconds is None or timer is None else timer() + budget.seconds
    )
    found: dict[tuple[int, int], float] = {}
    anchor = int(np.searchsorted(rowid_array, start_rowid))
    resume_at: int | None = None
    stopped = False
    while anchor < len(rowids) and resume_at is None:
        if should_stop is not None and should_stop():
            stopped = True
            break
        stop = min(anchor + step, len(rowids))
        nearest = _nearest(
            matrix, np.arange(anchor, stop), group_array, members_of, position,
            kinds, budget, floor, calibrate,
        )  # fmt: skip
        for row in range(anchor, stop):
            if not _take(found, row, nearest.get(row, ()), budget.max_pairs):
                resume_at = int(rowid_array[row])
                break
        else:
            anchor = stop
            if (
                anchor < len(rowids)
                and deadline is not None
                and timer is not None
                and timer() >= deadline
            ):
                resume_at = int(rowid_array[anchor])
    pairs = [(value, a, b) for (a, b), value in found.items()]
    pairs.sort(key=lambda pair: (-pair[0], pair[1], pair[2]))
    return PairSearch(pairs, resume_at, stopped)


def _take(
    found: dict[tuple[int, int], float],
    row: int,
    partners: Sequence[tuple[int, float]],
    max_pairs: int,
) -> bool:
    """Add a row's pairs not found yet; False (nothing added) when they
    would pass `max_pairs`, unless nothing was found before (a run always
    moves on)."""
    new = {
        (min(row, other), max(row, other)): value
        for other, value in partners
        if (min(row, other), max(row, other)) not in found
    }
    room = max_pairs - len(found)
    if len(new) > room and found:
        return False
    for key in list(new)[: max(room, 0)]:
        found[key] = new[key]
    return True


def _nearest(
    matrix: npt.NDArray[np.float32],
    anchors: npt.NDArray[np.int64],
    group_array: npt.NDArray[np.int64],
    members_of: dict[int, npt.NDArray[np.int64]],
    position: npt.NDArray[np.int64],
    kinds: npt.NDArray[np.int8],
    budget: PairBudget,
    floor: float,
    calibrate: SimilarityMap,
) -> dict[int, list[tuple[int, float]]]:
    """Each anchor row's nearest partners of its group: (row, similarity)."""
    nearest: dict[int, list[tuple[int, float]]] = {}
    for group in np.unique(group_array[anchors]):
        members = members_of[int(group)]
        if members.shape[0] < 2:
            continue
        rows = anchors[group_array[anchors] == group]
        scores = calibrate(matrix[rows] @ matrix[members].T)
        scores[np.arange(rows.shape[0]), position[rows]] = -np.inf
        # Below the merge threshold only same-kind preference/fact pairs can
        # matter (supersede): the rest take no neighbour's place.
        row_kinds = kinds[rows][:, None]
        useless = (scores < floor) | (
            (scores < budget.merge_threshold)
            & ~((row_kinds == kinds[members][None, :]) & (row_kinds > 0))
        )
        scores[useless] = -np.inf
        del useless
        count = min(budget.max_neighbours, members.shape[0] - 1)
        if count < members.shape[0] - 1:
            picked = np.argpartition(scores, -count, axis=1)[:, -count:]
        else:
            picked = np.broadcast_to(
                np.arange(members.shape[0]), (rows.shape[0], members.shape[0])
            )
        values = np.take_along_axis(scores, picked, axis=1)
        for local, row in enumerate(rows.tolist()):
            kept = np.isfinite(values[local])
            if kept.any():
                nearest[row] = list(
                    zip(
                        members[picked[local][kept]].tolist(),
                        values[local][kept].tolist(),
                        strict=True,
                    )
                )
    return nearest
