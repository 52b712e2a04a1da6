"""The errors of the work Home Memory does on its own (maintenance, AI Tasks)."""

from __future__ import annotations

from ..memory.common.errors import MemoryEngineError


class InvalidGenerationError(ValueError):
    """The generated data does not have the requested shape (raised by validators)."""


class MaintenanceStoppedError(MemoryEngineError):
    """The entry unloaded (or Home Assistant stopped) before the run finished."""
