"""Closing the observer's segment now: the admin action that reaches the
home observer, as a thin call with the layer's access check and errors.

The other two admin actions that reach background features (run_maintenance
through the runtime data's maintenance handle, end_conversations) are called
by `services.py` itself, with `access.require` and `errors.async_guard`: this
layer may not import `background/`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .access import Access, require
from .errors import async_guard

if TYPE_CHECKING:
    from ..memory.common.values import Memory
    from .memories import OperationScope


@dataclass(frozen=True, slots=True)
class CloseSegmentResult:
    """What the observer had buffered, now written (or discarded)."""

    memories: list[Memory]
    # Segments dropped as not worth remembering (a lone trivial change).
    discarded: int
    # What is still waiting (as the observer reports it).
    pending: dict[str, Any]


async def async_close_segment(scope: OperationScope) -> CloseSegmentResult:
    """Turn what the observer has buffered into memories now (admin)."""
    require(scope.actor, Access.ADMIN)
    observer = scope.data.observer
    memories, drained = await async_guard(observer.async_close_segment(scope.context))
    return CloseSegmentResult(memories, drained.discarded, observer.pending.as_dict())
