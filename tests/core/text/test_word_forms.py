"""Words of one family (text/word_forms.py): what lets a memory pass a floor."""

from __future__ import annotations

from dataclasses import replace

import pytest

from custom_components.home_memory.memory.text import word_forms as word_forms_module
from custom_components.home_memory.memory.text.word_forms import (
    prefixes,
    related_terms,
    text_words,
    word_forms,
)


@pytest.mark.parametrize(
    ("term", "text", "languages"),
    [
        ("allergies", "Anna is allergic to penicillin", ["en"]),
        ("allergic", "Ben has a nut allergy", ["en"]),
        ("repaired", "Ben repairs bikes", ["en"]),
        ("plumbing", "The plumber comes on Tuesday", ["en"]),
        ("allergien", "Anna ist allergisch gegen Penizillin", ["de"]),
        ("müll", "Die Mülltonnen werden dienstags rausgestellt", ["de"]),
        ("repariert", "Ben will das Fahrrad reparieren", ["de"]),
        # A household's synonyms, which neither stems nor MiniLM join.
        ("garbage", "The bins go out on Tuesday evening", ["en"]),
        ("afraid", "Mia is scared of dogs", ["en"]),
        ("müll", "Die Tonne wird freitags geleert", ["de"]),
        ("angst", "Mia fürchtet sich vor Hunden", ["de"]),
        # A separable verb's participle, its verb said apart (CI, 9ce43dc).
        ("aufgestanden", "Ben wachte auf und stand auf.", ["de"]),
        ("eingekauft", "Anna kaufte im Supermarkt ein.", ["de"]),
        ("aufgewacht", "Lena wachte gegen sieben auf.", ["de"]),
    ],
)
def test_a_word_of_the_family_is_related(
    term: str, text: str, languages: list[str]
) -> None:
    """Another ending on the same stem, (German) the first part of a
    compound, or a synonym: words the keyword channel's Porter stems keep
    apart."""
    assert related_terms([term], text, languages) == {term}


@pytest.mark.parametrize(
    ("term", "text", "languages"),
    [
        # The same word: the keyword channel's own match, not this one's.
        ("allergies", "Ben's allergies are worse in May", ["en"]),
        # Stems too short to tell a family by.
        ("part", "We had a party", ["en"]),
        ("cats", "The cat is called Tom", ["en"]),
        # Only a compounding language joins a word to what follows it.
        ("pain", "Ben painted the fence", ["en"]),
        ("price", "bitcoin is volatile", ["en"]),
        ("batteries", "The pancake batter is in the fridge", ["en"]),
        ("garbage", "Anna is allergic to penicillin", ["en"]),
        # Another language's synonyms are not this one's.
        ("garbage", "Die Tonne wird freitags geleert", ["de"]),
        # The verb without its particle, or the particle without the verb.
        ("aufgestanden", "Ben stand in der Küche.", ["de"]),
        ("aufgestanden", "Ben räumte die Küche auf.", ["de"]),
    ],
)
def test_other_words_are_not(term: str, text: str, languages: list[str]) -> None:
    """No family from a shared beginning alone, nor from a word itself."""
    assert related_terms([term], text, languages) == set()


def test_a_stem_keeps_its_shortest_length() -> None:
    """The longest ending that leaves the language's shortest stem goes."""
    english = word_forms("en")
    assert english.stem("allergies") == english.stem("allergic") == "allergi"
    assert english.stem("allergy") == "allergi"
    assert english.stem("batteries") != english.stem("batter")
    assert english.stem("evenings") == "evening"  # "even" is too short
    assert word_forms("de-CH").stem("allergisch") == "allerg"
    assert word_forms("fr") is english  # no table: English's


def test_prefixes_find_every_family_member() -> None:
    """A term's root in each language, with the term the keyword search
    finds itself, for the prefix search; short words none."""
    assert prefixes(["allergies", "day"], ["en"]) == [("allerg", "allergies")]
    assert prefixes(["müll"], ["en"]) == []
    assert prefixes(["müll"], ["de"]) == [
        ("müll", "müll"),
        ("abfall", None),
        ("mülltonn", None),
        ("tonn", None),
    ]


def test_a_words_synonyms_are_looked_for_too() -> None:
    """A synonym's memory is found by its own word's beginning."""
    assert prefixes(["garbage"], ["en"]) == [
        ("garbage", "garbage"),
        *((mate, None) for mate in ("bin", "bins", "dustbin", "rubbish", "trash")),
        ("waste", None),
    ]
    assert word_forms("en").mates("scared") == [
        "afraid",
        "fear",
        "fearful",
        "fears",
        "frighten",
        "petrif",
        "phobia",
        "scare",
        "scary",
        "terrif",
    ]


def test_an_irregular_verb_s_forms_are_one_family() -> None:
    """Inside a window "did Ben go out" is answered by "Ben went out"
    (review s32 L7), not by "Ben got up" or "the goat"."""
    text = "Anna and Ben went out for a walk."
    assert related_terms(["go"], text, ["en"], deeds=True) == {"go"}
    got_up = "Ben got up to close the window."
    assert related_terms(["go"], got_up, ["en"], deeds=True) == set()
    assert related_terms(["go"], "The goat is good.", ["en"], deeds=True) == set()
    # Too common a verb to pass a floor by ("where did we go for a walk"
    # is no "Ben went to Paris"): no family there, nor a prefix to look for.
    assert related_terms(["go"], text, ["en"]) == set()
    assert prefixes(["go"], ["en"]) == []


def test_a_memorys_words_read_again_find_the_same_family() -> None:
    """A memory's words and stems are kept between searches; a text read
    again, or given as a list, finds what it found the first time."""
    text = "Anna is allergic to penicillin"
    first = related_terms(["allergies", "penicillin"], text, ["en"])
    assert related_terms(["allergies", "penicillin"], text, ["en"]) == first
    assert first == {"allergies"}
    forms = word_forms("en")
    assert forms.relatives(["allergies"], list(text_words(text))) == {"allergies"}
    assert text_words(text) == frozenset({"anna", "is", "allergic", "to", "penicillin"})
    assert text_words(text + " " * 700) == text_words(text)


def test_a_full_store_of_stemmed_texts_forgets_only_its_oldest(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Past its size the store of stemmed texts drops the oldest text, not
    every text: refilling all of them at once made the garbage collector run
    every few dozen searches (docs/retrieval-quality.md, session 32)."""
    monkeypatch.setattr(word_forms_module, "_TEXTS_KEPT", 3)
    forms = replace(word_forms("en"))  # its own, empty store
    texts = [
        "Anna is allergic to penicillin",
        "Ben repairs bikes",
        "The plumber comes on Tuesday",
        "Mia is scared of dogs",
    ]
    found = [forms.relatives(["allergies"], text_words(text)) for text in texts]
    assert found == [{"allergies"}, set(), set(), set()]
    assert list(forms._stemmed) == [text_words(text) for text in texts[1:]]
