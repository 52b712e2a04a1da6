"""An update's new text is read as `remember` reads a statement, alike on
the action, the websocket and the LLM tool (operations/memories.async_update):
privacy words make it the teller's private memory, a first person is named
for the household, a correction in its words stores the statement."""

from __future__ import annotations

from datetime import date, datetime
from typing import TYPE_CHECKING, Any
from zoneinfo import ZoneInfo

from homeassistant.core import Context, HomeAssistant
from homeassistant.exceptions import HomeAssistantError
from homeassistant.helpers import llm
from homeassistant.setup import async_setup_component
import pytest

from custom_components.home_memory.const import DOMAIN

from ..conftest import call
from ..ws_client import Client, user_token

if TYPE_CHECKING:
    from freezegun.api import FrozenDateTimeFactory
    from pytest_homeassistant_custom_component.common import MockUser
    from pytest_homeassistant_custom_component.typing import WebSocketGenerator

pytestmark = pytest.mark.usefixtures("init_integration")

SURFACES = ["action", "websocket", "tool"]
BERLIN = ZoneInfo("Europe/Berlin")


@pytest.fixture(autouse=True)
async def setup_llm(hass: HomeAssistant, freezer: FrozenDateTimeFactory) -> None:
    """The llm integration, for the tool; a fixed Monday in Berlin."""
    assert await async_setup_component(hass, "homeassistant", {})
    assert await async_setup_component(hass, "llm", {})
    await hass.config.async_update(time_zone="Europe/Berlin")
    freezer.move_to("2026-11-30T09:00:00+01:00")


async def update(
    hass: HomeAssistant,
    hass_ws_client: WebSocketGenerator,
    surface: str,
    user: MockUser,
    memory_id: str,
    content: str,
    language: str = "en",
) -> tuple[str, str] | str:
    """Update `memory_id`'s text on `surface` as `user`: the memory's text
    and visibility, or the error's translation key (tool: its code)."""
    if surface == "action":
        try:
            out = await call(
                hass, "update", {"id": memory_id, "content": content}, user=user
            )
        except HomeAssistantError as err:
            return str(err.translation_key)
        return out["memory"]["content"], str(out["memory"]["visibility"])
    if surface == "websocket":
        client = Client(await hass_ws_client(hass, await user_token(hass, user)))
        answer = await client.answer("update", memory_id=memory_id, content=content)
        if not answer["success"]:
            return str(answer["error"]["translation_key"])
        memory = answer["result"]["memory"]
        return memory["content"], memory["visibility"]
    instance = await llm.async_get_api(
        hass,
        DOMAIN,
        llm.LLMContext("test", Context(user_id=user.id), language, None, None),
    )
    result = await instance.async_call_tool(
        llm.ToolInput("update_memory", {"id": memory_id, "content": content})
    )
    if result.error:
        return str(result.data["error"])
    got = await call(hass, "get", {"id": memory_id}, user=user)
    return got["memory"]["content"], str(got["memory"]["visibility"])


async def told(hass: HomeAssistant, user: MockUser, content: str, **data: Any) -> str:
    """Remember `content` as `user`; its id."""
    made = await call(hass, "remember", {"content": content, **data}, user=user)
    return str(made["memory"]["id"])


@pytest.mark.parametrize("surface", SURFACES)
async def test_privacy_words_make_the_tellers_memory_private(
    hass: HomeAssistant,
    hass_ws_client: WebSocketGenerator,
    user_anna: MockUser,
    user_ben: MockUser,
    surface: str,
) -> None:
    """Anna's own household memory updated with "…, keep it private" becomes
    her private memory without those words; Ben's sees it no more."""
    memory_id = await told(hass, user_anna, "The bike is red")
    assert await update(
        hass,
        hass_ws_client,
        surface,
        user_anna,
        memory_id,
        "my bike is blue, keep it private",
    ) == ("My bike is blue.", "private")
    with pytest.raises(HomeAssistantError):
        await call(hass, "get", {"id": memory_id}, user=user_ben)


@pytest.mark.parametrize("surface", SURFACES)
async def test_privacy_words_on_someone_elses_memory_are_refused(
    hass: HomeAssistant,
    hass_ws_client: WebSocketGenerator,
    user_anna: MockUser,
    user_ben: MockUser,
    surface: str,
) -> None:
    """Ben cannot take Anna's household memory away, nor tell his private
    words to the household through it: refused, nothing changed."""
    memory_id = await told(hass, user_anna, "The car is red")
    refused = await update(
        hass,
        hass_ws_client,
        surface,
        user_ben,
        memory_id,
        "the car is blue, just for me",
    )
    assert refused == ("not_owner" if surface == "tool" else "private_words_not_owner")
    got = await call(hass, "get", {"id": memory_id}, user=user_ben)
    assert (got["memory"]["content"], str(got["memory"]["visibility"])) == (
        "The car is red",
        "household",
    )


@pytest.mark.parametrize("surface", SURFACES)
async def test_a_first_person_is_named_for_the_household_and_kept_in_private(
    hass: HomeAssistant,
    hass_ws_client: WebSocketGenerator,
    user_anna: MockUser,
    surface: str,
) -> None:
    """ "my bike is blue" is Anna's for the household, her own in private."""
    household = await told(hass, user_anna, "The bike is red")
    private = await told(hass, user_anna, "The diary is red", visibility="private")
    assert await update(
        hass, hass_ws_client, surface, user_anna, household, "my bike is blue"
    ) == ("Anna's bike is blue.", "household")
    got = await call(hass, "get", {"id": household}, user=user_anna)
    assert "Anna" in got["memory"]["people"]
    assert await update(
        hass, hass_ws_client, surface, user_anna, private, "my diary is blue"
    ) == ("My diary is blue.", "private")


@pytest.mark.parametrize("surface", SURFACES)
async def test_a_correction_in_its_words_stores_the_statement(
    hass: HomeAssistant,
    hass_ws_client: WebSocketGenerator,
    user_anna: MockUser,
    surface: str,
) -> None:
    """ "… on Wednesday instead of Tuesday" of the memory that says Tuesday
    stores the new day alone, dated; of one that never said it, as said."""
    plumber = await told(hass, user_anna, "The plumber is coming on Tuesday 1 December")
    assert await update(
        hass,
        hass_ws_client,
        surface,
        user_anna,
        plumber,
        "the plumber is coming on Wednesday instead of Tuesday",
    ) == ("The plumber is coming on Wednesday 2 December.", "household")
    got = await call(hass, "get", {"id": plumber}, user=user_anna)
    happened = datetime.fromisoformat(got["memory"]["happened_at"])
    assert happened.astimezone(ZoneInfo("Europe/Berlin")).date() == date(2026, 12, 2)
    door = await told(hass, user_anna, "We use the back door")
    assert await update(
        hass,
        hass_ws_client,
        surface,
        user_anna,
        door,
        "We use the side door instead of the front door",
    ) == ("We use the side door instead of the front door", "household")


@pytest.mark.parametrize("surface", ["action", "tool"])
async def test_german_privacy_words_are_read_in_a_german_home(
    hass: HomeAssistant,
    hass_ws_client: WebSocketGenerator,
    user_anna: MockUser,
    surface: str,
) -> None:
    """ ", das bleibt unter uns" in a German home (the action reads the
    household's language, the tool the conversation's)."""
    await hass.config.async_update(language="de")
    await hass.async_block_till_done()  # the entry reloads in German
    memory_id = await told(hass, user_anna, "Der Tresorcode ist 11")
    assert await update(
        hass,
        hass_ws_client,
        surface,
        user_anna,
        memory_id,
        "mein Tresorcode ist 44, das bleibt unter uns",
        language="de",
    ) == ("Mein Tresorcode ist 44.", "private")


async def test_the_remember_action_reads_privacy_words_too(
    hass: HomeAssistant, user_anna: MockUser, user_ben: MockUser
) -> None:
    """Found by the attack review (s17): "my pin is 1234, keep it private"
    through the action was the household's, words and all. Read as the
    sentences and the tool read it: Anna's private memory, without them;
    with no user to keep it for, refused and nothing stored."""
    made = await call(
        hass, "remember", {"content": "my pin is 1234, keep it private"}, user=user_anna
    )
    assert (made["memory"]["content"], str(made["memory"]["visibility"])) == (
        "My pin is 1234.",
        "private",
    )
    listed = await call(hass, "list", {"limit": 50}, user=user_ben)
    assert all("1234" not in m["content"] for m in listed["memories"])
    with pytest.raises(HomeAssistantError) as err:
        await call(hass, "remember", {"content": "the safe code is 77, just for me"})
    assert err.value.translation_key == "private_needs_owner"
    everyone = await call(hass, "list", {"limit": 50}, user=user_anna)
    assert all("safe code" not in m["content"] for m in everyone["memories"])


async def moved(
    hass: HomeAssistant,
    hass_ws_client: WebSocketGenerator,
    surface: str,
    user: MockUser,
    memory_id: str,
    happened_at: str,
    language: str = "en",
) -> tuple[str, str] | str:
    """Move `memory_id` to `happened_at` on `surface` as `user` (the tool's
    conversation in `language`): its text and Berlin day, or the error's
    translation key (tool: its message)."""
    if surface == "action":
        try:
            await call(
                hass, "update", {"id": memory_id, "happened_at": happened_at}, user=user
            )
        except HomeAssistantError as err:
            return str(err.translation_key)
    elif surface == "websocket":
        client = Client(await hass_ws_client(hass, await user_token(hass, user)))
        answer = await client.answer(
            "update", memory_id=memory_id, happened_at=happened_at
        )
        if not answer["success"]:
            return str(answer["error"]["translation_key"])
    else:
        instance = await llm.async_get_api(
            hass,
            DOMAIN,
            llm.LLMContext("test", Context(user_id=user.id), language, None, None),
        )
        result = await instance.async_call_tool(
            llm.ToolInput(
                "update_memory", {"id": memory_id, "happened_at": happened_at}
            )
        )
        if result.error:
            return str(result.data["message"])
    got = (await call(hass, "get", {"id": memory_id}, user=user))["memory"]
    day = datetime.fromisoformat(got["happened_at"]).astimezone(BERLIN).date()
    return got["content"], day.isoformat()


@pytest.mark.parametrize("surface", SURFACES)
async def test_a_new_time_is_told_in_the_text_and_not_ahead_of_a_deed(
    hass: HomeAssistant,
    hass_ws_client: WebSocketGenerator,
    hass_admin_user: MockUser,
    surface: str,
) -> None:
    """Review s36 #16: `happened_at` "last Friday" left "The gardener came
    on Saturday 28 November." in the text ("On Friday 27 November: The
    gardener came on Saturday 28 November."), and "tomorrow" stored a deed
    done in the future; the voice did neither. Said on Monday 30 November."""
    memory_id = await told(
        hass, hass_admin_user, "The gardener came on Saturday 28 November."
    )
    assert await moved(
        hass, hass_ws_client, surface, hass_admin_user, memory_id, "last Friday"
    ) == ("The gardener came on Friday 27 November.", "2026-11-27")
    refused = await moved(
        hass, hass_ws_client, surface, hass_admin_user, memory_id, "tomorrow"
    )
    if surface == "tool":
        assert refused == (
            "That memory tells a deed as done; it cannot be moved to tomorrow,"
            " after now. Nothing was changed; tell the user."
        )
    else:
        assert refused == "redated_ahead"
    got = (await call(hass, "get", {"id": memory_id}, user=hass_admin_user))["memory"]
    assert got["content"] == "The gardener came on Friday 27 November."


@pytest.mark.parametrize("surface", SURFACES)
@pytest.mark.parametrize("language", ["de", "en"])
async def test_a_german_deed_is_moved_in_german_and_never_ahead(
    hass: HomeAssistant,
    hass_ws_client: WebSocketGenerator,
    hass_admin_user: MockUser,
    surface: str,
    language: str,
) -> None:
    """Review s37 #20, #25 (a German home, Monday 30 November 09:00):
    "in einer Stunde" and "tomorrow" moved a deed told as done ahead of
    now, and "two days ago" wrote "Ben hat on Saturday 28 November …"
    into the German text; the English deed in the same home went to
    tomorrow. The text's own words follow in its own language, whatever
    the tool's conversation speaks, and neither deed moves ahead."""
    await hass.config.async_update(language="de")
    await hass.async_block_till_done()  # the entry reloads in German
    german = await told(
        hass, hass_admin_user, "Ben hat gestern den Dachboden aufgeräumt"
    )
    english = await told(hass, hass_admin_user, "Anna cleaned the garage yesterday")
    for memory_id, ahead in (
        (german, "in einer Stunde"),
        (german, "tomorrow"),
        (german, "heute Abend"),
        (english, "morgen"),
        (english, "in an hour"),
    ):
        before = await _as_it_is(hass, memory_id)
        refused = await moved(
            hass, hass_ws_client, surface, hass_admin_user, memory_id, ahead, language
        )
        assert isinstance(refused, str), (ahead, refused)
        if surface != "tool":
            assert refused == "redated_ahead", (ahead, refused)
        assert await _as_it_is(hass, memory_id) == before, ahead
    assert await moved(
        hass, hass_ws_client, surface, hass_admin_user, german, "two days ago", language
    ) == ("Ben hat am Samstag, 28. November den Dachboden aufgeräumt", "2026-11-28")
    assert await moved(
        hass, hass_ws_client, surface, hass_admin_user, english, "vorgestern", language
    ) == ("Anna cleaned the garage on Saturday 28 November", "2026-11-28")


async def _as_it_is(hass: HomeAssistant, memory_id: str) -> tuple[Any, ...]:
    """A memory's text, version and time."""
    got = (await call(hass, "get", {"id": memory_id}))["memory"]
    return tuple(
        got[name] for name in ("content", "version", "happened_at", "happened_until")
    )


async def test_a_new_text_follows_the_time_given_and_tells_no_deed_ahead(
    hass: HomeAssistant,
    hass_ws_client: WebSocketGenerator,
    hass_admin_user: MockUser,
) -> None:
    """Review s37 #16 (websocket, Monday 30 November): content "… on
    Saturday" with happened_at "yesterday" stored a text saying Saturday on
    Sunday's date, and content "… tomorrow" stored a deed done in the
    future. The time given moves the new text's own words; a deed told
    done ahead of now is refused, nothing written."""
    memory_id = await told(hass, hass_admin_user, "Ben mowed the lawn today")
    client = Client(await hass_ws_client(hass, await user_token(hass, hass_admin_user)))
    answer = await client.answer(
        "update",
        memory_id=memory_id,
        content="Ben mowed the lawn on Saturday",
        happened_at="yesterday",
    )
    assert answer["success"], answer
    memory = answer["result"]["memory"]
    assert "Sunday 29 November" in memory["content"], memory["content"]
    assert "Saturday" not in memory["content"], memory["content"]
    day = datetime.fromisoformat(memory["happened_at"]).astimezone(BERLIN).date()
    assert day == date(2026, 11, 29)
    before = await _as_it_is(hass, memory_id)
    answer = await client.answer(
        "update", memory_id=memory_id, content="Ben mowed the lawn tomorrow"
    )
    assert not answer["success"], answer
    assert answer["error"]["translation_key"] == "redated_ahead"
    assert await _as_it_is(hass, memory_id) == before
