"""A memory sentence that is refused comes back as Home Assistant's own
intents' refusals do: an error response (`response_type` "error", a code)
whose speech is our answer in the conversation's language (review s40 D5:
"That was told as done, so it cannot be tomorrow" came back as
`action_done`). An answer that finds nothing is an answer (a query
answer), and what was done stays an action done.

Read as `conversation.process` and `/api/conversation/process` return it
(`ConversationResult.as_dict()`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from homeassistant.helpers import intent
import pytest

from ..fake_agents import say
from .test_corrections import active, german_home_with_e5, speech
from .test_person_corrections import german_home

if TYPE_CHECKING:
    from freezegun.api import FrozenDateTimeFactory
    from homeassistant.components.conversation import ConversationResult
    from homeassistant.core import HomeAssistant
    from pytest_homeassistant_custom_component.common import MockConfigEntry, MockUser
    from pytest_homeassistant_custom_component.typing import ClientSessionGenerator

    from custom_components.home_memory.memory.embedding.multilingual import (
        MultilingualEmbedder,
    )

pytestmark = pytest.mark.usefixtures("mock_load_model")

FAILED: str = intent.IntentResponseErrorCode.FAILED_TO_HANDLE.value
NO_TARGETS: str = intent.IntentResponseErrorCode.NO_VALID_TARGETS.value


def returned(result: ConversationResult) -> dict[str, Any]:
    """The response as `conversation.process` returns it."""
    response: dict[str, Any] = result.as_dict()["response"]
    return response


def assert_refused(result: ConversationResult, code: str, opening: str) -> None:
    """An error response with `code` whose speech opens with `opening`."""
    response = returned(result)
    assert response["response_type"] == "error", response
    assert response["data"] == {"code": code}, response
    assert speech(result).startswith(opening), speech(result)


@pytest.mark.parametrize(
    ("language", "told", "said", "answer"),
    [
        (
            "en",
            "remember that we went to the zoo on Thursday",
            "no, it was tomorrow",
            "That was told as done, so it cannot be tomorrow",
        ),
        (
            "de",
            "Merk dir, dass wir am Donnerstag im Zoo waren",
            "Nein, es war morgen",
            "Das wurde als erledigt erzählt, es kann nicht morgen sein",
        ),
    ],
)
async def test_a_deed_moved_ahead_is_an_error_response(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    e5: MultilingualEmbedder,
    freezer: FrozenDateTimeFactory,
    user_anna: MockUser,
    language: str,
    told: str,
    said: str,
    answer: str,
) -> None:
    """What was remembered is an action done; its re-dating ahead of now,
    refused, an error response saying why, and nothing changed."""
    store = await german_home(hass, mock_config_entry, e5, freezer)
    result = await say(hass, told, user=user_anna, language=language)
    assert returned(result)["response_type"] == "action_done", returned(result)
    [before] = active(store)
    result = await say(
        hass,
        said,
        conversation_id=result.conversation_id,
        user=user_anna,
        language=language,
    )
    assert_refused(result, FAILED, answer)
    [after] = active(store)
    assert (after.content, after.version) == (before.content, before.version)


@pytest.mark.parametrize(
    ("language", "forget", "answer"),
    [
        ("en", "forget the purple elephant", "I don't remember anything like that."),
        (
            "de",
            "Vergiss den lila Elefanten",
            "An so etwas erinnere ich mich nicht.",
        ),
    ],
)
async def test_nothing_to_forget_is_an_error_response(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    e5: MultilingualEmbedder,
    freezer: FrozenDateTimeFactory,
    user_anna: MockUser,
    language: str,
    forget: str,
    answer: str,
) -> None:
    """ "Forget the purple elephant" with nothing like it: no valid target,
    as Home Assistant says of a name no entity has."""
    await german_home(hass, mock_config_entry, e5, freezer)
    await say(hass, "remember that the spare key is under the red pot", user=user_anna)
    result = await say(hass, forget, user=user_anna, language=language)
    assert_refused(result, NO_TARGETS, answer)


@pytest.mark.parametrize(
    ("language", "said", "answer"),
    [
        ("en", "yes", "There is nothing waiting for a yes."),
        ("de", "Ja", "Es wartet nichts auf ein Ja."),
    ],
)
async def test_a_yes_to_nothing_is_an_error_response(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    e5: MultilingualEmbedder,
    freezer: FrozenDateTimeFactory,
    user_anna: MockUser,
    language: str,
    said: str,
    answer: str,
) -> None:
    """A refusal a sentence says itself is an error response too."""
    await german_home(hass, mock_config_entry, e5, freezer)
    result = await say(hass, said, user=user_anna, language=language)
    assert_refused(result, FAILED, answer)


@pytest.mark.parametrize(
    ("language", "asked"),
    [
        ("en", "what do you remember about the purple elephant"),
        ("de", "Was weißt du über den lila Elefanten"),
    ],
)
async def test_an_answer_that_finds_nothing_is_a_query_answer(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    e5: MultilingualEmbedder,
    freezer: FrozenDateTimeFactory,
    user_anna: MockUser,
    language: str,
    asked: str,
) -> None:
    """ "I don't remember anything about …" answers the question: no error."""
    await german_home(hass, mock_config_entry, e5, freezer)
    result = await say(hass, asked, user=user_anna, language=language)
    assert returned(result)["response_type"] == "query_answer", returned(result)


async def test_the_rest_api_returns_the_error_response(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    e5: MultilingualEmbedder,
    hass_client: ClientSessionGenerator,
) -> None:
    """/api/conversation/process returns the refusal as an error response
    in the conversation's language (the clock not moved: the client's token
    is from now)."""
    await german_home_with_e5(hass, mock_config_entry, e5)
    client = await hass_client()
    answered = await client.post(
        "/api/conversation/process",
        json={"text": "Vergiss den lila Elefanten", "language": "de"},
    )
    assert answered.status == 200
    response = (await answered.json())["response"]
    assert response["response_type"] == "error", response
    assert response["data"] == {"code": NO_TARGETS}, response
    said = response["speech"]["plain"]["speech"]
    assert said == "An so etwas erinnere ich mich nicht.", said


@pytest.mark.parametrize(
    ("language", "told", "answer"),
    [
        (
            "en",
            "remember that we repainted the shed next week",
            "That was told as done, so it cannot be ",
        ),
        (
            "de",
            "Merk dir, dass wir nächste Woche den Schuppen gestrichen haben",
            "Das wurde als erledigt erzählt, es kann nicht ",
        ),
    ],
)
async def test_a_refused_time_is_said_without_a_field_label(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    e5: MultilingualEmbedder,
    freezer: FrozenDateTimeFactory,
    user_anna: MockUser,
    language: str,
    told: str,
    answer: str,
) -> None:
    """A deed told done next week, remembered by voice: refused in a
    sentence, not the action's message with its field's name ("Sorry, that
    did not work: Happened: this was told as done …"; live review s40
    LOW-5); nothing is stored."""
    store = await german_home(hass, mock_config_entry, e5, freezer)
    result = await say(hass, told, user=user_anna, language=language)
    assert_refused(result, FAILED, answer)
    said = speech(result)
    for label in ("Happened", "Geschehen", "happened_", ":"):
        assert label not in said, said
    assert active(store) == []
