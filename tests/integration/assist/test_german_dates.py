"""A German statement told by voice keeps its verb second once its time is
a date.

"Merk dir, dass heute der Schornsteinfeger da war" on Tuesday 24 November
was stored "Am Dienstag, 24. November der Schornsteinfeger war da." and
"… dass heute Abend die Müllers zum Essen da waren" "Am Samstag, 14.
November waren Abend die Müllers …" (new-user review s17): the time words
that open the clause are one phrase, the verb follows them whole
(memory/text/clauses.py), and the date takes their place
(memory/time/restating.py). The household lives in Berlin; each day is
fixed with its hour.
"""

from __future__ import annotations

from typing import TYPE_CHECKING
from zoneinfo import ZoneInfo

import pytest

from custom_components.home_memory.memory.common.values import SYSTEM, MemoryFilter

from ..conftest import setup_entry
from ..fake_agents import say

if TYPE_CHECKING:
    from freezegun.api import FrozenDateTimeFactory
    from homeassistant.core import HomeAssistant
    from pytest_homeassistant_custom_component.common import MockConfigEntry

pytestmark = pytest.mark.usefixtures("mock_load_model")

# (when it is said, in UTC; what is said; what is stored)
TOLD = [
    # Tuesday 24 November, noon in Berlin.
    (
        "2026-11-24T11:00:00+00:00",
        "Merk dir, dass heute der Schornsteinfeger da war.",
        "Am Dienstag, 24. November war der Schornsteinfeger da.",
    ),
    # Saturday 14 November, 22:00 in Berlin.
    (
        "2026-11-14T21:00:00+00:00",
        "Merk dir, dass heute Abend die Müllers zum Essen da waren.",
        "Am Samstagabend, 14. November waren die Müllers zum Essen da.",
    ),
    # Saturday 28 November, 10:00 in Berlin.
    (
        "2026-11-28T09:00:00+00:00",
        "Merk dir, dass gestern Morgen der Postbote ein Paket gebracht hat.",
        "Am Freitagmorgen, 27. November hat der Postbote ein Paket gebracht.",
    ),
    (
        "2026-11-28T09:00:00+00:00",
        "Merk dir, dass letzten Montag der Klempner den Wasserhahn repariert hat.",
        "Am Montag, 23. November hat der Klempner den Wasserhahn repariert.",
    ),
    (
        "2026-11-28T09:00:00+00:00",
        "Merk dir, dass vor zwei Tagen Oma zu Besuch war.",
        "Am Donnerstag, 26. November war Oma zu Besuch.",
    ),
    # Two clauses, each verb second before "heute" is the date (household
    # review, HA 2026.11: "Wir am Sonntag, 1. November im Zoo waren und Leo
    # die Pinguine geliebt hat." was stored). Sunday 1 November, 18:00.
    (
        "2026-11-01T17:00:00+00:00",
        "Merk dir, dass wir heute im Zoo waren und Leo die Pinguine geliebt hat.",
        "Wir waren am Sonntag, 1. November im Zoo und Leo hat die Pinguine geliebt.",
    ),
    # Tuesday 17 November, 20:00.
    (
        "2026-11-17T19:00:00+00:00",
        (
            "Merk dir, dass die Waschmaschine heute kaputt gegangen ist und die"
            " Waschküche überschwemmt hat."
        ),
        (
            "Die Waschmaschine ist am Dienstag, 17. November kaputt gegangen und"
            " hat die Waschküche überschwemmt."
        ),
    ),
    # The time inside the clause stays where it was said.
    (
        "2026-11-28T09:00:00+00:00",
        "Merk dir, dass die Nachbarn gestern Abend gegrillt haben.",
        "Die Nachbarn haben am Freitagabend, 27. November gegrillt.",
    ),
    # Spoken with the verb second after "dass", kept as said: "am Morgen"
    # is no "morgen" (tomorrow), the weekend a habit's, not a date (review
    # s27: "Am hungrig am Dienstag, 1. Dezember war die Katze sehr." and
    # "Am Wochenende lange schlafen wir meistens." were stored). Monday 30
    # November, 10:00.
    (
        "2026-11-30T09:00:00+00:00",
        "Merk dir, dass am Morgen war die Katze sehr hungrig.",
        "Am Morgen war die Katze sehr hungrig.",
    ),
    (
        "2026-11-30T09:00:00+00:00",
        "Merk dir, dass am Wochenende schlafen wir meistens lange.",
        "Am Wochenende schlafen wir meistens lange.",
    ),
    # Written, verb last, as before.
    (
        "2026-11-30T09:00:00+00:00",
        "Merk dir, dass die Katze am Morgen sehr hungrig war.",
        "Die Katze war am Morgen sehr hungrig.",
    ),
    (
        "2026-11-30T09:00:00+00:00",
        "Merk dir, dass am Morgen die Katze sehr hungrig war.",
        "Am Morgen war die Katze sehr hungrig.",
    ),
    # A part that says what is not so follows the moved verb, and the day
    # set against another is the coming one (review s27b M8).
    (
        "2026-11-30T09:00:00+00:00",
        "Merk dir, dass der Nachbar am Freitag kommt und nicht am Donnerstag",
        (
            "Der Nachbar kommt am Freitag, 4. Dezember und nicht am Donnerstag, 3."
            " Dezember."
        ),
    ),
    (
        "2026-11-30T09:00:00+00:00",
        "Merk dir, dass der Postbote am Freitag klingelt und nicht am Donnerstag",
        (
            "Der Postbote klingelt am Freitag, 4. Dezember und nicht am Donnerstag, 3."
            " Dezember."
        ),
    ),
    (
        "2026-11-30T09:00:00+00:00",
        "Merk dir, dass der Elektriker nicht morgen, sondern am Freitag kommt",
        (
            "Der Elektriker kommt nicht am Dienstag, 1. Dezember, sondern am"
            " Freitag, 4. Dezember."
        ),
    ),
    # Separable verbs leave their prefix last; "nachts" and "gerne" tell a
    # habit, no night or weekend (review s27 M3).
    (
        "2026-11-30T09:00:00+00:00",
        "Merk dir, dass unsere Katze nachts gerne draußen herumläuft",
        "Unsere Katze läuft nachts gerne draußen herum.",
    ),
    (
        "2026-11-30T09:00:00+00:00",
        "Merk dir, dass der Handwerker nächste Woche wiederkommt",
        "Der Handwerker kommt in der Woche vom Montag, 7. Dezember wieder.",
    ),
    (
        "2026-11-30T09:00:00+00:00",
        "Merk dir, dass die Kinder am Wochenende gerne lange schlafen",
        "Die Kinder schlafen am Wochenende gerne lange.",
    ),
    # A correction's fronted verb follows a name's genitive and its noun
    # ("Annas ist Yogakurs …" was stored: review s27b M7).
    (
        "2026-11-30T09:00:00+00:00",
        "Nein, eigentlich ist Annas Yogakurs am Freitag, nicht morgen",
        ("Annas Yogakurs ist am Freitag, 4. Dezember, nicht am Dienstag, 1. Dezember."),
    ),
]


@pytest.mark.parametrize(("moment", "said", "stored"), TOLD)
async def test_a_german_time_word_opening_the_clause_becomes_a_date_before_the_verb(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    freezer: FrozenDateTimeFactory,
    moment: str,
    said: str,
    stored: str,
) -> None:
    """Said to the German built-in agent, stored as a German statement."""
    hass.config.language = "de"
    await hass.config.async_update(time_zone="Europe/Berlin")
    freezer.move_to(moment)
    await setup_entry(hass, mock_config_entry)
    await say(hass, said, language="de")
    store = mock_config_entry.runtime_data.store
    memories = store.list_memories(SYSTEM, MemoryFilter()).items
    assert [m.content for m in memories] == [stored]


async def test_a_repair_of_last_year_is_answered_in_its_year_not_today(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    freezer: FrozenDateTimeFactory,
) -> None:
    """Review s26 L4: "Der Klempner hat letztes Jahr das Waschbecken
    repariert" was stored undated, so "Wann war der Klempner da" answered
    "Heute: …". It is stored and answered in 2025, and a question about
    this year does not find it."""
    hass.config.language = "de"
    await hass.config.async_update(time_zone="Europe/Berlin")
    freezer.move_to("2026-11-30T09:00:00+00:00")
    await setup_entry(hass, mock_config_entry)
    await say(
        hass,
        "Merk dir, dass der Klempner letztes Jahr das Waschbecken repariert hat",
        language="de",
    )
    store = mock_config_entry.runtime_data.store
    [memory] = store.list_memories(SYSTEM, MemoryFilter()).items
    assert memory.content == "Der Klempner hat im Jahr 2025 das Waschbecken repariert."
    assert memory.happened_at.astimezone(ZoneInfo("Europe/Berlin")).year == 2025
    answer = await say(
        hass, "Was hat der Klempner letztes Jahr repariert", language="de"
    )
    spoken = answer.response.speech["plain"]["speech"]
    assert "Waschbecken" in spoken, spoken
    assert "Heute" not in spoken, spoken
    answer = await say(
        hass, "Was hat der Klempner dieses Jahr repariert", language="de"
    )
    assert "Waschbecken" not in answer.response.speech["plain"]["speech"]
