"""The Memory sidebar panel: registration, the served bundle, its size and words."""

from __future__ import annotations

import gzip
import json
import os
from pathlib import Path
import re
import shutil
import subprocess
from typing import TYPE_CHECKING

from homeassistant.components.frontend import DATA_PANELS
from homeassistant.config_entries import ConfigEntryState
from homeassistant.setup import async_setup_component
import pytest
from pytest_homeassistant_custom_component.common import MockConfigEntry

from custom_components.home_memory.const import (
    CONF_PANEL_ADMIN_ONLY,
    DOMAIN,
    PANEL_ELEMENT,
    PANEL_STATIC_URL,
    PANEL_URL_PATH,
    SECTION_PANEL,
)
from custom_components.home_memory.runtime.panel import BUNDLE_PATH, bundle_version

from ..conftest import setup_entry

if TYPE_CHECKING:
    from homeassistant.core import HomeAssistant
    from pytest_homeassistant_custom_component.typing import ClientSessionGenerator

REPO = Path(__file__).parents[3]
SOURCES = BUNDLE_PATH.parent / "src"
MAX_GZIPPED_BYTES = 150 * 1024
# Enumerations the panel labels with t.label(group, value): every value needs a word.
LABELLED = {
    "kind": (
        "fact", "preference", "decision", "event", "person", "project",
        "meeting", "journal", "routine", "observation",
    ),
    "weight_class": (
        "significant", "preference", "routine", "observation", "transient",
    ),
    "origin": ("voice", "action", "observed", "extracted", "imported"),
    "tier": ("active", "deleted", "archived"),
    "visibility": ("household", "private"),
    "time_of_day": ("morning", "afternoon", "evening", "night"),
    "day_type": ("weekday", "weekend"),
}  # fmt: skip


@pytest.fixture
async def with_frontend(hass: HomeAssistant) -> None:
    """The frontend (and with it http) as in a real installation."""
    assert await async_setup_component(hass, "frontend", {})


def _panel_strings() -> dict[str, object]:
    strings = json.loads((BUNDLE_PATH.parents[1] / "strings.json").read_text("utf-8"))
    panel: dict[str, object] = strings["config_panel"]
    return panel


def _flat(tree: dict[str, object], prefix: str = "") -> dict[str, str]:
    """Each string of a nested translation section by its dotted key."""
    flat: dict[str, str] = {}
    for name, value in tree.items():
        if isinstance(value, dict):
            flat |= _flat(value, f"{prefix}{name}.")
        else:
            flat[f"{prefix}{name}"] = str(value)
    return flat


@pytest.mark.usefixtures("with_frontend", "mock_load_model")
async def test_panel_is_registered_with_a_versioned_module_and_removed_on_unload(
    hass: HomeAssistant,
    mock_config_entry: MockConfigEntry,
    hass_client: ClientSessionGenerator,
) -> None:
    """Setup adds the "Memory" panel (bundle hash in its URL); unload removes it."""
    await setup_entry(hass, mock_config_entry)
    panel = hass.data[DATA_PANELS][PANEL_URL_PATH]
    assert panel.sidebar_title == "Memory"
    assert panel.sidebar_icon == "mdi:brain"
    assert panel.require_admin is False
    custom = panel.config["_panel_custom"]
    assert custom["name"] == PANEL_ELEMENT
    assert custom["embed_iframe"] is False
    assert custom["module_url"] == f"{PANEL_STATIC_URL}?v={bundle_version()}"

    client = await hass_client()
    served = await client.get(custom["module_url"])
    assert served.status == 200
    assert await served.read() == BUNDLE_PATH.read_bytes()

    assert await hass.config_entries.async_unload(mock_config_entry.entry_id)
    await hass.async_block_till_done()
    assert PANEL_URL_PATH not in hass.data[DATA_PANELS]

    # Loaded again (the static path stays registered): the panel comes back.
    assert await hass.config_entries.async_setup(mock_config_entry.entry_id)
    await hass.async_block_till_done()
    assert PANEL_URL_PATH in hass.data[DATA_PANELS]


@pytest.mark.usefixtures("with_frontend", "mock_load_model")
async def test_option_hides_the_panel_from_non_admins(hass: HomeAssistant) -> None:
    """ "Only administrators see the panel" registers it with require_admin."""
    entry = MockConfigEntry(
        domain=DOMAIN,
        title="Home Memory",
        version=1,
        minor_version=2,
        options={SECTION_PANEL: {CONF_PANEL_ADMIN_ONLY: True}},
    )
    await setup_entry(hass, entry)
    assert hass.data[DATA_PANELS][PANEL_URL_PATH].require_admin is True


@pytest.mark.usefixtures("mock_load_model")
async def test_without_the_frontend_there_is_no_panel(
    hass: HomeAssistant, mock_config_entry: MockConfigEntry
) -> None:
    """A headless Home Assistant loads the entry without a panel and without errors."""
    await setup_entry(hass, mock_config_entry)
    assert mock_config_entry.state is ConfigEntryState.LOADED
    assert PANEL_URL_PATH not in hass.data.get(DATA_PANELS, {})


def test_bundle_stays_under_150_kb_gzipped() -> None:
    """The shipped JavaScript is at most 150 KB gzipped (issue 13)."""
    size = len(gzip.compress(BUNDLE_PATH.read_bytes(), compresslevel=9))
    assert size <= MAX_GZIPPED_BYTES, size


def test_bundle_loads_nothing_from_the_network() -> None:
    """No CDN at run time: the bundle imports no other module and fetches no URL."""
    bundle = BUNDLE_PATH.read_text("utf-8")
    assert not re.search(r"\bimport\s*\(?\s*[\"'`]", bundle)
    assert not re.search(r"[}*]\s*from\s*[\"']", bundle)
    assert not re.search(r"https?://(?!www\.w3\.org/)", bundle.split("/*!")[0])


def test_committed_bundle_matches_a_fresh_build(tmp_path: Path) -> None:
    """The committed bundle is what scripts/build-frontend makes of the sources."""
    if not (REPO / "node_modules" / ".bin" / "esbuild").exists() and not shutil.which(
        "npm"
    ):
        # Failing, not skipping: a silent skip would let the bundle drift from
        # its sources. A machine without npm opts out by saying so.
        if os.environ.get("HOME_MEMORY_SKIP_FRONTEND_BUILD", "") in ("", "0"):
            pytest.fail(
                "npm is needed to build the panel (apt-get install npm), or set "
                "HOME_MEMORY_SKIP_FRONTEND_BUILD=1"
            )
        pytest.skip("HOME_MEMORY_SKIP_FRONTEND_BUILD is set")
    fresh = tmp_path / "bundle.js"
    subprocess.run(
        [str(REPO / "scripts" / "build-frontend"), "--outfile", str(fresh)],
        check=True,
        cwd=REPO,
        timeout=300,
    )
    assert fresh.read_bytes() == BUNDLE_PATH.read_bytes(), (
        "run scripts/build-frontend and commit the bundle"
    )


def test_panel_javascript_passes_its_type_check() -> None:
    """`tsc --checkJs` finds no error in the panel's JSDoc-typed JavaScript."""
    if (
        not shutil.which("npm")
        and not (REPO / "node_modules" / ".bin" / "tsc").exists()
    ):
        if os.environ.get("HOME_MEMORY_SKIP_FRONTEND_BUILD", "") in ("", "0"):
            pytest.fail(
                "npm is needed to check the panel (apt-get install npm), or set "
                "HOME_MEMORY_SKIP_FRONTEND_BUILD=1"
            )
        pytest.skip("HOME_MEMORY_SKIP_FRONTEND_BUILD is set")
    checked = subprocess.run(
        [str(REPO / "scripts" / "check-frontend")],
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=300,
        check=False,
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr


def _node() -> str:
    """Node (it comes with npm, which the panel's build needs), or fail loudly."""
    node = shutil.which("node") or shutil.which("nodejs")
    if node is None:
        if os.environ.get("HOME_MEMORY_SKIP_FRONTEND_BUILD", "") in ("", "0"):
            pytest.fail(
                "node is needed to test the panel's code (apt-get install npm), "
                "or set HOME_MEMORY_SKIP_FRONTEND_BUILD=1"
            )
        pytest.skip("HOME_MEMORY_SKIP_FRONTEND_BUILD is set")
    return node


_TRANSLATE = """
import { translator } from %s;
const [resources, language, cases] = JSON.parse(process.argv[1]);
const t = translator(resources, language);
console.log(JSON.stringify(cases.map(([key, values]) => t(key, values))));
"""


def _translate(language: str, cases: list[tuple[str, dict[str, object]]]) -> list[str]:
    """The panel's own translate function (src/i18n.js) over a shipped file."""
    shipped = json.loads(
        (BUNDLE_PATH.parents[1] / "translations" / f"{language}.json").read_text(
            "utf-8"
        )
    )
    resources = {
        f"component.home_memory.config_panel.{key}": text
        for key, text in _flat(shipped["config_panel"]).items()
    }
    script = _TRANSLATE % json.dumps((SOURCES / "i18n.js").as_uri())
    done = subprocess.run(
        [
            _node(),
            "--input-type=module",
            "-e",
            script,
            json.dumps([resources, language, cases]),
        ],
        capture_output=True,
        check=True,
        text=True,
        timeout=60,
    )
    answer: list[str] = json.loads(done.stdout)
    return answer


def test_counts_read_in_the_singular_and_plural_of_each_language() -> None:
    """ "1 memory", "1 Erinnerung", "never": the panel picks the plural form."""
    cases: list[tuple[str, dict[str, object]]] = [
        ("list.count", {"count": 1}),
        ("list.count", {"count": 1234}),
        ("memory.used", {"count": 1}),
        ("memory.used", {"count": 3}),
        ("memory.used", {"count": 0}),
        ("memory.last_used", {"count": 1}),
        ("memory.unused_since", {"count": 0}),
        ("list.results_count", {"count": 2, "query": "{count}"}),
    ]
    assert _translate("en", cases) == [
        "1 memory",
        "1,234 memories",
        "once",
        "3 times",
        "never",
        "Last used 1 day ago.",
        "Not used yet; made today.",
        "2 found for “{count}”",
    ]
    assert _translate("de", cases[:7]) == [
        "1 Erinnerung",
        "1.234 Erinnerungen",
        "einmal",
        "3-mal",
        "noch nie",
        "Zuletzt vor 1 Tag genutzt.",
        "Noch nicht genutzt; heute entstanden.",
    ]


def test_every_word_of_the_panel_is_translated() -> None:
    """Each t("...") key of the sources and each labelled value has English text."""
    keys = set(_flat(_panel_strings()))
    used: set[str] = set()
    for source in SOURCES.glob("*.js"):
        used |= set(re.findall(r"\bt\(\"([a-z_]+(?:\.[a-z_]+)*)\"", source.read_text()))
    assert used, "no t() calls found: the pattern no longer matches the sources"
    # A count's words are a group of plural forms: "list.count" -> "list.count.other".
    assert {key for key in used - keys if f"{key}.other" not in keys} == set()
    labelled = {
        f"{group}.{value}" for group, values in LABELLED.items() for value in values
    }
    assert labelled - keys == set()
    # Dynamic keys built in the sources: confirm_<kind>, gone_<why>, role_<who>.
    for key in (
        "memory.last_used.other",
        "memory.unused_since.other",
        "memory.confirm_forget_title",
        "memory.confirm_purge_body",
        "memory.gone_purged",
        "memory.gone_hidden",
        "memory.gone_forgotten",
        "memory.gone_missing",
        "memory.role_user",
        "memory.role_assistant",
        "action.forget",
        "action.purge",
    ):
        assert key in keys


def test_panel_strings_are_shipped_in_english() -> None:
    """translations/en.json carries the panel's words (the frontend fetches them)."""
    shipped = json.loads(
        (BUNDLE_PATH.parents[1] / "translations" / "en.json").read_text("utf-8")
    )
    assert shipped["config_panel"] == _panel_strings()
    assert shipped["config_panel"]["title"] == "Memory"
