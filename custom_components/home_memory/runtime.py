"""What a loaded entry holds at run time (`entry.runtime_data`)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from homeassistant.config_entries import ConfigEntry

if TYPE_CHECKING:
    import asyncio
    from pathlib import Path

    from .memory.retrieval import Retriever
    from .memory.store import MemoryStore
    from .options import HomeMemoryOptions


class ModelStatus(StrEnum):
    """Where the embedding model stands; search is keyword-only until READY."""

    LOADING = "loading"
    READY = "ready"
    # No model folder, or the folder is unusable: keyword-only for this run.
    UNAVAILABLE = "unavailable"


@dataclass(kw_only=True)
class HomeMemoryData:
    """Runtime state of the entry.

    Other parts of the integration (LLM tools, entities, observers) add their
    own fields here, each with a default, so that setup stays readable.
    """

    store: MemoryStore
    retriever: Retriever
    options: HomeMemoryOptions
    db_path: Path
    model_status: ModelStatus = ModelStatus.LOADING
    # The folder the model was (or would have been) loaded from.
    model_dir: Path | None = None
    # Why the model is unavailable (a file name or a message), for diagnostics.
    model_error: str | None = None
    # The corrupt database moved aside during this setup, if any.
    corrupt_db_moved_to: Path | None = None
    model_task: asyncio.Task[None] | None = None


type HomeMemoryConfigEntry = ConfigEntry[HomeMemoryData]
