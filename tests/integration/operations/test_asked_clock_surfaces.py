"""A question's clock time on every surface: the hours around it, not the day.

Tuesday 3 March 2026 (Berlin) had pasta cooked at 18:20 and the dishwasher
at 21:40; asked on Wednesday 4 March at 09:30 (test_when.py's `days`)
through the search action, the recall tool and the built-in agent, in
English and German.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from ..assist.test_llm_tools import tool
from ..conftest import call, remember_on_a_wednesday
from ..fake_agents import say
from .test_when import DISHES, PASTA, days  # noqa: F401  (the fixture)

if TYPE_CHECKING:
    from freezegun.api import FrozenDateTimeFactory
    from homeassistant.core import HomeAssistant
    from pytest_homeassistant_custom_component.common import MockUser

pytestmark = pytest.mark.usefixtures("mock_load_model", "days")


@pytest.mark.parametrize(
    ("question", "found"),
    [
        ("What happened yesterday at 6 pm?", PASTA),
        ("What happened yesterday at 10 pm?", DISHES),
        ("What happened yesterday evening at 6?", PASTA),
        ("Was ist gestern um 22 Uhr passiert?", DISHES),
        ("Was war gestern gegen 18:30 Uhr?", PASTA),
    ],
)
async def test_the_search_action_reads_the_hours_asked(
    hass: HomeAssistant, hass_admin_user: MockUser, question: str, found: str
) -> None:
    """Only what happened around the hour asked, in English and German."""
    answer = await call(hass, "search", {"query": question}, user=hass_admin_user)
    assert [m["content"] for m in answer["memories"]] == [found]


async def test_the_whole_evening_still_holds_both(
    hass: HomeAssistant, hass_admin_user: MockUser
) -> None:
    """No clock time, or one that may be morning or evening: the day part
    or day decides, as before."""
    for question in (
        "What happened yesterday evening?",
        "What happened yesterday at 6?",
    ):
        answer = await call(hass, "search", {"query": question}, user=hass_admin_user)
        assert {PASTA, DISHES} <= {m["content"] for m in answer["memories"]}, question


async def test_an_llm_tool_and_the_built_in_agent_hear_the_hour_asked(
    hass: HomeAssistant, hass_admin_user: MockUser
) -> None:
    """The recall tool and a spoken question read the hour as the action does."""
    result = await tool(
        hass,
        "recall",
        {"query": "what happened yesterday at 10 pm"},
        user=hass_admin_user,
    )
    assert [m["text"] for m in result.data["memories"]] == [DISHES]
    spoken = (
        await say(hass, "what happened yesterday at 6 pm", user=hass_admin_user)
    ).response.speech["plain"]["speech"]
    assert "Anna cooked pasta" in spoken, spoken
    assert "dishwasher" not in spoken, spoken


# Late on Tuesday and after midnight (Berlin wall clock), beside the day's.
DOOR = "The front door opened in the hallway."
CAT = "The cat came in through the cat flap."
NIGHT = (
    (DOOR, "2026-03-03T23:30:00"),
    (CAT, "2026-03-04T00:40:00"),
)


@pytest.fixture
async def night(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    hass_admin_user: MockUser,
    days: None,  # noqa: F811  (the fixture, set up first)
) -> None:
    """Tuesday's late events beside `days`, told on Wednesday morning."""
    await remember_on_a_wednesday(hass, freezer, hass_admin_user, NIGHT)


@pytest.mark.usefixtures("night")
@pytest.mark.parametrize(
    "question",
    [
        "What happened between 11 pm and 1 am yesterday?",
        "Was war gestern zwischen 23 und 1 Uhr?",
        "What happened last night between 11 pm and 1 am?",
    ],
)
async def test_a_span_past_midnight_reads_into_the_next_day(
    hass: HomeAssistant, hass_admin_user: MockUser, question: str
) -> None:
    """An end before the start wraps past midnight: 23:00 to 01:00, not the
    whole of Tuesday (live review s40 LOW-3)."""
    answer = await call(hass, "search", {"query": question}, user=hass_admin_user)
    assert {m["content"] for m in answer["memories"]} == {DOOR, CAT}


@pytest.mark.usefixtures("night")
@pytest.mark.parametrize(
    ("question", "language"),
    [
        ("what happened between 11 pm and 1 am yesterday", "en"),
        ("was war gestern zwischen 23 und 1 Uhr", "de"),
    ],
)
async def test_the_built_in_agent_hears_a_span_past_midnight(
    hass: HomeAssistant, hass_admin_user: MockUser, question: str, language: str
) -> None:
    """Spoken, in English and German: the night's two, not the evening's."""
    spoken = (
        await say(hass, question, user=hass_admin_user, language=language)
    ).response.speech["plain"]["speech"]
    assert "front door" in spoken, spoken
    assert "cat flap" in spoken, spoken
    assert "pasta" not in spoken, spoken
    assert "dishwasher" not in spoken, spoken


@pytest.mark.parametrize(
    ("question", "language", "found", "not_found"),
    [
        ("what happened yesterday at six in the evening", "en", "pasta", "dishwasher"),
        (
            "what happened yesterday at half past nine in the evening",
            "en",
            "dishwasher",
            "pasta",
        ),
        ("was war gestern um sechs Uhr abends", "de", "pasta", "dishwasher"),
        ("was war gestern um halb zehn abends", "de", "dishwasher", "pasta"),
    ],
)
async def test_the_built_in_agent_hears_an_hour_said_in_words(
    hass: HomeAssistant,
    hass_admin_user: MockUser,
    question: str,
    language: str,
    found: str,
    not_found: str,
) -> None:
    """Speech to text writes "six", "halb zehn": the hours around it, in
    English and German, not the whole of Tuesday."""
    spoken = (
        await say(hass, question, user=hass_admin_user, language=language)
    ).response.speech["plain"]["speech"]
    assert found in spoken, spoken
    assert not_found not in spoken, spoken


async def test_an_hour_in_words_with_a_whole_day_still_holds_both(
    hass: HomeAssistant, hass_admin_user: MockUser
) -> None:
    """ "yesterday at six", "gestern um Viertel nach sechs": morning or
    evening, the day stays."""
    for question in (
        "What happened yesterday at six?",
        "Was war gestern um Viertel nach sechs?",
    ):
        answer = await call(hass, "search", {"query": question}, user=hass_admin_user)
        assert {PASTA, DISHES} <= {m["content"] for m in answer["memories"]}, question


@pytest.mark.parametrize(
    "question",
    [
        "What happened yesterday at 10?",
        "What happened yesterday at ten?",
        "What happened yesterday at quarter to ten?",
        "Was war gestern um 10?",
        "Was war gestern um Viertel vor zehn?",
    ],
)
async def test_morning_or_evening_lists_what_happened_nearest_either_first(
    hass: HomeAssistant, hass_admin_user: MockUser, question: str
) -> None:
    """Live review s42: an hour that may be morning or evening kept the
    whole day in its order, the evening's event hidden behind the day's
    earlier ones. The day stays, what happened nearest 10:00 or 22:00 first."""
    answer = await call(hass, "search", {"query": question}, user=hass_admin_user)
    assert [m["content"] for m in answer["memories"]] == [DISHES, PASTA]


@pytest.mark.parametrize(
    ("question", "language"),
    [
        ("what happened yesterday at quarter to ten", "en"),
        ("was war gestern um Viertel vor zehn", "de"),
    ],
)
async def test_the_built_in_agent_says_the_nearer_of_morning_or_evening_first(
    hass: HomeAssistant, hass_admin_user: MockUser, question: str, language: str
) -> None:
    """Spoken, in English and German: the dishwasher (21:40) before the pasta."""
    spoken = (
        await say(hass, question, user=hass_admin_user, language=language)
    ).response.speech["plain"]["speech"]
    assert "dishwasher" in spoken, spoken
    assert "pasta" not in spoken.split("dishwasher")[0], spoken


POSTMAN = "The postman rang the doorbell."


@pytest.fixture
async def postman(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    hass_admin_user: MockUser,
    days: None,  # noqa: F811  (the fixture, set up first)
) -> None:
    """Tuesday's 19:05 ring, told after the pasta (18:20) on Wednesday."""
    await remember_on_a_wednesday(
        hass, freezer, hass_admin_user, ((POSTMAN, "2026-03-03T19:05:00"),)
    )


@pytest.mark.usefixtures("postman")
@pytest.mark.parametrize(
    "question", ["What happened yesterday at 7 pm?", "Was war gestern um 19 Uhr?"]
)
async def test_what_happened_nearest_the_time_asked_comes_first(
    hass: HomeAssistant, hass_admin_user: MockUser, question: str
) -> None:
    """Live review s42 LOW-8: 18:00 to 20:00 listed the 18:20 pasta before
    the 19:05 ring; asked at 19:00 alone, the nearest first, in the search
    action and the recall tool."""
    answer = await call(hass, "search", {"query": question}, user=hass_admin_user)
    assert [m["content"] for m in answer["memories"]] == [POSTMAN, PASTA]
    result = await tool(hass, "recall", {"query": question}, user=hass_admin_user)
    assert [m["text"] for m in result.data["memories"]] == [POSTMAN, PASTA]


@pytest.mark.usefixtures("postman")
@pytest.mark.parametrize(
    ("question", "language"),
    [
        ("what happened yesterday at 7 pm", "en"),
        ("was war gestern um sieben Uhr abends", "de"),
    ],
)
async def test_the_built_in_agent_says_the_nearest_first(
    hass: HomeAssistant, hass_admin_user: MockUser, question: str, language: str
) -> None:
    """Spoken, in English and German: the ring before the pasta."""
    spoken = (
        await say(hass, question, user=hass_admin_user, language=language)
    ).response.speech["plain"]["speech"]
    assert "postman" in spoken, spoken
    assert "pasta" not in spoken.split("postman")[0], spoken


@pytest.mark.parametrize(
    ("question", "language", "found", "not_found"),
    [
        (
            "what happened yesterday between six and eight in the evening",
            "en",
            "pasta",
            "dishwasher",
        ),
        (
            "what happened yesterday after eight in the evening",
            "en",
            "dishwasher",
            "pasta",
        ),
        (
            "what happened yesterday before seven in the evening",
            "en",
            "pasta",
            "dishwasher",
        ),
        (
            "was war gestern zwischen sechs und acht Uhr abends",
            "de",
            "pasta",
            "dishwasher",
        ),
        ("was war gestern nach acht Uhr abends", "de", "dishwasher", "pasta"),
        ("was war gestern vor sieben Uhr abends", "de", "pasta", "dishwasher"),
    ],
)
async def test_the_built_in_agent_hears_a_span_or_bound_said_in_words(
    hass: HomeAssistant,
    hass_admin_user: MockUser,
    question: str,
    language: str,
    found: str,
    not_found: str,
) -> None:
    """Live review s42: a span or bound in words narrows as its digits do,
    spoken in English and German."""
    spoken = (
        await say(hass, question, user=hass_admin_user, language=language)
    ).response.speech["plain"]["speech"]
    assert found in spoken, spoken
    assert not_found not in spoken, spoken
