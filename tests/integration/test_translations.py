"""Every language Home Memory ships says everything English says, and HA serves it.

English (`translations/en.json`, a copy of `strings.json`) is the reference: each
other `translations/xx.json` has exactly its keys, nested the same way, keeps each
string's `{placeholders}`, and leaves nothing empty. Adding a language is adding a
file; these tests then hold it to the same standard.
"""

from __future__ import annotations

from collections import Counter
import json
import logging
from pathlib import Path
import re
from typing import TYPE_CHECKING, Any

from homeassistant.components.frontend import DATA_PANELS
from homeassistant.setup import async_setup_component
import pytest

from custom_components.home_memory.const import DOMAIN, PANEL_URL_PATH

from .conftest import setup_entry

if TYPE_CHECKING:
    from homeassistant.core import HomeAssistant
    from pytest_homeassistant_custom_component.common import MockConfigEntry
    from pytest_homeassistant_custom_component.typing import WebSocketGenerator

TRANSLATIONS = Path(__file__).parents[2] / "custom_components" / DOMAIN / "translations"
ENGLISH = TRANSLATIONS / "en.json"
OTHERS = sorted(path for path in TRANSLATIONS.glob("*.json") if path != ENGLISH)
PLACEHOLDER = re.compile(r"\{(\w+)\}")
# A count's words are a group of plural forms, one key each (src/i18n.js picks
# one by the language's plural rules): a language may add the forms English
# does not need (Polish "few", "many"), and a form may leave `{count}` out
# ("once", "one change").
PLURAL_FORMS = frozenset({"none", "zero", "one", "two", "few", "many", "other"})


def placeholders(text: str) -> Counter[str]:
    """The `{placeholders}` a string needs, counted."""
    return Counter(PLACEHOLDER.findall(text))


def _plural_groups(tree: dict[str, Any], prefix: str = "") -> set[str]:
    """The dotted path of every group of plural forms (a branch of only forms)."""
    found: set[str] = set()
    for name, value in tree.items():
        if isinstance(value, dict):
            if value and value.keys() <= PLURAL_FORMS:
                found.add(f"{prefix}{name}")
            found |= _plural_groups(value, f"{prefix}{name}.")
    return found


def _load(path: Path) -> dict[str, Any]:
    """A translation file, parsed (a syntax error fails the test that loads it)."""
    tree = json.loads(path.read_text(encoding="utf-8"))
    assert isinstance(tree, dict), path.name
    return tree


def _leaves(tree: dict[str, Any], prefix: str = "") -> dict[str, object]:
    """Each leaf by its dotted path; a dict is a branch, anything else a leaf."""
    leaves: dict[str, object] = {}
    for name, value in tree.items():
        if isinstance(value, dict):
            leaves |= _leaves(value, f"{prefix}{name}.")
        else:
            leaves[f"{prefix}{name}"] = value
    return leaves


def _branches(tree: dict[str, Any], prefix: str = "") -> set[str]:
    """The dotted path of every branch, so nesting differences show up too."""
    found: set[str] = set()
    for name, value in tree.items():
        if isinstance(value, dict):
            found.add(f"{prefix}{name}")
            found |= _branches(value, f"{prefix}{name}.")
    return found


def key_differences(reference: dict[str, Any], other: dict[str, Any]) -> list[str]:
    """What `other` lacks, adds or nests differently compared with `reference`."""
    ref_leaves, other_leaves = _leaves(reference), _leaves(other)
    ref_branches, other_branches = _branches(reference), _branches(other)
    groups = _plural_groups(reference)
    extra = {
        key
        for key in other_leaves.keys() - ref_leaves.keys()
        if key.rpartition(".")[0] not in groups
        or key.rpartition(".")[2] not in PLURAL_FORMS
    }
    return sorted(
        [f"missing {key}" for key in ref_leaves.keys() - other_leaves.keys()]
        + [f"extra {key}" for key in extra]
        + [f"missing section {key}" for key in ref_branches - other_branches]
        + [f"extra section {key}" for key in other_branches - ref_branches]
    )


def placeholder_differences(
    reference: dict[str, Any], other: dict[str, Any]
) -> list[str]:
    """The strings of `other` whose {placeholders} differ from the reference's."""
    other_leaves = _leaves(other)
    groups = _plural_groups(reference)
    differences = []
    for key, text in _leaves(reference).items():
        if key not in other_leaves:
            continue
        want, got = placeholders(str(text)), placeholders(str(other_leaves[key]))
        if key.rpartition(".")[0] in groups:
            want.pop("count", None)
            got.pop("count", None)
        if want != got:
            differences.append(
                f"{key}: {sorted(want.elements())} != {sorted(got.elements())}"
            )
    return differences


def test_a_second_language_is_shipped() -> None:
    """Besides English there is at least German, so the parity tests check something."""
    assert TRANSLATIONS / "de.json" in OTHERS


@pytest.mark.parametrize("path", OTHERS, ids=lambda path: path.stem)
def test_translation_has_exactly_the_english_keys(path: Path) -> None:
    """A translation has every key of en.json, nested the same, and no other."""
    assert key_differences(_load(ENGLISH), _load(path)) == []


@pytest.mark.parametrize("path", OTHERS, ids=lambda path: path.stem)
def test_translation_keeps_every_placeholder(path: Path) -> None:
    """Each string keeps exactly the {placeholders} of its English original."""
    assert placeholder_differences(_load(ENGLISH), _load(path)) == []


@pytest.mark.parametrize("path", [ENGLISH, *OTHERS], ids=lambda path: path.stem)
def test_every_string_is_non_empty_text(path: Path) -> None:
    """Every leaf is a string with visible text (HA would show a blank)."""
    bad = [
        key
        for key, text in _leaves(_load(path)).items()
        if not isinstance(text, str) or not text.strip()
    ]
    assert bad == []


@pytest.mark.parametrize("path", [ENGLISH, *OTHERS], ids=lambda path: path.stem)
def test_every_group_of_plural_forms_has_other(path: Path) -> None:
    """`other` is the form the panel falls back to for any number."""
    tree = _load(path)
    leaves = _leaves(tree)
    assert _plural_groups(tree), "no plural group found: the check checks nothing"
    assert [g for g in _plural_groups(tree) if f"{g}.other" not in leaves] == []


# The top-level sections Home Assistant's hassfest takes in an integration's
# strings (gen_strings_schema in home-assistant/core
# script/hassfest/translations.py): it refuses any other.
HASSFEST_SECTIONS = frozenset(
    {
        "title",
        "config",
        "config_subentries",
        "options",
        "preview_features",
        "selector",
        "device_automation",
        "system_health",
        "config_panel",
        "application_credentials",
        "issues",
        "entity_component",
        "device",
        "entity",
        "exceptions",
        "services",
        "conditions",
        "triggers",
        "conversation",
        "common",
    }
)
# hassfest's keys in `config_panel` (any depth): lower-case words joined by
# single `_` or `-`; in `common`: slugs, one level.
TRANSLATION_KEY = re.compile(r"^(?!.+[_-]{2})(?![_-])[a-z0-9-_]+(?<![_-])$")
SLUG = re.compile(r"[a-z0-9_]+")
# What hassfest refuses in any translated string: markup, a placeholder in
# single quotes, a placeholder that is no identifier, a URL.
HTML = re.compile(r"<[a-z].*?>", re.IGNORECASE)
QUOTED_PLACEHOLDER = re.compile(r"'\{\w+\}'")
ANY_PLACEHOLDER = re.compile(r"\{([^{}]*)\}")
URL = re.compile(r"((ftp|ftps|https?|mqtts?|socket|socks5)://|www\.)\S", re.IGNORECASE)


def hassfest_refusals(tree: dict[str, Any]) -> list[str]:
    """What hassfest's check of an integration's strings would refuse in
    `tree`: a top-level section it does not know, a `common` that is not
    flat slugs, a `config_panel` key it does not take, and any string it
    does not take as a translation."""
    refused = [f"section {name}" for name in sorted(set(tree) - HASSFEST_SECTIONS)]
    refused += [
        f"common.{key}"
        for key, text in tree.get("common", {}).items()
        if not SLUG.fullmatch(key) or not isinstance(text, str)
    ]
    refused += [
        f"config_panel key {path}"
        for path in _leaves(tree.get("config_panel", {}), "config_panel.")
        if not all(TRANSLATION_KEY.match(part) for part in path.split(".")[1:])
    ]
    for path, text in _leaves(tree).items():
        if (
            not isinstance(text, str)
            or text != text.strip()
            or HTML.search(text)
            or QUOTED_PLACEHOLDER.search(text)
            or URL.search(text)
            or any(not name.isidentifier() for name in ANY_PLACEHOLDER.findall(text))
        ):
            refused.append(f"string {path}")
    return refused


@pytest.mark.parametrize("path", [ENGLISH, *OTHERS], ids=lambda path: path.stem)
def test_our_own_words_sit_in_sections_hassfest_takes(path: Path) -> None:
    """The reasons, names and field names are `common` strings, the panel's
    words `config_panel` (the section for an integration's own panel), as
    hassfest takes them: top-level "problems", "panel" or "notifications"
    would fail its check of the integration (review s38 finding 18)."""
    tree = _load(path)
    assert any(key.startswith("problem_") for key in tree["common"])
    assert "title" in tree["config_panel"]
    assert hassfest_refusals(tree) == []


def test_the_hassfest_check_refuses_what_hassfest_refuses() -> None:
    """Each kind of refusal is found (else the check above could not fail)."""
    tree = _load(ENGLISH)
    tree["panel"] = tree.pop("config_panel")
    tree["notifications"] = {"set_aside": {"title": "Kept"}}
    tree["common"]["Not-A-Slug"] = "x"
    tree["common"]["nested"] = {"a": "b"}
    tree["panel"]["bad__key"] = "x"
    tree["config_panel"] = {"Upper": "x", "ok": {"_bad": "y"}}
    tree["exceptions"]["spaced"] = {"message": " Leading space"}
    tree["exceptions"]["marked"] = {"message": "A <b>bold</b> word"}
    tree["exceptions"]["quoted"] = {"message": "Named '{name}'"}
    tree["exceptions"]["linked"] = {"message": "See https://example.org"}
    tree["exceptions"]["odd"] = {"message": "Count {1st}"}
    assert hassfest_refusals(tree) == [
        "section notifications",
        "section panel",
        "common.Not-A-Slug",
        "common.nested",
        "config_panel key config_panel.Upper",
        "config_panel key config_panel.ok._bad",
        "string exceptions.spaced.message",
        "string exceptions.marked.message",
        "string exceptions.quoted.message",
        "string exceptions.linked.message",
        "string exceptions.odd.message",
    ]


def test_the_checks_catch_a_broken_translation() -> None:
    """A dropped, stray or flattened key and a lost placeholder are all found."""
    english = _load(ENGLISH)
    broken = _load(TRANSLATIONS / "de.json")
    del broken["config_panel"]["list"]["count"]
    broken["config_panel"]["list"]["extra"] = "Zusätzlich"
    broken["config_panel"]["day_type"] = "Werktag"
    broken["config_panel"]["memory"]["version"] = "Version"
    broken["config_panel"]["memory"]["used"]["other"] = "{n}-mal"
    # A form English does not need is no difference; a stray one is.
    broken["config_panel"]["memory"]["from_event_ids"]["few"] = "{count} Änderungen"
    broken["config_panel"]["memory"]["from_event_ids"]["lots"] = "{count} Änderungen"
    assert key_differences(english, broken) == [
        "extra config_panel.day_type",
        "extra config_panel.list.extra",
        "extra config_panel.memory.from_event_ids.lots",
        "missing config_panel.day_type.weekday",
        "missing config_panel.day_type.weekend",
        "missing config_panel.list.count.one",
        "missing config_panel.list.count.other",
        "missing section config_panel.day_type",
        "missing section config_panel.list.count",
    ]
    assert placeholder_differences(english, broken) == [
        "config_panel.memory.version: ['version'] != []",
        "config_panel.memory.used.other: [] != ['n']",
    ]


async def test_home_assistant_serves_the_german_panel_strings(
    hass: HomeAssistant,
    hass_ws_client: WebSocketGenerator,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """frontend/get_translations in German answers the panel's and errors' German,
    and Home Assistant's placeholder check of each string logs no error."""
    assert await async_setup_component(hass, "frontend", {})
    client = await hass_ws_client(hass)
    answers: dict[str, dict[str, str]] = {}
    # English first: HA checks a language's placeholders against the English.
    for language, category in [
        *(("en", category) for category in ("config_panel", "exceptions", "services")),
        *(("de", category) for category in ("config_panel", "exceptions", "services")),
    ]:
        await client.send_json_auto_id(
            {
                "type": "frontend/get_translations",
                "language": language,
                "category": category,
                "integration": [DOMAIN],
            }
        )
        reply = await client.receive_json()
        assert reply["success"], reply
        answers[category] = reply["result"]["resources"]
    assert [
        record.getMessage()
        for record in caplog.records
        if record.name == "homeassistant.helpers.translation"
        and record.levelno >= logging.WARNING
    ] == []
    prefix = f"component.{DOMAIN}"
    assert answers["config_panel"][f"{prefix}.config_panel.title"] == "Gedächtnis"
    assert answers["config_panel"][f"{prefix}.config_panel.list.search_label"] == (
        "Erinnerungen durchsuchen"
    )
    assert (
        answers["config_panel"][f"{prefix}.config_panel.list.count.one"]
        == "{count} Erinnerung"
    )
    assert answers["exceptions"][f"{prefix}.exceptions.admin_required.message"] == (
        "Nur ein Administrator kann diese Aktion verwenden."
    )
    assert answers["services"][f"{prefix}.services.remember.name"] == "Merken"
    # Every panel string arrives, none falls back to English.
    german = _leaves(
        _load(TRANSLATIONS / "de.json")["config_panel"], f"{prefix}.config_panel."
    )
    assert answers["config_panel"] == german


@pytest.mark.usefixtures("mock_load_model")
@pytest.mark.parametrize(
    ("language", "title"), [("en", "Memory"), ("de", "Gedächtnis")]
)
async def test_sidebar_title_follows_the_system_language(
    hass: HomeAssistant, mock_config_entry: MockConfigEntry, language: str, title: str
) -> None:
    """The sidebar title is fixed at setup in the server's language (not per user)."""
    hass.config.language = language
    assert await async_setup_component(hass, "frontend", {})
    await setup_entry(hass, mock_config_entry)
    assert hass.data[DATA_PANELS][PANEL_URL_PATH].sidebar_title == title
