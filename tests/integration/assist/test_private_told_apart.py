"""A message whose later part is told privately, through the built-in
agent, the LLM tool and the remember action (live review s42: "The bike is
in the shed. Remember privately that my code is 1234." was one private
memory holding both, "Remember privately that" and all; the German was
stored "Das Rad privat im Schuppen steht. …"). The part before is the
household's, the later part private, each a clean statement."""

from __future__ import annotations

import asyncio
import contextlib
from typing import TYPE_CHECKING, Any

from homeassistant.core import Context
from homeassistant.exceptions import HomeAssistantError
from homeassistant.helpers import llm
from homeassistant.setup import async_setup_component
import pytest

from custom_components.home_memory.assist.sentence_files import load_sentence_files
from custom_components.home_memory.const import DOMAIN
from custom_components.home_memory.memory.common.values import (
    SYSTEM,
    Caller,
    MemoryFilter,
)

from ..conftest import call
from ..fake_agents import say
from .test_corrections import ENGLISH, GERMAN, speech
from .test_person_corrections import home_in

if TYPE_CHECKING:
    from freezegun.api import FrozenDateTimeFactory
    from homeassistant.core import HomeAssistant
    from pytest_homeassistant_custom_component.common import MockConfigEntry, MockUser

    from custom_components.home_memory.memory.store import MemoryStore

pytestmark = pytest.mark.usefixtures("mock_load_model")

BIKE_EN = ("The bike is in the shed.", "My code is 1234.")
BIKE_DE = ("Das Rad steht im Schuppen.", "Mein Code ist 1234.")


def seen(store: MemoryStore, user: MockUser | None) -> dict[str, str]:
    """What `user` (None: the household) sees, and who sees each."""
    caller = SYSTEM if user is None else Caller(user_id=user.id)
    items = store.list_memories(caller, MemoryFilter()).items
    return {m.content: str(m.visibility) for m in items}


async def ben_hears(hass: HomeAssistant, user_ben: MockUser, language: str) -> str:
    """All Ben is told asking for Anna's code: by voice, the recall tool
    and the search action."""
    assert await async_setup_component(hass, "llm", {})
    question = "Was ist Annas Code?" if language == "de" else "What is Anna's code?"
    spoken = speech(await say(hass, question, language=language, user=user_ben))
    api = await llm.async_get_api(hass, DOMAIN, _context(user_ben, language))
    recalled = await api.async_call_tool(
        llm.ToolInput(tool_name="recall", tool_args={"query": question})
    )
    found: Any = await call(hass, "search", {"query": question}, user=user_ben)
    return f"{spoken} {recalled.data} {found}"


def _context(user: MockUser, language: str) -> llm.LLMContext:
    return llm.LLMContext(
        platform="test",
        context=Context(user_id=user.id),
        language=language,
        assistant="conversation",
        device_id=None,
    )


@pytest.mark.parametrize(
    ("language", "said", "kept"),
    [
        (
            "en",
            (
                "remember that the bike is in the shed. Remember privately that my "
                "code is 1234."
            ),
            BIKE_EN,
        ),
        (
            "en",
            (
                "remember that the bike is in the shed and remember privately that my "
                "code is 1234"
            ),
            BIKE_EN,
        ),
        (
            "de",
            (
                "Merk dir, dass das Rad im Schuppen steht. Merk dir privat, dass mein "
                "Code 1234 ist."
            ),
            BIKE_DE,
        ),
        (
            "de",
            (
                "Merk dir, dass das Rad im Schuppen steht und merk dir privat, dass "
                "mein Code 1234 ist"
            ),
            BIKE_DE,
        ),
        # A line break and no full stop between them (live review s42 H1:
        # the household heard "… remember privately that Ben's locker code").
        (
            "en",
            (
                "remember that the bike is in the shed\n"
                "remember privately that my code is 1234"
            ),
            BIKE_EN,
        ),
        (
            "de",
            (
                "Merk dir, das Rad steht im Schuppen\n"
                "merk dir privat, dass mein Code 1234 ist"
            ),
            BIKE_DE,
        ),
    ],
)
async def test_the_built_in_agent_tells_a_later_private_part_apart(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    freezer: FrozenDateTimeFactory,
    request: pytest.FixtureRequest,
    user_anna: MockUser,
    user_ben: MockUser,
    language: str,
    said: str,
    kept: tuple[str, str],
) -> None:
    """The household's part for everyone, the code for Anna alone, and she
    hears which is which; Ben hears nothing of the code."""
    store = await home_in(language, hass, mock_config_entry, freezer, request)
    answer = speech(await say(hass, said, language=language, user=user_anna))
    words = GERMAN if language == "de" else ENGLISH
    assert answer == words.say("remembered_apart")
    household, private = kept
    assert seen(store, None) == {household: "household"}
    assert seen(store, user_anna) == {household: "household", private: "private"}
    assert "1234" not in await ben_hears(hass, user_ben, language)


@pytest.mark.parametrize(
    ("language", "said", "kept"),
    [
        (
            "en",
            "The bike is in the shed. Remember privately that my code is 1234.",
            BIKE_EN,
        ),
        (
            "de",
            "Das Rad steht im Schuppen. Merk dir privat, dass mein Code 1234 ist.",
            BIKE_DE,
        ),
        # Hostile: a line break, a soft hyphen inside "privately", a
        # direction mark.
        (
            "en",
            (
                "The bike is in the shed.\nplease remember priva\u00adtely that my "
                "code is 1234."
            ),
            BIKE_EN,
        ),
        (
            "de",
            (
                "Das Rad steht im Schuppen. Merk dir pri\u200cvat, dass mein Code "
                "1234 ist."
            ),
            BIKE_DE,
        ),
    ],
)
async def test_the_action_and_the_tool_tell_a_later_private_part_apart(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    freezer: FrozenDateTimeFactory,
    request: pytest.FixtureRequest,
    user_anna: MockUser,
    user_ben: MockUser,
    language: str,
    said: str,
    kept: tuple[str, str],
) -> None:
    """The remember action stores the two apart (its response names the
    household's part too); the LLM tool as well, told so."""
    store = await home_in(language, hass, mock_config_entry, freezer, request)
    household, private = kept
    response = await call(hass, "remember", {"content": said}, user=user_anna)
    assert response["household_part"]["action"] == "created"
    assert seen(store, None) == {household: "household"}
    assert seen(store, user_anna) == {household: "household", private: "private"}
    assert "1234" not in await ben_hears(hass, user_ben, language)
    api = await llm.async_get_api(hass, DOMAIN, _context(user_anna, language))
    told = await api.async_call_tool(
        llm.ToolInput(tool_name="remember", tool_args={"content": said})
    )
    assert told.data["visibility"] == "private"
    assert told.data["result"] == "reinforced"
    assert told.data["household_part"]["action"] == "reinforced"
    assert seen(store, user_anna) == {household: "household", private: "private"}


async def test_four_at_once_and_no_speaker(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    freezer: FrozenDateTimeFactory,
    request: pytest.FixtureRequest,
    user_anna: MockUser,
    user_ben: MockUser,
) -> None:
    """Four such messages at once keep each code to its teller; with nobody
    it could be private to, nothing is stored, not even the household's
    part."""
    store = await home_in("en", hass, mock_config_entry, freezer, request)
    await asyncio.gather(
        *(
            call(
                hass,
                "remember",
                {
                    "content": f"The {thing} is in the shed. Remember privately "
                    f"that my {thing} code is {code}."
                },
                user=user,
            )
            for thing, code, user in (
                ("bike", 1111, user_anna),
                ("kayak", 2222, user_anna),
                ("trailer", 3333, user_ben),
                ("ladder", 4444, user_ben),
            )
        )
    )
    assert set(seen(store, None)) == {
        f"The {thing} is in the shed."
        for thing in ("bike", "kayak", "trailer", "ladder")
    }
    assert {k for k, v in seen(store, user_anna).items() if v == "private"} == {
        "My bike code is 1111.",
        "My kayak code is 2222.",
    }
    assert {k for k, v in seen(store, user_ben).items() if v == "private"} == {
        "My trailer code is 3333.",
        "My ladder code is 4444.",
    }
    with pytest.raises(HomeAssistantError):
        await call(
            hass,
            "remember",
            {"content": "The oar is in the hall. Remember privately that my pin is 9."},
        )
    assert not [text for text in seen(store, None) if "oar" in text]


@pytest.mark.parametrize(
    ("language", "said"),
    [
        (
            "en",
            (
                "remember that the cup is in the hall\n"
                "privately remember that my code is 1234"
            ),
        ),
        (
            "en",
            "remember that the cup is in the hall\nkeep this private: my code is 1234",
        ),
        ("en", "remember that the cup is in the hall. Privately: my code is 1234"),
        ("de", "Merk dir, die Tasse ist im Flur\nprivat: mein Code ist 1234"),
    ],
)
async def test_private_words_beside_a_command_keep_it_all_from_the_household(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    freezer: FrozenDateTimeFactory,
    request: pytest.FixtureRequest,
    user_anna: MockUser,
    user_ben: MockUser,
    language: str,
    said: str,
) -> None:
    """Live re-check s42 (HIGH): said so through the built-in agent, the
    whole message was the household's and the other person heard the
    code. Now it is all Anna's; Ben hears nothing of it."""
    store = await home_in(language, hass, mock_config_entry, freezer, request)
    await say(hass, said, language=language, user=user_anna)
    assert not any("1234" in text for text in seen(store, None))
    assert any("1234" in text for text in seen(store, user_anna))
    assert "1234" not in await ben_hears(hass, user_ben, language)


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "remember that my shed pin is 1234 privately"),
        ("en", "remember that my loft pin is 1234 in private"),
        (
            "en",
            (
                "remember that the tape is in the shed\n"
                "remember that my pin is 1234 privately"
            ),
        ),
        ("de", "Merk dir, dass mein Kellercode 1234 ist privat"),
        # Live re-check s43 H1/H2: a private word inside, beside a secret.
        ("en", "remember that my pin privately is 1234"),
        ("en", "remember that my secret pin is 1234"),
        ("de", "Merk dir, dass mein Spindcode 1234 ist im Vertrauen"),
    ],
)
async def test_private_words_said_last_unset_keep_it_from_the_household(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    freezer: FrozenDateTimeFactory,
    request: pytest.FixtureRequest,
    user_anna: MockUser,
    user_ben: MockUser,
    language: str,
    said: str,
) -> None:
    """Live review s43 H1: with no comma before "privately", the code was
    the household's ("Anna's shed pin is 3101 privately.") and Ben heard
    it by voice. Now it is Anna's alone, without the private word."""
    store = await home_in(language, hass, mock_config_entry, freezer, request)
    await say(hass, said, language=language, user=user_anna)
    assert not any("1234" in text for text in seen(store, None))
    mine = [text for text in seen(store, user_anna) if "1234" in text]
    assert mine, seen(store, user_anna)
    if said.endswith(("privately", "in private", "privat")):
        assert not any("privat" in text.casefold() for text in mine), mine
    assert "1234" not in await ben_hears(hass, user_ben, language)


BUCKET_EN = ("My locker code is 6666.", "The bucket is in the shed.")
BUCKET_DE = ("Mein Spindcode ist 6666.", "Der Eimer steht im Schuppen.")


@pytest.mark.parametrize(
    ("language", "said", "kept"),
    [
        (
            "en",
            (
                "remember privately that my locker code is 6666\n"
                "remember that the bucket is in the shed"
            ),
            BUCKET_EN,
        ),
        (
            "en",
            (
                "remember privately that my locker code is 6666. Remember that the "
                "bucket is in the shed."
            ),
            BUCKET_EN,
        ),
        # Hostile: a line separator (the agent's matcher reads it as a
        # line break), CRLF, a soft hyphen inside "privately".
        (
            "en",
            (
                "remember privately that my locker code is 6666\u2028"
                "remember that the bucket is in the shed"
            ),
            BUCKET_EN,
        ),
        (
            "en",
            (
                "remember priva\u00adtely that my locker code is 6666\r\n"
                "please remember that the bucket is in the shed"
            ),
            BUCKET_EN,
        ),
        (
            "de",
            (
                "merk dir privat, dass mein Spindcode 6666 ist\n"
                "merk dir, dass der Eimer im Schuppen steht"
            ),
            BUCKET_DE,
        ),
        (
            "de",
            (
                "Merk dir privat, dass mein Spindcode 6666 ist. Merk dir, dass der "
                "Eimer im Schuppen steht."
            ),
            BUCKET_DE,
        ),
    ],
)
async def test_a_household_part_after_a_private_one_is_the_households(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    freezer: FrozenDateTimeFactory,
    request: pytest.FixtureRequest,
    user_anna: MockUser,
    user_ben: MockUser,
    language: str,
    said: str,
    kept: tuple[str, str],
) -> None:
    """Live review s43 #2: a private first part, then a command at a line's
    or sentence's start: the code for Anna alone, the bucket for everyone
    (it was kept private with the code); the tool tells them apart too."""
    store = await home_in(language, hass, mock_config_entry, freezer, request)
    answer = speech(await say(hass, said, language=language, user=user_anna))
    words = GERMAN if language == "de" else ENGLISH
    assert answer == words.say("remembered_apart")
    private, household = kept
    assert seen(store, None) == {household: "household"}
    assert seen(store, user_anna) == {household: "household", private: "private"}
    assert "6666" not in await ben_hears(hass, user_ben, language)
    if "\u2028" in said:
        return  # a memory's text never holds one: the tool refuses it
    api = await llm.async_get_api(hass, DOMAIN, _context(user_anna, language))
    told = await api.async_call_tool(
        llm.ToolInput(tool_name="remember", tool_args={"content": said})
    )
    assert told.data["visibility"] == "private"
    assert told.data["household_part"]["action"] == "reinforced"
    assert seen(store, None) == {household: "household"}


@pytest.mark.parametrize(
    ("language", "said"),
    [
        # No line break nor sentence end before the command: not certain.
        (
            "en",
            (
                "privately remember that my locker code is 6666 remember that the "
                "bucket is in the shed"
            ),
        ),
        # The later part says the code again.
        (
            "en",
            (
                "remember privately that my locker code is 6666. Remember that 6666 "
                "opens the blue locker."
            ),
        ),
        # Characters refused in a memory: nothing is stored.
        (
            "en",
            (
                "remember priva\u200dtely that my locker code is 6666\n"
                "remember that the bucket is in the shed"
            ),
        ),
        # The later part is told privately too.
        (
            "de",
            (
                "Merk dir privat, dass mein Spindcode 6666 ist\n"
                "merk dir privat, dass der Eimer im Schuppen steht"
            ),
        ),
    ],
)
async def test_a_later_part_not_told_apart_for_certain_stays_private(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    freezer: FrozenDateTimeFactory,
    request: pytest.FixtureRequest,
    user_anna: MockUser,
    language: str,
    said: str,
) -> None:
    """Where the split is not certain, nothing is the household's."""
    store = await home_in(language, hass, mock_config_entry, freezer, request)
    await say(hass, said, language=language, user=user_anna)
    with contextlib.suppress(HomeAssistantError):
        await call(hass, "remember", {"content": said}, user=user_anna)
    assert seen(store, None) == {}
    assert set(seen(store, user_anna).values()) <= {"private"}


@pytest.mark.parametrize(
    ("language", "said", "kept"),
    [
        (
            "en",
            "The bike is in the shed. Remember privately that my code is 1234.",
            BIKE_EN,
        ),
        (
            "en",
            "The bike is in the shed. Please remember privately that my code is 1234",
            BIKE_EN,
        ),
        (
            "de",
            "Das Rad steht im Schuppen. Merk dir privat, dass mein Code 1234 ist.",
            BIKE_DE,
        ),
        # Hostile: CRLF.
        (
            "en",
            "The bike is in the shed.\r\nremember privately that my code is 1234",
            BIKE_EN,
        ),
    ],
)
async def test_the_built_in_agent_takes_a_message_whose_later_part_is_private(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    freezer: FrozenDateTimeFactory,
    request: pytest.FixtureRequest,
    user_anna: MockUser,
    user_ben: MockUser,
    language: str,
    said: str,
    kept: tuple[str, str],
) -> None:
    """Live review s43 #3: no sentence led with "remember", so Home
    Assistant answered "no area called shed"; now the household's part is
    everyone's, the code Anna's alone."""
    store = await home_in(language, hass, mock_config_entry, freezer, request)
    answer = speech(await say(hass, said, language=language, user=user_anna))
    words = GERMAN if language == "de" else ENGLISH
    assert answer == words.say("remembered_apart")
    household, private = kept
    assert seen(store, None) == {household: "household"}
    assert seen(store, user_anna) == {household: "household", private: "private"}
    assert "1234" not in await ben_hears(hass, user_ben, language)


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "The light is in the kitchen. Turn it on."),
        ("en", "The bike is in the shed. Remember that my code is 1234."),
        ("de", "Das Licht ist in der Küche. Schalte es ein."),
    ],
)
async def test_other_messages_stay_home_assistants(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    freezer: FrozenDateTimeFactory,
    request: pytest.FixtureRequest,
    user_anna: MockUser,
    language: str,
    said: str,
) -> None:
    """Without a remember verb beside a private word, nothing is stored."""
    store = await home_in(language, hass, mock_config_entry, freezer, request)
    await say(hass, said, language=language, user=user_anna)
    assert seen(store, user_anna) == {}


async def test_remember_first_then_privately_is_stored_once(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    freezer: FrozenDateTimeFactory,
    request: pytest.FixtureRequest,
    user_anna: MockUser,
) -> None:
    """ "remember that …. Remember privately …" may match the later
    sentences too: those stand aside (Home Assistant stops at the first
    trigger matched twice, so this also holds without), each part is
    stored once."""
    store = await home_in("en", hass, mock_config_entry, freezer, request)
    said = (
        "remember that the bike is in the shed. Remember privately that my code "
        "is 1234."
    )
    answer = speech(await say(hass, said, user=user_anna))
    assert answer == ENGLISH.say("remembered_apart")
    assert seen(store, user_anna) == {BIKE_EN[0]: "household", BIKE_EN[1]: "private"}
    told = [entry.operation for entry in store.log.log_entries()]
    assert told == ["create", "create"], told


@pytest.mark.parametrize(
    ("said", "opens"),
    [
        ("remember that the bike is in the shed. Remember privately that my pin", True),
        ("privately remember that the bike is in the shed", True),
        ("Merk dir, dass das Rad im Schuppen steht. Merk dir privat, dass", True),
        ("The bike is in the shed. Remember privately that my code is 1234", False),
        ("Das Rad steht im Schuppen. Merk dir privat, dass mein Code 1 ist", False),
    ],
)
def test_the_later_sentences_stand_aside_for_a_message_that_opens_remembering(
    said: str, opens: bool
) -> None:
    """What the later sentences' trigger leaves to "remember that …", in
    either language whatever the conversation's."""
    assert load_sentence_files().opens_remembering(said) is opens
