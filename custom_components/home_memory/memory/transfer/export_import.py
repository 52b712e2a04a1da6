"""Export and import: every memory as one JSON object a line (serialization.py).

An import checks every line before it writes any, then writes them in one
transaction: a bad file imports nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
import json
from typing import IO, TYPE_CHECKING, Any

from ..common.errors import ImportFileError, InvalidMemoryError, Problem
from ..common.values import Caller, NewMemory, Visibility
from ..storage.connections import storage_errors
from ..storage.rows import COLUMNS
from ..text.validation import ADMINS_ONLY, check_page, embedding_text
from .serialization import memory_from_dict, memory_to_dict, parse_line

if TYPE_CHECKING:
    from collections.abc import Iterable

    from ..storage.connections import StoreConnections
    from ..storage.in_memory import InMemoryCopies
    from ..storage.rows import MemoryRows
    from ..storage.writing import Writing


EXPORT_FORMAT = "home_memory.export.v1"
# An import stops collecting errors after this many bad lines.
MAX_IMPORT_ERRORS = 100


@dataclass(frozen=True, slots=True)
class ImportStats:
    """What an import did."""

    imported: int
    skipped: int
    skipped_private: int = 0


class ExportImport:
    """export_jsonl and import_jsonl."""

    def __init__(
        self,
        connections: StoreConnections,
        copies: InMemoryCopies,
        rows: MemoryRows,
        writes: Writing,
    ) -> None:
        """Imported memories are checked and inserted as `writes` does it."""
        self._db = connections
        self._copies = copies
        self._rows = rows
        self._writes = writes
        self.now = connections.now

    def export_jsonl(
        self, out: IO[str], caller: Caller, *, all_tiers: bool = True
    ) -> int:
        """Write every memory the caller may see as one JSON object a line."""
        count = 0
        after: int | None = 0
        while after is not None:
            lines, after = self.export_page(caller, after=after, all_tiers=all_tiers)
            with storage_errors():  # the file written to (a full disk)
                for line in lines:
                    out.write(line)
                    out.write("\n")
            count += len(lines)
        return count

    def export_page(
        self,
        caller: Caller,
        *,
        after: int = 0,
        limit: int = 1000,
        all_tiers: bool = True,
    ) -> tuple[list[str], int | None]:
        """Export lines of the memories the caller may see, by rowid after `after`.

        Returns the lines and where the next page starts (None: the last page).
        Each page is one read; a memory added meanwhile is in a later page.
        """
        check_page("after", after, limit, 10_000)
        tier = "" if all_tiers else "AND tier = 'active' "
        with self._db.read() as conn:
            rows = conn.execute(
                f"SELECT {COLUMNS} FROM memories WHERE rowid > ? {tier}"
                "AND (visibility = 'household' OR owner = ?) "
                "ORDER BY rowid LIMIT ?",
                (after, caller.user_id, limit + 1),
            ).fetchall()
        more = len(rows) > limit
        rows = rows[:limit]
        lines = []
        for row in rows:
            memory = self._rows.row_to_memory(row)
            if memory.visible_to(caller):  # the same rule, checked once more
                lines.append(
                    json.dumps(memory_to_dict(memory, caller), ensure_ascii=False)
                )
        return lines, int(rows[-1][0]) if more else None

    def import_jsonl(
        self, lines: Iterable[str], caller: Caller, *, keep_owners: bool = False
    ) -> ImportStats:
        """Import an export; all lines are checked first, then one transaction.

        Memories whose id already exists are skipped, so importing twice is the
        same as importing once. What is imported belongs to the caller: a file
        cannot place memories in someone else's private space. A private line
        is imported only by the person it names as its owner: another
        person's private memories (and, imported without a user, every private
        line) are skipped and counted, so an export file never hands one
        person's private words to another. Only an admin restoring a full
        export keeps the owners the file names (`keep_owners`).
        """
        if keep_owners and not caller.is_admin:
            raise InvalidMemoryError("keep_owners", ADMINS_ONLY)
        records: list[tuple[NewMemory, dict[str, Any]]] = []
        errors: list[str] = []
        bad_lines: list[tuple[int, str, Problem]] = []
        skipped_private = 0
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                new, extra = memory_from_dict(parse_line(line))
                if not keep_owners:
                    if new.visibility is Visibility.PRIVATE and (
                        caller.user_id is None or new.owner != caller.user_id
                    ):
                        # Another person's private memory (the line names
                        # its owner) never becomes the importer's.
                        skipped_private += 1
                        continue
                    # Nor may a file attribute words to someone else.
                    new = replace(new, owner=caller.user_id, speaker=caller.user_id)
                records.append((self._writes.validate_new(new), extra))
            except InvalidMemoryError as err:
                # The messages name the field, never the value (see
                # serialization.py): a file's contents must not be echoed.
                errors.append(f"line {number}: {err}")
                bad_lines.append((number, err.field, err.reason))
                if len(errors) >= MAX_IMPORT_ERRORS:
                    break
        if errors:
            raise ImportFileError(errors, bad_lines)
        validated = records
        with self._db.read() as conn:
            existing = {row[0] for row in conn.execute("SELECT id FROM memories")}
        fresh = [(new, extra) for new, extra in validated if new.id not in existing]
        fresh = list({str(new.id): (new, extra) for new, extra in fresh}.values())
        vectors = self._copies.embed(
            [embedding_text(str(n.summary), n.content) for n, _ in fresh]
        )
        touched: list[int] = []
        with self._db.transaction() as conn:
            for position, (new, extra) in enumerate(fresh):
                if conn.execute(
                    "SELECT 1 FROM memories WHERE id = ?", (new.id,)
                ).fetchone():
                    # Written meanwhile (the same file imported twice at once).
                    continue
                vector = None if vectors is None else vectors[position]
                touched.append(
                    self._writes.insert(
                        conn, new, vector, caller, self.now(), times=extra
                    )
                )
        self._copies.refresh(touched)
        return ImportStats(
            imported=len(touched),
            skipped=len(validated) - len(touched),
            skipped_private=skipped_private,
        )
