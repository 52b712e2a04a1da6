"""operations/schemas.py: lists in action and tool arguments are bounded before their
items are checked.

A read-only user (or an LLM) sending a list of millions of items must be
refused at once: checking every element first would stall the event loop.
"""

from __future__ import annotations

from typing import Any

import probatio
import pytest

from custom_components.home_memory.assist import arguments
from custom_components.home_memory.operations import schemas


class _UncheckableList(list[Any]):
    """A long list whose items must never be looked at."""

    def __iter__(self) -> Any:
        raise AssertionError("items were checked before the length")

    def __getitem__(self, index: Any) -> Any:
        raise AssertionError("items were checked before the length")


@pytest.mark.parametrize(
    "validator",
    [
        schemas.LABELS,
        schemas.MEMORY_IDS,
        schemas.KINDS,
        schemas.WEIGHT_CLASSES,
        arguments.TAGS,
    ],
    ids=["labels", "memory_ids", "kinds", "weight_classes", "tool_tags"],
)
def test_an_overlong_list_is_refused_before_its_items(validator: Any) -> None:
    """A list longer than the limit is refused without validating each item."""
    hostile = _UncheckableList(["tag"] * 100_000)
    with pytest.raises(probatio.Invalid):
        validator(hostile)


def test_a_normal_list_still_validates_its_items() -> None:
    """Within the limit, each item is still checked."""
    assert schemas.LABELS(["a", "b"]) == ["a", "b"]
    with pytest.raises(probatio.Invalid):
        schemas.LABELS(["ok", "a\ud800b"])
    with pytest.raises(probatio.Invalid):
        arguments.TAGS(["ok", "a\ud800b"])
