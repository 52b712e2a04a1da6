"""The moments the home tells (an arrival, a morning's getting up, a meal),
by the words people ask for them and the words a narration tells them by.

One table per language (moments.<language>.json): `asked`, the words people
ask for a moment with ("heimgekommen", "get up"), which an observed memory
of that kind carries as tags; `told`, the words its narration tells it by
("nach Hause", "came home"), so that the sentence of a memory that tells it
answers a question asking so (text/answering.py). A question asking in
another language's words than the household's ("Wann ist Anna
aufgestanden?" in an English home) is searched by the household's words for
the same moment too (`asked_elsewhere`): the home's memories are tagged in
its own language, which the English model does not join to German. Plain
Python.
"""

from __future__ import annotations

import json
from pathlib import Path
import re
from typing import Final

from ..common.languages import base_language

_HERE: Final = Path(__file__).parent
_LANGUAGES: Final = ("en", "de")
_FALLBACK: Final = "en"
_WORDS: Final = re.compile(r"\w+")

type Words = tuple[str, ...]


def _read(language: str) -> tuple[dict[str, Words], dict[str, Words]]:
    data = json.loads((_HERE / f"moments.{language}.json").read_text("utf-8"))
    asked = {kind: tuple(words) for kind, words in data["asked"].items()}
    told = {kind: tuple(words) for kind, words in data["told"].items()}
    return asked, told


def _read_unless(language: str) -> dict[str, Words]:
    data = json.loads((_HERE / f"moments.{language}.json").read_text("utf-8"))
    return {kind: tuple(words) for kind, words in data["unless"].items()}


# Read when the module is imported (Home Assistant imports an integration off
# the event loop).
_TABLES: Final = {language: _read(language) for language in _LANGUAGES}
# Words that ask for another moment than a kind's own ("nachts" of getting up).
_UNLESS: Final = {language: _read_unless(language) for language in _LANGUAGES}


def _table(language: str | None) -> tuple[dict[str, Words], dict[str, Words]]:
    code = base_language(language, _FALLBACK)
    return _TABLES.get(code, _TABLES[_FALLBACK])


def asked_tags(language: str | None) -> dict[str, Words]:
    """Each kind of moment's words people ask for it with, in `language`
    (English where it has no table): an observed memory's tags."""
    return dict(_table(language)[0])


def told_as(language: str | None) -> tuple[tuple[Words, Words], ...]:
    """Of each kind told, the words it is asked by and the words its
    narration tells it by ("heimgekommen", "nach Hause"), `language`'s
    first, then every other table's: an English home's narration may be
    asked of in German ("heimgekommen" is told "came home" there too)."""
    first = base_language(language, _FALLBACK)
    codes = [code for code in _LANGUAGES if code == first] or [_FALLBACK]
    codes += [code for code in _LANGUAGES if code not in codes]
    kinds = dict.fromkeys(kind for code in codes for kind in _TABLES[code][1])
    return tuple(
        (
            tuple(w for code in codes for w in _TABLES[code][0].get(kind, ())),
            tuple(w for code in codes for w in _TABLES[code][1].get(kind, ())),
        )
        for kind in kinds
    )


def asked_here(query: str, language: str | None) -> Words:
    """The household's words (`language`) for each moment `query` asks for
    in them ("das Haus verlassen", "come home"), none for a kind the
    question says is another moment: the tags an observed memory of that
    moment carries."""
    home = base_language(language, _FALLBACK)
    home = home if home in _TABLES else _FALLBACK
    said = f" {' '.join(_WORDS.findall(query.casefold()))} "
    asked = _TABLES[home][0]
    unless = _UNLESS[home]
    return tuple(
        word
        for kind, words in asked.items()
        if not any(f" {w.casefold()} " in said for w in unless.get(kind, ()))
        and any(f" {w.casefold()} " in said for w in words)
        for word in words
    )


def asked_elsewhere(query: str, language: str | None) -> Words:
    """The household's words (`language`) for each moment `query` asks for
    in another language's ("aufgestanden" in an English home: "get up",
    "wake up"); none where it asks in the household's own, nor for a
    kind the question says is another moment ("nachts aufgestanden" is no
    morning's getting up)."""
    home = base_language(language, _FALLBACK)
    home = home if home in _TABLES else _FALLBACK
    said = f" {' '.join(_WORDS.findall(query.casefold()))} "
    kinds: dict[str, bool] = {}
    for other in _LANGUAGES:
        if other == home:
            continue
        asked, told = _TABLES[other]
        words = {
            kind: {
                word.casefold() for word in (*asked.get(kind, ()), *told.get(kind, ()))
            }
            for kind in (*asked, *told)
        }
        unless = _UNLESS[other]
        for kind, own in words.items():
            found = {word for word in own if f" {word} " in said}
            if found and not any(
                f" {word.casefold()} " in said for word in unless.get(kind, ())
            ):
                # A word of this kind alone ("Abendessen"), or one several
                # share ("gekocht": lunch and dinner).
                shared = set().union(*(w for k, w in words.items() if k != kind))
                kinds[kind] = kinds.get(kind, False) or bool(found - shared)
    if any(kinds.values()):
        kinds = {kind: only for kind, only in kinds.items() if only}
    ours = _TABLES[home][0]
    return tuple(dict.fromkeys(word for kind in kinds for word in ours.get(kind, ())))
