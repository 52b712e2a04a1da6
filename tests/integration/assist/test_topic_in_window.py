"""A question of a topic on a day, asked of the built-in agent, where
nothing that day is about the topic (CI on Tuesday 1 December: "what do
you know about the interview on Tuesday" listed today's deeds).

A window admits a memory sharing no word of the topic only where it comes
nearer the topic than a question of time alone does (search/retrieval.py,
TOPIC_LIFT); a question of time alone still lists the day.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from ..fake_agents import say
from .test_corrections import english_home_with_minilm, speech

if TYPE_CHECKING:
    from freezegun.api import FrozenDateTimeFactory
    from homeassistant.core import HomeAssistant
    from pytest_homeassistant_custom_component.common import MockConfigEntry

    from custom_components.home_memory.memory.embedding.embedder import Embedder

pytestmark = pytest.mark.usefixtures("mock_load_model")

TODAY = (
    "remember that Ben scrubbed the trailer",
    "remember that Anna bought a scarf for Ben",
    "remember that Ben emptied the dishwasher",
)


async def test_a_topic_nobody_told_of_today_is_not_remembered_on_its_day(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    minilm: Embedder,
    freezer: FrozenDateTimeFactory,
) -> None:
    """Tuesday 1 December, 09:00 in Berlin: three deeds told this
    morning, none an interview. Asked at noon of the interview on Tuesday
    (today) or today: not remembered; of the day alone: the three."""
    await english_home_with_minilm(hass, mock_config_entry, minilm, freezer)
    freezer.move_to("2026-12-01T08:00:00+00:00")
    for fact in TODAY:
        await say(hass, fact)
    freezer.move_to("2026-12-01T11:00:00+00:00")
    for day in ("on Tuesday", "today"):
        asked = f"what do you know about the interview {day}"
        answer = speech(await say(hass, asked))
        assert answer == f"I don't remember anything about the interview {day}.", (
            asked,
            answer,
        )
    for asked in ("what happened on Tuesday", "what did we do today"):
        answer = speech(await say(hass, asked))
        assert answer.startswith("I remember 3 things"), (asked, answer)
        for deed in ("trailer", "scarf", "dishwasher"):
            assert deed in answer, (asked, answer)
    answer = speech(await say(hass, "what do you know about the trailer on Tuesday"))
    assert answer == "Ben scrubbed the trailer.", answer


async def test_a_moment_asked_in_german_in_an_english_home_is_not_the_whole_day(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    minilm: Embedder,
    freezer: FrozenDateTimeFactory,
) -> None:
    """MiniLM reads no German, so "Hatten wir heute Besuch?" was taken as
    a question of the day alone and listed its three deeds (review s31
    M3). It asks a moment the household's tables name ("visitors"), found
    by those words: none today, so it is not remembered. "Was war heute?"
    asks the day alone and still lists it."""
    await english_home_with_minilm(hass, mock_config_entry, minilm, freezer)
    freezer.move_to("2026-12-01T08:00:00+00:00")
    for fact in TODAY:
        await say(hass, fact)
    freezer.move_to("2026-12-01T11:00:00+00:00")
    answer = speech(await say(hass, "Hatten wir heute Besuch?", language="de"))
    assert answer == "Das weiß ich nicht; ich erinnere mich an nichts dazu.", answer
    answer = speech(await say(hass, "Was war heute?", language="de"))
    assert answer.startswith("Ich erinnere mich an 3 Dinge"), answer
