"""scripts/develop's home is one you can use: the UI's editors can save.

Runs the part of scripts/develop that writes the configuration
(scripts/develop_home.py) into a temporary folder, then loads it the way Home
Assistant does and sets up `script`, `automation` and `scene` from it.
"""

from __future__ import annotations

from pathlib import Path
import subprocess
import sys
from typing import TYPE_CHECKING, Any

from homeassistant.config import load_yaml_config_file
from homeassistant.setup import async_setup_component

if TYPE_CHECKING:
    from homeassistant.core import HomeAssistant

SCRIPT = Path(__file__).parents[2] / "scripts" / "develop_home.py"
# What the UI's script editor writes to scripts.yaml when a script is saved.
SAVED_SCRIPT = "porch_light:\n  alias: Porch light\n  sequence: []\n"
SAVED_AUTOMATION = (
    "- id: '1700000000000'\n  alias: Evening\n  triggers: []\n  actions: []\n"
)


def write_home(config: Path) -> None:
    """Run the configuration-writing part of scripts/develop."""
    subprocess.run(
        [sys.executable, str(SCRIPT), str(config), "127.0.0.1", "8123"],
        check=True,
        timeout=60,
    )


async def loaded(hass: HomeAssistant, config: Path) -> dict[str, Any]:
    """configuration.yaml as Home Assistant reads it (includes resolved)."""
    conf: dict[str, Any] = await hass.async_add_executor_job(
        load_yaml_config_file, str(config / "configuration.yaml")
    )
    return conf


async def test_the_editors_save_where_the_home_reads(
    hass: HomeAssistant, tmp_path: Path
) -> None:
    """A new home includes automations, scripts and scenes the UI writes."""
    write_home(tmp_path)
    assert (tmp_path / "automations.yaml").read_text() == "[]\n"
    assert (tmp_path / "scripts.yaml").read_text() == ""
    assert (tmp_path / "scenes.yaml").read_text() == ""
    conf = await loaded(hass, tmp_path)
    # Included, and empty (Home Assistant reads an empty include as {}).
    for domain in ("automation", "script", "scene"):
        assert domain in conf
        assert not conf[domain]
    # What the editors save is what the home has after a reload.
    (tmp_path / "scripts.yaml").write_text(SAVED_SCRIPT)
    (tmp_path / "automations.yaml").write_text(SAVED_AUTOMATION)
    conf = await loaded(hass, tmp_path)
    assert await async_setup_component(hass, "script", {"script": conf["script"]})
    assert await async_setup_component(
        hass, "automation", {"automation": conf["automation"]}
    )
    assert await async_setup_component(hass, "scene", {"scene": conf["scene"]})
    await hass.async_block_till_done()
    assert hass.states.get("script.porch_light") is not None
    assert hass.states.get("automation.evening") is not None


async def test_an_older_home_becomes_editable_once(
    hass: HomeAssistant, tmp_path: Path
) -> None:
    """A home written without the includes gets them, once; saved files stay."""
    (tmp_path / ".storage").mkdir()
    (tmp_path / "configuration.yaml").write_text(
        "homeassistant:\n  name: Old Home\n\nfrontend:\nconfig:\n"
    )
    (tmp_path / "scripts.yaml").write_text(SAVED_SCRIPT)
    write_home(tmp_path)
    write_home(tmp_path)
    text = (tmp_path / "configuration.yaml").read_text()
    for line in (
        "automation: !include automations.yaml",
        "script: !include scripts.yaml",
        "scene: !include scenes.yaml",
    ):
        assert text.count(line) == 1, text
    assert (tmp_path / "scripts.yaml").read_text() == SAVED_SCRIPT
    conf = await loaded(hass, tmp_path)
    assert conf["homeassistant"]["name"] == "Old Home"
    assert "porch_light" in conf["script"]
    assert "automation" in conf
    assert not conf["automation"]
