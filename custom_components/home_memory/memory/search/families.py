"""Memories under a relevance floor that hold a word of the question's family.

Anna's "do I have any allergies" shares no keyword with "Anna is allergic to
penicillin" and MiniLM puts them at 0.33, under both floors (issue 21). Where
a floor applies, a memory the keyword channel matched none of whose words,
but which holds a word of one family with a word of the question
(text/word_forms.py: allergies / allergic, Müll / Mülltonnen), passes with a
similarity of at least `bar`. Its relevance is left as it is (LoCoMo,
which ranks with no floor, never gets here;
docs/retrieval-quality.md, "Word forms at the floor"). A word of the family
says what is asked, not of whom: where the question names someone ("what is
Anna afraid of"), the memory must name them too ("Mia is scared of dogs" is
not Anna's fear, final review s19). Inside a window, of the memories a
question finds, those saying its word are read first (`saying_first`).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Protocol

from ..text.fts_query import (
    asked_in,
    asked_language,
    search_stopwords,
    search_terms,
)
from ..text.moments import asked_here
from ..text.naming import says_own
from ..text.statement_words import statement_words
from ..text.word_forms import prefixes, related_terms
from ..time.expressions import speaks_of_past
from ..time.phrases import table_language
from .people import named_people, told_people, words

if TYPE_CHECKING:
    from collections.abc import Collection, Mapping, Sequence

    import numpy as np
    import numpy.typing as npt

    from ..common.config import EngineConfig
    from ..common.values import Caller, MemoryFilter
    from ..storage.candidates import CandidateQueries
    from ..store import MemoryStore


class _Searching(Protocol):
    """What a search gives: its store and its config (retrieval's Retriever)."""

    store: MemoryStore
    config: EngineConfig


# The similarity a family's memory needs: retrieval's
# TOPIC_IN_WINDOW_MIN_SIMILARITY, the least of a paraphrased answer's
# (unrelated pairs 0.03-0.18, "batteries" / "The pancake batter …" 0.33 is
# kept out by its word, not by this).
FAMILY_MIN_SIMILARITY = 0.2
_TOKEN = re.compile(r"[^\W_]+", re.UNICODE)
# English's one capitalised word that is no name.
_FIRST_PERSON = "I"


def family_languages(query: str, language: str | None) -> list[str]:
    """The household's language, and the one the query is asked in: only
    a compounding language's question joins a word to what follows it
    ("pain" is no part of "painted")."""
    languages = [table_language(language)]
    asked = asked_language(query)
    if asked is not None and asked not in languages:
        languages.append(asked)
    return languages


def family_matches(
    retriever: _Searching,
    query: str,
    caller: Caller,
    flt: MemoryFilter,
    passing: Collection[int],
    query_vector: npt.NDArray[np.float32] | None,
    floor: float,
    asker: str | None = None,
) -> dict[int, float]:
    """(rowid, similarity) of the memories `caller` may see that hold a word
    of one family with a content word of `query`, with a similarity of at
    least TOPIC_IN_WINDOW_MIN_SIMILARITY and the model's stand-out `floor`;
    but for those `passing` already, and for a word the keyword search
    matches itself (text/word_forms.py `prefixes`), and for those not
    naming whom the query names (`naming_the_asked`). None without a query
    vector: the similarity is the guard."""
    if query_vector is None:
        return {}
    candidates = retriever.store.candidates
    language = retriever.config.language
    bar = max(FAMILY_MIN_SIMILARITY, floor)
    languages = family_languages(query, language)
    terms = search_terms(query, asked_in(query, search_stopwords(language)))
    starts = prefixes(terms, languages)
    if not starts:
        return {}
    texts = candidates.prefix_texts(starts, caller, flt, passing)
    # The similarity first: one product a row, where the words cost a
    # comparison each (a common word's 150 rows: 20 ms).
    similar = {
        rowid: similarity
        for rowid, similarity in candidates.similarities(
            query_vector, list(texts)
        ).items()
        if similarity >= bar
    }
    related = [r for r in similar if related_terms(terms, texts[r], languages)]
    return {
        rowid: similar[rowid]
        for rowid in naming_the_asked(retriever, query, asker, related, texts)
    }


def asked_names(
    query: str, everyone: Collection[str], language: str | None
) -> list[frozenset[str]]:
    """The words of each person or thing `query` names: a person memories
    are about, or a capitalised word inside a question in a language that
    capitalises only names ("what is Anna afraid of", "who fixed the TV")."""
    names = {words(person) for person in named_people(query, everyone)}
    asked = asked_language(query) or table_language(language)
    if statement_words(asked).capitalised_names:
        tokens = _TOKEN.findall(query)
        names.update(
            frozenset({token.casefold()})
            for token in tokens[1:]
            if token[0].isupper() and token != _FIRST_PERSON
        )
    return [name for name in names if name]


def naming_the_asked(
    retriever: _Searching,
    query: str,
    asker: str | None,
    rowids: list[int],
    texts: Mapping[int, str],
) -> list[int]:
    """Of `rowids` (with their `texts`), those naming every name `query`
    says (`asked_names`), by a word of their text or among their people;
    where it speaks of `asker` ("do I have any allergies"), those about
    them too, or told in the first person (a private memory keeps its
    teller's "I")."""
    if not rowids:
        return rowids
    language = retriever.config.language
    candidates = retriever.store.candidates
    names = asked_names(query, candidates.everyone(), language)
    own = asker is not None and says_own(query, language)
    if not names and not own:
        return rowids
    people = candidates.people_of(rowids)

    def names_all(rowid: int) -> bool:
        held = words(texts[rowid]).union(*(words(p) for p in people.get(rowid, ())))
        if own and not (
            (asker is not None and words(asker) <= held)
            or says_own(texts[rowid], language)
        ):
            return False
        return all(name <= held for name in names)

    return [rowid for rowid in rowids if names_all(rowid)]


def asked_first(
    candidates: CandidateQueries,
    query: str,
    rowids: Sequence[int],
    known: Collection[str],
    language: str | None,
    *,
    in_window: bool,
    latest: bool = False,
) -> list[int]:
    """The places of `rowids` (ranked), what the question asks first: inside
    a window, the memories saying its word (`saying_first`); else those an
    observed moment's tags say are the moment it asks for ("Wann hat Anna
    das Haus verlassen?" is her departure, not her getting up or return,
    which read nearer; `tagged_first`), the latest first where it asks
    for the last time (`latest`)."""
    if in_window:
        return saying_first(candidates, query, rowids, known, language)
    return tagged_first(candidates, query, rowids, known, language, latest=latest)


def tagged_first(
    candidates: CandidateQueries,
    query: str,
    rowids: Sequence[int],
    known: Collection[str],
    language: str | None,
    *,
    latest: bool = False,
) -> list[int]:
    """The places of `rowids` (ranked), those tagged with the household's
    words of the moment `query` asks for first (text/moments.py), of
    another than the person it names not; asked of the past only. Asked
    for the last time (`latest`: "when did Anna last come home") of nobody
    the home tells of by name, the latest of them first: each is that
    moment by what the home saw, however near its words read (a front
    door's memory, the only sign of a coming in a home that tracks nobody,
    read Friday afternoon's before Friday evening's; household replay,
    s36). Of a person it tells of, a memory tagged so may tell of another's
    coming beside theirs: the order by relevance stands. Of a person no
    tagged memory tells of, those of nobody (a door in a home that tracks
    nobody) first: they are the only sign of it (review s37 #8)."""
    places = list(range(len(rowids)))
    asked = {word.casefold() for word in asked_here(query, language)}
    # Asked of the past only: "when do we leave for the airport" is the
    # plan, not the last departure the home saw.
    if not asked or len(rowids) < 2 or not speaks_of_past(query, language):
        return places
    tagged = {r for r, tag in candidates.tags_of(rowids) if tag.casefold() in asked}
    if named := {words(person) for person in named_people(query, known)}:
        people = candidates.people_of(list(tagged))
        theirs = {
            rowid
            for rowid in tagged
            if any(words(person) in named for person in people.get(rowid, ()))
        }
        # Where the home tells nobody's moment by name (a door, in a home
        # that tracks nobody), the moment of no one is the only sign of
        # theirs: "When did Anna last leave?" read her chores before the
        # front door (review s37 #8).
        tagged = theirs or {rowid for rowid in tagged if not people.get(rowid)}
    if latest and tagged and not named:
        happened = candidates.happened_at(sorted(tagged))
        return sorted(
            places,
            key=lambda i: (
                rowids[i] not in tagged,
                -happened.get(rowids[i], 0.0) if rowids[i] in tagged else 0.0,
            ),
        )
    return sorted(places, key=lambda i: rowids[i] not in tagged)


def saying_first(
    candidates: CandidateQueries,
    query: str,
    rowids: Sequence[int],
    known: Collection[str],
    language: str | None,
) -> list[int]:
    """The places of `rowids` (ranked), those saying a word the question
    asks besides the people it names (of `known`) first, by the word or one
    of its family ("stand … auf" for "aufgestanden"): "Ist Ben heute Morgen
    aufgestanden" and "Ist heute Morgen jemand aufgestanden" are answered
    by a getting up, not by Ben's other deeds of the morning, which read
    nearer to the model (CI, commit 9ce43dc). A memory about another than
    the person it names is not lifted (review s31 M1). A common verb's
    forms count here, not at a floor ("go" / "went", review s32 L7)."""
    places = list(range(len(rowids)))
    asked = named_people(query, known)
    named = {word for person in asked for word in words(person)}
    rest = [term for term in candidates.query_terms(query) if term not in named]
    if not rest or len(rowids) < 2:
        return places
    saying = set().union(*candidates.holding(rest, rowids).values())
    languages = family_languages(query, language)
    texts = candidates.contents([rowid for rowid in rowids if rowid not in saying])
    saying |= {
        r
        for r, text in texts.items()
        if related_terms(rest, text, languages, deeds=True)
    }
    if asked:
        # Not above the asked one's own: "Zoe got up …" (its subject
        # another, told_people) for "did Anna get up" (review s31 M1).
        labels = {words(person) for person in asked}
        people = told_people(candidates, list(saying), known)
        saying -= {
            rowid
            for rowid, found in people.items()
            if found and not any(words(person) in labels for person in found)
        }
    return sorted(places, key=lambda i: rowids[i] not in saying)
