"""Extraction by fixed rules: "my favourite X is Y" becomes a preference."""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING

from homeassistant.components.ai_task import (
    AITaskEntity,
    AITaskEntityFeature,
    GenDataTask,
    GenDataTaskResult,
)
from homeassistant.components.conversation import AssistantContent, ChatLog

if TYPE_CHECKING:
    from homeassistant.config_entries import ConfigEntry
    from homeassistant.core import HomeAssistant
    from homeassistant.helpers.entity_platform import AddConfigEntryEntitiesCallback

FAVOURITE = re.compile(r"^User: .*?\bmy favou?rite (\w+) is ([^.!?\n]+)", re.I | re.M)


async def async_setup_entry(
    hass: HomeAssistant,
    entry: ConfigEntry,
    async_add_entities: AddConfigEntryEntitiesCallback,
) -> None:
    """One entity: ai_task.acceptance_llm."""
    async_add_entities([RuleTaskEntity(entry)])


class RuleTaskEntity(AITaskEntity):
    """Answers structured tasks from the user lines of the instructions."""

    _attr_has_entity_name = True
    _attr_name = None
    _attr_supported_features = AITaskEntityFeature.GENERATE_DATA

    def __init__(self, entry: ConfigEntry) -> None:
        self._attr_unique_id = f"{entry.entry_id}_ai_task"

    async def _async_generate_data(
        self, task: GenDataTask, chat_log: ChatLog
    ) -> GenDataTaskResult:
        memories = [
            {
                "summary": f"The favourite {thing} is {value.strip()}.",
                "content": f"The user's favourite {thing} is {value.strip()}.",
                "type": "preference",
                "keywords": [thing, *value.split()[:2]],
            }
            for thing, value in FAVOURITE.findall(task.instructions)
        ]
        data = {"memories": memories}
        chat_log.async_add_assistant_content_without_tools(
            AssistantContent(agent_id=self.entity_id or "", content=json.dumps(data))
        )
        return GenDataTaskResult(conversation_id=chat_log.conversation_id, data=data)
