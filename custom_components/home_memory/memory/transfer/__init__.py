"""Memories out of and into the store: export, import and their format.

`serialization` turns memories (and log entries, histories) into JSON-ready
data and checks every field read back; `export_import` writes and reads the
JSON-lines file.
"""

from .export_import import ExportImport, ImportStats
from .serialization import (
    history_dicts,
    log_entry_dict,
    memory_from_dict,
    memory_to_dict,
    parse_line,
)

__all__ = [
    "ExportImport",
    "ImportStats",
    "history_dicts",
    "log_entry_dict",
    "memory_from_dict",
    "memory_to_dict",
    "parse_line",
]
