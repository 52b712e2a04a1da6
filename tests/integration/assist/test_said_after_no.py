"""A statement said after a bare "no", through the built-in agent.

"Merk dir, die Taschenlampe liegt in der Küche." then "Nein, die
Taschenlampe liegt im Flur." got Home Assistant's "Kein Bereich mit dem
Namen …" (review s40 #1). Said where a memory the speaker may see tells of
the same subject, it corrects that memory as "eigentlich …" does; without
one (another subject, or only someone else's private memory) the "no" may
answer a question, and Home Assistant keeps the sentence.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from custom_components.home_memory.memory.common.values import (
    SYSTEM,
    Caller,
    MemoryFilter,
)

from ..fake_agents import say
from .test_corrections import ENGLISH, GERMAN, contents, speech
from .test_person_corrections import home_in

if TYPE_CHECKING:
    from freezegun.api import FrozenDateTimeFactory
    from homeassistant.core import HomeAssistant
    from pytest_homeassistant_custom_component.common import MockConfigEntry, MockUser

pytestmark = pytest.mark.usefixtures("mock_load_model")

# (language, told, said after "no", the other subject's "no", the update
# said, the memory after it).
CASES = [
    (
        "de",
        "Merk dir, die Taschenlampe liegt in der Küche.",
        "Nein, die Taschenlampe liegt im Flur.",
        "Nein, die Schere liegt im Flur.",
        GERMAN.say(
            "updated", content="Die Taschenlampe liegt im Flur", was="in der Küche"
        ),
        "Die Taschenlampe liegt im Flur.",
    ),
    (
        "en",
        "remember that the torch is in the kitchen",
        "No, the torch is in the hall.",
        "No, the scissors are in the hall.",
        ENGLISH.say("updated", content="The torch is in the hall", was="the kitchen"),
        "The torch is in the hall.",
    ),
]


@pytest.mark.parametrize(
    ("language", "told", "corrected", "other", "answer", "kept"), CASES
)
async def test_a_statement_after_no_corrects_a_memory_of_its_subject(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    freezer: FrozenDateTimeFactory,
    request: pytest.FixtureRequest,
    user_anna: MockUser,
    language: str,
    told: str,
    corrected: str,
    other: str,
    answer: str,
    kept: str,
) -> None:
    """The torch's place corrected; the scissors, of which nothing is
    held, stay Home Assistant's and nothing is stored."""
    store = await home_in(language, hass, mock_config_entry, freezer, request)
    await say(hass, told, language=language, user=user_anna)
    assert speech(await say(hass, corrected, language=language, user=user_anna)) == (
        answer
    )
    assert contents(store) == {kept}
    said = speech(await say(hass, other, language=language, user=user_anna))
    home_words = GERMAN if language == "de" else ENGLISH
    assert said not in {
        home_words.say("remembered"),
        home_words.say("already_known"),
    }, said
    assert not said.startswith(home_words.responses["updated"].split(":")[0]), said
    assert contents(store) == {kept}


@pytest.mark.parametrize(
    ("language", "told", "corrected", "other"), [c[:4] for c in CASES]
)
async def test_someone_elses_private_memory_opens_no_correction(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    freezer: FrozenDateTimeFactory,
    request: pytest.FixtureRequest,
    user_anna: MockUser,
    user_ben: MockUser,
    language: str,
    told: str,
    corrected: str,
    other: str,
) -> None:
    """Anna's private torch is not Ben's to correct, nor to learn of: his
    "no, …" stays Home Assistant's and her memory as it was."""
    store = await home_in(language, hass, mock_config_entry, freezer, request)
    private = told.replace("Merk dir,", "Merk dir privat,").replace(
        "remember that", "remember privately that"
    )
    await say(hass, private, language=language, user=user_anna)
    [before] = store.list_memories(Caller(user_id=user_anna.id), MemoryFilter()).items
    said = speech(await say(hass, corrected, language=language, user=user_ben))
    home_words = GERMAN if language == "de" else ENGLISH
    assert not said.startswith(home_words.responses["updated"].split(":")[0]), said
    assert said not in {home_words.say("remembered"), home_words.say("already_known")}
    [after] = store.list_memories(Caller(user_id=user_anna.id), MemoryFilter()).items
    assert after.content == before.content
    assert list(store.list_memories(SYSTEM, MemoryFilter()).items) == []


@pytest.mark.parametrize(
    ("language", "told", "corrected", "answer", "kept"),
    [
        (
            "en",
            "remember privately that my passport is in the desk drawer",
            "No, my passport is in the safe",
            ENGLISH.say(
                "updated", content="My passport is in the safe", was="the desk drawer"
            ),
            "My passport is in the safe.",
        ),
        (
            "de",
            "Merk dir privat, dass mein Reisepass in der Schreibtischschublade ist",
            "Nein, mein Reisepass ist im Tresor",
            GERMAN.say(
                "updated",
                content="Mein Reisepass ist im Tresor",
                was="in der Schreibtischschublade",
            ),
            "Mein Reisepass ist im Tresor.",
        ),
        (
            "en",
            "remember privately that my physio appointment is tomorrow",
            "no, actually my physio appointment is on Monday, not tomorrow",
            ENGLISH.say(
                "updated",
                content="My physio appointment is on Monday 30 November",
                was="on Tuesday 1 December",
            ),
            "My physio appointment is on Monday 30 November.",
        ),
    ],
)
async def test_one_s_own_private_memory_is_corrected_in_one_s_own_words(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    freezer: FrozenDateTimeFactory,
    request: pytest.FixtureRequest,
    user_anna: MockUser,
    language: str,
    told: str,
    corrected: str,
    answer: str,
    kept: str,
) -> None:
    """Anna's private "my passport …", corrected by her "no, my passport
    …", read "Anna's passport …" (review s41 #3): a private memory keeps
    the first person it was told in, as a private remember stores it; so
    does one corrected to another day (its plan's reading)."""
    store = await home_in(language, hass, mock_config_entry, freezer, request)
    freezer.move_to("2026-11-30T09:00:00+00:00")  # a Monday
    await say(hass, told, language=language, user=user_anna)
    said = speech(await say(hass, corrected, language=language, user=user_anna))
    assert said == answer, said
    [memory] = store.list_memories(Caller(user_id=user_anna.id), MemoryFilter()).items
    assert memory.content == kept
    assert str(memory.visibility) == "private"


@pytest.mark.parametrize(
    ("language", "told", "corrected", "kept"),
    [
        (
            "en",
            "remember that my passport is in the desk drawer",
            "No, my passport is in the safe",
            "Anna's passport is in the safe.",
        ),
        (
            "de",
            "Merk dir, dass mein Reisepass in der Schreibtischschublade ist",
            "Nein, mein Reisepass ist im Tresor",
            "Annas Reisepass ist im Tresor.",
        ),
    ],
)
async def test_one_s_own_household_memory_is_corrected_by_my(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    freezer: FrozenDateTimeFactory,
    request: pytest.FixtureRequest,
    user_anna: MockUser,
    user_ben: MockUser,
    language: str,
    told: str,
    corrected: str,
    kept: str,
) -> None:
    """Anna's "my passport …", kept for the household as "Anna's passport
    …": her "no, my passport …" corrects it (session 41: "Sorry, I am not
    aware of any area called safe"); Ben's "no, my passport …" is his own
    passport, no correction of hers."""
    store = await home_in(language, hass, mock_config_entry, freezer, request)
    await say(hass, told, language=language, user=user_anna)
    said = speech(await say(hass, corrected, language=language, user=user_anna))
    home_words = GERMAN if language == "de" else ENGLISH
    assert said.startswith(home_words.responses["updated"].split(":")[0]), said
    assert contents(store) == {kept}
    await say(hass, corrected, language=language, user=user_ben)
    assert kept in contents(store)


@pytest.mark.parametrize(
    ("language", "told", "again", "asked", "secret"),
    [
        (
            "en",
            "remember privately that my pin is 4321",
            "actually, my pin is 4321",
            "What is Anna's pin?",
            "4321",
        ),
        (
            "en",
            "remember privately that my phone is in the desk drawer",
            "No, my phone is in the desk drawer",
            "Where is Anna's phone?",
            "desk drawer",
        ),
        (
            "de",
            "Merk dir privat, dass mein Handy in der Schublade liegt",
            "Nein, mein Handy liegt in der Schublade",
            "Wo ist Annas Handy?",
            "Schublade",
        ),
    ],
)
async def test_a_correction_that_changes_nothing_keeps_a_private_memory_private(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    freezer: FrozenDateTimeFactory,
    request: pytest.FixtureRequest,
    user_anna: MockUser,
    user_ben: MockUser,
    language: str,
    told: str,
    again: str,
    asked: str,
    secret: str,
) -> None:
    """Anna's private pin, "corrected" to what it already says, was stored
    again for the household and Ben heard it (live review s41 HIGH-1): it
    is her private memory told again, and Ben hears nothing of it."""
    store = await home_in(language, hass, mock_config_entry, freezer, request)
    await say(hass, told, language=language, user=user_anna)
    await say(hass, again, language=language, user=user_anna)
    assert list(store.list_memories(SYSTEM, MemoryFilter()).items) == []
    [own] = store.list_memories(Caller(user_id=user_anna.id), MemoryFilter()).items
    assert str(own.visibility) == "private"
    ben = speech(await say(hass, asked, language=language, user=user_ben))
    assert secret not in ben, ben
