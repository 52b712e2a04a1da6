"""A scripted AI Task entity: answers come from a list, requests are kept.

Like real ones, its answers land in the task's chat log as assistant content.
"""

from __future__ import annotations

from collections.abc import Callable
import json
from typing import TYPE_CHECKING
from unittest.mock import Mock

from homeassistant.components.ai_task import (
    AITaskEntity,
    AITaskEntityFeature,
    GenDataTask,
    GenDataTaskResult,
)
from homeassistant.components.conversation import AssistantContent
from homeassistant.config_entries import ConfigEntry, ConfigFlow
from homeassistant.const import Platform
from homeassistant.exceptions import HomeAssistantError
from homeassistant.setup import async_setup_component
from pytest_homeassistant_custom_component.common import (
    MockConfigEntry,
    MockModule,
    MockPlatform,
    mock_config_flow,
    mock_integration,
    mock_platform,
)

if TYPE_CHECKING:
    from homeassistant.components.conversation import ChatLog
    from homeassistant.core import HomeAssistant
    from homeassistant.helpers.entity_platform import AddConfigEntryEntitiesCallback

FAKE_DOMAIN = "fake_llm"
FAKE_ENTITY_ID = "ai_task.fake_llm_task"

type Answer = object | Callable[[GenDataTask], object]


class _FakeFlow(ConfigFlow):
    """The fake integration's (unused) config flow."""


class FakeAITaskEntity(AITaskEntity):
    """Returns the next scripted answer; a HomeAssistantError answer is raised,
    a callable one is called with the task. No answer left: `default`."""

    _attr_name = "Fake LLM task"
    _attr_supported_features = AITaskEntityFeature.GENERATE_DATA

    def __init__(self) -> None:
        self.answers: list[Answer] = []
        # What every call gets once the script is used up (order-free tests).
        self.default: Answer = {"memories": []}
        self.tasks: list[GenDataTask] = []

    async def _async_generate_data(
        self, task: GenDataTask, chat_log: ChatLog
    ) -> GenDataTaskResult:
        self.tasks.append(task)
        answer = self.answers.pop(0) if self.answers else self.default
        if isinstance(answer, HomeAssistantError):
            raise answer
        data = answer(task) if callable(answer) else answer
        chat_log.async_add_assistant_content_without_tools(
            AssistantContent(agent_id=self.entity_id or "", content=json.dumps(data))
        )
        return GenDataTaskResult(conversation_id=chat_log.conversation_id, data=data)


async def async_setup_fake_ai_task(hass: HomeAssistant) -> FakeAITaskEntity:
    """Load ai_task with one fake entity, `ai_task.fake_llm_task`."""
    entity = FakeAITaskEntity()

    async def setup_entry(hass: HomeAssistant, entry: ConfigEntry) -> bool:
        await hass.config_entries.async_forward_entry_setups(entry, [Platform.AI_TASK])
        return True

    async def setup_platform(
        hass: HomeAssistant,
        entry: ConfigEntry,
        async_add_entities: AddConfigEntryEntitiesCallback,
    ) -> None:
        async_add_entities([entity])

    mock_integration(hass, MockModule(FAKE_DOMAIN, async_setup_entry=setup_entry))
    # Config entries import the integration's config flow first.
    mock_platform(hass, f"{FAKE_DOMAIN}.config_flow", Mock())
    mock_platform(
        hass,
        f"{FAKE_DOMAIN}.{Platform.AI_TASK}",
        MockPlatform(async_setup_entry=setup_platform),
    )
    # conversation (an ai_task dependency) needs the exposed-entities store.
    assert await async_setup_component(hass, "homeassistant", {})
    assert await async_setup_component(hass, "ai_task", {})
    entry = MockConfigEntry(domain=FAKE_DOMAIN)
    entry.add_to_hass(hass)
    with mock_config_flow(FAKE_DOMAIN, _FakeFlow):
        assert await hass.config_entries.async_setup(entry.entry_id)
    await hass.async_block_till_done()
    assert hass.states.get(FAKE_ENTITY_ID) is not None
    return entity
