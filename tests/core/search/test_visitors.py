"""A question whether or when one who comes to work comes is answered by a
memory that names them (search/visitors.py; review s29 M8: "wann kommt der
Schornsteinfeger", with no chimney sweep remembered, was answered "Wir haben
die Hecke im Jahr 2025 geschnitten", near in meaning to e5)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from custom_components.home_memory.memory.search.visitors import (
    asked_visitors,
    asks_anyone_coming,
    came_already,
    coming_in_household_words,
    comings_told,
    telling_no_coming,
    visiting_as_coming,
)

from ..conftest import BOB
from .test_floors import _answers
from .test_where_floor import _home

if TYPE_CHECKING:
    from pathlib import Path


GERMAN = (
    ("Wir haben die Hecke im Jahr 2025 geschnitten.", ()),
    ("Wir haben das Carport am Samstag, 28. November gebaut.", ()),
    ("Die Band probt am Freitag, 4. Dezember.", ()),
    ("Der Klempner kommt am Mittwoch.", ()),
)
ENGLISH = (
    ("We cut the hedge in 2025.", ()),
    ("We built the carport on Saturday 28 November.", ()),
    ("The band practises on Friday 4 December.", ()),
    ("The plumber is coming on Wednesday.", ()),
)


@pytest.mark.parametrize(
    ("language", "query", "answer"),
    [
        ("de", "wann kommt der Schornsteinfeger", None),
        ("de", "Nein, eigentlich, wann kommt der Schornsteinfeger", None),
        ("de", "Kommt der Schornsteinfeger am Mittwoch?", None),
        ("de", "wann kommt der Klempner", "Der Klempner kommt am Mittwoch."),
        # A tradesman said generally: the plumber's visit may be the one.
        ("de", "wann kommt der Handwerker", "Der Klempner kommt am Mittwoch."),
        ("en", "when is the chimney sweep coming", None),
        ("en", "when is the plumber coming", "The plumber is coming on Wednesday."),
    ],
)
def test_a_visitor_nobody_told_of_is_no_answer(
    tmp_path: Path,
    request: pytest.FixtureRequest,
    language: str,
    query: str,
    answer: str | None,
) -> None:
    """Nothing of the chimney sweep: nothing, not the hedge (e5 in German,
    MiniLM in English)."""
    model, told = ("multilingual", GERMAN) if language == "de" else ("minilm", ENGLISH)
    home = _home(tmp_path / "memory.db", request.getfixturevalue(model), told, language)
    try:
        found = _answers(home, query, BOB, "Ben")
        if answer is None:
            assert found == set()
        else:
            assert answer in found
    finally:
        home.store.close()


@pytest.mark.parametrize(
    ("query", "language", "asked"),
    [
        ("wann kommt der Schornsteinfeger", "de", {"schornsteinfeger"}),
        ("War der Elektriker hier?", "de", {"elektriker"}),
        ("when is the chimney sweep coming", "en", {"sweep"}),
        ("has the plumber been", "en", {"plumber"}),
        # Asked generally, or not of a coming: no visitor to name.
        ("wann kommt der Handwerker", "de", set()),
        ("when is the technician coming", "en", set()),
        ("was hat der Klempner repariert", "de", set()),
        ("what did the plumber fix", "en", set()),
    ],
)
def test_the_visitor_a_question_asks_of(
    query: str, language: str, asked: set[str]
) -> None:
    """One who comes to work, asked whether or when they come or came."""
    assert asked_visitors(query, language) == asked


@pytest.mark.parametrize(
    ("query", "language", "asked"),
    [
        ("is anybody visiting this weekend", "en",
         "is anybody coming this weekend"),
        ("who is visiting on Saturday", "en", "who is coming on Saturday"),
        ("Besucht uns jemand am Samstag?", "de", "kommt uns jemand am Samstag?"),
        # One named, or no visit asked: as said ("when did we visit Grandma").
        ("when did we visit Grandma", "en", "when did we visit Grandma"),
        ("is the tiler visiting on Friday", "en", "is the tiler visiting on Friday"),
    ],
)  # fmt: skip
def test_a_question_of_who_visits_asks_who_comes(
    query: str, language: str, asked: str
) -> None:
    """ "The nanny is coming on Saturday" answers "is anybody visiting this
    weekend" as it does "is anyone coming this weekend" (review s30b M4:
    "I don't know")."""
    assert visiting_as_coming(query, language) == asked
    assert asks_anyone_coming(query, language) is (query != asked)


class _Texts:
    """What `telling_no_coming` reads of the candidates: their texts."""

    def __init__(self, texts: dict[int, str]) -> None:
        self.texts = texts

    def contents(self, rowids: list[int]) -> dict[int, str]:
        return {rowid: self.texts[rowid] for rowid in rowids}


@pytest.mark.parametrize(
    ("query", "language", "found"),
    [
        ("Wer kommt?", "de", {3}),
        ("Wer kommt vorbei?", "de", {3}),
        ("Besucht uns diese Woche jemand?", "de", {3}),
        ("who is coming", "en", {3}),
        # One named, or no coming asked: none left out here.
        ("Kommt der Maler?", "de", set()),
        ("Wann ist Ben aufgestanden?", "de", set()),
    ],
)
def test_asked_who_comes_a_memory_of_no_coming_is_no_answer(
    query: str, language: str, found: set[int]
) -> None:
    """ "Wer kommt?" listed "Ben ist am Dienstagmorgen aufgestanden" beside
    the painter and the midwife, near by meaning (review s31 M5); one
    naming a visitor stays though it says no coming ("The plumber will be
    here on Friday")."""
    texts = {
        1: "Der Maler kommt am Freitag, 4. Dezember.",
        2: "The plumber will be here on Friday.",
        3: "Ben ist am Dienstagmorgen, 1. Dezember um halb sechs aufgestanden.",
    }
    assert telling_no_coming(_Texts(texts), query, list(texts), language) == found  # type: ignore[arg-type]
    # Where nothing tells of a coming, nothing is left out.
    alone = {3: texts[3]}
    assert telling_no_coming(_Texts(alone), query, [3], language) == set()  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("query", "language", "found"),
    [
        ("Wer kommt?", "de", {1, 4}),
        ("Kommt jemand?", "de", {1, 4}),
        ("who is coming", "en", {1, 4}),
        # One named, or no coming asked: none answers by what it says.
        ("Kommt der Maler?", "de", set()),
        ("Wann ist Ben aufgestanden?", "de", set()),
    ],
)
def test_asked_who_comes_each_telling_of_a_coming_answers(
    query: str, language: str, found: set[int]
) -> None:
    """ "Wer kommt?" did not read "Die Masseurin kommt am Samstag", under
    the floor of the best by meaning (review s32 L8): a memory telling of
    a coming answers a question of who comes by what it says."""
    texts = {
        1: "Der Maler kommt am Freitag, 4. Dezember.",
        2: "Ben ist am Dienstagmorgen, 1. Dezember um halb sechs aufgestanden.",
        3: "Wir haben die Hecke im Jahr 2025 geschnitten.",
        4: "The masseuse is coming on Saturday.",
    }
    assert comings_told(_Texts(texts), query, list(texts), language) == found  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("query", "language", "found"),
    [
        ("Wer kommt?", "de", {2, 3}),
        ("who is coming", "en", {2, 3}),
        # Asked of the past, or of one named: nothing is over.
        ("Wer kam gestern?", "de", set()),
        ("Kommt der Maler?", "de", set()),
    ],
)
def test_asked_who_comes_a_coming_that_is_over_is_no_answer(
    query: str, language: str, found: set[int]
) -> None:
    """ "Wer kommt?" read "Die Post kam am Dienstagmorgen" and "Besuch ist
    am Montag gekommen" beside the painter's plan (review s33 M1)."""
    texts = {
        1: "Der Maler kommt am Freitag, 4. Dezember.",
        2: "Die Post kam am Dienstagmorgen, 1. Dezember.",
        3: "Besuch ist am Montag, 30. November gekommen.",
    }
    assert came_already(_Texts(texts), query, list(texts), language) == found  # type: ignore[arg-type]
    # Where every one is over, none is left out.
    over = {2: texts[2], 3: texts[3]}
    assert came_already(_Texts(over), query, [2, 3], language) == set()  # type: ignore[arg-type]


GERMAN_COMINGS = (
    ("Der Klempner kommt am Freitag, 4. Dezember.", ()),
    ("Der Schornsteinfeger kommt am Donnerstag, 3. Dezember.", ()),
    ("Die Hebamme kommt am Mittwoch, 2. Dezember vorbei.", ()),
    ("Ben ist am Dienstagmorgen, 1. Dezember um halb sechs aufgestanden.", ()),
)
ENGLISH_COMINGS = (
    ("The tiler is coming on Tuesday 1 December.", ()),
    ("The window cleaner is coming on Thursday 3 December.", ()),
    ("The piano tuner will visit on Friday 4 December.", ()),
    ("We cut the hedge in 2025.", ()),
)


@pytest.mark.parametrize(
    ("language", "query", "comings"),
    [
        ("de", "who is coming", {0, 1, 2}),
        ("de", "is anyone coming", {0, 1, 2}),
        ("en", "Wer kommt?", {0, 1, 2}),
        ("en", "Kommt jemand?", {0, 1, 2}),
    ],
)
def test_asked_who_comes_in_another_language_every_coming_answers(
    tmp_path: Path,
    request: pytest.FixtureRequest,
    language: str,
    query: str,
    comings: set[int],
) -> None:
    """ "who is coming" in a German home read the plumber alone, "Wer
    kommt?" in an English home nothing (review s35 M2): the household's
    words of coming are searched beside the question's (e5 in German,
    MiniLM in English)."""
    model, told = (
        ("multilingual", GERMAN_COMINGS)
        if language == "de"
        else ("minilm", ENGLISH_COMINGS)
    )
    home = _home(tmp_path / "memory.db", request.getfixturevalue(model), told, language)
    try:
        assert _answers(home, query, BOB, "Ben") == {told[i][0] for i in comings}
    finally:
        home.store.close()


@pytest.mark.parametrize(
    ("query", "language", "words"),
    [
        ("who is coming", "de", "gekommen kam kamen kommen kommt"),
        ("Wer kommt?", "en", "came come comes coming"),
        # Asked in the household's own words, or of one named: none.
        ("Wer kommt?", "de", ""),
        ("who is coming", "en", ""),
        ("is the plumber coming", "de", ""),
    ],
)
def test_asked_who_comes_in_another_language_the_household_words_are_searched(
    query: str, language: str, words: str
) -> None:
    """The household's words of coming, for a question of who comes in
    another language's."""
    searched = set(coming_in_household_words(query, language))
    assert set(words.split()) <= searched
    assert bool(searched) is bool(words)
