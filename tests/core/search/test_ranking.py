"""The composite score and the ranked list (search/ranking.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from custom_components.home_memory.memory.common.config import EngineConfig
from custom_components.home_memory.memory.common.values import (
    MemoryFilter,
    NewMemory,
    Tier,
    WeightClass,
)
from custom_components.home_memory.memory.scoring import decay
from custom_components.home_memory.memory.search.retrieval import Retriever

from ..conftest import ADMIN, HOUSE

if TYPE_CHECKING:
    from custom_components.home_memory.memory.common.values import ScoredMemory
    from custom_components.home_memory.memory.store import MemoryStore

    from ..conftest import ManualClock


def _composite(item: ScoredMemory, config: EngineConfig, now: float) -> float:
    """The composite score, recomputed from the memory's own fields."""
    memory = item.memory
    accessed = memory.last_accessed_at or memory.created_at
    days_idle = (now - accessed.timestamp()) / decay.SECONDS_PER_DAY
    days_old = (now - memory.created_at.timestamp()) / decay.SECONDS_PER_DAY
    w = config.weights
    half_life, floor = config.base_half_life_days, config.decay_floor
    return (
        w.relevance * item.relevance
        + w.importance
        * memory.importance
        * memory.weight_class.retrieval_weight
        * decay.decay_factor(
            days_idle,
            memory.weight_class,
            base_half_life_days=half_life,
            floor=floor,
        )
        + w.recency
        * decay.recency(days_old, base_half_life_days=half_life, floor=floor)
        + w.access * decay.access_bonus(memory.access_count)
    )


def test_scores_are_the_composite_of_each_memorys_fields(
    store: MemoryStore, clock: ManualClock
) -> None:
    """Active memories are scored from memory, other tiers from the file: alike."""
    classes = list(WeightClass)
    for i in range(10):
        store.create(
            NewMemory(
                content=f"Boiler {i} had its service visit with notes {i * 7}",
                importance=0.1 * (i + 1) - 0.05,
                weight_class=classes[i % len(classes)],
            ),
            HOUSE,
        )
        clock.advance(days=3)
    retriever = Retriever(store)
    retriever.search("boiler service", HOUSE, limit=4)  # some are accessed once
    clock.advance(days=10)
    active = retriever.rank("boiler service visit", HOUSE)
    assert len(active) == 10
    assert {s.memory.access_count for s in active} == {0, 1}
    for item in active:
        assert item.score == pytest.approx(_composite(item, store.config, clock()))
    store.soft_delete(HOUSE, ids=[s.memory.id for s in active[:5]])
    everything = retriever.rank(
        "boiler service visit", ADMIN, MemoryFilter(tiers=tuple(Tier))
    )
    assert {s.memory.tier for s in everything} == {Tier.ACTIVE, Tier.DELETED}
    for item in everything:
        assert item.score == pytest.approx(_composite(item, store.config, clock()))
    assert [s.score for s in everything] == sorted(
        (s.score for s in everything), reverse=True
    )


def test_an_access_counts_in_the_very_next_ranking(store: MemoryStore) -> None:
    """An access raises the memory's score in the very next ranking."""
    store.create(NewMemory(content="the spare key is under the blue pot"), HOUSE)
    retriever = Retriever(store)
    [before] = retriever.rank("spare key", HOUSE)
    assert before.access_bonus == decay.access_bonus(0)
    retriever.search("spare key", HOUSE, limit=1)
    [after] = retriever.rank("spare key", HOUSE)
    assert after.access_bonus == decay.access_bonus(1)
    assert after.score > before.score


def test_importance_breaks_ties_between_equally_relevant(
    store: MemoryStore, clock: ManualClock
) -> None:
    """Between equally relevant memories the more important ranks first."""
    low = store.create(NewMemory(content="garage door code", importance=0.1), HOUSE)
    high = store.create(
        NewMemory(content="garage door code", importance=0.9, owner="x"), HOUSE
    )
    ranked = Retriever(store).rank("garage door code", HOUSE)
    assert [s.memory.id for s in ranked] == [high.memory.id, low.memory.id]


def test_decay_lowers_old_unused_memories(
    store: MemoryStore, clock: ManualClock
) -> None:
    """An old unused memory ranks below a new one of the same text."""
    old = store.create(NewMemory(content="pool filter cleaning"), HOUSE)
    clock.advance(days=120)
    new = store.create(NewMemory(content="pool filter cleaning", owner="x"), HOUSE)
    ranked = Retriever(store).rank("pool filter cleaning", HOUSE)
    assert ranked[0].memory.id == new.memory.id
    assert ranked[1].decay < ranked[0].decay
    assert ranked[1].recency < ranked[0].recency
    assert old.memory.id == ranked[1].memory.id


def test_weights_are_configurable(store: MemoryStore) -> None:
    """With only relevance weighted, the score equals the relevance."""
    from custom_components.home_memory.memory.common.config import ScoringWeights

    store.create(NewMemory(content="tea kettle descaling", importance=1.0), HOUSE)
    only_relevance = Retriever(
        store,
        EngineConfig(
            weights=ScoringWeights(relevance=1, importance=0, recency=0, access=0)
        ),
    )
    [item] = only_relevance.rank("tea kettle descaling", HOUSE)
    assert item.score == pytest.approx(item.relevance)
