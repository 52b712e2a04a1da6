"""The keyword index's generation: which version of `memories_fts` a reader sees.

Every change to `memories_fts` raises it in the same transaction (`raise_`),
so a reader reads it from the same snapshot as the index (`read`): a posting
list kept under one generation is true exactly while the generation stays.
Recording an access, a tier or a score changes no text and leaves it alone,
so what a search keeps survives the access counts its own answers write.
It lives in `engine_meta` (no schema change; no row yet reads as 0).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    import sqlite3

KEY: Final = "text_generation"


def raise_(conn: sqlite3.Connection) -> None:
    """Raise the generation, inside the transaction that changes the index."""
    conn.execute(
        "INSERT INTO engine_meta (key, value) VALUES (?, '1') "
        "ON CONFLICT(key) DO UPDATE SET value = CAST(value AS INTEGER) + 1",
        (KEY,),
    )


def read(conn: sqlite3.Connection) -> int:
    """The generation this connection's snapshot holds (0 before any change)."""
    row = conn.execute("SELECT value FROM engine_meta WHERE key = ?", (KEY,)).fetchone()
    return int(row[0]) if row is not None else 0
