"""The tense a statement is said in decides the last or the coming day."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from custom_components.home_memory.memory.time.expressions import read_question
from custom_components.home_memory.memory.time.restating import restate
from custom_components.home_memory.memory.time.tense import (
    asks_about_telling,
    names_a_bare_weekday,
    own_clause,
    says_habit,
    says_yearly,
    tells_arrangement,
    tells_future,
    tells_past,
)


@pytest.mark.parametrize(
    ("text", "language", "past"),
    [
        ("We watered the plants", "en", True),
        ("I did the laundry", "en", True),
        ("The bank is closed on Monday", "en", False),  # a state, not the past
        ("Wir waren im Kino", "de", True),
        ("Ich habe den Rasen gemäht", "de", True),
        ("Was haben wir zu erledigen", "de", False),  # "zu": no participle
        ("Der Laden hat geöffnet", "de", False),  # a state
        ("Anna kommt morgen", "de", False),
        # The simple past of a separable verb (CI of session 32: it was
        # read as no past, so a morning's getting up was a habit).
        ("Lotte wachte auf und stand auf, um Kaffee zu kochen.", "de", True),
        ("Lotte steht um sechs auf", "de", False),
        ("Lotte stand um sechs auf", "de", True),
        # Every table reads every text: no English word is a German past.
        ("We stand in line at half past seven", "de", False),
        # Capitalised, the same letters are a noun: "das Schloss", "der Griff".
        ("Das Schloss klemmt", "de", False),
        ("Der Griff ist locker", "de", False),
    ],
)
def test_the_past_is_told_by_its_words_and_shapes(
    text: str, language: str, past: bool
) -> None:
    """Past markers, the English -ed and the German perfect by its shape."""
    assert tells_past(text, text, language) is past


def test_the_future_and_an_arrangement_look_ahead() -> None:
    """'will' and 'haben … vor' are the future; 'we are visiting' an
    arrangement, and a visit in the plain present ('we visit Grandma',
    'Peter comes over', as German 'besuchen wir'; review s41 #2), which
    is no future; another plain present is neither."""
    assert tells_future("We will visit Grandma", "We will visit Grandma", "en")
    said = "Was haben wir vor?"
    assert tells_future(said, said, "de")
    assert tells_arrangement("we are visiting Grandma", "en")
    assert not tells_future("We visit Grandma", "We visit Grandma", "en")
    assert tells_arrangement("we visit grandma", "en")
    assert tells_arrangement("peter comes over", "en")
    assert not tells_arrangement("we call grandma", "en")
    assert not tells_arrangement("peter comes home", "en")


@pytest.mark.parametrize(
    ("text", "future"),
    [
        ("Ist heute Morgen jemand aufgestanden?", False),
        ("Anna ist gestern Morgen früh aufgestanden", False),
        ("Was haben wir am Morgen gemacht?", False),
        ("Anna kommt morgen", True),
        ("Wann kommt der Klempner, morgen früh?", True),
        # Written apart, as speech to text often writes it: Friday's morning.
        ("Was war am Freitag morgen?", False),
        ("Wer kam Sonntag morgen?", False),
    ],
)
def test_the_morning_is_no_tomorrow(text: str, future: bool) -> None:
    """ "heute Morgen" (this morning) holds the word "morgen" (tomorrow):
    it looked ahead, and "Ist heute Morgen jemand aufgestanden" found
    nothing of the morning (review s29 M8). So does "am Freitag morgen":
    "Was war am Freitag morgen?" read the coming Friday."""
    assert tells_future(text, text, "de") is future
    question = read_question(
        text,
        now=datetime(2026, 11, 30, 8, 30, tzinfo=ZoneInfo("Europe/Berlin")),
        language="de",
    )
    assert question.ahead is future


@pytest.mark.parametrize(
    ("said", "language", "yearly"),
    [
        ("Anna's birthday is", "en", True),
        ("Opa hat Geburtstag", "de", True),
        ("The plumber comes", "en", False),
    ],
)
def test_a_day_that_comes_every_year(said: str, language: str, yearly: bool) -> None:
    """A birthday is a yearly day: its date stays a habit, not one day."""
    assert says_yearly(said, language) is yearly


def _kept(text: str, words: str) -> str:
    start = text.index(words)
    return own_clause(text, [(start, start + len(words), "weekday")]).strip()


def test_the_time_words_are_read_in_their_own_clause() -> None:
    """Parted by a colon or semicolon, the clause holding the time words is
    what its tense is read from, when it says more than its time."""
    shift = "I changed the shift with Ben: the bins go out on Wednesday"
    assert _kept(shift, "on Wednesday") == "the bins go out on Wednesday"
    zoo = "We went to the zoo; it was lovely on Saturday"
    assert _kept(zoo, "on Saturday") == "it was lovely on Saturday"
    # Only the time: the statement's tense.
    busy = "We were busy: on Saturday"
    assert _kept(busy, "on Saturday") == busy
    # A clock's colon parts nothing.
    clock = "The plumber came at 10:30 on Monday"
    assert _kept(clock, "on Monday") == clock
    assert len(
        own_clause(shift, [(shift.index("on W"), len(shift), "weekday")])
    ) == len(shift)


@pytest.mark.parametrize(
    ("text", "language", "habit"),
    [
        ("We go swimming every Saturday.", "en", True),
        ("Noah has piano on Tuesdays.", "en", True),
        ("Anna jogs twice a week.", "en", True),
        ("Wir gehen jeden Samstag schwimmen.", "de", True),
        ("Wir gehen samstags schwimmen.", "de", True),
        ("We went swimming on Saturday.", "en", False),
        ("We baked an apple pie.", "en", False),
        ("Die Heizung ist immer noch kaputt.", "de", False),  # "still"
        # "As always": this time as every time, one day (review s26 H2).
        ("As always we are having the barbecue on Saturday.", "en", False),
        ("Wie immer grillen wir am Samstag.", "de", False),
        ("As always, Ben always burns the sausages.", "en", True),
    ],
)
def test_a_habit_is_told_by_its_words(text: str, language: str, habit: bool) -> None:
    """Every Saturday, on Tuesdays, twice a week, samstags: again and
    again, no one day's doing."""
    assert says_habit(text, language) is habit


def test_a_question_about_what_was_said() -> None:
    """ "What did we talk about", "worüber haben wir gesprochen" ask what
    was told; "what did we do" asks what was done."""
    assert asks_about_telling("what did we talk about last weekend", "en")
    assert asks_about_telling("worüber haben wir am Samstag gesprochen", "de")
    assert not asks_about_telling("what did we do last weekend", "en")
    assert not asks_about_telling("was haben wir am Samstag gemacht", "de")


@pytest.mark.parametrize(
    ("text", "language", "bare"),
    [
        ("The bins go out on Wednesday.", "en", True),
        ("Der Müll wird am Mittwoch abgeholt.", "de", True),
        ("We went swimming on Saturday 21 November.", "en", False),
        ("The dentist is on Friday the 20th.", "en", False),
        ("Wir waren am Samstag, den 21. im Zoo.", "de", False),
        ("Am Dienstag, 24. November war der Schornsteinfeger da.", "de", False),
    ],
)
def test_a_weekday_without_its_date_is_told_apart(
    text: str, language: str, bare: bool
) -> None:
    """A weekday told of one day is stored with its date; one without is a
    habit where the memory is dated to its telling (final review s17)."""
    assert names_a_bare_weekday(text, language) is bare


@pytest.mark.parametrize(
    ("text", "language", "day"),
    [
        ("Der Tierarzt kommt übermorgen, nicht morgen", "de", 2),
        ("Eigentlich kommt der Maler am Mittwoch, nicht am Dienstag", "de", 2),
        ("Der Maler kommt am Mittwoch statt am Dienstag", "de", 2),
        ("the vet is coming the day after tomorrow, not tomorrow", "en", 2),
        ("the plumber is coming on Wednesday, not on Tuesday", "en", 2),
        ("the plumber is coming on Wednesday instead of Tuesday", "en", 2),
        # Said alone, a time said not to be is still the only one named.
        ("the plumber is coming tomorrow", "en", 1),
    ],
)
def test_a_time_said_not_to_be_is_no_date_of_the_statement(
    text: str, language: str, day: int
) -> None:
    """Review s27: "…, nicht morgen" dated the memory to tomorrow, the day
    the teller said "not"; it is restated, but the date is the other one."""
    now = datetime(2026, 11, 30, 11, 0, tzinfo=ZoneInfo("Europe/Berlin"))
    told = restate(text, now=now, language=language)
    assert told.window is not None
    assert told.window.start.date() == date(2026, 12, day), told.text
    assert told.window.end.date() == date(2026, 12, day + 1), told.text


@pytest.mark.parametrize(
    ("text", "language", "day"),
    [
        # A day set against another is one occasion, ahead when not told
        # in the past (a plain "klingelt am Freitag" alone is a habit).
        ("Der Postbote klingelt am Freitag und nicht am Donnerstag.", "de", 4),
        ("Der Nachbar kommt am Freitag und nicht am Donnerstag.", "de", 4),
        # Told in the past: the last Friday ("und nicht …" ends no perfect).
        ("Der Postbote hat am Freitag geklingelt und nicht am Donnerstag.", "de", -3),
        ("Der Postbote ist am Freitag gekommen und nicht am Donnerstag.", "de", -3),
        ("the postman rang on Friday and not on Thursday", "en", -3),
    ],
)
def test_a_day_set_against_another_is_one_occasion(
    text: str, language: str, day: int
) -> None:
    """Review s27b M8: "der Postbote klingelt am Freitag und nicht am
    Donnerstag" was undated (a habit), "… ist am Freitag gekommen und nicht
    am Donnerstag" dated to the coming Friday (the "und nicht" hid the
    perfect). The words that say "not" are no part of the statement's tense."""
    now = datetime(2026, 11, 30, 11, 0, tzinfo=ZoneInfo("Europe/Berlin"))
    told = restate(text, now=now, language=language)
    assert told.window is not None, told.text
    assert told.window.start.date() == date(2026, 11, 30) + timedelta(days=day)


def test_a_weekday_said_alone_in_the_present_is_still_a_habit() -> None:
    """Only a day set against another is one occasion, in German; English
    keeps "the bins go out on Friday and not on Wednesday" a habit."""
    now = datetime(2026, 11, 30, 11, 0, tzinfo=ZoneInfo("Europe/Berlin"))
    for text in (
        "the bins go out on Friday and not on Wednesday",
        "the bins go out on Friday instead of Wednesday",
    ):
        assert restate(text, now=now, language="en").window is None, text
    assert (
        restate("Der Postbote klingelt am Freitag.", now=now, language="de").window
        is None
    )


@pytest.mark.parametrize(
    "text",
    [
        "Unsere Katze läuft nachts gerne draußen herum.",
        "Die Kinder schlafen am Wochenende gerne lange.",
        "Am Wochenende schlafen die Kinder meistens lange.",
    ],
)
def test_a_habits_words_in_the_written_order_date_nothing(text: str) -> None:
    """Review s27 M3: "nachts" (every night) was last night, "am Wochenende
    … gerne" last weekend; they tell a habit, as "meistens" did."""
    now = datetime(2026, 11, 30, 11, 0, tzinfo=ZoneInfo("Europe/Berlin"))
    assert restate(text, now=now, language="de").window is None


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("Letzte Nacht hat der Hund gebellt.", 29),
        ("In der Nacht hat es geregnet.", 29),
        ("Der Handwerker kommt nächste Woche wieder.", 37),
    ],
)
def test_one_night_or_week_is_still_dated(text: str, day: int) -> None:
    """Only a habit's own word ("nachts") is every night."""
    now = datetime(2026, 11, 30, 11, 0, tzinfo=ZoneInfo("Europe/Berlin"))
    told = restate(text, now=now, language="de")
    assert told.window is not None, text
    assert told.window.start.date() == date(2026, 11, 1) + timedelta(days=day - 1)


@pytest.mark.parametrize(
    ("text", "language", "day"),
    [
        ("the painter is not coming tomorrow but on Friday", "en", 4),
        ("the painter isn't coming tomorrow, but on Friday", "en", 4),
        ("Der Maler kommt morgen nicht, sondern am Freitag", "de", 4),
        ("Der Maler kommt nicht morgen, sondern am Freitag", "de", 4),
        # The day it comes said as a clause of its own (review s30b M3).
        ("the gardener is not coming tomorrow, he is coming on Friday", "en", 4),
        ("the gardener isn't coming tomorrow, she's coming on Friday", "en", 4),
        # "but" with no "not" before it rules nothing out.
        ("the painter is coming tomorrow but not on Friday", "en", 1),
    ],
)
def test_a_time_said_not_to_be_before_but_is_no_date(
    text: str, language: str, day: int
) -> None:
    """Review s27b M4: "the painter is not coming tomorrow but on Friday"
    was dated tomorrow, the day it says is not the day."""
    now = datetime(2026, 11, 30, 11, 0, tzinfo=ZoneInfo("Europe/Berlin"))
    told = restate(text, now=now, language=language)
    assert told.window is not None, told.text
    assert told.window.start.date() == date(2026, 12, day), told.text
    assert told.window.end.date() == date(2026, 12, day + 1), told.text


@pytest.mark.parametrize(
    ("text", "language", "restated"),
    [
        (
            "the cleaner is coming not tomorrow, not Wednesday, not Thursday",
            "en",
            (
                "the cleaner is coming not on Tuesday 1 December, not on Wednesday "
                "2 December, not on Thursday 3 December"
            ),
        ),
        (
            "der Kurier kommt nicht morgen, nicht am Mittwoch, nicht am Donnerstag",
            "de",
            (
                "der Kurier kommt nicht am Dienstag, 1. Dezember, nicht am Mittwoch, "
                "2. Dezember, nicht am Donnerstag, 3. Dezember"
            ),
        ),
        (
            "the plumber is not coming, not tomorrow",
            "en",
            "the plumber is not coming, not on Tuesday 1 December",
        ),
    ],
)
def test_days_only_ruled_out_date_nothing_but_are_restated(
    text: str, language: str, restated: str
) -> None:
    """Review s27b M4: a day only ever said not to be dated the memory (the
    first one ruled out); it names no day, but its days are still said as
    dates (a "tomorrow" stored would mean another day when read later)."""
    now = datetime(2026, 11, 30, 11, 0, tzinfo=ZoneInfo("Europe/Berlin"))
    told = restate(text, now=now, language=language)
    assert told.window is None, told.window
    assert told.text == restated
