"""Told corrections said to the built-in agent that are no update of the
household's memory: a private one, a command to the home, a statement
that adds to one told before (final review s18 #5, attacker review s18b
L6 and L8), with the real MiniLM and e5 a home gets."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from custom_components.home_memory.memory.common.values import (
    Caller,
    MemoryFilter,
    Visibility,
)

from ..fake_agents import say
from .test_corrections import (
    ENGLISH,
    GERMAN,
    english_home_with_minilm,
    german_home_with_e5,
    speech,
)

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


def seen_by(store: MemoryStore, user: MockUser) -> dict[str, Visibility]:
    """What `user` sees: each active memory's text and who sees it."""
    items = store.list_memories(Caller(user_id=user.id), MemoryFilter()).items
    return {m.content: m.visibility for m in items}


async def test_a_private_correction_is_kept_without_the_old_value(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    minilm: Embedder,
    freezer: FrozenDateTimeFactory,
    user_anna: MockUser,
    user_ben: MockUser,
) -> None:
    """Final review s18 #5: Ben's "… the green flower pot instead of the red
    one, don't tell Anna" was stored as said, "instead of the red one" and
    all. It stays his (never the household's), without the old value, and
    he hears what the household's memory still says."""
    store = await english_home_with_minilm(hass, mock_config_entry, minilm, freezer)
    await say(
        hass, "remember that the spare key is under the red flower pot", user=user_anna
    )
    answer = speech(
        await say(
            hass,
            "remember that the spare key is under the green flower pot instead of "
            "the red one, don't tell Anna",
            user=user_ben,
        )
    )
    assert answer == " ".join(
        (
            ENGLISH.say("remembered_private"),
            ENGLISH.say(
                "household_says", household="The spare key is under the red flower pot"
            ),
        )
    )
    assert seen_by(store, user_ben) == {
        "The spare key is under the red flower pot.": Visibility.HOUSEHOLD,
        "The spare key is under the green flower pot.": Visibility.PRIVATE,
    }
    assert seen_by(store, user_anna) == {
        "The spare key is under the red flower pot.": Visibility.HOUSEHOLD
    }


async def test_a_german_private_correction_is_kept_without_the_old_value(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    e5: MultilingualEmbedder,
    freezer: FrozenDateTimeFactory,
    user_anna: MockUser,
    user_ben: MockUser,
) -> None:
    """The same in German, "…, das bleibt unter uns": it was stored
    scrambled ("Der Ersatzschlüssel roten unter dem grünen Blumentopf liegt
    statt unter dem.")."""
    await hass.config.async_update(time_zone="Europe/Berlin")
    freezer.move_to("2026-12-01T17:00:00+00:00")
    store = await german_home_with_e5(hass, mock_config_entry, e5)
    await say(
        hass,
        "merk dir, dass der Ersatzschlüssel unter dem roten Blumentopf liegt.",
        language="de",
        user=user_anna,
    )
    answer = speech(
        await say(
            hass,
            "merk dir, dass der Ersatzschlüssel unter dem grünen Blumentopf liegt "
            "statt unter dem roten, das bleibt unter uns",
            language="de",
            user=user_ben,
        )
    )
    assert answer == " ".join(
        (
            GERMAN.say("remembered_private"),
            GERMAN.say(
                "household_says",
                household="Der Ersatzschlüssel liegt unter dem roten Blumentopf",
            ),
        )
    )
    assert seen_by(store, user_ben) == {
        "Der Ersatzschlüssel liegt unter dem roten Blumentopf.": Visibility.HOUSEHOLD,
        "Der Ersatzschlüssel liegt unter dem grünen Blumentopf.": Visibility.PRIVATE,
    }


@pytest.mark.parametrize(
    ("said", "language"),
    [
        ("unlock the bike lock, the code is 7788 instead of 5566", "en"),
        ("turn on the porch light, the code is 7788 instead of 5566", "en"),
        ("schließ das Fahrradschloss auf, der Code ist 7788 statt 5566", "de"),
    ],
)
async def test_a_command_to_the_home_is_no_correction(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    minilm: Embedder,
    freezer: FrozenDateTimeFactory,
    user_ben: MockUser,
    said: str,
    language: str,
) -> None:
    """Attacker review s18b L6: "unlock the bike lock, the code is 7788
    instead of 5566" was stored for the household ("Okay, I'll remember
    that."). A command is Home Assistant's to answer, as before the
    correction sentences (its own "not aware of any …")."""
    store = await english_home_with_minilm(hass, mock_config_entry, minilm, freezer)
    answer = speech(await say(hass, said, language=language, user=user_ben))
    wording = ENGLISH if language == "en" else GERMAN
    assert answer not in {wording.say("remembered"), wording.say("remembered_private")}
    assert not answer.startswith(("Updated", "Aktualisiert")), answer
    assert seen_by(store, user_ben) == {}


@pytest.mark.parametrize("private", [True, False])
async def test_a_statement_that_adds_keeps_the_first(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    minilm: Embedder,
    freezer: FrozenDateTimeFactory,
    user_ben: MockUser,
    private: bool,
) -> None:
    """Attacker review s18b L8: "we are planning Anna's surprise party"
    after "the surprise party for Anna is on Friday" was "Updated: … (was:
    …)", and Friday was lost. It adds: both are kept, in private and for
    the household."""
    store = await english_home_with_minilm(hass, mock_config_entry, minilm, freezer)
    keep = ", don't tell Anna" if private else ""
    answers = [
        speech(await say(hass, f"remember that {said}{keep}", user=user_ben))
        for said in (
            "the surprise party for Anna is on Friday",
            "we are planning Anna's surprise party",
        )
    ]
    told = "remembered_private" if private else "remembered"
    assert answers == [ENGLISH.say(told)] * 2
    assert set(seen_by(store, user_ben)) == {
        "The surprise party for Anna is on Friday.",
        "We are planning Anna's surprise party.",
    }
