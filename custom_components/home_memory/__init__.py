"""Home Memory: a long-term memory for Home Assistant's Assist.

The memory engine (`memory/`) is blocking; everything here hands it to the
executor so that the event loop never waits on SQLite or the model.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from homeassistant.const import EVENT_HOMEASSISTANT_STOP, Platform
from homeassistant.exceptions import ConfigEntryError, ConfigEntryNotReady
from homeassistant.helpers import config_validation as cv
from homeassistant.util import dt as dt_util

from .assist.intents import async_setup_intents
from .assist.llm_api import async_setup_llm_api
from .assist.prompt_refresh import async_setup_prompt_refresh
from .background.conversation_capture import (
    SessionWork,
    async_nightly_job,
    async_start_session_work,
    create_session_work,
)
from .background.maintenance import Maintenance
from .background.observer import HomeObserver, async_start_observer
from .const import (
    CONF_DEDUP_THRESHOLD,
    CONF_MODEL_DIR,
    DB_FILE,
    DB_FOLDER,
    DOMAIN,
    GRAPH_FILE,
    LOGGER,
    SECTION_CAPTURE,
)
from .coordinator import HomeMemoryCoordinator
from .memory.common.errors import MemoryEngineError, SchemaTooNewError
from .memory.embedding.embedder import ModelError
from .memory.search.retrieval import Retriever
from .operations.events import async_memories_changed
from .runtime.backends import async_ensure_backends, async_ensure_graph_backend
from .runtime.clock import ha_now
from .runtime.conversation_state import ConversationStates
from .runtime.data import HomeMemoryData, ModelState, ModelStatus, ProposalState
from .runtime.database import (
    DatabasePathError,
    DatabaseUnavailableError,
    OpenedStore,
    open_store,
    remove_database,
)
from .runtime.download import async_install_onnx_file, managed_model_dir
from .runtime.ha_internals import async_unload_platforms
from .runtime.issues import (
    async_clear_corrupt_database,
    async_clear_database_path,
    async_clear_model_unavailable,
    async_delete_entry_issues,
    async_report_backends,
    async_report_corrupt_database,
    async_report_database_path,
    async_report_model_unavailable,
    async_watch_private_actions,
    corrupt_copy_of_issue,
)
from .runtime.latency import LatencyRecorder
from .runtime.model import load_model, resolve_model_dir
from .runtime.options import HomeMemoryOptions
from .runtime.panel import async_register_panel
from .services import async_setup_services
from .websocket_api import async_setup_websocket_api

if TYPE_CHECKING:
    from homeassistant.core import Event, HomeAssistant
    from homeassistant.helpers.typing import ConfigType

    from .memory.embedding.embedder import Embedder
    from .memory.store import MemoryStore
    from .runtime.data import HomeMemoryConfigEntry

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


def database_path(hass: HomeAssistant) -> Path:
    """Where the memory database lives (inside the config folder, so backed up)."""
    return Path(hass.config.path(DB_FOLDER, DB_FILE))


def graph_path(hass: HomeAssistant) -> Path:
    """Where the vector graph is kept between runs (regenerable: not backed up)."""
    return Path(hass.config.cache_path(DOMAIN, GRAPH_FILE))


async def async_setup_entry(hass: HomeAssistant, entry: HomeMemoryConfigEntry) -> bool:
    """Open the database; the model follows in the background."""
    options = HomeMemoryOptions.from_entry_options(entry.options)
    db_path = database_path(hass)
    opened = await _async_open_database(hass, db_path, options)
    async_clear_database_path(hass)
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


async def _async_open_database(
    hass: HomeAssistant, db_path: Path, options: HomeMemoryOptions
) -> OpenedStore:
    """Open the store in the executor; a failure becomes the right setup error."""
    try:
        return await hass.async_add_executor_job(
            partial(
                open_store,
                db_path,
                options.engine_config(),
                now=dt_util.now(),
                clock=ha_now,
                graph_path=graph_path(hass),
            )
        )
    except DatabasePathError as err:
        # Retrying cannot help: fail setup and tell the user what to change.
        async_report_database_path(hass, err)
        raise ConfigEntryError(
            translation_domain=DOMAIN,
            translation_key=err.reason,
            translation_placeholders={"path": str(err.path), "folder": str(err.folder)},
        ) from err
    except DatabaseUnavailableError as err:
        raise ConfigEntryNotReady(
            translation_domain=DOMAIN,
            translation_key="database_unavailable",
            translation_placeholders={"path": str(db_path), "error": str(err)},
        ) from err
    except SchemaTooNewError as err:
        # A newer version wrote this file: keep it untouched for that version.
        raise ConfigEntryError(
            translation_domain=DOMAIN,
            translation_key="database_too_new",
            translation_placeholders={"path": str(db_path)},
        ) from err


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
    async_setup_intents(hass, entry)
    background.maintenance.async_start()
    await async_start_observer(background.observer)
    async_start_session_work(hass, entry, background.sessions)
    async_watch_private_actions(hass, entry)
    entry.async_on_unload(entry.runtime_data.conversations.clear)
    await async_register_panel(hass, entry)


async def _async_load_model(
    hass: HomeAssistant, entry: HomeMemoryConfigEntry, data: HomeMemoryData
) -> None:
    """Check the backends, then load the model; until then search is keyword-only."""
    data.model.backends = await async_ensure_backends(hass)
    await _async_clear_resolved_issues(hass)
    await _async_load_model_files(hass, entry, data)
    async_report_backends(hass, data.model.backends)
    data.model.backends = await async_ensure_graph_backend(hass, data.model.backends)
    if data.model.backends.usearch:
        # Installed just now, usearch was not there when the store opened.
        await hass.async_add_import_executor_job(data.store.enable_graph)
    # The retrieval mode may have changed: the entities refresh.
    async_memories_changed(hass)


async def _async_clear_resolved_issues(hass: HomeAssistant) -> None:
    """Close the corrupt-database notice once its set-aside file is gone."""
    moved_to = corrupt_copy_of_issue(hass)
    if moved_to is not None and not await hass.async_add_executor_job(
        Path(moved_to).exists
    ):
        async_clear_corrupt_database(hass)


async def _async_load_model_files(
    hass: HomeAssistant, entry: HomeMemoryConfigEntry, data: HomeMemoryData
) -> None:
    model_dir = await hass.async_add_executor_job(
        resolve_model_dir, entry.data.get(CONF_MODEL_DIR), hass.config.config_dir
    )
    data.model.dir = model_dir
    if (
        model_dir is not None
        and data.model.backends is not None
        and data.model.backends.onnxruntime
        and model_dir == managed_model_dir(hass.config.config_dir)
    ):
        # onnxruntime imports here: add the int8 model.onnx to the folder
        # Home Memory manages (never to a folder the user chose).
        await async_install_onnx_file(hass, model_dir)
    if model_dir is None:
        LOGGER.warning(
            "No embedding model folder was found; memories are searched by "
            "keyword only. Set the folder with Reconfigure"
        )
        _model_unavailable(hass, data, "no model folder")
        return
    try:
        embedder = await hass.async_add_executor_job(load_model, model_dir)
    except ModelError as err:
        LOGGER.warning(
            "The embedding model in %s cannot be used (%s); memories are searched "
            "by keyword only",
            model_dir,
            err,
        )
        # With verification on, a named file that exists failed its sha256.
        mismatch = err.file is not None and await hass.async_add_executor_job(
            (model_dir / err.file).is_file
        )
        _model_unavailable(hass, data, err.file or str(err), mismatch=mismatch)
        return
    except Exception as err:  # noqa: BLE001 - logged with its traceback
        # An unexpected loader failure must not take the memory down with it.
        LOGGER.exception("Loading the embedding model from %s failed", model_dir)
        _model_unavailable(hass, data, str(err))
        return
    try:
        await hass.async_add_executor_job(_activate_embedder, data.store, embedder)
    except MemoryEngineError:
        # The entry was unloaded while the model loaded: nothing to switch.
        LOGGER.debug("Store closed before the embedding model was ready")
        return
    data.model.status = ModelStatus.READY
    data.model.error = None
    async_clear_model_unavailable(hass)
    LOGGER.debug("Embedding model %s ready (%s)", embedder.model_id, embedder.backend)


def _model_unavailable(
    hass: HomeAssistant,
    data: HomeMemoryData,
    reason: str,
    *,
    mismatch: bool = False,
) -> None:
    data.model.status = ModelStatus.UNAVAILABLE
    data.model.error = reason
    async_report_model_unavailable(hass, data.model.dir, reason, mismatch=mismatch)


def _activate_embedder(store: MemoryStore, embedder: Embedder) -> None:
    """Switch to hybrid search and embed what was stored without vectors."""
    store.set_embedder(embedder)
    store.start_background_reembed()


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
    """Delete the database with the entry (exports and set-aside copies stay)."""
    async_delete_entry_issues(hass)
    await hass.async_add_executor_job(
        remove_database, database_path(hass), graph_path(hass)
    )


async def async_migrate_entry(
    hass: HomeAssistant, entry: HomeMemoryConfigEntry
) -> bool:
    """Bring an entry written by an older version up to the current one.

    Home Assistant itself refuses entries of a newer major version. Each later
    version adds one step here, oldest first.
    """
    if entry.version == 1 and entry.minor_version < 2:
        # 1.2: "Duplicate threshold" no longer merges similar memories (old
        # default 0.92); it is the similarity from which a rewording is a
        # repeat (memory/text/statements.py, default 0.97). A value saved for the
        # old meaning would fold corrections as repeats: it becomes the new
        # default. Stricter values mean the same in both and stay.
        options = dict(entry.options)
        capture = options.get(SECTION_CAPTURE)
        if isinstance(capture, Mapping) and CONF_DEDUP_THRESHOLD in capture:
            default = HomeMemoryOptions().dedup_threshold
            try:
                saved = float(capture[CONF_DEDUP_THRESHOLD])
            except TypeError, ValueError:
                saved = default
            if not saved >= default:  # also NaN
                options[SECTION_CAPTURE] = {
                    **capture,
                    CONF_DEDUP_THRESHOLD: default,
                }
        hass.config_entries.async_update_entry(entry, options=options, minor_version=2)
        LOGGER.debug("Migrated the entry to version 1.2")
    return True
