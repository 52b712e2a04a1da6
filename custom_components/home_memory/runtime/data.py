"""What a loaded entry holds at run time (`entry.runtime_data`).

Built once, in `async_setup_entry` (`__init__.py`): no feature adds a field
later. Runtime sits below the operations, Assist and background layers, so it
imports nothing of theirs. The features other parts must reach (the observer,
conversation capture, maintenance) are held through the narrow interfaces
below, which they implement; what a caller may ask of them is all there is.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Protocol

from homeassistant.config_entries import ConfigEntry

if TYPE_CHECKING:
    import asyncio
    from collections.abc import Awaitable, Callable
    from datetime import datetime
    from pathlib import Path

    from homeassistant.core import Context
    from homeassistant.helpers.update_coordinator import DataUpdateCoordinator

    from ..memory.common.values import MaintenanceStats, Memory
    from ..memory.observation.drain import Drained, PendingObservations
    from ..memory.search.retrieval import Retriever
    from ..memory.store import MemoryStore
    from .backends import BackendStatus
    from .conversation_state import ConversationStates
    from .latency import LatencyRecorder
    from .options import HomeMemoryOptions
    from .stats import MemoryStats


class ModelStatus(StrEnum):
    """Where the embedding model stands; search is keyword-only until READY."""

    LOADING = "loading"
    READY = "ready"
    # No model folder, or the folder is unusable: keyword-only for this run.
    UNAVAILABLE = "unavailable"


@dataclass(slots=True)
class ModelState:
    """The embedding model while it loads in the background (model_loading.py)."""

    status: ModelStatus = ModelStatus.LOADING
    # The model this run loads or loaded (MiniLM or multilingual-e5-small):
    # None until loading starts.
    id: str | None = None
    # The folder the model was (or would have been) loaded from.
    dir: Path | None = None
    # Why the model is unavailable (a file name or a message), for diagnostics.
    error: str | None = None
    task: asyncio.Task[None] | None = None
    # Which optional fast backends import (None until checked after setup).
    backends: BackendStatus | None = None


@dataclass(frozen=True, slots=True)
class Offer:
    """A pending proposal as the speaker is asked about it (no other fields)."""

    id: str
    summary: str
    created_at: float


@dataclass(slots=True)
class ProposalState:
    """Pending proposals as the prompt and the sensor need them, read in sync.

    background/proposals.py keeps it current (`async_refresh`).
    """

    # Pending proposals per speaker (user id, None: the household).
    offers: dict[str | None, tuple[Offer, ...]] = field(default_factory=dict)
    # The household's pending proposals: the figure every user may see.
    household_pending: int = 0
    # Sessions whose extraction runs now.
    extracting: set[str] = field(default_factory=set)


class ObserverHandle(Protocol):
    """The home observer (background/observer.py), as actions and sensors ask it."""

    @property
    def pending(self) -> PendingObservations:
        """What waits to become a memory (a count and a time only)."""

    @property
    def unwritten(self) -> int:
        """Changes recorded but not written to the durable buffer yet."""

    @property
    def last_generated_at(self) -> float | None:
        """When the AI Task last narrated a segment (unix seconds)."""

    async def async_refresh_pending(self) -> PendingObservations:
        """Read the durable buffer now; what waits."""

    async def async_close_segment(
        self, context: Context | None = None
    ) -> tuple[list[Memory], Drained]:
        """Turn everything buffered into memories now (the close_segment action)."""


class CaptureHandle(Protocol):
    """Conversation capture (background/conversation_capture.py), if it is on."""

    @property
    def watched_conversations(self) -> set[str]:
        """The conversations being captured now (their sessions are not idle)."""

    async def async_read_stored(self, conversation_id: str | None = None) -> None:
        """Store the turns the chat logs hold now (one conversation, or all)."""


class MaintenanceHandle(Protocol):
    """The nightly maintenance (background/maintenance.py)."""

    @property
    def last_run(self) -> MaintenanceStats | None:
        """The last run during this session (None before the first)."""

    @property
    def last_run_at(self) -> datetime | None:
        """When the last run finished."""

    async def async_run(self, context: Context | None = None) -> MaintenanceStats:
        """Run now, or wait for the run in progress and run after it."""


@dataclass(frozen=True, kw_only=True, slots=True)
class HomeMemoryData:
    """Runtime state of the entry: set once, in setup."""

    store: MemoryStore
    retriever: Retriever
    options: HomeMemoryOptions
    db_path: Path
    # The corrupt database moved aside during this setup, if any.
    corrupt_db_moved_to: Path | None = None
    # Counts and times for the entities (the HomeMemoryCoordinator).
    coordinator: DataUpdateCoordinator[MemoryStats]
    model: ModelState
    # Per-conversation state of the LLM tools and voice sentences.
    conversations: ConversationStates
    # Durations of search and context calls ("search", "context"), for
    # diagnostics: wrap a call in `with data.latency.measure("search"):`.
    latency: LatencyRecorder
    proposals: ProposalState
    observer: ObserverHandle
    capture: CaptureHandle | None
    maintenance: MaintenanceHandle
    # Work that must reach the database before it closes, in order (the
    # observer's pending changes, the captured turns): awaited on unload and
    # on shutdown, before the close.
    before_close: tuple[Callable[[], Awaitable[object]], ...] = ()


type HomeMemoryConfigEntry = ConfigEntry[HomeMemoryData]
