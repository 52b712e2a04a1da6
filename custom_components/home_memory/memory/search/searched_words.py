"""The words a question is looked for by in the keyword search.

A question asked in another language than the household's is looked for by
the household's words too, as its memories are told and tagged in those:
a moment ("aufgestanden" in an English home: "get up"; text/moments.py
`asked_elsewhere`) and a coming asked of anyone ("who is coming" in a German
home: "kommt"; visitors.py `coming_in_household_words`, review s35 M2).
Pure.
"""

from __future__ import annotations

from typing import NamedTuple

from ..text.moments import asked_elsewhere
from .visitors import coming_in_household_words


class Searched(NamedTuple):
    """What a question is looked for by."""

    # The question's words, then the household's for what it asks.
    text: str
    # Whether it asks who comes in another language than the household's:
    # each memory telling of a coming answers whatever its relevance, as
    # neither the model nor the words may weigh it (standing_out.py
    # `over_the_floors`).
    coming_elsewhere: bool


def searched_words(query: str, language: str | None) -> Searched:
    """`query` with the household's (`language`) words for what it asks in
    another language's."""
    coming = coming_in_household_words(query, language)
    return Searched(
        " ".join((query, *asked_elsewhere(query, language), *coming)), bool(coming)
    )
