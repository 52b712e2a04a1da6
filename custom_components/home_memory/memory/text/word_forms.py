"""Words of one family, which let a memory pass a relevance floor.

"do I have any allergies" shares no keyword with "Anna is allergic to
penicillin" (FTS5's Porter stems: allergi, allerg) and MiniLM puts them at
0.33, under the floors: the memory was stored and never found. A query word
and a memory's word are of one family when both end in one of their
language's endings on the same stem (word_forms.<language>.json: allergies,
allergic, allergy -> allerg; Allergien, allergisch -> allerg), or, in a
compounding language, when the query word starts the memory's word (Müll /
Mülltonnen). Retrieval lets such a memory pass a floor where the keyword
channel found nothing; it never changes a ranking (docs/retrieval-quality.md,
"Word forms at the floor"). Plain Python, no Home Assistant imports.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
import json
from pathlib import Path
import re
from typing import TYPE_CHECKING, Final

from ..common.languages import base_language

if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence

_FOLDER: Final = Path(__file__).parent
_FALLBACK: Final = "en"
_TOKEN: Final = re.compile(r"[^\W_]+", re.UNICODE)


@dataclass(frozen=True, slots=True)
class WordForms:
    """One language's endings (longest first) and what each leaves in its
    place, its shortest stem, and whether it writes compounds as one word
    (and their shortest rest)."""

    min_stem: int
    suffixes: tuple[tuple[str, str], ...]
    compounds: bool = False
    compound_rest: int = 3
    # Words a household says of one thing ("garbage", "rubbish", "bins"):
    # each group's stems, and what its words start with.
    synonyms: tuple[frozenset[str], ...] = ()
    synonym_roots: tuple[tuple[str, ...], ...] = ()

    def stem(self, word: str) -> str:
        """`word` with its longest ending that leaves `min_stem` letters
        replaced ("allergies", "allergic" -> "allergi")."""
        for suffix, instead in self.suffixes:
            if word.endswith(suffix) and len(word) - len(suffix) >= self.min_stem:
                return word[: -len(suffix)] + instead
        return word

    def mates(self, word: str) -> list[str]:
        """What the synonyms of `word` start with ("rubbish", "bin" for
        "garbage")."""
        stem, own = self.stem(word), self.root(word)
        return sorted(
            {
                root
                for group, roots in zip(self.synonyms, self.synonym_roots, strict=True)
                if stem in group
                for root in roots
            }
            - {own}
        )

    def root(self, word: str) -> str:
        """What every word of `word`'s family starts with ("allerg")."""
        for suffix, _ in self.suffixes:
            if word.endswith(suffix) and len(word) - len(suffix) >= self.min_stem:
                return word[: -len(suffix)]
        return word

    def related(self, term: str, word: str) -> bool:
        """Whether `word` (of a memory) is of `term`'s family, or one of its
        synonyms (both folded)."""
        stem, theirs = self.stem(term), self.stem(word)
        if any(stem in group and theirs in group for group in self.synonyms):
            return True
        if len(term) < self.min_stem:
            return False
        return theirs == stem or (
            self.compounds
            and word.startswith(term)
            and len(word) - len(term) >= self.compound_rest
        )


def _read(path: Path) -> WordForms:
    table = json.loads(path.read_text("utf-8"))
    forms = WordForms(
        min_stem=int(table["min_stem"]),
        suffixes=tuple(
            sorted(table["suffixes"].items(), key=lambda s: (-len(s[0]), s[0]))
        ),
        compounds=bool(table.get("compounds", False)),
        compound_rest=int(table.get("compound_rest", 3)),
    )
    groups = [[word.casefold() for word in group] for group in table["synonyms"]]
    return replace(
        forms,
        synonyms=tuple(frozenset(map(forms.stem, group)) for group in groups),
        synonym_roots=tuple(tuple(map(forms.root, group)) for group in groups),
    )


# Read once at import (Home Assistant imports an integration off the loop).
_TABLES: Final[dict[str, WordForms]] = {
    path.name.split(".")[1]: _read(path)
    for path in sorted(_FOLDER.glob("word_forms.*.json"))
}


def word_forms(language: str | None) -> WordForms:
    """The language's table (English where it has none)."""
    return _TABLES.get(base_language(language, _FALLBACK), _TABLES[_FALLBACK])


def prefixes(
    terms: Iterable[str], languages: Sequence[str]
) -> list[tuple[str, str | None]]:
    """What every word of the terms' families starts with (a term's root in
    each language), each with the term itself, whose memories the keyword
    search matches already ("allerg" but not "allergies": "lights" matches
    "lighting"), and its synonyms' roots; none for words too short."""
    found: dict[tuple[str, str | None], None] = {}
    for term in terms:
        for language in languages:
            forms = word_forms(language)
            if len(term) >= forms.min_stem:
                found[forms.root(term), term] = None
            for mate in forms.mates(term):
                found[mate, None] = None
    return list(found)


def related_terms(
    terms: Iterable[str], text: str, languages: Sequence[str]
) -> set[str]:
    """The `terms` (folded query words) that a word of `text` is of one
    family with, in any of `languages`, other than the term itself."""
    words = set(_TOKEN.findall(text.casefold()))
    tables = [word_forms(language) for language in languages]
    return {
        term
        for term in terms
        if any(
            word != term and forms.related(term, word)
            for word in words
            for forms in tables
        )
    }
