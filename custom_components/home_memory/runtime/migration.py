"""Config entry migration: an entry an older version wrote, brought up to date."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from homeassistant.core import callback

from ..const import CONF_DEDUP_THRESHOLD, LOGGER, SECTION_CAPTURE
from .options import HomeMemoryOptions

if TYPE_CHECKING:
    from homeassistant.core import HomeAssistant

    from .data import HomeMemoryConfigEntry


@callback
def migrate_entry(hass: HomeAssistant, entry: HomeMemoryConfigEntry) -> bool:
    """Bring an entry written by an older version up to the current one.

    Home Assistant itself refuses entries of a newer major version. Each later
    version adds one step here, oldest first.
    """
    if entry.version == 1 and entry.minor_version < 2:
        # 1.2: "Duplicate threshold" no longer merges similar memories (old
        # default 0.92); it is the similarity from which a rewording is a
        # repeat (memory/text/statements.py, default 0.97). A value saved for the
        # old meaning would fold corrections as repeats: it becomes the new
        # default. Stricter values mean the same in both and stay.
        options = dict(entry.options)
        capture = options.get(SECTION_CAPTURE)
        if isinstance(capture, Mapping) and CONF_DEDUP_THRESHOLD in capture:
            default = HomeMemoryOptions().dedup_threshold
            try:
                saved = float(capture[CONF_DEDUP_THRESHOLD])
            except TypeError, ValueError:
                saved = default
            if not saved >= default:  # also NaN
                options[SECTION_CAPTURE] = {
                    **capture,
                    CONF_DEDUP_THRESHOLD: default,
                }
        hass.config_entries.async_update_entry(entry, options=options, minor_version=2)
        LOGGER.debug("Migrated the entry to version 1.2")
    return True
