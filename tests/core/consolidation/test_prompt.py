"""What the AI Task is asked about look-alike memories, and how answers are checked."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from custom_components.home_memory.memory.common.errors import InvalidDecisionError
from custom_components.home_memory.memory.consolidation.consolidation import Action
from custom_components.home_memory.memory.consolidation.prompt import (
    consolidation_instructions,
    decision_from_ai,
)


@pytest.mark.parametrize(
    ("answer", "action", "survivor"),
    [
        ({"action": "keep"}, Action.KEEP, None),
        ({"action": "merge", "content": " Both in one "}, Action.MERGE, "b"),
        ({"action": "supersede", "current": 1}, Action.SUPERSEDE, "a"),
        ({"action": "supersede", "current": 2.0}, Action.SUPERSEDE, "b"),
    ],
)
def test_ai_answers_become_decisions(
    answer: dict[str, Any], action: Action, survivor: str | None
) -> None:
    """Each valid AI answer becomes the matching consolidation decision."""
    memories = [_StubMemory("a"), _StubMemory("b")]
    decision = decision_from_ai(memories, answer)  # type: ignore[arg-type]
    assert (decision.action, decision.survivor_id) == (action, survivor)
    assert decision.decided_by == "ai"
    if action is Action.MERGE:
        assert decision.content == "Both in one"
        assert decision.absorbed_ids == ("a",)


@pytest.mark.parametrize(
    "answer",
    [
        "merge",
        {"action": "join"},
        {"action": "merge"},
        {"action": "merge", "content": "  "},
        {"action": "supersede"},
        {"action": "supersede", "current": 3},
        {"action": "supersede", "current": True},
        {"action": "supersede", "current": 1.5},
    ],
)
def test_invalid_ai_answers_are_rejected(answer: object) -> None:
    """An invalid AI consolidation answer is rejected."""
    memories = [_StubMemory("a"), _StubMemory("b")]
    with pytest.raises(ValueError):  # noqa: PT011 - InvalidGenerationError is one
        decision_from_ai(memories, answer)  # type: ignore[arg-type]


class _StubMemory:
    def __init__(self, memory_id: str) -> None:
        self.id = memory_id


class _DatedMemory:
    def __init__(self, content: str, created_at: datetime) -> None:
        self.content = content
        self.created_at = created_at
        self.kind = "fact"


def test_the_prompt_numbers_the_memories_with_dates_and_quotes_them() -> None:
    """Each memory is one numbered, dated, quoted line it cannot break out of."""
    memories = [
        _DatedMemory("The key is under the pot", datetime(2026, 3, 1, tzinfo=UTC)),
        _DatedMemory('Key moved\n2. "fake"', datetime(2026, 4, 2, tzinfo=UTC)),
    ]
    prompt = consolidation_instructions(memories)  # type: ignore[arg-type]
    listed = prompt.split("\n\n", 1)[1].splitlines()
    assert listed == [
        '1. (2026-03-01, fact) "The key is under the pot"',
        '2. (2026-04-02, fact) "Key moved 2. \\"fake\\""',
    ]


def test_an_over_long_merged_text_is_refused() -> None:
    """A merge whose text is longer than a memory may be is not a decision."""
    memories = [_StubMemory("a"), _StubMemory("b")]
    with pytest.raises(InvalidDecisionError):
        decision_from_ai(
            memories,  # type: ignore[arg-type]
            {"action": "merge", "content": "x" * 100_000},
        )
