"""Export and import: the operations over the file readers of transfer.py and
ai_memory_import.py (both admin)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
import json
from pathlib import Path
from typing import TYPE_CHECKING

from homeassistant.util import dt as dt_util

from ..const import AI_MEMORY_DEFAULT_FILE, DB_FOLDER
from .access import Access, require
from .ai_memory_import import read_ai_memory
from .errors import InvalidRequestError, async_engine
from .events import async_memories_changed
from .schemas import FORMAT_AI_MEMORY, FORMAT_JSONL
from .transfer import export_folder, read_lines, resolve_import_path, write_export

if TYPE_CHECKING:
    from datetime import tzinfo

    from ..memory.common.values import Caller
    from ..memory.store import MemoryStore
    from .memories import OperationScope


@dataclass(frozen=True, slots=True)
class ExportResult:
    """Where the export was written and how many memories it holds."""

    path: Path
    count: int


@dataclass(frozen=True, slots=True)
class ImportRequest:
    """A file to import: a path inside the configuration folder and its format.

    `path` may be None only for ai_memory (its conventional file name).
    `keep_owners` restores the owners of an export file (an admin's own).
    """

    path: str | None
    format: str = FORMAT_JSONL
    keep_owners: bool = False


@dataclass(frozen=True, slots=True)
class ImportResult:
    """How many lines became memories, and why the others did not."""

    imported: int
    skipped: int
    skipped_private: int
    # ai_memory only: records that could not be read.
    skipped_invalid: int | None = None


async def async_export(
    scope: OperationScope, *, all_tiers: bool = False
) -> ExportResult:
    """Write the caller's visible memories to a JSON lines file (admin)."""
    require(scope.actor, Access.ADMIN)
    hass = scope.hass
    path, count = await async_engine(
        hass,
        partial(
            write_export,
            scope.data.store,
            scope.actor.caller,
            export_folder(Path(hass.config.path(DB_FOLDER))),
            dt_util.now(),
            all_tiers=all_tiers,
        ),
    )
    return ExportResult(path, count)


async def async_export_page(
    scope: OperationScope, *, after: int, limit: int, all_tiers: bool = False
) -> tuple[list[str], int | None]:
    """Export lines of what the caller may see, a page at a time (the browser).

    Everyone may export what they may see; the deleted and archived tiers
    are an admin's. Returns the lines and where the next page starts.
    """
    require(scope.actor, Access.ADMIN if all_tiers else Access.READ)
    store = scope.data.store
    return await async_engine(
        scope.hass,
        partial(
            store.export_page,
            scope.actor.caller,
            after=after,
            limit=limit,
            all_tiers=all_tiers,
        ),
    )


async def async_import(scope: OperationScope, request: ImportRequest) -> ImportResult:
    """Import a JSON lines export or an ai_memory database (admin).

    InvalidRequestError `path_required` (no path for jsonl) and
    `keep_owners_not_allowed` (not an admin's own jsonl export), besides the
    file readers' errors. A bulk import fires no event per memory.
    """
    require(scope.actor, Access.ADMIN)
    caller = scope.actor.caller
    if request.format != FORMAT_AI_MEMORY and request.path is None:
        # Only ai_memory has a conventional place to look for its file.
        raise InvalidRequestError("path_required")
    if request.keep_owners and (
        request.format != FORMAT_JSONL or caller.user_id is None
    ):
        # Restoring owners writes into other people's private spaces: an
        # administrator's own decision, named in the log, for an export file.
        raise InvalidRequestError("keep_owners_not_allowed")
    result = await async_engine(
        scope.hass,
        partial(
            _import,
            scope.data.store,
            caller,
            Path(scope.hass.config.config_dir),
            request,
            dt_util.get_default_time_zone(),
        ),
    )
    async_memories_changed(scope.hass, context=scope.context)
    return result


def _import(
    store: MemoryStore,
    caller: Caller,
    config_dir: Path,
    request: ImportRequest,
    local_tz: tzinfo,
) -> ImportResult:
    if request.format == FORMAT_AI_MEMORY:
        path = resolve_import_path(config_dir, request.path or AI_MEMORY_DEFAULT_FILE)
        read = read_ai_memory(path, caller.user_id, local_tz)
        stats = store.import_jsonl(
            [json.dumps(record) for record in read.records], caller
        )
        return ImportResult(
            stats.imported, stats.skipped, read.skipped_private, read.skipped_invalid
        )
    assert request.path is not None  # checked before the executor job
    path = resolve_import_path(config_dir, request.path)
    if request.keep_owners and not path.is_relative_to(
        export_folder(config_dir / DB_FOLDER).resolve()
    ):
        # Owners are restored only from where exports are written: a file
        # dropped anywhere else in the configuration folder keeps to the
        # importing person, as every other import does.
        raise InvalidRequestError("keep_owners_not_allowed")
    stats = store.import_jsonl(
        read_lines(path), caller, keep_owners=request.keep_owners
    )
    return ImportResult(stats.imported, stats.skipped, stats.skipped_private)
