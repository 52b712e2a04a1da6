"""A question's "since" on every surface: from the time named up to now.

The household's week (test_when.py's `days`), asked on Wednesday 4 March
2026 at 09:30: Monday's film, Tuesday's pasta and dishes, Wednesday's
coffee happened since Monday; the washing machine ran before it. Before
(session 41), "What happened since Monday?" read Monday alone and searched
for "since": nothing answered.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from ..assist.test_llm_tools import tool
from ..conftest import call
from ..fake_agents import say
from .test_when import DISHES, PASTA, days  # noqa: F401  (the fixture)

if TYPE_CHECKING:
    from homeassistant.core import HomeAssistant
    from pytest_homeassistant_custom_component.common import MockUser

pytestmark = pytest.mark.usefixtures("mock_load_model", "days")

FILM = "Ben watched a film in the living room."
COFFEE = "Anna made coffee in the kitchen."
WASHING_AGAIN = "The washing machine ran in the bathroom again."
SINCE_MONDAY = {FILM, PASTA, DISHES, COFFEE}


@pytest.mark.parametrize(
    ("question", "found"),
    [
        ("What happened since Monday?", SINCE_MONDAY),
        ("Was ist seit Montag passiert?", SINCE_MONDAY),
        ("What happened since yesterday?", {PASTA, DISHES, COFFEE}),
        ("Was ist seit dem 28. Februar passiert?", {WASHING_AGAIN, *SINCE_MONDAY}),
        # Without "since": Monday alone, as before.
        ("What happened on Monday?", {FILM}),
    ],
)
async def test_the_search_action_reads_since(
    hass: HomeAssistant, hass_admin_user: MockUser, question: str, found: set[str]
) -> None:
    """Everything from the day named up to now, nothing before it."""
    answer = await call(
        hass, "search", {"query": question, "limit": 10}, user=hass_admin_user
    )
    assert {m["content"] for m in answer["memories"]} == found


async def test_an_llm_tool_and_the_built_in_agent_hear_since(
    hass: HomeAssistant, hass_admin_user: MockUser
) -> None:
    """The recall tool and a spoken question read "since" as the action does."""
    result = await tool(
        hass, "recall", {"query": "what happened since yesterday"}, user=hass_admin_user
    )
    assert {m["text"] for m in result.data["memories"]} == {PASTA, DISHES, COFFEE}
    spoken = (
        await say(hass, "what happened since yesterday", user=hass_admin_user)
    ).response.speech["plain"]["speech"]
    for said in ("pasta", "dishwasher", "coffee"):
        assert said in spoken, spoken
    assert "film" not in spoken, spoken
    gesprochen = (
        await say(
            hass, "Was ist seit gestern passiert?", user=hass_admin_user, language="de"
        )
    ).response.speech["plain"]["speech"]
    assert "pasta" in gesprochen, gesprochen
    assert "film" not in gesprochen, gesprochen


@pytest.mark.parametrize(
    ("asked", "language"),
    [
        ("What's new since yesterday?", "en"),
        ("Anything new since yesterday?", "en"),
        ("Was gibt es seit gestern Neues?", "de"),
        ("Gibt es seit gestern etwas Neues?", "de"),
    ],
)
async def test_what_is_new_since_is_memorys(
    hass: HomeAssistant, hass_admin_user: MockUser, asked: str, language: str
) -> None:
    """ "What's new since yesterday" was "not aware of any device called new
    since yesterday" (session 41): yesterday's and today's, not Monday's."""
    spoken = (
        await say(hass, asked, user=hass_admin_user, language=language)
    ).response.speech["plain"]["speech"]
    for said in ("pasta", "dishwasher", "coffee"):
        assert said in spoken, spoken
    assert "film" not in spoken, spoken


@pytest.mark.parametrize(
    ("asked", "language"),
    [
        ("What's new?", "en"),
        ("Anything new?", "en"),
        ("Is there anything new at home?", "en"),
        ("Was gibt es Neues?", "de"),
        ("Gibt es was Neues?", "de"),
        ("Was ist zu Hause neu?", "de"),
    ],
)
async def test_what_is_new_without_a_time_is_since_yesterday(
    hass: HomeAssistant, hass_admin_user: MockUser, asked: str, language: str
) -> None:
    """ "What's new?" named no time and was Home Assistant's "Sorry, I
    couldn't understand that" (session 42): it reads since yesterday, and
    opens as a roundup, not as "… things about that" ("dazu") of a topic."""
    spoken = (
        await say(hass, asked, user=hass_admin_user, language=language)
    ).response.speech["plain"]["speech"]
    assert spoken.startswith(
        {"en": "I remember 3 things. ", "de": "Ich erinnere mich an 3 Dinge. "}[
            language
        ]
    ), spoken
    for said in ("pasta", "dishwasher", "coffee"):
        assert said in spoken, spoken
    assert "film" not in spoken, spoken
