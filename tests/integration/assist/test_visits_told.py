"""Who came, asked of the built-in agent, is answered by a visit however it
is told (review s38): beside a visitor going home ("Grandma visited us on
Sunday and flew back home on Monday", finding 1), in words of no coming
("Grandma was here on Sunday", "We had guests", finding 5); a visit to
another thing is no answer to who visited it (finding 4), and a question of
no coming keeps a memory naming a trade (finding 19)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from ..fake_agents import say
from .test_corrections import english_home_with_minilm, speech
from .test_person_corrections import german_home

if TYPE_CHECKING:
    from freezegun.api import FrozenDateTimeFactory
    from homeassistant.core import HomeAssistant
    from pytest_homeassistant_custom_component.common import MockConfigEntry

    from custom_components.home_memory.memory.embedding.embedder import Embedder
    from custom_components.home_memory.memory.embedding.multilingual import (
        MultilingualEmbedder,
    )

pytestmark = pytest.mark.usefixtures("mock_load_model")


async def test_a_visitor_going_home_after_the_visit_still_visited(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    minilm: Embedder,
    freezer: FrozenDateTimeFactory,
) -> None:
    """Wednesday 2 December: Grandma visited on Sunday and flew back home on
    Monday; Anna visited the museum on Sunday, Peter came by. "Who visited
    us on Sunday?" left Grandma out as a return home (finding 1); "Who
    visited the museum on Sunday?" listed every visit (finding 4)."""
    await english_home_with_minilm(hass, mock_config_entry, minilm, freezer)
    freezer.move_to("2026-12-02T08:00:00+00:00")
    for fact in (
        "Remember that Grandma visited us on Sunday and flew back home on Monday",
        "Remember that Anna visited the museum on Sunday",
        "Remember that Peter came by on Sunday",
    ):
        await say(hass, fact)
    answer = speech(await say(hass, "Who visited us on Sunday?"))
    assert "Grandma" in answer, answer
    answer = speech(await say(hass, "Who visited the museum on Sunday?"))
    assert "museum" in answer, answer
    assert "Peter" not in answer, answer
    assert "Grandma" not in answer, answer


async def test_a_visit_told_in_other_words_answers_who_came(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    minilm: Embedder,
    freezer: FrozenDateTimeFactory,
) -> None:
    """Wednesday 2 December: Grandma was here on Sunday, we had guests on
    Sunday, we baked a cake. "Who came on Sunday?" left out the visits told
    with no word of coming (finding 5)."""
    await english_home_with_minilm(hass, mock_config_entry, minilm, freezer)
    freezer.move_to("2026-12-02T08:00:00+00:00")
    for fact in (
        "Remember that Grandma was here on Sunday",
        "Remember that we had guests for dinner on Sunday",
        "Remember that we baked a cake on Sunday",
    ):
        await say(hass, fact)
    for asked in ("Who came on Sunday?", "Did we have visitors on Sunday?"):
        answer = speech(await say(hass, asked))
        assert "Grandma" in answer, (asked, answer)
        assert "guests" in answer, (asked, answer)
        assert "cake" not in answer, (asked, answer)


async def test_a_question_of_no_coming_keeps_another_trade(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    minilm: Embedder,
    freezer: FrozenDateTimeFactory,
) -> None:
    """Tuesday 24 November: we bought the vacuum the electrician
    recommended. "Did we buy the vacuum cleaner last week?" left it out, as
    naming another trade than "cleaner" (finding 19)."""
    await english_home_with_minilm(hass, mock_config_entry, minilm, freezer)
    freezer.move_to("2026-11-24T15:00:00+00:00")
    await say(
        hass, "Remember that we bought the new vacuum the electrician recommended"
    )
    freezer.move_to("2026-12-02T08:00:00+00:00")
    answer = speech(await say(hass, "Did we buy the vacuum cleaner last week?"))
    assert "vacuum" in answer, answer


async def test_a_german_visit_beside_a_going_home_or_told_as_presence(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    e5: MultilingualEmbedder,
    freezer: FrozenDateTimeFactory,
) -> None:
    """Mittwoch, 2. Dezember: Oma hat uns am Sonntag besucht und ist wieder
    nach Hause gefahren (finding 1); Opa war am Sonntag da, der
    Schornsteinfeger gestern hier (finding 5); wir haben einen Kuchen
    gebacken."""
    await german_home(hass, mock_config_entry, e5, freezer)
    freezer.move_to("2026-12-02T08:00:00+00:00")
    for fact in (
        (
            "Merk dir, dass Oma uns am Sonntag besucht hat und wieder nach "
            "Hause gefahren ist"
        ),
        "Merk dir, dass Opa am Sonntag da war",
        "Merk dir, dass der Schornsteinfeger gestern hier war",
        "Merk dir, dass wir am Sonntag einen Kuchen gebacken haben",
    ):
        await say(hass, fact, language="de")
    answer = speech(await say(hass, "Wer hat uns am Sonntag besucht?", language="de"))
    assert "Oma" in answer, answer
    answer = speech(await say(hass, "Wer war am Sonntag zu Besuch?", language="de"))
    assert "Oma" in answer, answer
    assert "Opa" in answer, answer
    assert "Kuchen" not in answer, answer
    answer = speech(await say(hass, "Wer war gestern zu Besuch?", language="de"))
    assert "Schornsteinfeger" in answer, answer
