"""operations/reasons.py: a refusal's reason in the household's language, from
one source for the actions and the LLM tools.

Review s37: in a German home an action's error read "Ungültiger Wert für
content: must not be empty" (the field and the reason English), and an LLM
tool called with bad arguments answered "required key not provided @
data['content']" or a bare "That cannot be done as asked" where the action
said exactly what was wrong.
"""

from __future__ import annotations

import json
from pathlib import Path
import re
from typing import TYPE_CHECKING, Any

from homeassistant.core import Context
from homeassistant.exceptions import ServiceValidationError
from homeassistant.helpers import llm
import probatio
import pytest

from custom_components.home_memory.assist.refusals import error_speech
from custom_components.home_memory.assist.sentence_files import load_sentence_files
from custom_components.home_memory.const import DOMAIN
from custom_components.home_memory.memory.common.errors import InvalidMemoryError
from custom_components.home_memory.memory.common.values import (
    Caller,
    MemoryPatch,
    NewMemory,
)
from custom_components.home_memory.memory.store import MAX_CONTENT_CHARS
from custom_components.home_memory.memory.text.validation import (
    EMPTY_PROBLEM,
    already_exists,
    number_problem,
)
from custom_components.home_memory.operations import reasons
from custom_components.home_memory.operations.errors import from_engine, refused
from custom_components.home_memory.operations.schemas import problem_of
from custom_components.home_memory.services import service_error

from ..conftest import call, setup_entry
from .test_import_boundaries import _import_text

if TYPE_CHECKING:
    from collections.abc import Callable

    from homeassistant.core import HomeAssistant
    from pytest_homeassistant_custom_component.common import MockUser

    from custom_components.home_memory.runtime.data import HomeMemoryConfigEntry

PACKAGE = Path(__file__).parents[3] / "custom_components" / DOMAIN
GERMAN = json.loads((PACKAGE / "translations" / "de.json").read_text("utf-8"))
ENGLISH = json.loads((PACKAGE / "translations" / "en.json").read_text("utf-8"))


@pytest.fixture
def german(hass: HomeAssistant) -> None:
    """Home Assistant speaks German (set before the entry loads its words)."""
    hass.config.language = "de"


def _german_message(err: ServiceValidationError) -> str:
    """What the German frontend shows: de.json's message, filled in."""
    template = GERMAN["exceptions"][err.translation_key]["message"]
    return str(template).format(**(err.translation_placeholders or {}))


def _english_reasons() -> list[str]:
    """Each English reason's words (without its placeholders)."""
    return [
        part.strip()
        for key, text in ENGLISH["common"].items()
        if key.startswith("problem_")
        for part in re.split(r"\{\w+\}", text)
        if len(part.strip()) > 3
    ]


async def _refused(hass: HomeAssistant, user: MockUser, data: dict[str, Any]) -> str:
    with pytest.raises(ServiceValidationError) as err:
        await call(hass, "remember", data, user=user)
    message = _german_message(err.value)
    for english in _english_reasons():
        assert english not in message, message
    return message


async def test_a_german_action_error_is_german_throughout(
    hass: HomeAssistant,
    german: None,
    init_integration: HomeMemoryConfigEntry,
    hass_admin_user: MockUser,
) -> None:
    """Empty, too long, no words, a bad date: the field is named as the
    German form names it and the reason is German (translations' problem_<code>)."""
    assert await _refused(hass, hass_admin_user, {"content": "  "}) == (
        "Ungültiger Wert für Inhalt: darf nicht leer sein."
    )
    assert await _refused(
        hass, hass_admin_user, {"content": "x" * (MAX_CONTENT_CHARS + 1)}
    ) == (f"Ungültiger Wert für Inhalt: ist länger als {MAX_CONTENT_CHARS} Zeichen.")
    assert await _refused(hass, hass_admin_user, {}) == (
        "Ungültiger Wert für Inhalt: fehlt."
    )
    assert await _refused(
        hass, hass_admin_user, {"content": "ok", "expires_at": "morgen"}
    ) == (
        "Ungültiger Wert für Läuft ab am: muss ein Datum oder ein Datum mit "
        "Uhrzeit sein."
    )
    # A day past its month's end: no English words of Home Assistant's
    # parser in it (review s39: "ist ungültig (not a valid value: day 30
    # must be in range 1..28 …)").
    assert await _refused(
        hass, hass_admin_user, {"content": "ok", "expires_at": "2027-02-30 00:00:00"}
    ) == (
        "Ungültiger Wert für Läuft ab am: muss ein Datum oder ein Datum mit "
        "Uhrzeit sein."
    )
    # Refused by the engine, not the form: "..." says nothing.
    assert await _refused(hass, hass_admin_user, {"content": "..."}) == (
        "Die Erinnerung kann nicht gespeichert werden: Inhalt muss mindestens "
        "einen Buchstaben oder eine Ziffer enthalten."
    )
    listed = await call(hass, "list", {}, user=hass_admin_user)
    assert listed["memories"] == []


async def test_an_english_action_error_stays_english(
    hass: HomeAssistant,
    init_integration: HomeMemoryConfigEntry,
    hass_admin_user: MockUser,
) -> None:
    """The same refusal in an English home."""
    with pytest.raises(ServiceValidationError) as err:
        await call(hass, "remember", {"content": " "}, user=hass_admin_user)
    assert str(err.value) == "Invalid value for Content: must not be empty"


async def _tool(hass: HomeAssistant, tool: str, **args: Any) -> llm.ToolResult:
    api = await llm.async_get_api(
        hass, DOMAIN, llm.LLMContext("test", Context(), "de", None, None)
    )
    return await api.async_call_tool(llm.ToolInput(tool_name=tool, tool_args=args))


async def test_a_german_tool_says_what_is_wrong_as_the_action_does(
    hass: HomeAssistant,
    german: None,
    init_integration: HomeMemoryConfigEntry,
    hass_admin_user: MockUser,
) -> None:
    """Missing text, an argument it does not take, a wrong type, empty
    text, an unknown id, a time no one can read: an error result (never
    raised) saying which argument and why, in German, with the action's own
    reason (one source); the argument keeps its name, as the model calls it."""
    cases: list[tuple[str, dict[str, Any], str, str]] = [
        ("remember", {}, "invalid_arguments", "Ungültiger Wert für content: fehlt."),
        (
            "remember",
            {"content": "Der Schlüssel liegt im Flur", "text": "x"},
            "invalid_arguments",
            "Ungültiger Wert für text: wird hier nicht erwartet.",
        ),
        (
            "remember",
            {"content": 5},
            "invalid_arguments",
            "Ungültiger Wert für content: hat den falschen Typ.",
        ),
        (
            "remember",
            {"content": " "},
            "invalid_arguments",
            "Ungültiger Wert für content: darf nicht leer sein.",
        ),
        (
            "remember",
            {"content": "..."},
            "invalid_arguments",
            (
                "Die Erinnerung kann nicht gespeichert werden: content muss "
                "mindestens einen Buchstaben oder eine Ziffer enthalten."
            ),
        ),
        (
            "update_memory",
            {"id": "nope", "content": "Neu"},
            "not_found",
            "Es gibt keine Erinnerung mit der ID nope, die du sehen kannst.",
        ),
        (
            "remember",
            {"content": "Wir waren im Zoo", "happened_at": "2026-13-45"},
            "not_a_time",
            GERMAN["exceptions"]["not_a_time"]["message"],
        ),
    ]
    for tool, args, code, message in cases:
        result = await _tool(hass, tool, **args)
        assert result.error, args
        assert result.data == {"error": code, "message": message}, args
    # The action says the same reason, in the same words.
    with pytest.raises(ServiceValidationError) as err:
        await call(hass, "remember", {"content": " "}, user=hass_admin_user)
    assert err.value.translation_placeholders is not None
    assert err.value.translation_placeholders["error"] == "darf nicht leer sein"
    # Nothing was written by any of them.
    listed = await call(hass, "list", {}, user=hass_admin_user)
    assert listed["memories"] == []


def test_every_reason_is_said_in_every_language() -> None:
    """Each reason code the code refuses with has words in strings.json and
    every translation, with the same placeholders."""
    used: set[str] = set()
    for path in PACKAGE.rglob("*.py"):
        text = path.read_text("utf-8")
        used |= set(re.findall(r'Problem\(\s*"([a-z_]+)"', text))
        used |= set(re.findall(r'problem="([a-z_]+)"', text))
    assert {"empty", "too_long", "missing", "needs_owner"} <= used
    strings = json.loads((PACKAGE / "strings.json").read_text("utf-8"))
    for tree in (strings, ENGLISH, GERMAN):
        said = {
            key.removeprefix("problem_")
            for key in tree["common"]
            if key.startswith("problem_")
        }
        assert used <= said, sorted(used - said)


async def test_a_german_import_names_its_bad_lines_in_german(
    hass: HomeAssistant,
    german: None,
    init_integration: HomeMemoryConfigEntry,
    hass_admin_user: MockUser,
    config_dir: Path,
) -> None:
    """An import file's bad lines, said as the other reasons are: "Zeile 2:
    Art muss einer dieser Werte sein: …" (it read "line 2: kind: must be one
    of fact, …" in a German home)."""
    text = "\n".join(
        [
            json.dumps({"id": "a", "content": "Eine gute Zeile"}),
            json.dumps({"id": "b", "content": "x", "kind": "Klatsch"}),
            json.dumps({"id": "c"}),
            "{nicht json",
        ]
    )
    with pytest.raises(ServiceValidationError) as err:
        await _import_text(hass, config_dir, text, hass_admin_user)
    assert err.value.translation_key == "import_file_invalid"
    assert err.value.translation_placeholders is not None
    lines = err.value.translation_placeholders["errors"].split("; ")
    kind = GERMAN["services"]["remember"]["fields"]["kind"]["name"]
    content = GERMAN["services"]["remember"]["fields"]["content"]["name"]
    assert lines[0].startswith(f"Zeile 2: {kind} muss einer dieser Werte sein: fact")
    assert lines[1:] == [
        f"Zeile 3: {content} fehlt",
        "Zeile 4 ist kein gültiges JSON",
    ]
    message = _german_message(err.value)
    for english in _english_reasons():
        assert english not in message, message
    listed = await call(hass, "list", {}, user=hass_admin_user)
    assert listed["memories"] == []


# The engine's own refusals (review s38 finding 9: each read "… is not
# valid"), in English (Home Assistant drops the final stop) and in German.
ENGINE_REFUSALS: dict[str, tuple[str, str]] = {
    "already_exists": (
        "The memory cannot be stored: Memory ID is already taken: keys",
        (
            "Die Erinnerung kann nicht gespeichert werden: Erinnerungs-ID ist "
            "bereits vergeben: keys."
        ),
    ),
    "no_ids": (
        "The memory cannot be stored: IDs must name memories by ID or by tag",
        (
            "Die Erinnerung kann nicht gespeichert werden: IDs muss Erinnerungen "
            "per ID oder per Tag nennen."
        ),
    ),
    "nothing": (
        "Give at least one field to change",
        "Gib mindestens ein Feld an, das geändert werden soll.",
    ),
    "offset": (
        "The memory cannot be stored: Offset must be at least 0",
        (
            "Die Erinnerung kann nicht gespeichert werden: Versatz muss mindestens 0 "
            "sein."
        ),
    ),
    "limit": (
        "The memory cannot be stored: Limit must be between 1 and 500",
        (
            "Die Erinnerung kann nicht gespeichert werden: Anzahl muss zwischen 1 "
            "und 500 liegen."
        ),
    ),
}


def _engine_refusals(
    entry: HomeMemoryConfigEntry, caller: Caller
) -> dict[str, Callable[[], object]]:
    store = entry.runtime_data.store
    store.create(NewMemory(content="The keys hang in the hall", id="keys"), caller)
    return {
        "already_exists": lambda: store.create(
            NewMemory(content="The bike is in the shed", id="keys"), caller
        ),
        "no_ids": lambda: store.soft_delete(caller),
        "nothing": lambda: store.update("keys", MemoryPatch(), caller),
        "offset": lambda: store.list_memories(caller, offset=-1),
        "limit": lambda: store.list_memories(caller, limit=501),
    }


def _said(err: ServiceValidationError, language: str) -> str:
    """What the frontend shows in `language`."""
    return str(err) if language == "en" else _german_message(err)


@pytest.mark.parametrize("language", ["en", "de"])
async def test_an_engine_refusal_says_why_in_the_home_s_language(
    hass: HomeAssistant,
    mock_config_entry: HomeMemoryConfigEntry,
    mock_load_model: Any,
    hass_admin_user: MockUser,
    language: str,
) -> None:
    """An id taken, a forget naming nothing, an update changing nothing, a
    page out of range: the action
    error says what is wrong, in English and in German (each said only "is
    not valid", also in English: the reason had no code of its own)."""
    hass.config.language = language
    await setup_entry(hass, mock_config_entry)
    caller = Caller(user_id=hass_admin_user.id)
    said: dict[str, str] = {}
    for name, refusal in _engine_refusals(mock_config_entry, caller).items():
        with pytest.raises(InvalidMemoryError) as err:
            refusal()
        error = service_error(from_engine(err.value), hass)
        assert isinstance(error, ServiceValidationError)
        said[name] = _said(error, language)
    column = 0 if language == "en" else 1
    assert said == {name: texts[column] for name, texts in ENGINE_REFUSALS.items()}


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", "Invalid value for Confirm: invalid boolean value maybe"),
        (
            "de",
            (
                "Ungültiger Wert für Bestätigen: ist ungültig (invalid boolean "
                "value maybe)."
            ),
        ),
    ],
)
async def test_a_reason_without_words_of_its_own_keeps_its_detail(
    hass: HomeAssistant,
    mock_config_entry: HomeMemoryConfigEntry,
    mock_load_model: Any,
    hass_admin_user: MockUser,
    language: str,
    expected: str,
) -> None:
    """A validator's refusal the translations do not name (Home Assistant's
    boolean) keeps its message: it read "is not valid" and no more."""
    hass.config.language = language
    await setup_entry(hass, mock_config_entry)
    with pytest.raises(ServiceValidationError) as err:
        await call(hass, "erase_set_aside", {"confirm": "maybe"}, user=hass_admin_user)
    assert _said(err.value, language) == expected


@pytest.mark.parametrize(
    ("language", "empty", "too_many"),
    [
        (
            "en",
            "Invalid value for Memory IDs: must not be empty",
            "Invalid value for Memory IDs: has more than 500 entries",
        ),
        (
            "de",
            "Ungültiger Wert für Erinnerungs-IDs: darf nicht leer sein.",
            "Ungültiger Wert für Erinnerungs-IDs: hat mehr als 500 Einträge.",
        ),
    ],
)
async def test_a_list_too_short_or_too_long_says_which(
    hass: HomeAssistant,
    mock_config_entry: HomeMemoryConfigEntry,
    mock_load_model: Any,
    hass_admin_user: MockUser,
    language: str,
    empty: str,
    too_many: str,
) -> None:
    """`forget` with no ids said "has too many entries" (review s38 finding
    8): an empty list must not be empty, a long one names its limit."""
    hass.config.language = language
    await setup_entry(hass, mock_config_entry)
    said = []
    for ids in ([], [f"m{number}" for number in range(501)]):
        with pytest.raises(ServiceValidationError) as err:
            await call(hass, "forget", {"ids": ids}, user=hass_admin_user)
        said.append(_said(err.value, language))
    assert said == [empty, too_many]


async def test_a_tool_s_list_and_number_bounds_are_named_in_german(
    hass: HomeAssistant,
    german: None,
    init_integration: HomeMemoryConfigEntry,
) -> None:
    """An LLM tool's list over its length names the limit; a number under or
    over a range says the bound it missed (it read "is not one of the
    allowed values")."""
    result = await _tool(
        hass,
        "remember",
        content="Der Schlüssel liegt im Flur",
        tags=[f"t{number}" for number in range(11)],
    )
    assert result.data == {
        "error": "invalid_arguments",
        "message": "Ungültiger Wert für tags: hat mehr als 10 Einträge.",
    }
    number = probatio.Schema({"number": probatio.All(int, probatio.Range(1, 9))})
    picked = probatio.Schema(
        {"share": probatio.Range(min=0, max=0.5, min_included=False)}
    )
    said = []
    for schema, value in ((number, {"number": 0}), (number, {"number": 10})):
        with pytest.raises(probatio.Invalid) as err:
            schema(value)
        said.append(reasons.reason(hass, problem_of(err.value)))
    with pytest.raises(probatio.Invalid) as err:
        picked({"share": 0})
    said.append(reasons.reason(hass, problem_of(err.value)))
    assert said == [
        "muss mindestens 1 sein",
        "darf höchstens 9 sein",
        "muss größer als 0 sein",
    ]


@pytest.mark.parametrize(
    ("language", "between", "under", "taken"),
    [
        ("en", "must be between 0.05 and 0.95", "must be less than 0.5", "1.5"),
        (
            "de",
            "muss zwischen 0,05 und 0,95 liegen",
            "muss kleiner als 0,5 sein",
            "1.5",
        ),
    ],
)
async def test_a_bound_is_written_as_the_language_writes_numbers(
    hass: HomeAssistant,
    mock_config_entry: HomeMemoryConfigEntry,
    mock_load_model: Any,
    language: str,
    between: str,
    under: str,
    taken: str,
) -> None:
    """German writes 0,05 (review s38 finding 13: "muss zwischen 0.05 und
    0.95 liegen"); an id that looks like a number stays as it is."""
    hass.config.language = language
    await setup_entry(hass, mock_config_entry)
    ranged = number_problem(0.01, 0.05, 0.95)
    assert ranged is not None
    share = probatio.Schema({"share": probatio.Range(max=0.5, max_included=False)})
    with pytest.raises(probatio.Invalid) as err:
        share({"share": 0.5})
    assert [
        reasons.reason(hass, ranged),
        reasons.reason(hass, problem_of(err.value)),
        reasons.reason(hass, already_exists("1.5")).rpartition(" ")[2],
    ] == [between, under, taken]


@pytest.mark.parametrize(
    ("language", "memories", "proposals", "line"),
    [
        (
            "en",
            "Invalid value for Memory IDs: must not be empty",
            "Invalid value for Proposal IDs: must not be empty",
            "line 1: Happened until ends before it starts",
        ),
        (
            "de",
            "Ungültiger Wert für Erinnerungs-IDs: darf nicht leer sein.",
            "Ungültiger Wert für Vorschlags-IDs: darf nicht leer sein.",
            "Zeile 1: Geschehen bis endet, bevor es beginnt",
        ),
    ],
)
async def test_a_field_is_named_by_the_action_s_own_form(
    hass: HomeAssistant,
    mock_config_entry: HomeMemoryConfigEntry,
    mock_load_model: Any,
    hass_admin_user: MockUser,
    config_dir: Path,
    language: str,
    memories: str,
    proposals: str,
    line: str,
) -> None:
    """`ids` are memory ids in forget and proposal ids in confirm_proposals
    (review s38 finding 14: the first action's name was taken for both); a
    field only the engine knows is named too ("happened_until" stayed raw in
    German)."""
    hass.config.language = language
    await setup_entry(hass, mock_config_entry)
    said = []
    for action in ("forget", "confirm_proposals"):
        with pytest.raises(ServiceValidationError) as err:
            await call(hass, action, {"ids": []}, user=hass_admin_user)
        said.append(_said(err.value, language))
    assert said == [memories, proposals]
    text = json.dumps(
        {
            "id": "a",
            "content": "Wir waren im Zoo",
            "happened_at": "2026-12-02T10:00:00+00:00",
            "happened_until": "2026-12-01T10:00:00+00:00",
        }
    )
    with pytest.raises(ServiceValidationError) as err:
        await _import_text(hass, config_dir, text, hass_admin_user)
    assert err.value.translation_placeholders is not None
    assert err.value.translation_placeholders["errors"] == line


async def test_a_german_sentence_s_reason_is_german_in_an_english_home(
    hass: HomeAssistant,
    init_integration: HomeMemoryConfigEntry,
) -> None:
    """In an English home, a German sentence's refusal says its reason in
    German whatever else has run since startup: the sentence languages'
    translations are loaded with the entry (review s38 finding 10: only a
    German frontend had put them in the cache)."""
    assert hass.config.language == "en"
    words = (await hass.async_add_executor_job(load_sentence_files)).wording("de")
    err = refused("invalid_field", "content", EMPTY_PROBLEM)
    said = error_speech(err, words, hass)
    assert "Ungültiger Wert für Inhalt: darf nicht leer sein" in said, said
