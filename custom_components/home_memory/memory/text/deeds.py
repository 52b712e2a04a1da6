"""Whether two statements of one subject tell two things done.

`statements.relate` asks it before it reads a new statement as a
correction: "Ben hat heute den Wasserhahn repariert" / "… den Zaun
gestrichen" (another participle, new-user review s18) and, for two events
of one occasion, "Ben ging gestern in die Stadt" / "… einkaufen" (review
s21 F2) or, once it has begun, "… den Adventskranz gebunden" / "… auf dem
Weihnachtsmarkt waren" both happened; nothing in the second corrects.
The rules in full are in docs/engine.md ("The rules, exactly"). Plain
Python, no Home Assistant imports.
"""

from __future__ import annotations

from dataclasses import dataclass
import re
from typing import TYPE_CHECKING

from .statement_words import one_of

if TYPE_CHECKING:
    from .statement_words import StatementWords

_TOKEN = re.compile(r"[^\W_]+")


@dataclass(frozen=True, slots=True)
class Deed:
    """A statement as `statements` read it: its text, the word that ended
    its subject (case-folded), the subject's content words, the content
    words after the verb, its detail words and whether a change word
    ("eigentlich", "instead") is said."""

    text: str
    verb: str | None
    subject: tuple[str, ...]
    said: tuple[str, ...]
    details: frozenset[str]
    changes: bool


def _participle_end(text: str, words: StatementWords) -> str | None:
    """The statement's last word when it is a participle ("repariert")."""
    end: list[str] = _TOKEN.findall(text.casefold())[-1:]
    if words.participle is None or not end or not re.match(words.participle, end[0]):
        return None
    return end[0]


def two_participles(before: Deed, after: Deed, words: StatementWords) -> bool:
    """Whether each is an auxiliary's past ending in its own participle: two
    things done, whatever else they share (a German day's second chore
    replaced its first, new-user review s18)."""
    if before.verb not in words.auxiliaries or after.verb not in words.auxiliaries:
        return False
    ends = _participle_end(before.text, words), _participle_end(after.text, words)
    return None not in ends and ends[0] != ends[1]


def _a_deed(statement: Deed, words: StatementWords, begun: bool) -> bool:
    """A verb that is no copula, place or name verb ("ging", "fütterte"),
    or an auxiliary's past ending in a participle ("ist … gegangen"). Of an
    occasion that has begun (`begun`), any verb but a name verb: where the
    subject was, what it had or how it was that day is what happened
    ("wir waren auf dem Weihnachtsmarkt", "Ben hatte Fieber", "Ben is
    sick today"), as much as what it did."""
    verb = statement.verb
    if verb is None:
        return False
    if begun:
        return not one_of(verb, words.naming)
    if verb in words.auxiliaries:
        return _participle_end(statement.text, words) is not None
    return not any(
        one_of(verb, group)
        for group in (words.copulas, words.position_verbs, words.naming)
    )


def _what_was_done(statement: Deed, words: StatementWords) -> set[str]:
    """The words after the verb that are no time, detail or place word."""
    return {
        word
        for word in statement.said
        if word not in statement.details
        and not {word.casefold()}
        & (words.times | words.places | words.time_prepositions)
    }


def other_deed(
    before: Deed, after: Deed, words: StatementWords, *, begun: bool = False
) -> bool:
    """Whether two events of one occasion of the same subject are each a
    deed that says what the other does not: "Ben ging am Donnerstag in die
    Stadt" / "… einkaufen", "Ben ist … in die Stadt gegangen" / "…
    einkaufen gegangen", and of an occasion both tell as begun (`begun`),
    "Wir haben am Sonntag den Adventskranz gebunden" / "Wir waren am
    Sonntag auf dem Weihnachtsmarkt" (a HIGH defect: the market replaced
    the wreath). A new day or hour is the same deed moved, a reason or a
    place added the same deed told better, and a change word ("eigentlich",
    "stattdessen") makes it a correction."""
    if after.changes or before.subject != after.subject:
        return False
    if not (_a_deed(before, words, begun) and _a_deed(after, words, begun)):
        return False
    done, doing = _what_was_done(before, words), _what_was_done(after, words)
    return bool(done - doing and doing - done)
