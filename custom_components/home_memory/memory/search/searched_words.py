"""The words a question is looked for by in the keyword search.

A question asked in another language than the household's is looked for by
the household's words too, as its memories are told and tagged in those:
a moment ("aufgestanden" in an English home: "get up"; text/moments.py
`asked_elsewhere`) and a coming asked of anyone ("who is coming" in a German
home: "kommt"; visitors.py `coming_in_household_words`, review s35 M2).
Pure.
"""

from __future__ import annotations

from ..text.moments import asked_elsewhere
from .visitors import coming_in_household_words


def searched_words(query: str, language: str | None) -> str:
    """`query` with the household's (`language`) words for what it asks in
    another language's."""
    return " ".join(
        (
            query,
            *asked_elsewhere(query, language),
            *coming_in_household_words(query, language),
        )
    )
