"""Decay over simulated months: maintenance archives and purges on the days
the formula says, and not a day earlier.

The expected days are computed here from the documented formula
(docs/retention.md), independently of decay.py:

    decay         = max(0.05, 0.5 ^ (days since last access / (30 x retention)))
    reinforcement = min(1, 0.5 + 0.1 ln(1 + access count)) / 0.5
    effective     = max(0.05, importance x decay x reinforcement)

archived once effective < 0.10 and idle for at least the class half-life
(30 x retention days), purged 90 days after archiving. Maintenance runs once a
day, as the nightly schedule does.

Until issue 19 effective importance also multiplied by the class weight and by
the access bonus itself (0.5 for a memory never used): an ordinary
observation (importance 0.3) was archived the first night. The class now acts
through its half-life alone; these tests check the days of the new formula.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pytest

from custom_components.home_memory.memory.common.values import (
    SYSTEM,
    NewMemory,
    Tier,
    WeightClass,
)

if TYPE_CHECKING:
    from custom_components.home_memory.memory.store import MemoryStore

    from .conftest import ManualClock

BASE_HALF_LIFE = 30.0
FLOOR = 0.05
ARCHIVE_BELOW = 0.10
PURGE_AFTER_DAYS = 90
# (retrieval weight, retention multiplier) as documented.
CLASSES = {
    WeightClass.SIGNIFICANT: (1.0, 3.0),
    WeightClass.PREFERENCE: (0.8, 2.0),
    WeightClass.ROUTINE: (0.6, 1.5),
    WeightClass.OBSERVATION: (0.5, 1.0),
    WeightClass.TRANSIENT: (0.3, 0.5),
}
IMPORTANCES = (0.7, 0.85, 1.0)
# For the counts: also memories below twice the threshold, which are held for
# one half-life and archived on that day.
ALL_IMPORTANCES = (0.05, 0.15, 0.45, 0.7, 0.85, 1.0)
SIMULATED_DAYS = 420


def effective(
    importance: float, weight_class: WeightClass, days: float, accesses: int = 0
) -> float:
    """The documented effective-importance formula, written out independently."""
    _, retention = CLASSES[weight_class]
    decay = max(FLOOR, 0.5 ** (days / (BASE_HALF_LIFE * retention)))
    reinforcement = min(1.0, 0.5 + 0.1 * math.log(1 + accesses)) / 0.5
    return max(FLOOR, importance * decay * reinforcement)


def half_life(weight_class: WeightClass) -> float:
    """The class's half-life in days."""
    return BASE_HALF_LIFE * CLASSES[weight_class][1]


def archive_day(
    importance: float,
    weight_class: WeightClass,
    *,
    accessed_on: int = 0,
    accesses: int = 0,
) -> int:
    """The first daily run (days after creation) that archives the memory."""
    day = accessed_on + 1
    while (
        day - accessed_on < half_life(weight_class)
        or effective(importance, weight_class, day - accessed_on, accesses)
        >= ARCHIVE_BELOW
    ):
        day += 1
    return day


def crossing_day(importance: float, weight_class: WeightClass) -> float:
    """Where the curve crosses the threshold, solved for the days (no access)."""
    return half_life(weight_class) * math.log2(importance / ARCHIVE_BELOW)


def create(
    store: MemoryStore, content: str, weight_class: WeightClass, importance: float
) -> str:
    """Store one memory with the given class and importance; return its id."""
    result = store.create_many(
        [NewMemory(content=content, weight_class=weight_class, importance=importance)],
        SYSTEM,
        dedup=False,
    )
    return result[0].memory.id


def tier_of(store: MemoryStore, memory_id: str) -> Tier | None:
    """The memory's tier, or None once it is purged."""
    rowids = store.rowids_of([memory_id])
    if not rowids:
        return None
    return store.fetch(rowids)[rowids[0]].tier


def test_significant_memories_outlive_transient_ones_by_the_formula(
    store: MemoryStore, clock: ManualClock
) -> None:
    """Daily maintenance archives each memory on the day the formula predicts."""
    ids: dict[tuple[WeightClass, float], str] = {}
    for weight_class in (WeightClass.SIGNIFICANT, WeightClass.TRANSIENT):
        for importance in IMPORTANCES:
            ids[weight_class, importance] = create(
                store,
                f"A {weight_class} memory of importance {importance}",
                weight_class,
                importance,
            )
    expected = {
        (weight_class, importance): archive_day(importance, weight_class)
        for weight_class, importance in ids
    }
    archived_on: dict[tuple[WeightClass, float], int] = {}
    for day in range(1, SIMULATED_DAYS + 1):
        clock.advance(days=1)
        store.run_maintenance()
        for key, memory_id in ids.items():
            if key not in archived_on and tier_of(store, memory_id) is Tier.ARCHIVED:
                archived_on[key] = day
    assert archived_on == expected
    for importance in IMPORTANCES:
        significant = archived_on[WeightClass.SIGNIFICANT, importance]
        transient = archived_on[WeightClass.TRANSIENT, importance]
        # Archived on the first daily run past the crossing, never before it.
        for weight_class, day in (
            (WeightClass.SIGNIFICANT, significant),
            (WeightClass.TRANSIENT, transient),
        ):
            crossing = crossing_day(importance, weight_class)
            assert day - 1 <= crossing < day
        # 3x against 0.5x the half-life: six times as long (less a day's
        # rounding; the class weight no longer shortens the transient more).
        assert significant > 5.8 * transient


def test_access_reinforcement_keeps_a_memory_longer(
    store: MemoryStore, clock: ManualClock
) -> None:
    """An access postpones archiving by the amount the formula predicts."""
    untouched = create(store, "The pizza place closes early", WeightClass.ROUTINE, 0.9)
    reinforced = create(store, "The bakery closes early", WeightClass.ROUTINE, 0.9)
    untouched_day = archive_day(0.9, WeightClass.ROUTINE)
    accessed_on = untouched_day - 5
    reinforced_day = archive_day(
        0.9, WeightClass.ROUTINE, accessed_on=accessed_on, accesses=1
    )
    assert reinforced_day > untouched_day
    for day in range(1, reinforced_day + 1):
        clock.advance(days=1)
        if day == accessed_on:
            store.record_access(store.rowids_of([reinforced]), SYSTEM, "search")
        store.run_maintenance()
        # Reinforced, a memory starts its decay again from the top: the other
        # one is archived and purged meanwhile.
        expected_untouched = (
            Tier.ACTIVE
            if day < untouched_day
            else Tier.ARCHIVED
            if day < untouched_day + PURGE_AFTER_DAYS
            else None
        )
        expected_reinforced = Tier.ARCHIVED if day >= reinforced_day else Tier.ACTIVE
        assert tier_of(store, untouched) is expected_untouched, day
        assert tier_of(store, reinforced) is expected_reinforced, day


def test_archive_and_purge_counts_follow_the_formula(
    store: MemoryStore, clock: ManualClock
) -> None:
    """Daily archive and purge counts match the formula, until nothing is left."""
    archive_on: dict[str, int] = {}
    for weight_class in CLASSES:
        for importance in ALL_IMPORTANCES:
            memory_id = create(
                store, f"Memory {weight_class} {importance}", weight_class, importance
            )
            archive_on[memory_id] = archive_day(importance, weight_class)
    assert max(archive_on.values()) + PURGE_AFTER_DAYS <= SIMULATED_DAYS
    total_archived = total_purged = 0
    for day in range(1, SIMULATED_DAYS + 1):
        clock.advance(days=1)
        stats = store.run_maintenance()
        expected_archived = sum(1 for d in archive_on.values() if d == day)
        expected_purged = sum(
            1 for d in archive_on.values() if d + PURGE_AFTER_DAYS == day
        )
        assert stats.archived_decayed == expected_archived, day
        assert stats.purged_archived == expected_purged, day
        assert stats.processed == sum(1 for d in archive_on.values() if d >= day)
        total_archived += stats.archived_decayed
        total_purged += stats.purged_archived
    assert total_archived == total_purged == len(archive_on)
    # Nothing is left in any tier.
    assert not store.counts().get("tier")


@pytest.mark.parametrize("weight_class", list(CLASSES))
def test_the_store_uses_the_documented_constants(
    store: MemoryStore, weight_class: WeightClass
) -> None:
    """The store's weights, half-life, floor and thresholds are the documented ones."""
    assert (weight_class.retrieval_weight, weight_class.retention_multiplier) == (
        CLASSES[weight_class]
    )
    config = store.config
    assert (
        config.base_half_life_days,
        config.decay_floor,
        config.archive_threshold,
        config.purge_archived_after_days,
    ) == (BASE_HALF_LIFE, FLOOR, ARCHIVE_BELOW, PURGE_AFTER_DAYS)
