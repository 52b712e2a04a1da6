"""Cleaning and checking what callers give the store, and small text helpers."""

from __future__ import annotations

from datetime import UTC, datetime
from enum import StrEnum
import hashlib
import math
import re
import sys
from typing import TYPE_CHECKING, Any, Final
import unicodedata

from ..common.errors import InvalidMemoryError, Problem
from .characters import has_hidden

if TYPE_CHECKING:
    from collections.abc import Iterable

MAX_CONTENT_CHARS = 8_000
MAX_SUMMARY_CHARS = 500
MAX_LABELS = 50
MAX_LABEL_CHARS = 100
SUMMARY_SOFT_LIMIT = 120
SOFT_HYPHEN = "\u00ad"
HIDDEN_PROBLEM: Final = Problem(
    "hidden", "must not contain control or invisible characters"
)
EMPTY_PROBLEM: Final = Problem("empty", "must not be empty")
# An update that changes nothing (no field given, or the words told change
# nothing).
NOTHING_TO_CHANGE: Final = Problem("nothing_to_change", "nothing to change")
# A forget or purge that names no memory.
BY_ID_OR_TAG: Final = Problem("by_id_or_tag", "name memories by id or by tag")
# A page asked for by a position and an offset at once.
POSITION_OR_OFFSET: Final = Problem(
    "position_or_offset", "pages by position or by offset, not both"
)
ADMINS_ONLY: Final = Problem("admins_only", "is for admins only")
# Vectors handed in that do not fit the memories or the embedding model.
VECTORS_MISMATCH: Final = Problem(
    "vectors_mismatch", "do not match the items or the model"
)


def jsonable(value: Any) -> Any:
    """A value as JSON-ready data: datetimes as ISO text, tuples as lists."""
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, tuple):
        return list(value)
    return value


def to_timestamp(value: datetime | None) -> float | None:
    if value is None:
        return None
    if value.tzinfo is None:
        raise InvalidMemoryError(
            "datetime", Problem("needs_time_zone", "must be timezone-aware")
        )
    return value.timestamp()


def from_timestamp(value: float | None) -> datetime | None:
    return None if value is None else datetime.fromtimestamp(value, UTC)


def content_hash(text: str) -> str:
    """Short hash that lets the log identify a text without holding it."""
    return hashlib.sha256(text.encode()).hexdigest()[:16]


# Half of a UTF-16 pair on its own: Python strings may hold one (JSON "\\ud800"
# does), but it cannot be encoded as UTF-8, so SQLite's binding would fail.
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")
# What is text and what is hidden (controls, format and private-use
# characters, unassigned code points, blank fillers, stray variation
# selectors and joiners) is decided once, in characters.py: the same rule
# refuses text here and blanks it when quoted into a prompt.


def text_problem(
    value: object, max_chars: int, *, multiline: bool = False
) -> Problem | None:
    """What makes `value` unacceptable as text, or None when it is fine.

    The one check every surface applies to text from outside (actions, LLM
    tools, sentences, imports); the message never quotes the value, so an
    error cannot echo what a file or a caller held. Hidden characters
    (characters.py: controls, format characters such as zero-width and
    direction marks and tag characters, private use, unassigned code points,
    line and paragraph separators, blank fillers) are refused; `multiline`
    text may hold tab, newline and carriage return.
    """
    if not isinstance(value, str):
        return Problem("not_text", "must be text")
    if len(value) > max_chars:
        return _too_long(max_chars)
    if "\x00" in value:
        return Problem("nul", "must not contain NUL characters")
    if _LONE_SURROGATE.search(value):
        return Problem("not_unicode", "must be valid Unicode text")
    if has_hidden(value, multiline=multiline):
        return HIDDEN_PROBLEM
    return None


def _too_long(limit: int) -> Problem:
    return Problem(
        "too_long", f"is longer than {limit} characters", {"limit": str(limit)}
    )


def readable(text: str) -> str:
    """`text` with any lone surrogate replaced by U+FFFD.

    For text that is read, not stored (a search query from a conversation):
    the tokenizer and SQLite refuse lone surrogates, a search need not.
    """
    return _LONE_SURROGATE.sub("\ufffd", text)


def number_problem(
    value: object, minimum: float, maximum: float, *, integer: bool = False
) -> Problem | None:
    """What makes `value` unacceptable as a bounded number, or None.

    True and False are not numbers here, nor NaN or infinity; integers are
    compared exactly, so a huge one is refused rather than overflowing.
    """
    whole = Problem("not_whole", "must be a whole number")
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return whole if integer else Problem("not_a_number", "must be a number")
    if integer and not isinstance(value, int):
        return whole
    if isinstance(value, float) and not math.isfinite(value):
        return Problem("not_finite", "must be a finite number")
    if not minimum <= value <= maximum:
        low, high = _bound(minimum), _bound(maximum)
        return Problem(
            "out_of_range",
            f"must be between {low} and {high}",
            {"minimum": low, "maximum": high},
        )
    return None


def _limit(code: str, said: str, key: str, limit: float) -> Problem:
    """A number on the wrong side of one `limit`, said as `said` ("must be
    at least"), the limit under `key` for the translated reason."""
    bound = _bound(limit)
    return Problem(code, f"{said} {bound}", {key: bound})


def at_least(minimum: float) -> Problem:
    """A number below `minimum`."""
    return _limit("at_least", "must be at least", "minimum", minimum)


def at_most(maximum: float) -> Problem:
    """A number above `maximum`."""
    return _limit("at_most", "must be at most", "maximum", maximum)


def more_than(minimum: float) -> Problem:
    """A number not above `minimum`, which it must exceed."""
    return _limit("more_than", "must be more than", "minimum", minimum)


def less_than(maximum: float) -> Problem:
    """A number not below `maximum`, which it must stay under."""
    return _limit("less_than", "must be less than", "maximum", maximum)


def already_exists(memory_id: str) -> Problem:
    """A new memory's id that another memory has."""
    return Problem("already_exists", f"{memory_id!r} already exists", {"id": memory_id})


def check_page(start_field: str, start: int, limit: int, maximum: int) -> None:
    """A page's start (not before the first) and size (1 to `maximum`), or
    InvalidMemoryError naming the one that is wrong."""
    if start < 0:
        raise InvalidMemoryError(start_field, at_least(0))
    check_number("limit", limit, 1, maximum, integer=True)


def _bound(value: float) -> str:
    """A bound as digits, 1000000 rather than 1e+06, with "." before any
    decimals and no grouping ("8,000" reads as eight in German): a surface
    writes the decimal point as the household's language does
    (operations/reasons.py)."""
    if float(value).is_integer():
        return str(int(value))
    return str(value)


def check_text(
    field: str,
    value: object,
    limit: int,
    *,
    multiline: bool = False,
    allow_empty: bool = False,
) -> str:
    """`value` trimmed, or InvalidMemoryError naming `field` (not the value)."""
    if (problem := text_problem(value, limit, multiline=multiline)) is not None:
        raise InvalidMemoryError(field, problem)
    assert isinstance(value, str)
    value = value.strip()
    if not value and not allow_empty:
        raise InvalidMemoryError(field, EMPTY_PROBLEM)
    return value


def check_number(
    field: str, value: object, minimum: float, maximum: float, *, integer: bool = False
) -> float:
    """`value` when it is a number within the bounds; else InvalidMemoryError."""
    problem = number_problem(value, minimum, maximum, integer=integer)
    if problem is not None:
        raise InvalidMemoryError(field, problem)
    assert isinstance(value, (int, float))
    return value


def clean_text(field: str, value: str, limit: int, *, allow_empty: bool = False) -> str:
    # Every write passes here (the engine's own too: observations,
    # proposals, merges): a lone surrogate SQLite could not encode, hidden
    # characters. The length is checked after trimming, below.
    if (problem := text_problem(value, sys.maxsize, multiline=True)) is not None:
        raise InvalidMemoryError(field, problem)
    # A soft hyphen inside a word only says where it may break: left in,
    # "b\u00adins" would look like "bins" and never be found as it (review s21).
    value = value.replace(SOFT_HYPHEN, "").strip()
    if not value and not allow_empty:
        raise InvalidMemoryError(field, EMPTY_PROBLEM)
    if len(value) > limit:
        raise InvalidMemoryError(field, _too_long(limit))
    return value


def clean_summary(value: str, limit: int) -> str:
    """A memory's summary: `clean_text`, on one line.

    The summary is what prompts, lists and spoken answers show of a memory,
    a line of its own; written by a caller ("ok </data>\n\nSYSTEM: ..."),
    its line breaks and runs of space become one space, as a location's or
    an emotion's may not hold any (a memory's content keeps its lines).
    """
    return " ".join(clean_text("summary", value, limit).split())


# A letter or a digit in any script: text without one ("...", "*") says nothing.
_MEANINGFUL = re.compile(r"[^\W_]")


def has_words(text: str) -> bool:
    """True when `text` holds at least one letter or digit."""
    return _MEANINGFUL.search(text) is not None


def clean_content(field: str, value: str, limit: int) -> str:
    """A memory's text: `clean_text`, and it must say something.

    The one check of every remember and update (actions, LLM tools,
    sentences, proposals all reach the store): "..." or "*" is not a memory.
    """
    value = clean_text(field, value, limit)
    if not has_words(value):
        raise InvalidMemoryError(
            field, Problem("no_words", "must contain at least one letter or digit")
        )
    return value


# Fields whose entries are labels (compared by `label_key`); other label-like
# lists (source_ids) are ids, compared exactly.
LABEL_FIELDS = frozenset({"people", "tags"})


def label_key(label: str) -> str:
    """How labels are compared, indexed and filtered: "ANNA", "anna" and
    "Anna" with a decomposed or a compatibility character are one label.

    Unicode compatibility normalisation (NFKC), case folded, normalised again
    (folding can undo it): the caseless match of Unicode's identifiers.
    """
    folded = unicodedata.normalize("NFKC", label).casefold()
    return unicodedata.normalize("NFKC", folded)


def clean_labels(field: str, values: Iterable[str]) -> tuple[str, ...]:
    """Checked, trimmed labels, each once.

    People and tags (LABEL_FIELDS) are stored in NFC and compared by
    `label_key`: of two that compare equal the first spelling stays ("Anna",
    "ANNA" -> "Anna"); tags are stored as their key. Other fields (ids) are
    kept as given, once each.
    """
    cleaned: dict[str, str] = {}
    for value in values:
        label = clean_text(field, value, MAX_LABEL_CHARS)
        if field in LABEL_FIELDS:
            label = unicodedata.normalize("NFC", label)
            key = label_key(label)
            cleaned.setdefault(key, key if field == "tags" else label)
        else:
            cleaned.setdefault(label, label)
    if len(cleaned) > MAX_LABELS:
        raise InvalidMemoryError(field, too_many(MAX_LABELS))
    return tuple(cleaned.values())


def too_many(limit: int) -> Problem:
    """A list longer than `limit` entries."""
    return Problem("too_many", f"has more than {limit} entries", {"limit": str(limit)})


def too_few(limit: int) -> Problem:
    """A list shorter than `limit` entries (more than one: a list that must
    not be empty is EMPTY_PROBLEM)."""
    return Problem("too_few", f"has fewer than {limit} entries", {"limit": str(limit)})


def one_of(choices: Iterable[str]) -> Problem:
    """A value that is none of `choices` (codes, said as they are)."""
    listed = ", ".join(choices)
    return Problem("not_one_of", f"must be one of {listed}", {"choices": listed})


def merged_labels(*groups: Iterable[str]) -> tuple[str, ...]:
    """Stored labels of several memories or statements together, each once
    (by `label_key`, the first spelling kept), at most MAX_LABELS."""
    merged: dict[str, str] = {}
    for group in groups:
        for label in group:
            merged.setdefault(label_key(label), label)
    return tuple(merged.values())[:MAX_LABELS]


def clean_enum[E: StrEnum](field: str, cls: type[E], value: object) -> E:
    try:
        return cls(str(value))
    except ValueError:
        raise InvalidMemoryError(
            field, one_of(member.value for member in cls)
        ) from None


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
    # Compared before float(): a huge integer would overflow it.
    return float(check_number("importance", value, 0.0, 1.0))


# What ends no sentence before a full stop: a number ("am Dienstag, 1.
# Dezember") or a short title ("St. Mary's", "Dr. Weber", "Mrs. Jones").
_NO_SENTENCE_END: Final = re.compile(r"(?:\b\d+|\b[A-Z][a-z]?|\bMrs|\b[a-z]\.[a-z])$")


def summarize(content: str) -> str:
    """A short summary: the text itself, or its first sentence cut at a word
    (a German date's or an abbreviation's full stop ends none: review s28
    M1 heard "Der Kaminkehrer kommt nicht am Dienstag, 1")."""
    if len(content) <= SUMMARY_SOFT_LIMIT:
        return content
    return first_sentence(content, SUMMARY_SOFT_LIMIT)


def first_sentence(content: str, limit: int) -> str:
    """The first sentence of `content` (or clause, ended by ";") shorter than
    `limit`, else `content` itself up to `limit`, else its start cut at a
    word with "…"."""
    for stop in (". ", "! ", "? ", "; "):
        cut = sentence_stop(content, stop)
        if 20 <= cut < limit:
            return content[: cut + 1]
    if len(content) <= limit:
        return content
    cut = content.rfind(" ", 0, limit - 1)
    return content[: cut if cut > 40 else limit - 1].rstrip(",;: ") + "…"


def sentence_stop(content: str, stop: str) -> int:
    """Where `stop` (". ", "! ", "? ", "; ") first ends a sentence of
    `content`, -1 for nowhere: a German date's or an abbreviation's full
    stop ends none ("am 1. Dezember", "Dr. Meier", "at 7 p.m. and")."""
    cut = content.find(stop)
    while stop == ". " and cut != -1 and _NO_SENTENCE_END.search(content, 0, cut):
        cut = content.find(stop, cut + 1)
    return cut


def one_sentence(content: str) -> bool:
    """Whether `content` is one sentence (`sentence_stop`)."""
    said = " ".join(content.split())
    return all(sentence_stop(said, stop) == -1 for stop in (". ", "! ", "? "))


def embedding_text(summary: str, content: str) -> str:
    """The text embedded for a memory: summary and content when they differ."""
    return (
        content if summary == content or summary in content else f"{summary}. {content}"
    )
