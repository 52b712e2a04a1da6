"""The multilingual model and switching models in a store (its profile is
test_profiles.py's)."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

import numpy as np
import pytest

from custom_components.home_memory.memory.common.values import Caller, NewMemory
from custom_components.home_memory.memory.embedding.multilingual import (
    load_multilingual_embedder,
)
from custom_components.home_memory.memory.search.retrieval import Retriever
from custom_components.home_memory.memory.store import MemoryStore

from ...german_home_things import GERMAN_HOME

if TYPE_CHECKING:
    from pathlib import Path

    from custom_components.home_memory.memory.embedding.embedder import Embedder
    from custom_components.home_memory.memory.embedding.multilingual import (
        MultilingualEmbedder,
    )

    from ..conftest import ManualClock

HOUSE = Caller()

# (German fact, English fact, German question that only the meaning links)
HOUSEHOLD = (
    (
        "Die Mülltonnen werden dienstagabends an die Straße gestellt.",
        "The bins go out to the street on Tuesday evenings.",
        "Wann ist Müllabfuhr?",
    ),
    (
        "Der Ersatzschlüssel liegt unter dem blauen Blumentopf.",
        "The spare key is under the blue flower pot.",
        "Wo finde ich einen zweiten Hausschlüssel?",
    ),
    (
        "Ben ist allergisch gegen Erdnüsse.",
        "Ben is allergic to peanuts.",
        "Darf Ben Nüsse essen?",
    ),
    (
        "Die Reisepässe liegen in der obersten Schublade im Arbeitszimmer.",
        "The passports are in the top drawer in the study.",
        "Wo sind die Pässe?",
    ),
    (
        "Annas Schwester Julia wohnt in Hamburg.",
        "Anna's sister Julia lives in Hamburg.",
        "Hat Anna Geschwister?",
    ),
    (
        "Die Katze Minka bekommt morgens und abends eine halbe Dose Futter.",
        "Minka the cat gets half a tin of food every morning and evening.",
        "Wie viel Futter kriegt die Katze?",
    ),
)


def _store(tmp_path: Path, clock: ManualClock, embedder: Embedder) -> MemoryStore:
    return MemoryStore(tmp_path / "m.db", embedder=embedder, clock=clock)


def _top(store: MemoryStore, query: str, **kwargs: object) -> list[str]:
    page = Retriever(store).search(query, HOUSE, record_access=False, **kwargs)  # type: ignore[arg-type]
    return [item.memory.content for item in page.items]


def test_one_openmp_thread_and_no_leaked_environment(
    multilingual: MultilingualEmbedder,
) -> None:
    """The engine runs one thread; the process environment is left as it was."""
    assert multilingual.threads() == 1
    before = dict(os.environ)
    assert load_multilingual_embedder().threads() == 1
    assert dict(os.environ) == before


def test_embeddings_are_normalised_prefixed_and_take_any_text(
    multilingual: MultilingualEmbedder,
) -> None:
    """Rows are unit vectors; a query differs from the same text as a passage."""
    texts = ["Anna mag Kaffee.", "lone \ud800 surrogate", "nul\x00byte", ""]
    vectors = multilingual.embed(texts)
    assert vectors.shape == (4, 384)
    assert np.allclose(np.linalg.norm(vectors[:3], axis=1), 1.0, atol=1e-3)
    query = multilingual.embed_query("Anna mag Kaffee.")
    assert not query.flags.writeable
    assert float(query @ vectors[0]) < 0.999  # "query: " vs "passage: "
    with pytest.raises(TypeError):
        multilingual.embed("one string")


def test_a_text_asked_next_shares_the_question_run(
    multilingual: MultilingualEmbedder,
) -> None:
    """`also` is embedded with the question, as a query, bit for bit as
    alone, and cached: asked for next, it runs no model."""
    question, rest = "Was mag Anna?", "Was mag?"
    alone = [multilingual._run([text], is_query=True)[0] for text in (question, rest)]
    multilingual.clear_cache()
    np.testing.assert_array_equal(multilingual.embed_query(question, [rest]), alone[0])
    assert multilingual.cache_info() == (0, 2, 2)
    np.testing.assert_array_equal(multilingual.embed_query(rest), alone[1])
    assert multilingual.cache_info() == (1, 2, 2)


def test_german_questions_find_german_and_english_facts(
    tmp_path: Path, clock: ManualClock, multilingual: MultilingualEmbedder
) -> None:
    """With the multilingual model a German question finds its fact first.

    Ranked without a floor: a German question and an English fact sit below
    the search floor on the shared scale (docs/languages.md, known limits).
    """
    for column in (0, 1):
        (tmp_path / str(column)).mkdir()
        store = _store(tmp_path / str(column), clock, multilingual)
        try:
            store.create_many([NewMemory(content=h[column]) for h in HOUSEHOLD], HOUSE)
            for household in HOUSEHOLD:
                found = _top(store, household[2], min_relevance=0.0)
                assert found[0] == household[column], household[2]
        finally:
            store.close()


def test_unrelated_question_stays_under_the_search_floor(
    tmp_path: Path, clock: ManualClock, multilingual: MultilingualEmbedder
) -> None:
    """e5's raw cosines of unrelated texts (~0.78) do not pass the 0.3 floor."""
    store = _store(tmp_path, clock, multilingual)
    try:
        store.create_many([NewMemory(content=h[0]) for h in HOUSEHOLD], HOUSE)
        assert _top(store, "Wer hat den Film gedreht?") == []
        assert _top(store, "Wo finde ich einen zweiten Hausschlüssel?")
    finally:
        store.close()


@pytest.mark.parametrize(
    ("question", "answers"),
    [
        ("wann ist der Zahnarzttermin", (0,)),
        ("wann kommt der Klavierstimmer", (2, 1)),
        ("wann kommt der Klempner", (1, 2)),
        ("wo ist der Zweitschlüssel", (4,)),
        ("wann werden die Mülltonnen rausgestellt", (6, 1)),
        ("wann geht Noah zum Arzt", (13,)),
        ("wer ist gegen Katzen allergisch", (5,)),
        ("wann fliegen wir nach Lissabon", (20,)),
    ],
)
def test_a_german_question_finds_its_answer_not_every_plan(
    tmp_path: Path,
    clock: ManualClock,
    multilingual: MultilingualEmbedder,
    question: str,
    answers: tuple[int, ...],
) -> None:
    """Twenty-five short German facts: a question finds its one answer (at
    most two) above the search and spoken floors, not every fact of its shape.

    With the LoCoMo-fitted map "wann ist der Zahnarzttermin" found 13 and
    "wann geht Noah zum Arzt" 11: unrelated short facts sat at 0.37-0.6 on
    the shared scale (docs/languages.md).
    """
    store = _store(tmp_path, clock, multilingual)
    try:
        store.create_many([NewMemory(content=text) for text in GERMAN_HOME], HOUSE)
        for floor in (None, 0.35):
            found = _top(store, question, min_relevance=floor)
            assert found[:1] == [GERMAN_HOME[answers[0]]], (question, found)
            assert set(found) <= {GERMAN_HOME[i] for i in answers}, (question, found)
    finally:
        store.close()


def test_statements_keep_their_meaning_with_the_multilingual_model(
    tmp_path: Path, clock: ManualClock, multilingual: MultilingualEmbedder
) -> None:
    """A reworded statement is a repeat, a different fact a memory of its own."""
    store = _store(tmp_path, clock, multilingual)
    try:
        first = store.create(NewMemory(content="The bins go out on Tuesday"), HOUSE)
        again = store.create(NewMemory(content="On Tuesday the bins go out"), HOUSE)
        assert again.memory.id == first.memory.id
        other = store.create(NewMemory(content="Anna likes coffee"), HOUSE)
        assert other.memory.id != first.memory.id
        assert store.counts()["tier"] == {"active": 2}
    finally:
        store.close()


@pytest.mark.parametrize("start_with_minilm", [True, False])
def test_switching_models_keeps_every_memory_findable(
    tmp_path: Path,
    clock: ManualClock,
    minilm: Embedder,
    multilingual: MultilingualEmbedder,
    start_with_minilm: bool,
) -> None:
    """Before, during (batch by batch) and after re-embedding, each memory is
    found by its own words with the default search floor, and afterwards the
    new model's meaning search works.
    """
    first, second = (minilm, multilingual)
    if not start_with_minilm:
        first, second = second, first
    store = _store(tmp_path, clock, first)
    contents = [h[0] for h in HOUSEHOLD] + [h[1] for h in HOUSEHOLD]
    try:
        store.create_many([NewMemory(content=c) for c in contents], HOUSE, dedup=False)

        def all_findable() -> None:
            for content in contents:
                assert content in _top(store, content, limit=3), content

        all_findable()
        store.set_embedder(second)
        assert store.pending_embeddings() == len(contents)
        while True:
            all_findable()
            if store.reembed_batch(5) == 0:
                break
        assert store.pending_embeddings() == 0
        all_findable()
        if second is multilingual:
            for german, _english, question in HOUSEHOLD:
                assert german in _top(store, question, limit=2), question
    finally:
        store.close()


# English questions a German home asks of what it told in German (new-user
# review s39: both answered "I don't know" over the floors).
ASKED_IN_ENGLISH = (
    ("What is Anna allergic to?", "Anna ist allergisch gegen Erdnüsse."),
)


# German questions whose English fact e5 puts near enough by meaning
# (cross-language paraphrases sit lower: "Wann ist Müllabfuhr?" / "The bins
# go out …" stays at 0.15, docs/languages.md).
ASKED_IN_GERMAN = (HOUSEHOLD[2], HOUSEHOLD[4], HOUSEHOLD[5])


@pytest.mark.parametrize("floor", [0.3, 0.35])
def test_a_question_in_another_language_finds_its_fact_over_the_floors(
    tmp_path: Path, clock: ManualClock, multilingual: MultilingualEmbedder, floor: float
) -> None:
    """A German question finds its English fact, and an English question
    its German one, over the search (0.3) and spoken (0.35) floors: a German
    question's English memory is read on its own map (profiles.py
    `across`), and a relation's word in the other language ("allergisch")
    is no other deed.
    Before, only "Hat Anna Geschwister?" passed 0.3, none 0.35."""
    (tmp_path / "en").mkdir()
    store = _store(tmp_path / "en", clock, multilingual)
    try:
        store.create_many([NewMemory(content=h[1]) for h in HOUSEHOLD], HOUSE)
        for household in ASKED_IN_GERMAN:
            found = _top(store, household[2], min_relevance=floor)
            assert found == [household[1]], household[2]
    finally:
        store.close()
    (tmp_path / "de").mkdir()
    store = _store(tmp_path / "de", clock, multilingual)
    try:
        german = [h[0] for h in HOUSEHOLD] + [ASKED_IN_ENGLISH[0][1]]
        store.create_many([NewMemory(content=text) for text in german], HOUSE)
        for question, fact in ASKED_IN_ENGLISH:
            assert _top(store, question, min_relevance=floor)[:1] == [fact], question
        assert _top(store, "Who directed the film?", min_relevance=floor) == []
    finally:
        store.close()


@pytest.mark.parametrize("floor", [0.3, 0.35])
def test_an_english_question_lists_no_unrelated_german_memory(
    tmp_path: Path, clock: ManualClock, multilingual: MultilingualEmbedder, floor: float
) -> None:
    """An English question in a German home: its English answer alone, or
    nothing; the `across` map read the other way round lifted unrelated
    German memories over the floors ("Who is our plumber?" read "Oma Erika
    hat uns vorgestern besucht", re-test s39 D1)."""
    store = _store(tmp_path, clock, multilingual)
    try:
        store.create_many(
            [
                NewMemory(content=text)
                for text in (
                    "Oma Erika hat uns vorgestern besucht.",
                    "Die Schlüssel lagen gestern hier.",
                    "Der Code für die Garage ist 1234.",
                    "The plumber is Mr. Kowalski.",
                )
            ],
            HOUSE,
        )
        plumber = _top(store, "Who is our plumber?", min_relevance=floor)
        assert plumber == ["The plumber is Mr. Kowalski."]
        assert _top(store, "When is my birthday?", min_relevance=floor) == []
    finally:
        store.close()
