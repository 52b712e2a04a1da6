"""Backup platform: the memory database is copied in a consistent state.

Before Home Assistant writes a backup, the WAL is checkpointed into the main
file and truncated, automatic checkpoints stop, and writes are held (a writer
waits up to a minute, then goes on into the WAL only, which leaves the copied
main file untouched). Reads go on throughout. After the backup, or when it
failed, writes and checkpoints resume. Home Assistant calls the post hook in a
`finally`; should it never come, the store resumes by itself (with a warning)
once writes have been held for `WRITE_PAUSE_LIMIT_S` (30 minutes). Closing the
store during a backup (a reload, a shutdown) leaves the main file as it is:
what was written meanwhile stays in the WAL and the next open recovers it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .const import DOMAIN, LOGGER

if TYPE_CHECKING:
    from homeassistant.core import HomeAssistant

    from .memory.store import MemoryStore
    from .runtime.data import HomeMemoryConfigEntry


def _stores(hass: HomeAssistant) -> list[MemoryStore]:
    entries: list[HomeMemoryConfigEntry] = hass.config_entries.async_loaded_entries(
        DOMAIN
    )
    return [entry.runtime_data.store for entry in entries]


async def async_pre_backup(hass: HomeAssistant) -> None:
    """Checkpoint the database and hold writes until the backup is written."""
    for store in _stores(hass):
        if not await hass.async_add_executor_job(store.pause_writes):
            # A reader kept part of the WAL; the WAL file is in the backup too.
            LOGGER.debug("The checkpoint before the backup was incomplete")


async def async_post_backup(hass: HomeAssistant) -> None:
    """Let writes and checkpoints resume."""
    for store in _stores(hass):
        await hass.async_add_executor_job(store.resume_writes)
