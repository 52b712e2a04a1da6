"""The time words of each language, read from the JSON tables beside this module.

`en.json` and `de.json` hold the words a person uses for days, months, parts
of the day and numbers, the expressions the parser understands (regular
expressions over those words, `expressions.py`) and the phrases the speaker
says (`spoken.py`). A language without a table falls back to English; why
these are our own tables and not dateparser's or babel's is in docs/time.md.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Final

from ..common.languages import base_language

_FOLDER: Final = Path(__file__).parent
FALLBACK: Final = "en"

# Every table, read once when the module is imported (Home Assistant imports
# an integration off the event loop): asking for words never touches a file,
# so the parser and the speaker may run anywhere, the event loop included.
_TABLES: Final[dict[str, dict[str, Any]]] = {
    path.stem: json.loads(path.read_text("utf-8"))
    for path in sorted(_FOLDER.glob("*.json"))
}


def table_language(language: str | None) -> str:
    """The table for a Home Assistant language ("de-CH" -> "de"; else English)."""
    base = base_language(language, FALLBACK)
    return base if base in _TABLES else FALLBACK


def languages_to_try(language: str | None) -> list[str]:
    """`language`'s table first, then every other one: a household may ask in
    another language than Home Assistant's (a German question in an English
    home), and no two tables read the same words as different times."""
    first = table_language(language)
    return [first, *sorted(code for code in _TABLES if code != first)]


def phrases(language: str | None) -> dict[str, Any]:
    """The language's table."""
    return _TABLES[table_language(language)]
