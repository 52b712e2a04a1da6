"""Structured AI Task calls: validated, retried once, given up with a log line."""

from __future__ import annotations

from typing import TYPE_CHECKING
from unittest.mock import AsyncMock, patch

from homeassistant.exceptions import HomeAssistantError
from homeassistant.helpers import selector
import probatio

from custom_components.home_memory.background.ai_generation import (
    Generation,
    GenerationFailure,
    async_generate_outcome,
    async_generate_structured,
    generating_own_task,
)
from custom_components.home_memory.background.errors import InvalidGenerationError

from ..fake_ai_task import FAKE_ENTITY_ID, async_setup_fake_ai_task

if TYPE_CHECKING:
    from homeassistant.components.ai_task import GenDataTask
    from homeassistant.core import HomeAssistant
    import pytest

STRUCTURE = probatio.Schema(
    {probatio.Required("answer", description="A number."): selector.NumberSelector()}
)


def validate(data: object) -> int:
    """Accept an answer object with an integer `answer`; return it."""
    if not isinstance(data, dict) or not isinstance(data.get("answer"), int):
        raise InvalidGenerationError("answer must be an integer")
    return int(data["answer"])


async def generate(
    hass: HomeAssistant, entity_id: str | None = FAKE_ENTITY_ID
) -> int | None:
    """Ask the fake AI task for the test structure; return the validated answer."""
    return await async_generate_structured(
        hass,
        task_name="home_memory test",
        entity_id=entity_id,
        instructions="Answer 42.",
        structure=STRUCTURE,
        validate=validate,
    )


async def outcome(
    hass: HomeAssistant, entity_id: str | None = FAKE_ENTITY_ID
) -> Generation[int]:
    """Ask the fake AI task and return the whole outcome, failure included."""
    return await async_generate_outcome(
        hass,
        task_name="home_memory test",
        entity_id=entity_id,
        instructions="Answer 42.",
        structure=STRUCTURE,
        validate=validate,
    )


async def test_the_outcome_tells_a_failing_entity_from_invalid_answers(
    hass: HomeAssistant,
) -> None:
    """The outcome tells an unavailable or failing entity from invalid answers."""
    assert await outcome(hass) == Generation(failure=GenerationFailure.UNAVAILABLE)
    entity = await async_setup_fake_ai_task(hass)
    entity.answers = [
        {"answer": 42},
        HomeAssistantError("rate limited"),
        {"answer": "x"},
        {"answer": None},
    ]
    assert await outcome(hass) == Generation(42)
    # A transient entity failure: the caller may fall back, nothing is wrong
    # with the request.
    assert await outcome(hass) == Generation(failure=GenerationFailure.ENTITY_ERROR)
    assert await outcome(hass, "ai_task.missing") == Generation(
        failure=GenerationFailure.ENTITY_ERROR
    )
    # Invalid after the one retry: the request itself gives nothing usable.
    assert await outcome(hass) == Generation(failure=GenerationFailure.INVALID)
    assert len(entity.tasks) == 4


async def test_a_valid_answer_is_returned(hass: HomeAssistant) -> None:
    """A valid answer is returned, and the task is recognised as our own."""
    entity = await async_setup_fake_ai_task(hass)
    seen_own: list[bool] = []

    def answer(task: GenDataTask) -> object:
        seen_own.append(generating_own_task())
        return {"answer": 42}

    entity.answers = [answer]
    assert await generate(hass) == 42
    (task,) = entity.tasks
    assert task.instructions == "Answer 42."
    assert task.structure is STRUCTURE
    # The capture of conversations can tell Home Memory's own task apart.
    assert seen_own == [True]
    assert not generating_own_task()


async def test_an_invalid_answer_is_asked_for_once_more(
    hass: HomeAssistant, caplog: pytest.LogCaptureFixture
) -> None:
    """An invalid answer is asked for once more."""
    entity = await async_setup_fake_ai_task(hass)
    entity.answers = [{"answer": "forty-two"}, {"answer": 42}]
    assert await generate(hass) == 42
    assert len(entity.tasks) == 2
    assert "invalid data (attempt 1 of 2)" in caplog.text


async def test_two_invalid_answers_give_none_with_a_log_line(
    hass: HomeAssistant, caplog: pytest.LogCaptureFixture
) -> None:
    """Two invalid answers give None and a log line."""
    entity = await async_setup_fake_ai_task(hass)
    entity.answers = [["not", "an", "object"], {"answer": None}]
    assert await generate(hass) is None
    assert len(entity.tasks) == 2
    assert "invalid data (attempt 2 of 2)" in caplog.text


async def test_an_entity_error_is_not_retried(
    hass: HomeAssistant, caplog: pytest.LogCaptureFixture
) -> None:
    """An entity error is logged and not retried."""
    entity = await async_setup_fake_ai_task(hass)
    entity.answers = [HomeAssistantError("the model is down"), {"answer": 1}]
    assert await generate(hass) is None
    assert len(entity.tasks) == 1
    assert "the model is down" in caplog.text
    # An entity that does not exist fails the same way.
    assert await generate(hass, "ai_task.missing") is None
    assert "ai_task.missing not found" in caplog.text


async def test_a_busy_conversation_is_a_transient_failure_without_a_traceback(
    hass: HomeAssistant,
    caplog: pytest.LogCaptureFixture,
    conversation_busy_error: type[Exception],
) -> None:
    """2026.11 runs one turn per conversation: a busy one is not the entity's
    failure, is said plainly, and the next request is asked as usual."""
    entity = await async_setup_fake_ai_task(hass)
    entity.answers = [conversation_busy_error("01JBUSY"), {"answer": 7}]
    assert await outcome(hass) == Generation(failure=GenerationFailure.ENTITY_ERROR)
    assert len(entity.tasks) == 1
    [record] = [
        r
        for r in caplog.records
        if r.name.startswith("custom_components") and "busy" in r.getMessage()
    ]
    assert record.exc_info is None
    assert "conversation is busy with another message" in record.getMessage()
    assert await outcome(hass) == Generation(7)


async def test_nothing_is_asked_while_ai_task_is_not_loaded(
    hass: HomeAssistant,
) -> None:
    """Nothing is asked while the ai_task integration is not loaded."""
    with patch(
        "homeassistant.components.ai_task.async_generate_data", new=AsyncMock()
    ) as generate_data:
        assert await generate(hass) is None
    generate_data.assert_not_called()
