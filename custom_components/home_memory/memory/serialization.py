"""Memories as JSON-ready data: the export format and service responses."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from .models import Memory, MemoryKind, NewMemory, Source, Tier, Visibility, WeightClass
from .validation import to_timestamp


def jsonable(value: Any) -> Any:
    """A value as JSON-ready data: datetimes as ISO text, tuples as lists."""
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, tuple):
        return list(value)
    return value


_TIME_FIELDS = (
    "created_at", "updated_at", "last_accessed_at", "deleted_at", "archived_at",
)  # fmt: skip


def memory_to_dict(memory: Memory) -> dict[str, Any]:
    """A memory as JSON-ready data (export format, service responses)."""
    return {
        name: jsonable(getattr(memory, name)) for name in memory.__dataclass_fields__
    }


def _parse_time(value: Any) -> datetime | None:
    if value is None:
        return None
    parsed = datetime.fromisoformat(value)
    if parsed.tzinfo is None:
        raise ValueError(f"{value!r} has no time zone")
    return parsed


def memory_from_dict(data: dict[str, Any]) -> tuple[NewMemory, dict[str, Any]]:
    """Read an exported memory: the creatable part and the stored-only fields."""
    if not isinstance(data, dict):
        raise TypeError("each line must be a JSON object")
    new = NewMemory(
        id=data["id"],
        content=data["content"],
        summary=data.get("summary"),
        kind=MemoryKind(data.get("kind", "fact")),
        weight_class=WeightClass(data["weight_class"])
        if data.get("weight_class")
        else None,
        importance=data.get("importance", 0.5),
        emotion=data.get("emotion"),
        people=tuple(data.get("people", ())),
        location=data.get("location"),
        time_of_day=data.get("time_of_day"),
        day_type=data.get("day_type"),
        tags=tuple(data.get("tags", ())),
        source=Source(data.get("source", "migration")),
        source_ids=tuple(data.get("source_ids", ())),
        speaker=data.get("speaker"),
        owner=data.get("owner"),
        visibility=Visibility(data.get("visibility", "household")),
        segment_start=_parse_time(data.get("segment_start")),
        segment_end=_parse_time(data.get("segment_end")),
        expires_at=_parse_time(data.get("expires_at")),
        thread=data.get("thread"),
    )
    extra: dict[str, Any] = {}
    for name in _TIME_FIELDS:
        if data.get(name) is not None:
            extra[name] = to_timestamp(_parse_time(data[name]))
    if "access_count" in data:
        count = data["access_count"]
        if not isinstance(count, int) or isinstance(count, bool) or count < 0:
            raise ValueError("access_count must be a non-negative integer")
        extra["access_count"] = count
    for name in ("tier", "deleted_by", "effective_importance", "version"):
        if data.get(name) is not None:
            extra[name] = data[name]
    if "tier" in extra:
        extra["tier"] = str(Tier(extra["tier"]))
    return new, extra
