"""The memories told in another language than the question is asked in.

A German question and an English memory share no words, so a floor that
looks for the question's words in a memory (a deed's verb, a relation's
word, the thing it names: floors.py `not_whole`) says nothing about such a
memory, and a multilingual model puts such a pair lower in its band than
the same pair in one language (embedding/profiles.py `across`). A text's
language is told by its function words (text/fts_query.py); a text too
short to tell is in none, and so never "another". Pure.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Final

from ..text.fts_query import told_language

if TYPE_CHECKING:
    from collections.abc import Collection

    from ..embedding.profiles import ModelProfile
    from ..storage.candidates import CandidateQueries

# The fewest words of a memory whose similarity is read on the `across` map.
ACROSS_LEAST_WORDS: Final = 4
_WORD: Final = re.compile(r"[^\W_]+")


def told_otherwise(
    candidates: CandidateQueries,
    query: str,
    rowids: Collection[int],
    reads: frozenset[str] | None,
) -> set[int]:
    """Of `rowids`, the memories told in another language than `query`,
    both of which the model reads (`reads`, base tags; None: any): a model
    that reads only one of them says nothing of the pair by meaning."""
    if not rowids or (reads is not None and len(reads) < 2):
        return set()  # a model of one language reads no pair in two
    asked = told_language(query)
    if asked is None or (reads is not None and asked not in reads):
        return set()
    return {
        rowid
        for rowid, text in candidates.contents(list(rowids)).items()
        if (told := told_language(text)) is not None
        and told != asked
        and (reads is None or told in reads)
    }


def across_languages(
    candidates: CandidateQueries,
    query: str,
    vector: dict[int, float],
    profile: ModelProfile,
) -> None:
    """Each memory of `vector` whose pair with the question has a map of its
    own in the profile (`ModelProfile.pair_map`) has its similarity read on
    it: a German question's English memory (`across`), an English
    question's English or German memory (`english`, `english_across`), each
    fitted on its own pairs. A question that tells no language by its
    function words ("Tom") is read on the `search` map: a name alone is in
    no language, and the gap between two languages' pairs is not its own
    (a strict floor let "Tom repaired the car" past 0.6 as half relevant).
    A memory of fewer than ACROSS_LEAST_WORDS words, or that tells none, is
    in the question's: "A." or "Yes it is" say no language, and all of one
    question's memories of a language stay on one map, in the order of
    their cosines.
    The `across` map read the other way round lifted unrelated German
    memories over the answer ("Who is our plumber?" read "Oma Erika hat
    uns besucht", re-test s39 D1)."""
    if not profile.reads_pairs or not vector:
        return
    asked = told_language(query)
    if asked is None:
        return
    for rowid, text in candidates.contents(list(vector)).items():
        told = (
            told_language(text)
            if len(_WORD.findall(text)) >= ACROSS_LEAST_WORDS
            else None
        )
        pair = profile.pair_map(asked, told or asked)
        vector[rowid] = profile.on_map(vector[rowid], pair)
