"""Words of one family, which let a memory pass a relevance floor.

"do I have any allergies" shares no keyword with "Anna is allergic to
penicillin" (FTS5's Porter stems: allergi, allerg) and MiniLM puts them at
0.33, under the floors: the memory was stored and never found. A query word
and a memory's word are of one family when both end in one of their
language's endings on the same stem (word_forms.<language>.json: allergies,
allergic, allergy -> allerg; Allergien, allergisch -> allerg), or, in a
compounding language, when the query word starts the memory's word (Müll /
Mülltonnen). Retrieval lets such a memory pass a floor where the keyword
channel found nothing; it changes no score (docs/retrieval-quality.md,
"Word forms at the floor"), only, inside a window, which of a person's
memories is read first (search/families.py `saying_first`). A separable
verb's participle is of one family with the verb said apart ("aufgestanden",
"stand … auf"). Plain Python, no Home Assistant imports.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import lru_cache
import json
from pathlib import Path
import re
import sys
from typing import TYPE_CHECKING, Final

from ..common.languages import base_language

if TYPE_CHECKING:
    from collections.abc import Collection, Iterable, Sequence

_FOLDER: Final = Path(__file__).parent
_FALLBACK: Final = "en"
_TOKEN: Final = re.compile(r"[^\W_]+", re.UNICODE)
_STEMS_KEPT: Final = 20_000
# The longest text whose words are kept: a memory's text comes back search
# after search, and a search asks of one text for several floors. 8,192
# texts: the bench's 600 questions at 10,000 memories read some 6,000
# texts, and 2,048 missed 43 % of them (session 45: search CPU -0.3 ms
# mean, -0.6 to -1.2 ms p95; about 8 MB when full).
_TEXT_KEPT_LENGTH: Final = 600
_TEXTS_KEPT: Final = 8192


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
    # A common verb's irregular forms (go / went), one family only where
    # asked for (`relatives`' `deeds`): they pass no floor.
    deed_forms: tuple[frozenset[str], ...] = ()
    # A separable verb's particles and its participle's infix ("auf", "ge":
    # "aufgestanden" is of one family with "stand … auf").
    particles: tuple[str, ...] = ()
    participle: str = ""
    _stems: dict[str, str] = field(
        default_factory=dict, init=False, compare=False, repr=False
    )
    _stem_groups: dict[str, tuple[frozenset[str], ...]] = field(
        default_factory=dict, init=False, compare=False, repr=False
    )
    _stemmed: dict[frozenset[str], tuple[dict[str, str], frozenset[str]]] = field(
        default_factory=dict, init=False, compare=False, repr=False
    )

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

    def relatives(
        self, terms: Iterable[str], words: Collection[str], *, deeds: bool = False
    ) -> set[str]:
        """The `terms` that a word of `words` (of a memory) other than the
        term itself is of one family with, or a synonym of (all folded);
        with `deeds`, or a form of one verb (`deed_forms`). Each word is
        stemmed once: a memory's words are met by every term."""
        stems, every = self._stems_of(words)
        found: set[str] = set()
        for term in terms:
            stem = self._stem(term)
            theirs = (
                {other for word, other in stems.items() if word != term}
                if term in stems
                else every
            )
            if self._related(term, stem, words, theirs) or (
                deeds
                and any(
                    stem in group and not theirs.isdisjoint(group)
                    for group in self.deed_forms
                )
            ):
                found.add(term)
        return found

    def _related(
        self,
        term: str,
        stem: str,
        words: Collection[str],
        theirs: frozenset[str] | set[str],
    ) -> bool:
        """Whether `term` (its `stem`) is of one family with, or a synonym
        of, one of `words` (`theirs`: their stems but the term's own).
        Asked of each term for each candidate's text (some 40 texts a
        question): most stems are in no synonym group, and a language
        without separable verbs has no participle to look for."""
        groups = self._groups(stem)
        if groups and any(not theirs.isdisjoint(group) for group in groups):
            return True
        if len(term) >= self.min_stem and (
            stem in theirs
            or (
                self.compounds
                and any(
                    word.startswith(term)
                    and len(word) - len(term) >= self.compound_rest
                    for word in words
                )
            )
        ):
            return True
        return bool(self.particles) and self._separated(term, words, theirs)

    def _separated(
        self, term: str, words: Collection[str], stems: Collection[str]
    ) -> bool:
        """Whether `term` is a separable verb's participle whose verb the
        words say apart from its particle ("aufgestanden": "stand" and
        "auf" of "Ben wachte auf und stand auf"; CI, commit 9ce43dc)."""
        for particle in self.particles:
            start = particle + self.participle
            rest = term[len(start) :]
            if term.startswith(start) and len(rest) >= self.min_stem:
                return particle in words and self._stem(rest) in stems
        return False

    def _stems_of(
        self, words: Collection[str]
    ) -> tuple[dict[str, str], frozenset[str]]:
        """Each of `words` with its stem, and the stems (a frozenset's kept:
        a memory's words, met again by each floor and search)."""
        if not isinstance(words, frozenset):
            stems = {word: self._stem(word) for word in words}
            return stems, frozenset(stems.values())
        kept = self._stemmed.get(words)
        if kept is None:
            if len(self._stemmed) >= _TEXTS_KEPT:
                # The oldest goes, not all: refilling 2,048 at once ran a
                # garbage collection each time (docs/retrieval-quality.md).
                del self._stemmed[next(iter(self._stemmed))]
            stems = {word: self._stem(word) for word in words}
            kept = self._stemmed[words] = (stems, frozenset(stems.values()))
        return kept

    def _groups(self, stem: str) -> tuple[frozenset[str], ...]:
        """The synonym groups `stem` is in (kept, as `_stem`)."""
        groups = self._stem_groups.get(stem)
        if groups is None:
            if len(self._stem_groups) >= _STEMS_KEPT:
                self._stem_groups.clear()
            groups = tuple(group for group in self.synonyms if stem in group)
            self._stem_groups[stem] = groups
        return groups

    def _stem(self, word: str) -> str:
        """`stem`, kept: the same few thousand words come back search after
        search (cleared past _STEMS_KEPT)."""
        stem = self._stems.get(word)
        if stem is None:
            if len(self._stems) >= _STEMS_KEPT:
                self._stems.clear()
            stem = self._stems[word] = self.stem(word)
        return stem


def _read(path: Path) -> WordForms:
    table = json.loads(path.read_text("utf-8"))
    forms = WordForms(
        min_stem=int(table["min_stem"]),
        suffixes=tuple(
            sorted(table["suffixes"].items(), key=lambda s: (-len(s[0]), s[0]))
        ),
        compounds=bool(table.get("compounds", False)),
        compound_rest=int(table.get("compound_rest", 3)),
        particles=tuple(
            sorted(table.get("separable_particles", ()), key=lambda p: -len(p))
        ),
        participle=str(table.get("participle_infix", "")),
    )
    groups = [[word.casefold() for word in group] for group in table["synonyms"]]
    return replace(
        forms,
        synonyms=tuple(frozenset(map(forms.stem, group)) for group in groups),
        synonym_roots=tuple(tuple(map(forms.root, group)) for group in groups),
        deed_forms=tuple(
            frozenset(forms.stem(word.casefold()) for word in group)
            for group in table.get("deed_forms", ())
        ),
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
    terms: Iterable[str],
    text: str,
    languages: Sequence[str],
    *,
    deeds: bool = False,
) -> set[str]:
    """The `terms` (folded query words) that a word of `text` is of one
    family with, in any of `languages`, other than the term itself; with
    `deeds`, a common verb's forms too (go / went: `WordForms.deed_forms`)."""
    words = text_words(text)
    found: set[str] = set()
    for forms in (word_forms(language) for language in languages):
        left = [term for term in terms if term not in found]
        if not left:
            break
        found |= forms.relatives(left, words, deeds=deeds)
    return found


def text_words(text: str) -> frozenset[str]:
    """The case-folded words of `text` (a memory's, short ones kept)."""
    if len(text) <= _TEXT_KEPT_LENGTH:
        return _kept_words(text)
    return _words(text)


def _words(text: str) -> frozenset[str]:
    # Interned: the same few thousand words fill every kept text's set.
    return frozenset(map(sys.intern, _TOKEN.findall(text.casefold())))


_kept_words = lru_cache(maxsize=_TEXTS_KEPT)(_words)
