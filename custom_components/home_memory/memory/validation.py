"""Cleaning and checking what callers give the store, and small text helpers."""

from __future__ import annotations

from datetime import UTC, datetime
from enum import StrEnum
import hashlib
import math
import re
from typing import TYPE_CHECKING

from .errors import InvalidMemoryError

if TYPE_CHECKING:
    from collections.abc import Iterable

MAX_CONTENT_CHARS = 8_000
MAX_SUMMARY_CHARS = 500
MAX_LABELS = 50
MAX_LABEL_CHARS = 100
SUMMARY_SOFT_LIMIT = 120


def to_timestamp(value: datetime | None) -> float | None:
    if value is None:
        return None
    if value.tzinfo is None:
        raise InvalidMemoryError("datetime", "must be timezone-aware")
    return value.timestamp()


def from_timestamp(value: float | None) -> datetime | None:
    return None if value is None else datetime.fromtimestamp(value, UTC)


def content_hash(text: str) -> str:
    """Short hash that lets the log identify a text without holding it."""
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def clean_text(field: str, value: str, limit: int, *, allow_empty: bool = False) -> str:
    if not isinstance(value, str):
        raise InvalidMemoryError(field, "must be text")
    if "\x00" in value:
        raise InvalidMemoryError(field, "must not contain NUL characters")
    value = value.strip()
    if not value and not allow_empty:
        raise InvalidMemoryError(field, "must not be empty")
    if len(value) > limit:
        raise InvalidMemoryError(field, f"is longer than {limit} characters")
    return value


def clean_labels(field: str, values: Iterable[str]) -> tuple[str, ...]:
    cleaned: dict[str, None] = {}
    for value in values:
        label = clean_text(field, value, MAX_LABEL_CHARS)
        cleaned[label.casefold() if field == "tags" else label] = None
    if len(cleaned) > MAX_LABELS:
        raise InvalidMemoryError(field, f"has more than {MAX_LABELS} entries")
    return tuple(cleaned)


def clean_enum[E: StrEnum](field: str, cls: type[E], value: object) -> E:
    try:
        return cls(str(value))
    except ValueError:
        choices = ", ".join(member.value for member in cls)
        raise InvalidMemoryError(field, f"must be one of {choices}") from None


_SPECIFIC = re.compile(r"\w*\d\w*")


def same_specifics(first: str, second: str) -> bool:
    """True when both texts carry the same numbers and codes.

    "The door code is 1234" and "... is 5678" embed almost alike, but they
    are different facts; only texts that agree on these may be folded.
    """
    return set(_SPECIFIC.findall(first.casefold())) == set(
        _SPECIFIC.findall(second.casefold())
    )


def clean_optional(field: str, value: str | None) -> str | None:
    if value is None:
        return None
    return clean_text(field, value, MAX_LABEL_CHARS, allow_empty=True) or None


def clean_importance(value: float) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise InvalidMemoryError("importance", "must be a number")
    if not 0.0 <= float(value) <= 1.0 or math.isnan(value):
        raise InvalidMemoryError("importance", "must be between 0 and 1")
    return float(value)


def summarize(content: str) -> str:
    """A short summary: the text itself, or its first sentence cut at a word."""
    if len(content) <= SUMMARY_SOFT_LIMIT:
        return content
    for stop in (". ", "! ", "? ", "; "):
        cut = content.find(stop)
        if 20 <= cut < SUMMARY_SOFT_LIMIT:
            return content[: cut + 1]
    cut = content.rfind(" ", 0, SUMMARY_SOFT_LIMIT - 1)
    return content[: cut if cut > 40 else SUMMARY_SOFT_LIMIT - 1].rstrip(",;: ") + "…"


def embedding_text(summary: str, content: str) -> str:
    """The text embedded for a memory: summary and content when they differ."""
    return (
        content if summary == content or summary in content else f"{summary}. {content}"
    )
