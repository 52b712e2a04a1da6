"""Memories as JSON-ready data, and export lines read back with every field checked."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import pytest

from custom_components.home_memory.memory.common.errors import InvalidMemoryError
from custom_components.home_memory.memory.common.values import (
    SYSTEM,
    Caller,
    Source,
    Tier,
)
from custom_components.home_memory.memory.text.validation import MAX_CONTENT_CHARS
from custom_components.home_memory.memory.transfer.serialization import (
    memory_from_dict,
    memory_to_dict,
    parse_line,
)

from ..conftest import HOUSE, new_memory

if TYPE_CHECKING:
    from custom_components.home_memory.memory.store import MemoryStore

SECRET = "the-secret-value"


def test_a_memory_round_trips_through_its_dict(store: MemoryStore) -> None:
    """What memory_to_dict writes, memory_from_dict reads back as the same memory."""
    memory = store.create(
        new_memory("The boiler is serviced in May", tags=("boiler",)), HOUSE
    ).memory
    data = json.loads(json.dumps(memory_to_dict(memory, SYSTEM)))
    new, extra = memory_from_dict(data)
    assert (new.id, new.content, new.tags) == (memory.id, memory.content, ("boiler",))
    assert extra["version"] == memory.version
    assert extra["tier"] == str(Tier.ACTIVE)


def test_another_persons_conversation_id_never_leaves(store: MemoryStore) -> None:
    """Only the speaker's own export names the conversation a memory was said in."""
    said = store.create(
        new_memory("The bins go out on Monday", source_ids=("conv-1",), speaker="ann"),
        HOUSE,
    ).memory
    assert memory_to_dict(said, Caller("ann"))["source_ids"] == ["conv-1"]
    assert memory_to_dict(said, Caller("ben"))["source_ids"] == ["conversation"]


@pytest.mark.parametrize(
    "line",
    [
        f'{{"id": "m1", "content": "{SECRET}", "importance": NaN}}',
        f'{{"id": "m1", "content": "{SECRET}", "importance": -Infinity}}',
        f'{{"id": "m1", "tags": {"[" * 20}"{SECRET}"{"]" * 20}}}',
        f'{{"id": "{SECRET}", ',
        f'["{SECRET}"]',
        '{"id": "' + "x" * 1_000_001 + '"}',
    ],
)
def test_bad_lines_are_refused_without_quoting_them(line: str) -> None:
    """Constants, deep nesting, broken JSON, non-objects and huge lines are refused."""
    with pytest.raises(InvalidMemoryError) as err:
        parse_line(line)
    assert err.value.field == "line"
    assert SECRET not in str(err.value)


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"content": "x"}, "id"),
        ({"id": "m1"}, "content"),
        ({"id": "m1", "content": "x" * (MAX_CONTENT_CHARS + 1)}, "content"),
        ({"id": "m1", "content": "x", "importance": 1.5}, "importance"),
        ({"id": "m1", "content": "x", "kind": SECRET}, "kind"),
        ({"id": "m1", "content": "x", "version": 0}, "version"),
        ({"id": "m1", "content": "x", "access_count": -1}, "access_count"),
        ({"id": "m1", "content": "x", "created_at": SECRET}, "created_at"),
    ],
)
def test_each_field_is_checked_and_named(data: dict[str, Any], field: str) -> None:
    """An out-of-range or malformed field names itself, never its value."""
    with pytest.raises(InvalidMemoryError) as err:
        memory_from_dict(data)
    assert err.value.field == field
    assert SECRET not in str(err.value)


def test_missing_fields_take_an_import_s_defaults() -> None:
    """A bare line is a household fact imported by migration."""
    new, extra = memory_from_dict({"id": "m1", "content": "The key is blue"})
    assert (new.source, new.importance, extra) == (Source.MIGRATION, 0.5, {})
