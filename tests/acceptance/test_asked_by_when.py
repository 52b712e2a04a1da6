"""Asked by when, in a real Home Assistant, through the built-in agent:
a bare day of the month ("what was on the 21st"), a week of a month ("the
first week of November", "die erste Novemberwoche"), a habit that is no
deed of last weekend's, and where someone lives (review s17).

A real hass runs on the real clock: each memory says when it happened
(`happened_at`), relative to today in the home's time zone. The household
is shared with the other files, so every subject here is its own.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from .test_household import remember_event
from .test_time_spans import GERMAN_MONTHS, _ask, _noon, _ordinal, _today

if TYPE_CHECKING:
    from .conftest import Household

REMEMBERED = "Okay, I'll remember that."


def test_a_bare_day_of_the_month_reaches_memory(household: Household) -> None:
    """ "What was on the 21st", "what happened on the 21st", "was war am
    21." are memory's and tell that day (Home Assistant said "not aware of
    any area called 21st")."""
    today, zone = _today(household)
    day = today - timedelta(days=11)
    remember_event(
        household.hass,
        household.anna,
        "Ben varnished the cedar porch swing.",
        _noon(day, zone),
    )
    for question, language in (
        (f"what was on the {_ordinal(day.day)}", "en"),
        (f"what happened on the {_ordinal(day.day)}", "en"),
        (f"was war am {day.day}.", "de"),
    ):
        speech = _ask(household, question, language)
        assert "porch swing" in speech, (question, speech)


def test_a_week_of_a_month_is_seven_of_its_days(household: Household) -> None:
    """ "The first week of <last month>" is its days 1-7, "the second week"
    8-14, in English and German, not the whole month."""
    today, zone = _today(household)
    first = (today.replace(day=1) - timedelta(days=1)).replace(day=1)
    last = today.replace(day=1) - timedelta(days=1)
    anna = household.anna
    for text, day in (
        ("We descaled the coffee machine.", first + timedelta(days=4)),
        ("We oiled the wooden worktop.", first + timedelta(days=10)),
        ("We swept the chimney flue.", last - timedelta(days=1)),
    ):
        remember_event(household.hass, anna, text, _noon(day, zone))
    month = first.strftime("%B")
    german = GERMAN_MONTHS[first.month - 1]
    for question, language in (
        (f"what did we do in the first week of {month}", "en"),
        (f"was haben wir in der ersten {german}woche gemacht", "de"),
        (f"was war in der ersten Woche im {german}", "de"),
    ):
        speech = _ask(household, question, language)
        assert "coffee machine" in speech, (question, speech)
        assert "worktop" not in speech, (question, speech)
        assert "chimney" not in speech, (question, speech)
    speech = _ask(household, f"what did we do in the second week of {month}")
    assert "worktop" in speech, speech
    assert "coffee machine" not in speech, speech
    speech = _ask(household, f"what did we do in the last week of {month}")
    assert "chimney" in speech, speech
    assert "coffee machine" not in speech, speech


def test_a_habit_told_that_day_is_no_deed_of_it(household: Household) -> None:
    """ "We go bouldering at the climbing hall every Saturday", told today,
    is not something done today: "what did we do at the climbing hall
    today" tells the visit, not the habit."""
    hass, anna = household.hass, household.anna
    told = "remember that we go bouldering at the climbing hall every Saturday."
    assert hass.speech(hass.conversation_process(told, token=anna.token)) == (
        REMEMBERED
    )
    _, zone = _today(household)
    remember_event(
        hass,
        anna,
        "We went bouldering at the climbing hall with Clara's twins.",
        (datetime.now(zone) - timedelta(minutes=1)).isoformat(),
    )
    speech = _ask(household, "what did we do at the climbing hall today")
    assert "twins" in speech, speech
    assert "every Saturday" not in speech, speech


def test_where_someone_lives_is_memorys(household: Household) -> None:
    """ "Where does Clara live", "wo wohnt Clara": memory's (Home Assistant
    said it did not understand); "where is Anna" stays Home Assistant's."""
    hass, anna = household.hass, household.anna
    told = "remember that Clara lives in Leipzig near the zoo."
    assert hass.speech(hass.conversation_process(told, token=anna.token)) == (
        REMEMBERED
    )
    for question, language in (
        ("where does Clara live", "en"),
        ("wo wohnt Clara", "de"),
    ):
        speech = _ask(household, question, language)
        assert "Leipzig" in speech, (question, speech)
    hass.ws_command(
        anna.token,
        "homeassistant/expose_entity",
        assistants=["conversation"],
        entity_ids=["person.anna"],
        should_expose=True,
    )
    where = _ask(household, "where is Anna")
    assert "Anna" in where, where
    assert "Leipzig" not in where, where


def test_how_long_ago_says_the_weeks_gone_by(household: Household) -> None:
    """ "How long ago …", "Wie lange ist es her, dass …": the weeks gone by,
    then the date (live review s42: the date alone), in English and German."""
    today, zone = _today(household)
    weeks_ago = _noon(today - timedelta(days=21), zone)
    anna = household.anna
    remember_event(
        household.hass, anna, "Ben bled the radiators in the attic.", weeks_ago
    )
    remember_event(
        household.hass, anna, "Die Dachrinne am Gartenhaus wurde gereinigt.", weeks_ago
    )
    speech = _ask(household, "how long ago did Ben bleed the radiators in the attic")
    assert speech.startswith("That was 3 weeks ago ("), speech
    assert "radiators" in speech, speech
    speech = _ask(
        household,
        "Wie lange ist es her, dass die Dachrinne am Gartenhaus gereinigt wurde?",
        "de",
    )
    assert speech.startswith("Das ist 3 Wochen her ("), speech
    assert "Dachrinne" in speech, speech
