"""A Home Assistant language tag's base language, the key of every word table.

"de-CH", "de_AT" and "DE" all read German's tables; no tag reads the
fallback's. One rule, so each table (statements, corrections, times,
observed phrases, names) picks the same language for the same tag.
"""

from __future__ import annotations

from functools import lru_cache


@lru_cache(maxsize=256)
def base_language(language: str | None, fallback: str) -> str:
    """The lower-case base of `language` ("de-CH" -> "de"), `fallback` if none
    (kept: every word table asks for each of its many words)."""
    return (language or fallback).replace("_", "-").split("-")[0].casefold()
