"""Questions of the household's new-user review, through the built-in agent.

Anna asked "do I have any allergies" ("Sorry, I couldn't understand that"),
"what is the bike lock code" (Home Assistant's gazetteer heard "clock" in
"bike lock" and told the time) and "which bus stops at the town hall" ("no
area called town hall"). Each is memory's now; Home Assistant's own
questions of the same shapes stay its own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from homeassistant.helpers import area_registry as ar
import pytest
from pytest_homeassistant_custom_component.common import async_mock_service

from .test_questions import ENGLISH, GERMAN, answered_by, ask, expose, speech

if TYPE_CHECKING:
    from homeassistant.core import HomeAssistant
    from pytest_homeassistant_custom_component.common import MockUser

pytestmark = pytest.mark.usefixtures(
    "mock_load_model", "agent_entry", "init_integration"
)

MEMORY = "HomeMemoryQuestion"


@pytest.mark.parametrize(
    ("told", "asked", "language", "said"),
    [
        (
            "remember that we have oat milk in the pantry",
            "do we have any oat milk",
            "en",
            "pantry",
        ),
        (
            "remember that I have a penicillin allergy",
            "do I have any allergy",
            "en",
            "penicillin",
        ),
        (
            "remember that I have a penicillin allergy",
            "what allergies do I have",
            "en",
            "penicillin",
        ),
        (
            "remember that I am allergic to penicillin",
            "am I allergic to anything",
            "en",
            "penicillin",
        ),
        (
            "remember that Ben is afraid of big dogs",
            "is Ben afraid of dogs",
            "en",
            "big dogs",
        ),
        # Review s21: "very", "frightened", "scares", "fear" were Home
        # Assistant's "Not any" or "not understood".
        (
            "remember that Grandpa is afraid of heights",
            "what is Grandpa frightened of",
            "en",
            "heights",
        ),
        (
            "remember that Grandpa is afraid of heights",
            "what scares Grandpa",
            "en",
            "heights",
        ),
        (
            "remember that Grandpa is afraid of heights",
            "what does Grandpa fear",
            "en",
            "heights",
        ),
        (
            "remember that we need a new plumber",
            "do we need a plumber",
            "en",
            "new plumber",
        ),
        (
            "remember that we have got spare fuses in the garage cupboard",
            "have we got spare fuses",
            "en",
            "cupboard",
        ),
        (
            "merk dir, dass wir Hafermilch in der Speisekammer haben",
            "haben wir noch Hafermilch",
            "de",
            "Speisekammer",
        ),
        (
            "merk dir, dass ich eine Penicillinallergie habe",
            "habe ich eine Penicillinallergie",
            "de",
            "Penicillin",
        ),
        (
            "merk dir, dass meine Bank-PIN 4821 ist",
            "wie lautet meine Bank-PIN",
            "de",
            "4821",
        ),
    ],
)
async def test_what_i_or_we_have_is_memorys(
    hass: HomeAssistant,
    user_anna: MockUser,
    told: str,
    asked: str,
    language: str,
    said: str,
) -> None:
    """ "do I/we have any …", "have we got …", "habe ich …", "haben wir …",
    "wie lautet meine …": memory's answer, not "not understood"."""
    await ask(hass, told, language, user=user_anna)
    answer = await ask(hass, asked, language, user=user_anna)
    assert answered_by(answer) == MEMORY, speech(answer)
    assert said in speech(answer), speech(answer)


@pytest.mark.parametrize(
    ("asked", "language", "nothing"),
    [
        ("do I have any allergies", "en", ENGLISH),
        ("habe ich Allergien", "de", GERMAN),
    ],
)
async def test_what_i_have_unknown_is_memorys_i_dont_know(
    hass: HomeAssistant, user_anna: MockUser, asked: str, language: str, nothing: object
) -> None:
    """With nothing remembered: memory's "I don't know", not Home
    Assistant's "Sorry, I couldn't understand that"."""
    answer = await ask(hass, asked, language, user=user_anna)
    assert answered_by(answer) == MEMORY, speech(answer)
    assert speech(answer) == nothing.say("question_nothing")  # type: ignore[attr-defined]


async def test_a_code_whose_name_sounds_like_clock_is_not_told_the_time(
    hass: HomeAssistant, user_anna: MockUser
) -> None:
    """ "what is the bike lock code": Home Assistant's gazetteer heard
    "clock" and said the time; memory answers (here: it knows nothing
    Anna may hear). "what time is it" stays Home Assistant's."""
    answer = await ask(hass, "what is the bike lock code", user=user_anna)
    assert answered_by(answer) == MEMORY, speech(answer)
    assert speech(answer) == ENGLISH.say("question_nothing")
    await ask(hass, "remember that the bike lock code is 2468", user=user_anna)
    answer = await ask(hass, "what is the bike lock code", user=user_anna)
    assert "2468" in speech(answer), speech(answer)
    assert answered_by(await ask(hass, "what time is it")) == "HassGetCurrentTime"
    assert answered_by(await ask(hass, "what is the time")) == "HassGetCurrentTime"


@pytest.mark.parametrize(
    ("asked", "intent"),
    [
        ("what's the date in the kitchen", "HassGetCurrentDate"),
        ("what's the time in the garage", "HassGetCurrentTime"),
        ("what is the time in New York", "HassGetCurrentTime"),
        ("what is today's date in the cellar", "HassGetCurrentDate"),
    ],
)
async def test_the_time_or_date_beside_an_unknown_place_stays_home_assistants(
    hass: HomeAssistant, user_anna: MockUser, asked: str, intent: str
) -> None:
    """The gazetteer's time or date beside a place Home Assistant does not
    know (or has: the kitchen) answers what was asked, unlike its "clock"
    in "bike lock code" (attack review s18b: memory said "I don't know")."""
    ar.async_get(hass).async_create("Kitchen")
    await ask(hass, "remember that the garden hose is in the garage", user=user_anna)
    answer = await ask(hass, asked, user=user_anna)
    assert answered_by(answer) == intent, speech(answer)


@pytest.mark.parametrize(
    "asked",
    [
        "welches Datum ist heute in der Küche",
        "welcher Tag ist heute im Wohnzimmer",
        "welches Datum haben wir im Keller",
        "wie spät ist es in der Garage",
    ],
)
async def test_the_german_date_beside_a_place_stays_home_assistants(
    hass: HomeAssistant, user_anna: MockUser, asked: str
) -> None:
    """German as English: "welches Datum ist heute in der Küche" was
    answered from memory ("Ich erinnere mich an 2 Dinge dazu …", final
    review s18 item 4). Home Assistant's German date and time sentences
    take no place, so its own answer is what it says without memory; a
    question about a date of something stays memory's."""
    for area in ("Küche", "Wohnzimmer"):
        ar.async_get(hass).async_create(area)
    for told in (
        "merk dir, dass der Gartenschlauch in der Garage ist",
        "merk dir, dass das Sommerfest am 4. Juli ist",
    ):
        await ask(hass, told, "de", user=user_anna)
    answer = await ask(hass, asked, "de", user=user_anna)
    assert answered_by(answer) != MEMORY, speech(answer)
    assert "Gartenschlauch" not in speech(answer), speech(answer)
    party = await ask(hass, "welches Datum hat das Sommerfest", "de", user=user_anna)
    assert answered_by(party) == MEMORY, speech(party)
    assert "4. Juli" in speech(party), speech(party)


@pytest.mark.parametrize(
    ("told", "asked", "language", "said"),
    [
        (
            "remember that bus number 12 stops at the town hall",
            "which bus stops at the town hall",
            "en",
            "Bus number 12",
        ),
        (
            "remember that Anna goes to the dentist on Baker Street",
            "which dentist does Anna go to",
            "en",
            "Baker Street",
        ),
        (
            # Stored "Der Bus Nummer hält 12 am Rathaus." before the number
            # went with its noun (text/clauses.py).
            "merk dir, dass der Bus Nummer 12 am Rathaus hält",
            "welcher Bus hält am Rathaus",
            "de",
            "Der Bus Nummer 12 hält am Rathaus",
        ),
    ],
)
async def test_which_questions_are_memorys(
    hass: HomeAssistant,
    user_anna: MockUser,
    told: str,
    asked: str,
    language: str,
    said: str,
) -> None:
    """ "which bus stops at the town hall": memory's answer, not "not aware
    of any area called town hall"."""
    await ask(hass, told, language, user=user_anna)
    answer = await ask(hass, asked, language, user=user_anna)
    assert answered_by(answer) == MEMORY, speech(answer)
    assert said in speech(answer), speech(answer)


async def test_home_assistants_which_questions_stay_its_own(
    hass: HomeAssistant, user_anna: MockUser
) -> None:
    """ "which lights are on" (in an area it has or lacks) is Home
    Assistant's state question, and so is its German form."""
    expose(hass, "light.kitchen", "Kitchen light", "on")
    await ask(hass, "remember that the lights in the town hall are on", user=user_anna)
    for asked, language in (
        ("which lights are on", "en"),
        ("which lights are on in the town hall", "en"),
        ("welche Lichter sind an", "de"),
    ):
        answer = await ask(hass, asked, language, user=user_anna)
        assert answered_by(answer) == "HassGetState", (asked, speech(answer))


async def test_what_is_the_spare_key_is_not_the_date(
    hass: HomeAssistant, user_anna: MockUser
) -> None:
    """ "what is the spare key" was told the date (the gazetteer's near
    miss, attack review s18); memory answers it."""
    await ask(hass, "remember that the spare key is under the red pot", user=user_anna)
    answer = await ask(hass, "what is the spare key", user=user_anna)
    assert answered_by(answer) == MEMORY, speech(answer)
    assert "red pot" in speech(answer), speech(answer)


@pytest.mark.parametrize(
    ("asked", "answered"),
    [
        ("who watched TV on Thursday", MEMORY),
        ("who turned on the TV yesterday", MEMORY),
        ("when did we watch TV", MEMORY),
        # Yes/no questions about the past (final review s19 item 2):
        # memory's too, never a command.
        ("was the TV on today", MEMORY),
        ("was the TV on on Thursday", MEMORY),
        ("did Ben turn on the TV", MEMORY),
        ("did the TV turn on on Thursday", MEMORY),
        # No question of memory's, and still no command: Home Assistant's
        # own "Sorry, …".
        ("why did the TV turn on", None),
        ("isn't the TV on yet", None),
    ],
)
async def test_a_question_never_switches_a_device(
    hass: HomeAssistant, user_anna: MockUser, asked: str, answered: str | None
) -> None:
    """A question is no command: Home Assistant's gazetteer read "who watched
    TV on Thursday" as "turn on the TV" and switched it on (month review
    s19). Memory answers; nothing is switched."""
    expose(hass, "switch.tv", "TV", "off")
    calls = async_mock_service(hass, "switch", "turn_on")
    answer = await ask(hass, asked, user=user_anna)
    await hass.async_block_till_done()
    assert calls == []
    assert answered_by(answer) == answered, speech(answer)
    assert speech(answer).startswith("Sorry") or answered == MEMORY
    # A command stays Home Assistant's.
    await ask(hass, "turn on the TV", user=user_anna)
    await hass.async_block_till_done()
    assert len(calls) == 1
