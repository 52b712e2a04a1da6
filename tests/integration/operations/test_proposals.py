"""operations/proposals.py: proposals listed, counted (the notice) and decided.

How conversations come to propose is background/proposals.py's
(tests/integration/background/test_proposals.py).
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

from homeassistant.components import persistent_notification

from custom_components.home_memory.memory.common.values import Caller, MemoryPatch
from custom_components.home_memory.operations import proposals
from custom_components.home_memory.operations.access import Actor
from custom_components.home_memory.operations.proposals import (
    NOTIFICATION_ID,
    async_decide,
    async_refresh,
    proposal_store,
)

from .conftest import scope_of

if TYPE_CHECKING:
    from homeassistant.core import HomeAssistant

    from custom_components.home_memory.runtime.data import HomeMemoryConfigEntry


async def add_proposals(
    hass: HomeAssistant, data: Any, owner: str | None, *summaries: str
) -> list[str]:
    """Add pending fact proposals for `owner`; return their ids."""
    from custom_components.home_memory.memory.common.values import MemoryKind
    from custom_components.home_memory.memory.conversation.extraction import (
        ProposalDraft,
    )

    added = await hass.async_add_executor_job(
        partial(
            proposal_store(data).add,
            [ProposalDraft(s, f"{s}.", MemoryKind.FACT, ()) for s in summaries],
            owner=owner,
            session_id=None,
            conversation_id=None,
        )
    )
    await async_refresh(hass, data)
    return [p.id for p in added]


async def test_the_notice_counts_and_returns_only_when_the_count_rises(
    hass: HomeAssistant, init_integration: HomeMemoryConfigEntry
) -> None:
    """The notice counts proposals without text and returns only on a rise."""
    data = init_integration.runtime_data

    def notice() -> str | None:
        found = persistent_notification._async_get_or_create_notifications(hass)
        return found[NOTIFICATION_ID]["message"] if NOTIFICATION_ID in found else None

    [first] = await add_proposals(hass, data, None, "The bins go out on Tuesday")
    message = notice()
    assert message is not None
    assert "noticed 1 thing " in message
    assert "bins" not in message
    assert "list_proposals" in message
    persistent_notification.async_dismiss(hass, NOTIFICATION_ID)
    # Same count: not shown again.
    await async_refresh(hass, data)
    assert notice() is None
    # A person's own proposal moves nothing everyone sees.
    await add_proposals(hass, data, "someone", "A private thing")
    assert notice() is None
    assert data.proposals.household_pending == 1
    await add_proposals(hass, data, None, "The post comes at ten")
    message = notice()
    assert message is not None
    assert "noticed 2 things" in message
    assert "post" not in message
    await async_decide(hass, data, Caller(None), reject=[first])
    assert notice() is not None
    await hass.async_add_executor_job(proposal_store(data).expire, 0)
    await async_refresh(hass, data)
    assert notice() is None


async def test_an_edited_proposal_is_stored_with_the_changes(
    hass: HomeAssistant, init_integration: HomeMemoryConfigEntry
) -> None:
    """Edit-then-confirm stores the proposal as a memory that says the edit."""
    [proposal_id] = await add_proposals(
        hass, init_integration.runtime_data, None, "The bins go out on Monday"
    )
    scope = scope_of(hass, init_integration, Actor(Caller()))
    decision = await proposals.async_edit_proposal(
        scope,
        proposals.EditProposalRequest(
            proposal_id, MemoryPatch(content="The bins go out on Tuesday.")
        ),
    )
    [memory] = decision.memories
    assert memory.content == "The bins go out on Tuesday."
    assert await proposals.async_list_proposals(scope) == []
