"""How much of a memory's text asks instead of tells.

A memory that is mostly a question ("What did you research?") holds no
answer of its own: its words echo the question asked of the store, so it
ranks first while the answer is the memory after it. Retrieval lends such a
question's relevance to the memory that follows it and puts the question
itself behind (search/retrieval.py, docs/retrieval-quality.md).
"""

from __future__ import annotations

import re

# Question marks of the scripts Home Assistant speaks: "?", the full-width
# one (U+FF1F) and the Arabic one (U+061F).
QUESTION_MARKS = ("?", "\uff1f", "\u061f")
# Sentences end at a mark and a space ("open?' in red" goes on), or at a
# full-width (U+3002, U+FF01, U+FF1F) or Arabic mark, which needs none.
_SENTENCE_BREAK = re.compile(r"(?<=[.!?\u2026])\s+|(?<=[\u3002\uff01\uff1f\u061f])")


def asking_share(text: str) -> float:
    """The share (0-1, by characters) of the text's sentences that are questions."""
    total = asked = 0
    for part in _SENTENCE_BREAK.split(text.strip()):
        sentence = part.strip()
        total += len(sentence)
        if sentence.endswith(QUESTION_MARKS):
            asked += len(sentence)
    return asked / total if total else 0.0
