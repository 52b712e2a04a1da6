"""The time words of each language, read from the JSON tables beside this module.

`en.json` and `de.json` hold the words a person uses for days, months, parts
of the day and numbers, the expressions the parser understands (regular
expressions over those words, `expressions.py`) and the phrases the speaker
says (`spoken.py`). A language without a table falls back to English; why
these are our own tables and not dateparser's or babel's is in docs/time.md.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any, Final

_FOLDER: Final = Path(__file__).parent
FALLBACK: Final = "en"


def table_language(language: str | None) -> str:
    """The table for a Home Assistant language ("de-CH" -> "de"; else English)."""
    base = (language or FALLBACK).replace("_", "-").split("-")[0].casefold()
    return base if base.isalpha() and (_FOLDER / f"{base}.json").is_file() else FALLBACK


@functools.lru_cache(maxsize=8)
def phrases(language: str | None) -> dict[str, Any]:
    """The language's table (parsed once)."""
    path = _FOLDER / f"{table_language(language)}.json"
    data: dict[str, Any] = json.loads(path.read_text("utf-8"))
    return data
