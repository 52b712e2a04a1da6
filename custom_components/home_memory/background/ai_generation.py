"""Structured generation through an AI Task entity, validated here.

Home Assistant does not check AI Task output against the requested structure
(docs/home-assistant.md, "AI Task output is not checked"), so every caller
passes a validator; an invalid answer is asked for once more, then given up
with a log line. Home Memory's own AI Task runs create chat logs like any
conversation: `generating_own_task()` tells the conversation capture to leave
them alone (the subscriber runs in the same task, so it sees the ContextVar).
"""

from __future__ import annotations

from contextvars import ContextVar
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Final

from homeassistant.const import STATE_UNAVAILABLE
from homeassistant.exceptions import HomeAssistantError

from ..const import LOGGER
from ..runtime.ha_internals import is_conversation_busy

if TYPE_CHECKING:
    from collections.abc import Callable

    from homeassistant.core import HomeAssistant
    import probatio

# Set while Home Memory runs an AI Task of its own.
_OWN_TASK: ContextVar[bool] = ContextVar("home_memory_own_ai_task", default=False)

ATTEMPTS: Final = 2


class GenerationFailure(StrEnum):
    """Why structured generation gave nothing."""

    # ai_task is not loaded: nothing was asked.
    UNAVAILABLE = "unavailable"
    # The entity failed (missing, network, rate limit...) or its conversation
    # was busy with another turn (2026.11): a transient failure that says
    # nothing about the request itself.
    ENTITY_ERROR = "entity_error"
    # The entity answered, but twice not in the requested shape.
    INVALID = "invalid"


@dataclass(frozen=True, slots=True)
class Generation[T]:
    """The outcome of one structured generation: a value or why there is none."""

    value: T | None = None
    failure: GenerationFailure | None = None


def generating_own_task() -> bool:
    """True inside Home Memory's own AI Task calls (for the chat-log subscriber)."""
    return _OWN_TASK.get()


def ai_task_available(hass: HomeAssistant) -> bool:
    """True when the ai_task integration is loaded (it is not in default_config)."""
    return "ai_task" in hass.config.components


def ai_task_target(hass: HomeAssistant, configured: str | None) -> str | None:
    """The AI Task entity to ask, or None while there is none to ask.

    The configured entity, else the user's preferred one (AI Task settings);
    only while ai_task is loaded and the entity is there and available. None
    is what Home Assistant would answer with "No entity_id provided and no
    preferred entity set" or "AI Task entity ... not found": nothing is asked.
    """
    if not ai_task_available(hass):
        return None
    entity_id = configured
    if entity_id is None:
        from homeassistant.components.ai_task.const import DATA_PREFERENCES

        if (preferences := hass.data.get(DATA_PREFERENCES)) is not None:
            entity_id = preferences.gen_data_entity_id
    if entity_id is None:
        return None
    state = hass.states.get(entity_id)
    if state is None or state.state == STATE_UNAVAILABLE:
        return None
    return entity_id


async def async_generate_structured[T](
    hass: HomeAssistant,
    *,
    task_name: str,
    entity_id: str | None,
    instructions: str,
    structure: probatio.Schema,
    validate: Callable[[object], T],
) -> T | None:
    """Ask the AI Task entity for `structure`; the validated result or None.

    None on any failure; `async_generate_outcome` tells them apart.
    """
    outcome = await async_generate_outcome(
        hass,
        task_name=task_name,
        entity_id=entity_id,
        instructions=instructions,
        structure=structure,
        validate=validate,
    )
    return outcome.value


async def async_generate_outcome[T](
    hass: HomeAssistant,
    *,
    task_name: str,
    entity_id: str | None,
    instructions: str,
    structure: probatio.Schema,
    validate: Callable[[object], T],
) -> Generation[T]:
    """Ask the AI Task entity for `structure`: the validated value, or the failure.

    `entity_id` None uses the user's preferred AI Task entity. `validate`
    raises `InvalidGenerationError` (or ValueError/TypeError/KeyError) on a bad
    shape; that answer is retried once (then INVALID). A failing entity is not
    retried (ENTITY_ERROR); without ai_task nothing is asked (UNAVAILABLE).
    """
    if not ai_task_available(hass):
        return Generation(failure=GenerationFailure.UNAVAILABLE)
    from homeassistant.components import ai_task

    token = _OWN_TASK.set(True)
    try:
        for attempt in range(1, ATTEMPTS + 1):
            try:
                result = await ai_task.async_generate_data(
                    hass,
                    task_name=task_name,
                    entity_id=entity_id,
                    instructions=instructions,
                    structure=structure,
                )
            except HomeAssistantError as err:
                if is_conversation_busy(err):
                    # 2026.11: one turn per conversation. Not the entity's
                    # fault, and nothing was asked: a transient failure.
                    LOGGER.warning(
                        "AI Task %s was not run: its conversation is busy with "
                        "another message",
                        task_name,
                    )
                else:
                    LOGGER.warning("AI Task %s failed: %s", task_name, err)
                return Generation(failure=GenerationFailure.ENTITY_ERROR)
            try:
                return Generation(validate(result.data))
            except (ValueError, TypeError, KeyError) as err:
                LOGGER.warning(
                    "AI Task %s returned invalid data (attempt %s of %s): %s",
                    task_name,
                    attempt,
                    ATTEMPTS,
                    err,
                )
        return Generation(failure=GenerationFailure.INVALID)
    finally:
        _OWN_TASK.reset(token)
