"""Finding memories for a question: hybrid retrieval over a MemoryStore.

`retrieval` fuses vector and keyword candidates (read by
`storage/candidates`), scores them with `scoring/`, builds prompt context and
progressive pages.
"""

from .fusion import Relevance, fuse
from .needs import never_needs_memory
from .retrieval import ContextResult, ProgressivePage, Retriever, estimate_tokens

__all__ = [
    "ContextResult",
    "ProgressivePage",
    "Relevance",
    "Retriever",
    "estimate_tokens",
    "fuse",
    "never_needs_memory",
]
