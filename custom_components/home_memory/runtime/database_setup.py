"""The database at setup: where it lives, and opening it with setup errors.

Opening runs in the executor; what fails becomes the config entry error Home
Assistant shows (retry, or fail and say what to change). The corrupt-database
notice ends here too, once its set-aside copy is gone.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from homeassistant.exceptions import ConfigEntryError, ConfigEntryNotReady
from homeassistant.util import dt as dt_util

from ..const import DB_FILE, DB_FOLDER, DOMAIN, GRAPH_FILE
from ..memory.common.errors import SchemaTooNewError
from .clock import ha_now
from .database import OpenedStore, open_store
from .errors import DatabasePathError, DatabaseUnavailableError
from .issues import (
    async_clear_corrupt_database,
    async_clear_database_path,
    async_report_database_path,
    corrupt_copy_of_issue,
)

if TYPE_CHECKING:
    from homeassistant.core import HomeAssistant

    from .options import HomeMemoryOptions


def database_path(hass: HomeAssistant) -> Path:
    """Where the memory database lives (inside the config folder, so backed up)."""
    return Path(hass.config.path(DB_FOLDER, DB_FILE))


def graph_path(hass: HomeAssistant) -> Path:
    """Where the vector graph is kept between runs (regenerable: not backed up)."""
    return Path(hass.config.cache_path(DOMAIN, GRAPH_FILE))


async def async_open_database(
    hass: HomeAssistant, db_path: Path, options: HomeMemoryOptions
) -> OpenedStore:
    """Open the store in the executor; a failure becomes the right setup error.

    Once it opens, a notice about an unusable database folder is over.
    """
    try:
        opened = await hass.async_add_executor_job(
            partial(
                open_store,
                db_path,
                options.engine_config(hass.config.language),
                now=dt_util.now(),
                clock=ha_now,
                graph_path=graph_path(hass),
            )
        )
    except DatabasePathError as err:
        # Retrying cannot help: fail setup and tell the user what to change.
        async_report_database_path(hass, err)
        raise ConfigEntryError(
            translation_domain=DOMAIN,
            translation_key=err.reason,
            translation_placeholders={"path": str(err.path), "folder": str(err.folder)},
        ) from err
    except DatabaseUnavailableError as err:
        raise ConfigEntryNotReady(
            translation_domain=DOMAIN,
            translation_key="database_unavailable",
            translation_placeholders={"path": str(db_path), "error": str(err)},
        ) from err
    except SchemaTooNewError as err:
        # A newer version wrote this file: keep it untouched for that version.
        raise ConfigEntryError(
            translation_domain=DOMAIN,
            translation_key="database_too_new",
            translation_placeholders={"path": str(db_path)},
        ) from err
    async_clear_database_path(hass)
    return opened


async def async_clear_resolved_corrupt_database(hass: HomeAssistant) -> None:
    """Close the corrupt-database notice once its set-aside file is gone."""
    moved_to = corrupt_copy_of_issue(hass)
    if moved_to is not None and not await hass.async_add_executor_job(
        Path(moved_to).exists
    ):
        async_clear_corrupt_database(hass)
