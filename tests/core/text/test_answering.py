"""memory/text/answering.py: the part of a memory that answers a question."""

from __future__ import annotations

from custom_components.home_memory.memory.observation.phrases import lead_ins
from custom_components.home_memory.memory.text.answering import (
    SPOKEN_LIMIT,
    answering_part,
    heard,
)
from custom_components.home_memory.memory.text.moments import told_as
from custom_components.home_memory.memory.text.validation import summarize

EVENING = (
    "On Saturday evening, I noticed that the front door opened and closed "
    "around eight, so someone may have come in or gone out; the living room "
    "TV was turned on (Anna) around eight."
)


def test_the_part_that_holds_the_question_s_words_is_said() -> None:
    """ "When was the TV on" hears the TV, not the door the summary tells
    (new-user review s17)."""
    summary = summarize(EVENING)
    assert "TV" not in summary
    assert answering_part(summary, EVENING, "when was the TV on", "en") == (
        "The living room TV was turned on (Anna) around eight."
    )


def test_the_summary_stays_where_it_answers_or_nothing_does_better() -> None:
    """A question the summary answers as well, one of no content words, a
    memory that is its own summary: the summary, said whole where it was cut
    (review s37 finding 9: "… so someone may have…" was spoken)."""
    summary = summarize(EVENING)
    assert summary.endswith("\u2026")
    whole = (
        "On Saturday evening, I noticed that the front door opened and closed "
        "around eight, so someone may have come in or gone out;"
    )
    assert answering_part(summary, EVENING, "when did the front door open", "en") == (
        whole
    )
    assert answering_part(summary, EVENING, "what happened", "en") == whole
    assert answering_part(summary, EVENING, "", "en") == whole
    short = "The spare key is under the red flower pot."
    assert answering_part(short, short, "where is the TV remote", "en") == short


def test_a_long_answering_part_is_said_whole_up_to_a_limit() -> None:
    """A sentence is said whole; only one longer than about twenty seconds
    of speech is cut, at a word."""
    opened = "The front door opened at eight. "
    content = opened + "The TV was on and " * 8 + "it was loud."
    part = answering_part(summarize(content), content, "was the TV loud", "en")
    assert part == content.removeprefix(opened)
    content = "The door opened. " + "The TV was on and " * 20 + "it was loud."
    part = answering_part(summarize(content), content, "was the TV loud", "en")
    assert len(part) <= SPOKEN_LIMIT
    assert part.endswith("\u2026")
    assert "TV" in part


def test_a_summary_cut_mid_sentence_is_heard_whole() -> None:
    """The cut summary of an observation: its whole first sentence, not the
    rest of the memory; a summary of its own or a whole one stays."""
    content = (
        "On Wednesday afternoon, I could tell that the front door opened and "
        "closed around ten past two, so someone may have come in or gone out, "
        "or let a visitor in. An ordinary afternoon."
    )
    assert heard(summarize(content), content) == content.removesuffix(
        " An ordinary afternoon."
    )
    assert heard("Front door, Wednesday…", content) == "Front door, Wednesday…"
    assert heard("The key is blue.", "The key is blue.") == "The key is blue."


def test_of_two_parts_the_one_that_says_the_asked_state_is_said() -> None:
    """ "When was the TV on" is not answered with the TV switched off when
    the same evening also says it went on (new-user review s18 #10)."""
    content = (
        "On Thursday evening, I noticed that Anna turned off the living room "
        "TV around seven. Earlier, the living room TV was turned on (Anna) "
        "around six."
    )
    summary = summarize(content)
    on = answering_part(summary, content, "when was the TV on", "en", ("Earlier, ",))
    assert on == "The living room TV was turned on (Anna) around six."
    off = answering_part(summary, content, "when was the TV turned off", "en")
    assert off == summary


def test_a_later_sentence_is_said_without_its_lead_in() -> None:
    """ "Before that, Anna turned on …" said alone refers to nothing."""
    content = (
        "On Thursday evening, I noticed that the front door opened around "
        "seven. Before that, Anna turned on the living room TV around six."
    )
    part = answering_part(
        summarize(content),
        content,
        "when was the TV turned on",
        "en",
        lead_ins=("Also, ", "Before that, "),
    )
    assert part == "Anna turned on the living room TV around six."
    german = (
        "Am Donnerstagabend habe ich bemerkt, dass die Haustür gegen sieben "
        "aufging. Davor: Anna schaltete gegen sechs den Fernseher ein."
    )
    assert (
        answering_part(
            summarize(german), german, "wann ging der Fernseher an", "de", ("Davor: ",)
        )
        == "Anna schaltete gegen sechs den Fernseher ein."
    )
    # The summary itself keeps its opening.
    assert answering_part(
        summarize(content), content, "when did the front door open", "en", ("On ",)
    ) == summarize(content)


def test_a_moment_asked_by_its_tag_is_answered_by_the_sentence_telling_it() -> None:
    """ "heimgekommen" is told "kam … nach Hause": the arrival, not the
    departure said first (review s30 M6); without the words, the first."""
    content = (
        "Am Dienstagmorgen fiel mir auf: Anna ging gegen fünf vor halb acht "
        "aus dem Haus. Etwa zur selben Zeit: Anna kam gegen halb acht nach Hause."
    )
    told = ((("heimgekommen", "nach Hause gekommen"), ("nach Hause",)),)
    arrival = "Anna kam gegen halb acht nach Hause."
    for asked, expected in (
        ("Wann ist Anna zuletzt heimgekommen", arrival),
        ("Wann ist Anna nach Hause gekommen", arrival),
        ("Wann ist Anna aus dem Haus gegangen", summarize(content)),
    ):
        part = answering_part(
            summarize(content), content, asked, "de", ("Etwa zur selben Zeit: ",), told
        )
        assert part == expected, asked
    assert answering_part(
        summarize(content),
        content,
        "Wann ist Anna zuletzt heimgekommen",
        "de",
        ("Etwa zur selben Zeit: ",),
    ) == summarize(content)


def test_an_english_narration_asked_of_in_german_reads_its_arrival() -> None:
    """An English home asked "Wann ist Anna heimgekommen?": the arrival
    told "came home" answers it, without its lead-in (review s31 M3)."""
    content = (
        "On Tuesday morning, I noticed that Anna left the house around eight. "
        "Around then, Anna came home around nine."
    )
    part = answering_part(
        "On Tuesday morning, I noticed that Anna left the house around eight.",
        content,
        "Wann ist Anna heimgekommen?",
        "de",
        lead_ins("de"),
        told_as("de"),
    )
    assert part == "Anna came home around nine."
