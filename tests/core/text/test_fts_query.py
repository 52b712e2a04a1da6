"""Any user text is a safe FTS5 query."""

from __future__ import annotations

from contextlib import closing
import sqlite3
from typing import TYPE_CHECKING

from hypothesis import given, settings, strategies as st
import pytest

from custom_components.home_memory.memory.storage.schema import FTS_TOKENIZER
from custom_components.home_memory.memory.text.fts_query import (
    STOPWORDS,
    asked_in,
    asked_language,
    match_expression,
    or_expression,
    placed_words,
    plainly_english,
    search_terms,
    told_language,
    word_runs,
)

if TYPE_CHECKING:
    from collections.abc import Iterator

HOSTILE = [
    'say "hello',
    "cats AND dogs OR NOT birds",
    "NEAR(a b, 3)",
    "prefix*",
    "column:value",
    "^start",
    "(unbalanced",
    "emoji 🐔🐔 chickens",
    "שלום עולם",
    "مرحبا بالعالم",
    "price € 50 $ 20 £ 3 ¥",
    "a'b\"c\\d",
    "-minus +plus",
    "{braces} [brackets]",
]


@pytest.fixture(scope="module")
def fts() -> Iterator[sqlite3.Connection]:
    """An in-memory FTS5 table with the engine's tokenizer and hostile rows."""
    conn = sqlite3.connect(":memory:")
    conn.execute(
        f"CREATE VIRTUAL TABLE t USING fts5(body, tokenize = '{FTS_TOKENIZER}')"
    )
    conn.executemany(
        "INSERT INTO t (body) VALUES (?)",
        [(text,) for text in [*HOSTILE, "cats and dogs", "the chickens are out"]],
    )
    yield conn
    conn.close()


@pytest.mark.parametrize("text", HOSTILE)
def test_hostile_text_is_a_valid_query(fts: sqlite3.Connection, text: str) -> None:
    """Hostile text becomes a MATCH expression that FTS5 accepts."""
    expression = match_expression(text)
    assert expression is not None
    fts.execute("SELECT rowid FROM t WHERE t MATCH ?", (expression,)).fetchall()


def test_operators_become_plain_words(fts: sqlite3.Connection) -> None:
    """FTS operators in the text are searched as plain words."""
    assert search_terms("cats AND dogs OR NOT birds") == ["cats", "dogs", "birds"]
    expression = match_expression("chickens")
    rows = fts.execute("SELECT body FROM t WHERE t MATCH ?", (expression,)).fetchall()
    assert ("the chickens are out",) in rows


def test_only_stopwords_or_symbols_give_no_query() -> None:
    """Text of only stopwords or symbols gives no query."""
    assert match_expression("what is the") is None
    assert match_expression("🐔 € $ !!") is None
    assert match_expression("") is None


@settings(max_examples=300, deadline=None)
@given(st.text())
def test_any_text_is_safe(text: str) -> None:
    """Any text gives no query or one that FTS5 runs without error."""
    with closing(sqlite3.connect(":memory:")) as conn:
        conn.execute(
            f"CREATE VIRTUAL TABLE t USING fts5(body, tokenize = '{FTS_TOKENIZER}')"
        )
        conn.execute("INSERT INTO t (body) VALUES ('some body text')")
        expression = match_expression(text)
        if expression is not None:
            conn.execute(
                "SELECT rowid FROM t WHERE t MATCH ?", (expression,)
            ).fetchall()


@pytest.mark.parametrize("text", HOSTILE)
def test_the_stores_pruned_terms_are_a_valid_query(
    fts: sqlite3.Connection, text: str
) -> None:
    """The store ORs a subset of search_terms(); any subset must stay safe."""
    terms = search_terms(text)
    for subset in (terms, terms[:1], terms[1:]):
        if subset:
            fts.execute(
                "SELECT rowid FROM t WHERE t MATCH ?", (or_expression(subset),)
            ).fetchall()


@pytest.mark.parametrize(
    ("question", "terms"),
    [
        # A German question in an English home: its function words ask
        # nothing ("bin" matched the bins).
        ("wogegen bin ich allergisch", ["wogegen", "allergisch"]),
        ("wo ist der Ersatzschlüssel", ["ersatzschlüssel"]),
        # An English question keeps an English word German also has.
        ("where is the recycling bin", ["recycling", "bin"]),
        ("did the bins go out", ["bins", "go"]),
        ("what did Ben die of in the play", ["ben", "die", "play"]),
    ],
)
def test_a_question_in_another_language_drops_its_function_words(
    question: str, terms: list[str]
) -> None:
    """An English home's stop words, and the question's language's."""
    assert search_terms(question, asked_in(question, STOPWORDS)) == terms


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("Wann ist Anna zuletzt nach Hause gekommen?", "de"),
        ("wogegen bin ich allergisch", "de"),
        # English's function words are every language's too (a German home
        # asks in English): none of them tells another language.
        ("When did Anna last come home?", None),
        ("Anna Ben", None),
        ("where is the recycling bin", None),
        # One word German has alone is not a German question: what the name
        # floor asks beside Anna stays something the model reads
        # (attack review s18b L1).
        ("was ist PIN", None),
    ],
)
def test_the_language_asked_in_is_told_by_its_function_words(
    text: str, language: str | None
) -> None:
    """The shipped language whose own function words a question holds."""
    assert asked_language(text) == language


@pytest.mark.parametrize(
    ("text", "runs"),
    [
        ("what is my locker code", [("locker", "code")]),
        ("where is the anniversary dinner?", [("anniversary", "dinner")]),
        ("what is the wi-fi code", [("wi", "fi", "code")]),
        ("contract payment invoice project", []),
        ("the code, lock", []),
        ("do we need milk", []),
    ],
)
def test_word_runs_are_names_after_an_opener(
    text: str, runs: list[tuple[str, ...]]
) -> None:
    """Content words side by side after "the"/"my" name one thing."""
    assert word_runs(text, STOPWORDS, frozenset({"the", "my"})) == runs


@pytest.mark.parametrize(
    ("text", "placed"),
    [
        ("what is on in the kitchen", {"kitchen"}),
        ("where is the key in the kitchen drawer", {"kitchen", "drawer"}),
        ("was the light in the hallway on", {"hallway"}),
        ("the key, in the kitchen and the car", {"kitchen"}),
        ("when did the hallway light go on", set()),
    ],
)
def test_placed_words_follow_a_place_word(text: str, placed: set[str]) -> None:
    """The words of a phrase after "in"/"on": where the thing asked about
    is; a function word after its first word, or a comma, ends it."""
    places = frozenset({"in", "on"})
    assert placed_words(text, STOPWORDS, places) == placed


@pytest.mark.parametrize(
    ("text", "english"),
    [
        ("when did Grandma Rosa come", True),
        ("what is Grandma Rosa's phone number", True),
        ("Was ist Bens Lieblingsfarbe?", False),
        ("Darf Ben Nüsse essen?", False),
        ("Wovor fürchtet sich Anna?", False),
        ("Grandma Rosa?", False),
    ],
)
def test_plainly_english_needs_a_word_only_english_has(
    text: str, english: bool
) -> None:
    """Only a function word of English alone says a text is English: a
    German question's capitalised nouns are no names (search/floors.py)."""
    assert plainly_english(text) is english


@pytest.mark.parametrize(
    ("text", "english", "language"),
    [
        ("when did Grandma Rosa come", True, None),
        ("wogegen bin ich allergisch", False, "de"),
        ("Darf Ben Nüsse essen?", False, None),
    ],
)
def test_a_long_text_is_read_as_a_short_one(
    text: str, english: bool, language: str | None
) -> None:
    """A question's reading is kept and a long paste's is not: both say
    the same (a text past the kept length is padded with spaces)."""
    long = text + " " * 400
    for said in (text, text, long, long):
        assert plainly_english(said) is english
        assert asked_language(said) == language


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("Anna ist allergisch gegen Erdnüsse.", "de"),
        ("Der Müll wird dienstags abgeholt.", "de"),
        ("Our dentist is Dr. Weber.", "en"),
        ("What is Anna allergic to?", "en"),
        # "am", "in": German words of place too, no English.
        ("Anna hört beim Kochen am liebsten Jazz.", None),
        ("Annas Schwester Julia wohnt in Hamburg.", None),
        # More of English's than of German's ("die").
        ("The die is in the box", "en"),
        # No function word.
        ("Test C", None),
    ],
)
def test_a_text_is_told_in_the_language_of_its_function_words(
    text: str, language: str | None
) -> None:
    """The language a memory or question is told in, or none where its
    function words do not say (search/other_language.py reads it)."""
    assert told_language(text) == language
