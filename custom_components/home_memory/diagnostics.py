"""Diagnostics: figures about the memory, never its text or who is in it."""

from __future__ import annotations

from dataclasses import asdict
from typing import TYPE_CHECKING, Any

from homeassistant.components.diagnostics import async_redact_data
from homeassistant.util import dt as dt_util

from .const import (
    CONF_MODEL_DIR,
    CONF_OBSERVED_ENTITIES,
    CONF_PERSONA_NAME,
    CONF_SATELLITE_PEOPLE,
)
from .memory.common.values import Visibility

if TYPE_CHECKING:
    from homeassistant.core import HomeAssistant

    from .memory.store import MemoryStore
    from .runtime.data import HomeMemoryConfigEntry

# The persona's name, entity ids naming people, and who speaks where.
TO_REDACT = {CONF_PERSONA_NAME, CONF_OBSERVED_ENTITIES, CONF_SATELLITE_PEOPLE}


def _database(store: MemoryStore, size: int | None) -> dict[str, Any]:
    return {
        "schema_version": store.schema_version(),
        "size_bytes": store.database_size() if size is None else size,
        "counts": store.counts(Visibility.HOUSEHOLD),
        "pending_embeddings": store.pending_embeddings(),
        # Takes the index lock, which a search may hold: not on the loop.
        "vector_graph": store.index.graph_status(),
    }


async def async_get_config_entry_diagnostics(
    hass: HomeAssistant, entry: HomeMemoryConfigEntry
) -> dict[str, Any]:
    """Counts, backends, model, database and latency of a loaded entry."""
    data = entry.runtime_data
    store = data.store
    # The sensor's (hourly) figure, as system information shows it: one
    # number everywhere; read now only if the coordinator has none yet.
    stats = data.coordinator.data
    database = await hass.async_add_executor_job(
        _database, store, None if stats is None else stats.database_size
    )
    counts: dict[str, dict[str, int]] = database.pop("counts")
    observer = data.observer
    # Counts and times only: the buffer's events name entities and people.
    pending = await observer.async_refresh_pending()
    observation = {
        "pending": pending.as_dict(),
        "not_yet_written": observer.unwritten,
        "last_ai_generation_at": None
        if observer.last_generated_at is None
        else dt_util.utc_from_timestamp(observer.last_generated_at).isoformat(),
    }
    embedder = store.embedder
    backends = data.model.backends
    last_run = data.maintenance.last_run
    maintenance = (
        None
        if last_run is None
        else {**asdict(last_run), "finished_at": data.maintenance.last_run_at}
    )
    return {
        "entry": {
            "version": f"{entry.version}.{entry.minor_version}",
            "state": entry.state.value,
            "data": async_redact_data(entry.data, TO_REDACT),
            "options": async_redact_data(entry.options, TO_REDACT),
        },
        "memories": {
            "by_tier": counts.get("tier", {}),
            "by_kind": counts.get("kind", {}),
            "by_class": counts.get("weight_class", {}),
            "pending_embeddings": database.pop("pending_embeddings"),
            "pending_proposals": data.proposals.household_pending,
        },
        "backends": {
            **store.backends(),
            "sqlite_vec_version": store.sqlite_vec_version,
            "usearch_version": store.usearch_version,
            "vector_graph": database.pop("vector_graph"),
            # What imported when checked after setup (None: not checked yet).
            "optional": None if backends is None else asdict(backends),
        },
        "model": {
            # The model chosen (the language, the option, the fallback);
            # "embedder": the one loaded.
            "id": data.model.id,
            "status": str(data.model.status),
            "embedder": None if embedder is None else embedder.model_id,
            "dir_configured": bool(entry.data.get(CONF_MODEL_DIR)),
            "error": data.model.error,
        },
        "database": {
            **database,
            "corrupt_copy_this_start": data.corrupt_db_moved_to is not None,
        },
        "maintenance": maintenance,
        "observation": observation,
        "latency": data.latency.summary(),
    }
