"""Admin actions that reach the background features: thin calls with the
layer's access check and error family.

These three import from background/ (an upward import the layout test marks
as expected until the runtime data hands the features over without one).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..background import conversation_capture, maintenance
from .access import Access, require
from .errors import UnavailableError, async_guard

if TYPE_CHECKING:
    from ..background.conversation_capture import EndedSession
    from ..background.observer import Drained
    from ..memory.models import MaintenanceStats, Memory
    from .memories import OperationScope


@dataclass(frozen=True, slots=True)
class CloseSegmentResult:
    """What the observer had buffered, now written (or discarded)."""

    memories: list[Memory]
    drained: Drained
    pending: dict[str, Any]


async def async_close_segment(scope: OperationScope) -> CloseSegmentResult:
    """Turn what the observer has buffered into memories now (admin).

    UnavailableError `observer_not_running` while the observer is not up.
    """
    require(scope.actor, Access.ADMIN)
    if (observer := scope.data.observer) is None:
        raise UnavailableError("observer_not_running")
    memories, drained = await async_guard(observer.async_close_segment(scope.context))
    return CloseSegmentResult(memories, drained, observer.pending.as_dict())


async def async_end_conversations(
    scope: OperationScope, conversation_id: str | None = None
) -> list[EndedSession]:
    """End open conversations now (stored first), awaiting their extraction."""
    require(scope.actor, Access.ADMIN)
    data = scope.data

    async def _end() -> list[EndedSession]:
        if (capture := data.conversation_capture) is not None:
            await capture.async_read_stored(conversation_id)
        return await conversation_capture.async_end_conversations(
            scope.hass, data, conversation_id
        )

    return await async_guard(_end())


async def async_run_maintenance(scope: OperationScope) -> MaintenanceStats:
    """Run the nightly maintenance now, on its own path and lock (admin)."""
    require(scope.actor, Access.ADMIN)
    return await async_guard(
        maintenance.async_run_maintenance(scope.hass, scope.data, scope.context)
    )
