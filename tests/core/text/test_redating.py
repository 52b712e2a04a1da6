"""A correction that says only when "it" was, and the memory re-dated."""

from __future__ import annotations

import pytest

from custom_components.home_memory.memory.text.redating import (
    REDATING_MAX_CHARS,
    narrows,
    redated,
    redating,
)
from custom_components.home_memory.memory.time.expressions import day_parts, time_spans


@pytest.mark.parametrize(
    ("text", "language", "time_words"),
    [
        ("no, actually it was last spring", "en", "last spring"),
        ("no, it was on Tuesday", "en", "on Tuesday"),
        ("actually that was yesterday", "en", "yesterday"),
        ("Nein, eigentlich war das letzten Frühling", "de", "letzten Frühling"),
        ("Nein, das war am Dienstag", "de", "am Dienstag"),
        # The opening's own words and a refusal besides "no" (review s35).
        ("no wait, it was two days ago", "en", "two days ago"),
        ("nope, it was Sunday", "en", "Sunday"),
        ("no, it was last Christmas", "en", "last Christmas"),
        ("Nee, es war Sonntag", "de", "Sonntag"),
        ("Nein warte, es war vorgestern", "de", "vorgestern"),
        ("Nein, es war letztes Weihnachten", "de", "letztes Weihnachten"),
        # A clock time or a part of the day alone (review s35).
        ("no, it was at 5", "en", "at 5"),
        ("no, it was in the afternoon", "en", "in the afternoon"),
        ("Nein, es war um 5", "de", "um 5"),
        ("Nein, es war am Nachmittag", "de", "am Nachmittag"),
        ("no, it was at 5 with Ben", "en", None),
        # A clock time or a part of the day after the day (review s36 #6:
        # it fell to Home Assistant, "not aware of any area called 5").
        ("no, it was yesterday at 5", "en", "yesterday at 5"),
        ("no, it was on Monday in the afternoon.", "en", "on Monday in the afternoon"),
        ("Nein, das war gestern um 5", "de", "gestern um 5"),
        ("no, it was yesterday at 5 with Ben", "en", None),
        ("nope, it was Ben on Sunday", "en", None),
        ("Nee, es war Ben am Sonntag", "de", None),
        # No correction's words nor a refusal: "it" may be anything.
        ("it was last spring", "en", None),
        # A deed, a person, a second time, a question: no mere re-dating.
        ("no, actually Anna went to the clinic last spring", "en", None),
        ("no, actually we fixed it last spring", "en", None),
        ("no, it was Ben last spring", "en", None),
        ("no, it was on Tuesday, not Monday", "en", None),
        ("no, actually it was last spring?", "en", None),
        ("no, actually it was broken", "en", None),
    ],
)
def test_a_correction_saying_only_a_time_gives_its_time_words(
    text: str, language: str, time_words: str | None
) -> None:
    """Review s32 M7: "no, actually it was last spring" names no deed, so
    no memory was found by its words; its time words re-date "it"."""
    assert redating(text, language, time_spans) == time_words


@pytest.mark.parametrize(
    ("content", "time_words", "language", "new"),
    [
        (
            "We fixed the gutter in summer 2026.",
            "last spring",
            "en",
            "We fixed the gutter last spring.",
        ),
        (
            "On the night of Monday 30 November Ben got up.",
            "yesterday",
            "en",
            "Yesterday Ben got up.",
        ),
        (
            "Wir haben die Regenrinne im Sommer 2026 repariert.",
            "letzten Frühling",
            "de",
            "Wir haben die Regenrinne letzten Frühling repariert.",
        ),
        ("Ben fixed the tap.", "on Tuesday", "en", "Ben fixed the tap on Tuesday."),
        # German: after the auxiliary in second place, not after the
        # participle (review s36 #5: "Ben hat die Fenster geputzt am Montag").
        (
            "Ben hat die Fenster geputzt.",
            "am Montag",
            "de",
            "Ben hat am Montag die Fenster geputzt.",
        ),
        (
            "Die Kinder von Anna haben gespielt.",
            "gestern",
            "de",
            "Die Kinder von Anna haben gestern gespielt.",
        ),
        ("Ben hat gekocht.", "gestern", "de", "Ben hat gestern gekocht."),
        ("Der Klempner kommt.", "morgen", "de", "Der Klempner kommt morgen."),
    ],
)
def test_the_new_time_takes_the_old_one_s_place(
    content: str, time_words: str, language: str, new: str
) -> None:
    """The memory's own time words are replaced, or the new ones added
    before its end: the text is then dated as a statement is."""
    assert redated(content, time_words, language, time_spans) == new


@pytest.mark.parametrize(
    ("content", "time_words", "language", "new"),
    [
        # A day for a day: the part of it the memory said stays.
        (
            "The plumber came on Friday afternoon.",
            "on Tuesday",
            "en",
            "The plumber came on Tuesday afternoon.",
        ),
        (
            "Yesterday evening the plumber came.",
            "on Tuesday",
            "en",
            "On Tuesday evening the plumber came.",
        ),
        (
            "Der Klempner kam am Freitagnachmittag.",
            "am Dienstag",
            "de",
            "Der Klempner kam am Dienstagnachmittag.",
        ),
        (
            "Gestern Abend kam der Klempner.",
            "am Dienstag",
            "de",
            "Am Dienstag Abend kam der Klempner.",
        ),
        # The punctuation between the old times goes with them.
        (
            "Der Klempner ist am Freitagnachmittag, 27. November gekommen.",
            "am Dienstag",
            "de",
            "Der Klempner ist am Dienstagnachmittag gekommen.",
        ),
        # A clock time is no time expression: it stays.
        (
            "The plumber came on Friday at 3.",
            "on Tuesday",
            "en",
            "The plumber came on Tuesday at 3.",
        ),
        (
            "Der Klempner kam am Freitag um 15 Uhr.",
            "am Dienstag",
            "de",
            "Der Klempner kam am Dienstag um 15 Uhr.",
        ),
        # A correction naming its own part, or no one day: as it says.
        (
            "The plumber came on Friday afternoon.",
            "yesterday evening",
            "en",
            "The plumber came yesterday evening.",
        ),
        (
            "The plumber came on Friday afternoon.",
            "last spring",
            "en",
            "The plumber came last spring.",
        ),
    ],
)
def test_a_correction_keeps_what_it_does_not_correct(
    content: str, time_words: str, language: str, new: str
) -> None:
    """ "no, it was on Tuesday" of "the plumber came on Friday afternoon"
    corrects the day, not the afternoon; "at 3" is kept as well."""
    assert redated(content, time_words, language, time_spans, day_parts) == new


@pytest.mark.parametrize(
    ("content", "time_words", "language", "new"),
    [
        (
            "We went to the zoo on Saturday 28 November.",
            "in the afternoon",
            "en",
            "We went to the zoo on Saturday 28 November in the afternoon.",
        ),
        (
            "The plumber came on the afternoon of Friday 27 November.",
            "in the morning",
            "en",
            "The plumber came on the morning of Friday 27 November.",
        ),
        (
            "The plumber came on Friday 27 November at 3.",
            "at 5 pm",
            "en",
            "The plumber came on Friday 27 November at 5 pm.",
        ),
        (
            "Wir waren am Samstag, 28. November im Zoo.",
            "am Nachmittag",
            "de",
            "Wir waren am Samstag, 28. November am Nachmittag im Zoo.",
        ),
        (
            "Der Klempner kam am Freitagnachmittag, 27. November.",
            "am Morgen",
            "de",
            "Der Klempner kam am Freitagmorgen, 27. November.",
        ),
        # No one day to narrow: as it was.
        ("We fixed the tap.", "in the morning", "en", "We fixed the tap."),
    ],
)
def test_a_clock_time_or_part_of_the_day_keeps_the_day(
    content: str, time_words: str, language: str, new: str
) -> None:
    """Review s35: "no, it was at 5", "no, it was in the afternoon" were not
    understood; they narrow the memory's day, not replace it."""
    assert redated(content, time_words, language, time_spans, day_parts) == new


@pytest.mark.parametrize(
    ("time_words", "language", "expected"),
    [
        ("at 3", "en", True),
        ("in the afternoon", "en", True),
        ("um 3", "de", True),
        ("yesterday at 3", "en", False),
        ("yesterday", "en", False),
    ],
)
def test_a_clock_time_or_part_of_the_day_alone_narrows(
    time_words: str, language: str, expected: bool
) -> None:
    """Only a clock time or a part of the day alone narrows a day (a memory
    told with no day takes the day it happened: operations/redating.py)."""
    assert narrows(time_words, language) is expected


def test_a_long_text_is_no_redating_and_is_not_read() -> None:
    """A re-dating is a short correction: a longer text (an attack sent
    1 MB through Assist) is none, and its time words are never looked for;
    blanks around a short one do not count."""
    read: list[int] = []

    def spans(text: str, language: str | None) -> tuple[tuple[int, int], ...]:
        read.append(len(text))
        return time_spans(text, language)

    said = "no, it was at 5"
    assert redating("a. " * 350_000 + said, "en", spans) is None
    assert redating(said + " with Ben" * (REDATING_MAX_CHARS // 9), "en", spans) is None
    assert read == []
    assert redating(f"{' ' * 1_000_000}{said}\n", "en", spans) == "at 5"
    assert read == [len(said)]
