"""Entry lifecycle: setup, the model in the background, unload, removal, damage."""

from __future__ import annotations

from datetime import datetime
import logging
from pathlib import Path
import sqlite3
import threading
from typing import TYPE_CHECKING, Any
from unittest.mock import AsyncMock, patch

from homeassistant.config_entries import ConfigEntryState
from homeassistant.const import EVENT_HOMEASSISTANT_STOP
import pytest
from pytest_homeassistant_custom_component.common import MockConfigEntry, MockUser

from custom_components.home_memory.const import DOMAIN
from custom_components.home_memory.memory.common.config import EngineConfig
from custom_components.home_memory.memory.common.errors import ModelError
from custom_components.home_memory.memory.store import (
    DatabaseCorruptError,
    MemoryEngineError,
)
from custom_components.home_memory.memory.vectors.vector_index import VectorIndex
from custom_components.home_memory.runtime.data import ModelStatus
from custom_components.home_memory.runtime.database import (
    is_corruption,
    move_aside,
    open_store,
)
from custom_components.home_memory.runtime.errors import DatabaseUnavailableError

from .conftest import FakeEmbedder, call, setup_entry, wait_for_model

if TYPE_CHECKING:
    from unittest.mock import MagicMock

    from homeassistant.core import HomeAssistant


def db_file(config_dir: Path) -> Path:
    """Where the entry keeps its database."""
    return config_dir / DOMAIN / "memory.db"


async def test_setup_and_unload_leak_nothing(
    hass: HomeAssistant, init_integration: MockConfigEntry, config_dir: Path
) -> None:
    """Setup opens the store with the model; unload closes it and leaks nothing."""
    data = init_integration.runtime_data
    assert init_integration.state is ConfigEntryState.LOADED
    assert data.model.status is ModelStatus.READY
    assert data.db_path == db_file(config_dir)
    assert data.db_path.is_file()
    assert data.store.backends()["retrieval_mode"] == "hybrid"

    assert await hass.config_entries.async_unload(init_integration.entry_id)
    await hass.async_block_till_done()
    assert init_integration.state is ConfigEntryState.NOT_LOADED
    assert data.store.closed
    assert not [t for t in threading.enumerate() if t.name == "home_memory_reembed"]
    # The actions stay registered but tell that nothing is loaded.
    assert hass.services.has_service(DOMAIN, "search")


# The entry stays half up (its coordinator's debouncer among it).
@pytest.mark.parametrize("expected_lingering_timers", [True])
async def test_a_platform_that_will_not_unload_keeps_the_store_open(
    hass: HomeAssistant, init_integration: MockConfigEntry
) -> None:
    """The sensors refuse to unload: the entry fails to unload and its store
    stays open for them (2026.11 tells why: ConfigEntryError)."""
    data = init_integration.runtime_data
    with patch.object(
        hass.config_entries, "async_unload_platforms", AsyncMock(return_value=False)
    ):
        assert not await hass.config_entries.async_unload(init_integration.entry_id)
    assert init_integration.state is ConfigEntryState.FAILED_UNLOAD
    assert not data.store.closed
    await hass.async_add_executor_job(data.store.close)


async def test_reload_opens_a_new_store(
    hass: HomeAssistant, init_integration: MockConfigEntry, hass_admin_user: MockUser
) -> None:
    """A reload closes the old store and the new one holds the same memories."""
    await call(hass, "remember", {"content": "The spare key is under the mat"})
    first = init_integration.runtime_data
    assert await hass.config_entries.async_reload(init_integration.entry_id)
    await hass.async_block_till_done()
    await wait_for_model(init_integration)
    second = init_integration.runtime_data
    assert second is not first
    assert first.store.closed
    found = await call(hass, "search", {"query": "spare key"}, user=hass_admin_user)
    assert [m["content"] for m in found["memories"]] == [
        "The spare key is under the mat"
    ]


async def test_stop_closes_the_store(
    hass: HomeAssistant, init_integration: MockConfigEntry
) -> None:
    """Home Assistant stopping closes the store."""
    store = init_integration.runtime_data.store
    hass.bus.async_fire(EVENT_HOMEASSISTANT_STOP)
    await hass.async_block_till_done()
    assert store.closed


async def test_no_figures_are_read_after_the_store_closes(
    hass: HomeAssistant,
    init_integration: MockConfigEntry,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A refresh asked for while Home Assistant stops logged "Error fetching
    home_memory data: … the store is closed" (review s21 F17)."""
    coordinator = init_integration.runtime_data.coordinator
    hass.bus.async_fire(EVENT_HOMEASSISTANT_STOP)
    await hass.async_block_till_done()
    await coordinator.async_refresh()
    await hass.async_block_till_done()
    assert "Error fetching" not in caplog.text


async def test_keyword_only_until_the_model_is_ready(
    hass: HomeAssistant,
    mock_config_entry: MockConfigEntry,
    fake_embedder: FakeEmbedder,
    hass_admin_user: MockUser,
) -> None:
    """Search is keyword-only while the model loads, hybrid once it is ready."""
    release = threading.Event()

    def slow_load(model_dir: Path) -> FakeEmbedder:
        release.wait(10)
        return fake_embedder

    # A plain function, not a Mock: the test harness runs Mock executor jobs
    # inline on the event loop.
    with patch(
        "custom_components.home_memory.runtime.model_loading.load_model", new=slow_load
    ):
        mock_config_entry.add_to_hass(hass)
        assert await hass.config_entries.async_setup(mock_config_entry.entry_id)
        await hass.async_block_till_done()
        data = mock_config_entry.runtime_data
        # Setup returned while the model is still loading.
        assert mock_config_entry.state is ConfigEntryState.LOADED
        assert data.model.status is ModelStatus.LOADING
        assert data.store.backends()["retrieval_mode"] == "keyword-only"

        await call(hass, "remember", {"content": "The bins go out on Tuesday"})
        found = await call(hass, "search", {"query": "bins"}, user=hass_admin_user)
        assert found["retrieval_mode"] == "keyword-only"
        assert found["memories"][0]["embedding_model"] is None

        release.set()
        await wait_for_model(mock_config_entry)

    assert data.model.status is ModelStatus.READY
    assert data.store.backends()["retrieval_mode"] == "hybrid"
    # What was stored keyword-only gets its vector in the background.
    assert await hass.async_add_executor_job(data.store.wait_for_reembed, 10)
    assert await hass.async_add_executor_job(data.store.pending_embeddings) == 0


async def test_unload_while_the_model_loads(
    hass: HomeAssistant, mock_config_entry: MockConfigEntry, fake_embedder: FakeEmbedder
) -> None:
    """Unloading while the model loads cancels the load and closes the store."""
    release = threading.Event()
    started = threading.Event()

    def slow_load(model_dir: Path) -> FakeEmbedder:
        started.set()
        release.wait(10)
        return fake_embedder

    # A plain function, not a Mock: the test harness runs Mock executor jobs
    # inline on the event loop.
    with patch(
        "custom_components.home_memory.runtime.model_loading.load_model", new=slow_load
    ):
        mock_config_entry.add_to_hass(hass)
        assert await hass.config_entries.async_setup(mock_config_entry.entry_id)
        await hass.async_block_till_done()
        data = mock_config_entry.runtime_data
        assert await hass.async_add_executor_job(started.wait, 10)
        assert await hass.config_entries.async_unload(mock_config_entry.entry_id)
        task = data.model.task
        assert task is not None
        assert task.cancelled()
        assert data.store.closed
        release.set()
    assert data.model.status is ModelStatus.LOADING


async def test_store_closed_before_the_model_is_switched_on(
    hass: HomeAssistant, mock_config_entry: MockConfigEntry, mock_load_model: MagicMock
) -> None:
    """A store closed before the model is switched on leaves the status loading."""
    with patch(
        "custom_components.home_memory.runtime.model_loading._activate_embedder",
        side_effect=MemoryEngineError("the store is closed"),
    ):
        await setup_entry(hass, mock_config_entry)
    assert mock_config_entry.runtime_data.model.status is ModelStatus.LOADING


async def test_no_model_folder_stays_keyword_only(
    hass: HomeAssistant,
    mock_config_entry: MockConfigEntry,
    mock_load_model: MagicMock,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Without a model folder the entry loads keyword-only and reports it."""
    with (
        patch(
            "custom_components.home_memory.runtime.model.default_model_dir",
            return_value=None,
        ),
        patch(
            "custom_components.home_memory.runtime.model_loading.async_report_model_unavailable"
        ) as report,
    ):
        await setup_entry(hass, mock_config_entry)
    data = mock_config_entry.runtime_data
    assert data.model.status is ModelStatus.UNAVAILABLE
    assert data.model.dir is None
    assert data.store.backends()["retrieval_mode"] == "keyword-only"
    mock_load_model.assert_not_called()
    report.assert_called_once_with(hass, None, "no model folder", mismatch=False)
    assert "keyword only" in caplog.text


async def test_default_folder_inside_the_config_folder(
    hass: HomeAssistant,
    mock_config_entry: MockConfigEntry,
    mock_load_model: MagicMock,
    config_dir: Path,
) -> None:
    """The default model folder inside the config folder is used when present."""
    folder = config_dir / DOMAIN / "models" / "all-MiniLM-L6-v2"
    folder.mkdir(parents=True)
    with patch(
        "custom_components.home_memory.runtime.model.default_model_dir",
        return_value=None,
    ):
        await setup_entry(hass, mock_config_entry)
    mock_load_model.assert_called_once_with(folder)


async def test_bad_model_stays_keyword_only(
    hass: HomeAssistant,
    mock_config_entry: MockConfigEntry,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A bad model file leaves the entry keyword-only and is reported."""
    with (
        patch(
            "custom_components.home_memory.runtime.model_loading.load_model",
            side_effect=ModelError("model file mismatch", file="model.onnx"),
        ),
        patch(
            "custom_components.home_memory.runtime.model_loading.async_report_model_unavailable"
        ) as report,
    ):
        await setup_entry(hass, mock_config_entry)
    data = mock_config_entry.runtime_data
    assert data.model.status is ModelStatus.UNAVAILABLE
    assert data.model.error == "model.onnx"
    # model.onnx is in the folder: the file is there but wrong.
    report.assert_called_once_with(hass, data.model.dir, "model.onnx", mismatch=True)
    assert "cannot be used" in caplog.text


async def test_unexpected_loader_failure_is_contained(
    hass: HomeAssistant,
    mock_config_entry: MockConfigEntry,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """An unexpected model loading error is logged; the entry still loads."""
    with patch(
        "custom_components.home_memory.runtime.model_loading.load_model",
        side_effect=RuntimeError("boom"),
    ):
        await setup_entry(hass, mock_config_entry)
    data = mock_config_entry.runtime_data
    assert data.model.status is ModelStatus.UNAVAILABLE
    assert data.model.error == "boom"
    assert mock_config_entry.state is ConfigEntryState.LOADED
    assert "Loading the embedding model" in caplog.text


async def test_remove_sets_the_database_aside(
    hass: HomeAssistant, init_integration: MockConfigEntry, config_dir: Path
) -> None:
    """Removing the entry moves the database aside; nothing stays in its place."""
    await call(hass, "remember", {"content": "Something to keep"}, response=False)
    path = db_file(config_dir)
    assert path.exists()
    assert await hass.config_entries.async_remove(init_integration.entry_id)
    await hass.async_block_till_done()
    for name in ("memory.db", "memory.db-wal", "memory.db-shm"):
        assert not (path.parent / name).exists()
    # The database, and the entry's options beside it (to come back with it).
    kept, options = sorted((path.parent / "set_aside").iterdir())
    assert kept.name.startswith("memory-")
    assert kept.suffix == ".db"
    assert options.name == kept.name + ".settings.json"


async def test_the_vector_graph_is_kept_in_the_cache_between_runs(
    hass: HomeAssistant,
    mock_config_entry: MockConfigEntry,
    mock_load_model: MagicMock,
    config_dir: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Saved on unload outside the backed-up folder, adopted on setup, removed."""
    monkeypatch.setattr(VectorIndex, "graph_min_rows", 3)
    adopted: list[int] = []
    real_load = VectorIndex.load_graph

    def recording_load(self: VectorIndex, path: Path) -> int:
        adopted.append(real_load(self, path))
        return adopted[-1]

    monkeypatch.setattr(VectorIndex, "load_graph", recording_load)
    await setup_entry(hass, mock_config_entry)
    for i in range(5):
        await call(
            hass, "remember", {"content": f"Fact {i} about the boiler"}, response=False
        )
    store = mock_config_entry.runtime_data.store
    assert await hass.async_add_executor_job(store.index.wait_for_graph, 60)
    graph = config_dir / ".cache" / DOMAIN / "vector_graph.usearch"
    assert await hass.config_entries.async_unload(mock_config_entry.entry_id)
    assert await hass.async_add_executor_job(graph.is_file)
    digest = graph.with_name(graph.name + ".blake2b")
    assert await hass.async_add_executor_job(digest.is_file)
    assert adopted == []

    await setup_entry(hass, mock_config_entry)
    assert adopted == [5]
    assert await hass.config_entries.async_remove(mock_config_entry.entry_id)
    await hass.async_block_till_done()
    leftovers = await hass.async_add_executor_job(lambda: list(graph.parent.iterdir()))
    assert leftovers == []  # the graph and its checksum


async def test_remove_keeps_exports(
    hass: HomeAssistant,
    init_integration: MockConfigEntry,
    config_dir: Path,
    hass_admin_user: MockUser,
) -> None:
    """Removing the entry keeps exported files."""
    exported = await call(hass, "export", user=hass_admin_user)
    assert await hass.config_entries.async_remove(init_integration.entry_id)
    await hass.async_block_till_done()
    assert not db_file(config_dir).exists()
    assert await hass.async_add_executor_job(Path(exported["path"]).is_file)
    assert list((config_dir / DOMAIN / "set_aside").iterdir())


async def test_corrupt_database_is_moved_aside(
    hass: HomeAssistant,
    mock_config_entry: MockConfigEntry,
    mock_load_model: MagicMock,
    config_dir: Path,
    hass_admin_user: MockUser,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A corrupt database is moved aside, reported, and a fresh one is started."""
    path = db_file(config_dir)
    path.parent.mkdir(parents=True)
    path.write_bytes(b"this is not a database " * 100)

    with patch("custom_components.home_memory.async_report_corrupt_database") as report:
        await setup_entry(hass, mock_config_entry)

    assert mock_config_entry.state is ConfigEntryState.LOADED
    moved = mock_config_entry.runtime_data.corrupt_db_moved_to
    assert moved is not None
    assert moved.parent == path.parent
    assert moved.name.startswith("memory.db.corrupt-")
    assert len(moved.name) == len("memory.db.corrupt-YYYYmmddHHMMSS")
    assert moved.read_bytes().startswith(b"this is not a database")
    report.assert_called_once_with(hass, mock_config_entry, moved)
    assert "could not be read" in caplog.text
    assert any(r.levelno == logging.ERROR for r in caplog.records)

    # The fresh database works.
    await call(hass, "remember", {"content": "A fresh start"}, response=False)
    listed = await call(hass, "list", user=hass_admin_user)
    assert listed["total"] == 1


async def test_unopenable_database_retries_later(
    hass: HomeAssistant,
    mock_config_entry: MockConfigEntry,
    mock_load_model: MagicMock,
    config_dir: Path,
) -> None:
    """A database that is busy (locked by another process) is retried later."""
    locked = sqlite3.OperationalError("database is locked")
    locked.sqlite_errorcode = sqlite3.SQLITE_BUSY
    busy = DatabaseCorruptError("locked")
    busy.__cause__ = locked
    mock_config_entry.add_to_hass(hass)
    with patch(
        "custom_components.home_memory.runtime.database.MemoryStore", side_effect=busy
    ):
        assert not await hass.config_entries.async_setup(mock_config_entry.entry_id)
    assert mock_config_entry.state is ConfigEntryState.SETUP_RETRY
    assert not list(db_file(config_dir).parent.glob("*.corrupt-*"))


async def test_database_from_a_newer_version_is_kept(
    hass: HomeAssistant,
    mock_config_entry: MockConfigEntry,
    mock_load_model: MagicMock,
    config_dir: Path,
) -> None:
    """A database from a newer version fails setup and is left untouched."""
    path = db_file(config_dir)
    path.parent.mkdir(parents=True)
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA user_version = 999")
    conn.close()
    mock_config_entry.add_to_hass(hass)
    assert not await hass.config_entries.async_setup(mock_config_entry.entry_id)
    assert mock_config_entry.state is ConfigEntryState.SETUP_ERROR
    assert not list(path.parent.glob("*.corrupt-*"))


async def test_migrate_refuses_an_entry_from_a_newer_version(
    hass: HomeAssistant, mock_load_model: MagicMock
) -> None:
    """An entry of a newer major version is refused by migration."""
    entry = MockConfigEntry(domain=DOMAIN, version=2, minor_version=1)
    entry.add_to_hass(hass)
    assert not await hass.config_entries.async_setup(entry.entry_id)
    assert entry.state is ConfigEntryState.MIGRATION_ERROR


async def test_migrate_accepts_an_older_minor_version(
    hass: HomeAssistant, mock_load_model: MagicMock
) -> None:
    """An entry of an older minor version loads."""
    entry = MockConfigEntry(domain=DOMAIN, version=1, minor_version=0)
    await setup_entry(hass, entry)
    assert entry.state is ConfigEntryState.LOADED


async def test_migrate_1_1_gives_the_old_merge_threshold_the_new_default(
    hass: HomeAssistant, mock_load_model: MagicMock
) -> None:
    """A 1.1 entry's "Duplicate threshold" of the old meaning becomes 0.97."""
    old = MockConfigEntry(
        domain=DOMAIN,
        version=1,
        minor_version=1,
        options={
            "persona": {"persona_name": "Jarvis"},
            "capture": {"conversation_capture": False, "dedup_threshold": 0.92},
        },
    )
    await setup_entry(hass, old)
    assert old.state is ConfigEntryState.LOADED
    assert (old.version, old.minor_version) == (1, 2)
    assert old.options == {
        "persona": {"persona_name": "Jarvis"},
        "capture": {"conversation_capture": False, "dedup_threshold": 0.97},
    }
    assert old.runtime_data.store.config.dedup_threshold == 0.97


@pytest.mark.parametrize(
    "options",
    [
        {"capture": {"dedup_threshold": 0.99}},
        {"capture": {"conversation_capture": True}},
        {"persona": {"persona_name": "Jarvis"}},
        {},
    ],
)
async def test_migrate_1_1_keeps_stricter_and_missing_thresholds(
    hass: HomeAssistant, mock_load_model: MagicMock, options: dict[str, Any]
) -> None:
    """A stricter threshold means the same in both versions; none stays none."""
    old = MockConfigEntry(domain=DOMAIN, version=1, minor_version=1, options=options)
    await setup_entry(hass, old)
    assert (old.version, old.minor_version) == (1, 2)
    assert old.options == options


# -- database helpers (blocking; no Home Assistant needed) --------------------------


def test_move_aside_never_overwrites(tmp_path: Path) -> None:
    """Moving a file aside never overwrites an earlier one; -wal and -shm go along."""
    now = datetime(2026, 1, 2, 3, 4, 5)
    path = tmp_path / "memory.db"
    path.write_text("first")
    first = move_aside(path, now)
    path.write_text("second")
    (tmp_path / "memory.db-shm").write_text("shm")
    (tmp_path / "memory.db-wal").write_text("wal")
    second = move_aside(path, now)
    assert first.name == "memory.db.corrupt-20260102030405"
    assert second.name == "memory.db.corrupt-20260102030405-1"
    assert second.read_text() == "second"
    side = tmp_path / "memory.db.corrupt-20260102030405-1"
    assert side.with_name(f"{side.name}-shm").read_text() == "shm"
    # SQLite finds the WAL of the set-aside copy under its new name.
    assert side.with_name(f"{side.name}-wal").read_text() == "wal"


def test_is_corruption_without_an_sqlite_cause() -> None:
    """A DatabaseCorruptError counts as corruption even without an SQLite cause."""
    assert is_corruption(DatabaseCorruptError("unknown"))


def test_open_store_gives_up_when_the_fresh_file_fails(tmp_path: Path) -> None:
    """When the fresh file fails too, opening gives up as unavailable."""
    path = tmp_path / "memory.db"
    path.write_bytes(b"junk" * 100)
    damaged = DatabaseCorruptError("damaged")
    damaged.__cause__ = sqlite3.DatabaseError("file is not a database")
    with (
        patch(
            "custom_components.home_memory.runtime.database.MemoryStore",
            side_effect=[damaged, DatabaseCorruptError("still broken")],
        ),
        pytest.raises(DatabaseUnavailableError),
    ):
        open_store(path, EngineConfig(), now=datetime(2026, 1, 1), clock=lambda: 0.0)
