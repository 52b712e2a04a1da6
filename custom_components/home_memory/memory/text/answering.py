"""The part of a memory that answers a question, for a spoken answer.

A spoken answer says a memory's summary: its first sentence. An observed
memory tells a whole evening ("…, the front door opened and closed around
eight; the living room TV was turned on (Anna) around eight"), and "when
was the TV on" heard only the door (new-user review s17). The sentence of
the memory that holds more of the question's content words than its
summary does is said instead. Plain Python.
"""

from __future__ import annotations

import re
from typing import Final

from .statements import missing_words
from .validation import SUMMARY_SOFT_LIMIT, summarize

# Sentences and clauses a memory's text is read in.
_PARTS: Final = re.compile(r"(?<=[.!?;])\s+")


def answering_part(
    summary: str, content: str, question: str, language: str | None
) -> str:
    """`summary`, or the first sentence or clause of `content` that holds
    more of `question`'s content words (cut as a summary is)."""
    if not question.strip() or summary == content:
        return summary
    asked = missing_words(question, "", language)
    if not asked:
        return summary

    def held(text: str) -> int:
        return len(asked) - len(missing_words(question, text, language))

    best, most = summary, held(summary)
    for part in _PARTS.split(content):
        if (found := held(part)) > most:
            best, most = part.strip(), found
    best = best[:1].upper() + best[1:]
    return best if len(best) <= SUMMARY_SOFT_LIMIT else summarize(best)
