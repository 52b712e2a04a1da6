"""The suggestion to keep actions' data (private text) out of the recorder.

Issue 11 class 4: Home Assistant's own call_service event carries an action's
data, a private memory's text included, to the recorder.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from homeassistant.helpers import issue_registry as ir
import pytest

from custom_components.home_memory.const import DOMAIN
from custom_components.home_memory.runtime.issues import ISSUE_PRIVATE_TEXT_RECORDED

from ..conftest import call

if TYPE_CHECKING:
    from homeassistant.core import HomeAssistant
    from pytest_homeassistant_custom_component.common import MockUser

    from custom_components.home_memory.runtime.data import HomeMemoryConfigEntry

pytestmark = pytest.mark.usefixtures("mock_load_model")

SECRET = "Anna's diary code is 7741"


@pytest.fixture(autouse=True)
def auto_enable_custom_integrations(
    recorder_mock: Any, enable_custom_integrations: None
) -> None:
    """The recorder starts before Home Assistant's other fixtures use it."""


async def _private_write_through_actions(hass: HomeAssistant, user: MockUser) -> None:
    """A private memory written by actions: remember, then update its text."""
    created = await call(
        hass, "remember", {"content": SECRET, "visibility": "private"}, user=user
    )
    await call(
        hass,
        "update",
        {"id": created["memory"]["id"], "content": SECRET + "!"},
        user=user,
    )
    await hass.async_block_till_done()


async def test_recorded_private_actions_raise_a_suggestion(
    recorder_mock: Any,
    hass: HomeAssistant,
    init_integration: HomeMemoryConfigEntry,
    user_anna: MockUser,
) -> None:
    """The recorder keeps call_service: a private write raises the repair."""
    registry = ir.async_get(hass)
    await call(hass, "remember", {"content": "The bins go out on Tuesday"})
    await hass.async_block_till_done()
    assert registry.async_get_issue(DOMAIN, ISSUE_PRIVATE_TEXT_RECORDED) is None
    await _private_write_through_actions(hass, user_anna)
    issue = registry.async_get_issue(DOMAIN, ISSUE_PRIVATE_TEXT_RECORDED)
    assert issue is not None
    assert issue.severity is ir.IssueSeverity.WARNING
    assert issue.translation_key == ISSUE_PRIVATE_TEXT_RECORDED
    # Once the recorder excludes call_service events, it goes.
    recorder_mock.exclude_event_types.add("call_service")
    await call(hass, "remember", {"content": "The post comes at ten"})
    await hass.async_block_till_done()
    assert registry.async_get_issue(DOMAIN, ISSUE_PRIVATE_TEXT_RECORDED) is None


@pytest.mark.parametrize(
    "recorder_config", [{"exclude": {"event_types": ["call_service"]}}]
)
async def test_no_suggestion_when_the_recorder_excludes_actions(
    recorder_mock: Any,
    hass: HomeAssistant,
    init_integration: HomeMemoryConfigEntry,
    user_anna: MockUser,
) -> None:
    """recorder: exclude: event_types: [call_service] keeps the repair away."""
    await _private_write_through_actions(hass, user_anna)
    registry = ir.async_get(hass)
    assert registry.async_get_issue(DOMAIN, ISSUE_PRIVATE_TEXT_RECORDED) is None


@pytest.mark.parametrize(
    "change",
    [
        {"content": SECRET + "!"},
        {"summary": "Anna's code"},
        {"tags": ["diary"]},
        {"people": ["Anna"]},
        {"location": "study"},
    ],
)
async def test_update_of_a_private_memory_without_visibility_raises_it(
    recorder_mock: Any,
    hass: HomeAssistant,
    init_integration: HomeMemoryConfigEntry,
    user_anna: MockUser,
    change: dict[str, Any],
) -> None:
    """Any text field updated on an owner's private memory raises the repair."""
    created = await call(
        hass, "remember", {"content": SECRET, "visibility": "private"}, user=user_anna
    )
    await hass.async_block_till_done()
    ir.async_delete_issue(hass, DOMAIN, ISSUE_PRIVATE_TEXT_RECORDED)
    await call(
        hass, "update", {"id": created["memory"]["id"], **change}, user=user_anna
    )
    await hass.async_block_till_done()
    registry = ir.async_get(hass)
    assert registry.async_get_issue(DOMAIN, ISSUE_PRIVATE_TEXT_RECORDED) is not None
