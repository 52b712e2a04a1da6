"""The weekend of a date and what is coming up, in a real Home Assistant,
through the built-in agent: "the weekend of the 7th", "the first weekend of
November", "am Wochenende vom 7.", "am ersten Novemberwochenende", and "is
anything coming up" (month-long review s19, F0 and F9).

A real hass runs on the real clock: each memory says when it happened
(`happened_at`), relative to today in the home's time zone. The household
is shared with the other files, so every subject here is its own.
"""

from __future__ import annotations

from datetime import timedelta
from typing import TYPE_CHECKING

from .test_household import remember_event
from .test_time_spans import GERMAN_MONTHS, _ask, _noon, _ordinal, _today

if TYPE_CHECKING:
    from .conftest import Household

ORDINALS = ("first", "second", "third", "fourth", "fifth")
GERMAN_ORDINALS = ("ersten", "zweiten", "dritten", "vierten", "fünften")


def test_the_weekend_of_a_date_is_that_weekend(household: Household) -> None:
    """ "What did we do on the weekend of the <n>th" lists that weekend, not
    the latest one nor everything since the date (the review heard the last
    weekend's gingerbread for "the weekend of the 7th")."""
    today, zone = _today(household)
    saturday = today - timedelta(days=(today.weekday() - 5) % 7)
    if today.weekday() >= 5:
        saturday -= timedelta(days=7)
    weekend = saturday - timedelta(days=21)
    anna = household.anna
    for text, day in (
        ("We cleaned out the aquarium.", weekend + timedelta(days=1)),
        ("We went to the sauna.", weekend - timedelta(days=1)),
        ("We built a birdhouse.", weekend + timedelta(days=7)),
    ):
        remember_event(household.hass, anna, text, _noon(day, zone))
    month = weekend.strftime("%B")
    german = GERMAN_MONTHS[weekend.month - 1]
    nth = (weekend.day - 1) // 7
    for question, language in (
        (f"what did we do on the weekend of the {_ordinal(weekend.day)}", "en"),
        (f"what did we do on the weekend of {month} {weekend.day}", "en"),
        (f"what did we do the {ORDINALS[nth]} weekend of {month}", "en"),
        (f"was haben wir am Wochenende vom {weekend.day}. gemacht", "de"),
        (f"was haben wir am {GERMAN_ORDINALS[nth]} {german}wochenende gemacht", "de"),
    ):
        speech = _ask(household, question, language)
        assert "aquarium" in speech, (question, speech)
        assert "sauna" not in speech, (question, speech)
        assert "birdhouse" not in speech, (question, speech)


def test_what_is_coming_up_lies_ahead(household: Household) -> None:
    """ "What's coming up with the glazier" lists the visit to come, not the
    one ten days ago (the review heard a past dentist appointment first)."""
    today, zone = _today(household)
    anna = household.anna
    remember_event(
        household.hass,
        anna,
        "The glazier measured the cracked pane.",
        _noon(today - timedelta(days=10), zone),
    )
    remember_event(
        household.hass,
        anna,
        "The glazier will replace the cracked pane.",
        _noon(today + timedelta(days=20), zone),
    )
    for question in (
        "do we have any glazier appointments coming up",
        "what's coming up with the glazier",
    ):
        speech = _ask(household, question)
        assert "replace" in speech, (question, speech)
        assert "measured" not in speech, (question, speech)
