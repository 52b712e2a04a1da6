"""The similarity a memory needs to stand out (search/standing_out.py)."""

from __future__ import annotations

import math

import pytest

from custom_components.home_memory.memory.search.standing_out import (
    stand_out_floor,
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
