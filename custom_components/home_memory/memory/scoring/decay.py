"""Decay, recency, access reinforcement and retention (docs/retention.md).

Each formula is written once over numpy arrays (ranking and maintenance score
many memories at a time); the scalar functions apply it to one memory.

In more words: docs/retention.md, "`memory/scoring/decay.py`".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

if TYPE_CHECKING:
    from ..common.values import WeightClass

SECONDS_PER_DAY = 86_400.0

type Values = npt.NDArray[np.float64]


def decay_factors(
    days_since_access: Values,
    retention_multiplier: Values,
    *,
    base_half_life_days: float,
    floor: float,
) -> Values:
    """Exponential decay of memories since they were last used."""
    half_life = base_half_life_days * retention_multiplier
    values: Values = np.fmax(
        floor, np.power(0.5, np.fmax(0.0, days_since_access) / half_life)
    )
    return values


def recencies(
    days_since_created: Values, *, base_half_life_days: float, floor: float
) -> Values:
    """How new memories are, 1 when just created."""
    values: Values = np.fmax(
        floor, np.power(0.5, np.fmax(0.0, days_since_created) / base_half_life_days)
    )
    return values


def access_bonuses(access_counts: npt.NDArray[np.int64]) -> Values:
    """Log-scaled reinforcement so that no memory dominates by use alone."""
    values: Values = np.minimum(1.0, 0.5 + 0.1 * np.log1p(np.maximum(0, access_counts)))
    return values


#: The access bonus of a memory never used: reinforcement divides by it.
_UNUSED_BONUS = 0.5


def reinforcements(access_counts: npt.NDArray[np.int64]) -> Values:
    """The access bonus relative to a memory never used: 1, up to 2."""
    values: Values = access_bonuses(access_counts) / _UNUSED_BONUS
    return values


def effective_importances(
    importance: Values,
    retention_multiplier: Values,
    days_since_access: Values,
    access_counts: npt.NDArray[np.int64],
    *,
    base_half_life_days: float,
    floor: float,
) -> Values:
    """The importance left after decay, what maintenance archives by.

    The class acts through its half-life only (not its retrieval weight too),
    and use reinforces without never-used memories being halved.
    """
    value = (
        importance
        * decay_factors(
            days_since_access,
            retention_multiplier,
            base_half_life_days=base_half_life_days,
            floor=floor,
        )
        * reinforcements(access_counts)
    )
    clamped: Values = np.fmin(1.0, np.fmax(floor, value))
    return clamped


def archivable(
    effective: Values,
    days_since_access: Values,
    retention_multiplier: Values,
    *,
    base_half_life_days: float,
    threshold: float,
) -> npt.NDArray[np.bool_]:
    """Which memories decay archives: below the threshold, and idle for at
    least their class half-life (a half-life halves a memory, it does not end
    it; no importance, however low, makes one go sooner).
    """
    held = np.fmax(0.0, days_since_access) < base_half_life_days * retention_multiplier
    values: npt.NDArray[np.bool_] = (effective < threshold) & ~held
    return values


def _one(value: float) -> Values:
    return np.array([value], np.float64)


def decay_factor(
    days_since_access: float,
    weight_class: WeightClass,
    *,
    base_half_life_days: float,
    floor: float,
) -> float:
    """Exponential decay of one memory since it was last used."""
    return float(
        decay_factors(
            _one(days_since_access),
            _one(weight_class.retention_multiplier),
            base_half_life_days=base_half_life_days,
            floor=floor,
        )[0]
    )


def recency(
    days_since_created: float, *, base_half_life_days: float, floor: float
) -> float:
    """How new one memory is, 1 when just created."""
    return float(
        recencies(
            _one(days_since_created),
            base_half_life_days=base_half_life_days,
            floor=floor,
        )[0]
    )


def access_bonus(access_count: int) -> float:
    """The reinforcement of one memory used `access_count` times."""
    return float(access_bonuses(np.array([access_count], np.int64))[0])


def reinforcement(access_count: int) -> float:
    """The reinforcement of one memory used `access_count` times."""
    return float(reinforcements(np.array([access_count], np.int64))[0])


def effective_importance(
    importance: float,
    weight_class: WeightClass,
    days_since_access: float,
    access_count: int,
    *,
    base_half_life_days: float,
    floor: float,
) -> float:
    """The importance left after decay of one memory."""
    return float(
        effective_importances(
            _one(importance),
            _one(weight_class.retention_multiplier),
            _one(days_since_access),
            np.array([access_count], np.int64),
            base_half_life_days=base_half_life_days,
            floor=floor,
        )[0]
    )
