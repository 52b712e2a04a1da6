"""Moving memories in and out through files (blocking; run in the executor).

Exports are JSON lines under <config>/home_memory/exports, readable by the
owner only since they hold personal data. Imports read only files inside the
config folder, so an action cannot be used to read arbitrary files.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Final

from ..const import EXPORT_FOLDER
from .errors import (
    ImportFileMissingError,
    ImportFileUnreadableError,
    PathOutsideConfigError,
)

if TYPE_CHECKING:
    from datetime import datetime

    from ..memory.common.values import Caller
    from ..memory.store import MemoryStore


def export_folder(data_folder: Path) -> Path:
    """Where exports are written."""
    return data_folder / EXPORT_FOLDER


def write_export(
    store: MemoryStore,
    caller: Caller,
    folder: Path,
    now: datetime,
    *,
    all_tiers: bool,
) -> tuple[Path, int]:
    """Write what the caller may see to a new file; return its path and count.

    The file appears only when complete (written under a temporary name and
    renamed), so a failed export leaves no half file behind.
    """
    folder.mkdir(parents=True, exist_ok=True)
    stem = f"home_memory-{now.strftime('%Y%m%d-%H%M%S')}"
    target = folder / f"{stem}.jsonl"
    counter = 1
    while target.exists():
        target = folder / f"{stem}-{counter}.jsonl"
        counter += 1
    partial = target.with_name(f".{target.name}.partial")
    partial.touch(mode=0o600)
    try:
        with partial.open("w", encoding="utf-8") as out:
            count = store.export_jsonl(out, caller, all_tiers=all_tiers)
        partial.replace(target)
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
    return target, count


MAX_IMPORT_BYTES: Final = 512 * 2**20


def resolve_import_path(config_dir: Path, raw: str) -> Path:
    """The real path of `raw` (relative to the config folder), checked.

    Symbolic links are followed before the check, so a link inside the config
    folder cannot lead outside it.
    """
    root = config_dir.resolve()
    candidate = Path(raw).expanduser()
    resolved = (candidate if candidate.is_absolute() else root / candidate).resolve()
    if not resolved.is_relative_to(root):
        raise PathOutsideConfigError(raw)
    if not resolved.is_file():
        raise ImportFileMissingError(raw)
    return resolved


def read_lines(path: Path) -> list[str]:
    """The file's lines, decoded as UTF-8.

    Split at newlines only: str.splitlines() would also cut at U+2028 and
    other separators that JSON strings may hold unescaped. The error names
    where the file is not UTF-8, never the bytes there.
    """
    try:
        size = path.stat().st_size
        if size > MAX_IMPORT_BYTES:
            # The whole file is checked before anything is written, so it is
            # held in memory: an export of 100,000 memories is far below this.
            raise ImportFileUnreadableError(
                f"it is {size // 2**20} MiB, more than {MAX_IMPORT_BYTES // 2**20} MiB"
            )
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as err:
        raise ImportFileUnreadableError(f"byte {err.start} is not valid UTF-8") from err
    except OSError as err:
        raise ImportFileUnreadableError(err.strerror or type(err).__name__) from err
    return [line.removesuffix("\r") for line in text.split("\n")]
