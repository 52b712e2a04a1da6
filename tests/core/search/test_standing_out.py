"""The similarity a memory needs to stand out (search/standing_out.py)."""

from __future__ import annotations

import math
from typing import NamedTuple

import pytest

from custom_components.home_memory.memory.search.standing_out import (
    TOPIC_MARGINS,
    over_the_floors,
    stand_out_floor,
    topic_floor,
    wordless_floor,
)

# "wann ist der Zahnarzttermin" among a German home's plans, on e5's
# household map: the appointment, the piano tuner's and the plumber's visits.
DENTIST, TUNER, PLUMBER = 1, 2, 3
VECTOR = {DENTIST: 0.826, TUNER: 0.649, PLUMBER: 0.631}


def test_a_margin_keeps_what_comes_near_the_best() -> None:
    """Within the margin of the best similarity; no margin, floor or
    similarity: anything."""
    assert stand_out_floor(0.2, VECTOR, 0.3) == pytest.approx(0.626)
    assert stand_out_floor(None, VECTOR, 0.3) == -math.inf
    assert stand_out_floor(0.2, VECTOR, 0.0) == -math.inf
    assert stand_out_floor(0.2, {}, 0.3) == -math.inf


def test_a_memory_without_the_questions_words_must_come_nearer() -> None:
    """The appointment shares "Zahnarzttermin": the dated visits, which
    share no word, need half the margin (review s26: the tuner and the
    plumber were answers beside the dentist)."""
    floor = stand_out_floor(0.2, VECTOR, 0.3)
    wordless = wordless_floor(0.2, VECTOR, {DENTIST: 4.2}, floor)
    assert wordless == pytest.approx(0.726)
    assert [m for m, s in VECTOR.items() if s >= wordless] == [DENTIST]


@pytest.mark.parametrize(
    "keyword",
    [
        {},  # no word matched: meaning alone decides
        {TUNER: 2.0},  # a word matched, but not by the best by meaning
    ],
)
def test_where_the_best_shows_no_word_the_margin_alone_decides(
    keyword: dict[int, float],
) -> None:
    """ "Wo finde ich einen zweiten Hausschlüssel?" → "Der Ersatzschlüssel
    liegt …": the answer shares no word, so nothing else is held to more."""
    floor = stand_out_floor(0.2, VECTOR, 0.3)
    assert wordless_floor(0.2, VECTOR, keyword, floor) == floor


def test_without_a_margin_nothing_changes() -> None:
    """MiniLM has no margin: the floor (none) stays."""
    assert wordless_floor(None, VECTOR, {DENTIST: 1.0}, -math.inf) == -math.inf
    assert wordless_floor(0.2, VECTOR, {DENTIST: 1.0}, -math.inf) == -math.inf


# "Was hat der Klempner letztes Jahr repariert" inside 2025, on e5: the
# plumber's shower (its words) and the terrace we painted (none of them).
SHOWER, TERRACE = 1, 2
YEAR = {SHOWER: 0.712, TERRACE: 0.205}


def test_inside_a_window_a_wordless_memory_must_be_near_a_worded_best() -> None:
    """Review s28 M7: the terrace (0.205, over the window's 0.2) was listed
    beside the shower; where the best match shares the topic's words, one
    that shares none needs TOPIC_MARGINS of the margin of it."""
    least = topic_floor(0.2, YEAR, {SHOWER: 3.0}, 0.2)
    assert least == pytest.approx(0.712 - 0.2 * TOPIC_MARGINS)
    assert [m for m, s in YEAR.items() if s >= least] == [SHOWER]


@pytest.mark.parametrize(
    ("margin", "keyword"),
    [
        (None, {SHOWER: 3.0}),  # MiniLM: no margin
        (0.2, {}),  # no word matched: a paraphrase may be the answer
        (0.2, {TERRACE: 1.0}),  # the best by meaning shares no word
    ],
)
def test_inside_a_window_the_least_similarity_stays_otherwise(
    margin: float | None, keyword: dict[int, float]
) -> None:
    """ "did we do the laundry" / "the washing machine ran": where the
    words found nothing better, the window's least similarity decides."""
    assert topic_floor(margin, YEAR, keyword, 0.2) == 0.2
    assert topic_floor(0.2, {}, keyword, 0.2) == 0.2


class _Relevance(NamedTuple):
    own: float
    similarity: float | None
    keyword: float | None


def test_over_the_floors_by_relevance_similarity_and_what_is_said() -> None:
    """Each candidate needs its own relevance and the floor for its kind
    (sharing a word or not); one answering by what it says needs only
    its own relevance (a coming asked of, review s32 L8), and not even that
    where it answers alone ("Wer kommt?" in an English home, near no plan
    by meaning nor by "coming", a word most of them say; review s35 M2)."""
    fused = {
        1: _Relevance(0.7, 0.66, 1.0),  # near the best, sharing words
        2: _Relevance(0.5, 0.45, 1.0),  # sharing words, under the floor
        3: _Relevance(0.5, 0.55, None),  # no word, under the wordless floor
        4: _Relevance(0.2, 0.7, 1.0),  # under its own relevance
        5: _Relevance(0.4, None, 1.0),  # words alone: no similarity
    }
    assert over_the_floors(fused, 0.35, (0.5, 0.6), ()) == [1, 5]
    assert over_the_floors(fused, 0.35, (0.5, 0.6), {2, 3, 4}) == [1, 2, 3, 5]
    alone = over_the_floors(fused, 0.35, (0.5, 0.6), {2, 3, 4}, answering_alone=True)
    assert alone == [1, 2, 3, 4, 5]
    assert over_the_floors(fused, 0.35, (0.5, 0.6), {4}, answering_alone=True) == [
        1,
        4,
        5,
    ]
    assert over_the_floors(fused, 0.35, (-math.inf, -math.inf), ()) == [1, 2, 3, 5]
    # A visit told as over, for who came: whatever its relevance, beside
    # those answering on their own (review s36 finding 3).
    assert over_the_floors(fused, 0.35, (0.5, 0.6), {2}, told={4}) == [1, 2, 4, 5]
