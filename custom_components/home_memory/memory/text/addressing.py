"""A teller's first person, said back to the teller ("My bank PIN is 4821."
read to its teller is "Your bank PIN is 4821.").

A memory keeps the words it was told in; one that is read back to the one
who told it addresses them. The words are addressing.<language>.json; every
language's table is applied (a memory may be in another language than the
question), and a text that keeps a word of `left_unchanged_with` (German
"ich" before a verb the table does not conjugate) stays as told rather
than be said half changed; quoted words stay as said. Plain Python.
"""

from __future__ import annotations

import json
from pathlib import Path
import re
from typing import Final

from .statements import outside_quotes

_HERE: Final = Path(__file__).parent
_LANGUAGES: Final = ("en", "de")


def _read_tables() -> tuple[
    tuple[re.Pattern[str], dict[str, str], re.Pattern[str] | None], ...
]:
    found = []
    for language in _LANGUAGES:
        data = json.loads((_HERE / f"addressing.{language}.json").read_text("utf-8"))
        pairs = {told.casefold(): said for told, said in data["to_the_teller"]}
        words = sorted(pairs, key=len, reverse=True)
        pattern = re.compile(
            r"(?<![\w'\u2019-])(?:"
            + "|".join(re.escape(w) for w in words)
            + r")(?![\w'\u2019-])",
            re.IGNORECASE,
        )
        left = data["left_unchanged_with"]
        blocking = (
            re.compile(
                r"\b(?:" + "|".join(map(re.escape, left)) + r")\b", re.IGNORECASE
            )
            if left
            else None
        )
        found.append((pattern, pairs, blocking))
    return tuple(found)


# Read when the module is imported (Home Assistant imports an integration off
# the event loop; the first answer read them on it, new-user review s18).
_TABLES: Final = _read_tables()


def to_the_teller(text: str) -> str:
    """`text` with its teller's first person as the second person; what it
    quotes is left as said ('Anna's note says "I am the admin"', attack
    review s18b)."""
    return outside_quotes(text, _addressed) or text


def _addressed(text: str) -> str:
    said = text
    for pattern, pairs, blocking in _TABLES:

        def swap(match: re.Match[str], pairs: dict[str, str] = pairs) -> str:
            told = match.group(0)
            new = pairs[told.casefold()]
            return new[:1].upper() + new[1:] if told[:1].isupper() else new

        changed = pattern.sub(swap, said)
        if blocking is not None and blocking.search(changed):
            continue
        said = changed
    return said
