"""The words the home writes in (memory/observation/phrases.py): a language's
tables, numbers, clock times and durations in words, and the keywords."""

from __future__ import annotations

import pytest

from custom_components.home_memory.memory.observation.phrases import (
    DEFAULT_LANGUAGE,
    LANGUAGES,
    language_of,
    lead_ins,
    names_one_of,
    phrases,
    without_opening,
)


@pytest.mark.parametrize(
    ("language", "code"),
    [("de", "de"), ("de-CH", "de"), ("DE_at", "de"), ("en-GB", "en"), ("fr", "en")],
)
def test_a_home_assistant_language_chooses_its_file(language: str, code: str) -> None:
    """A regional variant reads its base language; one without a file English."""
    assert language_of(language) == code
    assert phrases(language).language == code
    assert language_of(None) == DEFAULT_LANGUAGE


def test_numbers_and_times_in_english_words() -> None:
    """0-99 in words, larger as digits; clock times to the nearest five
    minutes; lengths of time rounded as people say them."""
    en = phrases("en")
    assert (en.number(7), en.number(21), en.number(40), en.number(150)) == (
        "seven",
        "twenty-one",
        "forty",
        "150",
    )
    assert en.clock(7, 22) == "twenty past seven"
    assert en.clock(23, 58) == "midnight"
    assert en.hour(12, alone=True) == "noon"
    assert en.duration(5) == "for a moment"
    assert en.duration(20 * 60) == "for about twenty minutes"
    assert en.duration(3 * 3600) == "for about three hours"
    assert (en.times(1), en.times(5)) == ("once", "five times")
    assert (en.join(["a"]), en.join(["a", "b"]), en.join(["a", "b", "c"])) == (
        "a",
        "a and b",
        "a, b, and c",
    )


def test_numbers_and_times_in_german_words() -> None:
    """The German file has its own compounds, clock and list words."""
    de = phrases("de")
    assert de.number(21) == "einundzwanzig"
    assert de.clock(7, 22) == "zwanzig nach sieben"
    assert de.duration(20 * 60) == "etwa zwanzig Minuten lang"
    assert de.times(2) == "zweimal"
    assert de.join(["a", "b", "c"]) == "a, b und c"


def test_every_language_has_every_key_english_has() -> None:
    """A phrase file missing a key would fail only when a home says it."""
    # Entries only the English file has and no code reads (yet).
    english_only = {"people_and", "places"}
    english = set(phrases("en").table) - english_only
    for code in LANGUAGES:
        assert set(phrases(code).table) >= english, code


def test_keywords_recognise_names_in_any_language_and_compounds() -> None:
    """Names need not be in the interface's language; German compounds count,
    short keywords only as whole words, and missing names never match."""
    assert names_one_of("exterior_door", "Front Door")
    assert names_one_of("exterior_door", "Haustür")
    assert names_one_of("bathroom", None, "Badezimmer Licht")
    assert not names_one_of("bed", "Kitchen")
    assert not names_one_of("bed", None, "")


def test_lead_ins_are_the_openings_of_a_narration_s_later_sentences() -> None:
    """What a spoken answer leaves out of a sentence said alone."""
    assert "Before that, " in lead_ins("en")
    assert "Earlier, " in lead_ins("en")
    assert "Davor: " in lead_ins("de")
    assert all(said.strip() for said in lead_ins("de"))


@pytest.mark.parametrize(
    ("text", "language", "told"),
    [
        (
            "It was Tuesday morning, and I saw that Anna woke up. Before that, x.",
            "en",
            "I saw that Anna woke up. Before that, x.",
        ),
        (
            "On Monday evening, I noticed that the TV was on.",
            "en",
            "I noticed that the TV was on.",
        ),
        ("In der Montagnacht bemerkte ich: Anna stand auf.", "de", "Anna stand auf."),
        ("Am Dienstagmorgen fiel mir auf: Anna ging.", "de", "Anna ging."),
        # An English home's narration read in a German conversation.
        (
            "It was Monday night, and I saw that Ben got up.",
            "de",
            "I saw that Ben got up.",
        ),
        # Not a narration's opening: as it is.
        ("Anna bought a drill on Monday evening.", "en", None),
        ("On Friday, I saw that", "en", None),
        ("It was cold. I saw that Anna left.", "en", None),
    ],
)
def test_without_opening_leaves_out_the_narration_s_day(
    text: str, language: str, told: str | None
) -> None:
    """What a spoken answer with its own day header says (review s30b L2)."""
    assert without_opening(text, language) == (text if told is None else told)
