"""Each memory's text, kept between searches until the keyword index changes.

The floors of one search read the texts of the same few candidates five or
six times (`CandidateQueries.contents`), and the next question reads many
of them again. A memory's text changes only together with the keyword index
(every edit writes it: storage/rows.py `write_fts`), so the texts read are
kept, tagged with its generation (text_generation.py); any change drops
them all. At most KEPT_TEXTS texts are kept; the oldest go first.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from . import text_generation

if TYPE_CHECKING:
    from collections.abc import Sequence
    import sqlite3

# A memory's text is at most 8,000 characters: at most ~16 MB, usually ~1 MB.
KEPT_TEXTS: Final = 4_096


class KeptTexts:
    """Memories' texts by rowid, read once per generation of the index."""

    def __init__(self, kept: int = KEPT_TEXTS) -> None:
        self._kept = kept
        self._generation = -1
        self._texts: dict[int, str] = {}

    def texts(self, conn: sqlite3.Connection, rowids: Sequence[int]) -> dict[int, str]:
        """The text of each of `rowids` that exists, in rowid order (as
        SQLite returns a `rowid IN (…)`), read through `conn` inside a read
        transaction, whose snapshot the generation is read from."""
        generation = text_generation.read(conn)
        if generation != self._generation:
            self._generation, self._texts = generation, {}
        wanted = sorted(set(rowids))
        found = {rowid: self._texts[rowid] for rowid in wanted if rowid in self._texts}
        if len(found) < len(wanted):
            missing = [rowid for rowid in wanted if rowid not in found]
            for rowid, content in conn.execute(
                "SELECT rowid, content FROM memories "
                f"WHERE rowid IN ({','.join('?' * len(missing))})",
                missing,
            ):
                found[int(rowid)] = str(content)
                self._keep(int(rowid), str(content))
        return {rowid: found[rowid] for rowid in wanted if rowid in found}

    def _keep(self, rowid: int, text: str) -> None:
        if len(self._texts) >= self._kept:
            del self._texts[next(iter(self._texts))]  # the oldest
        self._texts[rowid] = text
