"""Who comes, asked in the household's other language.

In a German home "who is coming" read the plumber alone, and in an English
home "Wer kommt?" was "Das weiß ich nicht" (review s35 M2): the keyword
search looked for the question's word of coming ("coming", "kommt"), which
no memory in the household's language says. The household's words of
coming are searched too (memory/search/searched_words.py), and each memory
telling of a coming answers, however near by meaning or words.
"""

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


async def test_who_comes_in_english_reads_every_coming_of_a_german_home(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    e5: MultilingualEmbedder,
    freezer: FrozenDateTimeFactory,
) -> None:
    """Tuesday 1 December, 08:00 in a German home: the plumber, the
    chimney sweep and the midwife come; Ben got up early."""
    await german_home(hass, mock_config_entry, e5, freezer)
    freezer.move_to("2026-12-01T07:00:00+00:00")
    for fact in (
        "Merk dir, dass der Klempner am Freitag kommt",
        "Merk dir, dass der Schornsteinfeger am Donnerstag kommt",
        "Merk dir, dass die Hebamme am Mittwoch vorbeikommt",
        "Merk dir, dass Ben heute Morgen um halb sechs aufgestanden ist",
    ):
        await say(hass, fact, language="de")
    for asked in ("who is coming", "who is coming this week", "is anyone coming"):
        answer = speech(await say(hass, asked, language="en"))
        for visitor in ("Klempner", "Schornsteinfeger", "Hebamme"):
            assert visitor in answer, (asked, answer)
        assert "Ben" not in answer, (asked, answer)


async def test_who_comes_in_german_reads_every_coming_of_an_english_home(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    minilm: Embedder,
    freezer: FrozenDateTimeFactory,
) -> None:
    """Saturday 28 November in an English home: the tiler, the window
    cleaner and the piano tuner come next week."""
    await english_home_with_minilm(hass, mock_config_entry, minilm, freezer)
    for fact in (
        "remember that the tiler is coming on Tuesday",
        "remember that the window cleaner is coming on Thursday",
        "remember that the piano tuner will visit on Friday",
    ):
        await say(hass, fact)
    for asked in ("Wer kommt?", "Wer kommt nächste Woche?", "Kommt jemand?"):
        answer = speech(await say(hass, asked, language="de"))
        for visitor in ("tiler", "window cleaner", "piano tuner"):
            assert visitor in answer, (asked, answer)


async def test_a_trade_asked_in_german_is_the_english_home_s_trade(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    minilm: Embedder,
    freezer: FrozenDateTimeFactory,
) -> None:
    """Wednesday 2 December in an English home: the plumber comes on
    Friday. "Wann kommt der Klempner?" was "Das weiß ich nicht" (no memory
    says "Klempner", MiniLM reads no German), and "Kommt der Elektriker am
    Freitag?" read the plumber's Friday, listed by no relevance (review s36
    defect 6)."""
    await english_home_with_minilm(hass, mock_config_entry, minilm, freezer)
    freezer.move_to("2026-12-02T08:00:00+00:00")
    await say(hass, "Remember that the plumber is coming on Friday")
    for asked in ("Wann kommt der Klempner?", "Kommt der Klempner am Freitag?"):
        answer = speech(await say(hass, asked, language="de"))
        assert "plumber" in answer, (asked, answer)
    answer = speech(await say(hass, "Kommt der Elektriker am Freitag?", language="de"))
    assert "plumber" not in answer, answer


async def test_a_trade_asked_in_english_is_the_german_home_s_trade(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    e5: MultilingualEmbedder,
    freezer: FrozenDateTimeFactory,
) -> None:
    """Wednesday 2 December in a German home: the plumber comes on Friday,
    the chimney sweep on Thursday, the gardener came on Monday. Asked in
    English, each was "I don't know": "Klempner" names no "plumber" to the
    visitor floor, "Gärtnerin" no "gardener" to the thing floor (review
    s36 defect 6)."""
    await german_home(hass, mock_config_entry, e5, freezer)
    freezer.move_to("2026-12-02T08:00:00+00:00")
    for fact in (
        "Merk dir, dass der Klempner am Freitag kommt",
        "Merk dir, dass der Schornsteinfeger am Donnerstag kommt",
        "Merk dir, dass die Gärtnerin am Montag gekommen ist",
    ):
        await say(hass, fact, language="de")
    for asked, trade in (
        ("Is the plumber coming on Friday?", "Klempner"),
        ("When is the plumber coming?", "Klempner"),
        ("When is the chimney sweep coming?", "Schornsteinfeger"),
        ("When did the gardener come?", "Gärtnerin"),
    ):
        answer = speech(await say(hass, asked, language="en"))
        assert trade in answer, (asked, answer)
    answer = speech(await say(hass, "Is the electrician coming on Friday?"))
    assert "Klempner" not in answer, answer
