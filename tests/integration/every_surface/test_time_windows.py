"""A time window whose start is later than its end is refused on every
surface that takes one, translated (review s40 #10: `search` with
`happened_after` later than `happened_before` answered 0 results, saying
nothing of why). One check, where every surface's fields become a filter
(operations/requests.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from homeassistant.core import Context
from homeassistant.exceptions import ServiceValidationError
from homeassistant.helpers import llm
from homeassistant.setup import async_setup_component
from homeassistant.util import dt as dt_util
import pytest

from custom_components.home_memory.const import DOMAIN
from custom_components.home_memory.operations import requests
from custom_components.home_memory.operations.errors import InvalidRequestError

from ..conftest import call
from ..operations.test_reasons import GERMAN
from ..ws_client import Client

if TYPE_CHECKING:
    from datetime import datetime

    from homeassistant.core import HomeAssistant
    from pytest_homeassistant_custom_component.common import MockUser
    from pytest_homeassistant_custom_component.typing import WebSocketGenerator

    from custom_components.home_memory.runtime.data import HomeMemoryConfigEntry

pytestmark = pytest.mark.usefixtures("mock_load_model")

LATER = "2026-11-20T00:00:00+00:00"
EARLIER = "2026-11-10T00:00:00+00:00"
WINDOWS = [
    {"happened_after": LATER, "happened_before": EARLIER},
    {"created_after": LATER, "created_before": EARLIER},
]
ENGLISH_REASON = "is later than the end of the time window"
GERMAN_REASON = "liegt nach dem Ende des Zeitraums"


def _moments(fields: dict[str, str]) -> dict[str, datetime]:
    moments = {name: dt_util.parse_datetime(value) for name, value in fields.items()}
    assert all(moment is not None for moment in moments.values())
    return {name: moment for name, moment in moments.items() if moment is not None}


@pytest.mark.parametrize("fields", WINDOWS)
def test_a_filter_with_its_start_after_its_end_is_refused(
    fields: dict[str, str],
) -> None:
    """The start's field is named; the same moment at both ends, or only
    one end, is a window."""
    with pytest.raises(InvalidRequestError) as err:
        requests.memory_filter(_moments(fields))
    assert err.value.translation_key == "invalid_field"
    start = next(name for name in fields if name.endswith("_after"))
    assert err.value.placeholders["field"] == start
    assert err.value.problem is not None
    assert err.value.problem.code == "after_the_end"
    same = dict.fromkeys(fields, LATER)
    assert requests.memory_filter(_moments(same)) is not None
    assert requests.memory_filter(_moments({start: LATER})) is not None


@pytest.mark.parametrize(
    ("action", "fields"),
    [("search", WINDOWS[0]), ("list", WINDOWS[0]), ("list", WINDOWS[1])],
)
async def test_an_action_refuses_a_window_that_ends_before_it_starts(
    hass: HomeAssistant,
    init_integration: HomeMemoryConfigEntry,
    hass_admin_user: MockUser,
    action: str,
    fields: dict[str, str],
) -> None:
    """`search` and `list` say why, in Home Assistant's language."""
    data: dict[str, Any] = dict(fields)
    if action == "search":
        data["query"] = "the spare key"
    with pytest.raises(ServiceValidationError) as err:
        await call(hass, action, data, user=hass_admin_user)
    assert err.value.translation_key == "invalid_field"
    assert ENGLISH_REASON in str(err.value), str(err.value)


@pytest.fixture
def german(hass: HomeAssistant) -> None:
    """Home Assistant speaks German (set before the entry loads its words)."""
    hass.config.language = "de"


async def test_a_german_home_hears_why_in_german(
    hass: HomeAssistant,
    german: None,
    init_integration: HomeMemoryConfigEntry,
    hass_admin_user: MockUser,
) -> None:
    """The field and the reason in German, as the German frontend shows
    the message (de.json's, with the error's placeholders)."""
    with pytest.raises(ServiceValidationError) as err:
        await call(hass, "search", {"query": "Schlüssel", **WINDOWS[0]})
    assert err.value.translation_key == "invalid_field"
    said = GERMAN["exceptions"]["invalid_field"]["message"].format(
        **(err.value.translation_placeholders or {})
    )
    assert said == (
        "Ungültiger Wert für Geschehen nach: liegt nach dem Ende des "
        "Zeitraums, also kann nichts dazwischen liegen."
    ), said


@pytest.mark.parametrize("command", ["list", "search"])
async def test_the_browser_refuses_a_window_that_ends_before_it_starts(
    hass: HomeAssistant,
    init_integration: HomeMemoryConfigEntry,
    hass_ws_client: WebSocketGenerator,
    command: str,
) -> None:
    """The panel's list and search: an error with the translated message."""
    client = Client(await hass_ws_client(hass))
    fields: dict[str, Any] = dict(WINDOWS[0])
    if command == "search":
        fields["query"] = "the spare key"
    error = await client.error(command, **fields)
    assert error["translation_key"] == "invalid_field", error
    assert ENGLISH_REASON in error["message"], error


async def test_the_recall_tool_refuses_a_window_that_ends_before_it_starts(
    hass: HomeAssistant,
    init_integration: HomeMemoryConfigEntry,
    user_anna: MockUser,
) -> None:
    """The LLM tool's error says which argument and why."""
    assert await async_setup_component(hass, "llm", {})
    context = llm.LLMContext(
        platform="test",
        context=Context(user_id=user_anna.id),
        language="en",
        assistant="conversation",
        device_id=None,
    )
    instance = await llm.async_get_api(hass, DOMAIN, context)
    result = await instance.async_call_tool(
        llm.ToolInput(
            tool_name="recall", tool_args={"query": "the spare key", **WINDOWS[0]}
        )
    )
    assert result.error
    assert result.data["error"] == "invalid_arguments", result.data
    assert ENGLISH_REASON in str(result.data), result.data
