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

from dataclasses import replace
from datetime import timedelta
from typing import TYPE_CHECKING, Final

from homeassistant.core import callback
from homeassistant.helpers.debounce import Debouncer
from homeassistant.helpers.dispatcher import async_dispatcher_connect
from homeassistant.helpers.event import async_track_time_interval
from homeassistant.helpers.update_coordinator import DataUpdateCoordinator, UpdateFailed

from .const import DOMAIN, LOGGER, SIGNAL_MEMORIES_CHANGED
from .memory.common.errors import MemoryEngineError
from .runtime.stats import MemoryStats, read_stats

if TYPE_CHECKING:
    from datetime import datetime

    from homeassistant.core import HomeAssistant

    from .memory.store import MemoryStore
    from .runtime.conversation_state import ConversationStates
    from .runtime.data import HomeMemoryConfigEntry, ProposalState

# Bursts of writes (an import, a conversation's facts) refresh once.
REFRESH_COOLDOWN: Final = timedelta(seconds=1)
# The database file's size is read on this timer only: read on a change, the
# size sensor would tell when someone wrote privately.
SIZE_INTERVAL: Final = timedelta(hours=1)


class HomeMemoryCoordinator(DataUpdateCoordinator[MemoryStats]):
    """Keeps `MemoryStats` current; refreshed on the memories-changed signal."""

    config_entry: HomeMemoryConfigEntry

    def __init__(
        self,
        hass: HomeAssistant,
        entry: HomeMemoryConfigEntry,
        *,
        store: MemoryStore,
        proposals: ProposalState,
        conversations: ConversationStates,
    ) -> None:
        """No update interval: writes announce themselves.

        Built before the entry's runtime data, with the parts it reads.
        """
        self._store = store
        self._proposals = proposals
        self._conversations = conversations
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
        try:
            size = await self.hass.async_add_executor_job(self._store.database_size)
        except MemoryEngineError, OSError:
            LOGGER.debug("Database size not readable", exc_info=True)
            return
        self._size = size
        if self.data is not None and self.data.database_size != size:
            self.async_set_updated_data(replace(self.data, database_size=size))

    @callback
    def _drop_cached_contexts(self, stale: bool) -> None:
        # A background cached for a later turn may hold a memory that was
        # just made private, forgotten or changed: it goes with every such
        # change, at once (a callback, not a task, so no turn can read it in
        # between). New memories leave it true.
        if stale:
            self._conversations.drop_cached_contexts()

    async def _async_memories_changed(self, _stale: bool) -> None:
        await self.async_request_refresh()

    async def _async_update_data(self) -> MemoryStats:
        try:
            stats = await self.hass.async_add_executor_job(
                read_stats,
                self._store,
                self._proposals.household_pending,
                self._size,
            )
        except (MemoryEngineError, OSError) as err:
            raise UpdateFailed(
                translation_domain=DOMAIN,
                translation_key="stats_unavailable",
                translation_placeholders={"error": str(err)},
            ) from err
        self._size = stats.database_size
        return stats
