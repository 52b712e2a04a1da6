"""Text rules: checking what callers give the store, and making text safe.

`validation` cleans and checks fields (and converts times); `quoting` makes
memory text safe to quote into a prompt; `fts_query` turns any text into a safe
FTS5 query; `statements` says how two statements relate (new, repeat,
correction). The store and everything above it use these.
"""

from .fts_query import match_expression, or_expression, search_terms
from .quoting import data_block, flatten, quote
from .saying_no import contradicts
from .statements import (
    Relation,
    as_statement,
    changed_part,
    missing_words,
    relate,
)
from .validation import (
    check_number,
    check_text,
    clean_content,
    clean_enum,
    clean_importance,
    clean_labels,
    clean_optional,
    clean_text,
    content_hash,
    embedding_text,
    from_timestamp,
    has_words,
    jsonable,
    number_problem,
    readable,
    same_specifics,
    summarize,
    text_problem,
    to_timestamp,
)

__all__ = [
    "Relation",
    "as_statement",
    "changed_part",
    "check_number",
    "check_text",
    "clean_content",
    "clean_enum",
    "clean_importance",
    "clean_labels",
    "clean_optional",
    "clean_text",
    "content_hash",
    "contradicts",
    "data_block",
    "embedding_text",
    "flatten",
    "from_timestamp",
    "has_words",
    "jsonable",
    "match_expression",
    "missing_words",
    "number_problem",
    "or_expression",
    "quote",
    "readable",
    "relate",
    "same_specifics",
    "search_terms",
    "summarize",
    "text_problem",
    "to_timestamp",
]
