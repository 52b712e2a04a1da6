"""The nightly maintenance: schedule, jobs, consolidation, one run at a time."""

from __future__ import annotations

import asyncio
from datetime import datetime, timedelta
from functools import partial
import logging
import threading
from typing import TYPE_CHECKING, Any
from unittest.mock import patch

from homeassistant.config_entries import ConfigEntryState
from homeassistant.const import EVENT_HOMEASSISTANT_STOP
from homeassistant.exceptions import HomeAssistantError
from homeassistant.util import dt as dt_util
import pytest
from pytest_homeassistant_custom_component.common import (
    MockConfigEntry,
    async_fire_time_changed,
)

from custom_components.home_memory.background.errors import MaintenanceStoppedError
from custom_components.home_memory.background.maintenance import (
    Maintenance,
)
from custom_components.home_memory.const import (
    CONF_MAINTENANCE_TIME,
    CONF_PERSONA_NAME,
    DOMAIN,
    SECTION_PERSONA,
    SECTION_RETENTION,
)
from custom_components.home_memory.memory.common.values import SYSTEM, NewMemory, Tier
from custom_components.home_memory.memory.consolidation.consolidation import (
    Candidate,
    ConsolidationStats,
    Consolidator,
)
from custom_components.home_memory.runtime.options import HomeMemoryOptions

from ..conftest import call, setup_entry, wait_for_model

if TYPE_CHECKING:
    from collections.abc import Callable
    from unittest.mock import MagicMock

    from freezegun.api import FrozenDateTimeFactory
    from homeassistant.core import HomeAssistant
    from pytest_homeassistant_custom_component.common import MockUser

    from custom_components.home_memory.memory.common.values import Memory
    from custom_components.home_memory.runtime.data import HomeMemoryConfigEntry

DUPLICATE = "The spare key is under the blue flower pot near the garden gate"
RICHER = "The spare key is under the blue flower pot near the garden gate, on the left"


# Local midnight of a fixed day in the test time zone (not "today": the
# frozen clock moves during a test).
MIDNIGHT = datetime(2026, 3, 10, tzinfo=dt_util.get_default_time_zone())


def local(day_offset: int, hour: int, minute: int, second: int = 0) -> datetime:
    """A local wall-clock time `day_offset` days after MIDNIGHT."""
    return MIDNIGHT.replace(tzinfo=dt_util.get_default_time_zone()) + timedelta(
        days=day_offset, hours=hour, minutes=minute, seconds=second
    )


@pytest.fixture
def entry_at_0430() -> MockConfigEntry:
    """An entry whose nightly maintenance runs at 04:30."""
    return MockConfigEntry(
        domain=DOMAIN,
        title="Home Memory",
        data={},
        options={
            SECTION_PERSONA: {CONF_PERSONA_NAME: "Assistant"},
            SECTION_RETENTION: {CONF_MAINTENANCE_TIME: "04:30:00"},
        },
    )


class Jobs:
    """Nightly jobs that record their calls; one can be made to fail or wait."""

    def __init__(self) -> None:
        self.calls: list[str] = []
        self.active = 0
        self.most_active = 0
        self.started = asyncio.Event()
        self.release = asyncio.Event()
        self.release.set()

    async def expire_sessions(self) -> None:
        self.active += 1
        self.most_active = max(self.most_active, self.active)
        self.calls.append("expire_sessions")
        self.started.set()
        try:
            await self.release.wait()
        finally:
            self.active -= 1

    async def broken(self) -> None:
        self.calls.append("broken")
        raise RuntimeError("this job always fails")


async def create(
    hass: HomeAssistant, entry: HomeMemoryConfigEntry, *texts: str
) -> list[Memory]:
    """Stored without create-time dedup, as an import would store them."""
    store = entry.runtime_data.store
    results = await hass.async_add_executor_job(
        partial(
            store.create_many,
            [NewMemory(content=text) for text in texts],
            SYSTEM,
            dedup=False,
        )
    )
    return [result.memory for result in results]


async def tier(
    hass: HomeAssistant, entry: HomeMemoryConfigEntry, memory: Memory
) -> Tier:
    """The memory's current tier, read from the store."""
    store = entry.runtime_data.store
    found = await hass.async_add_executor_job(store.rowids_of, [memory.id])
    memories = await hass.async_add_executor_job(store.fetch, found)
    return memories[found[0]].tier


async def fire_at(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, when: datetime
) -> None:
    """Move time to `when` and let the time listeners run."""
    freezer.move_to(when)
    async_fire_time_changed(hass, when)
    # Time-change listeners run as background tasks.
    await hass.async_block_till_done(wait_background_tasks=True)


async def test_the_nightly_run_starts_at_the_configured_time(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    entry_at_0430: MockConfigEntry,
    mock_load_model: MagicMock,
) -> None:
    """The nightly run starts at the configured time, runs every job, consolidates."""
    freezer.move_to(local(1, 4, 0))
    await setup_entry(hass, entry_at_0430)
    data = entry_at_0430.runtime_data
    jobs = Jobs()
    data.maintenance.jobs.append(jobs.expire_sessions)
    duplicate, richer = await create(hass, entry_at_0430, DUPLICATE, RICHER)
    updated: list[Any] = []
    forgotten: list[Any] = []
    hass.bus.async_listen(f"{DOMAIN}_memory_updated", updated.append)
    hass.bus.async_listen(f"{DOMAIN}_memory_forgotten", forgotten.append)

    await fire_at(hass, freezer, local(1, 4, 29, 59))
    assert jobs.calls == []
    assert data.maintenance.last_run is None

    await fire_at(hass, freezer, local(1, 4, 30))
    assert jobs.calls == ["expire_sessions"]
    stats = data.maintenance.last_run
    assert stats is not None
    assert stats.processed == 2
    # Other features add their own jobs (session expiry); none failed.
    assert stats.details["jobs"]["failed"] == []
    assert stats.details["jobs"]["run"] == len(data.maintenance.jobs)
    assert stats.details["consolidation"]["merged"] == 1
    assert stats.details["consolidation"]["absorbed"] == 1
    assert data.maintenance.last_run_at == dt_util.utcnow()
    assert await tier(hass, entry_at_0430, duplicate) is Tier.DELETED
    assert await tier(hass, entry_at_0430, richer) is Tier.ACTIVE
    assert [e.data["memory_id"] for e in updated] == [richer.id]
    assert [e.data["memory_id"] for e in forgotten] == [duplicate.id]

    # Every night again, not only once.
    await fire_at(hass, freezer, local(2, 4, 30))
    assert jobs.calls == ["expire_sessions", "expire_sessions"]


async def test_a_failing_job_does_not_stop_the_others(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    entry_at_0430: MockConfigEntry,
    mock_load_model: MagicMock,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A failing nightly job is logged and the other jobs still run."""
    freezer.move_to(local(1, 4, 0))
    await setup_entry(hass, entry_at_0430)
    data = entry_at_0430.runtime_data
    jobs = Jobs()
    data.maintenance.jobs.extend([jobs.broken, jobs.expire_sessions])
    duplicate, _ = await create(hass, entry_at_0430, DUPLICATE, RICHER)

    await fire_at(hass, freezer, local(1, 4, 30))

    assert jobs.calls == ["broken", "expire_sessions"]
    assert data.maintenance.last_run is not None
    assert data.maintenance.last_run.details["jobs"]["failed"] == ["Jobs.broken"]
    # Consolidation after the jobs still ran.
    assert await tier(hass, entry_at_0430, duplicate) is Tier.DELETED
    assert "Nightly job Jobs.broken failed" in caplog.text


async def test_the_action_and_the_schedule_never_overlap(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    init_integration: MockConfigEntry,
    hass_admin_user: MockUser,
) -> None:
    """The maintenance action and the schedule never run at the same time."""
    data = init_integration.runtime_data
    jobs = Jobs()
    jobs.release.clear()
    data.maintenance.jobs.append(jobs.expire_sessions)
    maintenance = init_integration.runtime_data.maintenance

    first = hass.async_create_task(call(hass, "run_maintenance", user=hass_admin_user))
    await jobs.started.wait()
    assert maintenance.running
    # The schedule finds a run in progress and skips its turn.
    await maintenance._async_scheduled(dt_util.now())
    second = hass.async_create_task(call(hass, "run_maintenance", user=hass_admin_user))
    assert jobs.calls == ["expire_sessions"]

    jobs.release.set()
    first_stats, second_stats = await asyncio.gather(first, second)

    assert jobs.calls == ["expire_sessions", "expire_sessions"]
    assert jobs.most_active == 1
    assert first_stats["completed"] is second_stats["completed"] is True
    assert second_stats["details"]["consolidation"]["completed"] is True
    assert not maintenance.running


async def test_changed_options_move_the_schedule(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    entry_at_0430: MockConfigEntry,
    mock_load_model: MagicMock,
) -> None:
    """Changing the maintenance time moves the schedule."""
    freezer.move_to(local(1, 4, 0))
    await setup_entry(hass, entry_at_0430)
    sections = HomeMemoryOptions.from_entry_options(entry_at_0430.options).as_sections()
    sections[SECTION_RETENTION][CONF_MAINTENANCE_TIME] = "05:15:00"

    flow = await hass.config_entries.options.async_init(entry_at_0430.entry_id)
    result = await hass.config_entries.options.async_configure(
        flow["flow_id"], sections
    )
    assert result["type"] == "create_entry"
    await hass.async_block_till_done()
    await wait_for_model(entry_at_0430)
    data = entry_at_0430.runtime_data
    assert data.options.maintenance_time.isoformat() == "05:15:00"
    jobs = Jobs()
    data.maintenance.jobs.append(jobs.expire_sessions)

    await fire_at(hass, freezer, local(1, 4, 30))
    assert jobs.calls == []
    await fire_at(hass, freezer, local(1, 5, 15))
    assert jobs.calls == ["expire_sessions"]


async def test_unloading_stops_the_schedule(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    entry_at_0430: MockConfigEntry,
    mock_load_model: MagicMock,
) -> None:
    """Unloading stops the nightly schedule."""
    freezer.move_to(local(1, 4, 0))
    await setup_entry(hass, entry_at_0430)
    jobs = Jobs()
    entry_at_0430.runtime_data.maintenance.jobs.append(jobs.expire_sessions)

    assert await hass.config_entries.async_unload(entry_at_0430.entry_id)
    assert entry_at_0430.state is ConfigEntryState.NOT_LOADED

    await fire_at(hass, freezer, local(1, 4, 30))
    assert jobs.calls == []


async def test_unloading_cancels_a_run_in_progress_before_the_store_closes(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    entry_at_0430: MockConfigEntry,
    mock_load_model: MagicMock,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Unloading cancels a run in progress before the store closes."""
    freezer.move_to(local(1, 4, 0))
    await setup_entry(hass, entry_at_0430)
    data = entry_at_0430.runtime_data
    store = data.store
    maintenance = entry_at_0430.runtime_data.maintenance
    jobs = Jobs()
    jobs.release.clear()
    # Whether the store was closed when the held step ended.
    ended: list[bool] = []

    async def held_job() -> None:
        try:
            await jobs.expire_sessions()
        finally:
            ended.append(store.closed)

    data.maintenance.jobs.append(held_job)
    consolidations: list[None] = []

    async def consolidate(self: Maintenance) -> ConsolidationStats:
        consolidations.append(None)
        return ConsolidationStats()

    with patch.object(Maintenance, "_async_consolidate", consolidate):
        freezer.move_to(local(1, 4, 30))
        async_fire_time_changed(hass, local(1, 4, 30))
        await jobs.started.wait()
        assert maintenance.running

        assert await hass.config_entries.async_unload(entry_at_0430.entry_id)

        # Cancelled and over while the store was still open; nothing after it ran.
        assert ended == [False]
        assert store.closed
        assert not maintenance.running
        assert consolidations == []
        assert data.maintenance.last_run is None
        await hass.async_block_till_done(wait_background_tasks=True)
    assert [r.message for r in caplog.records if r.levelno >= logging.ERROR] == []
    # A run asked for after the unload does not start.
    with pytest.raises(MaintenanceStoppedError):
        await maintenance.async_run()
    assert jobs.calls == ["expire_sessions"]


async def test_home_assistant_stopping_cancels_a_run_in_progress(
    hass: HomeAssistant,
    init_integration: MockConfigEntry,
    hass_admin_user: MockUser,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Home Assistant stopping cancels a maintenance run in progress."""
    data = init_integration.runtime_data
    store = data.store
    jobs = Jobs()
    jobs.release.clear()
    ended: list[bool] = []

    async def held_job() -> None:
        try:
            await jobs.expire_sessions()
        finally:
            ended.append(store.closed)

    data.maintenance.jobs.append(held_job)
    run = hass.async_create_task(call(hass, "run_maintenance", user=hass_admin_user))
    await jobs.started.wait()

    hass.bus.async_fire(EVENT_HOMEASSISTANT_STOP)
    await hass.async_block_till_done()

    assert ended == [False]
    assert store.closed
    with pytest.raises(HomeAssistantError):
        await run
    assert [r.message for r in caplog.records if r.levelno >= logging.ERROR] == []


async def test_an_executor_step_ends_before_the_store_closes(
    hass: HomeAssistant,
    init_integration: MockConfigEntry,
    hass_admin_user: MockUser,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Cancelling does not stop a thread: the close waits for the step."""
    store = init_integration.runtime_data.store
    maintenance = init_integration.runtime_data.maintenance
    started = threading.Event()
    # (stop asked, store closed) when the step went on.
    seen: list[tuple[bool, bool]] = []

    def find_candidates(
        self: Consolidator,
        *,
        should_stop: Callable[[], bool] | None = None,
        include_undecided: bool = False,
    ) -> list[Candidate]:
        started.set()
        # Busy until the integration says stop (a long candidate search).
        maintenance._stopping.wait(10)
        assert should_stop is not None
        seen.append((should_stop(), store.closed))
        store.counts()  # the store is still there to read
        return []

    with patch.object(Consolidator, "find_candidates", find_candidates):
        run = hass.async_create_task(
            call(hass, "run_maintenance", user=hass_admin_user)
        )
        assert await hass.async_add_executor_job(started.wait, 10)

        assert await hass.config_entries.async_unload(init_integration.entry_id)

        assert seen == [(True, False)]
        assert store.closed
        # The action that asked for the run learns it was stopped.
        with pytest.raises(HomeAssistantError):
            await run
    assert not maintenance.running
    assert [r.message for r in caplog.records if r.levelno >= logging.ERROR] == []


async def test_the_ai_task_writes_the_merged_memory(
    hass: HomeAssistant, init_integration: MockConfigEntry, hass_admin_user: MockUser
) -> None:
    """With an AI task, consolidation stores the AI's merged wording."""
    duplicate, richer = await create(hass, init_integration, DUPLICATE, RICHER)
    merged_text = "The spare key is under the blue flower pot, left of the garden gate"
    asked: list[str] = []

    async def generate(hass: HomeAssistant, **kwargs: Any) -> Any:
        asked.append(kwargs["instructions"])
        return kwargs["validate"]({"action": "merge", "content": merged_text})

    with (
        patch(
            "custom_components.home_memory.background.maintenance.ai_task_target",
            return_value="ai_task.fake_llm_task",
        ),
        patch(
            "custom_components.home_memory.background.maintenance.async_generate_structured",
            side_effect=generate,
        ),
    ):
        stats = await call(hass, "run_maintenance", user=hass_admin_user)

    assert stats["details"]["consolidation"]["decided_by_ai"] == 1
    assert len(asked) == 1
    assert DUPLICATE in asked[0]
    assert RICHER in asked[0]
    memory = await call(hass, "get", {"id": richer.id}, user=hass_admin_user)
    assert memory["memory"]["content"] == merged_text
    assert await tier(hass, init_integration, duplicate) is Tier.DELETED


async def test_a_failing_ai_task_leaves_the_rest_to_the_rules(
    hass: HomeAssistant, init_integration: MockConfigEntry, hass_admin_user: MockUser
) -> None:
    """When the AI task fails, the rules decide the remaining pairs."""
    await create(hass, init_integration, DUPLICATE, RICHER)
    await create(
        hass,
        init_integration,
        "We water the tomatoes on the balcony every evening in summer",
        "We water the tomatoes on the balcony every evening in summer too",
    )
    with (
        patch(
            "custom_components.home_memory.background.maintenance.ai_task_target",
            return_value="ai_task.fake_llm_task",
        ),
        patch(
            "custom_components.home_memory.background.maintenance.async_generate_structured",
            return_value=None,
        ) as generate,
    ):
        stats = await call(hass, "run_maintenance", user=hass_admin_user)

    assert generate.call_count == 1
    consolidation = stats["details"]["consolidation"]
    assert (consolidation["merged"], consolidation["decided_by_ai"]) == (2, 0)
