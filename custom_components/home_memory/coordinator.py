"""Figures about the memory for entities, diagnostics and system health.

No polling: every write path calls `events.async_memories_changed`, whose
dispatcher signal asks this coordinator for a refresh. The figures are counts
and times only, read in the executor.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Final

from homeassistant.core import callback
from homeassistant.helpers.debounce import Debouncer
from homeassistant.helpers.dispatcher import async_dispatcher_connect
from homeassistant.helpers.update_coordinator import DataUpdateCoordinator, UpdateFailed

from .const import DOMAIN, LOGGER, SIGNAL_MEMORIES_CHANGED
from .memory.models import Tier, Visibility
from .memory.store import MemoryEngineError

if TYPE_CHECKING:
    from homeassistant.core import HomeAssistant

    from .memory.store import MemoryStore
    from .runtime import HomeMemoryConfigEntry

# Bursts of writes (an import, a conversation's facts) refresh once.
REFRESH_COOLDOWN: Final = timedelta(seconds=1)


@dataclass(frozen=True, slots=True, kw_only=True)
class MemoryStats:
    """Counts and times; never any memory text."""

    by_tier: dict[str, int] = field(default_factory=dict)
    by_kind: dict[str, int] = field(default_factory=dict)
    by_class: dict[str, int] = field(default_factory=dict)
    # The newest active household memory: a sensor every user can read must
    # not tell when someone stored a private memory.
    last_memory_at: datetime | None = None
    pending_proposals: int = 0
    pending_embeddings: int = 0
    database_size: int = 0

    @property
    def active(self) -> int:
        """Memories in the active tier (what search and context see)."""
        return self.by_tier.get(str(Tier.ACTIVE), 0)


def read_stats(store: MemoryStore, pending_proposals: int) -> MemoryStats:
    """Gather the figures (blocking)."""
    counts = store.counts()
    newest = store.newest_created_at(Visibility.HOUSEHOLD)
    return MemoryStats(
        by_tier=counts.get("tier", {}),
        by_kind=counts.get("kind", {}),
        by_class=counts.get("weight_class", {}),
        last_memory_at=None
        if newest is None
        else datetime.fromtimestamp(newest, tz=UTC),
        pending_proposals=pending_proposals,
        pending_embeddings=store.pending_embeddings(),
        database_size=store.database_size(),
    )


class HomeMemoryCoordinator(DataUpdateCoordinator[MemoryStats]):
    """Keeps `MemoryStats` current; refreshed on the memories-changed signal."""

    config_entry: HomeMemoryConfigEntry

    def __init__(self, hass: HomeAssistant, entry: HomeMemoryConfigEntry) -> None:
        """No update interval: writes announce themselves."""
        super().__init__(
            hass,
            LOGGER,
            config_entry=entry,
            name=DOMAIN,
            update_interval=None,
            request_refresh_debouncer=Debouncer(
                hass,
                LOGGER,
                cooldown=REFRESH_COOLDOWN.total_seconds(),
                immediate=True,
            ),
        )

    async def _async_setup(self) -> None:
        """Refresh whenever memories change, for as long as the entry is loaded."""
        self.config_entry.async_on_unload(
            async_dispatcher_connect(
                self.hass, SIGNAL_MEMORIES_CHANGED, self._drop_cached_contexts
            )
        )
        self.config_entry.async_on_unload(
            async_dispatcher_connect(
                self.hass, SIGNAL_MEMORIES_CHANGED, self._async_memories_changed
            )
        )

    @callback
    def _drop_cached_contexts(self) -> None:
        # A background cached for a later turn may hold a memory that was
        # just made private or forgotten: it goes with every change, at once
        # (a callback, not a task, so no turn can read it in between).
        self.config_entry.runtime_data.conversations.drop_cached_contexts()

    async def _async_memories_changed(self) -> None:
        await self.async_request_refresh()

    async def _async_update_data(self) -> MemoryStats:
        data = self.config_entry.runtime_data
        try:
            return await self.hass.async_add_executor_job(
                read_stats, data.store, data.pending_proposals
            )
        except (MemoryEngineError, OSError) as err:
            raise UpdateFailed(
                translation_domain=DOMAIN,
                translation_key="stats_unavailable",
                translation_placeholders={"error": str(err)},
            ) from err
