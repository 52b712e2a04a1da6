"""A clock time said in words, read once for every caller (time/clock.py)."""

from __future__ import annotations

import pytest

from custom_components.home_memory.memory.time.clock import clock_at, clock_of


@pytest.mark.parametrize(
    ("words", "language", "clock"),
    [
        ("at 8 pm", "en", (20, 0)),
        ("at 5:30 p.m.", "en", (17, 30)),
        ("at 8", "en", (8, 0)),
        # Midnight, as a statement's "… at 12 am" reads it (review s38 #6:
        # the re-dating read it as noon, so a deed done at 1:00 could not
        # be moved to it at 10:00).
        ("at 12 am", "en", (0, 0)),
        ("at 12 pm", "en", (12, 0)),
        ("at around 3 pm", "en", (15, 0)),
        ("um 20 Uhr", "de", (20, 0)),
        ("um 5.30", "de", (5, 30)),
        ("um 14 Uhr 30", "de", (14, 30)),
        ("in the evening", "en", None),
        ("at 25", "en", None),
        ("at 14 pm", "en", None),
    ],
)
def test_a_clock_time_alone_says_its_hour(
    words: str, language: str, clock: tuple[int, int] | None
) -> None:
    """ "no, it was at 8 pm": the hour it says, so a deed done is not moved
    to a time still ahead today (review s37 #15); without am/pm the
    earliest."""
    assert clock_of(words, language) == clock


@pytest.mark.parametrize(
    ("text", "language", "clock"),
    [
        ("tomorrow at 5 pm", "en", (17, 0, True)),
        ("tomorrow at around 15:00", "en", (15, 0, True)),
        ("tomorrow at 5", "en", (5, 0, False)),
        ("tomorrow at 5:30", "en", (5, 30, False)),
        # A house number is no clock time (review s38 #11).
        ("tomorrow at 14 Main Street", "en", None),
        ("tomorrow at 14 main street", "en", None),
        ("morgen um 17 Uhr", "de", (17, 0, True)),
        ("morgen um 9:30 Uhr", "de", (9, 30, True)),
        ("morgen um 14 Uhr 30", "de", (14, 30, True)),
        ("morgen, gegen 15 Uhr", "de", (15, 0, True)),
        ("morgen um 5 Uhr", "de", (5, 0, False)),
    ],
)
def test_a_clock_time_after_a_day_says_whether_it_is_sure(
    text: str, language: str, clock: tuple[int, int, bool] | None
) -> None:
    """Right after its day, a clock time is read with whether the words
    leave no doubt of its hour (am/pm, from 13, German minutes)."""
    day = text.index(" ") if "," not in text else text.index(",")
    said = clock_at(text, language, day)
    assert (None if said is None else (said.hour, said.minute, said.sure)) == clock


@pytest.mark.parametrize(
    ("text", "language", "clock"),
    [
        # Hours and minutes in words, minutes before the hour, and a part
        # of the day after it that says which half (session 41).
        ("tomorrow at seven", "en", (7, 0, False)),
        ("tomorrow at seven in the evening", "en", (19, 0, True)),
        ("tomorrow at 7 in the evening", "en", (19, 0, True)),
        ("tomorrow at half past six", "en", (6, 30, False)),
        ("tomorrow at a quarter to eight in the evening", "en", (19, 45, True)),
        ("tomorrow at seven thirty in the morning", "en", (7, 30, True)),
        ("tomorrow at twelve o'clock", "en", (12, 0, False)),
        ("morgen um sieben Uhr abends", "de", (19, 0, True)),
        ("morgen um halb sieben", "de", (6, 30, False)),
        ("morgen um halb sieben abends", "de", (18, 30, True)),
        ("morgen um Viertel nach acht", "de", (8, 15, False)),
        ("morgen um Viertel vor acht abends", "de", (19, 45, True)),
        ("morgen um halb eins", "de", (0, 30, False)),
        ("morgen um sieben Uhr dreißig", "de", (7, 30, True)),
        ("morgen um 19 Uhr abends", "de", (19, 0, True)),
        ("morgen um 19 Uhr morgens", "de", None),
        # A count, not a clock.
        ("tomorrow at seven Main Street", "en", None),
        ("tomorrow about seven people", "en", None),
        ("tomorrow at one point", "en", None),
        ("morgen um sieben Tage", "de", None),
        ("morgen gegen ein paar", "de", None),
    ],
)
def test_a_clock_time_said_in_words(
    text: str, language: str, clock: tuple[int, int, bool] | None
) -> None:
    """ "at seven in the evening", "um halb sieben abends": the time-table's
    `clock_words` read into the hour and minute."""
    said = clock_at(text, language, text.index(" "))
    assert (None if said is None else (said.hour, said.minute, said.sure)) == clock
