"""One run with the real all-MiniLM-L6-v2 (the other tests use a fast fake)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from custom_components.home_memory.memory.embedder import default_model_dir
from custom_components.home_memory.runtime.data import ModelStatus

from .conftest import call, setup_entry

if TYPE_CHECKING:
    from homeassistant.core import HomeAssistant
    from pytest_homeassistant_custom_component.common import MockConfigEntry, MockUser


async def test_real_model_loads_in_the_background(
    hass: HomeAssistant, mock_config_entry: MockConfigEntry, hass_admin_user: MockUser
) -> None:
    model_dir = default_model_dir()
    assert model_dir is not None, "run scripts/setup to assemble the model folder"
    await setup_entry(hass, mock_config_entry)

    data = mock_config_entry.runtime_data
    assert data.model.status is ModelStatus.READY
    assert data.model.dir == model_dir
    backends = data.store.backends()
    assert backends["retrieval_mode"] == "hybrid"
    assert backends["embedder"] in {"onnxruntime", "numpy"}

    await call(hass, "remember", {"content": "Anna cannot eat peanuts or cashews"})
    await call(hass, "remember", {"content": "The car is due for its MOT in May"})
    # No shared word: only the meaning connects the question to the memory.
    found = await call(
        hass,
        "search",
        {"query": "which foods is she allergic to"},
        user=hass_admin_user,
    )
    assert found["memories"][0]["content"] == "Anna cannot eat peanuts or cashews"
