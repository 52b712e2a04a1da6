"""A yes/no question about a person's deed, asked of the built-in agent:
the memory telling that deed is the answer, not the person's other deeds
of the same time ("did Ben get up this morning", "Ist Ben heute Morgen
aufgestanden"; CI, commit 9ce43dc)."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING
from zoneinfo import ZoneInfo

import pytest

from custom_components.home_memory.memory.common.values import (
    SYSTEM,
    NewMemory,
    Source,
)

from ..conftest import call
from ..fake_agents import say
from .test_corrections import english_home_with_minilm, german_home_with_e5, speech

if TYPE_CHECKING:
    from freezegun.api import FrozenDateTimeFactory
    from homeassistant.core import HomeAssistant
    from pytest_homeassistant_custom_component.common import MockConfigEntry, MockUser

    from custom_components.home_memory.memory.embedding.embedder import Embedder
    from custom_components.home_memory.memory.embedding.multilingual import (
        MultilingualEmbedder,
    )
    from custom_components.home_memory.memory.store import MemoryStore

pytestmark = pytest.mark.usefixtures("mock_load_model")

BERLIN = ZoneInfo("Europe/Berlin")
GOT_UP = "It was Saturday morning, and I could tell that Ben got up around seven."
DEEDS = (
    ("Ben made coffee in the kitchen.", 8),
    ("Ben watered the plants on the balcony.", 9),
    ("Ben took the recycling out to the street.", 10),
)


def observe_bens_morning(
    hass: HomeAssistant,
    store: MemoryStore,
    woke: str,
    *,
    people: tuple[str, ...],
    tags: tuple[str, ...],
) -> None:
    """Saturday 28 November in Berlin, as the home observes it: Ben's waking
    (`woke`, at seven, with the given people and tags) and his three other
    deeds of the morning (`DEEDS`); Ben is a person of the home."""
    hass.states.async_set("person.ben", "home", {"friendly_name": "Ben"})
    morning = [(woke, 7, people, tags)]
    morning += [(deed, hour, ("Ben",), ()) for deed, hour in DEEDS]
    for content, hour, said_people, said_tags in morning:
        store.create(
            NewMemory(
                content=content,
                people=said_people,
                tags=said_tags,
                source=Source.OBSERVED,
                importance=0.3,
                happened_at=datetime(2026, 11, 28, hour, tzinfo=BERLIN),
            ),
            SYSTEM,
        )


async def test_did_ben_get_up_is_answered_by_his_getting_up_first(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    minilm: Embedder,
    freezer: FrozenDateTimeFactory,
) -> None:
    """Saturday 28 November, 18:00: Ben got up at seven (observed, a bed's
    memory, without its people) and did three other things after it."""
    store = await english_home_with_minilm(hass, mock_config_entry, minilm, freezer)
    observe_bens_morning(hass, store, GOT_UP, people=(), tags=())
    answer = speech(await say(hass, "did Ben get up this morning"))
    assert "got up around seven" in answer.split("2:")[0], answer


async def test_ist_ben_aufgestanden_is_answered_by_his_getting_up_first(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    e5: MultilingualEmbedder,
    freezer: FrozenDateTimeFactory,
) -> None:
    """As the shared German home of the acceptance tests: Ben's getting up
    and three other deeds, all told this morning (without their people)."""
    await hass.config.async_update(time_zone="Europe/Berlin")
    freezer.move_to("2026-11-28T11:00:00+00:00")
    await german_home_with_e5(hass, mock_config_entry, e5)
    hass.states.async_set("person.ben", "home", {"friendly_name": "Ben"})
    told = (
        ("Ben wachte auf und stand auf, um Kaffee zu kochen.", "07:15"),
        ("Ben hat ein neues Hochbeet gebaut.", "08:30"),
        ("Ben hat den Kompost umgesetzt.", "09:30"),
        ("Ben hat einen Rasenmäher gekauft.", "10:30"),
    )
    for content, at in told:
        await call(
            hass,
            "remember",
            {"content": content, "happened_at": f"2026-11-28T{at}:00+01:00"},
        )
    answer = speech(await say(hass, "Ist Ben heute Morgen aufgestanden", language="de"))
    assert "Kaffee" in answer.split("2:")[0], answer


async def test_what_anna_bought_for_ben_is_not_ben_s_own_shopping(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    minilm: Embedder,
    freezer: FrozenDateTimeFactory,
    user_ben: MockUser,
) -> None:
    """Ben's "what did Anna buy for Ben" listed his own purchases (review
    s30b M6): Ben is what she bought for, not whom it asks of."""
    await english_home_with_minilm(hass, mock_config_entry, minilm, freezer)
    for entity, name in (("person.anna", "Anna"), ("person.ben", "Ben")):
        hass.states.async_set(entity, "home", {"friendly_name": name})
    for told in (
        "remember that Ben bought flowers for Anna's birthday",
        "remember that Ben bought a cordless drill",
        "remember that Ben bought drinks for the party",
        "remember that Anna bought a scarf for Ben",
        # Review s31 M2: naming Anna only as what it was for, this read first.
        "remember that Ben bought a book for Anna",
    ):
        await say(hass, told, user=user_ben)
    answer = speech(await say(hass, "what did Anna buy for Ben", user=user_ben))
    assert "scarf" in answer, answer
    for own in ("flowers", "drill", "drinks", "book"):
        assert own not in answer, answer


@pytest.mark.parametrize(
    "asked",
    [
        "Ist Ben heute Morgen aufgestanden",
        "Wann ist Ben heute Morgen aufgestanden",
    ],
)
async def test_a_german_question_in_an_english_home_finds_the_tagged_moment(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    minilm: Embedder,
    freezer: FrozenDateTimeFactory,
    asked: str,
) -> None:
    """An English home asked in German: its morning is told and tagged in
    English ("get up", "wake up"), which MiniLM does not join to
    "aufgestanden"; the keyword search asks those tags too, and a memory
    holding them is no name-only hit (text/moments.py; the family replay's
    German mornings were 2nd to 5th)."""
    store = await english_home_with_minilm(hass, mock_config_entry, minilm, freezer)
    woke = "It was Saturday morning, and I saw that Ben woke up and got out of bed."
    tags = ("get up", "wake up", "morning")
    observe_bens_morning(hass, store, woke, people=("Ben",), tags=tags)
    answer = speech(await say(hass, asked, language="de"))
    assert "woke up" in answer.split("2:")[0], answer
    assert "It was Saturday morning" not in answer, answer


async def test_a_night_told_of_someone_s_mother_is_not_the_person_s(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    minilm: Embedder,
    freezer: FrozenDateTimeFactory,
) -> None:
    """Told by voice: "Anna's mother got up last night" is her mother's
    night, not Anna's: "did Anna get up last night" reads Anna's own first
    and not her mother's (review s31 M1: the mother's came first); "Anna's
    car" stays Anna's."""
    await english_home_with_minilm(hass, mock_config_entry, minilm, freezer)
    hass.states.async_set("person.anna", "home", {"friendly_name": "Anna"})
    hass.states.async_set("person.ben", "home", {"friendly_name": "Ben"})
    await hass.async_block_till_done()
    for told in (
        "remember that Anna woke up in the night to feed the baby",
        "remember that Anna's mother got up last night to use the bathroom",
        "remember that Ben was up at three last night because the dog was barking",
    ):
        await say(hass, told)
    answer = speech(await say(hass, "did Anna get up last night"))
    assert "feed the baby" in answer.split("2:")[0], answer
    assert "mother" not in answer, answer
    assert "dog" not in answer, answer


async def test_what_ben_got_is_what_he_bought_in_german(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    e5: MultilingualEmbedder,
    freezer: FrozenDateTimeFactory,
) -> None:
    """ "Was hat Ben besorgt?" and "… eingekauft?" ask what he bought:
    "besorgt" was no form of "gekauft" and Ben's night was read first, and
    "eingekauft" missed the hose (review s31 M7)."""
    freezer.move_to("2026-11-28T12:00:00+00:00")
    await german_home_with_e5(hass, mock_config_entry, e5)
    for told in (
        "Merk dir, dass Ben einen Gartenschlauch für den Schrebergarten gekauft hat",
        "Merk dir, dass Ben letzte Nacht wach war, weil der Hund bellte",
        "Merk dir, dass Ben ein Buch für Anna gekauft hat",
    ):
        await say(hass, told, language="de")
    for asked in ("Was hat Ben besorgt?", "Was hat Ben eingekauft?"):
        answer = speech(await say(hass, asked, language="de"))
        assert "Gartenschlauch" in answer, (asked, answer)
        assert "Hund" not in answer, (asked, answer)
