"""A statement's relative time words stored as dates (restating.py).

Told on Saturday 28 November 2026, 10:00 in Berlin; the dates are what
spoken.py says, without "today" or "yesterday".
"""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from custom_components.home_memory.memory.time.restating import (
    after_date_word,
    fitted,
    restate,
)

NOW = datetime(2026, 11, 28, 10, 0, tzinfo=ZoneInfo("Europe/Berlin"))

RELATIVE = [
    # A season said from the telling is that season by its year (review s31
    # L6: "last summer" kept, dated the telling).
    ("en", "Ben's sister repainted the gate last summer",
     "Ben's sister repainted the gate in summer 2026"),
    ("en", "Last winter the pipes froze", "In winter 2025/26 the pipes froze"),
    ("de", "Ben hat letzten Winter den Zaun gestrichen",
     "Ben hat im Winter 2025/26 den Zaun gestrichen"),
    # A named day said "last" or "next" (review s35): its date, with its year.
    ("en", "We fixed the gutter last Christmas",
     "We fixed the gutter on Thursday 25 December 2025"),
    ("de", "Wir haben letztes Weihnachten die Regenrinne repariert",
     "Wir haben am Donnerstag, 25. Dezember 2025 die Regenrinne repariert"),
    ("en", "Anna has a job interview next Tuesday",
     "Anna has a job interview on Tuesday 1 December"),
    ("en", "We went to the cinema last weekend",
     "We went to the cinema from Saturday 21 November to Sunday 22 November"),
    ("en", "tomorrow at 3 pm the plumber will come",
     "on Sunday 29 November at 3 pm the plumber will come"),
    ("en", "Tomorrow at 3 pm the plumber will come",
     "On Sunday 29 November at 3 pm the plumber will come"),
    ("en", "We had pizza yesterday evening",
     "We had pizza on the evening of Friday 27 November"),
    ("en", "We went to the dentist on Monday",
     "We went to the dentist on Monday 23 November"),
    ("en", "On next Tuesday Anna will fly", "On Tuesday 1 December Anna will fly"),
    ("en", "Anna will visit in two days", "Anna will visit on Monday 30 November"),
    ("en", "We moved in three days ago", "We moved in on Wednesday 25 November"),
    ("en", "Ben starts school next week",
     "Ben starts school in the week of Monday 30 November"),
    ("en", "Two weeks ago we had a flat tyre",
     "In the week of Monday 9 November we had a flat tyre"),
    ("de", "Wir waren vor zwei Wochen im Schwimmbad",
     "Wir waren in der Woche vom Montag, 9. November im Schwimmbad"),
    ("en", "Anna will fly from Monday to Wednesday",
     "Anna will fly from Monday 30 November to Wednesday 2 December"),
    # A night with its day is that day's, not last night too (review s29 H4:
    # "on the night of Sunday 29 November on Friday 27 November").
    ("en", "Anna got up in the night on Friday to feed the cat",
     "Anna got up on the night of Friday 27 November to feed the cat"),
    ("en", "Anna got up in the night three days ago",
     "Anna got up in the night on Wednesday 25 November"),
    ("de", "Anna ist am Freitag in der Nacht aufgestanden",
     "Anna ist am Freitag, 27. November in der Nacht aufgestanden"),
    # Weekdays with their week are days of that week (review s16).
    ("en", "We went to the lake on Tuesday last week",
     "We went to the lake on Tuesday 17 November"),
    ("en", "We camped from Monday to Wednesday last week",
     "We camped from Monday 16 November to Wednesday 18 November"),
    # A weekday inside a sentence keeps the date's case (not "or On ...").
    ("en", "We will visit Grandma tomorrow or Monday",
     "We will visit Grandma on Sunday 29 November or on Monday 30 November"),
    # After "to", "until", "auf" the date goes bare (not "to on ...").
    ("en", "The dentist appointment will be moved to Friday",
     "The dentist appointment will be moved to Friday 4 December"),
    ("de", "Der Termin wird auf nächsten Freitag verschoben",
     "Der Termin wird auf Freitag, 4. Dezember verschoben"),
    ("de", "Anna hat nächsten Dienstag ein Vorstellungsgespräch",
     "Anna hat am Dienstag, 1. Dezember ein Vorstellungsgespräch"),
    ("de", "Anna hat am nächsten Dienstag frei",
     "Anna hat am Dienstag, 1. Dezember frei"),
    ("de", "Wir waren letztes Wochenende im Kino",
     "Wir waren von Samstag, 21. November bis Sonntag, 22. November im Kino"),
    ("de", "Morgen kommt der Klempner", "Am Sonntag, 29. November kommt der Klempner"),
    ("de", "Wir haben gestern Abend Pizza gegessen",
     "Wir haben am Freitagabend, 27. November Pizza gegessen"),
    ("de", "Oma war vor zwei Tagen da", "Oma war am Donnerstag, 26. November da"),
    ("de", "Übermorgen kommt Oma", "Am Montag, 30. November kommt Oma"),
    ("de", "Heute Nacht hat es geregnet",
     "In der Nacht auf Samstag, 28. November hat es geregnet"),
    ("de", "Oma kommt nächstes Wochenende",
     "Oma kommt von Samstag, 5. Dezember bis Sonntag, 6. Dezember"),
    # A year named from the telling is its number (review s26 L4: "letztes
    # Jahr" was no time, so the sink repaired then was "Heute").
    ("en", "The plumber fixed the sink last year",
     "The plumber fixed the sink in 2025"),
    ("en", "The roof was replaced the year before last",
     "The roof was replaced in 2024"),
    ("en", "We will repaint the fence next year", "We will repaint the fence in 2027"),
    ("en", "This year the garden did well", "In 2026 the garden did well"),
    ("de", "Der Klempner hat letztes Jahr das Waschbecken repariert",
     "Der Klempner hat im Jahr 2025 das Waschbecken repariert"),
    ("de", "Im vergangenen Jahr waren wir in Italien",
     "Im Jahr 2025 waren wir in Italien"),
    ("de", "Das Dach wurde vorletztes Jahr erneuert",
     "Das Dach wurde im Jahr 2024 erneuert"),
    ("de", "Wir streichen nächstes Jahr den Zaun",
     "Wir streichen im Jahr 2027 den Zaun"),
    ("en", "We moved here a year ago", "We moved here in 2025"),
    ("en", "Anna graduates in two years", "Anna graduates in 2028"),
    ("de", "Vor zwei Jahren haben wir geheiratet",
     "Im Jahr 2024 haben wir geheiratet"),
    ("de", "In zwei Jahren zieht Anna aus", "Im Jahr 2028 zieht Anna aus"),
    # A weekday set against a day named from today is that coming day, no
    # habit (review s28 H1: it was left undated).
    ("en", "The quiz night is on Thursday, not tomorrow",
     "The quiz night is on Thursday 3 December, not on Sunday 29 November"),
    ("en", "The parade is on Friday and not today",
     "The parade is on Friday 4 December and not on Saturday 28 November"),
    ("de", "Das Quiz ist am Donnerstag, nicht morgen",
     "Das Quiz ist am Donnerstag, 3. Dezember, nicht am Sonntag, 29. November"),
    # "gerne" tells a habit only in the present: this was one Wednesday.
    ("de", "Am Mittwoch sind wir gerne ins Kino gegangen",
     "Am Mittwoch, 25. November sind wir gerne ins Kino gegangen"),
]  # fmt: skip


@pytest.mark.parametrize(("language", "said", "stored"), RELATIVE)
def test_relative_words_are_stored_as_dates(
    language: str, said: str, stored: str
) -> None:
    """ "Next Tuesday" is stored as "on Tuesday 1 December", in its language."""
    restated = restate(said, now=NOW, language=language)
    assert restated.text == stored
    assert restated.window is not None


AS_SAID = [
    ("en", "Anna's interview is on 3 October"),  # a date: no relative words
    ("en", "We were in Rome in October"),
    ("en", "The bins go out every Tuesday"),  # a habit
    ("en", "The plumber comes on Tuesday"),  # a habit (present tense)
    # A state: "closed" after "is" is no past (attacker review s16: "…
    # closed on Monday 23 November", a habit pinned to a past day).
    ("en", "The bank is closed on Monday"),
    ("en", "The pool is usually crowded on Sunday"),
    ("en", "The shops aren't opened on Sunday"),
    ("en", "We were at home in the last two days"),  # up to now, as said
    ("en", "Anna called two hours ago"),
    ("de", "Wir waren am Samstag, 21. November im Kino"),
    ("de", "Der Müll wird dienstags abgeholt"),
    ("de", "Der Bäcker hat am Montag zu"),
    ("en", "The spare key is under the doormat"),
    # A weekday with its day of the month is that date, said as it is (new-
    # user review s17: "on Friday 27 November the 20th", a wrong day).
    ("en", "We met on Friday the 20th"),
    ("de", "Wir haben uns am Freitag, den 20. getroffen"),
    ("de", "Am Freitag, den 20. haben wir gegrillt"),
    # An owner's year and a year up to now are no year's number.
    ("en", "Last year's Christmas party was fun"),
    ("en", "Over the last year we saved a lot"),
    # A year said by its number is said as it was.
    ("en", "In the year 2019 we married"),
    ("en", "In 2024, we went to Spain"),
    ("de", "Im Jahre 2019 haben wir geheiratet"),
    ("de", "Wir gehen am Samstag gerne ins Kino"),  # a habit
    ("en", "The bins go out on Wednesday instead of Tuesday"),  # a habit moved
    ("de", "Die Kinder schlafen am Wochenende gerne lange"),
]


@pytest.mark.parametrize(("language", "said"), AS_SAID)
def test_dates_habits_and_other_words_stay_as_said(language: str, said: str) -> None:
    """A date, a month, a habit, a span up to now keep the words said."""
    assert restate(said, now=NOW, language=language).text == said


@pytest.mark.parametrize(
    ("language", "said", "year"),
    [
        ("en", "In 2024, we went to Spain", 2024),
        ("en", "We married in the year 2019", 2019),
        ("en", "Over the last year we saved a lot", None),
        ("de", "Im Jahr 2024 waren wir in Spanien", 2024),
        ("en", "We will fly in 9999", None),
    ],
)
def test_a_year_said_by_its_number_is_the_statement_s_time(
    language: str, said: str, year: int | None
) -> None:
    """ "In 2024" is all of 2024; "over the last year" the year up to now;
    a year past the calendar no time."""
    window = restate(said, now=NOW, language=language).window
    if year is None:
        assert window is None or window.end.year == NOW.year
        return
    assert window is not None
    assert (window.start.year, window.start.month, window.start.day) == (year, 1, 1)
    assert (window.end.year, window.end.month, window.end.day) == (year + 1, 1, 1)


def test_the_window_is_the_statement_s_time() -> None:
    """The time stored is the one the words named when told."""
    window = restate("Anna has a job interview next Tuesday", now=NOW, language="en")
    assert window.window is not None
    assert window.window.start == datetime(2026, 12, 1, tzinfo=NOW.tzinfo)
    assert window.window.end == datetime(2026, 12, 2, tzinfo=NOW.tzinfo)


def test_a_weekday_with_its_day_of_the_month_is_that_day() -> None:
    """ "on Friday the 20th", "am Freitag, den 20." (Saturday 28 November):
    Friday 20 November, not the last Friday and the 20th together."""
    for language, said in (
        ("en", "We met on Friday the 20th"),
        ("de", "Wir haben uns am Freitag, den 20. getroffen"),
    ):
        window = restate(said, now=NOW, language=language).window
        assert window is not None
        assert window.start == datetime(2026, 11, 20, tzinfo=NOW.tzinfo)
        assert window.end == datetime(2026, 11, 21, tzinfo=NOW.tzinfo)


# German statements as a clause after "dass" leaves them (text/clauses.py):
# the time words first, then the verb; told on the review's days (s17).
BERLIN = NOW.tzinfo
VERB_SECOND = [
    (datetime(2026, 11, 24, 12, 0, tzinfo=BERLIN),
     "heute war der Schornsteinfeger da.",
     "am Dienstag, 24. November war der Schornsteinfeger da."),
    (datetime(2026, 11, 14, 22, 0, tzinfo=BERLIN),
     "heute Abend waren die Müllers zum Essen da.",
     "am Samstagabend, 14. November waren die Müllers zum Essen da."),
    (NOW, "gestern Morgen hat der Postbote ein Paket gebracht.",
     "am Freitagmorgen, 27. November hat der Postbote ein Paket gebracht."),
    (NOW, "heute Morgen ist die Heizung ausgefallen.",
     "am Samstagmorgen, 28. November ist die Heizung ausgefallen."),
    (datetime(2026, 11, 28, 17, 0, tzinfo=BERLIN),
     "heute Nachmittag hat Ben Fußball gespielt.",
     "am Samstagnachmittag, 28. November hat Ben Fußball gespielt."),
    (NOW, "vorgestern Abend waren wir im Theater.",
     "am Donnerstagabend, 26. November waren wir im Theater."),
    (NOW, "letzten Montag war der Klempner da.",
     "am Montag, 23. November war der Klempner da."),
    (NOW, "letztes Wochenende waren wir wandern.",
     "von Samstag, 21. November bis Sonntag, 22. November waren wir wandern."),
    # Told in the past tense in the afternoon, "heute Nacht" was last night.
    (datetime(2026, 11, 28, 15, 0, tzinfo=BERLIN), "heute Nacht hat es geregnet.",
     "in der Nacht auf Samstag, 28. November hat es geregnet."),
    (NOW, "die Müllers waren gestern Abend zum Essen da.",
     "die Müllers waren am Freitagabend, 27. November zum Essen da."),
]  # fmt: skip


@pytest.mark.parametrize(("now", "said", "stored"), VERB_SECOND)
def test_a_german_time_before_the_verb_becomes_its_date_there(
    now: datetime, said: str, stored: str
) -> None:
    """ "heute Abend waren …" -> "am Samstagabend, 14. November waren …":
    the words of a part of the day go with their day, the verb stays second."""
    assert restate(said, now=now, language="de").text == stored


@pytest.mark.parametrize(
    ("hour", "day", "part"),
    [
        (19, 3, "evening"),  # "tonight" told in the evening: this evening
        (23, 3, "night"),  # in the night: this night
        (15, 2, "night"),  # in the afternoon: last night
    ],
)
def test_tonight_told_in_the_past_tense(hour: int, day: int, part: str) -> None:
    """ "The Müllers came over for dinner tonight", told on Thursday 3
    December at 19:01, was stored "on the night of Wednesday 2 December"
    (new-user review s18): the evening has begun, so it is this evening."""
    now = datetime(2026, 12, 3, hour, 1, tzinfo=BERLIN)
    window = restate(
        "the Müllers came over for dinner tonight", now=now, language="en"
    ).window
    assert window is not None
    first = {"evening": 17, "night": 21}[part]
    assert window.start == datetime(2026, 12, day, first, tzinfo=BERLIN)


@pytest.mark.parametrize(
    ("language", "words", "before", "said"),
    [
        # The preposition already there takes the date bare (review s39 #2:
        # "auf am Freitag, 27. November", "moved to on Friday …").
        (
            "de",
            "am Freitag, 11. Dezember",
            "Der Termin ist auf ",
            "Freitag, 11. Dezember",
        ),
        ("en", "on Friday 11 December", "The dentist moved to ", "Friday 11 December"),
        ("en", "on Tuesday 1 December", "It is on ", "Tuesday 1 December"),
        # Elsewhere, and time words as said, keep their first word.
        (
            "de",
            "am Freitag, 11. Dezember",
            "Der Termin ist ",
            "am Freitag, 11. Dezember",
        ),
        ("en", "next Friday", "The dentist moved to ", "next Friday"),
    ],
)
def test_date_words_fit_the_preposition_before_them(
    language: str, words: str, before: str, said: str
) -> None:
    """A date said into a text after its own preposition drops its own."""
    assert fitted(words, before, language) == said


def test_a_date_word_may_stand_a_few_words_back() -> None:
    """ "for the concert" before a date: its object's time (review s39 #3)."""
    before = "We bought tickets for the concert "
    assert not after_date_word(before, "en")
    assert after_date_word(before, "en", within=3)
    assert not after_date_word("We repainted the shed ", "en", within=3)
    assert after_date_word("Wir haben Karten für das Konzert ", "de", within=3)
