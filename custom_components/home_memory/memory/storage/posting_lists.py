"""Which memories hold a word, kept between searches until the index changes.

A search asks which of its few candidates hold each of the question's words
(`CandidateQueries.holding`) several times over, and the next question asks
for many of the same words ("lights", "like"). FTS5 answers a word with its
whole posting list, thousands of rows for a common word, so each list is
kept, tagged with the keyword index's generation (text_generation.py): any
change to the index in between drops them all. At most KEPT_ROWS rowids are
kept; the oldest words go first.
"""

from __future__ import annotations

from operator import itemgetter
from typing import TYPE_CHECKING, Final

from ..text.fts_query import or_expression
from . import text_generation

if TYPE_CHECKING:
    import sqlite3

# About 3 MB of rowids at most (a few hundred ordinary words).
KEPT_ROWS: Final = 60_000


class PostingLists:
    """Each word's memories (as the keyword search matches it: stemmed, any
    column), read once per generation of the keyword index."""

    def __init__(self, kept_rows: int = KEPT_ROWS) -> None:
        self._kept_rows = kept_rows
        self._generation = -1
        self._lists: dict[str, frozenset[int]] = {}
        self._rows = 0

    def holding(self, conn: sqlite3.Connection, term: str) -> frozenset[int]:
        """The rowids whose text holds `term`, read through `conn` (inside a
        read transaction, whose snapshot the generation is read from)."""
        generation = text_generation.read(conn)
        if generation != self._generation:
            self._generation, self._lists, self._rows = generation, {}, 0
        found = self._lists.get(term)
        if found is None:
            # (itemgetter: no Python frame for each of a common word's rows.)
            found = frozenset(
                map(
                    itemgetter(0),
                    conn.execute(
                        "SELECT rowid FROM memories_fts WHERE memories_fts MATCH ?",
                        (or_expression([term]),),
                    ),
                )
            )
            self._keep(term, found)
        return found

    def _keep(self, term: str, rows: frozenset[int]) -> None:
        if len(rows) > self._kept_rows:
            return
        while self._lists and self._rows + len(rows) > self._kept_rows:
            oldest = next(iter(self._lists))
            self._rows -= len(self._lists.pop(oldest))
        self._lists[term] = rows
        self._rows += len(rows)
