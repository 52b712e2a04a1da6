"""Person-centred retrieval: the people a query names, and their memories.

"What does Anna like?" is about Anna: of two memories that match it equally,
the one about Anna (Anna among its people) is the better answer, and one that
only mentions her in passing ("Ben told Anna about the concert") the weaker.
A person counts as named when every word of their label is a word of the
query, compared case-folded, so "Anna's" names Anna and "Grandma Rosa" needs
both words.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Iterable

_WORD = re.compile(r"[^\W_]+", re.UNICODE)


def words(text: str) -> frozenset[str]:
    """The case-folded words of a text."""
    return frozenset(_WORD.findall(text.casefold()))


def named_people(query: str, people: Iterable[str]) -> frozenset[str]:
    """Those of `people` whose every word is a word of `query`."""
    asked = words(query)
    return frozenset(
        person for person in people if (label := words(person)) and label <= asked
    )


def without_names(query: str, people: Iterable[str]) -> str:
    """`query` without the words of `people`'s names ("Anna's" too): what
    it asks about them ("when did Ben last fix something" -> "when did
    last fix something")."""
    names = {word for person in people for word in words(person)}
    return " ".join(
        word
        for word in query.split()
        if not (found := _WORD.findall(word.casefold())) or found[0] not in names
    )
