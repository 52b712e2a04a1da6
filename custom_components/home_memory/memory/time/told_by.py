"""Who a question asks what they told: "what did I tell you today", "was hat
Anna heute gesagt", "what did Anna say about the car".

The tables' `told_by_pattern` finds where the teller is named; the asker's
own word ("I", "ich": `told_by_asker`), the household's ("we", "wir":
`told_by_household`) or a person's name among `names` says who. Pure: the
operation (operations/told.py) knows the names and whose they are.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
import functools
import re
from typing import TYPE_CHECKING

from .phrases import languages_to_try, phrases

if TYPE_CHECKING:
    from collections.abc import Collection


class Teller(StrEnum):
    """Who the question names as the one who told."""

    ASKER = "asker"
    HOUSEHOLD = "household"
    NAMED = "named"


@dataclass(frozen=True, slots=True)
class ToldBy:
    """A question of what was told, and by whom: `name` is the person
    named (as in `names`) for NAMED; `without_name`, the question with that
    name left out (its words are no topic: "what did Anna say today" asks of
    today alone)."""

    teller: Teller
    name: str | None
    without_name: str


@functools.cache
def _pattern(language: str) -> re.Pattern[str] | None:
    found = phrases(language).get("told_by_pattern")
    return re.compile(found, re.IGNORECASE) if isinstance(found, str) else None


def _words(language: str, key: str) -> frozenset[str]:
    return frozenset(word.casefold() for word in phrases(language).get(key) or ())


def read_told_by(
    text: str, language: str, names: Collection[str] = ()
) -> ToldBy | None:
    """The teller `text` asks of, read in `language` and then the others;
    None when it asks no telling or names nobody it can tell (`names`: the
    household's people, as written)."""
    for words in languages_to_try(language):
        pattern = _pattern(words)
        if pattern is None or (found := pattern.search(text)) is None:
            continue
        start = found.start("teller")
        rest = text[start:]
        first = rest.split(maxsplit=1)[0].strip(",.!?").casefold()
        if first in _words(words, "told_by_asker"):
            return ToldBy(Teller.ASKER, None, text)
        if first in _words(words, "told_by_household"):
            return ToldBy(Teller.HOUSEHOLD, None, text)
        name = _name_at(rest, names)
        if name is not None:
            end = start + len(name)
            return ToldBy(Teller.NAMED, name, f"{text[:start]}{text[end:]}".strip())
        return None
    return None


def _name_at(rest: str, names: Collection[str]) -> str | None:
    """The longest of `names` that `rest` starts with, as a whole word
    (case aside), or None."""
    folded = rest.casefold()
    best: str | None = None
    for name in names:
        said = " ".join(name.split())
        if not said:
            continue
        if re.match(rf"{re.escape(said.casefold())}(?!\w)", folded) and (
            best is None or len(said) > len(best)
        ):
            best = said
    return best
