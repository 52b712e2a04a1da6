"""The Memory sidebar panel: its bundle served from the integration, its registration.

The bundle (`frontend/home-memory-panel.js`, built by `scripts/build-frontend`)
is served from one static path for the life of the process (aiohttp cannot
remove a route); the panel itself comes and goes with the entry. The module
URL carries a hash of the bundle, so a browser never runs a stale cached copy
after an update.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import TYPE_CHECKING, Final

from homeassistant.components import frontend, panel_custom
from homeassistant.components.http.server import StaticPathConfig
from homeassistant.helpers.translation import async_get_translations

from ..const import (
    DOMAIN,
    LOGGER,
    PANEL_BUNDLE,
    PANEL_ELEMENT,
    PANEL_ICON,
    PANEL_STATIC_URL,
    PANEL_URL_PATH,
)

if TYPE_CHECKING:
    from homeassistant.core import HomeAssistant

    from .data import HomeMemoryConfigEntry

BUNDLE_PATH: Final = Path(__file__).parents[1] / "frontend" / PANEL_BUNDLE
_SERVED: Final = f"{DOMAIN}_panel_served"
DEFAULT_TITLE: Final = "Memory"
# The panel's words in strings.json: `config_panel`, the section hassfest
# takes for an integration's own panel (a section of our own would fail it).
PANEL_SECTION: Final = "config_panel"


def bundle_version(path: Path = BUNDLE_PATH) -> str:
    """A short hash of the bundle: changes whenever its content does."""
    return hashlib.sha256(path.read_bytes()).hexdigest()[:12]


async def async_register_panel(
    hass: HomeAssistant, entry: HomeMemoryConfigEntry
) -> None:
    """Add the Memory panel to the sidebar (once), removed again on unload.

    Without the frontend (a headless install) there is no sidebar: nothing to do.
    """
    if "frontend" not in hass.config.components:
        LOGGER.debug("No frontend loaded: the Memory panel is not registered")
        return
    version = hass.data.get(_SERVED)
    if version is None:
        version = await hass.async_add_executor_job(bundle_version)
        await hass.http.async_register_static_paths(
            [StaticPathConfig(PANEL_STATIC_URL, str(BUNDLE_PATH), cache_headers=True)]
        )
        hass.data[_SERVED] = version
    if frontend.async_panel_exists(hass, PANEL_URL_PATH):
        # Another entry (or an earlier setup of this one) already shows it.
        return
    await panel_custom.async_register_panel(
        hass,
        frontend_url_path=PANEL_URL_PATH,
        webcomponent_name=PANEL_ELEMENT,
        sidebar_title=await _async_title(hass),
        sidebar_icon=PANEL_ICON,
        module_url=f"{PANEL_STATIC_URL}?v={version}",
        embed_iframe=False,
        require_admin=entry.runtime_data.options.panel_admin_only,
        config={"domain": DOMAIN, "version": version},
    )
    entry.async_on_unload(lambda: _async_remove_panel(hass, entry.entry_id))


def _async_remove_panel(hass: HomeAssistant, entry_id: str) -> None:
    """Remove the panel when no other loaded entry still needs it."""
    others = [
        other
        for other in hass.config_entries.async_loaded_entries(DOMAIN)
        if other.entry_id != entry_id
    ]
    if not others:
        frontend.async_remove_panel(hass, PANEL_URL_PATH, warn_if_unknown=False)


async def _async_title(hass: HomeAssistant) -> str:
    """The sidebar title in the server's language (the sidebar shows it as given)."""
    strings = await async_get_translations(
        hass, hass.config.language, PANEL_SECTION, [DOMAIN]
    )
    return strings.get(f"component.{DOMAIN}.{PANEL_SECTION}.title", DEFAULT_TITLE)
