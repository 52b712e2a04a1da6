"""Decay, recency, access bonus and effective importance formulas."""

from __future__ import annotations

import math

import numpy as np
import pytest

from custom_components.home_memory.memory.common.values import WeightClass
from custom_components.home_memory.memory.scoring import decay

HALF = 30.0
FLOOR = 0.05


@pytest.mark.parametrize(
    ("weight_class", "half_life_days"),
    [
        (WeightClass.SIGNIFICANT, 90),
        (WeightClass.PREFERENCE, 60),
        (WeightClass.ROUTINE, 45),
        (WeightClass.OBSERVATION, 30),
        (WeightClass.TRANSIENT, 15),
    ],
)
def test_half_life_follows_the_retention_multiplier(
    weight_class: WeightClass, half_life_days: float
) -> None:
    """Each weight class decays to half at its own half-life and starts at 1."""
    value = decay.decay_factor(
        half_life_days, weight_class, base_half_life_days=HALF, floor=FLOOR
    )
    assert value == pytest.approx(0.5)
    assert (
        decay.decay_factor(0, weight_class, base_half_life_days=HALF, floor=FLOOR) == 1
    )


def test_decay_never_drops_below_the_floor() -> None:
    """Decay never falls below the configured floor."""
    assert (
        decay.decay_factor(
            10_000, WeightClass.TRANSIENT, base_half_life_days=HALF, floor=FLOOR
        )
        == FLOOR
    )


def test_access_bonus_is_log_scaled_and_capped() -> None:
    """The access bonus grows with the log of accesses and is capped at 1."""
    assert decay.access_bonus(0) == 0.5
    assert decay.access_bonus(1) == pytest.approx(0.5 + 0.1 * math.log(2))
    assert decay.access_bonus(10**6) == 1.0
    assert decay.access_bonus(3) < decay.access_bonus(4)


def test_effective_importance_formula() -> None:
    """Effective importance is importance x decay x reinforcement, floored.

    Not x class weight, and a never-used memory is not halved
    (docs/retention.md): the class acts through its half-life.
    """
    value = decay.effective_importance(
        0.8, WeightClass.PREFERENCE, 60, 3, base_half_life_days=HALF, floor=FLOOR
    )
    expected = 0.8 * 0.5 * (1 + 0.2 * math.log(4))
    assert value == pytest.approx(expected)
    assert decay.effective_importance(
        0.3, WeightClass.OBSERVATION, 0, 0, base_half_life_days=HALF, floor=FLOOR
    ) == pytest.approx(0.3)
    assert (
        decay.effective_importance(
            0.1, WeightClass.TRANSIENT, 365, 0, base_half_life_days=HALF, floor=FLOOR
        )
        == FLOOR
    )
    assert (
        decay.effective_importance(
            1.0, WeightClass.SIGNIFICANT, 0, 10**6, base_half_life_days=HALF, floor=0
        )
        == 1.0
    )


def test_reinforcement_is_the_access_bonus_relative_to_none() -> None:
    """1 for a memory never used, growing with the log of uses, capped at 2."""
    assert decay.reinforcements(np.array([0], np.int64))[0] == 1.0
    assert decay.reinforcements(np.array([1], np.int64))[0] == pytest.approx(
        1 + 0.2 * math.log(2)
    )
    assert decay.reinforcements(np.array([10**6], np.int64))[0] == 2.0


@pytest.mark.parametrize(
    ("weight_class", "half_life_days"),
    [
        (WeightClass.SIGNIFICANT, 90),
        (WeightClass.OBSERVATION, 30),
        (WeightClass.TRANSIENT, 15),
    ],
)
def test_nothing_is_archived_before_its_class_half_life(
    weight_class: WeightClass, half_life_days: float
) -> None:
    """Below the threshold, a memory is held until it has been idle one half-life."""
    retention = np.array([weight_class.retention_multiplier])
    low = np.array([0.01])
    for days, expected in (
        (0.0, False),
        (half_life_days - 0.01, False),
        (half_life_days, True),
        (10 * half_life_days, True),
    ):
        assert (
            decay.archivable(
                low,
                np.array([days]),
                retention,
                base_half_life_days=HALF,
                threshold=0.1,
            )[0]
            == expected
        ), days
    # At or above the threshold it stays, however long idle.
    assert not decay.archivable(
        np.array([0.1]),
        np.array([1000.0]),
        retention,
        base_half_life_days=HALF,
        threshold=0.1,
    )[0]


def test_recency_is_one_when_new() -> None:
    """Recency is 1 for a new memory and halves after the base half-life."""
    assert decay.recency(0, base_half_life_days=HALF, floor=FLOOR) == 1
    assert decay.recency(30, base_half_life_days=HALF, floor=FLOOR) == pytest.approx(
        0.5
    )
