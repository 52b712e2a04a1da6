"""Who visited last, and who holds a trade, asked in a home's language of
memories told in the other (review s39): "Wer hat uns zuletzt besucht?"
missed "Grandma visited us on Sunday"; "Wer ist der Zahnarzt?" missed "Our
dentist is Dr. Weber", and "Wer ist der Tierarzt?" named the dentist."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING
from zoneinfo import ZoneInfo

import pytest

from custom_components.home_memory.memory.common.values import (
    SYSTEM,
    MemoryKind,
    NewMemory,
    Source,
)

from ...core.conftest import BOB
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
    from custom_components.home_memory.memory.store import MemoryStore

pytestmark = pytest.mark.usefixtures("mock_load_model")


def _told(store: MemoryStore, text: str, day: int) -> None:
    """`text`, told by the household, of `day` November 2026 in Berlin (as
    a memory told in the other language than the home's is stored)."""
    store.create(
        NewMemory(
            content=text,
            happened_at=datetime(2026, 11, day, 12, tzinfo=ZoneInfo("Europe/Berlin")),
        ),
        BOB,
    )


@pytest.mark.parametrize(
    "visit", ["Grandma visited us on Sunday.", "Grandma was here on Sunday."]
)
async def test_german_home_who_visited_last_reads_a_visit_told_in_english(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    e5: MultilingualEmbedder,
    freezer: FrozenDateTimeFactory,
    visit: str,
) -> None:
    """Mittwoch, 2. Dezember: Grandma visited us on Sunday (told in
    English), Peter am Freitag; wir haben am Montag einen Kuchen gebacken."""
    store = await german_home(hass, mock_config_entry, e5, freezer)
    freezer.move_to("2026-12-02T08:00:00+00:00")
    _told(store, visit, 29)
    _told(store, "Peter hat uns am Freitag besucht.", 27)
    await say(
        hass, "Merk dir, dass wir am Montag einen Kuchen gebacken haben", language="de"
    )
    freezer.move_to("2026-12-10T08:00:00+00:00")
    for asked in ("Wer hat uns zuletzt besucht?", "Wann hatten wir zuletzt Besuch?"):
        answer = speech(await say(hass, asked, language="de"))
        assert "Grandma" in answer, (asked, answer)
        assert answer.index("Grandma") < answer.index("Peter"), (asked, answer)
        assert "Kuchen" not in answer, (asked, answer)


@pytest.mark.parametrize(
    "visit", ["Oma hat uns am Sonntag besucht.", "Oma war am Sonntag da."]
)
async def test_english_home_who_visited_last_reads_a_visit_told_in_german(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    minilm: Embedder,
    freezer: FrozenDateTimeFactory,
    visit: str,
) -> None:
    """Wednesday 2 December: Oma hat uns am Sonntag besucht (told in
    German), Peter on Friday; we baked a cake on Monday."""
    store = await english_home_with_minilm(hass, mock_config_entry, minilm, freezer)
    freezer.move_to("2026-12-02T08:00:00+00:00")
    _told(store, visit, 29)
    _told(store, "Peter visited us on Friday.", 27)
    await say(hass, "Remember that we baked a cake on Monday")
    freezer.move_to("2026-12-10T08:00:00+00:00")
    for asked in ("Who visited us most recently?", "When did we last have visitors?"):
        answer = speech(await say(hass, asked))
        assert "Oma" in answer, (asked, answer)
        assert answer.index("Oma") < answer.index("Peter"), (asked, answer)
        assert "cake" not in answer, (asked, answer)


async def test_german_home_asks_a_trade_told_in_english(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    e5: MultilingualEmbedder,
    freezer: FrozenDateTimeFactory,
) -> None:
    """Told in English: our dentist is Dr. Weber, the plumber Mr. Kowalski,
    the vet Dr. Schmidt. "Wer ist der Zahnarzt?" and "Wer ist unser
    Klempner?" found nothing, "Wer ist der Tierarzt?" named the dentist."""
    store = await german_home(hass, mock_config_entry, e5, freezer)
    told = (
        "Our dentist is Dr. Weber.",
        "The plumber is Mr. Kowalski.",
        "Our vet is Dr. Schmidt.",
    )
    asked = (
        ("Wer ist der Zahnarzt?", "Weber"),
        ("Wer ist unser Zahnarzt?", "Weber"),
        ("Wer ist unser Klempner?", "Kowalski"),
        ("Wer ist der Tierarzt?", "Schmidt"),
    )
    await _each_trade_names_its_own(hass, store, freezer, told, asked, "de")


async def test_english_home_asks_a_trade_told_in_german(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    minilm: Embedder,
    freezer: FrozenDateTimeFactory,
) -> None:
    """Told in German: unser Zahnarzt ist Dr. Weber, der Klempner Herr
    Kowalski, die Tierärztin Frau Dr. Schmidt."""
    store = await english_home_with_minilm(hass, mock_config_entry, minilm, freezer)
    told = (
        "Unser Zahnarzt ist Dr. Weber.",
        "Der Klempner ist Herr Kowalski.",
        "Unsere Tierärztin ist Frau Dr. Schmidt.",
    )
    asked = (
        ("Who is our dentist?", "Weber"),
        ("Who is the plumber?", "Kowalski"),
        ("Who is our vet?", "Schmidt"),
    )
    await _each_trade_names_its_own(hass, store, freezer, told, asked, "en")


async def _each_trade_names_its_own(
    hass: HomeAssistant,
    store: MemoryStore,
    freezer: FrozenDateTimeFactory,
    told: tuple[str, ...],
    asked: tuple[tuple[str, str], ...],
    language: str,
) -> None:
    """`told` on 27 November; on 10 December each question of `asked`
    names its own (the name given) and no other of the three."""
    for fact in told:
        _told(store, fact, 27)
    freezer.move_to("2026-12-10T08:00:00+00:00")
    names = {name for _, name in asked}
    for question, name in asked:
        answer = speech(await say(hass, question, language=language))
        assert name in answer, (question, answer)
        for other in names - {name}:
            assert other not in answer, (question, answer)


async def test_a_plan_whose_day_is_over_is_no_visit_that_happened(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    minilm: Embedder,
    freezer: FrozenDateTimeFactory,
) -> None:
    """Tuesday 24 November: Grandma visited us yesterday; Peter is coming on
    Saturday, Anna will visit on Friday. Asked on 2 December whether anyone
    visited last week, Peter's plan was read first, as a visit that
    happened (review s39 #4, s38 review #6): we do not know it did."""
    await english_home_with_minilm(hass, mock_config_entry, minilm, freezer)
    freezer.move_to("2026-11-24T08:00:00+00:00")
    for fact in (
        "Remember that Grandma visited us yesterday",
        "Remember that Peter is coming on Saturday",
        "Remember that Anna will visit us on Friday",
    ):
        await say(hass, fact)
    freezer.move_to("2026-12-02T08:00:00+00:00")
    for asked in (
        "Did anyone visit us last week?",
        "Who visited us last week?",
        "Who visited us?",
        "Who visited us most recently?",
    ):
        answer = speech(await say(hass, asked))
        assert "Grandma" in answer, (asked, answer)
        for plan in ("Peter", "Anna"):
            if plan in answer:
                assert answer.index("Grandma") < answer.index(plan), (asked, answer)


async def test_a_german_plan_whose_day_is_over_is_no_visit_that_happened(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    e5: MultilingualEmbedder,
    freezer: FrozenDateTimeFactory,
) -> None:
    """Dienstag, 24. November: Oma hat uns gestern besucht, Anna kommt am
    Freitag. Am 2. Dezember las "Wer kam letzte Woche?" Annas Plan zuerst."""
    await german_home(hass, mock_config_entry, e5, freezer)
    freezer.move_to("2026-11-24T08:00:00+00:00")
    for fact in (
        "Merk dir, dass Oma uns gestern besucht hat",
        "Merk dir, dass Anna am Freitag kommt",
    ):
        await say(hass, fact, language="de")
    freezer.move_to("2026-12-02T08:00:00+00:00")
    for asked in (
        "Wer kam letzte Woche?",
        "Hatten wir letzte Woche Besuch?",
        "Wer hat uns letzte Woche besucht?",
        "Wann hatten wir zuletzt Besuch?",
    ):
        answer = speech(await say(hass, asked, language="de"))
        assert "Oma" in answer, (asked, answer)
        if "Anna" in answer:
            assert answer.index("Oma") < answer.index("Anna"), (asked, answer)


DOOR = (
    "On Wednesday afternoon, I could tell that the front door opened and closed "
    "around ten past two, so someone may have come in or gone out, or let a "
    "visitor in."
)


async def test_in_a_door_only_home_a_person_s_leaving_is_the_door(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    minilm: Embedder,
    freezer: FrozenDateTimeFactory,
) -> None:
    """A home that sees nobody come or go: the front door on Wednesday
    afternoon; Anna's chores told later that week. "When did Anna last leave?"
    read her chores (review s37 #8): the door is the only sign of it."""
    store = await english_home_with_minilm(hass, mock_config_entry, minilm, freezer)
    for entity, name in (("person.anna", "Anna"), ("person.ben", "Ben")):
        hass.states.async_set(entity, "home", {"friendly_name": name})
    freezer.move_to("2026-11-27T08:00:00+00:00")
    for fact in (
        "Remember that Anna cleaned the bathroom yesterday",
        "Remember that Anna watered the plants this morning",
        "Remember that Anna took out the bins this morning",
    ):
        await say(hass, fact)
    store.create(
        NewMemory(
            content=DOOR,
            tags=("come home", "arrive", "leave", "go out", "head out", "doors"),
            source=Source.OBSERVED,
            kind=MemoryKind.OBSERVATION,
            importance=0.3,
            happened_at=datetime(
                2026, 11, 25, 14, 10, tzinfo=ZoneInfo("Europe/Berlin")
            ),
        ),
        SYSTEM,
    )
    freezer.move_to("2026-11-28T08:00:00+00:00")
    for asked in ("When did Anna last leave?", "When did Anna last leave the house?"):
        answer = speech(await say(hass, asked))
        assert "front door" in answer, (asked, answer)
        if "bathroom" in answer:
            assert answer.index("front door") < answer.index("bathroom"), answer
