"""The outcome of remembering, as each surface tells it.

The engine decides (`MemoryStore.create`, rules in memory/text/statements.py)
whether a statement was new, corrected a memory or repeated one; actions, LLM
tools and sentences only translate that outcome, here, once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from homeassistant.core import HomeAssistant, callback

from ..memory.common.values import CreateAction, Visibility
from ..memory.text.statements import changed_part
from ..memory.text.validation import summarize
from .events import async_memories_changed

if TYPE_CHECKING:
    from homeassistant.core import Context
    from homeassistant.util.json import JsonValueType

    from ..memory.common.values import CreateResult


def _bare(text: str) -> str:
    return text.rstrip(" .!?\u2026")


def _heard(text: str) -> str:
    """A memory's text as an answer says it: a long one by its beginning,
    cut with "…" (a 8,000-character correction was read out whole; review
    s27), a short one whole, without its closing punctuation."""
    short = summarize(text)
    return short if short != text and short.endswith("\u2026") else _bare(short)


@callback
def async_announce(
    hass: HomeAssistant, result: CreateResult, context: Context | None
) -> None:
    """Fire the memory event for what create did; a household copy its
    teller took private is forgotten for everyone who saw it (live review
    s43 M2: Ben's open memory browser kept showing the code)."""
    if result.action is CreateAction.CREATED:
        async_memories_changed(
            hass,
            created=[result.memory],
            forgotten=result.taken_private,
            context=context,
        )
    else:  # a correction or a repeat of an existing memory
        async_memories_changed(
            hass,
            updated=[result.memory, *result.also],
            forgotten=result.taken_private,
            context=context,
        )


def outcome_data(result: CreateResult) -> dict[str, JsonValueType]:
    """created / updated (with the previous text) / reinforced, as data."""
    data: dict[str, JsonValueType] = {"action": str(result.action)}
    if result.action is CreateAction.UPDATED and result.previous is not None:
        data["previous"] = result.previous
    if result.household_says is not None:
        data["household_says"] = result.household_says
    if result.shared is not None:
        # The part said before the one told privately, the household's.
        data["household_part"] = {
            "id": result.shared.memory.id,
            "action": str(result.shared.action),
        }
    return data


def outcome_speech(
    result: CreateResult,
    *,
    created: str = "Okay, I'll remember that.",
    created_private: str = "Okay, I'll remember that, just for you.",
    reinforced: str = "I already knew that.",
    reinforced_private: str | None = None,
    updated: str = "Updated: {content} (was: {was}).",
    language: str | None = None,
    household_says: str | None = None,
    remembered_apart: str | None = None,
) -> str:
    """One sentence saying what happened (the voice answer, the tool message).

    A new private memory is confirmed as private (`created_private`): the
    speaker must be able to tell it was not kept for the household. The
    sentences' answers come in the conversation's language; `updated` has
    {content} and {was} filled in (the memory's text is never parsed;
    `language`'s words find where the old text differs). A private
    statement that names the old value of a household memory it leaves as
    it is adds `household_says`, {household} filled in ("The household's
    memory still says: …"). A statement that repeats its teller's private
    memory (told privately or not) says it stays theirs
    (`reinforced_private`): told without "privately", the teller must hear
    that nobody else will (live review s42). A message whose later part was
    told privately and kept apart says so (`remembered_apart`).
    """
    if result.shared is not None and remembered_apart is not None:
        return remembered_apart
    if result.action is CreateAction.REINFORCED:
        private = result.memory.visibility is Visibility.PRIVATE
        return reinforced_private if reinforced_private and private else reinforced
    if result.action is CreateAction.UPDATED and result.previous is not None:
        return updated_speech(
            result.previous, result.memory.content, updated=updated, language=language
        )
    if result.memory.visibility is Visibility.PRIVATE:
        if household_says is not None and result.household_says is not None:
            hint = household_says.format_map(
                {"household": _heard(result.household_says)}
            )
            return f"{created_private} {hint}"
        return created_private
    return created


def updated_speech(
    previous: str,
    content: str,
    *,
    updated: str = "Updated: {content} (was: {was}).",
    language: str | None = None,
) -> str:
    """`updated` of a memory whose text was `previous` and is `content`:
    {was} the part that changed (`language`'s words find it), as a
    correction and a spoken re-dating say it."""
    was = changed_part(previous, content, language)
    return updated.format_map({"content": _heard(content), "was": _heard(was)})
