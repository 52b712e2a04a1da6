"""Whether a statement says again, word for word, what a memory says.

A person's private memory told again without "privately" must fold into it,
whoever's way of writing it: "Actually, my GATE CODE is 3333" or "my gate
code is  3333!" says "My gate code is 3333." again (live review s42: it was
a household memory Ben heard). Letter case, spacing and punctuation make no
other statement, but a code's letters are what it is: "the wifi password is
AbC123" is not "… abc123" (statements.codes reads which words are codes;
the words of the statement's subject never are, "GATE CODE" is shouted).
No Home Assistant imports.
"""

from __future__ import annotations

from .characters import without_invisible
from .statements import TOKEN, codes, subject_words


def _words(text: str) -> list[str]:
    return [match.group().casefold() for match in TOKEN.finditer(text)]


def says_again(old: str, new: str, language: str | None = None) -> bool:
    """Whether `new` has `old`'s words, letter case, spacing and punctuation
    aside, and the same codes outside their subject (`language`'s words
    find it). Characters drawn as nothing ("ga\u00adte") are no letters."""
    old, new = without_invisible(old), without_invisible(new)
    if _words(old) != _words(new):
        return False
    subject = {
        word.casefold() for text in (old, new) for word in subject_words(text, language)
    }

    def valued(text: str) -> list[str]:
        return [code for code in codes(text) if code.casefold() not in subject]

    return valued(old) == valued(new)
