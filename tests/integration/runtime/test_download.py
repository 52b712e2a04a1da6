"""Downloading the model in the config flow, against a local HTTP server."""

from __future__ import annotations

from dataclasses import dataclass, field
import hashlib
from typing import TYPE_CHECKING, Any
from unittest.mock import AsyncMock, patch

from aiohttp import web
from homeassistant import config_entries
from homeassistant.data_entry_flow import FlowResultType
import pytest
from pytest_homeassistant_custom_component.common import async_fire_time_changed

from custom_components.home_memory.config_flow import (
    OUTCOME_REMINDER_INTERVAL,
    OUTCOME_REMINDERS,
)
from custom_components.home_memory.const import (
    CONF_MODEL_DIR,
    CONF_PERSONA_NAME,
    DOMAIN,
    SECTION_PERSONA,
)
from custom_components.home_memory.memory.embedding.embedder import default_model_dir
from custom_components.home_memory.memory.embedding.model_files import (
    MODEL_FILES_BY_NAME,
    ModelFile,
)
from custom_components.home_memory.runtime.download import (
    MODEL_URL_ENV,
    DownloadPace,
    async_download_model,
    managed_model_dir,
)
from custom_components.home_memory.runtime.errors import DownloadError

if TYPE_CHECKING:
    from collections.abc import AsyncIterator
    from pathlib import Path

    from freezegun.api import FrozenDateTimeFactory
    from homeassistant.core import HomeAssistant

FILES = {
    "tokenizer.json": b'{"fake": "tokenizer"}' * 50,
    "config.json": b'{"hidden_size": 384}',
    "model.safetensors": bytes(range(256)) * 4096,  # 1 MiB: several chunks
}


@dataclass
class FakeHub:
    """Serves FILES with Range support; can cut a response short or lie."""

    url: str = ""
    requests: list[tuple[str, str | None]] = field(default_factory=list)
    truncate: dict[str, int] = field(default_factory=dict)
    corrupt: set[str] = field(default_factory=set)
    missing: set[str] = field(default_factory=set)
    ignore_range: bool = False

    async def handle(self, request: web.Request) -> web.StreamResponse:
        name = request.match_info["name"]
        self.requests.append((name, request.headers.get("Range")))
        if name in self.missing or name not in FILES:
            return web.Response(status=404)
        body = FILES[name]
        if name in self.corrupt:
            body = b"X" + body[1:]
        start = 0
        if (header := request.headers.get("Range")) and not self.ignore_range:
            start = int(header.removeprefix("bytes=").rstrip("-"))
            if start >= len(body):
                return web.Response(status=416)
        status = 206 if start else 200
        if (cut := self.truncate.pop(name, None)) is not None:
            # Announce the whole file, send part of it, then drop the line.
            response = web.StreamResponse(status=status)
            response.content_length = len(body) - start
            await response.prepare(request)
            await response.write(body[start:cut])
            assert request.transport is not None
            request.transport.close()
            return response
        return web.Response(status=status, body=body[start:])


@pytest.fixture
async def hub(socket_enabled: None) -> AsyncIterator[FakeHub]:
    """A local fake model hub serving the test model files."""
    fake = FakeHub()
    app = web.Application()
    app.router.add_get("/{name}", fake.handle)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = runner.addresses[0][1]
    fake.url = f"http://127.0.0.1:{port}"
    with (
        patch(
            "custom_components.home_memory.runtime.download.MODEL_BASE_URL", fake.url
        ),
        patch.dict(
            MODEL_FILES_BY_NAME,
            {
                name: ModelFile(
                    name, hashlib.sha256(body).hexdigest(), len(body), required=True
                )
                for name, body in FILES.items()
            },
        ),
    ):
        yield fake
    await runner.cleanup()


@pytest.fixture
def no_default_model() -> AsyncIterator[None]:
    """A fresh installation: no model folder anywhere."""
    with patch(
        "custom_components.home_memory.runtime.model.default_model_dir",
        return_value=None,
    ):
        yield


@pytest.fixture(autouse=True)
def no_onnx_install() -> AsyncIterator[None]:
    """Pretend the model.onnx wheel cannot be installed."""
    with patch(
        "custom_components.home_memory.runtime.model_loading.async_install_onnx_file",
        AsyncMock(return_value=False),
    ):
        yield


async def start(hass: HomeAssistant) -> dict[str, Any]:
    """Start the config flow and submit a persona name."""
    result = await hass.config_entries.flow.async_init(
        DOMAIN, context={"source": config_entries.SOURCE_USER}
    )
    return await hass.config_entries.flow.async_configure(
        result["flow_id"], {CONF_PERSONA_NAME: "Jarvis"}
    )


async def after_progress(hass: HomeAssistant, result: dict[str, Any]) -> dict[str, Any]:
    """Wait out the download progress step and continue the flow."""
    assert result["type"] is FlowResultType.SHOW_PROGRESS
    assert result["progress_action"] == "download_model"
    await hass.async_block_till_done()
    return await hass.config_entries.flow.async_configure(result["flow_id"])


@pytest.mark.usefixtures("no_default_model", "mock_load_model")
async def test_fresh_install_downloads_the_model(
    hass: HomeAssistant, hub: FakeHub, config_dir: Path
) -> None:
    """A fresh install downloads and verifies every model file, with progress."""
    progress: list[float] = []
    hass.bus.async_listen(
        "data_entry_flow_progress_update",
        lambda event: progress.append(event.data["progress"]),
    )
    result = await after_progress(hass, await start(hass))

    assert result["type"] is FlowResultType.CREATE_ENTRY
    assert result["data"] == {}
    assert result["options"] == {SECTION_PERSONA: {CONF_PERSONA_NAME: "Jarvis"}}
    folder = managed_model_dir(str(config_dir))
    for name, body in FILES.items():
        assert (folder / name).read_bytes() == body
    assert not list(folder.glob("*.partial"))
    assert progress == sorted(progress)
    assert progress[-1] == 1.0
    assert [name for name, _ in hub.requests] == list(FILES)
    await hass.async_block_till_done()
    entry = result["result"]
    await entry.runtime_data.model.task
    assert entry.runtime_data.model.dir == folder


async def test_an_interrupted_download_resumes(
    hass: HomeAssistant, hub: FakeHub, config_dir: Path
) -> None:
    """An interrupted download keeps finished files and resumes the rest."""
    dest = managed_model_dir(str(config_dir))
    hub.truncate["model.safetensors"] = 300_000
    with pytest.raises(DownloadError) as err:
        await async_download_model(hass, dest)
    assert err.value.file == "model.safetensors"
    assert err.value.reason == "download_failed"
    partial = dest / "model.safetensors.partial"
    # What arrived before the cut is kept; how much depends on whether the
    # client read before it saw the connection drop (aiohttp then discards
    # its buffer), so only the bound is certain.
    kept = partial.stat().st_size if partial.exists() else 0
    assert kept <= 300_000
    # tokenizer.json and config.json are done and stay done.
    assert (dest / "config.json").is_file()

    hub.requests.clear()
    await async_download_model(hass, dest)
    assert hub.requests == [("model.safetensors", f"bytes={kept}-" if kept else None)]
    assert (dest / "model.safetensors").read_bytes() == FILES["model.safetensors"]
    assert not partial.exists()


async def test_a_partial_file_is_resumed_with_a_range_request(
    hass: HomeAssistant, hub: FakeHub, config_dir: Path
) -> None:
    """A partial file is resumed with an HTTP range request."""
    dest = managed_model_dir(str(config_dir))
    dest.mkdir(parents=True)
    body = FILES["model.safetensors"]
    (dest / "model.safetensors.partial").write_bytes(body[:300_000])
    await async_download_model(hass, dest)
    assert ("model.safetensors", "bytes=300000-") in hub.requests
    assert (dest / "model.safetensors").read_bytes() == body


async def test_a_server_that_ignores_the_range_starts_over(
    hass: HomeAssistant, hub: FakeHub, config_dir: Path
) -> None:
    """When the server ignores the range the file is fetched from the start."""
    dest = managed_model_dir(str(config_dir))
    dest.mkdir(parents=True)
    (dest / "config.json.partial").write_bytes(b"garbage")
    hub.ignore_range = True
    await async_download_model(hass, dest)
    assert (dest / "config.json").read_bytes() == FILES["config.json"]


async def test_a_partial_longer_than_the_file_is_dropped(
    hass: HomeAssistant, hub: FakeHub, config_dir: Path
) -> None:
    """A partial file longer than the real file is dropped and fetched anew."""
    dest = managed_model_dir(str(config_dir))
    dest.mkdir(parents=True)
    (dest / "config.json.partial").write_bytes(b"x" * 10_000)
    await async_download_model(hass, dest)
    assert (dest / "config.json").read_bytes() == FILES["config.json"]


async def test_a_range_past_the_end_starts_over_next_time(
    hass: HomeAssistant, hub: FakeHub, config_dir: Path
) -> None:
    """A range the server refuses (416) drops the partial for the next try."""
    dest = managed_model_dir(str(config_dir))
    dest.mkdir(parents=True)
    size = len(FILES["tokenizer.json"])
    # As long as the manifest says, so the server's 416 is the only way to learn.
    with patch.dict(FILES, {"tokenizer.json": FILES["tokenizer.json"][:10]}):
        (dest / "tokenizer.json.partial").write_bytes(b"y" * (size - 1))
        with pytest.raises(DownloadError, match="HTTP 416"):
            await async_download_model(hass, dest)
    assert not (dest / "tokenizer.json.partial").exists()
    await async_download_model(hass, dest)
    assert (dest / "tokenizer.json").read_bytes() == FILES["tokenizer.json"]


async def test_a_file_that_does_not_arrive_fails(
    hass: HomeAssistant, hub: FakeHub, config_dir: Path
) -> None:
    """A file the server does not have fails the download, naming it."""
    hub.missing.add("config.json")
    with pytest.raises(DownloadError, match="HTTP 404") as err:
        await async_download_model(hass, managed_model_dir(str(config_dir)))
    assert err.value.file == "config.json"


async def test_an_oversized_response_fails_its_hash(
    hass: HomeAssistant, hub: FakeHub, config_dir: Path
) -> None:
    """An oversized response fails its checksum and is not kept."""
    dest = managed_model_dir(str(config_dir))
    with (
        patch.dict(FILES, {"config.json": FILES["config.json"] + b" " * 5000}),
        pytest.raises(DownloadError) as err,
    ):
        await async_download_model(hass, dest)
    assert err.value.reason == "download_mismatch"
    assert not (dest / "config.json").exists()


@pytest.mark.usefixtures("no_default_model", "mock_load_model")
async def test_hash_mismatch_names_the_file_then_keyword_only(
    hass: HomeAssistant, hub: FakeHub, config_dir: Path
) -> None:
    """A checksum failure names the file and offers keyword-only search."""
    hub.corrupt.add("model.safetensors")
    result = await after_progress(hass, await start(hass))
    assert result["type"] is FlowResultType.MENU
    assert result["step_id"] == "download_failed"
    assert result["menu_options"] == ["download", "model_folder", "finish"]
    assert result["description_placeholders"]["file"] == "model.safetensors"
    assert "expected" in result["description_placeholders"]["error"]
    folder = managed_model_dir(str(config_dir))
    assert not (folder / "model.safetensors").exists()
    assert not (folder / "model.safetensors.partial").exists()

    # Going on without the model: keyword search until one is added.
    result = await hass.config_entries.flow.async_configure(
        result["flow_id"], {"next_step_id": "finish"}
    )
    assert result["type"] is FlowResultType.CREATE_ENTRY
    assert result["data"] == {}


@pytest.mark.usefixtures("no_default_model", "mock_load_model")
async def test_retry_after_a_failure(hass: HomeAssistant, hub: FakeHub) -> None:
    """After a failed download, retrying can succeed."""
    hub.missing.add("tokenizer.json")
    result = await after_progress(hass, await start(hass))
    assert result["step_id"] == "download_failed"
    hub.missing.clear()
    result = await hass.config_entries.flow.async_configure(
        result["flow_id"], {"next_step_id": "download"}
    )
    result = await after_progress(hass, result)
    assert result["type"] is FlowResultType.CREATE_ENTRY


@pytest.mark.usefixtures("mock_load_model")
async def test_offline_install_points_at_a_folder(
    hass: HomeAssistant, hub: FakeHub, config_dir: Path
) -> None:
    """Offline, the flow accepts a folder of model files instead."""
    real = default_model_dir()
    assert real is not None
    hub.missing.update(FILES)
    with patch(
        "custom_components.home_memory.runtime.model.default_model_dir",
        return_value=None,
    ):
        result = await after_progress(hass, await start(hass))
        result = await hass.config_entries.flow.async_configure(
            result["flow_id"], {"next_step_id": "model_folder"}
        )
        assert result["step_id"] == "model_folder"
        result = await hass.config_entries.flow.async_configure(
            result["flow_id"], {CONF_MODEL_DIR: ""}
        )
        assert result["errors"] == {CONF_MODEL_DIR: "model_dir_not_found"}
        empty = config_dir / "empty"
        empty.mkdir()
        result = await hass.config_entries.flow.async_configure(
            result["flow_id"], {CONF_MODEL_DIR: str(empty)}
        )
        assert result["errors"] == {CONF_MODEL_DIR: "model_file_missing"}
        assert result["description_placeholders"] == {"file": "tokenizer.json"}
        # The real manifest again for the real folder.
        with patch.dict(MODEL_FILES_BY_NAME, clear=False):
            MODEL_FILES_BY_NAME.update(_REAL)
            result = await hass.config_entries.flow.async_configure(
                result["flow_id"], {CONF_MODEL_DIR: str(real)}
            )
    assert result["type"] is FlowResultType.CREATE_ENTRY
    assert result["data"] == {CONF_MODEL_DIR: str(real)}


_REAL = dict(MODEL_FILES_BY_NAME)


async def test_an_existing_model_skips_the_download(
    hass: HomeAssistant, mock_load_model: AsyncMock
) -> None:
    """The development checkout's model folder is complete: no download."""
    assert default_model_dir() is not None, "run scripts/setup: no model folder"
    result = await start(hass)
    assert result["type"] is FlowResultType.CREATE_ENTRY


@pytest.mark.usefixtures("no_default_model", "mock_load_model")
async def test_an_incomplete_model_folder_is_completed(
    hass: HomeAssistant, hub: FakeHub, config_dir: Path
) -> None:
    """A partly filled model folder is completed; verified files are kept."""
    folder = managed_model_dir(str(config_dir))
    folder.mkdir(parents=True)
    (folder / "config.json").write_bytes(FILES["config.json"])
    result = await after_progress(hass, await start(hass))
    assert result["type"] is FlowResultType.CREATE_ENTRY
    # The verified file was kept; only the others were fetched.
    assert [name for name, _ in hub.requests] == ["tokenizer.json", "model.safetensors"]


@pytest.mark.usefixtures("no_default_model", "mock_load_model")
async def test_the_progress_step_says_how_much_is_downloaded(
    hass: HomeAssistant, hub: FakeHub, config_dir: Path
) -> None:
    """The description names the size still to fetch; a resume fetches less."""
    result = await start(hass)
    whole = sum(len(body) for body in FILES.values())
    assert result["description_placeholders"] == {"size": f"{whole / 1e6:.1f} MB"}
    hass.config_entries.flow.async_abort(result["flow_id"])
    await hass.async_block_till_done()

    folder = managed_model_dir(str(config_dir))
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.iterdir():
        old.unlink()
    # An earlier attempt left half the weights and the small files.
    for name in ("tokenizer.json", "config.json"):
        (folder / name).write_bytes(FILES[name])
    half = len(FILES["model.safetensors"]) // 2
    (folder / "model.safetensors.partial").write_bytes(
        FILES["model.safetensors"][:half]
    )
    result = await start(hass)
    rest = len(FILES["model.safetensors"]) - half
    assert result["description_placeholders"] == {"size": f"{rest / 1e6:.1f} MB"}


@pytest.mark.usefixtures("no_default_model", "mock_load_model")
async def test_a_second_setup_does_not_download_into_the_same_file(
    hass: HomeAssistant, hub: FakeHub
) -> None:
    """Two setups at once: the one that finds the other downloading ends
    (both would write one partial file); the first completes."""
    first = await start(hass)
    assert first["type"] is FlowResultType.SHOW_PROGRESS
    second = await start(hass)
    assert second["type"] is FlowResultType.ABORT
    assert second["reason"] == "already_in_progress"
    result = await after_progress(hass, first)
    assert result["type"] is FlowResultType.CREATE_ENTRY


def flow_announcements(hass: HomeAssistant) -> list[str]:
    """The flow ids of every "flow changed" event the frontend would hear."""
    announced: list[str] = []
    hass.bus.async_listen(
        "data_entry_flow_progressed",
        lambda event: announced.append(event.data["flow_id"]),
    )
    return announced


async def remind(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, intervals: int
) -> None:
    """Let `intervals` reminder intervals pass."""
    for _ in range(intervals):
        freezer.tick(OUTCOME_REMINDER_INTERVAL)
        async_fire_time_changed(hass)
        await hass.async_block_till_done()


@pytest.mark.usefixtures("no_default_model", "mock_load_model")
async def test_a_frontend_that_listens_late_still_hears_the_outcome(
    hass: HomeAssistant, hub: FakeHub, freezer: FrozenDateTimeFactory
) -> None:
    """An instant failure is announced again until a client fetches it.

    The 2026.10 frontend subscribes to flow events only after it has drawn the
    progress step: offline, the download fails before that, and without a
    second announcement the dialog spins for ever.
    """
    hub.missing.update(FILES)
    announced = flow_announcements(hass)
    result = await start(hass)
    flow_id = result["flow_id"]
    await hass.async_block_till_done()
    assert announced == [flow_id]  # Home Assistant's own, when the task ended

    # Nobody fetched the outcome: the frontend is told again, every 2 s.
    for count in (2, 3):
        await remind(hass, freezer, 1)
        assert announced == [flow_id] * count

    # A client fetched it: the reminders stop.
    result = await hass.config_entries.flow.async_configure(flow_id)
    assert result["step_id"] == "download_failed"
    await remind(hass, freezer, 3)
    assert announced == [flow_id] * 3


@pytest.mark.usefixtures("no_default_model", "mock_load_model")
async def test_reminders_end_with_the_flow_and_after_a_minute(
    hass: HomeAssistant, hub: FakeHub, freezer: FrozenDateTimeFactory
) -> None:
    """A dialog closed (or never fetched) does not leave a timer running."""
    hub.missing.update(FILES)
    announced = flow_announcements(hass)
    first = await start(hass)
    await hass.async_block_till_done()
    await remind(hass, freezer, OUTCOME_REMINDERS + 5)
    assert announced == [first["flow_id"]] * (OUTCOME_REMINDERS + 1)

    announced.clear()
    second = await start(hass)
    await hass.async_block_till_done()
    hass.config_entries.flow.async_abort(second["flow_id"])
    await remind(hass, freezer, 3)
    assert announced == [second["flow_id"]]


async def test_the_model_url_can_point_at_a_mirror(
    hass: HomeAssistant, hub: FakeHub, config_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """HOME_MEMORY_MODEL_URL replaces Hugging Face; the hashes still decide."""
    monkeypatch.setenv(MODEL_URL_ENV, hub.url + "/mirror")
    with pytest.raises(DownloadError):
        await async_download_model(hass, config_dir / "model")
    assert hub.requests == []  # /mirror/<name> is not the hub's route

    monkeypatch.setenv(MODEL_URL_ENV, hub.url)
    with patch(
        "custom_components.home_memory.runtime.download.MODEL_BASE_URL",
        "http://127.0.0.1:9",
    ):
        await async_download_model(hass, config_dir / "model")
    assert (config_dir / "model" / "config.json").read_bytes() == FILES["config.json"]


def test_the_pace_of_a_download_is_judged_over_a_minute() -> None:
    """Fewer than 64 KiB a minute fails, measured over a minute or more."""
    clock = [0.0]
    pace = DownloadPace(lambda: clock[0])
    # A slow start is not held against it within the first minute.
    clock[0] = 59.0
    assert pace.arrived(10)
    # A minute with 70 KiB keeps up; the next window starts afresh.
    clock[0] = 61.0
    assert pace.arrived(70 * 1024)
    # A pause of two minutes that brings 100 KiB is 50 KiB a minute: too slow.
    clock[0] = 181.0
    assert not pace.arrived(100 * 1024)
    # A trickle: a byte every 19 s (never silent for the 20 s read timeout).
    trickle = DownloadPace(lambda: clock[0])
    seen = []
    for _ in range(4):
        clock[0] += 19.0
        seen.append(trickle.arrived(1))
    assert seen == [True, True, True, False]


async def test_a_download_that_crawls_fails_and_resumes_later(
    hass: HomeAssistant, hub: FakeHub, config_dir: Path
) -> None:
    """A server too slow to wait for fails the download (its choices follow);
    what arrived is kept for the next attempt."""
    dest = managed_model_dir(str(config_dir))
    ticks = iter(range(0, 10**9, 600))  # ten minutes between two reads
    with pytest.raises(DownloadError, match="less than 64 KiB a minute") as err:
        await async_download_model(hass, dest, monotonic=lambda: float(next(ticks)))
    assert err.value.file == "tokenizer.json"
    await async_download_model(hass, dest)
    for name, body in FILES.items():
        assert (dest / name).read_bytes() == body
