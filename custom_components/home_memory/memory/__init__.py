"""The Home Memory engine: plain Python, no Home Assistant imports.

Store (SQLite: FTS5 + vectors), embedder (all-MiniLM-L6-v2), hybrid retrieval,
decay and maintenance. The Home Assistant side only translates to and from it.

One folder per role, from the bottom: `common/` (value types, errors,
config), `text/` (text rules), `time/` (time words), `embedding/`,
`vectors/`, `scoring/`, `storage/` (the file and its reads and writes),
`upkeep/`, `transfer/`; then
the front, `store.py` (MemoryStore composes the parts); then what takes a
MemoryStore: `search/`, `observation/`, `consolidation/`, `conversation/`.
Imports point down only (tests/integration/test_layout.py).
"""
