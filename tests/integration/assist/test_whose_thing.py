"""A question about one person's thing is answered with that person's
thing or "I don't know Anna's gate code." (session 43's live review, EN and
DE, real models): Ben's gate code told by Anna, Ben's own private code,
the bikes for "Anna's bike code", Anna's passport for "Annas Passwort" and
Anna's birthday are no answer to it; Anna's own gate code is."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from ..fake_agents import say
from .test_corrections import speech
from .test_told_today import _household

if TYPE_CHECKING:
    from freezegun.api import FrozenDateTimeFactory
    from homeassistant.core import HomeAssistant
    from pytest_homeassistant_custom_component.common import (
        MockConfigEntry,
        MockUser,
    )

pytestmark = pytest.mark.usefixtures("mock_load_model")

# After the household's morning (test_told_today, with "the bikes are in the
# shed"): Anna tells Ben's gate code and her own birthday, liking and
# passport for the household; Ben tells his own code privately.
TOLD = {
    "en": {
        "anna": (
            "remember that Ben's gate code is 1234",
            "remember that my birthday is on 3 March",
            "remember that I like tea",
            "remember that my passport is in the desk drawer",
        ),
        "ben": ("remember privately that my code is 8888",),
    },
    "de": {
        "anna": (
            "Merk dir, dass Bens Torcode 1234 ist",
            "Merk dir, dass mein Geburtstag am 3. März ist",
            "Merk dir, dass ich gern Tee trinke",
            "Merk dir, dass mein Pass in der Schreibtischschublade liegt",
        ),
        "ben": ("Merk dir privat, dass mein Code 8888 ist",),
    },
}
ANNAS_CODE = {
    "en": "remember that my gate code is 4321",
    "de": "Merk dir, dass mein Torcode 4321 ist",
}
UNKNOWN = {
    "en": {
        "What is Anna's gate code?": "I don't know Anna's gate code.",
        "What is Anna's bike code?": "I don't know Anna's bike code.",
    },
    "de": {
        "Was ist Annas Torcode?": "Annas Torcode kenne ich nicht.",
        "Was ist Annas Passwort?": "Annas Passwort kenne ich nicht.",
    },
}


async def _told(
    hass: HomeAssistant,
    entry: MockConfigEntry,
    request: pytest.FixtureRequest,
    freezer: FrozenDateTimeFactory,
    language: str,
) -> tuple[MockUser, MockUser]:
    anna, ben = await _household(hass, entry, request, freezer, language)
    for who, user in (("anna", anna), ("ben", ben)):
        for told in TOLD[language][who]:
            await say(hass, told, user=user, language=language)
            freezer.tick(60)
    freezer.tick(600)
    return anna, ben


@pytest.mark.parametrize(
    ("language", "asked"),
    [(language, asked) for language, said in UNKNOWN.items() for asked in said],
)
async def test_anothers_thing_is_no_answer(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    request: pytest.FixtureRequest,
    freezer: FrozenDateTimeFactory,
    language: str,
    asked: str,
) -> None:
    """Ben asks for Anna's thing: Ben's gate code (told by Anna), his own
    private code, the bikes, Anna's passport, birthday or tea are not it."""
    _anna, ben = await _told(hass, mock_config_entry, request, freezer, language)
    answer = speech(await say(hass, asked, user=ben, language=language))
    assert answer == UNKNOWN[language][asked], answer


@pytest.mark.parametrize("language", ["en", "de"])
async def test_the_asked_persons_thing_still_answers(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    request: pytest.FixtureRequest,
    freezer: FrozenDateTimeFactory,
    language: str,
) -> None:
    """Anna's own "my gate code is 4321" answers Ben's question for it, and
    Ben's own question for his gate code hears Anna's telling of it."""
    anna, ben = await _told(hass, mock_config_entry, request, freezer, language)
    await say(hass, ANNAS_CODE[language], user=anna, language=language)
    freezer.tick(60)
    asked = next(iter(UNKNOWN[language]))
    answer = speech(await say(hass, asked, user=ben, language=language))
    assert "4321" in answer, answer
    assert "1234" not in answer, answer
    assert "8888" not in answer, answer
    own = "What is my gate code?" if language == "en" else "Was ist mein Torcode?"
    answer = speech(await say(hass, own, user=ben, language=language))
    assert "1234" in answer, answer
    assert "4321" not in answer, answer


async def test_the_askers_german_note_is_not_annas(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    request: pytest.FixtureRequest,
    freezer: FrozenDateTimeFactory,
) -> None:
    """In an English home Ben keeps a German private note ("Mein Code ist
    8888"): his English "What is Anna's gate code?" is not answered by it."""
    _anna, ben = await _household(hass, mock_config_entry, request, freezer, "en")
    await say(hass, "Merk dir privat, dass mein Code 8888 ist", user=ben, language="de")
    freezer.tick(600)
    mine = speech(await say(hass, "Was ist mein Code?", user=ben, language="de"))
    assert "8888" in mine, mine
    answer = speech(await say(hass, "What is Anna's gate code?", user=ben))
    assert answer == "I don't know Anna's gate code.", answer


@pytest.mark.parametrize(
    ("language", "told", "asked"),
    [
        (
            "en",
            (
                ("ben", "remember privately that my safe code is 2580"),
                ("anna", "remember that Ben's safe code is 2580"),
            ),
            ("What is Ben's safe code?", "What is my safe code?"),
        ),
        (
            "de",
            (
                ("ben", "Merk dir privat, dass mein Tresorcode 2580 ist"),
                ("anna", "Merk dir, dass Bens Tresorcode 2580 ist"),
            ),
            ("Was ist Bens Tresorcode?", "Was ist mein Tresorcode?"),
        ),
    ],
)
async def test_the_askers_own_thing_is_listed_once(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    request: pytest.FixtureRequest,
    freezer: FrozenDateTimeFactory,
    language: str,
    told: tuple[tuple[str, str], ...],
    asked: tuple[str, ...],
) -> None:
    """Ben's private safe code and Anna's household telling of it: Ben
    hears one, his own, and nothing unrelated; Anna hears hers."""
    anna, ben = await _told(hass, mock_config_entry, request, freezer, language)
    users = {"anna": anna, "ben": ben}
    for who, said in told:
        await say(hass, said, user=users[who], language=language)
        freezer.tick(60)
    for question in asked:
        answer = speech(await say(hass, question, user=ben, language=language))
        assert answer.count("2580") == 1, answer
        assert not answer.startswith(("I remember", "Ich weiß")), answer
    answer = speech(await say(hass, asked[0], user=anna, language=language))
    assert "2580" in answer, answer
