"""Requests from every surface's validated input, in one field vocabulary.

Actions, the websocket API, LLM tools and sentences each validate their own
input (operations/schemas.py, assist/arguments.py) and hand the fields here:
this is the one place that turns them into the operations' patches, filters
and selections. Where a surface's public name differs from the vocabulary
(the actions' `classes` is the websocket API's `weight_classes`), the
mapping is `ALIASES`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

import probatio

from ..memory.common.errors import Problem
from ..memory.common.values import (
    MemoryFilter,
    MemoryKind,
    MemoryPatch,
    Origin,
    Tier,
    Visibility,
    WeightClass,
)
from .errors import InvalidRequestError, refused
from .memories import RememberRequest, SelectRequest, UpdateRequest
from .schemas import (
    ATTR_CLASSES,
    ATTR_CLEAR_EXPIRY,
    ATTR_CONFIRM,
    ATTR_CONTENT,
    ATTR_CREATED_AFTER,
    ATTR_CREATED_BEFORE,
    ATTR_EMOTION,
    ATTR_EXPECTED_VERSION,
    ATTR_EXPECTED_VERSIONS,
    ATTR_EXPIRES_AT,
    ATTR_HAPPENED_AFTER,
    ATTR_HAPPENED_AT,
    ATTR_HAPPENED_BEFORE,
    ATTR_IDS,
    ATTR_IMPORTANCE,
    ATTR_KIND,
    ATTR_KINDS,
    ATTR_LOCATION,
    ATTR_MEMORY_IDS,
    ATTR_MIN_IMPORTANCE,
    ATTR_ORIGINS,
    ATTR_PEOPLE,
    ATTR_SUMMARY,
    ATTR_TAGS,
    ATTR_TIER,
    ATTR_VISIBILITY,
    ATTR_WEIGHT_CLASS,
    ATTR_WEIGHT_CLASSES,
    MOMENT_OR_WORDS,
)

if TYPE_CHECKING:
    from collections.abc import Collection, Mapping
    from datetime import datetime

# A surface's public name -> the vocabulary's name (both stay public API).
ALIASES: Final[Mapping[str, str]] = {
    ATTR_CLASSES: ATTR_WEIGHT_CLASSES,
    ATTR_MEMORY_IDS: ATTR_IDS,
}


def _fields(data: Mapping[str, Any]) -> dict[str, Any]:
    fields = {ALIASES.get(name, name): value for name, value in data.items()}
    if fields.get(ATTR_HAPPENED_AT) is not None:
        fields[ATTR_HAPPENED_AT] = _happened_at(fields[ATTR_HAPPENED_AT])
    return fields


def _happened_at(value: Any) -> datetime | str:
    """When what a memory tells happened, read alike from every surface: an
    ISO date and time (in the offset given), else a date or time words the
    operation reads (operations/when.py). An LLM tool's "2026-11-20T18:00"
    is the action's moment, not words no reader knows."""
    try:
        moment: datetime | str = MOMENT_OR_WORDS(value)
    except probatio.Invalid:
        raise InvalidRequestError("not_a_time") from None
    return moment


def remember_request(
    data: Mapping[str, Any],
    *,
    spoken: bool = False,
    conversation_id: str | None = None,
    language: str | None = None,
) -> RememberRequest:
    """What to remember; a missing field keeps RememberRequest's default.

    `spoken`: said in a conversation (LLM tool, sentence), whose id is
    `conversation_id` and whose language is `language` (None: not known).
    """
    fields = _fields(data)
    given: dict[str, Any] = {
        name: fields[name]
        for name in (
            ATTR_SUMMARY,
            ATTR_IMPORTANCE,
            ATTR_LOCATION,
            ATTR_EMOTION,
            ATTR_EXPIRES_AT,
            ATTR_HAPPENED_AT,
        )
        if name in fields
    }
    if ATTR_KIND in fields:
        given["kind"] = MemoryKind(fields[ATTR_KIND])
    if ATTR_VISIBILITY in fields:
        given["visibility"] = Visibility(fields[ATTR_VISIBILITY])
    for name in (ATTR_PEOPLE, ATTR_TAGS):
        if name in fields:
            given[name] = tuple(fields[name])
    return RememberRequest(
        content=fields[ATTR_CONTENT],
        weight_class=WeightClass(fields[ATTR_WEIGHT_CLASS])
        if ATTR_WEIGHT_CLASS in fields
        else None,
        spoken=spoken,
        conversation_id=conversation_id,
        language=language,
        **given,
    )


def memory_patch(
    data: Mapping[str, Any], *, clearable: Collection[str] = ()
) -> MemoryPatch:
    """The fields an update (or an edited proposal) changes.

    A field in `clearable` given as "" is emptied (the browser's edit form);
    elsewhere an empty optional text is no change.
    """
    fields = _fields(data)
    return MemoryPatch(
        content=fields.get(ATTR_CONTENT),
        summary=fields.get(ATTR_SUMMARY),
        kind=MemoryKind(fields[ATTR_KIND]) if ATTR_KIND in fields else None,
        weight_class=WeightClass(fields[ATTR_WEIGHT_CLASS])
        if ATTR_WEIGHT_CLASS in fields
        else None,
        importance=fields.get(ATTR_IMPORTANCE),
        people=tuple(fields[ATTR_PEOPLE]) if ATTR_PEOPLE in fields else None,
        tags=tuple(fields[ATTR_TAGS]) if ATTR_TAGS in fields else None,
        location=fields.get(ATTR_LOCATION) or None,
        emotion=fields.get(ATTR_EMOTION) or None,
        visibility=Visibility(fields[ATTR_VISIBILITY])
        if ATTR_VISIBILITY in fields
        else None,
        expires_at=fields.get(ATTR_EXPIRES_AT),
        clear_expiry=fields.get(ATTR_CLEAR_EXPIRY, False),
        expected_version=fields.get(ATTR_EXPECTED_VERSION),
        cleared=frozenset(name for name in clearable if fields.get(name) == ""),
    )


def update_request(
    memory_id: str,
    data: Mapping[str, Any],
    *,
    clearable: Collection[str] = (),
    language: str | None = None,
) -> UpdateRequest:
    """An update: the fields it changes (`memory_patch`) and, if given, when
    what the memory tells happened (a moment or time words); its new text
    is read in `language` (the conversation's; None: the household's)."""
    return UpdateRequest(
        memory_id,
        memory_patch(data, clearable=clearable),
        happened_at=_fields(data).get(ATTR_HAPPENED_AT),
        language=language,
    )


# The windows a filter takes: (its start's field, its end's).
_WINDOWS: Final = (
    (ATTR_CREATED_AFTER, ATTR_CREATED_BEFORE),
    (ATTR_HAPPENED_AFTER, ATTR_HAPPENED_BEFORE),
)
_AFTER_THE_END: Final = Problem(
    "after_the_end",
    "is later than the end of the time window, so nothing can lie between them",
)


def memory_filter(data: Mapping[str, Any]) -> MemoryFilter:
    """The rows a list, search or export chooses; a missing field means any.

    `tier` names one tier; the deleted and archived tiers hold expired
    memories too, so there expired ones are included. A window whose start
    is later than its end is refused (`invalid_field` of its start), on
    every surface: it chose nothing, and said nothing of why (review s40
    #10).
    """
    fields = _fields(data)
    for after, before in _WINDOWS:
        start, end = fields.get(after), fields.get(before)
        if start is not None and end is not None and start > end:
            raise refused("invalid_field", after, _AFTER_THE_END)
    tier: dict[str, Any] = {}
    if ATTR_TIER in fields:
        tier = {
            "tiers": (Tier(fields[ATTR_TIER]),),
            "include_expired": fields[ATTR_TIER] != Tier.ACTIVE.value,
        }
    return MemoryFilter(
        kinds=tuple(MemoryKind(kind) for kind in fields.get(ATTR_KINDS, ())),
        classes=tuple(WeightClass(cls) for cls in fields.get(ATTR_WEIGHT_CLASSES, ())),
        tags=tuple(fields.get(ATTR_TAGS, ())),
        people=tuple(fields.get(ATTR_PEOPLE, ())),
        visibility=Visibility(fields[ATTR_VISIBILITY])
        if ATTR_VISIBILITY in fields
        else None,
        min_importance=fields.get(ATTR_MIN_IMPORTANCE),
        created_after=fields.get(ATTR_CREATED_AFTER),
        created_before=fields.get(ATTR_CREATED_BEFORE),
        happened_after=fields.get(ATTR_HAPPENED_AFTER),
        happened_before=fields.get(ATTR_HAPPENED_BEFORE),
        origins=tuple(Origin(origin) for origin in fields.get(ATTR_ORIGINS, ())),
        **tier,
    )


def selection(data: Mapping[str, Any]) -> SelectRequest:
    """Memories by id and/or tag (forget, purge), as the person was shown them."""
    fields = _fields(data)
    return SelectRequest(
        ids=tuple(fields.get(ATTR_IDS, ())),
        tags=tuple(fields.get(ATTR_TAGS, ())),
        versions=fields.get(ATTR_EXPECTED_VERSIONS),
        tier=Tier(fields[ATTR_TIER]) if ATTR_TIER in fields else None,
    )


def erase_confirmed(data: Mapping[str, Any]) -> bool:
    """Whether a request to erase set-aside memories was confirmed."""
    return data.get(ATTR_CONFIRM) is True
