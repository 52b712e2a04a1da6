"""The SQLite file and every read and write of it: the parts of MemoryStore.

`connections` (the file, writer, reader, backup gate), `schema` (tables and
migrations), `in_memory` (vector index and score table that follow the file),
`rows` (a memory's row, labels, FTS entry, vector), `operation_log` (who did
what), `filters` (a MemoryFilter as SQL), `reading` (get, pages, figures),
`candidates` (search's FTS and vector candidate reads), `versions` (update,
history, undo), `repeats` and `writing` (create: new, correction or repeat),
`tiers` (forget, restore, purge, access). The front, `memory/store.py`,
composes them.
"""

from .candidates import CandidateQueries
from .connections import StoreConnections, storage_errors
from .filters import filter_sql
from .in_memory import InMemoryCopies
from .operation_log import LogEntry, OperationLog
from .reading import Reading
from .repeats import Repeats
from .rows import MemoryRows
from .schema import migrate, schema_version
from .tiers import Tiers
from .versions import Versions
from .writing import Writing

__all__ = [
    "CandidateQueries",
    "InMemoryCopies",
    "LogEntry",
    "MemoryRows",
    "OperationLog",
    "Reading",
    "Repeats",
    "StoreConnections",
    "Tiers",
    "Versions",
    "Writing",
    "filter_sql",
    "migrate",
    "schema_version",
    "storage_errors",
]
