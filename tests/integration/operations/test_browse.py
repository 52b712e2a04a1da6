"""operations/browse.py: what the memory browser reads besides the memories:
decay parts, counts, people, the audit log and what the observer holds."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta
from typing import TYPE_CHECKING

import pytest

from custom_components.home_memory.memory.common.config import EngineConfig
from custom_components.home_memory.memory.common.values import Caller, Visibility
from custom_components.home_memory.operations import browse, memories
from custom_components.home_memory.operations.access import Actor
from custom_components.home_memory.operations.errors import ForbiddenError

from .conftest import scope_of

if TYPE_CHECKING:
    from homeassistant.core import HomeAssistant

    from custom_components.home_memory.runtime.data import HomeMemoryConfigEntry

DAY = 86_400.0


async def test_decay_parts_follow_the_days_since_last_use(
    hass: HomeAssistant, init_integration: HomeMemoryConfigEntry
) -> None:
    """Unused for a half-life, a memory's factor halves (above the floor);
    a use brings the days back to zero and adds a bonus."""
    scope = scope_of(hass, init_integration, Actor(Caller(user_id="u1")))
    created = await memories.async_remember(
        scope, memories.RememberRequest("The boiler was serviced in March")
    )
    memory = created.memory
    config = EngineConfig()
    born = memory.created_at.timestamp()

    fresh = browse.decay_parts(memory, config, born)
    assert fresh.days_since_access == 0
    assert fresh.factor == pytest.approx(1.0)
    later = browse.decay_parts(memory, config, born + fresh.half_life_days * DAY)
    assert later.days_since_access == pytest.approx(fresh.half_life_days)
    assert later.factor == pytest.approx(0.5)
    assert later.effective_importance < fresh.effective_importance

    used = replace(
        memory,
        access_count=3,
        last_accessed_at=memory.created_at + timedelta(days=fresh.half_life_days),
    )
    reused = browse.decay_parts(used, config, born + fresh.half_life_days * DAY)
    assert reused.days_since_access == 0
    assert reused.access_bonus > fresh.access_bonus
    assert reused.reinforcement > fresh.reinforcement


async def test_counts_and_people_are_what_the_caller_may_see(
    hass: HomeAssistant, init_integration: HomeMemoryConfigEntry
) -> None:
    """Another person's private memory is neither counted nor named."""
    anna = scope_of(hass, init_integration, Actor(Caller(user_id="anna")))
    ben = scope_of(hass, init_integration, Actor(Caller(user_id="ben")))
    await memories.async_remember(
        anna,
        memories.RememberRequest("Lena visits in June", people=("Lena",)),
    )
    await memories.async_remember(
        anna,
        memories.RememberRequest(
            "Anna's diary is in the drawer",
            people=("Tobias",),
            visibility=Visibility.PRIVATE,
        ),
    )

    anna_counts = await browse.async_counts(anna)
    assert (anna_counts.active, anna_counts.private) == (2, 1)
    assert (anna_counts.deleted, anna_counts.archived) == (0, 0)
    ben_counts = await browse.async_counts(ben)
    assert (ben_counts.active, ben_counts.private) == (1, 0)
    assert set(await browse.async_people(anna, 10)) == {"Lena", "Tobias"}
    assert await browse.async_people(ben, 10) == ["Lena"]


async def test_the_audit_log_is_the_admin_s_and_hides_private_writes(
    hass: HomeAssistant, init_integration: HomeMemoryConfigEntry
) -> None:
    """Only an admin reads the log: newest first, one memory's rows on
    request, and no row about another person's private memory."""
    anna = scope_of(hass, init_integration, Actor(Caller(user_id="anna")))
    admin = scope_of(
        hass, init_integration, Actor(Caller(user_id="boss", is_admin=True))
    )
    kept = await memories.async_remember(
        anna, memories.RememberRequest("The bins go out on Tuesday")
    )
    secret = await memories.async_remember(
        anna,
        memories.RememberRequest("Anna's diary", visibility=Visibility.PRIVATE),
    )

    with pytest.raises(ForbiddenError):
        await browse.async_audit_log(anna, memory_id=None, before=None, limit=10)
    rows = await browse.async_audit_log(admin, memory_id=None, before=None, limit=10)
    logged = [row.memory_id for row in rows]
    assert kept.memory.id in logged
    assert secret.memory.id not in logged
    one = await browse.async_audit_log(
        admin, memory_id=kept.memory.id, before=None, limit=10
    )
    assert one
    assert {row.memory_id for row in one} == {kept.memory.id}


async def test_nothing_pending_without_observed_changes(
    hass: HomeAssistant, init_integration: HomeMemoryConfigEntry
) -> None:
    """With nothing observed, the observer holds nothing to show."""
    scope = scope_of(hass, init_integration, Actor(Caller(user_id="u1")))
    pending = await browse.async_pending(scope, 5)
    assert (pending.events, pending.oldest_at, pending.items, pending.more) == (
        0,
        None,
        [],
        False,
    )
