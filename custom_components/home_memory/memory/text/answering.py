"""The part of a memory that answers a question, for a spoken answer.

A spoken answer says a memory's summary: its first sentence. An observed
memory tells a whole evening ("…, the front door opened and closed around
eight; the living room TV was turned on (Anna) around eight"), and "when
was the TV on" heard only the door (new-user review s17). The sentence of
the memory that holds more of the question's content words than its
summary does is said instead; of two that hold as many, the one that says
more of the question's other words ("on" in "when was the TV on", against
"turned off the TV"). Its opening lead-in ("Before that, ") is left out: said
alone, it refers to nothing. Plain Python.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Final

from .statements import missing_words
from .validation import first_sentence

if TYPE_CHECKING:
    from collections.abc import Sequence

# The most of one sentence a spoken answer says whole (about 20 seconds).
SPOKEN_LIMIT: Final = 300

# Sentences and clauses a memory's text is read in.
_PARTS: Final = re.compile(r"(?<=[.!?;])\s+")
_WORDS: Final = re.compile(r"\w+")


def _words(text: str) -> set[str]:
    return set(_WORDS.findall(text.casefold()))


def heard(summary: str, content: str) -> str:
    """`summary`, or where it was cut mid-sentence, the whole sentence of
    `content` it was cut from: a spoken answer ends where a sentence does
    (review s37 finding 9 heard "… so someone may have…")."""
    if summary.endswith("\u2026") and content.startswith(summary[:-1]):
        return first_sentence(content, SPOKEN_LIMIT)
    return summary


def answering_part(
    summary: str,
    content: str,
    question: str,
    language: str | None,
    lead_ins: Sequence[str] = (),
    told_as: Sequence[tuple[Sequence[str], Sequence[str]]] = (),
) -> str:
    """`summary` (whole, `heard`), or the first sentence or clause of
    `content` that holds more of `question`'s content words, without a
    lead-in of `lead_ins` it opens with. `told_as`: words a question asks
    a moment by ("heimgekommen") and the words a sentence tells it by ("nach
    Hause"), each told counting as one word held."""
    summary = heard(summary, content)
    if not question.strip() or summary == content:
        return summary
    asked = missing_words(question, "", language)
    if not asked:
        return summary
    others = _words(question)
    folded = f" {' '.join(_WORDS.findall(question.casefold()))} "
    telling = [
        [f" {phrase.casefold()} " for phrase in told]
        for tags, told in told_as
        if any(f" {tag.casefold()} " in folded for tag in tags)
    ]

    def held(text: str) -> tuple[int, int]:
        found = len(asked) - len(missing_words(question, text, language))
        if telling:
            said = f" {' '.join(_WORDS.findall(text.casefold()))} "
            found += sum(any(told in said for told in kind) for kind in telling)
        return found, len(others & _words(text)) if found else 0

    best, most = summary, held(summary)
    for part in _PARTS.split(content):
        if (found := held(part)) > most:
            best, most = part.strip(), found
    if best != summary:
        folded = best.casefold()
        for lead_in in lead_ins:
            if folded.startswith(lead_in.casefold()) and len(best) > len(lead_in):
                best = best[len(lead_in) :].lstrip()
                break
    best = best[:1].upper() + best[1:]
    return best if len(best) <= SPOKEN_LIMIT else first_sentence(best, SPOKEN_LIMIT)
