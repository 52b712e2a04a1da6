"""What a loaded entry holds at run time (`entry.runtime_data`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING

from homeassistant.config_entries import ConfigEntry

from ..assist.conversation_state import ConversationStates
from .latency import LatencyRecorder

if TYPE_CHECKING:
    import asyncio
    from collections.abc import Awaitable, Callable
    from datetime import datetime
    from pathlib import Path

    from ..background.conversation_capture import ConversationCapture
    from ..background.observer import HomeObserver
    from ..background.proposals import Offer
    from ..coordinator import HomeMemoryCoordinator
    from ..memory.models import MaintenanceStats
    from ..memory.retrieval import Retriever
    from ..memory.store import MemoryStore
    from .backends import BackendStatus
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
    # Per-conversation state of the LLM tools and voice sentences.
    conversations: ConversationStates = field(default_factory=ConversationStates)
    # Counts and times for the entities, diagnostics and system health.
    coordinator: HomeMemoryCoordinator
    # Durations of search and context calls ("search", "context"), for
    # diagnostics: wrap a call in `with data.latency.measure("search"):`.
    latency: LatencyRecorder = field(default_factory=LatencyRecorder)
    # The last maintenance run during this session, and when it finished.
    last_maintenance: MaintenanceStats | None = None
    last_maintenance_at: datetime | None = None
    # Which optional fast backends import (None until checked after setup).
    backends: BackendStatus | None = None
    # Facts waiting for the user's "yes, remember that". The extraction feature
    # owns this figure: it sets it, then calls events.async_memories_changed().
    pending_proposals: int = 0
    # Work for the nightly maintenance run besides the engine's own (session
    # expiry, consolidation): each feature appends its coroutine function.
    nightly_jobs: list[Callable[[], Awaitable[object]]] = field(default_factory=list)
    # Work that must reach the database before it closes (the observer's
    # pending changes): awaited on unload and on shutdown, before the close.
    before_close: list[Callable[[], Awaitable[object]]] = field(default_factory=list)
    # The home observer (state changes -> memories), once started.
    observer: HomeObserver | None = None
    # Pending proposals per speaker (user id, None: the household), for the
    # synchronous Assist prompt; proposals.async_refresh keeps it current.
    proposal_offers: dict[str | None, tuple[Offer, ...]] = field(default_factory=dict)
    # Sessions whose extraction runs now (proposals.async_extract).
    extracting: set[str] = field(default_factory=set)
    # Assist turns -> short-term sessions (background/conversation_capture.py), if on.
    conversation_capture: ConversationCapture | None = None


type HomeMemoryConfigEntry = ConfigEntry[HomeMemoryData]
