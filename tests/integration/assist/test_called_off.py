"""A plan called off by voice: "no, actually the tiler is not coming".

The memory of the plan is updated to say no, in English and German, and
nothing is stored beside it (review s28 M4: the German was a second
memory, "Die Babysitterin kommt nicht." beside "… kommt am Dienstag", and
with "doch nicht" it was answered as a question and nothing was kept).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from ..fake_agents import say
from .test_corrections import active, english_home_with_minilm, speech
from .test_person_corrections import german_home

if TYPE_CHECKING:
    from freezegun.api import FrozenDateTimeFactory
    from homeassistant.core import HomeAssistant
    from pytest_homeassistant_custom_component.common import MockConfigEntry

pytestmark = pytest.mark.usefixtures("mock_load_model")


@pytest.mark.parametrize(
    ("language", "told", "said", "content"),
    [
        ("en", "remember that the tiler is coming tomorrow",
         "no, actually the tiler is not coming", "The tiler is not coming."),
        ("de", "Merk dir, dass die Babysitterin morgen kommt",
         "Nein, eigentlich kommt die Babysitterin nicht",
         "Die Babysitterin kommt nicht."),
        ("de", "Merk dir, dass der Fliesenleger am Dienstag kommt",
         "Nein, eigentlich kommt der Fliesenleger doch nicht",
         "Der Fliesenleger kommt doch nicht."),
    ],
    ids=["en", "de", "de-doch-nicht"],
)  # fmt: skip
async def test_a_plan_called_off_updates_its_memory(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    freezer: FrozenDateTimeFactory,
    request: pytest.FixtureRequest,
    language: str,
    told: str,
    said: str,
    content: str,
) -> None:
    """The plan's one memory now says it is off, and the answer says so."""
    if language == "de":
        e5 = request.getfixturevalue("e5")
        store = await german_home(hass, mock_config_entry, e5, freezer)
    else:
        minilm = request.getfixturevalue("minilm")
        store = await english_home_with_minilm(hass, mock_config_entry, minilm, freezer)
    await say(hass, told, language=language)
    [before] = active(store)
    answer = speech(await say(hass, said, language=language))
    assert answer.startswith(("Updated:", "Aktualisiert:")), answer
    [after] = active(store)
    assert (after.id, after.content) == (before.id, content)
