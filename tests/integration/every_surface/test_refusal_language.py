"""A refusal says its time in the listener's language, whatever the
language of the memory's text (review s40 D4: a German home hearing of an
English deed told done next week got "… es kann nicht in the week of
Monday 7 December sein"). The text quoted stays as told."""

from __future__ import annotations

from typing import TYPE_CHECKING

from homeassistant.core import Context, HomeAssistant
from homeassistant.exceptions import ServiceValidationError
from homeassistant.helpers import llm
from homeassistant.setup import async_setup_component
import pytest

from custom_components.home_memory.const import DOMAIN

from ..conftest import call
from ..operations.test_reasons import GERMAN

if TYPE_CHECKING:
    from freezegun.api import FrozenDateTimeFactory
    from pytest_homeassistant_custom_component.common import MockUser

pytestmark = pytest.mark.usefixtures("init_integration")

ENGLISH_DEED = "We repainted the shed next week."
GERMAN_DEED = "Wir haben nächste Woche den Schuppen gestrichen."


@pytest.fixture(autouse=True)
async def monday_in_berlin(hass: HomeAssistant, freezer: FrozenDateTimeFactory) -> None:
    """The llm integration, for the tool; Monday 30 November 2026 in Berlin."""
    assert await async_setup_component(hass, "homeassistant", {})
    assert await async_setup_component(hass, "llm", {})
    await hass.config.async_update(time_zone="Europe/Berlin")
    freezer.move_to("2026-11-30T09:00:00+01:00")


async def _refused_time(hass: HomeAssistant, user: MockUser, content: str) -> str:
    """The `time` of the action's refusal to remember `content`."""
    with pytest.raises(ServiceValidationError) as err:
        await call(hass, "remember", {"content": content}, user=user)
    assert err.value.translation_key == "redated_ahead"
    placeholders = err.value.translation_placeholders or {}
    return placeholders["time"]


async def test_a_german_home_hears_an_english_deeds_time_in_german(
    hass: HomeAssistant, hass_admin_user: MockUser
) -> None:
    """The action's refusal, as the German frontend shows it, is German
    throughout; nothing is stored."""
    await hass.config.async_update(language="de")
    await hass.async_block_till_done()  # the entry reloads in German
    time = await _refused_time(hass, hass_admin_user, ENGLISH_DEED)
    assert "Dezember" in time, time
    assert "December" not in time, time
    assert "week" not in time, time
    said = GERMAN["exceptions"]["redated_ahead"]["message"].format(time=time)
    assert said.startswith("Geschehen: Das wurde als erledigt erzählt, es kann nicht")
    listed = await call(hass, "list", {}, user=hass_admin_user)
    assert listed["memories"] == []


async def test_an_english_home_hears_a_german_deeds_time_in_english(
    hass: HomeAssistant, hass_admin_user: MockUser
) -> None:
    """The other way round: an English home, a German text."""
    time = await _refused_time(hass, hass_admin_user, GERMAN_DEED)
    assert "December" in time, time
    assert "Dezember" not in time, time


async def test_the_tool_says_the_time_in_the_homes_language(
    hass: HomeAssistant, hass_admin_user: MockUser
) -> None:
    """The tool speaks in Home Assistant's language (assist/errors.explain):
    in a German home, an English text's refusal says its time in German."""
    await hass.config.async_update(language="de")
    await hass.async_block_till_done()  # the entry reloads in German
    instance = await llm.async_get_api(
        hass,
        DOMAIN,
        llm.LLMContext("test", Context(user_id=hass_admin_user.id), "de", None, None),
    )
    result = await instance.async_call_tool(
        llm.ToolInput("remember", {"content": ENGLISH_DEED})
    )
    assert result.error
    said = str(result.data)
    assert "Dezember" in said, said
    assert "December" not in said, said
