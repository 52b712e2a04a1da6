"""What is coming up: "coming up", "upcoming", "demnächst", "anstehend" look ahead."""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from custom_components.home_memory.memory.time.expressions import (
    COMING_DAYS,
    read_question,
    read_statement,
)

# Wednesday 2 December 2026, 20:05 in Berlin (month-long review s19, F9).
NOW = datetime(2026, 12, 2, 20, 5, tzinfo=ZoneInfo("Europe/Berlin"))


@pytest.mark.parametrize(
    ("question", "language", "rest"),
    [
        ("do we have any appointments coming up", "en", "do we have any appointments"),
        ("any upcoming appointments?", "en", "any appointments?"),
        ("what's coming up", "en", "what's"),
        ("what are we doing in the near future", "en", "what are we doing"),
        ("Welche Termine stehen an?", "de", "Welche Termine?"),
        ("Haben wir demnächst Termine?", "de", "Haben wir Termine?"),
        ("Gibt es anstehende Termine?", "de", "Gibt es Termine?"),
        ("Was ist in nächster Zeit geplant?", "de", "Was ist geplant?"),
    ],
)
def test_coming_up_is_from_now_on(question: str, language: str, rest: str) -> None:
    """From now, half a year ahead: the dentist appointment three weeks ago
    is not coming up (it was the first answer, review s19 F9)."""
    reading = read_question(question, now=NOW, language=language)
    assert reading.window is not None, question
    assert reading.window.start == NOW
    assert reading.window.end == NOW + timedelta(days=COMING_DAYS)
    assert reading.ahead
    assert not reading.past
    assert reading.rest == rest


@pytest.mark.parametrize(
    ("question", "language"),
    [
        ("what's coming up next week", "en"),
        ("Was steht nächste Woche an?", "de"),
    ],
)
def test_coming_up_with_a_time_is_that_time(question: str, language: str) -> None:
    """Another time said with it is the window, not the hull of both."""
    reading = read_question(question, now=NOW, language=language)
    assert reading.window is not None
    assert (reading.window.start.date().isoformat(), reading.ahead) == (
        "2026-12-07",
        True,
    )
    assert reading.window.end - reading.window.start == timedelta(days=7)


def test_coming_up_with_a_weekday_is_the_coming_one() -> None:
    """ "Was steht am Samstag an?" asks ahead: the coming Saturday."""
    reading = read_question("Was steht am Samstag an?", now=NOW, language="de")
    assert reading.window is not None
    assert reading.window.start.date().isoformat() == "2026-12-05"


def test_a_statement_of_something_coming_up_names_no_time() -> None:
    """ "Anna has a job interview coming up" is a plan, told with no day:
    its time is its telling, not half a year; a weekday in it is the
    coming one."""
    assert (
        read_statement("Anna has a job interview coming up.", now=NOW, language="en")
        is None
    )
    saturday = read_statement(
        "Anna has an upcoming job interview on Saturday.", now=NOW, language="en"
    )
    assert saturday is not None
    assert saturday.start.date().isoformat() == "2026-12-05"


@pytest.mark.parametrize(
    ("statement", "day"),
    [
        # A visit said in the present: the coming Saturday (review s40 #2:
        # "besucht" is also the participle, and the visit was read as past).
        ("Peter besucht uns am Samstag", "2026-12-05"),
        ("Am Samstag besucht uns Peter", "2026-12-05"),
        ("Oma und Opa besuchen uns am Sonntag", "2026-12-06"),
        # Told as done: the last Saturday.
        ("Peter hat uns am Samstag besucht", "2026-11-28"),
        ("Peter besuchte uns am Samstag", "2026-11-28"),
        # A habit stays no one day.
        ("Oma besucht uns jeden Sonntag", None),
        ("Oma besucht uns sonntags", None),
    ],
)
def test_a_visit_in_the_present_is_its_coming_day(
    statement: str, day: str | None
) -> None:
    """On Wednesday 2 December, the visit's day is the one it is told in."""
    window = read_statement(statement, now=NOW, language="de")
    assert (None if window is None else window.start.date().isoformat()) == day
