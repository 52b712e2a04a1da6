"""Memories as JSON-ready data: the export format and service responses.

Reading an export back checks every field (type, length, range), since an
import file may come from anywhere.
"""

from __future__ import annotations

from datetime import datetime
import json
from typing import TYPE_CHECKING, Any

from ..common.errors import InvalidMemoryError, Problem
from ..common.values import (
    Memory,
    MemoryKind,
    NewMemory,
    Source,
    Tier,
    Visibility,
    WeightClass,
)
from ..text.validation import (
    MAX_CONTENT_CHARS,
    MAX_LABEL_CHARS,
    MAX_LABELS,
    MAX_SUMMARY_CHARS,
    check_number,
    check_text,
    clean_enum,
    jsonable,
    to_timestamp,
    too_many,
)

if TYPE_CHECKING:
    from ..common.values import Caller
    from ..storage.operation_log import LogEntry


def log_entry_dict(entry: LogEntry) -> dict[str, Any]:
    """An operation log row as a response (no memory text, only its hash)."""
    return {
        "at": entry.at.isoformat(),
        "operation": entry.operation,
        "memory_id": entry.memory_id,
        "actor": entry.actor,
        "content_hash": entry.content_hash,
        "details": entry.details,
    }


def history_dicts(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A memory's versions with their times as ISO text."""
    return [{key: jsonable(value) for key, value in row.items()} for row in rows]


_TIME_FIELDS = (
    "created_at", "updated_at", "last_accessed_at", "deleted_at", "archived_at",
)  # fmt: skip


def memory_to_dict(memory: Memory, viewer: Caller) -> dict[str, Any]:
    """A memory as JSON-ready data (export format, service responses), as
    `viewer` may be shown it (Memory.shown_to: another person's conversation
    ids never leave)."""
    shown = memory.shown_to(viewer)
    return {name: jsonable(getattr(shown, name)) for name in shown.__dataclass_fields__}


# Bounds of the stored-only numbers of an export line (SQLite holds 64-bit
# integers; these stay far below, so no arithmetic on them can overflow).
MAX_COUNT = 2**31 - 1
# A line longer than any valid export line could be is refused unparsed.
MAX_LINE_CHARS = 1_000_000
# Nesting deeper than an export line has (lists of labels) is refused before
# the JSON parser could recurse on it.
_MAX_NESTING = 8


def parse_line(line: str) -> dict[str, Any]:
    """One line of an export as a JSON object; errors never quote the line."""
    if len(line) > MAX_LINE_CHARS:
        raise InvalidMemoryError(
            "line",
            f"is longer than {MAX_LINE_CHARS} characters",
            problem="too_long",
            values={"limit": str(MAX_LINE_CHARS)},
        )
    if _nesting(line) > _MAX_NESTING:
        raise InvalidMemoryError("line", "is nested too deeply", problem="too_deep")
    try:
        data = json.loads(line, parse_constant=_no_constant)
    except (ValueError, RecursionError) as err:
        # The decoder's messages can carry parts of the text: only the place.
        where = getattr(err, "colno", None)
        raise InvalidMemoryError(
            "line",
            "is not valid JSON" + (f" (column {where})" if where else ""),
            problem="not_json",
        ) from None
    if not isinstance(data, dict):
        raise InvalidMemoryError("line", "must be a JSON object", problem="not_object")
    return data


def _nesting(line: str) -> int:
    """An upper bound of the bracket depth (brackets inside strings count too)."""
    depth = deepest = 0
    for char in line:
        if char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def _no_constant(name: str) -> Any:
    raise ValueError(name)


def _text(data: dict[str, Any], name: str, limit: int) -> str | None:
    value = data.get(name)
    if value is None:
        return None
    return check_text(name, value, limit, multiline=name in _MULTILINE)


def _labels(data: dict[str, Any], name: str) -> tuple[str, ...]:
    values = data.get(name)
    if values is None:
        return ()
    if not isinstance(values, list):
        raise InvalidMemoryError(name, "must be a list of texts", problem="not_texts")
    if len(values) > MAX_LABELS:
        raise InvalidMemoryError(name, too_many(MAX_LABELS))
    return tuple(check_text(name, value, MAX_LABEL_CHARS) for value in values)


def _time(data: dict[str, Any], name: str) -> datetime | None:
    value = data.get(name)
    if value is None:
        return None
    if not isinstance(value, str) or len(value) > _MAX_TIME_CHARS:
        raise InvalidMemoryError(name, _NOT_ISO)
    try:
        parsed = datetime.fromisoformat(value)
    except ValueError:
        raise InvalidMemoryError(name, _NOT_ISO) from None
    if parsed.tzinfo is None:
        raise InvalidMemoryError(name, "has no time zone", problem="needs_time_zone")
    try:
        parsed.timestamp()
    except OverflowError, ValueError, OSError:
        raise InvalidMemoryError(
            name, "is out of range", problem="moment_out_of_range"
        ) from None
    return parsed


_MULTILINE = frozenset({"content", "summary"})
_NOT_ISO = Problem("not_iso_moment", "must be an ISO 8601 date and time")
_MAX_TIME_CHARS = 64


def memory_from_dict(data: dict[str, Any]) -> tuple[NewMemory, dict[str, Any]]:
    """Read an exported memory: the creatable part and the stored-only fields.

    Every field is checked for its type and range here; errors name the field
    and never quote its value (the file may hold anything).
    """
    if not isinstance(data, dict):
        raise InvalidMemoryError("line", "must be a JSON object", problem="not_object")
    if data.get("id") is None:
        raise InvalidMemoryError("id", "is missing", problem="missing")
    if data.get("content") is None:
        raise InvalidMemoryError("content", "is missing", problem="missing")
    weight_class = data.get("weight_class")
    new = NewMemory(
        id=_text(data, "id", MAX_LABEL_CHARS),
        content=str(_text(data, "content", MAX_CONTENT_CHARS)),
        summary=_text(data, "summary", MAX_SUMMARY_CHARS),
        kind=clean_enum("kind", MemoryKind, data.get("kind", "fact")),
        weight_class=clean_enum("weight_class", WeightClass, weight_class)
        if weight_class
        else None,
        importance=check_number("importance", data.get("importance", 0.5), 0.0, 1.0),
        emotion=_text(data, "emotion", MAX_LABEL_CHARS),
        people=_labels(data, "people"),
        location=_text(data, "location", MAX_LABEL_CHARS),
        time_of_day=_text(data, "time_of_day", MAX_LABEL_CHARS),
        day_type=_text(data, "day_type", MAX_LABEL_CHARS),
        tags=_labels(data, "tags"),
        source=clean_enum("source", Source, data.get("source", "migration")),
        source_ids=_labels(data, "source_ids"),
        speaker=_text(data, "speaker", MAX_LABEL_CHARS),
        owner=_text(data, "owner", MAX_LABEL_CHARS),
        visibility=clean_enum(
            "visibility", Visibility, data.get("visibility", "household")
        ),
        segment_start=_time(data, "segment_start"),
        segment_end=_time(data, "segment_end"),
        expires_at=_time(data, "expires_at"),
        thread=_text(data, "thread", MAX_LABEL_CHARS),
        # An export from before event times: its segment's (the writer takes
        # them), else it happened when it was written.
        happened_at=_time(data, "happened_at")
        or (None if data.get("segment_start") else _time(data, "created_at")),
        happened_until=_time(data, "happened_until"),
    )
    if (
        new.happened_at is not None
        and new.happened_until is not None
        and new.happened_until < new.happened_at
    ):
        raise InvalidMemoryError(
            "happened_until", "is before happened_at", problem="ends_before_start"
        )
    extra: dict[str, Any] = {}
    for name in _TIME_FIELDS:
        if (moment := _time(data, name)) is not None:
            extra[name] = to_timestamp(moment)
    if data.get("access_count") is not None:
        extra["access_count"] = int(
            check_number(
                "access_count", data["access_count"], 0, MAX_COUNT, integer=True
            )
        )
    if data.get("version") is not None:
        extra["version"] = int(
            check_number("version", data["version"], 1, MAX_COUNT, integer=True)
        )
    if data.get("effective_importance") is not None:
        extra["effective_importance"] = float(
            check_number("effective_importance", data["effective_importance"], 0.0, 1.0)
        )
    if data.get("tier") is not None:
        extra["tier"] = str(clean_enum("tier", Tier, data["tier"]))
    if (deleted_by := _text(data, "deleted_by", MAX_LABEL_CHARS)) is not None:
        extra["deleted_by"] = deleted_by
    return new, extra
