"""The optional fast backends: installed where they can be, used when they import.

onnxruntime, sqlite-vec and usearch are imported (or installed) in the
background after setup; whatever fails, the engine's fallbacks run and setup
never waits for, nor fails on, a backend.

In more words: docs/home-assistant.md, "`runtime/backends.py`".
"""

from __future__ import annotations

from dataclasses import dataclass, replace
import importlib
from typing import TYPE_CHECKING, Final

from homeassistant.exceptions import HomeAssistantError
from homeassistant.requirements import async_process_requirements

from ..const import DOMAIN, LOGGER

if TYPE_CHECKING:
    from homeassistant.core import HomeAssistant

ONNXRUNTIME_MODULE: Final = "onnxruntime"
ONNXRUNTIME_REQUIREMENT: Final = "onnxruntime==1.31.1"
SQLITE_VEC_MODULE: Final = "sqlite_vec"
SQLITE_VEC_REQUIREMENT: Final = "sqlite-vec==0.1.9"
USEARCH_MODULE: Final = "usearch.index"
USEARCH_REQUIREMENT: Final = "usearch==2.26.6"


@dataclass(frozen=True, slots=True)
class BackendStatus:
    """Which optional backends import in this process."""

    onnxruntime: bool
    sqlite_vec: bool
    usearch: bool = True

    @property
    def missing(self) -> tuple[str, ...]:
        """The requirement names of the backends that do not import."""
        return tuple(
            requirement
            for available, requirement in (
                (self.onnxruntime, ONNXRUNTIME_REQUIREMENT),
                (self.sqlite_vec, SQLITE_VEC_REQUIREMENT),
                (self.usearch, USEARCH_REQUIREMENT),
            )
            if not available
        )


def _import(module: str) -> None:
    # A package installed a moment ago is not in the finders' caches yet.
    importlib.invalidate_caches()
    importlib.import_module(module)


async def async_import(hass: HomeAssistant, module: str) -> bool:
    """Whether `module` imports; the import runs in the import executor."""
    try:
        await hass.async_add_import_executor_job(_import, module)
    except (ImportError, OSError) as err:
        # OSError: a wheel whose native library does not load on this system.
        LOGGER.debug("%s does not import: %s", module, err)
        return False
    return True


async def async_ensure_backend(
    hass: HomeAssistant, module: str, requirement: str
) -> bool:
    """Import `module`, installing `requirement` first if needed; never raises."""
    if await async_import(hass, module):
        return True
    try:
        await async_process_requirements(hass, DOMAIN, [requirement], is_built_in=False)
    except HomeAssistantError as err:
        LOGGER.info(
            "%s cannot be installed on this system (%s); Home Memory uses its "
            "built-in fallback instead",
            requirement,
            err,
        )
        return False
    return await async_import(hass, module)


async def async_ensure_backends(hass: HomeAssistant) -> BackendStatus:
    """Check (and where possible install) onnxruntime and sqlite-vec.

    usearch is checked later (async_ensure_graph_backend), once the model has
    loaded: it only matters in very large stores and must not delay search.
    """
    # One after the other: pip installs are serialised by Home Assistant anyway.
    onnxruntime = await async_ensure_backend(
        hass, ONNXRUNTIME_MODULE, ONNXRUNTIME_REQUIREMENT
    )
    sqlite_vec = await async_ensure_backend(
        hass, SQLITE_VEC_MODULE, SQLITE_VEC_REQUIREMENT
    )
    status = BackendStatus(onnxruntime=onnxruntime, sqlite_vec=sqlite_vec)
    LOGGER.debug("Optional backends: %s", status)
    return status


async def async_ensure_graph_backend(
    hass: HomeAssistant, status: BackendStatus
) -> BackendStatus:
    """Check (and where possible install) usearch; `status` with the answer."""
    usearch = await async_ensure_backend(hass, USEARCH_MODULE, USEARCH_REQUIREMENT)
    return replace(status, usearch=usearch)
