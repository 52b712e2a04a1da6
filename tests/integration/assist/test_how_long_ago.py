""" "How long ago …?" answered with the time gone by and the date (live review s42).

"How long ago was the boiler serviced?" was answered with the date alone;
now "That was 3 weeks ago (on Thursday 12 November): …", "Das ist 3 Wochen
her (am Donnerstag, 12. November): …". The boiler was serviced on Thursday
12 November 2026 (Berlin), told then; asked on Thursday 3 December.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from ..conftest import call
from ..fake_agents import say

if TYPE_CHECKING:
    from freezegun.api import FrozenDateTimeFactory
    from homeassistant.core import HomeAssistant
    from pytest_homeassistant_custom_component.common import MockUser

pytestmark = pytest.mark.usefixtures(
    "mock_load_model", "agent_entry", "init_integration"
)

SERVICED = "2026-11-12T10:00:00+01:00"
ASKED = "2026-12-03T11:00:00+00:00"


async def _spoken(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    user: MockUser,
    told: str,
    asked: str,
    language: str,
) -> str:
    """`told` remembered as an event on 12 November, `asked` three weeks
    later in `language`: the built-in agent's answer."""
    await hass.config.async_update(time_zone="Europe/Berlin")
    freezer.move_to(SERVICED)
    await call(
        hass,
        "remember",
        {"content": told, "happened_at": SERVICED, "kind": "event"},
        user=user,
    )
    freezer.move_to(ASKED)
    answer = await say(hass, asked, user=user, language=language)
    return str(answer.response.speech["plain"]["speech"])


@pytest.mark.parametrize(
    ("told", "asked", "language", "said"),
    [
        (
            "The boiler was serviced.",
            "how long ago was the boiler serviced",
            "en",
            "That was 3 weeks ago (on Thursday 12 November",
        ),
        (
            "Der Kessel wurde gewartet.",
            "Wie lange ist es her, dass der Kessel gewartet wurde?",
            "de",
            "Das ist 3 Wochen her (am Donnerstag, 12. November",
        ),
    ],
)
async def test_how_long_ago_says_the_time_gone_by_and_the_date(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    hass_admin_user: MockUser,
    told: str,
    asked: str,
    language: str,
    said: str,
) -> None:
    """In English and German: the weeks gone by, then the date, then what
    happened."""
    spoken = await _spoken(hass, freezer, hass_admin_user, told, asked, language)
    assert spoken.startswith(said), spoken
    assert told.rstrip(".") in spoken, spoken


async def test_when_still_says_the_date_alone(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, hass_admin_user: MockUser
) -> None:
    """ "When was …" asks the date: no time gone by."""
    spoken = await _spoken(
        hass,
        freezer,
        hass_admin_user,
        "The boiler was serviced.",
        "when was the boiler serviced",
        "en",
    )
    assert "12 November" in spoken, spoken
    assert "ago" not in spoken, spoken


@pytest.mark.parametrize(
    ("day", "asked", "language", "said"),
    [
        ("2026-11-12", "how long ago was the boiler serviced", "en", "3 weeks ago"),
        (
            "2026-11-12",
            "Wie lange ist es her, dass der Kessel gewartet wurde?",
            "de",
            "Das ist 3 Wochen her",
        ),
        ("2026-12-02", "how long ago was the boiler serviced", "en", "a day ago"),
    ],
)
async def test_a_day_told_by_its_date_is_as_long_ago_as_that_day(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    hass_admin_user: MockUser,
    day: str,
    asked: str,
    language: str,
    said: str,
) -> None:
    """A day given by its date lasts until its next midnight: counted from
    that end, 12 November was "2 weeks" before 3 December and yesterday
    "18 hours" (live review s42 M1)."""
    await hass.config.async_update(time_zone="Europe/Berlin")
    freezer.move_to(ASKED)
    told = (
        "Der Kessel wurde gewartet." if language == "de" else "The boiler was serviced."
    )
    await call(
        hass,
        "remember",
        {"content": told, "happened_at": day, "kind": "event"},
        user=hass_admin_user,
    )
    answer = await say(hass, asked, user=hass_admin_user, language=language)
    spoken = str(answer.response.speech["plain"]["speech"])
    assert said in spoken, spoken
