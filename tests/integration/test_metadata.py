"""The files Home Assistant reads besides the code agree with the code."""

from __future__ import annotations

import json
from pathlib import Path
import re
from typing import TYPE_CHECKING, Any

from homeassistant.helpers.service import async_get_all_descriptions
from homeassistant.setup import async_setup_component
from homeassistant.util.yaml import load_yaml

from custom_components.home_memory.const import DOMAIN
from custom_components.home_memory.services import _SERVICES

if TYPE_CHECKING:
    from homeassistant.core import HomeAssistant

PACKAGE = Path(__file__).parents[2] / "custom_components" / DOMAIN


def read_json(name: str) -> Any:
    """One of the integration's JSON files, parsed."""
    return json.loads((PACKAGE / name).read_text(encoding="utf-8"))


def test_manifest() -> None:
    """The manifest pins the domain, version and only musl-ready requirements."""
    manifest = read_json("manifest.json")
    assert manifest["domain"] == DOMAIN
    assert manifest["version"] == "0.1.0"
    assert manifest["single_config_entry"] is True
    # Only packages with musl wheels (Home Assistant OS); onnxruntime and
    # sqlite-vec are optional and installed at run time.
    assert manifest["requirements"] == ["numpy==2.3.2", "tokenizers==0.23.3"]
    hacs = json.loads((PACKAGE.parents[1] / "hacs.json").read_text())
    assert hacs["homeassistant"] == "2026.10.0"


def test_translations_are_shipped_and_self_contained() -> None:
    """translations/en.json equals strings.json and uses no key references."""
    strings = (PACKAGE / "strings.json").read_text(encoding="utf-8")
    assert (PACKAGE / "translations" / "en.json").read_text(encoding="utf-8") == strings
    # Custom integrations get no [%key:...%] resolution.
    assert "[%key:" not in strings


def test_every_message_key_in_the_code_is_translated() -> None:
    """Every translation key used in the code has a string."""
    strings = read_json("strings.json")
    code = "\n".join(path.read_text() for path in PACKAGE.glob("*.py"))
    exception_keys = set(
        re.findall(r'translation_key(?:_name)?\s*=\s*"([a-z_]+)"', code)
    )
    assert exception_keys
    # The same keyword names exception messages, repair issues and entities.
    assert exception_keys <= (
        set(strings["exceptions"])
        | set(strings["issues"])
        | set(strings["entity"]["sensor"])
    )
    flow_errors = set(re.findall(r'errors\[[A-Z_]+\] = "([a-z_]+)"', code))
    flow_errors |= set(re.findall(r'ModelDirError\("([a-z_]+)"', code))
    assert flow_errors <= set(strings["config"]["error"]) | set(
        strings["options"]["error"]
    )


def test_services_yaml_strings_and_icons_match() -> None:
    """Every action has its services.yaml entry, strings and icon, field by field."""
    services = load_yaml(str(PACKAGE / "services.yaml"))
    assert isinstance(services, dict)
    strings = read_json("strings.json")["services"]
    icons = read_json("icons.json")["services"]
    registered = {name for name, *_ in _SERVICES}
    assert set(services) == registered == set(strings) == set(icons)
    for name, description in services.items():
        fields = (description or {}).get("fields", {})
        assert set(fields) == set(strings[name].get("fields", {})), name
        for field, spec in fields.items():
            assert "selector" in spec, (name, field)
            assert "example" in spec, (name, field)


async def test_descriptions_load(hass: HomeAssistant) -> None:
    """Home Assistant loads the action descriptions of every registered action."""
    assert await async_setup_component(hass, DOMAIN, {})
    descriptions = await async_get_all_descriptions(hass)
    assert set(descriptions[DOMAIN]) == {name for name, *_ in _SERVICES}
    assert descriptions[DOMAIN]["remember"]["fields"]["content"]["required"] is True
