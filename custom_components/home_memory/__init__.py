"""Home Memory: a long-term memory for Home Assistant's Assist.

This module wires setup, unload and removal: it builds the entry's parts and
starts them. Opening the database, loading the model and migrating entries
live in `runtime/`. The memory engine (`memory/`) is blocking; everything
hands it to the executor so that the event loop never waits on SQLite or the
model.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

from homeassistant.const import EVENT_HOMEASSISTANT_STOP, Platform
from homeassistant.helpers import config_validation as cv

from .assist.context import async_warm_up
from .assist.intents import async_setup_intents
from .assist.llm_api import async_setup_llm_api
from .assist.prompt_refresh import async_setup_prompt_refresh
from .background.conversation_capture import (
    SessionWork,
    async_nightly_job,
    async_start_session_work,
    create_session_work,
)
from .background.departed_people import async_watch_departed
from .background.household_people import async_watch_household
from .background.maintenance import Maintenance
from .background.observer import HomeObserver, async_start_observer
from .const import DOMAIN, LOGGER
from .coordinator import HomeMemoryCoordinator
from .memory.search.retrieval import Retriever
from .operations.events import async_memories_changed
from .operations.set_aside import async_set_aside
from .runtime.conversation_state import ConversationStates
from .runtime.data import HomeMemoryData, ModelState, ProposalState
from .runtime.database_setup import async_open_database, database_path
from .runtime.ha_internals import async_unload_platforms
from .runtime.issues import (
    async_delete_entry_issues,
    async_report_corrupt_database,
    async_watch_private_actions,
)
from .runtime.language import async_follow_language
from .runtime.latency import LatencyRecorder
from .runtime.migration import migrate_entry
from .runtime.model_loading import async_load_model
from .runtime.options import HomeMemoryOptions
from .runtime.panel import async_register_panel
from .services import async_setup_services
from .websocket_api import async_setup_websocket_api

if TYPE_CHECKING:
    from pathlib import Path

    from homeassistant.core import Event, HomeAssistant
    from homeassistant.helpers.typing import ConfigType

    from .memory.store import MemoryStore
    from .runtime.data import HomeMemoryConfigEntry
    from .runtime.database import OpenedStore

CONFIG_SCHEMA = cv.config_entry_only_config_schema(DOMAIN)
PLATFORMS: list[Platform] = [Platform.SENSOR]


async def async_setup(hass: HomeAssistant, config: ConfigType) -> bool:
    """Register the actions, the LLM API (and its per-turn prompt check) and the
    websocket commands, once."""
    async_setup_services(hass)
    async_setup_llm_api(hass)
    async_setup_prompt_refresh(hass)
    async_setup_websocket_api(hass)
    return True


async def async_setup_entry(hass: HomeAssistant, entry: HomeMemoryConfigEntry) -> bool:
    """Open the database; the model follows in the background."""
    options = HomeMemoryOptions.from_entry_options(entry.options)
    db_path = database_path(hass)
    opened = await async_open_database(hass, db_path, options)
    background = _build_background(hass, entry, opened.store, options)
    data = entry.runtime_data = _build_runtime(
        hass, entry, options, db_path, opened, background
    )
    if opened.corrupt_moved_to is not None:
        LOGGER.error(
            "The memory database %s could not be read; it was moved to %s and an "
            "empty one was started",
            db_path,
            opened.corrupt_moved_to,
        )
        async_report_corrupt_database(hass, entry, opened.corrupt_moved_to)

    async_follow_language(hass, entry)

    async def _async_close_on_stop(_: Event) -> None:
        # Entries are not unloaded on shutdown: checkpoint the WAL and stop the
        # re-embedding thread here.
        await _async_close(hass, data)

    entry.async_on_unload(
        hass.bus.async_listen_once(EVENT_HOMEASSISTANT_STOP, _async_close_on_stop)
    )
    try:
        await data.coordinator.async_config_entry_first_refresh()
        await hass.config_entries.async_forward_entry_setups(entry, PLATFORMS)
    except BaseException:
        await _async_close(hass, data)
        raise
    await _async_start_features(hass, entry, background)
    # Not eager: setup returns first, the model (about a second) loads after.
    data.model.task = entry.async_create_background_task(
        hass,
        _async_load_model(hass, entry, data),
        f"{DOMAIN} load embedding model",
        eager_start=False,
    )
    return True


@dataclass(frozen=True, slots=True)
class _Background:
    """What runs by itself, built before the runtime data and started after it."""

    observer: HomeObserver
    maintenance: Maintenance
    sessions: SessionWork


def _build_background(
    hass: HomeAssistant,
    entry: HomeMemoryConfigEntry,
    store: MemoryStore,
    options: HomeMemoryOptions,
) -> _Background:
    return _Background(
        observer=HomeObserver(hass, store, options),
        maintenance=Maintenance(
            hass, entry, store, options, jobs=[partial(async_nightly_job, hass, entry)]
        ),
        sessions=create_session_work(hass, entry, store, options),
    )


def _build_runtime(
    hass: HomeAssistant,
    entry: HomeMemoryConfigEntry,
    options: HomeMemoryOptions,
    db_path: Path,
    opened: OpenedStore,
    background: _Background,
) -> HomeMemoryData:
    """The entry's runtime data, every part built here and nowhere later.

    Nothing listens or runs yet: `_async_start_features` starts the parts.
    """
    store = opened.store
    # Its expiries (a forget awaiting "yes", an idle conversation) are the
    # household's time, on the store's clock.
    conversations = ConversationStates(clock=store.now)
    proposals = ProposalState()
    observer, maintenance, sessions = (
        background.observer,
        background.maintenance,
        background.sessions,
    )
    return HomeMemoryData(
        store=store,
        retriever=Retriever(store),
        options=options,
        db_path=db_path,
        corrupt_db_moved_to=opened.corrupt_moved_to,
        coordinator=HomeMemoryCoordinator(
            hass,
            entry,
            store=store,
            proposals=proposals,
            conversations=conversations,
        ),
        model=ModelState(),
        conversations=conversations,
        latency=LatencyRecorder(),
        proposals=proposals,
        observer=observer,
        capture=sessions.capture,
        maintenance=maintenance,
        # A run in progress stops first; the observer writes what it holds;
        # then the captured turns are stored and their tasks cancelled.
        before_close=(
            maintenance.async_stop,
            observer.async_stop,
            *sessions.before_close,
        ),
    )


async def _async_start_features(
    hass: HomeAssistant, entry: HomeMemoryConfigEntry, background: _Background
) -> None:
    """Start what runs by itself and what Assist hears, once the entry is up."""
    await async_setup_intents(hass, entry)
    background.maintenance.async_start()
    await async_start_observer(background.observer)
    async_start_session_work(hass, entry, background.sessions)
    async_watch_private_actions(hass, entry)
    await async_watch_departed(hass, entry)
    async_watch_household(hass, entry)
    entry.async_on_unload(entry.runtime_data.conversations.clear)
    await async_register_panel(hass, entry)


async def _async_load_model(
    hass: HomeAssistant, entry: HomeMemoryConfigEntry, data: HomeMemoryData
) -> None:
    """Load the model (runtime/model_loading.py), then refresh the entities."""
    await async_load_model(hass, entry, data)
    # The retrieval mode may have changed: the entities refresh.
    async_memories_changed(hass, entities_only=True)
    try:
        await async_warm_up(hass, data)
    except Exception:  # noqa: BLE001 - only the first turn is slower
        LOGGER.warning("Warming up the memory search failed", exc_info=True)


async def _async_close(hass: HomeAssistant, data: HomeMemoryData) -> None:
    """Stop the model task and close the store (idempotent).

    A failing `before_close` job is logged; the others still run and the
    store always closes.
    """
    for job in data.before_close:
        try:
            await job()
        except Exception:  # noqa: BLE001 - logged with its traceback
            LOGGER.exception("Preparing Home Memory's database to close failed")
    if (task := data.model.task) is not None and not task.done():
        task.cancel()
        await asyncio.wait([task])
    # No refresh reads the figures of a closed store (review s21: an ERROR
    # at shutdown).
    await data.coordinator.async_shutdown()
    await hass.async_add_executor_job(data.store.close)


async def async_unload_entry(hass: HomeAssistant, entry: HomeMemoryConfigEntry) -> bool:
    """Close the database; listeners go with entry.async_on_unload.

    A boolean still (2026.10 takes nothing else); a sensor that will not
    unload raises ConfigEntryError on 2026.11 (ha_internals).
    """
    if not await async_unload_platforms(hass, entry, PLATFORMS):
        return False
    await _async_close(hass, entry.runtime_data)
    return True


async def async_remove_entry(hass: HomeAssistant, entry: HomeMemoryConfigEntry) -> None:
    """Set the database aside, dated, with its options (never delete it).

    Adding Home Memory again offers to restore it (operations/set_aside.py).
    """
    async_delete_entry_issues(hass)
    await async_set_aside(hass, entry.options)


async def async_migrate_entry(
    hass: HomeAssistant, entry: HomeMemoryConfigEntry
) -> bool:
    """Bring an entry an older version wrote up to date (runtime/migration.py)."""
    return migrate_entry(hass, entry)
