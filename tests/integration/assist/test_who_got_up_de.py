"""Who got up, asked in German of the built-in agent: "Wer ist heute Morgen
aufgestanden?".

Home Assistant read it as a question of its people's state and answered
"Keins" (review s35 M3); Home Memory's trigger for it (`sentences/de.yaml`)
never matched, as its participles were a rule (`<went>`) the triggers,
compiled without the file's rules, do not have. The rules are written out
in the trigger sentences now (assist/sentence_files.py); memory answers.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from custom_components.home_memory.assist.sentence_files import (
    load_sentence_files,
    with_rules_written_out,
)

from ..fake_agents import say
from .test_corrections import speech
from .test_person_corrections import german_home
from .test_questions import answered_by

if TYPE_CHECKING:
    from freezegun.api import FrozenDateTimeFactory
    from homeassistant.core import HomeAssistant
    from pytest_homeassistant_custom_component.common import MockConfigEntry

    from custom_components.home_memory.memory.embedding.multilingual import (
        MultilingualEmbedder,
    )

pytestmark = pytest.mark.usefixtures("mock_load_model")

LOTTE = "Lotte ist am Dienstagmorgen, 1. Dezember um 6 aufgestanden."


async def test_who_got_up_this_morning_is_answered_from_memory(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    e5: MultilingualEmbedder,
    freezer: FrozenDateTimeFactory,
) -> None:
    """Tuesday 1 December, 08:00 in a German home with Lotte and Ben among
    Home Assistant's people: Lotte got up at six."""
    await german_home(hass, mock_config_entry, e5, freezer)
    for person, state in (("lotte", "home"), ("ben", "not_home")):
        hass.states.async_set(
            f"person.{person}", state, {"friendly_name": person.capitalize()}
        )
    freezer.move_to("2026-12-01T07:00:00+00:00")
    await say(
        hass, "Merk dir, dass Lotte heute Morgen um 6 aufgestanden ist", language="de"
    )
    for asked in (
        "Wer ist heute Morgen aufgestanden?",
        "Wer ist heute aufgestanden?",
        "Wer ist aufgestanden?",
    ):
        answer = speech(await say(hass, asked, language="de"))
        assert answer == LOTTE, (asked, answer)
    # A person's state stays Home Assistant's.
    result = await say(hass, "Wer ist zu Hause?", language="de")
    assert answered_by(result) == "HassGetState", speech(result)


def test_a_trigger_sentence_names_no_rule() -> None:
    """Every rule a trigger sentence names is written out from its file's
    rules, a rule in a rule too; one the file lacks is an error."""
    for trigger in load_sentence_files().triggers:
        for sentence in trigger.sentences:
            assert "<" not in sentence, sentence
    rules = {"went": "(gegangen|<came>)", "came": "(gekommen|angekommen)"}
    assert with_rules_written_out("wer ist [{query}] <went>", rules) == (
        "wer ist [{query}] ((gegangen|((gekommen|angekommen))))"
    )
    with pytest.raises(KeyError):
        with_rules_written_out("wer ist <gone>", rules)
