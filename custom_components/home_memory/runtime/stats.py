"""The figures about the memory that the entities, diagnostics and system health show.

Counts and times only, never any memory text; read in the executor by the
coordinator (coordinator.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from ..memory.common.values import Tier, Visibility

if TYPE_CHECKING:
    from ..memory.store import MemoryStore


@dataclass(frozen=True, slots=True, kw_only=True)
class MemoryStats:
    """Counts and times; never any memory text."""

    # Active household memories: what the sensor shows. A count that moved
    # on a private write would tell everyone when someone stored one.
    active_household: int = 0
    # For admins only, and moved by private writes: not compared, so a
    # refresh that changed only these updates no entity.
    by_tier: dict[str, int] = field(default_factory=dict, compare=False)
    by_kind: dict[str, int] = field(default_factory=dict, compare=False)
    by_class: dict[str, int] = field(default_factory=dict, compare=False)
    # The newest active household memory: a sensor every user can read must
    # not tell when someone stored a private memory.
    last_memory_at: datetime | None = None
    pending_proposals: int = 0
    pending_embeddings: int = field(default=0, compare=False)
    database_size: int = 0
    # Read with the figures so that a change (the model loaded) counts as one.
    retrieval_mode: str = ""

    @property
    def active(self) -> int:
        """Memories in the active tier (what search and context see)."""
        return self.by_tier.get(str(Tier.ACTIVE), 0)


def read_stats(
    store: MemoryStore, pending_proposals: int, database_size: int | None = None
) -> MemoryStats:
    """Gather the figures (blocking); `database_size` if already known."""
    counts = store.counts(Visibility.HOUSEHOLD)
    newest = store.newest_created_at(Visibility.HOUSEHOLD)
    return MemoryStats(
        active_household=store.count_active(Visibility.HOUSEHOLD),
        by_tier=counts.get("tier", {}),
        by_kind=counts.get("kind", {}),
        by_class=counts.get("weight_class", {}),
        last_memory_at=None
        if newest is None
        else datetime.fromtimestamp(newest, tz=UTC),
        pending_proposals=pending_proposals,
        pending_embeddings=store.pending_embeddings(),
        database_size=store.database_size() if database_size is None else database_size,
        retrieval_mode=store.backends()["retrieval_mode"],
    )
