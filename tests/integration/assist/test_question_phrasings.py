"""Questions in the words a new user says them, through the built-in agent.

Found by the new-user review (HA 2026.10.4 and 2026.11.0): "what did we talk
about last Tuesday", "where's the spare key", "worüber haben wir am Dienstag
geredet" or "wo hab ich den Schlüssel hingelegt" got Home Assistant's "not
understood" or "no area called Tuesday", though the memory was there. Asked
on Wednesday 4 March 2026, 09:30 (Berlin): last Tuesday is 3 March, Monday 2
March; what was talked about a week earlier must not be said.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from ..conftest import call, remember_on_a_wednesday
from .test_questions import ENGLISH, answered_by, ask, expose, speech

if TYPE_CHECKING:
    from freezegun.api import FrozenDateTimeFactory
    from homeassistant.core import HomeAssistant
    from pytest_homeassistant_custom_component.common import MockConfigEntry, MockUser

    from custom_components.home_memory.runtime.data import HomeMemoryConfigEntry

pytestmark = pytest.mark.usefixtures("mock_load_model")

# What was talked about, and when (Berlin wall clock).
TALKS = (
    ("We talked about the summer holiday in Portugal.", "2026-03-03T19:00:00"),
    ("We discussed repainting the hallway green.", "2026-03-02T20:00:00"),
    ("Wir haben über den Sommerurlaub in Portugal gesprochen.", "2026-03-03T19:30:00"),
    ("We talked about selling the old caravan.", "2026-02-24T19:00:00"),
)


@pytest.fixture
async def talks(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    init_integration: HomeMemoryConfigEntry,
    freezer: FrozenDateTimeFactory,
    hass_admin_user: MockUser,
) -> None:
    """The week's conversations, remembered on Wednesday 4 March 2026."""
    await remember_on_a_wednesday(hass, freezer, hass_admin_user, TALKS)


@pytest.mark.usefixtures("talks")
@pytest.mark.parametrize(
    ("asked", "said"),
    [
        ("what did we talk about last Tuesday", "Portugal"),
        ("what did we talk about last Tuesday?", "Portugal"),
        ("what did we talk about on Tuesday", "Portugal"),
        ("what did we discuss on Monday", "hallway"),
        ("what did we speak about on Monday", "hallway"),
        ("what did we chat about last Tuesday", "Portugal"),
        ("what have we talked about on Monday", "hallway"),
        ("what was discussed on Monday", "hallway"),
    ],
)
async def test_what_was_talked_about_on_a_day_is_memorys(
    hass: HomeAssistant, hass_admin_user: MockUser, asked: str, said: str
) -> None:
    """The day's talk, not Home Assistant's "no area called Monday", and
    nothing from the week before."""
    answer = await ask(hass, asked, user=hass_admin_user)
    assert answered_by(answer) == "HomeMemoryQuestion", speech(answer)
    assert said in speech(answer), speech(answer)
    assert "caravan" not in speech(answer)


@pytest.mark.usefixtures("talks")
@pytest.mark.parametrize(
    "asked",
    [
        "worüber haben wir letzten Dienstag gesprochen",
        "Worüber haben wir letzten Dienstag gesprochen?",
        "was haben wir letzten Dienstag besprochen",
        "worüber haben wir am Dienstag geredet",
        "was war letzten Dienstag",
    ],
)
async def test_german_talk_of_a_day_is_memorys(
    hass: HomeAssistant, hass_admin_user: MockUser, asked: str
) -> None:
    """German, in a German home: "gesprochen", "geredet", "besprochen",
    "worüber" and "was war" are memory's questions too."""
    hass.config.language = "de"
    answer = await ask(hass, asked, "de", user=hass_admin_user)
    assert answered_by(answer) == "HomeMemoryQuestion", speech(answer)
    assert "Portugal" in speech(answer), speech(answer)
    assert "caravan" not in speech(answer)


async def test_where_s_and_hab_are_memorys_questions(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    init_integration: HomeMemoryConfigEntry,
) -> None:
    """Speech-to-text writes "where's" (and says "hab"): memory answers them
    as it answers "where is" and "wo habe ich", not "no device called spare
    key" or "kein Bereich mit dem Namen Schlüssel hingelegt"."""
    for told in (
        "remember that the spare key is under the blue flower pot",
        "remember that the backup key is in the kitchen drawer",
    ):
        await ask(hass, told)
    for asked, said in (
        ("where's the spare key", "blue flower pot"),
        ("Where\u2019s the spare key?", "blue flower pot"),  # typographic
        ("where's the backup key", "kitchen drawer"),
    ):
        answer = await ask(hass, asked)
        assert answered_by(answer) == "HomeMemoryQuestion", speech(answer)
        assert said in speech(answer), speech(answer)

    hass.config.language = "de"
    await ask(hass, "merk dir, dass der Schlüssel in der Schublade liegt", "de")
    answer = await ask(hass, "wo hab ich den Schlüssel hingelegt", "de")
    assert answered_by(answer) == "HomeMemoryQuestion", speech(answer)
    assert "Schublade" in speech(answer), speech(answer)


async def test_where_s_a_person_home_assistant_knows_stays_its_own(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    init_integration: HomeMemoryConfigEntry,
) -> None:
    """ "where's Anna" as "where is Anna": Home Assistant's once it knows her."""
    await ask(hass, "remember that Anna is at the dentist until noon")
    for asked in ("where is Anna", "where's Anna"):
        answer = await ask(hass, asked)
        assert answered_by(answer) == "HomeMemoryQuestion", speech(answer)
    expose(hass, "person.anna", "Anna", "not_home")
    for asked in ("where is Anna", "where's Anna"):
        answer = await ask(hass, asked)
        assert answered_by(answer) != "HomeMemoryQuestion", asked
        assert "dentist" not in speech(answer)
    assert answered_by(await ask(hass, "where is Anna")) == "HassGetState"


@pytest.mark.parametrize(
    ("told", "asked"),
    [
        ("remember that Ben picks up the kids on Friday", "who's picking up the kids?"),
        (
            "remember that Anna's phone number is 0176 5551234",
            "what's Anna's phone number?",
        ),
        ("remember that the plumber comes on Thursday", "when's the plumber coming?"),
    ],
)
async def test_other_contractions_are_memorys_questions(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    init_integration: HomeMemoryConfigEntry,
    told: str,
    asked: str,
) -> None:
    """ "who's", "what's …'s" and "when's" as their long forms."""
    await ask(hass, told)
    answer = await ask(hass, asked)
    assert answered_by(answer) == "HomeMemoryQuestion", speech(answer)
    assert speech(answer) != ENGLISH.say("question_nothing")


async def test_was_war_is_memorys_only_where_home_assistant_understood_nothing(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    init_integration: HomeMemoryConfigEntry,
) -> None:
    """ "Was war …" without "los" or "passiert" is memory's only where Home
    Assistant knew no sentence, or took the whole subject for a name: a
    question it understood but for a missing area stays its own."""
    hass.config.language = "de"
    await ask(hass, "merk dir, dass die Küche frisch gestrichen ist", "de")
    result = await ask(hass, "Was war die Temperatur in der Küche", "de")
    assert answered_by(result) != "HomeMemoryQuestion"
    assert "gestrichen" not in speech(result)


@pytest.mark.usefixtures("agent_entry", "init_integration")
@pytest.mark.parametrize(
    ("asked", "language", "said"),
    [
        ("what are we doing this weekend", "en", "Grandma"),
        ("what's happening on Saturday", "en", "Grandma"),
        ("what is happening on Saturday?", "en", "Grandma"),
        ("what will we do on Saturday", "en", "Grandma"),
        ("Was haben wir dieses Wochenende vor?", "de", "Grandma"),
        ("Was machen wir am Samstag?", "de", "Grandma"),
        ("Kommt der Klempner am Dienstag?", "de", "Klempner"),
        ("Was passiert am Dienstag?", "de", "Klempner"),
        ("what's coming up", "en", "Grandma"),
        ("what's coming up with Grandma", "en", "Grandma"),
        ("what do we have coming up", "en", "Grandma"),
        ("Was steht demnächst an?", "de", "Klempner"),
    ],
)
async def test_what_is_coming_is_memorys(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    hass_admin_user: MockUser,
    asked: str,
    language: str,
    said: str,
) -> None:
    """Plans told on Wednesday, asked about as what is coming: the plan, not
    Home Assistant's "no area called Saturday" or "not understood" (final
    review)."""
    await remember_on_a_wednesday(hass, freezer, hass_admin_user, ())
    for content in (
        "We are visiting Grandma on Saturday.",
        "Der Klempner kommt am Dienstag.",
    ):
        await call(hass, "remember", {"content": content}, user=hass_admin_user)
    answer = await ask(hass, asked, language, user=hass_admin_user)
    assert answered_by(answer) == "HomeMemoryQuestion", speech(answer)
    assert said in speech(answer), speech(answer)


# A household's habits, likes and skills, as told (new-user review: each
# question below got "Sorry, I couldn't understand that", "not aware of any
# device called Ben good at" or, on 2026.11, "not aware of any area called
# Tuesday").
HABITS = (
    "Noah plays tennis on Mondays.",
    "Anna prefers to drink green tea.",
    "Anna likes jazz.",
    "Ben is good at chess.",
    "The plumber comes on Tuesday.",
    "Noah spielt Tennis im Verein.",
    "Anna trinkt am liebsten grünen Tee.",
    "Anna mag Jazz.",
    "Ben ist gut in Schach.",
    "Der Klempner kommt am Dienstag.",
)


@pytest.fixture
async def habits(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    init_integration: HomeMemoryConfigEntry,
    hass_admin_user: MockUser,
) -> None:
    """The household's habits, remembered."""
    for content in HABITS:
        await call(hass, "remember", {"content": content}, user=hass_admin_user)


@pytest.mark.usefixtures("habits")
@pytest.mark.parametrize(
    ("asked", "language", "said"),
    [
        ("what does Noah play?", "en", "tennis"),
        ("what sport does Noah play?", "en", "tennis"),
        ("does Noah play tennis?", "en", "tennis"),
        ("what does Anna drink?", "en", "green tea"),
        ("what does Anna like?", "en", "jazz"),
        ("what is Ben good at?", "en", "chess"),
        ("what's Ben good at?", "en", "chess"),
        ("what does Anna prefer to drink?", "en", "green tea"),
        ("does the plumber come on Tuesday?", "en", "plumber comes on Tuesday"),
        ("Was spielt Noah?", "de", "Tennis"),
        ("Welchen Sport macht Noah?", "de", "Tennis"),
        ("Spielt Noah Tennis?", "de", "Tennis"),
        ("Was trinkt Anna?", "de", "Tee"),
        ("Was mag Anna?", "de", "Jazz"),
        ("Worin ist Ben gut?", "de", "Schach"),
        ("Was trinkt Anna am liebsten?", "de", "Tee"),
        ("Kommt der Klempner am Dienstag?", "de", "Klempner kommt am Dienstag"),
    ],
)
async def test_a_persons_habits_likes_and_skills_are_memorys(
    hass: HomeAssistant,
    hass_admin_user: MockUser,
    asked: str,
    language: str,
    said: str,
) -> None:
    """What someone plays, drinks, likes or is good at: the memory, not Home
    Assistant's "not understood" or "no device called Ben good at"."""
    hass.config.language = language
    answer = await ask(hass, asked, language, user=hass_admin_user)
    assert answered_by(answer) == "HomeMemoryQuestion", speech(answer)
    assert said in speech(answer), speech(answer)


@pytest.mark.usefixtures("habits")
async def test_a_person_home_assistant_knows_still_has_habits(
    hass: HomeAssistant, hass_admin_user: MockUser
) -> None:
    """With a person Anna exposed, "where is Anna" is Home Assistant's (it
    has an answer), "what does Anna drink" still memory's (it has none)."""
    expose(hass, "person.anna", "Anna", "not_home")
    where = await ask(hass, "where is Anna", user=hass_admin_user)
    assert answered_by(where) == "HassGetState"
    for asked, language in (("what does Anna drink?", "en"), ("Was mag Anna?", "de")):
        hass.config.language = language
        answer = await ask(hass, asked, language, user=hass_admin_user)
        assert answered_by(answer) == "HomeMemoryQuestion", speech(answer)


@pytest.mark.usefixtures("habits")
@pytest.mark.parametrize(
    ("asked", "language"),
    [
        ("what does the thermostat say", "en"),
        ("does the light work", "en"),
        ("does the kitchen light work", "en"),
        ("what is the temperature in the kitchen", "en"),
        ("is the front door open", "en"),
        ("Macht das Licht an", "de"),
        ("Was sagt das Thermostat", "de"),
        ("Funktioniert das Licht", "de"),
    ],
)
async def test_home_assistants_own_sentences_stay_its_own(
    hass: HomeAssistant, hass_admin_user: MockUser, asked: str, language: str
) -> None:
    """No verb of a habit, no memory question: commands and questions about
    devices keep Home Assistant's answer (its apology included)."""
    expose(hass, "light.kitchen_light", "Kitchen light", "off")
    expose(hass, "binary_sensor.front_door", "Front door", "off")
    hass.config.language = language
    answer = await ask(hass, asked, language, user=hass_admin_user)
    assert answered_by(answer) != "HomeMemoryQuestion", speech(answer)


async def test_everyday_questions_home_assistant_cannot_answer_are_memorys(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    init_integration: HomeMemoryConfigEntry,
) -> None:
    """New-user review: "who is allergic to cats" got Home Assistant's "Not
    any" (read as a person's state), "tell me about Noah" "no device called
    about Noah", "does anyone have pet allergies" "I don't know what action
    to take", and "where do we hide the extra key", "how fast was Anna's
    half marathon", "what did Ben fix", "what did Uncle Tom help with" and
    "where did we get the apple pie recipe" "Sorry, I couldn't understand
    that".
    Each is memory's; "who is home" and "where is Anna" with a person stay
    Home Assistant's."""
    for told in (
        "remember that Mia is allergic to cats",
        "remember that Noah loves dinosaurs",
        "remember that the extra key is hidden under the doormat",
        "remember that Anna ran the city half marathon in 2 hours 5 minutes",
        "remember that Ben fixed the flat tyre on Mia's bike",
        "remember that Ben bought seed trays for the greenhouse",
        "remember that Uncle Tom helped us paint the fence",
        "remember that we got the apple pie recipe from Oma Hilde",
    ):
        await ask(hass, told)
    # A trigger (Home Assistant answers these itself otherwise): no intent.
    # "very" was Home Assistant's "Not any" (review s21).
    for asked in (
        "who is allergic to cats",
        "who's allergic to cats?",
        "who is very allergic to cats",
    ):
        answer = await ask(hass, asked)
        assert speech(answer) == "Mia is allergic to cats.", asked
    for asked, said in (
        # Routed to memory; finding "allergic to cats" for "pet allergies"
        # takes the real model (the acceptance test asks it so).
        ("does anyone have pet allergies", ""),
        ("tell me about Noah", "dinosaurs"),
        ("where do we hide the extra key", "doormat"),
        ("how fast was Anna's half marathon", "2 hours 5 minutes"),
        ("what did Ben fix", "flat tyre"),
        # Review s30b L1: "Sorry, I couldn't understand that".
        ("what has Ben fixed", "flat tyre"),
        ("what did Ben purchase", "seed trays"),
        ("what has Ben bought for the greenhouse", "seed trays"),
        # Review s24 M5: "Sorry, I couldn't understand that".
        ("what did Uncle Tom help with", "fence"),
        ("where did we get the apple pie recipe", "Oma Hilde"),
    ):
        answer = await ask(hass, asked)
        assert answered_by(answer) == "HomeMemoryQuestion", (asked, speech(answer))
        assert said in speech(answer), (asked, speech(answer))

    expose(hass, "person.anna", "Anna", "home")
    home = await ask(hass, "who is home")
    assert answered_by(home) == "HassGetState", speech(home)
    assert "Anna" in speech(home)
    anna = await ask(hass, "where is Anna")
    assert answered_by(anna) == "HassGetState", speech(anna)


async def test_who_is_allergic_in_german_is_memorys(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    init_integration: HomeMemoryConfigEntry,
) -> None:
    """ "wer ist gegen Katzen allergisch" got Home Assistant's "Keins" (a
    person's state); it is memory's, and "wer ist zu Hause" stays Home
    Assistant's."""
    hass.config.language = "de"
    await ask(hass, "merk dir, dass Mia gegen Katzen allergisch ist", "de")
    for asked in (
        "wer ist gegen Katzen allergisch",
        "ist jemand allergisch gegen Katzen",
    ):
        answer = await ask(hass, asked, "de")
        assert "Mia" in speech(answer), (asked, speech(answer))
    # Review s24 M5.
    for told in (
        "merk dir, dass Onkel Tom uns beim Zaunstreichen geholfen hat",
        "merk dir, dass Ben Anzuchtschalen für das Gewächshaus gekauft hat",
        "merk dir, dass wir das Apfelkuchenrezept von Oma Hilde haben",
    ):
        await ask(hass, told, "de")
    for asked, said in (
        ("Wobei hat Onkel Tom geholfen?", "Zaun"),
        # Review s30b L1: „Kein Bereich mit dem Namen Gewächshaus besorgt“.
        ("Was hat Ben für das Gewächshaus besorgt?", "Anzuchtschalen"),
        ("Woher haben wir das Apfelkuchenrezept?", "Oma Hilde"),
    ):
        answer = await ask(hass, asked, "de")
        assert answered_by(answer) == "HomeMemoryQuestion", (asked, speech(answer))
        assert said in speech(answer), (asked, speech(answer))
    expose(hass, "person.anna", "Anna", "home")
    home = await ask(hass, "wer ist zu Hause", "de")
    assert answered_by(home) == "HassGetState", speech(home)


@pytest.mark.parametrize(
    ("asked", "said"),
    [
        ("Wovor hat Anna Angst?", "Wespen"),
        ("Wovor hat anna Angst?", "Wespen"),
        ("Hat Anna vor etwas Angst?", "Wespen"),
        ("Wovor fürchtet sich Anna?", "Wespen"),
        ("Wovor haben die Kinder Angst?", "Gewitter"),
        ("Wovor habe ich Angst?", ""),
        ("Ist Mia gegen etwas allergisch?", "Katzen"),
    ],
)
async def test_what_someone_is_afraid_of_in_german_is_memorys(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    init_integration: HomeMemoryConfigEntry,
    asked: str,
    said: str,
) -> None:
    """ "Wovor hat Anna Angst?" got "nicht verstanden", "Wovor haben die
    Kinder Angst?" "Kein Bereich mit dem Namen Kinder Angst", "Hat Anna vor
    etwas Angst?" "Hat Anna vor existiert nicht" (review s21): memory's."""
    hass.config.language = "de"
    for told in (
        "merk dir, dass Anna Angst vor Wespen hat",
        "merk dir, dass die Kinder Angst vor Gewitter haben",
        "merk dir, dass Mia gegen Katzen allergisch ist",
    ):
        await ask(hass, told, "de")
    answer = await ask(hass, asked, "de")
    assert answered_by(answer) == "HomeMemoryQuestion", speech(answer)
    assert said in speech(answer), speech(answer)
