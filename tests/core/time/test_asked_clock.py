"""A question's clock time narrows its day to the hours around it (asked_clock.py)."""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from custom_components.home_memory.memory.time.asked_clock import (
    ASKED_CLOCK_SLACK,
    at_the_asked_clock,
)
from custom_components.home_memory.memory.time.expressions import (
    read_question,
    speaks_of_past,
)

BERLIN = ZoneInfo("Europe/Berlin")
# Wednesday 18 November 2026, 20:00.
NOW = datetime(2026, 11, 18, 20, 0, tzinfo=BERLIN)


def _asked(
    text: str, language: str = "en"
) -> tuple[str, datetime | None, datetime | None]:
    """The rest and window of `text` asked in `language` ("en+de": the
    English table first, then the German, as in an English home)."""
    languages = language.split("+")
    reading = read_question(text, now=NOW, language=languages[0])
    read = at_the_asked_clock(
        text,
        reading,
        now=NOW,
        languages=languages,
        past=speaks_of_past,
    )
    window = read.window
    return (
        read.rest,
        None if window is None else window.start,
        None if window is None else window.end,
    )


def _at(day: int, hour: int, minute: int = 0) -> datetime:
    return datetime(2026, 11, day, hour, minute, tzinfo=BERLIN)


@pytest.mark.parametrize(
    ("question", "language", "rest", "start", "end"),
    [
        (
            "What happened yesterday at 7 pm?",
            "en",
            "What happened?",
            _at(17, 18),
            _at(17, 20),
        ),
        (
            "What happened at 7 pm yesterday?",
            "en",
            "What happened?",
            _at(17, 18),
            _at(17, 20),
        ),
        (
            "What happened on Monday at 14:30?",
            "en",
            "What happened?",
            _at(16, 13, 30),
            _at(16, 15, 30),
        ),
        # The part of the day says which 7 it is, and bounds the hours.
        (
            "What happened this evening at 7?",
            "en",
            "What happened?",
            _at(18, 18),
            _at(18, 20),
        ),
        (
            "What happened this morning at 5 am?",
            "en",
            "What happened?",
            _at(18, 5),
            _at(18, 6),
        ),
        ("Was war gestern um 19 Uhr?", "de", "Was war?", _at(17, 18), _at(17, 20)),
        (
            "Wer kam gestern gegen 18 Uhr nach Hause?",
            "de",
            "Wer kam nach Hause?",
            _at(17, 17),
            _at(17, 19),
        ),
        ("Was war heute Morgen um 7?", "de", "Was war?", _at(18, 6), _at(18, 8)),
        # A clock time alone in the past: the last one (today's 3 pm, but
        # yesterday's 9 pm at 8 pm).
        (
            "Who rang the doorbell at 3 pm?",
            "en",
            "Who rang the doorbell?",
            _at(18, 14),
            _at(18, 16),
        ),
        (
            "Who rang the doorbell at 9 pm?",
            "en",
            "Who rang the doorbell?",
            _at(17, 20),
            _at(17, 22),
        ),
        (
            "Wer hat um 15:30 Uhr geklingelt?",
            "de",
            "Wer hat geklingelt?",
            _at(18, 14, 30),
            _at(18, 16, 30),
        ),
    ],
)
def test_a_clock_time_narrows_its_day(
    question: str, language: str, rest: str, start: datetime, end: datetime
) -> None:
    """A day (or part of one) and a clock time: the hour either side of it."""
    assert _asked(question, language) == (rest, start, end)


@pytest.mark.parametrize(
    ("question", "language"),
    [
        # A habit's time, no day of its own.
        ("What does Anna do at 7 pm?", "en"),
        ("Was macht Anna um 19 Uhr?", "de"),
        # Read in English too ("was" is English's past): still a habit.
        ("Was macht Anna jeden Tag um 19 Uhr?", "en+de"),
        # A house number, and "what 7" is no "at 7".
        ("Who lived at 14 Main Street yesterday?", "en"),
        ("What 7 things happened yesterday?", "en"),
        # An hour alone may be either in a past question too.
        ("Who rang the doorbell at 9?", "en"),
    ],
)
def test_what_says_no_one_clock_time_keeps_its_reading(
    question: str, language: str
) -> None:
    """A habit's time, a house number, an hour alone: the reading as it was."""
    reading = read_question(
        question, now=NOW, language=language.split("+", maxsplit=1)[0]
    )
    assert _asked(question, language) == (
        reading.rest,
        None if reading.window is None else reading.window.start,
        None if reading.window is None else reading.window.end,
    )


def test_morning_or_evening_keeps_the_day_but_is_no_topic() -> None:
    """An hour "around 6" may be morning or evening: the day stays, the words go."""
    assert _asked("Who came home yesterday around 6?") == (
        "Who came home?",
        _at(17, 0),
        _at(18, 0),
    )


def test_the_hours_around_a_time_are_the_slack_either_side() -> None:
    """Two hours: ASKED_CLOCK_SLACK before and after."""
    _, start, end = _asked("What happened yesterday at 11 am?")
    assert start is not None
    assert end is not None
    assert end - start == 2 * ASKED_CLOCK_SLACK == timedelta(hours=2)


def test_a_clock_change_night_keeps_the_wall_clock() -> None:
    """Sunday 25 October 2026 has 25 hours in Berlin: "at 7 pm" is 19:00
    on its wall clock."""
    now = datetime(2026, 10, 26, 9, 0, tzinfo=BERLIN)
    text = "What happened yesterday at 7 pm?"
    reading = read_question(text, now=now, language="en")
    read = at_the_asked_clock(
        text, reading, now=now, languages=["en"], past=lambda _said: True
    )
    assert read.window is not None
    assert (read.window.start.hour, read.window.end.hour) == (18, 20)
    assert read.window.start.date().isoformat() == "2026-10-25"


@pytest.mark.parametrize(
    ("question", "language", "start", "end"),
    [
        ("What happened between 2 and 4 pm yesterday?", "en", _at(17, 14), _at(17, 16)),
        (
            "What happened yesterday between 11 and 1 pm?",
            "en",
            _at(17, 11),
            _at(17, 13),
        ),
        ("What happened yesterday after 9 pm?", "en", _at(17, 21), _at(18, 0)),
        ("What happened yesterday before 8 am?", "en", _at(17, 0), _at(17, 8)),
        ("Was war gestern zwischen 18 und 20 Uhr?", "de", _at(17, 18), _at(17, 20)),
        ("Was war gestern nach 21 Uhr?", "de", _at(17, 21), _at(18, 0)),
        # Morning or evening: the day stays.
        ("Was war gestern zwischen 6 und 8 Uhr?", "de", _at(17, 0), _at(18, 0)),
    ],
)
def test_a_span_or_bound_of_clock_times_narrows_its_day(
    question: str, language: str, start: datetime, end: datetime
) -> None:
    """Between two clock times, after or before one: those hours alone."""
    rest, got_start, got_end = _asked(question, language)
    assert (got_start, got_end) == (start, end)
    assert not any(ch.isdigit() for ch in rest), rest


@pytest.mark.parametrize(
    ("question", "language"),
    [
        ("Who came from 3 to 5 people yesterday?", "en"),
        ("Was war vor 3 Tagen?", "de"),
    ],
)
def test_numbers_that_are_no_clock_span_stay_the_question_s(
    question: str, language: str
) -> None:
    """A span must say it is of the clock (am/pm, o'clock, minutes, "Uhr")."""
    reading = read_question(question, now=NOW, language=language)
    assert _asked(question, language)[0] == reading.rest


@pytest.mark.parametrize(
    ("question", "language", "start", "end"),
    [
        # An end before the start: the span wraps past midnight.
        (
            "What happened between 11 pm and 1 am yesterday?",
            "en",
            _at(17, 23),
            _at(18, 1),
        ),
        ("Was war gestern zwischen 23 und 1 Uhr?", "de", _at(17, 23), _at(18, 1)),
        (
            "Was war am Montag von 22:30 bis 0:30?",
            "de",
            _at(16, 22, 30),
            _at(17, 0, 30),
        ),
        # Said the wrong way round: read as said, overnight (never the day).
        (
            "What happened yesterday between 4 pm and 2 pm?",
            "en",
            _at(17, 16),
            _at(18, 14),
        ),
        # The same time twice is that time.
        ("Was war gestern zwischen 23 und 23 Uhr?", "de", _at(17, 22), _at(18, 0)),
        # One reading inside the day still wins ("between 11 and 1 o'clock":
        # late morning to lunch, not 23:00 to 01:00).
        (
            "What happened yesterday between 11 and 1 o'clock?",
            "en",
            _at(17, 11),
            _at(17, 13),
        ),
    ],
)
def test_a_span_whose_end_comes_first_wraps_past_midnight(
    question: str, language: str, start: datetime, end: datetime
) -> None:
    """Live review s40 LOW-3: these kept the whole day."""
    rest, got_start, got_end = _asked(question, language)
    assert (got_start, got_end) == (start, end)
    assert not any(ch.isdigit() for ch in rest), rest


@pytest.mark.parametrize(
    ("question", "language", "start", "end"),
    [
        (
            "What happened yesterday at seven in the evening?",
            "en",
            _at(17, 18),
            _at(17, 20),
        ),
        (
            "What happened this evening at half past six?",
            "en",
            _at(18, 17, 30),
            _at(18, 19, 30),
        ),
        ("Was war gestern um sieben Uhr abends?", "de", _at(17, 18), _at(17, 20)),
        (
            "Wer hat gestern um halb sieben abends geklingelt?",
            "de",
            _at(17, 17, 30),
            _at(17, 19, 30),
        ),
        (
            "Was war heute Abend um Viertel nach acht?",
            "de",
            _at(18, 19, 15),
            _at(18, 21, 15),
        ),
        ("Was war gestern Abend um sieben?", "de", _at(17, 18), _at(17, 20)),
    ],
)
def test_an_hour_said_in_words_narrows_its_day(
    question: str, language: str, start: datetime, end: datetime
) -> None:
    """Speech to text writes "seven", "halb sieben": the hours around it too."""
    rest, got_start, got_end = _asked(question, language)
    assert (got_start, got_end) == (start, end)
    assert not any(
        word in rest.lower()
        for word in ("seven", "sieben", "acht", "evening", "abends")
    ), rest


@pytest.mark.parametrize(
    ("question", "language"),
    [
        # Morning or evening, with a whole day: the day stays.
        ("What happened yesterday at six?", "en"),
        ("What happened yesterday at half past six?", "en"),
        ("Was war gestern um Viertel nach acht?", "de"),
        # A habit's time.
        ("What does Anna do at seven?", "en"),
        ("What does Anna do at seven in the evening?", "en"),
        ("Was macht Anna um sieben Uhr abends?", "de"),
        # Counts, not clocks.
        ("Was war in den letzten sieben Tagen?", "de"),
        ("Did about seven people come this evening?", "en"),
        ("Who lived at seven Main Street yesterday?", "en"),
        ("Was war gestern vor sieben Tagen?", "de"),
    ],
)
def test_an_hour_in_words_that_says_no_one_time_keeps_the_window(
    question: str, language: str
) -> None:
    """The session-40 guards hold for hours said in words."""
    reading = read_question(question, now=NOW, language=language)
    _, start, end = _asked(question, language)
    assert (start, end) == (
        None if reading.window is None else reading.window.start,
        None if reading.window is None else reading.window.end,
    )


def _asked_at(text: str, language: str = "en") -> tuple[datetime, ...]:
    """The moments `text` asks at, read as `_asked` reads it."""
    languages = language.split("+")
    reading = read_question(text, now=NOW, language=languages[0])
    return at_the_asked_clock(
        text, reading, now=NOW, languages=languages, past=speaks_of_past
    ).asked_at


@pytest.mark.parametrize(
    ("question", "language", "moments"),
    [
        # Morning or evening (live review s42): both, the day kept.
        (
            "Was war gestern um Viertel nach acht?",
            "de",
            (_at(17, 8, 15), _at(17, 20, 15)),
        ),
        (
            "What happened yesterday at quarter past eight?",
            "en",
            (_at(17, 8, 15), _at(17, 20, 15)),
        ),
        ("Was war gestern um 8?", "de", (_at(17, 8), _at(17, 20))),
        ("What happened yesterday at 8?", "en", (_at(17, 8), _at(17, 20))),
        # One time: it (LOW-8).
        ("What happened yesterday at 7 pm?", "en", (_at(17, 19),)),
        ("Was war gestern um sieben Uhr abends?", "de", (_at(17, 19),)),
        # A span or a bound asks no one moment.
        ("What happened yesterday between 6 and 8 pm?", "en", ()),
        ("Was war gestern nach 21 Uhr?", "de", ()),
        # Habits, counts and house numbers ask none.
        ("What does Anna do at seven?", "en", ()),
        ("What does Anna do at 7 pm?", "en", ()),
        ("Was war in den letzten sieben Tagen?", "de", ()),
        ("Did about seven people come yesterday?", "en", ()),
        ("Who lived at seven Main Street yesterday?", "en", ()),
        ("Who lived at 14 Main Street yesterday?", "en", ()),
        ("Was war gestern vor sieben Tagen?", "de", ()),
    ],
)
def test_the_moments_asked_at_are_either_reading_of_an_hour(
    question: str, language: str, moments: tuple[datetime, ...]
) -> None:
    """An hour that may be morning or evening asks at both, so what happened
    nearest either answers first, not the day in its order (the 20:15 event
    hidden behind the morning's); a sure one asks at it; no clock time, a
    habit, a count or a house number asks at none."""
    assert _asked_at(question, language) == moments


@pytest.mark.parametrize(
    ("question", "language", "start", "end"),
    [
        (
            "Was war gestern zwischen sieben und neun Uhr abends?",
            "de",
            _at(17, 19),
            _at(17, 21),
        ),
        (
            "What happened yesterday between seven and nine in the evening?",
            "en",
            _at(17, 19),
            _at(17, 21),
        ),
        ("Was war gestern nach acht Uhr abends?", "de", _at(17, 20), _at(18, 0)),
        ("Was war gestern vor sieben Uhr morgens?", "de", _at(17, 0), _at(17, 7)),
        (
            "What happened yesterday after eight in the evening?",
            "en",
            _at(17, 20),
            _at(18, 0),
        ),
        (
            "What happened yesterday before seven in the morning?",
            "en",
            _at(17, 0),
            _at(17, 7),
        ),
        ("What happened yesterday after ten o'clock?", "en", _at(17, 0), _at(18, 0)),
        # A clock time's own "nach", "vor" is no bound: 20:15, 19:55.
        (
            "Was war gestern um Viertel nach acht Uhr abends?",
            "de",
            _at(17, 19, 15),
            _at(17, 21, 15),
        ),
        # Morning or evening, both ends: the day stays.
        ("Was war gestern zwischen sieben und neun Uhr?", "de", _at(17, 0), _at(18, 0)),
        # Counts, not clocks.
        ("Was war gestern vor sieben Tagen?", "de", _at(11, 0), _at(18, 0)),
        (
            "Did between seven and nine people come yesterday?",
            "en",
            _at(17, 0),
            _at(18, 0),
        ),
        (
            "Was hat Anna nach acht Stunden gestern gemacht?",
            "de",
            _at(17, 0),
            _at(18, 0),
        ),
    ],
)
def test_a_span_or_bound_said_in_words_narrows_like_its_digits(
    question: str, language: str, start: datetime, end: datetime
) -> None:
    """Live review s42: speech to text writes "zwischen sieben und neun Uhr
    abends", "after eight in the evening"; they read as "zwischen 19 und 21
    Uhr", "after 8 pm" do (the words in the tables' `clock_spans`)."""
    _, asked_start, asked_end = _asked(question, language)
    assert (asked_start, asked_end) == (start, end)
