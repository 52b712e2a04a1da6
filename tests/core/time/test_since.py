"""A question's "since" reads from its time up to now (since.py)."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from custom_components.home_memory.memory.time.asked_clock import at_the_asked_clock
from custom_components.home_memory.memory.time.expressions import (
    read_question,
    speaks_of_past,
)
from custom_components.home_memory.memory.time.since import since_then

BERLIN = ZoneInfo("Europe/Berlin")
# Thursday 3 December 2026, 17:00.
NOW = datetime(2026, 12, 3, 17, 0, tzinfo=BERLIN)


def _asked(text: str, language: str) -> tuple[str, datetime | None, datetime | None]:
    """The rest and window of `text` as `operations/when.question_at` reads
    it: the time words, the clock time asked, then "since"."""
    languages = [language, "de" if language == "en" else "en"]
    reading = read_question(text, now=NOW, language=language)
    reading = at_the_asked_clock(
        text, reading, now=NOW, languages=languages, past=speaks_of_past
    )
    read = since_then(text, reading, now=NOW, languages=languages)
    window = read.window
    return (
        read.rest,
        None if window is None else window.start,
        None if window is None else window.end,
    )


def _at(month: int, day: int, hour: int = 0) -> datetime:
    return datetime(2026, month, day, hour, tzinfo=BERLIN)


@pytest.mark.parametrize(
    ("question", "language", "rest", "start"),
    [
        ("What happened since Monday?", "en", "What happened?", _at(11, 30)),
        (
            "What has happened since last Tuesday?",
            "en",
            "What has happened?",
            _at(12, 1),
        ),
        ("What happened since 20 November?", "en", "What happened?", _at(11, 20)),
        (
            "What did I tell you since Monday?",
            "en",
            "What did I tell you?",
            _at(11, 30),
        ),
        (
            "Has the heating been on ever since yesterday?",
            "en",
            "Has the heating been on?",
            _at(12, 2),
        ),
        (
            "What happened since yesterday at 7 pm?",
            "en",
            "What happened?",
            _at(12, 2, 18),
        ),
        ("Was ist seit Montag passiert?", "de", "Was ist passiert?", _at(11, 30)),
        (
            "Was ist seit dem 20. November passiert?",
            "de",
            "Was ist passiert?",
            _at(11, 20),
        ),
        (
            "Was ist seit letztem Dienstag passiert?",
            "de",
            "Was ist passiert?",
            _at(12, 1),
        ),
        (
            "Was habe ich dir seit gestern erzählt?",
            "de",
            "Was habe ich dir erzählt?",
            _at(12, 2),
        ),
        ("Was war seit letzter Woche?", "de", "Was war?", _at(11, 23)),
    ],
)
def test_since_reads_up_to_now(
    question: str, language: str, rest: str, start: datetime
) -> None:
    """From the start of the time named to now; "since" is no topic."""
    assert _asked(question, language) == (rest, start, NOW)


@pytest.mark.parametrize(
    ("question", "language", "start", "end"),
    [
        # No "since": the day alone, as before.
        ("What happened on Monday?", "en", _at(11, 30), _at(12, 1)),
        ("Was war am 20. November?", "de", _at(11, 20), _at(11, 21)),
        # A time to come has no span up to now.
        ("What is planned since tomorrow?", "en", _at(12, 4), _at(12, 5)),
        # "since" elsewhere in the sentence, not before its time.
        (
            "What did Ben do on Monday since the school was closed?",
            "en",
            _at(11, 30),
            _at(12, 1),
        ),
    ],
)
def test_without_since_before_the_time_nothing_changes(
    question: str, language: str, start: datetime, end: datetime
) -> None:
    """No "since" right before the time: its window is as it was."""
    _rest, got_start, got_end = _asked(question, language)
    assert (got_start, got_end) == (start, end)


def test_since_when_names_no_time() -> None:
    """ "Since when …" asks a time; it names none to read from."""
    assert _asked("Since when has the heating been broken?", "en")[1:] == (None, None)
    assert _asked("Seit wann ist die Heizung kaputt?", "de")[1:] == (None, None)


def test_since_a_clock_time_asks_at_no_moment() -> None:
    """ "Since yesterday at 7 pm" is a span up to now, read in its order, not
    what happened nearest 19:00 first (session 42's `asked_at`)."""
    text = "What happened since yesterday at 7 pm?"
    languages = ["en", "de"]
    reading = at_the_asked_clock(
        text,
        read_question(text, now=NOW, language="en"),
        now=NOW,
        languages=languages,
        past=speaks_of_past,
    )
    assert reading.asked_at == (_at(12, 2, 19),)
    assert since_then(text, reading, now=NOW, languages=languages).asked_at == ()
