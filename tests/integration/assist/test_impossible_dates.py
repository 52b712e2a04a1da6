"""A date no calendar has is refused where a memory is remembered or its
text updated, translated, nothing written (review s40 #9: "remember that
the party is on 30 February" and "am 31. April" were stored as said)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from homeassistant.exceptions import ServiceValidationError
import pytest

from ..conftest import call
from ..fake_agents import say
from .test_corrections import active, speech
from .test_person_corrections import german_home

if TYPE_CHECKING:
    from freezegun.api import FrozenDateTimeFactory
    from homeassistant.core import HomeAssistant
    from pytest_homeassistant_custom_component.common import MockConfigEntry, MockUser

    from custom_components.home_memory.memory.embedding.multilingual import (
        MultilingualEmbedder,
    )

pytestmark = pytest.mark.usefixtures("mock_load_model")


@pytest.mark.parametrize(
    ("language", "told", "answer"),
    [
        (
            "en",
            "remember that the party is on 30 February",
            (
                "Sorry, that did not work: \u201con 30 February\u201d is no day of "
                "the calendar: that month has no such day."
            ),
        ),
        (
            "de",
            "Merk dir, dass die Party am 31. April ist",
            (
                "\u201eam 31. April\u201c gibt es im Kalender nicht: Dieser Monat "
                "hat keinen solchen Tag."
            ),
        ),
    ],
)
async def test_an_impossible_date_told_by_voice_is_refused(
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
    """An error response saying why in the conversation's language; nothing
    stored."""
    store = await german_home(hass, mock_config_entry, e5, freezer)
    result = await say(hass, told, user=user_anna, language=language)
    response = result.as_dict()["response"]
    assert response["response_type"] == "error", response
    assert answer in speech(result), speech(result)
    assert active(store) == []


async def test_an_update_to_an_impossible_date_changes_nothing(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    e5: MultilingualEmbedder,
    freezer: FrozenDateTimeFactory,
    hass_admin_user: MockUser,
) -> None:
    """The `update` action's new text is read as remember reads it."""
    store = await german_home(hass, mock_config_entry, e5, freezer)
    stored = await call(
        hass,
        "remember",
        {"content": "The party is on 28 February."},
        user=hass_admin_user,
    )
    memory_id = stored["memory"]["id"]
    with pytest.raises(ServiceValidationError) as err:
        await call(
            hass,
            "update",
            {"id": memory_id, "content": "The party is on 30 February."},
            user=hass_admin_user,
        )
    assert err.value.translation_key == "impossible_date"
    assert err.value.translation_placeholders == {"date": "on 30 February"}
    [kept] = active(store)
    assert kept.content == "The party is on 28 February."
