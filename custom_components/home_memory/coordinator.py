"""Figures about the memory for entities, diagnostics and system health.

No polling: every write path calls `events.async_memories_changed`, whose
dispatcher signal asks this coordinator for a refresh. The figures are counts
and times only, read in the executor.

Entities are readable by every user, so what they show must not move when
someone writes privately: household memories and proposals only, and the
file size on its own hourly timer, never on a write (README, Privacy). The
figures for admins only (diagnostics, system health) are refreshed too, but
do not count as a change: a private write writes no entity state at all, so
not even `last_reported` tells when it happened.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Final

from homeassistant.core import callback
from homeassistant.helpers.debounce import Debouncer
from homeassistant.helpers.dispatcher import async_dispatcher_connect
from homeassistant.helpers.event import async_track_time_interval
from homeassistant.helpers.update_coordinator import DataUpdateCoordinator, UpdateFailed

from .const import DOMAIN, LOGGER, SIGNAL_MEMORIES_CHANGED
from .memory.models import Tier, Visibility
from .memory.store import MemoryEngineError

if TYPE_CHECKING:
    from homeassistant.core import HomeAssistant

    from .memory.store import MemoryStore
    from .runtime.data import HomeMemoryConfigEntry

# Bursts of writes (an import, a conversation's facts) refresh once.
REFRESH_COOLDOWN: Final = timedelta(seconds=1)
# The database file's size is read on this timer only: read on a change, the
# size sensor would tell when someone wrote privately.
SIZE_INTERVAL: Final = timedelta(hours=1)


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
        retrieval_mode=store.backends()["retrieval_mode"],
    )


class HomeMemoryCoordinator(DataUpdateCoordinator[MemoryStats]):
    """Keeps `MemoryStats` current; refreshed on the memories-changed signal."""

    config_entry: HomeMemoryConfigEntry

    def __init__(self, hass: HomeAssistant, entry: HomeMemoryConfigEntry) -> None:
        """No update interval: writes announce themselves."""
        # The file grows with private writes too: its size is read at the
        # first refresh and then by the hourly timer only.
        self._size: int | None = None
        super().__init__(
            hass,
            LOGGER,
            config_entry=entry,
            name=DOMAIN,
            update_interval=None,
            # Entities are written only when a compared figure changed.
            always_update=False,
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
        self.config_entry.async_on_unload(
            async_track_time_interval(
                self.hass,
                self._async_read_size,
                SIZE_INTERVAL,
                name=f"{DOMAIN} database size",
            )
        )

    async def _async_read_size(self, _now: datetime) -> None:
        """The hourly reading of the file size (the only one after setup)."""
        store = self.config_entry.runtime_data.store
        try:
            size = await self.hass.async_add_executor_job(store.database_size)
        except MemoryEngineError, OSError:
            LOGGER.debug("Database size not readable", exc_info=True)
            return
        self._size = size
        if self.data is not None and self.data.database_size != size:
            self.async_set_updated_data(replace(self.data, database_size=size))

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
            stats = await self.hass.async_add_executor_job(
                read_stats, data.store, data.pending_proposals, self._size
            )
        except (MemoryEngineError, OSError) as err:
            raise UpdateFailed(
                translation_domain=DOMAIN,
                translation_key="stats_unavailable",
                translation_placeholders={"error": str(err)},
            ) from err
        self._size = stats.database_size
        return stats
