"""What the AI Task is asked about look-alike memories, and how its answer is checked.

The nightly maintenance (background/maintenance.py) puts the best few
consolidation candidates to the AI Task: the prompt is built here and the
answer becomes a `Decision` here, or is refused. Nothing the AI Task says is
trusted: an unknown action, a missing or over-long merged text, or a number
that is not on the list raises `InvalidDecisionError` (a ValueError, which the
AI Task glue treats as an invalid answer).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..common.errors import InvalidDecisionError
from ..text.quoting import quote
from ..text.validation import MAX_CONTENT_CHARS
from .consolidation import Action, Decision

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ..common.values import Memory


def consolidation_instructions(memories: Sequence[Memory]) -> str:
    """The AI Task's prompt: the memories numbered, oldest first, with dates."""
    listed = "\n".join(
        f"{number}. ({memory.created_at:%Y-%m-%d}, {memory.kind}) "
        f"{quote(memory.content)}"
        for number, memory in enumerate(memories, 1)
    )
    return (
        "These memories of a household assistant look alike. Decide whether "
        "they say the same thing (merge, and write one memory that keeps every "
        "detail, in the same first-person voice), whether a newer one replaces "
        "an older fact that changed (supersede, and give the number of the one "
        "that is true now), or whether they are different facts (keep). Do not "
        "invent anything.\n\n" + listed
    )


def decision_from_ai(memories: Sequence[Memory], data: object) -> Decision:
    """Check the AI Task's answer; raises InvalidDecisionError when unusable."""
    if not isinstance(data, dict):
        raise InvalidDecisionError("not an object")
    try:
        action = Action(str(data.get("action")))
    except ValueError as err:
        raise InvalidDecisionError(f"unknown action {data.get('action')!r}") from err
    ids = [memory.id for memory in memories]
    if action is Action.KEEP:
        return Decision(Action.KEEP, decided_by="ai")
    if action is Action.MERGE:
        content = data.get("content")
        if not isinstance(content, str) or not content.strip():
            raise InvalidDecisionError("a merge needs the merged content")
        if len(content) > MAX_CONTENT_CHARS:
            raise InvalidDecisionError("the merged content is too long")
        # The newest member carries the merged text (its id is the freshest).
        return Decision(
            Action.MERGE, ids[-1], tuple(ids[:-1]), content.strip(), decided_by="ai"
        )
    current = data.get("current")
    if isinstance(current, bool) or not isinstance(current, (int, float)):
        raise InvalidDecisionError("a supersede needs the current memory's number")
    if not float(current).is_integer() or not 1 <= int(current) <= len(ids):
        raise InvalidDecisionError(f"no memory number {current}")
    survivor = ids[int(current) - 1]
    return Decision(
        Action.SUPERSEDE,
        survivor,
        tuple(i for i in ids if i != survivor),
        decided_by="ai",
    )
