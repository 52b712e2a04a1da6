"""The words a corrected memory tells its subject by, kept in its
correction.

"The appointment moved to Friday" correcting "The dentist appointment is
on Thursday …" is stored as "The dentist appointment moved to Friday": the
correction replaces the memory, and "dentist" would be lost. Moved out of
corrections.py (at its 1000 lines) as a concern of its own: which words of
the old subject the new statement keeps. Plain Python, no Home Assistant.
"""

from __future__ import annotations

import re
from typing import Final

from .corrections import moved_at
from .statements import missing_words, subject_words

_TOKEN: Final = re.compile(r"[^\W_][\w'\u2019-]*", re.UNICODE)


def kept_subject(old: str, new: str, language: str | None) -> str:
    """`new` with the words `old` tells its subject by: "The appointment
    moved to Friday" correcting "The dentist appointment is on Thursday …"
    is "The dentist appointment moved to Friday" (the correction replaces
    the memory; "dentist" would be lost). Only lower-case content words
    right before the subject's last word are taken, and only where `new`
    says none of its own there, and only from `old`'s subject ("Anna is
    older than Ben" tells nothing of "Ben" by "older than")."""
    head = _subject_head(new, language)
    told = subject_words(old, language)
    if head is None or not told or not _same(told[-1], head):
        return new
    said = list(_TOKEN.finditer(new))
    at = next((i for i, t in enumerate(said) if _same(t[0], head)), None)
    before = list(_TOKEN.finditer(old))
    there = next((i for i, t in enumerate(before) if _same(t[0], head)), None)
    if at is None or there is None or (at and _content(said[at - 1][0], language)):
        return new
    first = there
    while (
        first > 0
        and not old[before[first - 1].end() : before[first].start()].strip()
        and _modifier(before[first - 1][0], language)
    ):
        first -= 1
    words = [t[0] for t in before[first:there]]
    if not words:
        return new
    start = said[at].start()
    return f"{new[:start]}{' '.join(words)} {new[start:]}"


def _subject_head(new: str, language: str | None) -> str | None:
    """The last word of `new`'s subject ("appointment"), if it is known."""
    subject = subject_words(new, language)
    if subject:
        return subject[-1]
    moved = moved_at(new, language)
    if moved is None:
        return None
    words = [t[0] for t in _TOKEN.finditer(new[:moved])]
    content = [word for word in words if _content(word, language)]
    return content[-1].casefold() if content else None


def _same(word: str, head: str) -> bool:
    folded = word.casefold()
    return head in (folded, folded.removesuffix("s"))


def _content(word: str, language: str | None) -> bool:
    return bool(missing_words(word, "", language))


def _modifier(word: str, language: str | None) -> bool:
    """A word that tells a thing apart ("dentist" of "dentist
    appointment"): lower case (no name, no German noun), no possessive."""
    return (
        word[:1].islower()
        and "'" not in word
        and "\u2019" not in word
        and _content(word, language)
    )
