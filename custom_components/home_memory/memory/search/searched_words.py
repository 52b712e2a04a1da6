"""The words a question is looked for by in the keyword search.

A question asked in another language than the household's is looked for by
the household's words too, as its memories are told and tagged in those:
a moment ("aufgestanden" in an English home: "get up"; text/moments.py
`asked_elsewhere`). A coming asked of anyone is looked for by every word of
coming of the household's it does not say ("who is coming" in a German
home: "kommt", review s35 M2; in an English one: "visiting", review s36
finding 1; visitors.py `coming_in_household_words`); asked of the past, by
the other forms of its own ("came" for "Did anyone come yesterday?",
review s36 finding 8; `coming_forms_asked`). A visitor asked of in another
language, by the household's words for their trade ("plumber" for
"Klempner", review s36 defect 6; `trade_in_household_words`).
`asking_nothing`: the words a question asks nothing by beside a name.
Pure.
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from ..text.fts_query import search_stopwords
from ..text.moments import asked_elsewhere
from ..text.statement_words import statement_words
from ..time.phrases import languages_to_try
from .visitors import (
    coming_forms_asked,
    coming_in_household_words,
    trade_in_household_words,
)


class Searched(NamedTuple):
    """What a question is looked for by."""

    # The question's words, then the household's for what it asks.
    text: str
    # Whether it asks who comes, naming nobody, not of the past: each
    # memory telling of a coming answers whatever its relevance, as neither
    # the model nor the words may weigh it ("Grandma is visiting" for "who
    # is coming"; standing_out.py `over_the_floors`).
    coming_asked: bool


def searched_words(query: str, language: str | None) -> Searched:
    """`query` with the household's (`language`) words for what it asks in
    another language's, and its words of coming for who comes."""
    coming = coming_in_household_words(query, language)
    came = coming_forms_asked(query, language)
    trade = trade_in_household_words(query, language)
    return Searched(
        " ".join((query, *asked_elsewhere(query, language), *coming, *came, *trade)),
        bool(coming),
    )


@cache
def asking_nothing(language: str | None, *, liking: bool = False) -> frozenset[str]:
    """Words that ask nothing beside a name ("what is Anna up to" asks what
    "tell me about Anna" does), in every language asked in; `liking`: the
    words that ask what a person likes instead."""
    found: set[str] = set()
    for other in languages_to_try(language):
        words = statement_words(other)
        found |= (
            words.liking_asks
            if liking
            else search_stopwords(other) | words.general_asks
        )
    return frozenset(found)
