"""Time words in questions and statements, English and German, at a fixed moment."""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from custom_components.home_memory.memory.time.expressions import (
    MAX_READ_CHARS,
    _said,
    day_parts,
    looks_ahead,
    not_yet_begun,
    read_question,
    read_statement,
    read_when,
    speaks_of_past,
)
from custom_components.home_memory.memory.time.phrases import table_language
from custom_components.home_memory.memory.time.tense import (
    may_tell_perfect,
    tells_future,
    tells_past,
    tells_past_by_words,
    tells_perfect,
)

BERLIN = ZoneInfo("Europe/Berlin")
# Wednesday 4 March 2026, 09:30 in Berlin.
WEDNESDAY = datetime(2026, 3, 4, 9, 30, tzinfo=BERLIN)


def _local(day: str, hour: int = 0, minute: int = 0) -> datetime:
    return datetime.fromisoformat(day).replace(hour=hour, minute=minute, tzinfo=BERLIN)


def _hours(start: datetime, end: datetime) -> float:
    """Hours really between two aware times (not their wall clocks)."""
    return (end.timestamp() - start.timestamp()) / 3600


def _span(text: str, language: str, now: datetime = WEDNESDAY) -> tuple[str, str]:
    reading = read_question(text, now=now, language=language)
    assert reading.window is not None, text
    return (
        reading.window.start.strftime("%Y-%m-%d %H:%M"),
        reading.window.end.strftime("%Y-%m-%d %H:%M"),
    )


def _table(rows: str) -> list[tuple[str, ...]]:
    """The rows of a "question | language | start | end" table."""
    lines = rows.strip().splitlines()
    return [tuple(part.strip() for part in line.split("|")) for line in lines]


# question | language | window start | window end (Berlin, at WEDNESDAY)
QUESTIONS = """
What happened yesterday evening? | en | 2026-03-03 17:00 | 2026-03-03 23:00
Ist letzte Nacht jemand aufgestanden? | de | 2026-03-03 21:00 | 2026-03-04 06:00
Was haben wir letzte Woche gemacht? | de | 2026-02-23 00:00 | 2026-03-02 00:00
what happened on February 26th | en | 2026-02-26 00:00 | 2026-02-27 00:00
Was ist am 26. Februar passiert? | de | 2026-02-26 00:00 | 2026-02-27 00:00
Was war am Freitagabend in der Küche? | de | 2026-02-27 17:00 | 2026-02-27 23:00
what happened the day before yesterday | en | 2026-03-02 00:00 | 2026-03-03 00:00
what is on the day after tomorrow | en | 2026-03-06 00:00 | 2026-03-07 00:00
what happened in the last two days | en | 2026-03-02 09:30 | 2026-03-04 09:30
what happened on the weekend | en | 2026-02-28 00:00 | 2026-03-02 00:00
Was war am Wochenende? | de | 2026-02-28 00:00 | 2026-03-02 00:00
what happened two weeks ago | en | 2026-02-16 00:00 | 2026-02-23 00:00
Was war gestern Abend? | de | 2026-03-03 17:00 | 2026-03-03 23:00
what happened this morning | en | 2026-03-04 05:00 | 2026-03-04 12:00
Was war heute Morgen? | de | 2026-03-04 05:00 | 2026-03-04 12:00
did anyone get up last night | en | 2026-03-03 21:00 | 2026-03-04 06:00
what did we do last week | en | 2026-02-23 00:00 | 2026-03-02 00:00
what happened three days ago | en | 2026-03-01 00:00 | 2026-03-02 00:00
Was war vor drei Tagen? | de | 2026-03-01 00:00 | 2026-03-02 00:00
what happened on 26 February | en | 2026-02-26 00:00 | 2026-02-27 00:00
Was war am 26.2.? | de | 2026-02-26 00:00 | 2026-02-27 00:00
what happened on Tuesday | en | 2026-03-03 00:00 | 2026-03-04 00:00
Was war am Dienstag? | de | 2026-03-03 00:00 | 2026-03-04 00:00
what happened on Wednesday | en | 2026-03-04 00:00 | 2026-03-05 00:00
what happened last Wednesday | en | 2026-02-25 00:00 | 2026-02-26 00:00
the kitchen on Friday evening | en | 2026-02-27 17:00 | 2026-02-27 23:00
bed on the night of the 27th | en | 2026-02-27 21:00 | 2026-02-28 06:00
in der Nacht auf Samstag | de | 2026-02-27 21:00 | 2026-02-28 06:00
what happened on 10 March | en | 2025-03-10 00:00 | 2025-03-11 00:00
what happened on the 31st | en | 2026-01-31 00:00 | 2026-02-01 00:00
Was war vorgestern? | de | 2026-03-02 00:00 | 2026-03-03 00:00
what happened in February | en | 2026-02-01 00:00 | 2026-03-01 00:00
Was war im Februar? | de | 2026-02-01 00:00 | 2026-03-01 00:00
what happened on 2026-02-26 | en | 2026-02-26 00:00 | 2026-02-27 00:00
bed on the night of 4 February | en | 2026-02-04 21:00 | 2026-02-05 06:00
in der Nacht vom 26. auf den 27. | de | 2026-02-26 21:00 | 2026-02-27 06:00
in der Nacht vom 28. Februar auf den 1. März | de | 2026-02-28 21:00 | 2026-03-01 06:00
what did we do last summer | en | 2025-06-01 00:00 | 2025-09-01 00:00
what happened in late summer | en | 2025-08-01 00:00 | 2025-09-01 00:00
what did we do last winter | en | 2025-12-01 00:00 | 2026-03-01 00:00
what are we doing this spring | en | 2026-03-01 00:00 | 2026-06-01 00:00
what did we do in the winter of 2024 | en | 2024-12-01 00:00 | 2025-03-01 00:00
what did we plant last fall | en | 2025-09-01 00:00 | 2025-12-01 00:00
Was haben wir letzten Sommer gemacht? | de | 2025-06-01 00:00 | 2025-09-01 00:00
Was war im Herbst 2024? | de | 2024-09-01 00:00 | 2024-12-01 00:00
Was haben wir Ende des Sommers gemacht? | de | 2025-08-01 00:00 | 2025-09-01 00:00
Was haben wir Ende des Herbstes gemacht? | de | 2025-11-01 00:00 | 2025-12-01 00:00
"""


@pytest.mark.parametrize(
    ("question", "language", "start", "end"),
    _table(QUESTIONS),
)
def test_a_question_s_time_words_become_its_window(
    question: str, language: str, start: str, end: str
) -> None:
    """Dates, weekdays, parts of the day and relative words, in both languages."""
    assert _span(question, language) == (start, end)


# question | language | window start | window end (Berlin, at WEDNESDAY)
AHEAD = """
what are we doing this weekend | en | 2026-03-07 00:00 | 2026-03-09 00:00
what is happening on Saturday | en | 2026-03-07 00:00 | 2026-03-08 00:00
what will we do on Saturday | en | 2026-03-07 00:00 | 2026-03-08 00:00
what's Anna doing on Friday evening | en | 2026-03-06 17:00 | 2026-03-06 23:00
is the meeting on Friday | en | 2026-03-06 00:00 | 2026-03-07 00:00
Was haben wir dieses Wochenende vor? | de | 2026-03-07 00:00 | 2026-03-09 00:00
Was wird am Samstag gemacht? | de | 2026-03-07 00:00 | 2026-03-08 00:00
Besucht uns am Samstag jemand? | de | 2026-03-07 00:00 | 2026-03-08 00:00
Wer besucht uns am Wochenende? | de | 2026-03-07 00:00 | 2026-03-09 00:00
Bekommen wir am Wochenende Besuch? | de | 2026-03-07 00:00 | 2026-03-09 00:00
Kriegen wir am Samstag Besuch? | de | 2026-03-07 00:00 | 2026-03-08 00:00
Wer war am Wochenende zu Besuch? | de | 2026-02-28 00:00 | 2026-03-02 00:00
Hat uns am Samstag jemand besucht? | de | 2026-02-28 00:00 | 2026-03-01 00:00
Was haben wir am Samstag gemacht? | de | 2026-02-28 00:00 | 2026-03-01 00:00
what did we do this weekend | en | 2026-02-28 00:00 | 2026-03-02 00:00
what was Anna doing on Friday | en | 2026-02-27 00:00 | 2026-02-28 00:00
is there anything on Saturday | en | 2026-02-28 00:00 | 2026-03-01 00:00
what happened on Friday morning | en | 2026-02-27 05:00 | 2026-02-27 12:00
"""


@pytest.mark.parametrize(
    ("question", "language", "start", "end"),
    _table(AHEAD),
)
def test_a_question_about_what_is_coming_looks_ahead(
    question: str, language: str, start: str, end: str
) -> None:
    """A question that speaks of the future ("will", "are we doing", "vor",
    "Besucht uns … jemand", review s31 M5; "Wer besucht uns", "Bekommen
    wir … Besuch", review s36 finding 4), and "this weekend" on a
    weekday, asks about the coming day; one in the past tense, or with no
    tense, about the last ("evening" or "anything" is no "-ing" of an
    arrangement)."""
    assert _span(question, language) == (start, end)


def test_the_time_words_leave_the_text_searched_for() -> None:
    """Only what the question is about stays for relevance."""
    reading = read_question(
        "What happened in the kitchen on Friday evening?", now=WEDNESDAY, language="en"
    )
    assert reading.rest == "What happened in the kitchen?"
    assert reading.said == ("on Friday evening",)
    german = read_question("Was war gestern Abend los?", now=WEDNESDAY, language="de")
    assert german.rest == "Was war los?"


@pytest.mark.parametrize(
    ("question", "language", "rest"),
    [
        (
            "When was the washing machine last used?",
            "en",
            "When was the washing machine used?",
        ),
        ("when did Ben last come home", "en", "when did Ben come home"),
        # Any night, not last night's (household replay: "I don't know").
        (
            "When did Anna last get up in the night?",
            "en",
            "When did Anna get up in the night?",
        ),
        (
            "when did Lena last wake up during the night",
            "en",
            "when did Lena wake up during the night",
        ),
        ("the last time the front door opened", "en", "the front door opened"),
        ("Wann lief die Waschmaschine zuletzt?", "de", "Wann lief die Waschmaschine?"),
        (
            "Wann war das letzte Mal die Haustür offen?",
            "de",
            "Wann war die Haustür offen?",
        ),
    ],
)
def test_last_time_asks_for_the_newest_first(
    question: str, language: str, rest: str
) -> None:
    """ "The last time", "when did ... last", "zuletzt": no window, newest first."""
    reading = read_question(question, now=WEDNESDAY, language=language)
    assert reading.window is None
    assert reading.newest_first
    assert reading.rest == rest


def test_last_night_at_one_is_the_night_going_on_and_at_nine_the_one_past() -> None:
    """Said at 01:00 or at 09:00 on Wednesday: the night Tuesday -> Wednesday."""
    at_one = _local("2026-03-04", 1)
    at_nine = _local("2026-03-04", 9)
    expected = ("2026-03-03 21:00", "2026-03-04 06:00")
    assert _span("what happened last night", "en", at_one) == expected
    assert _span("what happened last night", "en", at_nine) == expected
    assert _span("did anyone get up in the night", "en", at_nine) == expected
    # With its day it is that day's night (review s29 H4).
    assert _span("did anyone get up in the night on Monday", "en", at_nine) == (
        "2026-03-02 21:00",
        "2026-03-03 06:00",
    )
    # "Tonight" at 01:00 is the night going on; at 20:00 the one to come.
    assert _span("what happens tonight", "en", at_one) == expected
    assert _span("tonight", "en", _local("2026-03-04", 20)) == (
        "2026-03-04 21:00",
        "2026-03-05 06:00",
    )
    # German "heute Nacht" in the morning is the night just passed.
    assert _span("Was war heute Nacht?", "de", at_nine) == expected


def test_just_after_midnight_yesterday_is_the_day_that_just_ended() -> None:
    """At 00:05 on Wednesday, "yesterday" is Tuesday and "today" Wednesday."""
    now = _local("2026-03-04", 0, 5)
    assert _span("yesterday", "en", now) == ("2026-03-03 00:00", "2026-03-04 00:00")
    assert _span("heute", "de", now) == ("2026-03-04 00:00", "2026-03-05 00:00")


def test_a_habit_after_a_colon_is_no_past_day() -> None:
    """Found by the new-user review (s17): "I changed the shift with Ben:
    the bins go out on Wednesday instead of Tuesday" was dated 18 to 25
    November, the past of "changed" read into the bins' weekdays, and
    answered "what did we do last Tuesday". The bins' clause is present: a
    habit, no day."""
    tuesday = _local("2026-11-24", 18, 30)
    for text in (
        "I changed the shift with Ben: the bins go out on Wednesday",
        "I changed the shift with Ben: the bins go out on Wednesday instead of Tuesday",
    ):
        assert read_statement(text, now=tuesday, language="en") is None, text
    told = read_statement(
        "Good news: we went to the zoo on Saturday", now=tuesday, language="en"
    )
    assert told is not None
    assert told.start == _local("2026-11-21")


def test_a_part_of_today_done_before_it_began_is_the_last_one() -> None:
    """Told at 00:30 on Wednesday, "we had pizza this evening" is Tuesday
    evening (a past part of the day that has not begun yet is the one just
    lived); what is coming, or a part already begun, stays today's."""
    after_midnight = _local("2026-03-04", 0, 30)
    tuesday_evening = (_local("2026-03-03", 17), _local("2026-03-03", 23))
    window = read_statement(
        "We had pizza this evening", now=after_midnight, language="en"
    )
    assert window is not None
    assert (window.start, window.end) == tuesday_evening
    german = read_statement(
        "Wir haben heute Abend Pizza gegessen", now=after_midnight, language="de"
    )
    assert german is not None
    assert (german.start, german.end) == tuesday_evening
    assert _span("what did we do this evening", "en", after_midnight) == (
        "2026-03-03 17:00",
        "2026-03-03 23:00",
    )
    coming = read_statement(
        "We will have pizza this evening", now=after_midnight, language="en"
    )
    assert coming is not None
    assert coming.start == _local("2026-03-04", 17)
    begun = read_statement(
        "We had pizza this evening", now=_local("2026-03-04", 19), language="en"
    )
    assert begun is not None
    assert begun.start == _local("2026-03-04", 17)


def test_a_day_across_the_daylight_saving_change_is_as_long_as_it_was_lived() -> None:
    """Berlin moves to summer time on 29 March 2026: that Sunday has 23 hours,
    and the night of the 28th ends at 06:00 summer time."""
    monday = _local("2026-03-30", 10)
    reading = read_question("what happened yesterday", now=monday, language="en")
    assert reading.window is not None
    assert _hours(reading.window.start, reading.window.end) == 23
    night = read_question("Was war vorgestern Nacht?", now=monday, language="de")
    assert night.window is not None
    assert night.window.start.utcoffset() == timedelta(hours=1)
    assert night.window.end.utcoffset() == timedelta(hours=2)
    assert _hours(night.window.start, night.window.end) == 8
    # Autumn: 25 October 2026 has 25 hours.
    autumn = read_question(
        "what happened yesterday", now=_local("2026-10-26", 8), language="en"
    )
    assert autumn.window is not None
    assert _hours(autumn.window.start, autumn.window.end) == 25


@pytest.mark.parametrize(
    ("question", "language", "impossible"),
    [
        ("what happened on 31 February?", "en", True),
        ("was ist am 31. Februar passiert?", "de", True),
        ("was ist am 30.2.2027 passiert?", "de", True),
        ("what happened on 28 February?", "en", False),
        ("when did I last water the plants", "en", False),
        ("where is the spare key", "en", False),
    ],
)
def test_a_time_that_is_none_is_said_to_be_impossible(
    question: str, language: str, impossible: bool
) -> None:
    """A date that does not exist is no window, but is not "no time" either:
    the reading says so, so that nothing is looked for then."""
    reading = read_question(question, now=WEDNESDAY, language=language)
    assert reading.impossible is impossible
    if impossible:
        assert reading.window is None
        assert reading.said


@pytest.mark.parametrize(
    ("question", "language", "start", "end"),
    [
        ("what did the plumber fix last year", "en", "2025-01-01", "2026-01-01"),
        ("what did we do in the year before last", "en", "2024-01-01", "2025-01-01"),
        ("what is planned for next year", "en", "2027-01-01", "2028-01-01"),
        ("what did we buy this year", "en", "2026-01-01", "2027-01-01"),
        (
            "was hat der Klempner letztes Jahr repariert",
            "de",
            "2025-01-01",
            "2026-01-01",
        ),
        ("was war im vorigen Jahr", "de", "2025-01-01", "2026-01-01"),
        ("was haben wir dieses Jahr gekauft", "de", "2026-01-01", "2027-01-01"),
    ],
)
def test_a_year_named_from_today_is_all_of_it(
    question: str, language: str, start: str, end: str
) -> None:
    """ "Last year" asked on 2 January 2026 is all of 2025 (review s26 L4:
    it was no time at all)."""
    assert _span(question, language, _local("2026-01-02", 12)) == (
        f"{start} 00:00",
        f"{end} 00:00",
    )


def test_nachts_asks_of_every_night_not_last_night() -> None:
    """Review s28 M6: "Was macht die Katze nachts" read last night's window,
    so "Die Katze kommt nachts oft heim" (a habit, undated) was not found;
    "nachts" is every night, "letzte Nacht" the last one."""
    now = _local("2026-11-30", 12)
    assert (
        read_question("Was macht die Katze nachts", now=now, language="de").window
        is None
    )
    assert _span("Was war letzte Nacht los", "de", now) == (
        "2026-11-29 21:00",
        "2026-11-30 06:00",
    )


def test_month_ends_and_leap_days() -> None:
    """1 March: last month is February (28 days); 29 February is a leap year's."""
    first = _local("2026-03-01", 12)
    assert _span("last month", "en", first) == ("2026-02-01 00:00", "2026-03-01 00:00")
    assert _span("yesterday", "en", first) == ("2026-02-28 00:00", "2026-03-01 00:00")
    assert _span("on 29 February", "en", first) == (
        "2024-02-29 00:00",
        "2024-03-01 00:00",
    )
    january = _local("2026-01-02", 12)
    assert _span("last month", "en", january) == (
        "2025-12-01 00:00",
        "2026-01-01 00:00",
    )
    assert _span("letzte Woche", "de", january) == (
        "2025-12-22 00:00",
        "2025-12-29 00:00",
    )


def test_a_weekday_given_with_a_date_picks_the_year_it_fell_on() -> None:
    """ "Tuesday 26 February": no year within one either side has it on a
    Tuesday (2026's is a Thursday), so the date is trusted: this year's,
    never 2019's (years away)."""
    assert _span("on Tuesday 26 February", "en") == (
        "2026-02-26 00:00",
        "2026-02-27 00:00",
    )


@pytest.mark.parametrize(
    "text",
    [
        "where is the spare key",
        "I like the morning light",
        "jeden Morgen trinkt Anna Kaffee",
        "guten Morgen",
        "we walk the dog every Monday",
        "Wo ist der Ersatzschlüssel?",
        "the first time we met",
        "did Ben do a second march",
        "who came first",
        "did the picture fall",
        "where are the summer tyres",
        "the spring of the garage door is broken",
    ],
)
def test_no_time_words_no_window(text: str) -> None:
    """Words that merely look like times ("every Monday", "guten Morgen")."""
    for language in ("en", "de"):
        reading = read_question(text, now=WEDNESDAY, language=language)
        assert reading.window is None
        assert not reading.newest_first
        assert reading.rest == text


def test_a_statement_s_time_is_resolved_when_told() -> None:
    """Past by default, ahead when the statement speaks of the future."""
    window = read_statement(
        "We went to the dentist on Monday.", now=WEDNESDAY, language="en"
    )
    assert window is not None
    assert window.start == _local("2026-03-02")
    ahead = read_statement(
        "The plumber will come on Monday.", now=WEDNESDAY, language="en"
    )
    assert ahead is not None
    assert ahead.start == _local("2026-03-09")
    # An arrangement in the present tense is ahead too; a habit is no day.
    visiting = read_statement(
        "We are visiting Grandma on Saturday.", now=WEDNESDAY, language="en"
    )
    assert visiting is not None
    assert visiting.start == _local("2026-03-07")
    assert (
        read_statement(
            "Ben is working from home on Wednesdays.", now=WEDNESDAY, language="en"
        )
        is None
    )
    german = read_statement(
        "Anna war gestern beim Zahnarzt.", now=WEDNESDAY, language="de"
    )
    assert german is not None
    assert german.start == _local("2026-03-03")
    assert (
        read_statement("The spare key is under the mat.", now=WEDNESDAY, language="en")
        is None
    )
    # "Last" alone is no time in a statement.
    assert (
        read_statement("The last bus leaves at ten.", now=WEDNESDAY, language="en")
        is None
    )


def test_a_time_given_alone() -> None:
    """A field that takes a time takes time words only."""
    window = read_when("yesterday evening", now=WEDNESDAY, language="en")
    assert window is not None
    assert window.start == _local("2026-03-03", 17)
    assert read_when("gestern Abend", now=WEDNESDAY, language="de") is not None
    assert read_when("the dog barked yesterday", now=WEDNESDAY, language="en") is None
    assert read_when("soon", now=WEDNESDAY, language="en") is None


@pytest.mark.parametrize(
    ("given", "language"), [("late February", "en"), ("Ende Februar", "de")]
)
def test_a_time_given_for_something_done_is_the_last_one(
    given: str, language: str
) -> None:
    """Final attack s16: "late February" given on 29 November for "The
    roofer repaired the gutter" was February 2027 (the nearest); for
    something done it is the last one, for a plan the coming one."""
    now = datetime(2026, 11, 29, 10, 0, tzinfo=BERLIN)
    done = read_when(given, now=now, language=language, behind=True)
    assert done is not None
    assert done.start.year == 2026
    plan = read_when(given, now=now, language=language, ahead=True)
    assert plan is not None
    assert plan.start.year == 2027


def test_another_language_falls_back_to_english() -> None:
    """A French household asking in English still gets its window."""
    assert _span("what happened yesterday", "fr")[0] == "2026-03-03 00:00"
    assert _span("Was war gestern?", "de-CH")[0] == "2026-03-03 00:00"


def test_hostile_text_is_read_safely() -> None:
    """Huge, odd and injected text: no error, a bounded read."""
    huge = "yesterday " + "x" * 5_000_000
    reading = read_question(huge, now=WEDNESDAY, language="en")
    assert reading.window is not None
    assert len(reading.rest) <= MAX_READ_CHARS
    for text in (
        "\ud800 yesterday",
        "Straße gestern",
        "on 99 February",
        "on 31 April",
        "9999999999 days ago",
        "on the 0th",
        "\u202eyesterday\u202c",
        "",
    ):
        read_question(text, now=WEDNESDAY, language="de")
        read_question(text, now=WEDNESDAY, language="en")
    assert read_question("on 31 April", now=WEDNESDAY, language="en").window is None
    with pytest.raises(ValueError, match="aware"):
        read_question("yesterday", now=WEDNESDAY.replace(tzinfo=None), language="en")


def test_a_habit_names_no_day() -> None:
    """A weekday or date in the present tense is a habit ("the bins go out on
    Tuesday"); in the past or future it is one day."""
    for habit in (
        "The bins go out on Tuesday.",
        "Anna's birthday is on 3 March.",
        "Die Müllabfuhr kommt jeden Dienstag.",
        "Der Müll wird dienstags abgeholt.",
    ):
        assert read_statement(habit, now=WEDNESDAY, language="en") is None, habit
    assert (
        read_statement(
            "The bins went out late on Tuesday.", now=WEDNESDAY, language="en"
        )
        is not None
    )
    assert (
        read_statement(
            "Die Müllabfuhr war am Dienstag spät dran.", now=WEDNESDAY, language="de"
        )
        is not None
    )


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("At the weekend we always have a long breakfast.", "en"),
        ("We usually go swimming at the weekend.", "en"),
        ("Am Wochenende schlafen wir immer aus.", "de"),
        ("Wir schlafen am Wochenende normalerweise aus.", "de"),
        ("Am Montag kommt immer die Putzhilfe.", "de"),
        ("Im Dezember fahren wir immer Ski.", "de"),
        ("Am Morgen trinkt Ben immer Espresso.", "de"),
        ("At the weekend, we always sleep in.", "en"),
        # In the past too (review s26 H3: dated last weekend, today).
        ("We always went swimming at the weekend when the kids were small.", "en"),
        ("The cleaner always came on Monday.", "en"),
        ("Früher sind wir am Wochenende immer gewandert.", "de"),
    ],
)
def test_a_habits_weekend_weekday_or_month_is_no_day(text: str, language: str) -> None:
    """A habit's words ("always", "immer", "normalerweise") make its weekend,
    weekday or month no one day, though the present tense reads as a plan
    (review s25: German weekly routines were stored on one date)."""
    assert read_statement(text, now=WEDNESDAY, language=language) is None


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("Am Wochenende waren wir im Zoo.", "de"),
        ("Next weekend we always visit grandma.", "en"),
        ("Last weekend we always had pizza.", "en"),
        ("Am Montag kommt die Putzhilfe.", "de"),
        ("Wir gehen morgen immer noch schwimmen.", "de"),
        # A habit said in another clause, or "as always" (review s26 H2:
        # the plan lost its date).
        ("Grandma is coming at the weekend, she always brings cake.", "en"),
        ("As always we are having the barbecue on Saturday.", "en"),
        ("Oma kommt am Wochenende, sie bringt immer Kuchen mit.", "de"),
        ("On Saturday we went swimming, as always.", "en"),
    ],
)
def test_one_weekend_or_day_stays_one(text: str, language: str) -> None:
    """The past, "next"/"last", no habit word in the time's clause, "as
    always", or "immer noch" (still): one day."""
    assert read_statement(text, now=WEDNESDAY, language=language) is not None


def test_the_day_after_tomorrow_is_not_tomorrow() -> None:
    """Review s26 H4: "the day after tomorrow" was read as "tomorrow"."""
    told = read_statement(
        "the plumber is coming the day after tomorrow", now=WEDNESDAY, language="en"
    )
    assert told is not None
    assert told.start.date().isoformat() == "2026-03-06"


def test_am_morgen_is_the_morning_not_tomorrow() -> None:
    """ "Am Morgen" is in the morning; "morgen" alone, "morgen früh" is
    tomorrow (review s25: "Am Morgen war Ben müde" was stored for tomorrow)."""
    for said in ("Am Morgen war Ben müde.", "An dem Morgen war es kalt."):
        assert read_statement(said, now=WEDNESDAY, language="de") is None, said
    assert _span("morgen früh kommt der Bäcker", "de")[0] == "2026-03-05 05:00"
    assert _span("morgen kommt Oma", "de") == ("2026-03-05 00:00", "2026-03-06 00:00")


@pytest.mark.parametrize(
    "text",
    [
        "When did we leave for the weekend away?",
        "When did we get back from the weekend trip?",
        "Wann sind wir übers Wochenende weggefahren?",
        "Wann sind wir vom Wochenende zurückgekommen?",
    ],
)
def test_a_weekend_that_names_a_trip_is_no_time(text: str) -> None:
    """ "The weekend away" says what, not when: no window (the last weekend
    would hide the trip three weeks ago); "at the weekend" still is one."""
    for language in ("en", "de"):
        assert read_question(text, now=WEDNESDAY, language=language).window is None
    assert _span("what did we do at the weekend", "en") == (
        "2026-02-28 00:00",
        "2026-03-02 00:00",
    )


@pytest.mark.parametrize(
    ("question", "language", "named", "past"),
    [
        ("does the plumber come on Tuesday", "en", ("tuesday",), False),
        ("Kommt der Klempner am Dienstag?", "de", ("dienstag",), False),
        ("what did we talk about on Tuesday", "en", (), True),
        ("what did we talk about last Tuesday", "en", (), True),
        ("worüber haben wir letzten Dienstag gesprochen", "de", (), True),
        ("what did we plan for Saturday", "en", ("saturday",), False),
        ("what happened at the weekend", "en", (), True),
        ("what is on at the weekend", "en", ("weekend",), False),
    ],
)
def test_the_days_a_habit_may_name_and_the_past_tense(
    question: str, language: str, named: tuple[str, ...], past: bool
) -> None:
    """A question in the present or future names its weekday for habits and
    plans; one in the past tense, or about the last one, names none and asks
    about what has happened."""
    reading = read_question(question, now=WEDNESDAY, language=language)
    assert (reading.named, reading.past) == (named, past)


# German perfect (an auxiliary and a participle at the clause's end) and the
# simple past of common verbs are past; "haben … vor", "geplant", "werden"
# and the present look ahead or name a habit's day.
@pytest.mark.parametrize(
    ("question", "named", "past"),
    [
        ("Was haben wir am Samstag gemacht?", (), True),
        ("Was hat Anna am Dienstag gekauft?", (), True),
        ("Wen haben wir am Samstag besucht?", (), True),
        ("Was hat Anna am Samstag erzählt?", (), True),
        ("Was haben wir am Samstag verloren?", (), True),
        ("Was haben wir am Samstag bekommen?", (), True),
        ("Was ist am Samstag passiert?", (), True),
        ("Wann ist Ben am Samstag nach Hause gekommen?", (), True),
        ("Weißt du, was wir am Samstag gemacht haben?", (), True),
        ("Wo waren wir am Samstag?", (), True),
        ("Wohin ging Anna am Samstag?", (), True),
        ("Was machen wir am Samstag?", ("samstag",), False),
        ("Was werden wir am Samstag machen?", ("samstag",), False),
        ("Was haben wir am Samstag vor?", ("samstag",), False),
        ("Was haben wir am Samstag geplant?", ("samstag",), False),
        ("Was passiert am Samstag?", ("samstag",), False),
        ("Hat der Bäcker am Sonntag geöffnet?", ("sonntag",), False),
        ("Sind wir am Samstag eingeladen?", ("samstag",), False),
        ("Was haben wir am Samstag zu erledigen?", ("samstag",), False),
        ("Haben wir am Samstag einen Bericht?", ("samstag",), False),
    ],
)
def test_german_perfect_and_simple_past_are_past(
    question: str, named: tuple[str, ...], past: bool
) -> None:
    """ "Was haben wir am Samstag gemacht?" asks about what happened: no
    habit's Saturday joins it and its window ends now; a plan ("vor",
    "geplant"), the future and a state ("hat geöffnet") do not."""
    reading = read_question(question, now=WEDNESDAY, language="de")
    assert (reading.named, reading.past) == (named, past)


@pytest.mark.parametrize(
    ("question", "language", "start"),
    [
        ("Was haben wir am Samstag gemacht?", "de", "2026-02-28 00:00"),
        ("Was haben wir am Samstag vor?", "de", "2026-03-07 00:00"),
        ("Was haben wir am Samstag geplant?", "de", "2026-03-07 00:00"),
        ("Was hatten wir am Samstag vor?", "de", "2026-02-28 00:00"),
        ("Was machen wir am Samstag?", "de", "2026-03-07 00:00"),
        ("what did we do on Saturday", "en", "2026-02-28 00:00"),
        ("what happened on Saturday", "en", "2026-02-28 00:00"),
        ("what are we doing on Saturday", "en", "2026-03-07 00:00"),
    ],
)
def test_a_plan_looks_ahead_and_the_past_looks_back(
    question: str, language: str, start: str
) -> None:
    """ "Vor" of "vorhaben" is a plan, not a past: the coming Saturday; a
    plan asked in the past ("hatten … vor") is the last one."""
    assert _span(question, language)[0] == start


def test_a_german_statement_in_the_perfect_is_a_day() -> None:
    """ "Wir haben am Montag Oma besucht" (told on Wednesday) happened on
    Monday; "Der Bäcker hat am Sonntag geöffnet" is a habit, no day."""
    told = read_statement(
        "Wir haben am Montag Oma besucht.", now=WEDNESDAY, language="de"
    )
    assert told is not None
    assert told.start == _local("2026-03-02")
    habit = "Der Bäcker hat am Sonntag geöffnet."
    assert read_statement(habit, now=WEDNESDAY, language="de") is None


# A span as said | language | first day | day after the last (Berlin, at
# WEDNESDAY); a weekday with a date picks the year near it falls on (2026).
SPANS = """
from 3 to 5 October | en | 2025-10-03 00:00 | 2025-10-06 00:00
3-5 October | en | 2025-10-03 00:00 | 2025-10-06 00:00
October 3 to 5, 2026 | en | 2026-10-03 00:00 | 2026-10-06 00:00
between 3 and 5 October | en | 2025-10-03 00:00 | 2025-10-06 00:00
from 30 September to 2 October | en | 2025-09-30 00:00 | 2025-10-03 00:00
from Saturday 21 Nov to Sunday 22 Nov | en | 2026-11-21 00:00 | 2026-11-23 00:00
from Monday to Wednesday | en | 2026-03-02 00:00 | 2026-03-05 00:00
from Thursday to Monday | en | 2026-02-26 00:00 | 2026-03-03 00:00
from yesterday evening to this morning | en | 2026-03-03 17:00 | 2026-03-04 12:00
from 1 to 3 March | en | 2026-03-01 00:00 | 2026-03-04 00:00
from 28 December to 2 January | en | 2025-12-28 00:00 | 2026-01-03 00:00
3.\u20135. Oktober | de | 2025-10-03 00:00 | 2025-10-06 00:00
vom 3. bis 5. Oktober | de | 2025-10-03 00:00 | 2025-10-06 00:00
vom 3. bis zum 5. Oktober 2026 | de | 2026-10-03 00:00 | 2026-10-06 00:00
3.-5.10.2025 | de | 2025-10-03 00:00 | 2025-10-06 00:00
zwischen dem 3. und dem 5. Oktober | de | 2025-10-03 00:00 | 2025-10-06 00:00
vom 30. September bis 2. Oktober | de | 2025-09-30 00:00 | 2025-10-03 00:00
von Montag bis Mittwoch | de | 2026-03-02 00:00 | 2026-03-05 00:00
"""


@pytest.mark.parametrize(("text", "language", "start", "end"), _table(SPANS))
def test_a_span_from_one_day_to_another_is_one_window(
    text: str, language: str, start: str, end: str
) -> None:
    """ "From 3 to 5 October", "vom 3. bis 5. Oktober": from the first day's
    start to the last day's end, the last span that has begun; a second end
    that would fall before the first ("from Monday to Wednesday" on a
    Wednesday is this week's) is the next one after it. Read alone as a
    time (remember's happened_at) and in a question, words removed."""
    window = read_when(text, now=WEDNESDAY, language=language)
    assert window is not None, text
    assert window.start.strftime("%Y-%m-%d %H:%M") == start
    assert window.end.strftime("%Y-%m-%d %H:%M") == end
    reading = read_question(f"what happened {text}?", now=WEDNESDAY, language=language)
    assert reading.window == window
    assert reading.rest == "what happened?"


def test_a_span_that_is_none_is_impossible() -> None:
    """ "From 5 to 3 October", "vom 30. bis 31. Februar": no days at all."""
    for text, language in (
        ("from 5 to 3 October", "en"),
        ("vom 30. bis 31. Februar", "de"),
    ):
        assert read_when(text, now=WEDNESDAY, language=language) is None
        assert read_question(text, now=WEDNESDAY, language=language).impossible


def test_and_joins_a_span_only_after_between() -> None:
    """ "On Monday and Wednesday" are two days (the window holds both, as
    before), not a span that looks for a Wednesday after Monday."""
    reading = read_question(
        "what did we do on Monday and Tuesday", now=WEDNESDAY, language="en"
    )
    assert reading.window is not None
    assert reading.window.start == _local("2026-03-02")
    assert reading.window.end == _local("2026-03-04")
    assert reading.rest == "what did we do and"


def test_opening_hours_from_monday_to_friday_are_a_habit() -> None:
    """A span of weekdays in the present tense is a habit, as one weekday is;
    in the past tense it is those days."""
    habit, told = (
        read_statement(text, now=WEDNESDAY, language="en")
        for text in (
            "The bakery is open from Monday to Friday.",
            "We were away from Monday to Tuesday.",
        )
    )
    assert habit is None
    assert told is not None
    assert (told.start, told.end) == (_local("2026-03-02"), _local("2026-03-04"))


# Sunday 29 November 2026, 01:37 in Berlin (the new-user review's night).
SUNDAY = datetime(2026, 11, 29, 1, 37, tzinfo=BERLIN)

# statement | language | first day named (Berlin, told at SUNDAY)
DATES_WITHOUT_A_YEAR = """
the dentist appointment moved to Friday 4 December at 9 | en | 2026-12-04
der Zahnarzttermin wurde auf Freitag, 4. Dezember um 9 Uhr verschoben | de | 2026-12-04
Anna hat am Donnerstag, 3. Dezember um 10 Uhr einen Zahnarzttermin | de | 2026-12-03
Noah has a check-up on December 12th | en | 2026-12-12
the car goes to the garage on 7 December | en | 2026-12-07
Noah hat am 12. Dezember eine Vorsorgeuntersuchung | de | 2026-12-12
Grandma will visit on 24 December | en | 2026-12-24
we went to Lisbon on 3 July | en | 2026-07-03
we went to the fair on 4 December | en | 2025-12-04
we went to the fair on Thursday 4 December | en | 2025-12-04
the fair is on 1 May | en | 2027-05-01
the fair is on 1 July | en | 2026-07-01
"""


@pytest.mark.parametrize(("statement", "language", "day"), _table(DATES_WITHOUT_A_YEAR))
def test_a_date_without_a_year_is_the_nearest_its_tense_allows(
    statement: str, language: str, day: str
) -> None:
    """A day and month without a year (new-user review: "moved to Friday 4
    December" was stored in 2020, "on 7 December" as no day at all): the
    past one in the past tense, the coming one for a plan, the nearest
    (half a year either side) otherwise; a weekday said with it picks the
    year near now it agrees in (4 December 2026 is a Friday, though
    "moved" is past), else the date is trusted."""
    window = read_statement(statement, now=SUNDAY, language=language)
    assert window is not None, statement
    # The whole day ("at 10 am" is its hour: CLOCK_TIMES_WITH_A_DAY).
    assert window.start == _local(day), statement
    assert window.end == _local(day) + timedelta(days=1)


# statement | language | start (2026, Berlin) | hours (told at SUNDAY)
CLOCK_TIMES_WITH_A_DAY = """
The plumber comes tomorrow at 5 pm | en | 11-30 17:00 | 1
The plumber comes tomorrow at 17:00 | en | 11-30 17:00 | 1
Anna has a dentist appointment on Thursday 3 December at 10 am | en | 12-03 10:00 | 1
we had dinner on Friday at 7.30 p.m. | en | 11-27 19:30 | 1
Der Klempner kommt morgen um 17 Uhr | de | 11-30 17:00 | 1
Morgen um 17 Uhr kommt der Klempner | de | 11-30 17:00 | 1
Der Klempner kommt morgen um 9:30 Uhr | de | 11-30 09:30 | 1
The plumber comes tomorrow at 5 | en | 11-30 00:00 | 24
the dentist appointment moved to Friday 4 December at 9 | en | 12-04 00:00 | 24
Der Klempner kommt morgen um 5 Uhr | de | 11-30 00:00 | 24
The plumber comes tomorrow and stays until 5 pm | en | 11-30 00:00 | 24
The plumber comes tomorrow at around 3 pm | en | 11-30 15:00 | 1
Oma kommt morgen um 14 Uhr 30 | de | 11-30 14:30 | 1
Peter is coming on Saturday at 14 Main Street | en | 12-05 00:00 | 24
Ben comes home today at 8 pm | en | 11-29 20:00 | 1
Ben came home today at 1:30 am | en | 11-29 01:30 | 1
Ben fixed the gutter today at 8 pm | en | 11-29 00:00 | 24
Ben hat heute um 20 Uhr die Regenrinne repariert | de | 11-29 00:00 | 24
"""


@pytest.mark.parametrize(
    ("statement", "language", "start", "hours"), _table(CLOCK_TIMES_WITH_A_DAY)
)
def test_a_clock_time_with_a_day_is_that_hour(
    statement: str, language: str, start: str, hours: str
) -> None:
    """ "The plumber comes tomorrow at 5 pm" was stored as the whole day, so
    "is anyone coming tomorrow evening" met it as a whole-day memory: a
    clock time right after the one day is its hour. Only an unambiguous
    one: "at 5", "um 5 Uhr" may be morning or afternoon and stay the day.
    A deed told as done is never after now: "… fixed the gutter today at 8
    pm" at 01:37 is the whole day (review s38 #3); a house number is no
    clock time, German minutes after "Uhr" are kept (#11)."""
    window = read_statement(statement, now=SUNDAY, language=language)
    assert window is not None, statement
    at = datetime.fromisoformat(f"2026-{start}").replace(tzinfo=BERLIN)
    told = (at, at + timedelta(hours=int(hours)))
    assert (window.start, window.end) == told, statement


def test_a_yearly_day_or_a_day_of_the_month_is_still_a_habit() -> None:
    """ "Anna's birthday is on 3 March" comes every year and "the rent is
    due on the 1st" every month: no one day in the present tense."""
    for habit, language in (
        ("Anna's birthday is on 3 March.", "en"),
        ("Anna hat am 5. Mai Geburtstag", "de"),
        ("Our wedding anniversary is on 12 June.", "en"),
        ("The rent is due on the 1st.", "en"),
        ("Grandma's birthday is in May.", "en"),
    ):
        assert read_statement(habit, now=SUNDAY, language=language) is None, habit
    party = read_statement(
        "Anna's birthday party is on 3 March.", now=SUNDAY, language="en"
    )
    assert party is not None
    assert party.start == _local("2027-03-03")


# question | language | window start | window end (Berlin, at SUNDAY)
QUESTIONS_ON_A_DATE = """
what is happening on the 12th | en | 2026-12-12 00:00 | 2026-12-13 00:00
what's happening on 4 December | en | 2026-12-04 00:00 | 2026-12-05 00:00
was ist am 12. Dezember | de | 2026-12-12 00:00 | 2026-12-13 00:00
what is on 3 December | en | 2026-12-03 00:00 | 2026-12-04 00:00
what happened on 4 December | en | 2025-12-04 00:00 | 2025-12-05 00:00
was war am 22. November | de | 2026-11-22 00:00 | 2026-11-23 00:00
"""


@pytest.mark.parametrize(
    ("question", "language", "start", "end"), _table(QUESTIONS_ON_A_DATE)
)
def test_a_question_s_date_without_a_year_is_the_nearest_its_tense_allows(
    question: str, language: str, start: str, end: str
) -> None:
    """A question reads a date as a statement does: "was ist am 12.
    Dezember" on 29 November is in two weeks, not last year."""
    assert _span(question, language, SUNDAY) == (start, end)


# question | language | window start | window end (Berlin, at SUNDAY)
MONTHS = """
what are we doing in December | en | 2026-12-01 00:00 | 2027-01-01 00:00
was machen wir im Dezember | de | 2026-12-01 00:00 | 2027-01-01 00:00
what will we do in January | en | 2027-01-01 00:00 | 2027-02-01 00:00
what happened in October | en | 2026-10-01 00:00 | 2026-11-01 00:00
was war im Oktober | de | 2026-10-01 00:00 | 2026-11-01 00:00
what happened in December | en | 2025-12-01 00:00 | 2026-01-01 00:00
what is on in December | en | 2026-12-01 00:00 | 2027-01-01 00:00
was ist im November | de | 2026-11-01 00:00 | 2026-12-01 00:00
"""


@pytest.mark.parametrize(("question", "language", "start", "end"), _table(MONTHS))
def test_a_month_s_name_is_the_whole_month_its_tense_allows(
    question: str, language: str, start: str, end: str
) -> None:
    """ "What are we doing in December" on 29 November is the coming
    December (the review heard only memories naming the word: the window
    was December 2025); the past tense the last one that has begun, no
    tense the nearest."""
    assert _span(question, language, SUNDAY) == (start, end)


def test_an_irregular_past_tells_of_something_done() -> None:
    """ "I fed the cat" is done (its telling is about when: a "when"
    question may hear it); "Mia is allergic to cats" and "the bins go out
    every Thursday" are not. "Ben fed the cat on Tuesday" is last Tuesday."""
    assert speaks_of_past("I fed the cat.", "en")
    assert speaks_of_past("Ich habe den Rasen gemäht.", "de")
    assert not speaks_of_past("Mia is allergic to cats.", "en")
    assert not speaks_of_past("The bins go out every Thursday evening.", "en")
    assert not speaks_of_past("We planned to go, and we will.", "en")
    fed = read_statement("Ben fed the cat on Tuesday.", now=WEDNESDAY, language="en")
    assert fed is not None
    assert fed.start == _local("2026-03-03")


def test_a_perfect_with_a_written_date_tells_of_something_done() -> None:
    """ "Besuch ist am Montag, 30. November gekommen": the comma of the
    date the integration writes ended the perfect's clause before its
    participle, so it was no past (review s33 M1: listed for "Wer
    kommt?"); its plan, "kommt am Freitag, 4. Dezember", looks ahead."""
    assert speaks_of_past("Besuch ist am Montag, 30. November gekommen.", "de")
    assert speaks_of_past(
        "Wir haben am Samstag, 28. November das Carport gebaut.", "de"
    )
    assert not speaks_of_past("Der Maler kommt am Freitag, 4. Dezember.", "de")
    assert looks_ahead("Wir besuchen am Samstag, 5. Dezember Oma.", "de")


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("Besuch ist am Montag, 30. November gekommen.", "de"),
        ("Wir haben am Samstag, 28. November das Carport gebaut.", "de"),
        ("Der Maler kommt am Freitag, 4. Dezember.", "de"),
        ("Anna hat gestern den Kuchen gebacken, morgen wird sie ihn essen.", "de"),
        ("Die Post kam am Dienstagmorgen.", "de"),
        ("Der Laden hat am Sonntag geöffnet.", "de"),
        ("Wir haben nächste Woche viel vor.", "de"),
        ("Ben fed the cat on Tuesday.", "en"),
        ("The plumber is coming on Friday, 4 December.", "en"),
        ("We planned to go on Saturday, and we will.", "en"),
        ("The bank is closed on Monday.", "en"),
        ("Anna has finished the book this morning.", "en"),
        ("Mia ist am Montag, 30. November angekommen.", "en"),
    ],
)
def test_the_past_is_read_the_same_with_its_time_words_read_only_when_needed(
    text: str, language: str
) -> None:
    """`speaks_of_past` takes the time words out only where a perfect may
    hide behind them (an auxiliary is there) or a future word must be
    weighed: its answer is the full reading's, for every table."""
    lang = table_language(language)
    said = _said(text, lang)
    full = tells_past(text, said, lang) and not tells_future(text, said, lang)
    assert speaks_of_past(text, language) is full
    if not tells_past_by_words(text, lang) and not may_tell_perfect(text, lang):
        assert not tells_perfect(said, lang)


# Thursday 26 November 2026, 19:00 in Berlin (new-user review, session 16).
THURSDAY = datetime(2026, 11, 26, 19, 0, tzinfo=BERLIN)
# Saturday 28 November 2026: a weekend is going on.
SATURDAY = datetime(2026, 11, 28, 11, 0, tzinfo=BERLIN)

# question | language | window start | window end (Berlin, at THURSDAY)
BEFORE_LAST = """
what did we do the weekend before last | en | 2026-11-14 00:00 | 2026-11-16 00:00
was haben wir vorletztes Wochenende gemacht | de | 2026-11-14 00:00 | 2026-11-16 00:00
was war am vorletzten Wochenende | de | 2026-11-14 00:00 | 2026-11-16 00:00
what did we do last weekend | en | 2026-11-21 00:00 | 2026-11-23 00:00
what did we do two weekends ago | en | 2026-11-14 00:00 | 2026-11-16 00:00
what happened three weekends ago | en | 2026-11-07 00:00 | 2026-11-09 00:00
was haben wir vor zwei Wochenenden gemacht | de | 2026-11-14 00:00 | 2026-11-16 00:00
what did we do the week before last | en | 2026-11-09 00:00 | 2026-11-16 00:00
was war vorletzte Woche | de | 2026-11-09 00:00 | 2026-11-16 00:00
what did we do the month before last | en | 2026-09-01 00:00 | 2026-10-01 00:00
was war vorletzten Monat | de | 2026-09-01 00:00 | 2026-10-01 00:00
was war letzten Monat | de | 2026-10-01 00:00 | 2026-11-01 00:00
what did we do the Saturday before last | en | 2026-11-14 00:00 | 2026-11-15 00:00
was haben wir vorletzten Samstag gemacht | de | 2026-11-14 00:00 | 2026-11-15 00:00
"""


@pytest.mark.parametrize(("question", "language", "start", "end"), _table(BEFORE_LAST))
def test_the_one_before_last_is_a_week_before_the_last(
    question: str, language: str, start: str, end: str
) -> None:
    """ "The weekend before last" on Thursday 26 November is 14-15 November,
    not last weekend (new-user review: the "last" was read as "the last
    time" and the weekend as the last one)."""
    assert _span(question, language, THURSDAY) == (start, end)
    reading = read_question(question, now=THURSDAY, language=language)
    assert not reading.newest_first
    assert reading.named == ()


def test_the_weekend_before_last_said_on_a_weekend() -> None:
    """On Saturday the 28th the last weekend is the 21st-22nd, so the one
    before it is the 14th-15th, as is "two weekends ago"."""
    for question, language in (
        ("the weekend before last", "en"),
        ("two weekends ago", "en"),
        ("vorletztes Wochenende", "de"),
    ):
        assert _span(question, language, SATURDAY) == (
            "2026-11-14 00:00",
            "2026-11-16 00:00",
        ), question


# question | language | window start | window end (Berlin, at THURSDAY)
THIRDS = """
what did we do in early November | en | 2026-11-01 00:00 | 2026-11-11 00:00
what did we do in mid November | en | 2026-11-11 00:00 | 2026-11-21 00:00
what happened mid-November | en | 2026-11-11 00:00 | 2026-11-21 00:00
what happened at the end of October | en | 2026-10-21 00:00 | 2026-11-01 00:00
what happened late last month | en | 2026-10-21 00:00 | 2026-11-01 00:00
what did we do early last week | en | 2026-11-16 00:00 | 2026-11-19 00:00
what did we do late last week | en | 2026-11-20 00:00 | 2026-11-23 00:00
was haben wir Anfang November gemacht | de | 2026-11-01 00:00 | 2026-11-11 00:00
was war Mitte Oktober | de | 2026-10-11 00:00 | 2026-10-21 00:00
was war Ende Oktober | de | 2026-10-21 00:00 | 2026-11-01 00:00
was war Ende letzter Woche | de | 2026-11-20 00:00 | 2026-11-23 00:00
was war Anfang der letzten Woche | de | 2026-11-16 00:00 | 2026-11-19 00:00
was war Mitte letzten Monats | de | 2026-10-11 00:00 | 2026-10-21 00:00
"""


@pytest.mark.parametrize(("question", "language", "start", "end"), _table(THIRDS))
def test_early_mid_and_late_are_a_third_of_the_month_or_week(
    question: str, language: str, start: str, end: str
) -> None:
    """ "Early November" is 1-10 November, not all of it (new-user review:
    ten things of November, newest first); a week's thirds are Monday to
    Wednesday, Wednesday to Friday, Friday to Sunday."""
    assert _span(question, language, THURSDAY) == (start, end)


def test_early_or_late_in_a_month_of_28_days() -> None:
    """The last third of February ends with the month."""
    assert _span("what happened in late February", "en", THURSDAY) == (
        "2026-02-21 00:00",
        "2026-03-01 00:00",
    )


# question | language | window start | window end (Berlin, at THURSDAY)
WEEKS_OF_A_MONTH = """
what did we do in the first week of November | en | 2026-11-01 00:00 | 2026-11-08 00:00
what happened the second week of November | en | 2026-11-08 00:00 | 2026-11-15 00:00
what did we do in the 3rd week of November | en | 2026-11-15 00:00 | 2026-11-22 00:00
what happened in the last week of October | en | 2026-10-25 00:00 | 2026-11-01 00:00
what did we do the first week of last month | en | 2026-10-01 00:00 | 2026-10-08 00:00
was war in der ersten Novemberwoche | de | 2026-11-01 00:00 | 2026-11-08 00:00
was haben wir die erste Novemberwoche gemacht | de | 2026-11-01 00:00 | 2026-11-08 00:00
was war in der ersten Woche im November | de | 2026-11-01 00:00 | 2026-11-08 00:00
was war in der zweiten Woche des Novembers | de | 2026-11-08 00:00 | 2026-11-15 00:00
was war in der letzten Oktoberwoche | de | 2026-10-25 00:00 | 2026-11-01 00:00
was war in der letzten Woche im Oktober | de | 2026-10-25 00:00 | 2026-11-01 00:00
was war in der 1. Woche des letzten Monats | de | 2026-10-01 00:00 | 2026-10-08 00:00
"""


@pytest.mark.parametrize(
    ("question", "language", "start", "end"), _table(WEEKS_OF_A_MONTH)
)
def test_a_week_of_a_month_is_seven_of_its_days(
    question: str, language: str, start: str, end: str
) -> None:
    """ "The first week of November" / "die erste Novemberwoche" is 1-7
    November, not all of it (review s17: all of November was read); the
    second 8-14, the last its last seven days (docs/time.md)."""
    assert _span(question, language, THURSDAY) == (start, end)
    reading = read_question(question, now=THURSDAY, language=language)
    assert not reading.newest_first, question


def test_a_week_of_a_month_keeps_last_week_and_the_thirds() -> None:
    """ "Last week", "in der letzten Woche" stay the week before this one;
    a month without a fifth week names no time; a plan's week is ahead."""
    assert _span("what did we do last week", "en", THURSDAY)[0] == "2026-11-16 00:00"
    assert _span("was war in der letzten Woche", "de", THURSDAY)[0] == (
        "2026-11-16 00:00"
    )
    assert _span("what happened in early November", "en", THURSDAY) == (
        "2026-11-01 00:00",
        "2026-11-11 00:00",
    )
    nothing = read_question(
        "what happened in the fifth week of February", now=THURSDAY, language="en"
    )
    assert nothing.window is None
    assert nothing.impossible
    assert _span("what will we do in the first week of December", "en", THURSDAY) == (
        "2026-12-01 00:00",
        "2026-12-08 00:00",
    )
    given = read_when("the second week of November", now=THURSDAY, language="en")
    assert given is not None
    assert (given.start.day, given.end.day) == (8, 15)


def test_a_third_of_a_month_given_alone() -> None:
    """`remember`'s happened_at reads "early November" as the question does."""
    window = read_when("early November", now=THURSDAY, language="en")
    assert window is not None
    assert (window.start.day, window.end.day) == (1, 11)
    german = read_when("Ende Oktober", now=THURSDAY, language="de")
    assert german is not None
    assert (german.start.month, german.start.day) == (10, 21)


def test_recently_asks_for_the_newest_first() -> None:
    """ "What did we buy recently" is "what did we buy" newest first."""
    for question, language, rest in (
        ("what did we buy recently", "en", "what did we buy"),
        ("was haben wir kürzlich gekauft", "de", "was haben wir gekauft"),
    ):
        reading = read_question(question, now=THURSDAY, language=language)
        assert reading.newest_first, question
        assert reading.window is None
        assert reading.rest == rest


# Sunday 29 November 2026, the review's day (s16).
SUNDAY = datetime(2026, 11, 29, 12, 0, tzinfo=BERLIN)


@pytest.mark.parametrize(
    ("text", "language", "start", "end"),
    [
        ("from Monday to Wednesday last week", "en", "2026-11-16", "2026-11-19"),
        ("last week from Monday to Wednesday", "en", "2026-11-16", "2026-11-19"),
        ("on Tuesday last week", "en", "2026-11-17", "2026-11-18"),
        ("letzte Woche von Montag bis Mittwoch", "de", "2026-11-16", "2026-11-19"),
        ("am Dienstag letzte Woche", "de", "2026-11-17", "2026-11-18"),
        ("from Monday to Tuesday next week", "en", "2026-11-30", "2026-12-02"),
    ],
)
def test_weekdays_said_with_their_week_are_days_of_that_week(
    text: str, language: str, start: str, end: str
) -> None:
    """ "From Monday to Wednesday last week" is those three days, not the
    hull of last week and this week's Wednesday."""
    window = read_when(text, now=SUNDAY, language=language)
    assert window is not None
    assert (window.start, window.end) == (_local(start), _local(end))


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("from Friday to Monday last week", "en"),
        ("between Friday and Monday last week", "en"),
        ("vom Freitag bis Montag letzte Woche", "de"),
    ],
)
def test_a_span_that_would_leave_its_week_is_no_time(text: str, language: str) -> None:
    """Review s16: said on Sunday 29 November, "from Friday to Monday last
    week" was 16 November to 1 December (15 days, into the future); a span
    whose week qualifies both ends is inside that week or none."""
    assert read_when(text, now=SUNDAY, language=language) is None


@pytest.mark.parametrize(
    ("text", "language", "first", "after"),
    [
        ("what did we do on the first of February", "en", 1, 2),
        ("what happened on the fifth of February", "en", 5, 6),
        ("what happened on the twenty-first of February", "en", 21, 22),
        ("what happened on the twenty first of February", "en", 21, 22),
        ("from the first to the third of February", "en", 1, 4),
        ("Was haben wir am ersten Februar gemacht?", "de", 1, 2),
        ("Was war am einundzwanzigsten Februar?", "de", 21, 22),
        ("Was war vom ersten bis dritten Februar?", "de", 1, 4),
    ],
)
def test_a_day_of_the_month_said_as_a_word_is_that_day(
    text: str, language: str, first: int, after: int
) -> None:
    """Speech to text writes "the first of November", "am ersten November":
    those asked in words read other days' memories (review s23 H2)."""
    window = read_question(text, now=WEDNESDAY, language=language).window
    assert window is not None, text
    assert (window.start, window.end) == (
        _local(f"2026-02-{first:02}"),
        _local(f"2026-02-{after:02}"),
    )


@pytest.mark.parametrize(
    "text",
    [
        "we lit the first Advent candle on Sunday",
        "Ben built a snowman with the kids on Sunday",
        "we swept the garage on Sunday",
    ],
)
def test_an_irregular_past_names_the_last_weekday(text: str) -> None:
    """ "We lit the first Advent candle on Sunday" was stored as told today,
    "on Sunday" kept as a habit: "lit" was not read as the past (review
    s23 T1). Said on Wednesday 4 March, it is Sunday 1 March."""
    window = read_statement(text, now=WEDNESDAY, language="en")
    assert window is not None, text
    assert (window.start, window.end) == (_local("2026-03-01"), _local("2026-03-02"))


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("what did we do the week of February 18", "en"),
        ("what did we do in the week of the 18th of February", "en"),
        ("what did we do during the week of Wednesday the 18th", "en"),
        ("Was haben wir in der Woche vom 18. Februar gemacht?", "de"),
        ("Was war in der Woche vom 18.2.2026?", "de"),
    ],
)
def test_the_week_of_a_date_is_its_monday_to_sunday(text: str, language: str) -> None:
    """ "The week of November 16" was the day 16 November: five of the
    week's seven memories were not read (review s23 H3)."""
    reading = read_question(text, now=WEDNESDAY, language=language)
    assert reading.window is not None, text
    assert (reading.window.start, reading.window.end) == (
        _local("2026-02-16"),
        _local("2026-02-23"),
    )
    assert "week" not in reading.rest.casefold()
    assert "woche" not in reading.rest.casefold()


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("what happened two weeks ago on Tuesday", "en"),
        ("what happened on Tuesday two weeks ago", "en"),
        ("Was ist vor zwei Wochen am Dienstag passiert?", "de"),
    ],
)
def test_a_weekday_weeks_ago_is_that_weeks_day(text: str, language: str) -> None:
    """ "Two weeks ago on Tuesday" was the hull of both readings, that
    week's Monday to yesterday, and said 15 things (review s23 M8); it is
    the Tuesday of that week."""
    window = read_question(text, now=WEDNESDAY, language=language).window
    assert window is not None, text
    assert (window.start, window.end) == (_local("2026-02-17"), _local("2026-02-18"))


def test_a_month_then_its_day_as_a_word_is_that_day() -> None:
    """ "On November first" (recheck s23 R4: it read the Advent candle, by
    "first"); "May first aid kit" stays no date without "on"; "the
    thirty-second of November" is no day, not the second (A2)."""
    for text in ("what happened on February first", "we did it on February first"):
        window = read_question(text, now=WEDNESDAY, language="en").window
        assert window is not None, text
        assert window.start == _local("2026-02-01")
    for text in ("where is the May first aid kit", "the thirty-second of February"):
        assert read_question(text, now=WEDNESDAY, language="en").window is None


@pytest.mark.parametrize(
    "text",
    [
        "what did we do February first",
        "what happened February the first?",
        "what happened on February the first",
        "we raked the leaves February first.",
        "what did we do on Sunday February the first",
    ],
)
def test_a_month_then_its_day_as_a_word_needs_no_on_at_the_end(text: str) -> None:
    """Speech to text drops "on": "what did we do November first" and "…
    on November the first" were no dates and read "Emma finished first"
    (recheck2 s23). Without "on" the day ends the sentence, so "the May
    first aid kit" and "in May first" stay what they were."""
    window = read_question(text, now=WEDNESDAY, language="en").window
    assert window is not None, text
    assert (window.start, window.end) == (_local("2026-02-01"), _local("2026-02-02"))


@pytest.mark.parametrize(
    "text",
    [
        "where is the May first aid kit?",
        "the May first aid kit is in the car",
        "Emma gets to march first",
        "our band will march second.",
        "we march first",
        "which kid should march first?",
        # Review s25: a noun or name before the verb.
        "the little kids march first",
        "Leo and Emma march second.",
    ],
)
def test_a_month_and_a_word_inside_a_sentence_is_no_date(text: str) -> None:
    """The day as a word without "on" is a date only at the sentence end,
    and not after a word that a verb follows: "Emma gets to march first"
    was stored for 1 March (recheck s24 N5)."""
    assert read_question(text, now=WEDNESDAY, language="en").window is None


@pytest.mark.parametrize(
    ("text", "language", "first", "last"),
    [
        ("what happened two weeks ago on Tuesday and Wednesday", "en", 17, 18),
        ("what happened two weeks ago on Tuesday, Wednesday and Friday", "en", 17, 20),
        ("what happened two weeks ago on Tuesday on Friday", "en", 17, 20),
        ("what did we do last week on Monday and Tuesday", "en", 23, 24),
        ("Was ist vor zwei Wochen am Dienstag und Mittwoch passiert?", "de", 17, 18),
    ],
)
def test_more_weekdays_said_with_their_week_are_that_weeks(
    text: str, language: str, first: int, last: int
) -> None:
    """Recheck s23 A3: "two weeks ago on Tuesday and Wednesday" ran to
    today (its Wednesday read as this week's), "… on Tuesday on Friday" to
    the last Friday. Every weekday said after the week's is of that week:
    from the first to the last of them."""
    now = datetime(2026, 12, 2, 19, tzinfo=BERLIN)
    window = read_question(text, now=now, language=language).window
    assert window is not None, text
    assert (window.start, window.end) == (
        datetime(2026, 11, first, tzinfo=BERLIN),
        datetime(2026, 11, last + 1, tzinfo=BERLIN),
    )


@pytest.mark.parametrize(
    "text",
    [
        "Uncle Tom called and he's coming to visit at Christmas.",
        "Uncle Tom called and he\u2019s coming to visit at Christmas.",
        "The kids said they're coming on Sunday.",
    ],
)
def test_coming_after_a_short_is_or_are_is_a_plan(text: str) -> None:
    """Review s24 H2: "he's coming to visit" was a deed (its "called") and
    answered "when did Uncle Tom come"; "'s coming" and "'re coming" are
    the future as "is coming" is."""
    assert looks_ahead(text, "en")
    assert not speaks_of_past(text, "en")


@pytest.mark.parametrize(
    ("text", "language", "day"),
    [
        ("what did we do on Halloween", "en", "2025-10-31"),
        ("what happened on Halloween?", "en", "2025-10-31"),
        ("what did we do Halloween", "en", "2025-10-31"),
        ("what did we do on Christmas Eve", "en", "2025-12-24"),
        ("what did we do at Christmas?", "en", "2025-12-25"),
        ("what happened on New Year's Eve", "en", "2025-12-31"),
        ("what did we do on Valentine's Day", "en", "2026-02-14"),
        ("Was haben wir an Halloween gemacht?", "de", "2025-10-31"),
        ("Was war an Heiligabend?", "de", "2025-12-24"),
        ("Was war am ersten Weihnachtsfeiertag?", "de", "2025-12-25"),
        ("Was haben wir an Silvester gemacht?", "de", "2025-12-31"),
        ("Was war an Weihnachten?", "de", "2025-12-25"),
    ],
)
def test_a_named_day_of_the_year_is_that_day(
    text: str, language: str, day: str
) -> None:
    """ "what did we do on Halloween" was no date, and the trick-or-treating
    of 31 October not in the first four (review s24 M4)."""
    window = read_question(text, now=WEDNESDAY, language=language).window
    assert window is not None, text
    assert window.start == _local(day)
    assert window.end == _local(day) + timedelta(days=1)


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("when was the Halloween party", "en"),
        ("where are the Christmas lights", "en"),
        ("we went to the Christmas market", "en"),
        ("what did we buy for the Halloween", "en"),
        ("Wann war der Weihnachtsmarkt?", "de"),
        ("Wo sind die Weihnachtskugeln?", "de"),
    ],
)
def test_a_named_day_s_thing_is_no_date(text: str, language: str) -> None:
    """A thing named after the day ("the Halloween party", "the Christmas
    market") may be on another day: no window."""
    assert read_question(text, now=WEDNESDAY, language=language).window is None


def test_a_statement_on_a_named_day_is_stored_for_it() -> None:
    """Told afterwards, the day it names."""
    window = read_statement(
        "the kids went trick or treating on Halloween",
        now=_local("2025-11-02", 19),
        language="en",
    )
    assert window is not None
    assert window.start == _local("2025-10-31")


def test_a_month_that_is_a_verb_too_is_one_by_its_capital() -> None:
    """ "March first" as speech to text writes the month is 1 March; "march
    first" written small is the verb (review s25)."""
    window = read_question("what did we do March first", now=WEDNESDAY, language="en")
    assert window.window is not None
    assert window.window.start == _local("2026-03-01")
    assert (
        read_question("the kids march first", now=WEDNESDAY, language="en").window
        is None
    )


def test_day_parts_say_one_day_and_where_its_part_is() -> None:
    """Where each time expression is, whether it is one day, and its part."""
    assert day_parts("We met on Friday afternoon.", "en") == ((7, 26, True, (17, 26)),)
    assert day_parts("We met last week.", "en") == ((7, 16, False, None),)
    assert day_parts("Wir waren gestern Abend da.", "de") == ((10, 23, True, (18, 23)),)


@pytest.mark.parametrize(
    ("text", "start", "end"),
    [
        (
            "The plumber came on the afternoon of Friday 27 November.",
            datetime(2026, 11, 27, 12, tzinfo=BERLIN),
            datetime(2026, 11, 27, 18, tzinfo=BERLIN),
        ),
        (
            "We met on the morning of 3 November 2025.",
            datetime(2025, 11, 3, 5, tzinfo=BERLIN),
            datetime(2025, 11, 3, 12, tzinfo=BERLIN),
        ),
    ],
)
def test_a_part_of_a_date_as_the_integration_writes_it(
    text: str, start: datetime, end: datetime
) -> None:
    """ "on the afternoon of Friday 27 November" (spoken.json `date_parts`)
    is that afternoon when the text is read again, as after an edit; it
    was the whole day (session 33)."""
    window = read_statement(text, now=SATURDAY, language="en")
    assert window is not None
    assert (window.start, window.end) == (start, end)


@pytest.mark.parametrize(
    ("text", "language", "day"),
    [
        ("We went to the zoo last Christmas.", "en", "2025-12-25"),
        ("We went skating last Christmas Eve.", "en", "2025-12-24"),
        ("We had fondue last New Year's Eve.", "en", "2025-12-31"),
        ("We booked the cabin for next Christmas.", "en", "2026-12-25"),
        ("Wir waren letztes Weihnachten im Zoo.", "de", "2025-12-25"),
        ("Letzten Heiligabend haben wir gesungen.", "de", "2025-12-24"),
        ("Wir haben letztes Silvester Fondue gegessen.", "de", "2025-12-31"),
    ],
)
def test_a_named_day_said_last_or_next_is_that_one(
    text: str, language: str, day: str
) -> None:
    """ "last Christmas", "letztes Weihnachten" were no date (review s35):
    the past one, whatever the tense says; "next Christmas" the coming one
    though the booking was told in the past tense."""
    window = read_statement(
        text, now=datetime(2026, 12, 2, 10, tzinfo=BERLIN), language=language
    )
    assert window is not None, text
    assert window.start == _local(day)
    assert window.end == _local(day) + timedelta(days=1)


@pytest.mark.parametrize(
    "text", ["the last Christmas market was fun", "we loved the last Christmas tree"]
)
def test_a_last_named_day_s_thing_is_no_date(text: str) -> None:
    """ "the last Christmas market" is a thing, not last year's 25th."""
    now = datetime(2026, 12, 2, 10, tzinfo=BERLIN)
    assert read_statement(text, now=now, language="en") is None


@pytest.mark.parametrize(
    ("words", "language", "ahead"),
    [
        ("in an hour", "en", True),
        ("this evening", "en", True),
        ("tonight", "en", True),
        ("tomorrow", "en", True),
        ("today", "en", False),
        ("this morning", "en", False),
        ("an hour ago", "en", False),
        ("on Friday", "en", False),
        ("in einer Stunde", "de", True),
        ("heute Abend", "de", True),
        ("gestern Abend", "de", False),
    ],
)
def test_words_from_now_say_whether_their_time_has_begun(
    words: str, language: str, ahead: bool
) -> None:
    """Wednesday 2 December 2026, 14:17 in Berlin: "in an hour" and "this
    evening" have not begun, whatever the tense (review s37 #15: a done
    deed's "this evening" was yesterday's)."""
    now = datetime(2026, 12, 2, 14, 17, 5, 300, tzinfo=BERLIN)
    assert not_yet_begun(words, now=now, language=language) is ahead


def test_a_german_day_with_its_part_of_the_day_is_one_date() -> None:
    """ "am Dienstagabend, 1. Dezember", as the engine writes it, is one
    time and the perfect around it a deed (review s37 #23: two times, and
    no past)."""
    text = "Ben hat am Dienstagabend, 1. Dezember die Blätter gerecht"
    now = datetime(2026, 12, 2, 14, 0, tzinfo=BERLIN)
    assert [(start, end) for start, end, _, _ in day_parts(text, "de")] == [(8, 37)]
    assert speaks_of_past(text, "de")
    window = read_statement(text, now=now, language="de")
    assert window is not None
    assert (window.start.day, window.start.hour, window.end.hour) == (1, 17, 23)


# statement | language | day (Berlin, told at SUNDAY; "-": no day, a habit)
ONE_EVENT_ON_ITS_DAY = """
The school concert is on Friday | en | 2026-12-04
The party's on Saturday | en | 2026-12-05
Emma's recital is on Thursday | en | 2026-12-03
Das Schulkonzert ist am Freitag | de | 2026-12-04
Am Samstag ist die Hochzeit | de | 2026-12-05
Piano lesson is on Tuesday | en | -
The school concert is always on Friday | en | -
The bins go out on Tuesday | en | -
Das Schulkonzert ist immer am Freitag | de | -
"""


@pytest.mark.parametrize(("statement", "language", "day"), _table(ONE_EVENT_ON_ITS_DAY))
def test_one_event_told_in_the_present_is_on_its_coming_day(
    statement: str, language: str, day: str
) -> None:
    """ "Remember that the school concert is on Friday" was stored with no
    day, as "the bins go out on Tuesday" (a habit) is (review s37 #5): one
    event said with "is" is on the coming day; "always" keeps a habit."""
    window = read_statement(statement, now=SUNDAY, language=language)
    if day == "-":
        assert window is None, statement
        return
    assert window is not None, statement
    assert (window.start, window.end) == (
        _local(day),
        _local(day) + timedelta(days=1),
    ), statement
