"""The nightly maintenance run: decay and purge, the features' jobs, consolidation.

One `Maintenance` per entry, run at the configured time and by the
`run_maintenance` action, never two at once; a run stops cleanly on unload so
nothing touches the store once it is closed.

In more words: docs/architecture.md, "`background/maintenance.py`".
"""

from __future__ import annotations

import asyncio
from dataclasses import replace
from functools import partial
import threading
from typing import TYPE_CHECKING, Any, Final

from homeassistant.core import Context, HomeAssistant, callback
from homeassistant.helpers.event import async_track_time_change
from homeassistant.helpers.selector import (
    NumberSelector,
    NumberSelectorConfig,
    SelectSelector,
    SelectSelectorConfig,
    TextSelector,
    TextSelectorConfig,
)
from homeassistant.util import dt as dt_util
import probatio

from ..const import DOMAIN, LOGGER
from ..memory.consolidation.consolidation import (
    Action,
    Candidate,
    ConsolidationSettings,
    ConsolidationStats,
    Consolidator,
    Decision,
)
from ..memory.consolidation.prompt import consolidation_instructions, decision_from_ai
from ..operations.events import async_memories_changed
from ..operations.memories import memories_by_id
from .ai_generation import ai_task_target, async_generate_structured
from .errors import MaintenanceStoppedError

if TYPE_CHECKING:
    from collections.abc import Awaitable, Callable, Sequence
    from datetime import datetime, time

    from ..memory.common.values import MaintenanceStats
    from ..memory.store import MemoryStore
    from ..runtime.data import HomeMemoryConfigEntry
    from ..runtime.options import HomeMemoryOptions

# Groups put to the AI Task per run, best similarity first: bounds the cost of
# a night; the rest follow the rules and the next night sees what is left.
AI_GROUPS_PER_RUN: Final = 20
AI_TASK_NAME: Final = "Home Memory consolidation"


class Maintenance:
    """Schedules and runs maintenance for one entry; one run at a time.

    The entry's `HomeMemoryData.maintenance` (a `MaintenanceHandle`).
    """

    def __init__(
        self,
        hass: HomeAssistant,
        entry: HomeMemoryConfigEntry,
        store: MemoryStore,
        options: HomeMemoryOptions,
        jobs: Sequence[Callable[[], Awaitable[object]]] = (),
    ) -> None:
        """Built in setup with what a run needs; scheduled by async_start."""
        self.hass = hass
        self.entry = entry
        self.store = store
        self.options = options
        # The features' nightly work, run after the engine's own.
        self.jobs = list(jobs)
        self._last_run: MaintenanceStats | None = None
        self._last_run_at: datetime | None = None
        self._lock = asyncio.Lock()
        # Set on unload: the executor parts stop between batches.
        self._stopping = threading.Event()
        # Runs in progress or waiting for the lock (each its own task).
        self._runs: set[asyncio.Task[MaintenanceStats]] = set()

    @property
    def last_run(self) -> MaintenanceStats | None:
        """The last run during this session (None before the first)."""
        return self._last_run

    @property
    def last_run_at(self) -> datetime | None:
        """When the last run finished."""
        return self._last_run_at

    @property
    def running(self) -> bool:
        """True while a run is in progress."""
        return self._lock.locked()

    @callback
    def async_start(self) -> None:
        """Schedule the nightly run at the configured local time."""
        at: time = self.options.maintenance_time
        self.entry.async_on_unload(
            async_track_time_change(
                self.hass,
                self._async_scheduled,
                hour=at.hour,
                minute=at.minute,
                second=at.second,
            )
        )
        self.entry.async_on_unload(self._stopping.set)

    async def async_stop(self) -> None:
        """Stop for good: cancel the runs and wait until they are over."""
        self._stopping.set()
        runs = list(self._runs)
        for run in runs:
            run.cancel()
        if runs:
            await asyncio.wait(runs)

    async def _async_scheduled(self, now: datetime) -> None:
        if self.running or self._stopping.is_set():
            LOGGER.debug(
                "Maintenance is running or stopping; the %s run is skipped", now
            )
            return
        try:
            await self.async_run()
        except MaintenanceStoppedError:
            LOGGER.debug("Nightly maintenance stopped: the entry is unloading")
        except Exception:  # noqa: BLE001 - logged; the next night tries again
            LOGGER.exception("Nightly maintenance failed")

    async def async_run(self, context: Context | None = None) -> MaintenanceStats:
        """Run everything once; engine errors propagate, the rest is reported.

        Raises MaintenanceStoppedError when the entry unloads first. The run
        is its own task: a caller that goes away leaves it to finish.
        """
        if self._stopping.is_set():
            raise MaintenanceStoppedError("Home Memory is unloading")
        run = self.hass.async_create_task(
            self._async_run_locked(context),
            f"{DOMAIN} maintenance {self.entry.entry_id}",
            eager_start=False,
        )
        self._runs.add(run)
        run.add_done_callback(self._runs.discard)
        try:
            return await asyncio.shield(run)
        except asyncio.CancelledError:
            caller = asyncio.current_task()
            if run.cancelled() and not (caller and caller.cancelling()):
                raise MaintenanceStoppedError("Home Memory is unloading") from None
            raise

    async def _async_executor[T](self, target: Callable[..., T], *args: Any) -> T:
        """An executor job that, when cancelled, still ends before we go on.

        Cancelling the await does not stop the thread: the store must not close
        under it. The stopping flag makes the long steps return soon.
        """
        job = self.hass.async_add_executor_job(target, *args)
        try:
            return await asyncio.shield(job)
        except asyncio.CancelledError:
            try:
                await job
            except Exception:  # noqa: BLE001 - the run is cancelled anyway
                LOGGER.debug("A cancelled maintenance step failed", exc_info=True)
            raise

    async def _async_run_locked(self, context: Context | None) -> MaintenanceStats:
        async with self._lock:
            if self._stopping.is_set():
                raise asyncio.CancelledError
            store = self.store
            stats = await self._async_executor(store.run_maintenance)
            jobs = await self._async_run_jobs()
            consolidation = await self._async_consolidate()
            changed = await self._async_executor(
                memories_by_id, store, consolidation.survivor_ids
            )
            removed = await self._async_executor(
                memories_by_id, store, consolidation.removed_ids
            )
            stats = replace(
                stats,
                details={
                    **stats.details,
                    "jobs": jobs,
                    "consolidation": consolidation.summary(),
                },
            )
            self._last_run = stats
            self._last_run_at = dt_util.utcnow()
        async_memories_changed(
            self.hass,
            updated=changed,
            forgotten=removed,
            context=context,
        )
        return stats

    async def _async_run_jobs(self) -> dict[str, Any]:
        """Each job on its own: one failing must not keep the others from running."""
        failed: list[str] = []
        jobs = list(self.jobs)
        for job in jobs:
            try:
                await job()
            except Exception:  # noqa: BLE001 - isolated: the other jobs still run
                name = getattr(job, "__qualname__", repr(job))
                LOGGER.exception("Nightly job %s failed", name)
                failed.append(name)
        return {"run": len(jobs), "failed": failed}

    async def _async_consolidate(self) -> ConsolidationStats:
        """Rules everywhere, the AI Task for the best few groups when there is one."""
        options = self.options
        consolidator = Consolidator(
            self.store,
            ConsolidationSettings(merge_threshold=options.consolidation_threshold),
        )
        # Only with an entity to ask (configured or preferred): otherwise the
        # rules decide, and Home Assistant is not asked only to refuse.
        entity_id = ai_task_target(self.hass, options.ai_task_entity)
        use_ai = entity_id is not None
        try:
            candidates = await self._async_executor(
                partial(
                    consolidator.find_candidates,
                    should_stop=self._stopping.is_set,
                    include_undecided=use_ai,
                )
            )
            decided: list[tuple[Candidate, Decision]] = []
            for position, candidate in enumerate(candidates):
                decision: Decision | None = None
                if entity_id is not None and use_ai and position < AI_GROUPS_PER_RUN:
                    decision = await self._async_ask_ai(candidate, entity_id)
                    # A failing entity (none configured, an error) fails for
                    # every group: the rules take the rest of this run.
                    use_ai = decision is not None
                decided.append((candidate, decision or candidate.suggestion))
            return await self._async_executor(
                partial(consolidator.apply, decided, should_stop=self._stopping.is_set)
            )
        except Exception:  # noqa: BLE001 - the rest of the run is already done
            LOGGER.exception("Consolidation failed")
            return ConsolidationStats(completed=False)

    async def _async_ask_ai(
        self, candidate: Candidate, entity_id: str
    ) -> Decision | None:
        memories = candidate.memories
        return await async_generate_structured(
            self.hass,
            task_name=AI_TASK_NAME,
            entity_id=entity_id,
            instructions=consolidation_instructions(memories),
            structure=CONSOLIDATION_STRUCTURE,
            validate=partial(decision_from_ai, memories),
        )


CONSOLIDATION_STRUCTURE: Final = probatio.Schema(
    {
        probatio.Required(
            "action",
            description=(
                "merge: they say the same thing; supersede: a newer one changes "
                "an older fact; keep: they are different facts"
            ),
        ): SelectSelector(SelectSelectorConfig(options=[str(a) for a in Action])),
        probatio.Optional(
            "content",
            description="For merge: one first-person memory saying all they say",
        ): TextSelector(TextSelectorConfig(multiline=True)),
        probatio.Optional(
            "current",
            description="For supersede: the number of the memory that is true now",
        ): NumberSelector(NumberSelectorConfig(min=1, max=99, step=1)),
    }
)
