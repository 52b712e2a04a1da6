"""Fixtures for the Home Assistant side of Home Memory."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
import re
from typing import TYPE_CHECKING, Any, Final, cast
from unittest.mock import patch

from homeassistant.auth.const import GROUP_ID_USER
from homeassistant.core import Context, HomeAssistant
import numpy as np
import numpy.typing as npt
import pytest
from pytest_homeassistant_custom_component.common import MockConfigEntry, MockUser

# Imported at collection time so that this repository's custom_components
# package wins over the test plugin's own testing_config (docs/home-assistant.md,
# "Which custom_components package a test loads").
from custom_components.home_memory.const import (
    CONF_PERSONA_NAME,
    DOMAIN,
    SECTION_PERSONA,
)

from .fake_agents import async_add_agent_entry
from .fake_ai_task import FakeAITaskEntity, async_setup_fake_ai_task
from .ws_client import Client, user_token

if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator, Sequence
    from unittest.mock import MagicMock

    from freezegun.api import FrozenDateTimeFactory
    from pytest_homeassistant_custom_component.typing import WebSocketGenerator

    from custom_components.home_memory.runtime.data import HomeMemoryConfigEntry


class FakeEmbedder:
    """Bag-of-words vectors: texts that share words are close. Instant to load."""

    model_id = "integration-test-hashing"
    dimensions = 384
    backend = "test"

    def _vector(self, text: str) -> npt.NDArray[np.float32]:
        vector = np.zeros(self.dimensions, dtype=np.float32)
        for word in re.findall(r"\w+", text.casefold()):
            digest = hashlib.sha256(word.encode()).digest()
            slot = int.from_bytes(digest[:4], "little") % self.dimensions
            vector[slot] += 1.0 if digest[4] & 1 else -1.0
        norm = float(np.linalg.norm(vector))
        if norm == 0:
            vector[0], norm = 1.0, 1.0
        return vector / norm

    def embed(self, texts: Sequence[str]) -> npt.NDArray[np.float32]:
        if not texts:
            return np.zeros((0, self.dimensions), dtype=np.float32)
        return np.stack([self._vector(text) for text in texts])

    def embed_query(
        self, text: str, also: Sequence[str] = ()
    ) -> npt.NDArray[np.float32]:
        return self._vector(text)


@pytest.fixture(autouse=True)
def auto_enable_custom_integrations(enable_custom_integrations: None) -> None:
    """Let Home Assistant load this repository's integration."""


@pytest.fixture
def hass_config_dir(hass_tmp_config_dir: str) -> str:
    """A fresh config folder per test, so the database lands in tmp."""
    return hass_tmp_config_dir


@pytest.fixture
def config_dir(hass: HomeAssistant) -> Path:
    """The config folder of the running test instance."""
    from pathlib import Path

    return Path(hass.config.config_dir)


@pytest.fixture
def fake_embedder() -> FakeEmbedder:
    """The fast stand-in for all-MiniLM-L6-v2."""
    return FakeEmbedder()


@pytest.fixture
def mock_load_model(fake_embedder: FakeEmbedder) -> Iterator[MagicMock]:
    """Loading the model returns the fake embedder (the real one is slow)."""
    with patch(
        "custom_components.home_memory.runtime.model_loading.load_model",
        return_value=fake_embedder,
    ) as mock:
        yield mock


@pytest.fixture
def mock_config_entry() -> MockConfigEntry:
    """The entry the user step creates."""
    return MockConfigEntry(
        domain=DOMAIN,
        title="Home Memory",
        data={},
        options={SECTION_PERSONA: {CONF_PERSONA_NAME: "Assistant"}},
        version=1,
        minor_version=1,
    )


async def setup_entry(hass: HomeAssistant, entry: MockConfigEntry) -> None:
    """Set the entry up and wait until the model task has finished."""
    entry.add_to_hass(hass)
    assert await hass.config_entries.async_setup(entry.entry_id)
    await hass.async_block_till_done()
    await wait_for_model(entry)


async def wait_for_model(entry: HomeMemoryConfigEntry) -> None:
    """Background tasks are not awaited by async_block_till_done."""
    task = entry.runtime_data.model.task
    assert task is not None
    await task


@pytest.fixture
async def init_integration(
    hass: HomeAssistant,
    mock_config_entry: MockConfigEntry,
    mock_load_model: MagicMock,
) -> MockConfigEntry:
    """A loaded entry with the fake embedder in place."""
    await setup_entry(hass, mock_config_entry)
    return mock_config_entry


@pytest.fixture
async def user_anna(hass: HomeAssistant) -> MockUser:
    """An ordinary (non-admin) user."""
    group = await hass.auth.async_get_group(GROUP_ID_USER)
    assert group is not None
    return MockUser(name="Anna", groups=[group]).add_to_hass(hass)


@pytest.fixture
async def user_ben(hass: HomeAssistant) -> MockUser:
    """A second ordinary user."""
    group = await hass.auth.async_get_group(GROUP_ID_USER)
    assert group is not None
    return MockUser(name="Ben", groups=[group]).add_to_hass(hass)


async def call(
    hass: HomeAssistant,
    service: str,
    data: dict[str, Any] | None = None,
    *,
    user: MockUser | None = None,
    response: bool = True,
) -> Any:
    """Call one of our actions as `user` (None: as an automation)."""
    return await hass.services.async_call(
        DOMAIN,
        service,
        data or {},
        blocking=True,
        return_response=response,
        context=Context(user_id=user.id if user else None),
    )


async def remember_on_a_wednesday(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    user: MockUser,
    events: Iterable[tuple[str, str]],
) -> None:
    """`events` (text, Berlin wall-clock time) remembered on Wednesday
    4 March 2026, 09:30 in Berlin, each as having happened at its time."""
    await hass.config.async_update(time_zone="Europe/Berlin")
    freezer.move_to("2026-03-04T08:30:00+00:00")
    for content, at in events:
        await call(
            hass,
            "remember",
            {"content": content, "happened_at": f"{at}+01:00", "kind": "event"},
            user=user,
        )


@pytest.fixture
async def agent_entry(hass: HomeAssistant) -> MockConfigEntry:
    """The config entry of a fake agent (see fake_agents)."""
    return await async_add_agent_entry(hass)


@pytest.fixture
async def fake_ai_task(hass: HomeAssistant) -> FakeAITaskEntity:
    """The scripted AI Task entity, `ai_task.fake_llm_task`."""
    return await async_setup_fake_ai_task(hass)


@pytest.fixture
def conversation_busy_error(monkeypatch: pytest.MonkeyPatch) -> type[Exception]:
    """`conversation.ConversationBusyError` (2026.11); a stand-in on 2026.10.

    The stand-in has 2026.11's shape (a HomeAssistantError with the
    conversation id) and is put where 2026.11 has the class, so that the
    integration's guarded import finds it on either version.
    """
    from homeassistant.components import conversation
    from homeassistant.exceptions import HomeAssistantError

    if (real := getattr(conversation, "ConversationBusyError", None)) is not None:
        return cast("type[Exception]", real)

    class ConversationBusyError(HomeAssistantError):
        def __init__(self, conversation_id: str) -> None:
            super().__init__("This conversation is busy with another message")
            self.conversation_id = conversation_id

    monkeypatch.setattr(
        conversation, "ConversationBusyError", ConversationBusyError, raising=False
    )
    return ConversationBusyError


@pytest.fixture
async def anna(
    hass: HomeAssistant, hass_ws_client: WebSocketGenerator, user_anna: MockUser
) -> Client:
    """Anna's websocket connection."""
    return Client(await hass_ws_client(hass, await user_token(hass, user_anna)))


@pytest.fixture
async def ben(
    hass: HomeAssistant, hass_ws_client: WebSocketGenerator, user_ben: MockUser
) -> Client:
    """Ben's websocket connection."""
    return Client(await hass_ws_client(hass, await user_token(hass, user_ben)))


@pytest.fixture
async def admin(hass_ws_client: WebSocketGenerator) -> Client:
    """An administrator's websocket connection (not Anna)."""
    return Client(await hass_ws_client())


STRINGS: Final = json.loads(
    (
        Path(__file__).parents[2] / "custom_components" / DOMAIN / "strings.json"
    ).read_text(encoding="utf-8")
)


def named(path: str, action: str | None = None) -> str:
    """How a refused field's path ("tags.0") is named in an error: as the
    called action's form names the field; else as the translations' common
    field_<field> (the engine's own, "line 1: Version …"); else as all the
    actions' forms name it ("Tags"); the panel's own fields as they are."""
    field = path.split(".", maxsplit=1)[0]
    services = STRINGS["services"]
    if action is not None and field in services[action].get("fields", {}):
        return str(services[action]["fields"][field]["name"])
    if (common := STRINGS["common"].get(f"field_{field}")) is not None:
        return str(common)
    names = {
        str(one["fields"][field]["name"])
        for one in services.values()
        if field in one.get("fields", {})
    }
    return names.pop() if len(names) == 1 else field
