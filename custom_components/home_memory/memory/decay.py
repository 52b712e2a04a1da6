"""Decay, recency, access reinforcement and effective importance.

The formulas of the enhancements doc (§Memory decay formula):

    decay        = max(floor, 0.5 ** (days since last access / (half_life * retention)))
    access_bonus = min(1, 0.5 + 0.1 * ln(1 + access_count))
    effective    = clamp(importance * class weight * decay * access_bonus, floor, 1)

Recency is the same curve on the age since creation at the base half-life, so
a new memory is recent even before anyone used it.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .models import WeightClass

SECONDS_PER_DAY = 86_400.0


def decay_factor(
    days_since_access: float,
    weight_class: WeightClass,
    *,
    base_half_life_days: float,
    floor: float,
) -> float:
    """Exponential decay of a memory since it was last used."""
    half_life = base_half_life_days * weight_class.retention_multiplier
    return max(floor, math.pow(0.5, max(0.0, days_since_access) / half_life))


def recency(
    days_since_created: float, *, base_half_life_days: float, floor: float
) -> float:
    """How new a memory is, 1 when just created."""
    return max(floor, math.pow(0.5, max(0.0, days_since_created) / base_half_life_days))


def access_bonus(access_count: int) -> float:
    """Log-scaled reinforcement so that no memory dominates by use alone."""
    return min(1.0, 0.5 + 0.1 * math.log1p(max(0, access_count)))


def effective_importance(
    importance: float,
    weight_class: WeightClass,
    days_since_access: float,
    access_count: int,
    *,
    base_half_life_days: float,
    floor: float,
) -> float:
    """The importance left after decay; maintenance archives below a threshold."""
    value = (
        importance
        * weight_class.retrieval_weight
        * decay_factor(
            days_since_access,
            weight_class,
            base_half_life_days=base_half_life_days,
            floor=floor,
        )
        * access_bonus(access_count)
    )
    return min(1.0, max(floor, value))
