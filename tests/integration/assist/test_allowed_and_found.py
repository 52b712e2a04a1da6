"""What someone may eat, what they have, where one finds a thing, through
the built-in agent.

The live review s42 (a real Home Assistant) heard Home Assistant's errors
where memory had the answer: "Is Ben allowed to eat nuts?" ("Sorry, Ben is
not exposed", Ben a person), "Is Mia allowed to eat nuts?" ("not aware of
any device called Is Mia allowed"), "Can Ben eat nuts?", "Does Ben have any
allergies?", "Darf Ben Nüsse essen?", "Hat Ben Allergien?" ("couldn't
understand that"), "Where can I find the spare key?" ("not aware of any
device called spare key"). Each is memory's now; Home Assistant's own
commands and questions, a person's location among them, stay its own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from homeassistant.helpers import area_registry as ar
import pytest

from .test_questions import answered_by, ask, expose, speech

if TYPE_CHECKING:
    from homeassistant.core import HomeAssistant
    from pytest_homeassistant_custom_component.common import MockConfigEntry, MockUser

    from custom_components.home_memory.runtime.data import HomeMemoryConfigEntry

pytestmark = pytest.mark.usefixtures(
    "mock_load_model", "agent_entry", "init_integration"
)

MEMORY = "HomeMemoryQuestion"
ALLERGY = "remember that Ben is allergic to peanuts"
ALLERGY_DE = "Merk dir, Ben ist allergisch gegen Erdnüsse"
KEY = "remember that The spare key is under the blue flower pot next to the front door"
VALVE = "remember that the main water valve is under the kitchen sink"
VALVE_DE = "Merk dir, der Haupthahn fürs Wasser ist unter der Spüle"
SISTER = "remember that Anna's sister Julia lives in Hamburg"
SISTER_DE = "Merk dir, dass Annas Schwester Julia in Hamburg wohnt"
KEY_DE = (
    "Merk dir, der Ersatzschlüssel liegt unter dem blauen Blumentopf neben der Haustür"
)


@pytest.fixture
def home(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    init_integration: HomeMemoryConfigEntry,
) -> None:
    """The review's household: areas, a front door and a kitchen light
    Assist may use, the person Anna it may use and the person Ben it may
    not."""
    areas = ar.async_get(hass)
    for area in ("Garage", "Kitchen", "Hallway", "Küche", "Flur"):
        areas.async_create(area)
    expose(hass, "person.anna", "Anna", "home")
    hass.states.async_set("person.ben", "home", {"friendly_name": "Ben"})
    expose(hass, "binary_sensor.front_door", "Front door", "off")
    expose(hass, "binary_sensor.haustuer", "Haustür", "off")
    expose(hass, "light.kitchen_light", "Kitchen light", "off")
    expose(hass, "light.licht", "Licht", "off")


@pytest.mark.usefixtures("home")
@pytest.mark.parametrize(
    ("told", "asked", "said"),
    [
        (ALLERGY, "Is Ben allowed to eat nuts?", "allergic to peanuts"),
        (ALLERGY, "Is Mia allowed to eat nuts?", "don't know"),
        (ALLERGY, "Can Ben eat nuts?", "allergic to peanuts"),
        (ALLERGY, "Does Ben have any allergies?", "allergic to peanuts"),
        (KEY, "Where can I find the spare key?", "blue flower pot"),
        (KEY, "where do we find a spare key", "blue flower pot"),
        # Live review s43 M3: "Sorry, I couldn't understand that".
        (VALVE, "How do I shut off the water for the whole house?", "kitchen sink"),
        (VALVE, "How can we turn off the water?", "kitchen sink"),
        # Live review s45 M3: "Sorry, I couldn't understand that".
        (SISTER, "Does Anna have any siblings?", "Julia"),
        (SISTER, "Does Anna have a sister?", "Julia"),
        (SISTER, "Has Anna got any siblings?", "Julia"),
    ],
)
async def test_english_questions_are_memorys(
    hass: HomeAssistant, user_anna: MockUser, told: str, asked: str, said: str
) -> None:
    """Memory's answer, Ben a person Home Assistant has but may not use
    and Mia one it does not know (nothing told of her: memory says so)."""
    await ask(hass, told, user=user_anna)
    answer = await ask(hass, asked, user=user_anna)
    assert answered_by(answer) == MEMORY, speech(answer)
    assert said in speech(answer), speech(answer)


@pytest.mark.usefixtures("home")
@pytest.mark.parametrize(
    ("told", "asked", "said"),
    [
        (ALLERGY_DE, "Darf Ben Nüsse essen?", "allergisch gegen Erdnüsse"),
        (ALLERGY_DE, "Kann Ben Nüsse essen?", "allergisch gegen Erdnüsse"),
        (ALLERGY_DE, "Hat Ben Allergien?", "allergisch gegen Erdnüsse"),
        (KEY_DE, "Wo finde ich den Ersatzschlüssel?", "blauen Blumentopf"),
        (KEY_DE, "Wo kann ich den Ersatzschlüssel finden?", "blauen Blumentopf"),
        (VALVE_DE, "Wie stelle ich das Wasser fürs ganze Haus ab?", "Spüle"),
        (VALVE_DE, "Wie kann man das Wasser abdrehen?", "Spüle"),
        (SISTER_DE, "Hat Anna Geschwister?", "Julia"),
        (SISTER_DE, "Hat Anna eine Schwester?", "Julia"),
    ],
)
async def test_german_questions_are_memorys(
    hass: HomeAssistant, user_anna: MockUser, told: str, asked: str, said: str
) -> None:
    """The same in German, with a Haustür Home Assistant has."""
    hass.config.language = "de"
    await ask(hass, told, "de", user=user_anna)
    answer = await ask(hass, asked, "de", user=user_anna)
    assert answered_by(answer) == MEMORY, speech(answer)
    assert said in speech(answer), speech(answer)


@pytest.mark.usefixtures("home")
async def test_home_assistants_own_stay_its_own(
    hass: HomeAssistant, user_anna: MockUser
) -> None:
    """A command asked as a question, a door's state, a person's location
    (also "where can I find Anna"), whether Ben is home, "Darf ich das
    Licht einschalten?": Home Assistant's, with memories sharing their
    words."""
    for told in (
        ALLERGY,
        KEY,
        "remember that Anna is at the dentist until noon",
        "remember that Ben can turn on the kitchen light himself",
    ):
        await ask(hass, told, user=user_anna)
    calls: list[object] = []
    hass.services.async_register("light", "turn_on", calls.append)
    light = await ask(hass, "can you turn on the kitchen light", user=user_anna)
    assert answered_by(light) == "HassTurnOn", speech(light)
    await hass.async_block_till_done()
    assert len(calls) == 1
    for question in (
        "is the front door open",
        "where is Anna",
        "where can I find Anna",
        "where can I find the kitchen light",
    ):
        result = await ask(hass, question, user=user_anna)
        assert answered_by(result) == "HassGetState", (question, speech(result))
        assert "dentist" not in speech(result), (question, speech(result))
    for question in ("is Ben home", "can you play some music"):
        result = await ask(hass, question, user=user_anna)
        assert answered_by(result) != MEMORY, (question, speech(result))
    hass.config.language = "de"
    await ask(hass, ALLERGY_DE, "de", user=user_anna)
    for question in (
        "Darf ich das Licht einschalten?",
        "Ist Ben zu Hause?",
        "Wo ist Anna?",
    ):
        result = await ask(hass, question, "de", user=user_anna)
        assert answered_by(result) != MEMORY, (question, speech(result))
