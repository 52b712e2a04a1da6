"""What a person said, from the words a sentence matcher heard.

Home Assistant's sentence matcher (hassil) drops punctuation at the edges
of words before it matches, so a sentence's wildcard holds "am 5 Mai" for
"am 5. Mai" and "Jan 5" for "Jan. 5": an ordinal or an abbreviation loses
its full stop. `as_said` finds the heard words at the end of the text as
said (every remember sentence ends with its wildcard) and gives that span
back, so a memory keeps what was said. Plain Python, no Home Assistant
imports; linear in the text's length (it runs in the conversation's turn).
"""

from __future__ import annotations

import re
from typing import Final

from .asking import QUESTION_MARKS

# What the matcher drops at a word's edges (hassil.util's punctuation).
_DROPPED: Final = (
    ".,;:!?\u00bf\u00a1\u2026"  # Latin, inverted marks, ellipsis
    "\u3002\uff0c\uff1f\u061f\uff01\uff1b\uff1a"  # CJK and Arabic
    "\u2019\u2014\u2013\u2015"  # apostrophe, dashes
)
# The matcher hears a typographic apostrophe (U+2019) as a plain one.
_APOSTROPHES: Final = str.maketrans("\u2019", "'")
_WORD: Final = re.compile(r"\S+")


def _core(word: str) -> str:
    return word.strip(_DROPPED).casefold()


def as_said(said: str, heard: str, *, asks: bool = False) -> str:
    """`heard` (a wildcard's words) as they end `said` (the whole sentence
    as said), with the punctuation between them and single spaces; `heard`
    itself when `said` does not end with its words.

    `asks`: the words are a question of their own ("remember: does Ben like
    olives?"), so a closing question mark said after them is theirs.
    """
    words = heard.split()
    if not words or len(said) > 4 * len(heard) + 1_000:
        return heard  # nothing heard, or far more said than a sentence's words
    typed = said.translate(_APOSTROPHES)
    # Words with something heard in them (a lone "-" or "…" is dropped).
    spoken = [match for match in _WORD.finditer(typed) if _core(match.group())]
    if len(spoken) < len(words):
        return heard
    tail = spoken[-len(words) :]
    if any(
        _core(match.group()) != _core(word.translate(_APOSTROPHES))
        for match, word in zip(tail, words, strict=True)
    ):
        return heard
    # The span as said, a lone dash between its words too (an en dash before
    # "das bleibt unter uns" sets a private phrase off and must stay).
    kept = " ".join(said[tail[0].start() : tail[-1].end()].split())
    # The sentence's own end ("… am 3. Juni.") and start are not the words'.
    if heard[-1] not in _DROPPED:
        end = kept.rstrip(_DROPPED)
        asked = kept[len(end) :]
        kept = end
        if asks and asked and asked[-1] in QUESTION_MARKS:
            kept += asked[-1]
    if heard[0] not in _DROPPED:
        kept = kept.lstrip(_DROPPED)
    return kept
