"""The words of Home Assistant's own sentences for each of its intents, per
language, from its intents package (`home_assistant_intents`), function
words left out.

The built-in agent's gazetteer guesses an intent by near-miss matching: it
heard "clock" in "what is the bike lock code" and told the time. Its answer
is a guess when the words Home Assistant could not place ("bike lock code")
hold none of that intent's own words; "what's the time in the garage" holds
"time" and is its question (runtime/ha_internals.py asks). Read once per
language in the executor when the intents are set up; asked on the loop.
"""

from __future__ import annotations

import re
from typing import Final

from home_assistant_intents import get_intents

from ..memory.text.fts_query import search_stopwords

# A template's references ("<what_is>", "{name}") are no words of its own.
_REFERENCE: Final = re.compile(r"<[^>]*>|\{[^}]*\}")
_WORD: Final = re.compile(r"[^\W\d_]+")


class IntentWords:
    """Each loaded language's intents and their own words."""

    def __init__(self) -> None:
        self._by_language: dict[str, dict[str, frozenset[str]]] = {}

    def load(self, language: str) -> None:
        """Read `language`'s sentences (blocking: run it in the executor)."""
        for tag in _tags(language):
            if tag in self._by_language:
                return
            if (data := get_intents(tag)) is not None:
                self._by_language[tag] = _own_words(data, language)
                return

    def of(self, language: str | None, intent_type: str) -> frozenset[str] | None:
        """`intent_type`'s words in `language`, None where not loaded."""
        for tag in _tags(language or ""):
            if (intents := self._by_language.get(tag)) is not None:
                return intents.get(intent_type)
        return None

    def used_in(self, language: str | None, intent_type: str, text: str) -> bool:
        """Whether `text` holds one of `intent_type`'s own words (True where
        they are not known: Home Assistant's answer then stands)."""
        own = self.of(language, intent_type)
        return own is None or not own.isdisjoint(_WORD.findall(text.casefold()))


def _tags(language: str) -> tuple[str, ...]:
    """`language` as given, then its base language ("de-CH", "de")."""
    tag = language.replace("_", "-")
    base = tag.split("-", 1)[0]
    return (tag,) if base == tag else (tag, base)


def _own_words(data: dict[str, object], language: str) -> dict[str, frozenset[str]]:
    stop = search_stopwords(language)
    intents = data.get("intents")
    found: dict[str, frozenset[str]] = {}
    if not isinstance(intents, dict):
        return found
    for name, intent in intents.items():
        words: set[str] = set()
        for block in intent.get("data", ()) if isinstance(intent, dict) else ():
            for sentence in block.get("sentences", ()):
                template = _REFERENCE.sub(" ", str(sentence)).casefold()
                words.update(w for w in _WORD.findall(template) if w not in stop)
        found[name] = frozenset(words)
    return found
