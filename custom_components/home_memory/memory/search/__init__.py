"""Finding memories for a question: hybrid retrieval over a MemoryStore.

`retrieval` fuses vector and keyword candidates (read by
`storage/candidates`), scores them with `scoring/`, builds prompt context and
progressive pages.
"""

from .retrieval import (
    ContextResult,
    ProgressivePage,
    Relevance,
    Retriever,
    estimate_tokens,
    fuse,
    never_needs_memory,
)

__all__ = [
    "ContextResult",
    "ProgressivePage",
    "Relevance",
    "Retriever",
    "estimate_tokens",
    "fuse",
    "never_needs_memory",
]
