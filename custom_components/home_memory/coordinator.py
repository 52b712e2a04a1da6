"""Figures about the memory for entities, diagnostics and system health.

No polling: every write path calls `events.async_memories_changed`, whose
dispatcher signal asks this coordinator for a refresh. The figures are counts
and times only, read in the executor.

Entities are readable by every user, so what they show must not move when
someone writes privately: household memories and proposals only, and the
file size at most hourly (README, Privacy).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
import time
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
# The database file's size is read at most this often (seconds): read on
# every change, the size sensor would tell when someone wrote privately.
SIZE_INTERVAL: Final = 3600.0


@dataclass(frozen=True, slots=True, kw_only=True)
class MemoryStats:
    """Counts and times; never any memory text."""

    # Active household memories: what the sensor shows. A count that moved
    # on a private write would tell everyone when someone stored one.
    active_household: int = 0
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


def read_stats(
    store: MemoryStore, pending_proposals: int, database_size: int | None = None
) -> MemoryStats:
    """Gather the figures (blocking); `database_size` if already known."""
    counts = store.counts()
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
    )


class HomeMemoryCoordinator(DataUpdateCoordinator[MemoryStats]):
    """Keeps `MemoryStats` current; refreshed on the memories-changed signal."""

    config_entry: HomeMemoryConfigEntry

    def __init__(self, hass: HomeAssistant, entry: HomeMemoryConfigEntry) -> None:
        """No update interval: writes announce themselves."""
        # (monotonic time read, bytes): the file grows with private writes
        # too, so its size is read at most once per SIZE_INTERVAL.
        self._size: tuple[float, int] | None = None
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
        now = time.monotonic()
        known = (
            self._size[1]
            if self._size is not None and now - self._size[0] < SIZE_INTERVAL
            else None
        )
        try:
            stats = await self.hass.async_add_executor_job(
                read_stats, data.store, data.pending_proposals, known
            )
        except (MemoryEngineError, OSError) as err:
            raise UpdateFailed(
                translation_domain=DOMAIN,
                translation_key="stats_unavailable",
                translation_placeholders={"error": str(err)},
            ) from err
        if known is None:
            self._size = (now, stats.database_size)
        return stats
