"""Which requests never need memory (search/needs.py)."""

from __future__ import annotations

import pytest

from custom_components.home_memory.memory.search.needs import never_needs_memory


@pytest.mark.parametrize(
    ("utterance", "intent"),
    [
        ("Set a timer for 10 minutes", None),
        ("please start a 5 minute timer", None),
        ("how much time is left", None),
        ("What's the time", None),
        ("Never mind.", None),
        ("where are the car keys", "HassStartTimer"),
    ],
)
def test_timers_the_clock_and_cancelling_never_need_memory(
    utterance: str, intent: str | None
) -> None:
    """Timers, the time and "never mind" get no memories in their turn."""
    assert never_needs_memory(utterance, intent)


@pytest.mark.parametrize(
    ("utterance", "intent"),
    [
        ("when did I last set the timer on the oven", None),
        ("what time does Ben's train leave", None),
        ("stop the music in the kitchen and tell me what Anna likes", None),
        ("where are the car keys", "HassGetState"),
    ],
)
def test_questions_about_timers_or_times_still_get_memory(
    utterance: str, intent: str | None
) -> None:
    """A question that only mentions a timer or a time is asked of memory."""
    assert not never_needs_memory(utterance, intent)
