"""Databases set aside when Home Memory is removed: set aside, restore, erase.

Removing the integration never deletes memories: the database moves to
`<config>/home_memory/set_aside/memory-YYYY-MM-DD-HHMMSSZ.db` (UTC), which the log and
a notice name, with the entry's options beside it. Adding Home Memory again
offers to restore the newest (options too); erasing them is a separate step
that must be confirmed (the config flow's choice and the `erase_set_aside`
action both come here).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from homeassistant.components import persistent_notification
from homeassistant.helpers.translation import async_get_translations
from homeassistant.util import dt as dt_util

from ..const import CONFIG_MINOR_VERSION, CONFIG_VERSION, DOMAIN, LOGGER
from ..runtime.database import (
    SetAsideDatabase,
    erase_set_aside,
    list_set_aside,
    read_settings,
    restore_set_aside,
    set_aside_database,
)
from ..runtime.database_setup import database_path, graph_path
from ..runtime.options import HomeMemoryOptions
from .access import Access, Actor, require
from .errors import ConflictError, InvalidRequestError

if TYPE_CHECKING:
    from collections.abc import Mapping
    from pathlib import Path

    from homeassistant.core import HomeAssistant

NOTIFICATION_ID = f"{DOMAIN}_set_aside"

# The keys of the settings file kept beside a set-aside database.
_VERSION: Final = "version"
_MINOR_VERSION: Final = "minor_version"
_OPTIONS: Final = "options"


async def async_set_aside(
    hass: HomeAssistant, options: Mapping[str, Any] | None = None
) -> Path | None:
    """Set the database aside (the entry is being removed) and say where.

    `options` (the removed entry's) are kept beside it, to come back with a
    restore. Returns the set-aside file, or None when there was no database.
    """
    settings = None
    if options is not None:
        settings = {
            _VERSION: CONFIG_VERSION,
            _MINOR_VERSION: CONFIG_MINOR_VERSION,
            _OPTIONS: dict(options),
        }
    try:
        moved_to = await hass.async_add_executor_job(
            set_aside_database,
            database_path(hass),
            dt_util.now(),
            graph_path(hass),
            settings,
        )
    except OSError:
        # A read-only folder, say: the database stays where it is, whole, and
        # the next Home Memory opens it.
        LOGGER.exception(
            "Home Memory was removed; its database %s could not be set aside "
            "and stays where it is",
            database_path(hass),
        )
        return None
    if moved_to is None:
        return None
    LOGGER.warning(
        "Home Memory was removed; its memories were kept in %s. Adding Home "
        "Memory again offers to restore them; the action "
        "home_memory.erase_set_aside or the erase choice when adding it "
        "deletes them for good",
        moved_to,
    )
    strings = await async_get_translations(
        hass, hass.config.language, "common", [DOMAIN]
    )
    prefix = f"component.{DOMAIN}.common.set_aside_notice"
    persistent_notification.async_create(
        hass,
        strings.get(f"{prefix}_message", "{path}").replace("{path}", str(moved_to)),
        title=strings.get(f"{prefix}_title"),
        notification_id=NOTIFICATION_ID,
    )
    return moved_to


async def async_list(hass: HomeAssistant) -> list[SetAsideDatabase]:
    """The set-aside databases, newest first."""
    return await hass.async_add_executor_job(
        list_set_aside, database_path(hass), dt_util.get_default_time_zone()
    )


async def async_restorable(hass: HomeAssistant) -> list[SetAsideDatabase]:
    """The set-aside databases to offer back: none while a database is in place.

    A database in place is opened by the new entry as it is; restoring never
    replaces it.
    """
    if await hass.async_add_executor_job(database_path(hass).exists):
        return []
    return await async_list(hass)


async def async_newest_options(hass: HomeAssistant) -> dict[str, Any] | None:
    """The options kept with the newest set-aside database, or None.

    Read back as the entry reads its own, in the options flow's shape, every
    section filled; the config flow then checks them as the options flow
    checks a submission. Options that do not read (a hand-edited file) or
    that another version of the entry wrote (they would need that version's
    migration) are not used, and the memories come back all the same.
    """
    found = await async_list(hass)
    if not found:
        return None
    settings = await hass.async_add_executor_job(read_settings, found[0].path)
    if settings is None:
        return None
    options = settings.get(_OPTIONS)
    if (
        settings.get(_VERSION) != CONFIG_VERSION
        or settings.get(_MINOR_VERSION) != CONFIG_MINOR_VERSION
        or not isinstance(options, dict)
    ):
        LOGGER.info(
            "The options kept with %s are not used: another version wrote them",
            found[0].path,
        )
        return None
    try:
        return HomeMemoryOptions.from_entry_options(options).as_sections()
    except Exception:  # noqa: BLE001 - a hand-edited file may fail anywhere
        LOGGER.info("The options kept with %s do not read; not used", found[0].path)
        return None


async def async_restore_newest(hass: HomeAssistant) -> SetAsideDatabase:
    """Make the newest set-aside database the database again.

    ConflictError "restore_database_exists" when a database is in place
    already (restoring never replaces one); InvalidRequestError
    "nothing_set_aside" when none is left.
    """
    found = await async_list(hass)
    if not found:
        raise InvalidRequestError("nothing_set_aside")
    newest = found[0]
    try:
        await hass.async_add_executor_job(
            restore_set_aside, newest.path, database_path(hass)
        )
    except FileExistsError as err:
        raise ConflictError("restore_database_exists") from err
    LOGGER.info("Restored the memories set aside in %s", newest.path)
    persistent_notification.async_dismiss(hass, NOTIFICATION_ID)
    return newest


async def async_erase(
    hass: HomeAssistant, actor: Actor, *, confirmed: bool
) -> list[str]:
    """Delete every set-aside database for good (admins, and only confirmed).

    Returns the names of the files deleted.
    """
    require(actor, Access.ADMIN)
    if not confirmed:
        raise InvalidRequestError("erase_not_confirmed")
    erased = await hass.async_add_executor_job(erase_set_aside, database_path(hass))
    if erased:
        LOGGER.warning(
            "Erased the set-aside Home Memory databases: %s", ", ".join(erased)
        )
    persistent_notification.async_dismiss(hass, NOTIFICATION_ID)
    return erased
