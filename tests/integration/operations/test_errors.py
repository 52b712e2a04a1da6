"""operations/errors.py: one error family, mapped once by every surface."""

from __future__ import annotations

import inspect
import json
from pathlib import Path
import re
from typing import TYPE_CHECKING

from homeassistant.exceptions import ServiceValidationError
import pytest

from custom_components.home_memory.assist.refusals import error_speech
from custom_components.home_memory.assist.sentence_files import load_sentence_files
from custom_components.home_memory.assist.tools import tool_error
from custom_components.home_memory.const import DOMAIN
from custom_components.home_memory.memory.common.values import (
    Caller,
)
from custom_components.home_memory.operations import (
    errors,
    memories,
    reasons,
)
from custom_components.home_memory.operations.access import Actor
from custom_components.home_memory.operations.errors import (
    ConflictError,
    EngineFailureError,
    ForbiddenError,
    InvalidRequestError,
    NotFoundError,
    OperationError,
    UnavailableError,
)
from custom_components.home_memory.services import service_error

from .conftest import scope_of

if TYPE_CHECKING:
    from homeassistant.core import HomeAssistant

    from custom_components.home_memory.runtime.data import HomeMemoryConfigEntry

PACKAGE = Path(__file__).parents[3] / "custom_components" / "home_memory"

# One error of each kind, with a key its surfaces know.
KINDS: list[OperationError] = [
    NotFoundError("memory_not_found", id="m1"),
    InvalidRequestError("invalid_memory", field="content", error="empty"),
    ForbiddenError("read_only_user"),
    ConflictError("memory_changed", id="m1"),
    UnavailableError("not_loaded"),
    EngineFailureError("engine_error", error="disk I/O error"),
]


def test_the_error_kinds_listed_are_all_there_are() -> None:
    """A new OperationError kind must be added to KINDS (and so to every mapper).

    A kind is a direct subclass; a refinement of one (ForgetChangedError, a
    ConflictError carrying the memory) is mapped as its kind.
    """
    defined = {
        cls
        for _, cls in inspect.getmembers(errors, inspect.isclass)
        if cls.__bases__ == (OperationError,)
    }
    assert defined == {type(err) for err in KINDS}


@pytest.mark.parametrize("err", KINDS, ids=lambda err: type(err).__name__)
def test_actions_map_every_error_kind_to_a_translated_error(
    err: OperationError,
) -> None:
    """Engine failures and unavailability are HomeAssistantError, the rest not."""
    mapped = service_error(err)
    assert mapped.translation_domain == DOMAIN
    assert mapped.translation_key == err.translation_key
    assert mapped.translation_placeholders == (err.placeholders or None)
    user_error = not isinstance(err, EngineFailureError | UnavailableError)
    assert isinstance(mapped, ServiceValidationError) is user_error


@pytest.mark.parametrize("err", KINDS, ids=lambda err: type(err).__name__)
def test_tools_map_every_error_kind_to_an_error_result(err: OperationError) -> None:
    """A tool never raises for an operation error: it answers with a code and text."""
    result = tool_error(err)
    assert result.error
    assert isinstance(result.data, dict)
    assert result.data["error"]
    assert result.data["message"]
    assert "{" not in result.data["message"]


@pytest.mark.parametrize("err", KINDS, ids=lambda err: type(err).__name__)
def test_sentences_speak_every_error_kind(err: OperationError) -> None:
    """A sentence answers an operation error with speech, never a key."""
    speech = error_speech(err, load_sentence_files().wording("en"))
    assert speech
    assert err.translation_key not in speech


def test_every_error_key_raised_is_translated() -> None:
    """Each key an operation raises has a message in strings.json and en.json."""
    raised = set()
    for path in (PACKAGE / "operations").glob("*.py"):
        raised |= set(
            re.findall(r'(?:Error|Conflict)\(\s*"([a-z_]+)"', path.read_text("utf-8"))
        )
    assert "memory_not_found" in raised
    for name in ("strings.json", "translations/en.json"):
        exceptions = json.loads((PACKAGE / name).read_text("utf-8"))["exceptions"]
        assert raised <= set(exceptions), name


async def test_engine_errors_become_operation_errors(
    hass: HomeAssistant, init_integration: HomeMemoryConfigEntry
) -> None:
    """A missing memory is NotFoundError memory_not_found with its id."""
    scope = scope_of(hass, init_integration, Actor(Caller(user_id="u1")))
    with pytest.raises(NotFoundError) as err:
        await memories.async_get(scope, memories.GetRequest("nope"))
    assert err.value.translation_key == "memory_not_found"
    assert err.value.placeholders == {"id": "nope"}


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize(
    "key", ["not_a_time", "redated_ahead", "redated_behind", "time_out_of_range"]
)
async def test_a_refused_time_is_spoken_without_a_field_label(
    hass: HomeAssistant,
    init_integration: HomeMemoryConfigEntry,
    key: str,
    language: str,
) -> None:
    """The action's message opens with its field's name ("Happened: …",
    "Geschehen: …"); spoken, a refused time is a sentence of its own (live
    review s40 LOW-5), with its time."""
    await reasons.async_load_languages(hass, [language])
    said = error_speech(
        InvalidRequestError(key, time="tomorrow"),
        load_sentence_files().wording(language),
        hass,
    )
    for label in ("Happened", "Geschehen", "happened_", ":"):
        assert label not in said, said
    assert ("tomorrow" in said) == key.startswith("redated"), said
