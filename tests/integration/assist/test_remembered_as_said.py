"""A question remembered through the built-in agent keeps its question mark.

"remember should we repaint the bench?" is a question of its own: the
memory keeps "?" (retrieval's question rule reads it, memory/text/asking.py).
"can you remember that …?" asks itself: its "?" is the request's, and the
memory is a statement (the sentence file's `asking_request`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from custom_components.home_memory.memory.common.values import SYSTEM, MemoryFilter

from ..conftest import setup_entry
from ..fake_agents import say

if TYPE_CHECKING:
    from homeassistant.core import HomeAssistant
    from pytest_homeassistant_custom_component.common import MockConfigEntry


@pytest.mark.parametrize(
    ("language", "said", "kept"),
    [
        (
            "en",
            [
                "remember should we repaint the garden bench?",
                "can you remember that the garden bench needs new screws?",
            ],
            {
                "Should we repaint the garden bench?",
                "The garden bench needs new screws.",
            },
        ),
        (
            "de",
            [
                "Merk dir: Sollen wir die Gartenbank streichen?",
                "Kannst du dir merken, dass die Gartenbank neue Schrauben braucht?",
            ],
            {
                "Sollen wir die Gartenbank streichen?",
                "Die Gartenbank braucht neue Schrauben.",
            },
        ),
    ],
)
async def test_a_question_keeps_its_mark_a_request_does_not_give_it(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    language: str,
    said: list[str],
    kept: set[str],
) -> None:
    """Each sentence as the memory keeps it, in English and German."""
    hass.config.language = language
    await setup_entry(hass, mock_config_entry)
    for text in said:
        await say(hass, text, language=language)
    store = mock_config_entry.runtime_data.store
    memories = store.list_memories(SYSTEM, MemoryFilter()).items
    assert {m.content for m in memories} == kept
