"""Repair flows: the corrupt-database notice is closed by confirming it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from homeassistant.components.repairs import ConfirmRepairFlow, RepairsFlow

if TYPE_CHECKING:
    from homeassistant.core import HomeAssistant


async def async_create_fix_flow(
    hass: HomeAssistant, issue_id: str, data: dict[str, str | int | float | None] | None
) -> RepairsFlow:
    """Every fixable issue of Home Memory is a notice to acknowledge."""
    return ConfirmRepairFlow()
