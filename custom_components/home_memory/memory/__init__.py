"""The Home Memory engine: plain Python, no Home Assistant imports.

Store (SQLite: FTS5 + vectors), embedder (all-MiniLM-L6-v2), hybrid retrieval,
decay and maintenance. The Home Assistant side only translates to and from it.
"""
