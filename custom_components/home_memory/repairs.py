"""Repair flows.

The corrupt-database notice (and any other fixable notice) is closed by
confirming it. Private memories left by removed users are erased by
confirming, which only an administrator can do (repair flows are theirs).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from homeassistant.components.repairs import ConfirmRepairFlow, RepairsFlow

from .memory.common.values import SYSTEM
from .operations.access import Actor
from .operations.departed import async_erase_departed
from .operations.errors import OperationError
from .operations.loaded import loaded_data
from .operations.memories import OperationScope
from .runtime.issues import ISSUE_DEPARTED_PRIVATE, async_clear_departed

if TYPE_CHECKING:
    from homeassistant.components.repairs import RepairsFlowResult
    from homeassistant.core import HomeAssistant


class EraseDepartedFlow(ConfirmRepairFlow):
    """Erase the private memories of users who were removed, once confirmed."""

    async def async_step_confirm(
        self, user_input: dict[str, str] | None = None
    ) -> RepairsFlowResult:
        """Ask first (the issue's counts); on confirm erase them and close it."""
        if user_input is None:
            return await super().async_step_confirm(None)
        try:
            scope = OperationScope(self.hass, loaded_data(self.hass), Actor(SYSTEM))
            await async_erase_departed(scope)
        except OperationError as err:
            return self.async_abort(reason=err.translation_key)
        async_clear_departed(self.hass)
        return self.async_create_entry(data={})


async def async_create_fix_flow(
    hass: HomeAssistant, issue_id: str, data: dict[str, str | int | float | None] | None
) -> RepairsFlow:
    """The erasing flow for removed users' memories; others are notices."""
    if issue_id == ISSUE_DEPARTED_PRIVATE:
        return EraseDepartedFlow()
    return ConfirmRepairFlow()
