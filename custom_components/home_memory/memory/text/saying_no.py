"""What a statement says no to, read with `statements.said`.

A told "no" may call a plan off ("The tiler is not coming." of "… is
coming on Tuesday 1 December"), say no to another thing ("… not coming on
Friday": Tuesday stands), or contradict a memory a merge keeps the newest
of. Pure; the words are the statement tables'.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Final

from .statement_words import statement_words
from .statements import said, same_stem
from .word_forms import related_terms

if TYPE_CHECKING:
    from collections.abc import Collection

_WORD: Final = re.compile(r"\w+")
# Where a statement's clauses part: a comma (not a date's: "am Freitag, 4.
# Dezember"), a semicolon, a dash.
_CLAUSE: Final = re.compile(r",(?!\s*\d)|[;\u2013\u2014]|\s-\s")


def negates(old: str, new: str, language: str | None = None) -> bool:
    """True when `new` says no to what `old` says, with no word of its own:
    "The tiler is not coming." of "The tiler is coming on Tuesday 1
    December.", "Die Babysitterin kommt nicht." of "… kommt am Dienstag"
    (a plan called off; the time the old one named is no longer so)."""
    before, after = said(old, language), said(new, language)
    return (
        after.negated
        and not _says_no(old, before.negated, language)
        and bool(after.content)
        and _said_in(after.content, before.content, language)
    )


def denies_another(old: str, new: str, language: str | None = None) -> bool:
    """True when `new` says no with words `old` does not say: "The window
    cleaner is not coming on Friday." of "… is coming on Tuesday": Tuesday
    stands (review s30 M4: the told correction replaced the plan)."""
    before, after = said(old, language), said(new, language)
    return (
        after.negated
        and not _says_no(old, before.negated, language)
        and not _said_in(after.content, before.content, language)
    )


def _says_no(text: str, negated: bool, language: str | None) -> bool:
    """Whether `text` (read `negated`) says no: a moved plan ("… is not
    coming on Thursday, he is coming on Friday") says when one comes, so
    another day's no is a memory of its own, not its update (review s32
    H1: "… is not coming on Monday" replaced it, and the Friday was gone)."""
    return negated and not moves_coming(text, language)


def contradicts(old: str, new: str, language: str | None = None) -> bool:
    """True when `new` negates `old` or swaps a detail of it for another
    (blue -> red, Tuesday -> Thursday, Mike -> Steve), whatever the wording
    around. Consolidation uses it to let the newest of a merge survive.
    """
    before, after = said(old, language), said(new, language)
    return before.negated != after.negated or bool(
        before.details - after.details and after.details - before.details
    )


def says_coming(text: str, language: str | None = None) -> bool:
    """Whether `text` tells of someone's coming or visit (the statement
    tables' `coming`: "the gardener is not coming", "kommt nicht")."""
    coming = statement_words(language).coming
    return any(word.casefold() in coming for word in _WORD.findall(text))


def calls_off(text: str, language: str | None = None) -> bool:
    """Whether `text` says only that someone is not coming ("The masseuse
    is not coming.", "Der Maler kommt am Freitag nicht."): no clause of it
    says one comes ("…, he is coming on Friday", "…, aber der Arzt kommt")
    or opens with a word of who or when instead (`coming_instead`: "…, but
    on Friday", "sondern am Freitag"). A question of who comes is answered
    by those who come first (review s30b M4)."""
    if not says_coming(text, language) or not said(text, language).negated:
        return False
    instead = statement_words(language).coming_instead
    for clause in _clauses(text, instead):
        words = [word.casefold() for word in _WORD.findall(clause)]
        if not words or said(clause, language).negated:
            continue
        if words[0] in instead or says_coming(clause, language):
            return False
    return True


def moves_coming(text: str, language: str | None = None) -> bool:
    """Whether `text` says one is not coming then, but when or who comes
    instead ("The gardener is not coming on Thursday, he is coming on
    Saturday.", "… kommt nicht am Mittwoch, sondern am Freitag."): a plan
    moved, no call-off (`calls_off`) nor a denial of another day (review
    s30b M2, M3)."""
    return (
        says_coming(text, language)
        and said(text, language).negated
        and not calls_off(text, language)
    )


def _clauses(text: str, instead: frozenset[str]) -> list[str]:
    """`text`'s clauses, parted by punctuation and before each of
    `instead` ("… not on Friday but on Saturday")."""
    clauses = []
    for clause in _CLAUSE.split(text):
        words = clause.split()
        start = 0
        for at, word in enumerate(words):
            if at > start and word.casefold().strip(".,!?") in instead:
                clauses.append(" ".join(words[start:at]))
                start = at
        clauses.append(" ".join(words[start:]))
    return clauses


def _said_in(
    words: Collection[str], told: Collection[str], language: str | None
) -> bool:
    """Whether every one of `words` is said in `told`, inflected or a word
    of its family ("coming" in "come", text/word_forms.py)."""
    unsaid = [w for w in words if not any(same_stem(w, other) for other in told)]
    return not unsaid or len(
        related_terms(unsaid, " ".join(sorted(told)), [language or "en"])
    ) == len(unsaid)
