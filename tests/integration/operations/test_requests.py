"""operations/requests.py: every surface's fields become the same requests."""

from __future__ import annotations

from custom_components.home_memory.memory.common.values import (
    MemoryFilter,
    MemoryKind,
    MemoryPatch,
    Tier,
    Visibility,
    WeightClass,
)
from custom_components.home_memory.operations import requests
from custom_components.home_memory.operations.memories import SelectRequest
from custom_components.home_memory.operations.schemas import WS_CLEARABLE


def test_the_actions_classes_and_the_websockets_weight_classes_are_one_filter() -> None:
    """Both public names choose the same weight classes."""
    action = requests.memory_filter({"classes": ["routine"], "kinds": ["fact"]})
    websocket = requests.memory_filter(
        {"weight_classes": ["routine"], "kinds": ["fact"]}
    )
    assert (
        action
        == websocket
        == MemoryFilter(kinds=(MemoryKind.FACT,), classes=(WeightClass.ROUTINE,))
    )


def test_a_tier_other_than_active_includes_expired_memories() -> None:
    """The deleted and archived tiers hold expired memories too."""
    assert requests.memory_filter({"tier": "active"}) == MemoryFilter()
    deleted = requests.memory_filter({"tier": "deleted"})
    assert deleted.tiers == (Tier.DELETED,)
    assert deleted.include_expired


def test_an_empty_text_clears_only_where_the_surface_allows_it() -> None:
    """The browser's edit form clears with ""; an action's "" is no change."""
    assert requests.memory_patch({"location": ""}) == MemoryPatch()
    cleared = requests.memory_patch({"location": ""}, clearable=WS_CLEARABLE)
    assert cleared.cleared == frozenset({"location"})


def test_missing_remember_fields_keep_the_requests_defaults() -> None:
    """Only the content is needed; enum values and enums both read."""
    request = requests.remember_request(
        {"content": "x", "visibility": Visibility.PRIVATE}, spoken=True
    )
    assert request.kind is MemoryKind.FACT
    assert request.importance == 0.5
    assert request.visibility is Visibility.PRIVATE
    assert request.spoken


def test_a_selection_reads_the_websockets_memory_ids_as_ids() -> None:
    """forget/purge: `memory_ids` (websocket) and `ids` (actions) are one."""
    assert requests.selection(
        {"memory_ids": ["a"], "expected_versions": {"a": 2}, "tier": "deleted"}
    ) == SelectRequest(ids=("a",), versions={"a": 2}, tier=Tier.DELETED)
    assert requests.selection({"ids": ["a"], "tags": ["t"]}) == SelectRequest(
        ids=("a",), tags=("t",)
    )
