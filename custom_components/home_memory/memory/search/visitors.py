"""A question of one who comes to work is answered by a memory naming them.

"wann kommt der Schornsteinfeger", "when is the chimney sweep coming", "was
the electrician here": with no chimney sweep remembered, e5 put "Wir haben
die Hecke im Jahr 2025 geschnitten" near the question by its shape (0.84
raw, over the floor; review s29 M8), and that was the answer. Of a visitor
the statement tables name (`visitors`: plumber, Schornsteinfeger …) asked
whether or when they come or came (`coming`, `presence`), a memory that
does not name them (as said, in the plural, as a compound's last part,
or by a word of its family) is no answer. A visitor said generally
(`visitors_any`: "Handwerker", "technician") may be any of them. Pure.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Final

from ..text.statement_words import statement_words
from ..text.word_forms import related_terms
from ..time.phrases import languages_to_try
from .people import spelled_words

if TYPE_CHECKING:
    from collections.abc import Collection

    from ..storage.candidates import CandidateQueries

_TOKEN: Final = re.compile(r"[^\W_]+", re.UNICODE)
# A visitor this long or longer is found as a compound's last part
# ("Bezirksschornsteinfeger" names the "Schornsteinfeger").
_COMPOUND_PART: Final = 4


def asked_visitors(query: str, language: str | None) -> set[str]:
    """The visitors (folded) `query` asks whether or when they come or
    came, in any language it may be read in; none said generally."""
    tables = [statement_words(other) for other in languages_to_try(language)]
    said = set(_TOKEN.findall(query.casefold()))
    visitors = set().union(*(table.visitors for table in tables)) & said
    visitors -= set().union(*(table.visitors_any for table in tables))
    coming = set().union(*(table.coming for table in tables))
    asks = not coming.isdisjoint(said) or any(
        table.presence is not None and table.presence.search(query) is not None
        for table in tables
    )
    return visitors if asks else set()


def unnamed_visitor(
    candidates: CandidateQueries,
    query: str,
    rowids: Collection[int],
    language: str | None,
) -> set[int]:
    """Of `rowids`, the memories that name none of the visitors `query`
    asks of (`asked_visitors`)."""
    asked = asked_visitors(query, language)
    if not asked or not rowids:
        return set()
    languages = list(languages_to_try(language))
    return {
        rowid
        for rowid, text in candidates.contents(list(rowids)).items()
        if not _names(asked, text, languages)
    }


def _names(visitors: set[str], text: str, languages: list[str]) -> bool:
    said = set(spelled_words(text)) | set(_TOKEN.findall(text.casefold()))
    return any(
        visitor in said
        or f"{visitor}s" in said
        or f"{visitor}n" in said
        or (
            len(visitor) >= _COMPOUND_PART
            and any(word.endswith(visitor) for word in said)
        )
        for visitor in visitors
    ) or bool(related_terms(visitors, text, languages))
