"""How recalls are said aloud through the built-in agent (session 42's
live review, EN and DE): a roundup keeps the asker's private secrets back
("And 1 private note of yours."), "what did I tell you last" says the last
thing told, the asker's own memories are "your"/"dein" throughout, and
another's private secret is answered like anything unknown."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from ..fake_agents import say
from .test_corrections import ENGLISH, GERMAN, speech
from .test_told_today import _all_of, _household

if TYPE_CHECKING:
    from freezegun.api import FrozenDateTimeFactory
    from homeassistant.core import HomeAssistant
    from pytest_homeassistant_custom_component.common import (
        MockConfigEntry,
        MockUser,
    )

pytestmark = pytest.mark.usefixtures("mock_load_model")

# Anna tells, after the household's morning (test_told_today): a private
# gate code, then her birthday and her passport for the household.
ANNAS = {
    "en": (
        "remember privately that my gate code is 4711",
        "remember that my birthday is on 3 March",
        "remember that my passport is in the desk drawer",
    ),
    "de": (
        "Merk dir privat, dass mein Torcode 4711 ist",
        "Merk dir, dass mein Geburtstag am 3. März ist",
        "Merk dir, dass mein Pass in der Schreibtischschublade liegt",
    ),
}
LAST_SECRET = {
    "en": "remember privately that my bike lock code is 9090",
    "de": "Merk dir privat, dass mein Fahrradschlosscode 9090 ist",
}
NOTE = {"en": "And 1 private note of yours.", "de": "Und 1 private Notiz von dir."}


async def _annas_day(
    hass: HomeAssistant,
    entry: MockConfigEntry,
    request: pytest.FixtureRequest,
    freezer: FrozenDateTimeFactory,
    language: str,
) -> tuple[MockUser, MockUser]:
    """The household of test_told_today, and Anna's three after it."""
    anna, ben = await _household(hass, entry, request, freezer, language)
    for told in ANNAS[language]:
        await say(hass, told, user=anna, language=language)
        freezer.tick(60)
    freezer.tick(600)
    return anna, ben


@pytest.mark.parametrize(
    ("language", "asked"),
    [
        ("en", "What's new since yesterday?"),
        ("en", "What did I tell you today?"),
        ("de", "Was gibt es seit gestern Neues?"),
        ("de", "Was habe ich dir heute erzählt?"),
    ],
)
async def test_a_roundup_keeps_the_askers_secret_back(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    request: pytest.FixtureRequest,
    freezer: FrozenDateTimeFactory,
    language: str,
    asked: str,
) -> None:
    """A roundup read Anna's private gate code to the room: it says there
    is one private note of hers instead, and her other private memory (no
    secret) and the rest as before; asked about it, she hears it."""
    anna, _ben = await _annas_day(hass, mock_config_entry, request, freezer, language)
    answer = await _all_of(hass, asked, anna, language)
    assert "4711" not in answer, answer
    assert answer.count(NOTE[language]) == 1, answer
    assert ("Pass" if language == "de" else "passport") in answer, answer
    direct = "What is my gate code?" if language == "en" else "Wie ist mein Torcode?"
    assert "4711" in speech(await say(hass, direct, user=anna, language=language))


@pytest.mark.parametrize(
    ("language", "told", "secret", "asked"),
    [
        (
            "en",
            "remember privately that the alarm disarm word is pelican",
            "pelican",
            "What did I tell you today?",
        ),
        (
            "en",
            "remember privately that my safe combination is left 3 right 7",
            "right 7",
            "What's new since yesterday?",
        ),
        (
            "de",
            "Merk dir privat, dass das Passwort fürs WLAN Sonnenblume lautet",
            "Sonnenblume",
            "Was habe ich dir heute erzählt?",
        ),
        (
            "de",
            "Merk dir privat, dass unser Losungswort Pelikan ist",
            "Pelikan",
            "Was gibt es seit gestern Neues?",
        ),
        # Live review s43 M1: a word named by what it opens.
        (
            "en",
            "remember privately that the gate word is otter",
            "otter",
            "What did I tell you today?",
        ),
        (
            "de",
            "Merk dir privat, dass das Alarmwort Flamingo ist",
            "Flamingo",
            "Was habe ich dir heute erzählt?",
        ),
        # Live review s45 M4: a lock and the number it opens with.
        (
            "en",
            "remember privately that my bike lock is 5858",
            "5858",
            "What did I tell you today?",
        ),
        (
            "en",
            "remember privately that the safe opens with 7-3-9-1",
            "7-3-9-1",
            "What's new since yesterday?",
        ),
        (
            "de",
            "Merk dir privat, dass mein Fahrradschloss 5858 ist",
            "5858",
            "Was habe ich dir heute erzählt?",
        ),
    ],
)
async def test_a_roundup_keeps_a_secret_told_in_words_back(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    request: pytest.FixtureRequest,
    freezer: FrozenDateTimeFactory,
    language: str,
    told: str,
    secret: str,
    asked: str,
) -> None:
    """Live review s43 #5: a secret whose value is a word ("the alarm
    disarm word is pelican") was read to the room in a roundup."""
    anna, _ben = await _annas_day(hass, mock_config_entry, request, freezer, language)
    await say(hass, told, user=anna, language=language)
    freezer.tick(60)
    answer = await _all_of(hass, asked, anna, language)
    assert secret not in answer, answer
    assert ("private" in answer) or ("privat" in answer), answer


@pytest.mark.parametrize(
    ("language", "asked", "number"),
    [
        ("en", "What's new since yesterday?", "number {}"),
        ("de", "Was habe ich dir heute erzählt?", "Nummer {}"),
    ],
)
async def test_no_number_reads_what_a_roundup_kept_back(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    request: pytest.FixtureRequest,
    freezer: FrozenDateTimeFactory,
    language: str,
    asked: str,
    number: str,
) -> None:
    """Live review s43 #4: "number 1" after a roundup read the gate code it
    had kept back; now that number says it is a private note, and the
    others are read as before."""
    anna, _ben = await _annas_day(hass, mock_config_entry, request, freezer, language)
    heard = await _all_of(hass, asked, anna, language)
    assert NOTE[language] in heard, heard
    said = [
        speech(await say(hass, number.format(n), user=anna, language=language))
        for n in range(1, 10)
    ]
    assert not [answer for answer in said if "4711" in answer], said
    words = GERMAN if language == "de" else ENGLISH
    kept = [n for n, answer in enumerate(said, 1) if "private" in answer]
    assert [said[n - 1] for n in kept] == [
        words.say("private_kept_number", number=n) for n in kept
    ]
    assert len(kept) == 1, said


@pytest.mark.parametrize(
    ("language", "asked", "asker", "opening"),
    [
        (
            "en",
            "What did I tell you last?",
            "anna",
            (
                "The last thing you told me: Your passport is in the desk drawer. "
                "Before that: 2: Your birthday is on 3 March."
            ),
        ),
        (
            "en",
            "What did Anna tell you last?",
            "ben",
            (
                "The last thing Anna told me: Anna's passport is in the desk drawer. "
                "Before that: 2: Anna's birthday is on 3 March."
            ),
        ),
        (
            "de",
            "Was habe ich dir zuletzt erzählt?",
            "anna",
            (
                "Zuletzt hast du mir erzählt: Dein Pass liegt in der "
                "Schreibtischschublade. Davor: 2: Dein Geburtstag ist am 3. März."
            ),
        ),
        (
            "de",
            "Was hat Anna zuletzt gesagt?",
            "ben",
            (
                "Zuletzt hat Anna mir erzählt: Annas Pass liegt in der "
                "Schreibtischschublade. Davor: 2: Annas Geburtstag ist am 3. März."
            ),
        ),
    ],
)
async def test_the_last_thing_told_is_said_as_such(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    request: pytest.FixtureRequest,
    freezer: FrozenDateTimeFactory,
    language: str,
    asked: str,
    asker: str,
    opening: str,
) -> None:
    """ "What did I tell you last?" was "I remember 11 things about that":
    the last thing told, said as the last, then those before it; Anna's
    private gate code (third) is kept back for her, never told to Ben."""
    anna, ben = await _annas_day(hass, mock_config_entry, request, freezer, language)
    answer = speech(
        await say(hass, asked, user=anna if asker == "anna" else ben, language=language)
    )
    assert answer.startswith(opening), answer
    assert "4711" not in answer, answer
    assert (NOTE[language] in answer) is (asker == "anna"), answer


@pytest.mark.parametrize(
    ("language", "asked", "said", "not_said"),
    [
        (
            "en",
            "What do you know about me?",
            ("1: Your birthday is on 3 March.", "2: Your passport is in the desk"),
            "Anna",
        ),
        ("en", "When is my birthday?", ("Your birthday is on 3 March.",), "Anna"),
        (
            "de",
            "Was weißt du über mich?",
            ("1: Dein Geburtstag ist am 3. März.", "2: Dein Pass liegt in der"),
            "Anna",
        ),
        ("de", "Wo ist mein Pass?", ("Dein Pass liegt in der",), "Anna"),
    ],
)
async def test_the_askers_own_memories_are_said_to_them(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    request: pytest.FixtureRequest,
    freezer: FrozenDateTimeFactory,
    language: str,
    asked: str,
    said: tuple[str, ...],
    not_said: str,
) -> None:
    """ "Annas Geburtstag ist …" beside "Dein Torcode …" to Anna herself:
    her memories by her name are "your"/"dein" to her, as her private
    ones are; to Ben they stay Anna's."""
    anna, ben = await _annas_day(hass, mock_config_entry, request, freezer, language)
    answer = speech(await say(hass, asked, user=anna, language=language))
    for part in said:
        assert part in answer, answer
    assert not_said not in answer, answer
    question = {"en": "When is Anna's birthday?", "de": "Wann hat Anna Geburtstag?"}
    told = speech(await say(hass, question[language], user=ben, language=language))
    assert told.startswith("Anna"), told


@pytest.mark.parametrize(
    ("language", "asked", "answer"),
    [
        ("en", "What is Anna's gate code?", "I don't know Anna's gate code."),
        ("en", "What's Anna's gate code?", "I don't know Anna's gate code."),
        ("de", "Wie ist Annas Torcode?", "Annas Torcode kenne ich nicht."),
        ("de", "Was ist Annas Torcode?", "Annas Torcode kenne ich nicht."),
        ("de", "Wie lautet Annas Torcode?", "Annas Torcode kenne ich nicht."),
    ],
)
async def test_anothers_secret_is_unknown_like_anything_unknown(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    request: pytest.FixtureRequest,
    freezer: FrozenDateTimeFactory,
    language: str,
    asked: str,
    answer: str,
) -> None:
    """Ben asks for Anna's private gate code: the answer names what was
    asked, as for anything unknown, never whether it exists ("Annas
    Torcode existiert nicht" was Home Assistant's), and lists nothing
    else."""
    _anna, ben = await _annas_day(hass, mock_config_entry, request, freezer, language)
    assert speech(await say(hass, asked, user=ben, language=language)) == answer


@pytest.mark.parametrize(
    ("language", "asked", "opening"),
    [
        (
            "en",
            "What did I tell you last?",
            "The last thing you told me is a private note of yours. Before that: ",
        ),
        (
            "de",
            "Was habe ich dir zuletzt erzählt?",
            (
                "Das Letzte, was du mir erzählt hast, ist eine private Notiz "
                "von dir. Davor: "
            ),
        ),
    ],
)
async def test_a_secret_told_last_is_said_as_a_private_note(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    request: pytest.FixtureRequest,
    freezer: FrozenDateTimeFactory,
    language: str,
    asked: str,
    opening: str,
) -> None:
    """Anna's last telling is her private bike lock code: the answer says
    the last thing was a private note of hers, then what came before it.
    (Her gate code told again would be no new telling: it folds into the
    private memory she told first.)"""
    anna, _ben = await _annas_day(hass, mock_config_entry, request, freezer, language)
    await say(hass, LAST_SECRET[language], user=anna, language=language)
    answer = speech(await say(hass, asked, user=anna, language=language))
    assert answer.startswith(opening), answer
    assert "4711" not in answer, answer
    assert "9090" not in answer, answer
