"""Reading the database of the `ai_memory` integration (Riscue/ha-ai-memory).

Each row becomes an export-format record with an id derived from its own, so
the store's import checks it and a second import is a no-op; "private" rows
become the importing user's, or are skipped without one.

In more words: docs/operations.md, "`operations/ai_memory_import.py`".
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, tzinfo
import hashlib
import sqlite3
from typing import TYPE_CHECKING, Any

from ..memory.common.values import MemoryKind, Source, Visibility
from ..memory.store import MAX_CONTENT_CHARS, MAX_LABEL_CHARS, MAX_SUMMARY_CHARS
from ..memory.text.validation import text_problem
from ..memory.transfer.serialization import MAX_COUNT
from .errors import NotAiMemoryDatabaseError

if TYPE_CHECKING:
    from pathlib import Path

ID_PREFIX = "ai_memory-"
TAG = "ai_memory"
_REQUIRED_COLUMNS = frozenset({"id", "content"})
_READ_COLUMNS = _REQUIRED_COLUMNS | {
    "scope", "summary", "wing", "room", "created_at", "updated_at", "accessed_at",
    "access_count",
}  # fmt: skip
# ai_memory's default wing and room carry no information.
_UNINFORMATIVE = frozenset({"", "general"})


@dataclass(slots=True)
class AiMemoryRecords:
    """Rows read from ai_memory, as export-format records, and what was left out."""

    records: list[dict[str, Any]] = field(default_factory=list)
    skipped_private: int = 0
    skipped_invalid: int = 0


def memory_id_for(ai_memory_id: object) -> str:
    """A stable id for an ai_memory row (its ids may be any text)."""
    # surrogatepass: text read with surrogateescape (see read_ai_memory).
    raw = str(ai_memory_id).encode("utf-8", "surrogatepass")
    digest = hashlib.sha256(raw).hexdigest()[:20]
    return f"{ID_PREFIX}{digest}"


def read_ai_memory(path: Path, owner: str | None, local_tz: tzinfo) -> AiMemoryRecords:
    """Read every row of `path` (opened read-only) for import by `owner`."""
    try:
        conn = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True)
    except sqlite3.Error as err:
        raise NotAiMemoryDatabaseError(_reason(err)) from err
    result = AiMemoryRecords()
    try:
        conn.row_factory = sqlite3.Row
        # Text that is not UTF-8 is read anyway (as lone surrogates) and then
        # refused row by row; the driver's own error would quote the text.
        conn.text_factory = lambda raw: raw.decode("utf-8", "surrogateescape")
        columns = {row["name"] for row in conn.execute("PRAGMA table_info(memories)")}
        if not columns >= _REQUIRED_COLUMNS:
            raise NotAiMemoryDatabaseError("it has no ai_memory table")
        # Not the embedding column: ai_memory's vectors are of no use here.
        wanted = sorted(columns & _READ_COLUMNS)
        for row in conn.execute(f"SELECT {', '.join(wanted)} FROM memories"):
            _add_row(result, dict(row), owner, local_tz)
    except sqlite3.DatabaseError as err:
        raise NotAiMemoryDatabaseError(_reason(err)) from err
    finally:
        conn.close()
    return result


def _reason(err: sqlite3.Error) -> str:
    """SQLite's error name: its messages may quote what the file holds."""
    return getattr(err, "sqlite_errorname", None) or type(err).__name__


def _add_row(
    result: AiMemoryRecords,
    row: dict[str, Any],
    owner: str | None,
    local_tz: tzinfo,
) -> None:
    content = row.get("content")
    if not isinstance(content, str) or not _valid_text(content, MAX_CONTENT_CHARS):
        result.skipped_invalid += 1
        return
    private = row.get("scope") == "private"
    if private and owner is None:
        result.skipped_private += 1
        return
    record: dict[str, Any] = {
        "id": memory_id_for(row["id"]),
        "content": content.strip(),
        "kind": MemoryKind.FACT.value,
        "source": Source.MIGRATION.value,
        "owner": owner,
        "visibility": (Visibility.PRIVATE if private else Visibility.HOUSEHOLD).value,
        "tags": [TAG, *_labels(row.get("wing"), row.get("room"))],
    }
    if _valid_text(summary := row.get("summary"), MAX_SUMMARY_CHARS):
        record["summary"] = str(summary).strip()
    source_id = f"{TAG}:{row['id']}"
    if text_problem(source_id, MAX_LABEL_CHARS) is None:
        record["source_ids"] = [source_id]
    for ours, theirs in (
        ("created_at", "created_at"),
        ("updated_at", "updated_at"),
        ("last_accessed_at", "accessed_at"),
    ):
        if (moment := _time(row.get(theirs), local_tz)) is not None:
            record[ours] = moment
    count = row.get("access_count")
    if isinstance(count, int) and 0 <= count <= MAX_COUNT:
        record["access_count"] = count
    result.records.append(record)


def _valid_text(value: object, limit: int, *, multiline: bool = True) -> bool:
    # The check every surface applies; the store would refuse the rest.
    return (
        isinstance(value, str)
        and text_problem(value, limit, multiline=multiline) is None
        and bool(value.strip())
    )


def _labels(*values: object) -> list[str]:
    return [
        value.strip()
        for value in values
        if _valid_text(value, MAX_LABEL_CHARS, multiline=False)
        and isinstance(value, str)
        and value.strip().casefold() not in _UNINFORMATIVE
    ]


def _time(value: object, local_tz: tzinfo) -> str | None:
    """ai_memory writes datetime.now().isoformat(): local time, no zone."""
    if not isinstance(value, str) or len(value) > 64:
        return None
    try:
        moment = datetime.fromisoformat(value)
        if moment.tzinfo is None:
            moment = moment.replace(tzinfo=local_tz)
        moment.timestamp()
    except ValueError, OverflowError, OSError:
        return None
    return moment.isoformat()
