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
