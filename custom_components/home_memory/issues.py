"""Hooks for problems the user should hear about (repair issues go here).

Setup calls these at the moments a repair issue belongs; they only carry the
facts for now. Raising and clearing the issues themselves (with their
translations) is added here without touching the callers.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from homeassistant.core import HomeAssistant, callback

if TYPE_CHECKING:
    from pathlib import Path

    from .runtime import HomeMemoryConfigEntry


@callback
def async_report_corrupt_database(
    hass: HomeAssistant, entry: HomeMemoryConfigEntry, moved_to: Path
) -> None:
    """The database was unreadable: it was moved to `moved_to`, a new one began."""


@callback
def async_report_model_unavailable(
    hass: HomeAssistant,
    entry: HomeMemoryConfigEntry,
    model_dir: Path | None,
    reason: str,
) -> None:
    """The embedding model could not be loaded: search stays keyword-only.

    `model_dir` is None when no folder is configured or found; `reason` is the
    missing or mismatching file's name, or the loader's message.
    """


@callback
def async_clear_model_unavailable(
    hass: HomeAssistant, entry: HomeMemoryConfigEntry
) -> None:
    """The model loaded: any earlier "model unavailable" problem is over."""
