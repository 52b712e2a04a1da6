"""What people tell the memory: tidy sentences, and how two statements relate.

Two rules live here, once, for every surface that remembers (actions, LLM
tools, sentences, confirmed proposals all end in `MemoryStore.create_many`):
`as_statement` turns what a person said into the sentence that is stored;
`relate` decides whether a new statement repeats, corrects or is separate
from an existing one of the same owner. The rules in full, with the
similarities they were measured at, are in docs/engine.md ("The rules,
exactly"). The words they read a statement with (copulas, verbs, articles,
details) are a language's data, statements.<language>.json; the caller says
which language (the store: its configured one, docs/languages.md). Plain
Python, no Home Assistant imports.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import partial
import re
from typing import TYPE_CHECKING, Final, NamedTuple

from . import naming
from .deeds import Deed, other_deed, two_participles
from .statement_words import (
    StatementWords,
    one_of as _one_of,
    says_any,
    statement_words,
    stem as _stem,
)

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

# Below this cosine two statements are never one memory (see the module text).
CORRECTION_MIN_SIMILARITY: Final = 0.65
# At or above it, a rewording that changes no detail word is a repeat.
PARAPHRASE_MIN_SIMILARITY: Final = 0.97
# The floor where the words have shown two statements are one: a new value
# of the same slot ("The ladder is in the cellar" / "... in the garage"
# measured 0.61 with MiniLM, "The dog is in the garden" / "... in Hamburg"
# 0.25; "The dog is in Hamburg" / "... at Ben's house" 0.23 with
# multilingual-e5 on the shared scale) or the same words negated ("The
# scissors are in the kitchen" / "... not in the kitchen", e5 0.64).
# docs/engine.md, "The rules, exactly", has the measurements.
SLOT_CHANGE_MIN_SIMILARITY: Final = 0.2


class Relation(StrEnum):
    """How a new statement relates to an existing one."""

    REPEAT = "repeat"
    CORRECTION = "correction"
    SEPARATE = "separate"


TOKEN = re.compile(r"[^\W_]+")
_MIN_PREFIXED: Final = 4
# After a leading "No": punctuation (or nothing) makes it an answer.
_ANSWER = re.compile(r"\s*(?:[,.;:!?\u2013\u2014-]|$)")
# First person of a spoken fragment -> the household's (see `as_statement`).
# Only standalone words: a word joined to others ("i-love-my-cats", a URL's
# "/me", "my.site") belongs to a code or an address and is kept as said.
_ALONE_BEFORE: Final = r"(?<![^\s(\[])"
_ALONE_AFTER: Final = r"(?=[.,!?;:)\]]*(?:\s|$))"


def _alone(words: str, flags: re.RegexFlag = re.IGNORECASE) -> re.Pattern[str]:
    return re.compile(_ALONE_BEFORE + f"(?:{words})" + _ALONE_AFTER, flags)


_PERSPECTIVE: Final = (
    (_alone("I am|I'm|I\u2019m"), "we are"),
    (_alone("I was"), "we were"),
    (_alone("I've|I\u2019ve"), "we have"),
    (_alone("I'll|I\u2019ll"), "we will"),
    (_alone("I'd|I\u2019d"), "we would"),
    (_alone("I|i", re.NOFLAG), "we"),
    (_alone("my"), "our"),
    (_alone("mine"), "ours"),
    (_alone("myself"), "ourselves"),
    (_alone("me"), "us"),
)
# Quoted text is the person's exact words (a password, a name): kept as said.
_QUOTED = re.compile(
    r"\"[^\"]*\"|\u201c[^\u201d]*\u201d|\u2018[^\u2019]*\u2019|(?<!\w)'[^']*'(?!\w)"
)
_LEADING_THAT = re.compile(r"^(?:that|to remember that)\s+", re.IGNORECASE)
_SPACES = re.compile(r"\s+")
# What ends a sentence, and what may close after its mark.
_SENTENCE_ENDS: Final = ".!?\u2026"
_CLOSING: Final = "\"'\u201c\u201d\u2018\u2019\u00ab\u00bb)]"


def as_statement(
    text: str,
    *,
    private: bool = False,
    told_by: str | None = None,
    by_person: bool = False,
    language: str | None = None,
) -> str:
    """The sentence to store for what a person said (see the module text).

    `private`: the memory is the speaker's own, so the first person is kept.
    `told_by`: the name of the person who said it (a household memory):
    their first person is told with it ("my car" -> "Anna's car", also in a
    written sentence: text/naming.py), in `language`'s words and English;
    where it cannot be, the rule for an unknown speaker stands.
    `by_person`: a person told it (said in a conversation, or sent by a
    user), so its first person is theirs even in a written sentence ("I
    repaired the gate", as speech-to-text capitalises it): with no name,
    the household's ("We repaired the gate"), never the assistant's "I".
    """
    named = None
    if told_by and not private:
        named = outside_quotes(
            text, lambda plain: naming.told_by(plain, told_by, language)
        )
    tidy = text.strip()
    if not tidy or not tidy[0].isalpha() or not tidy[0].islower():
        # Written as a sentence already (or nothing to shape): kept as
        # written, but for its speaker's name or the household's first person.
        if named is None and by_person and not private:
            ours = outside_quotes(text, partial(_as_household, language=language))
            return text if ours is None else _capitalised_as(text, ours)
        return text if named is None else named
    tidy = _SPACES.sub(" ", (text if named is None else named).strip())
    tidy = _LEADING_THAT.sub("", tidy) or tidy
    if named is None and not private:
        tidy = outside_quotes(tidy, partial(_as_household, language=language)) or tidy
    first = TOKEN.match(tidy)
    if first is None or not _code_like(first.group(), shouted=False):
        tidy = tidy[0].upper() + tidy[1:]  # but "iPhone", "abc123" stay as said
    return with_sentence_end(tidy)


def with_sentence_end(text: str) -> str:
    """`text` ending as a sentence: a full stop unless it ends with one, a
    question or exclamation mark or an ellipsis (also inside a closing quote
    or bracket: 'He said "hello."'). Nothing to end stays as it is.

    For words whose end was not heard (a sentence trigger drops it), not for
    a sentence someone wrote: that is kept as written."""
    tidy = text.strip()
    if not tidy:
        return text
    last = tidy.rstrip(_CLOSING) or tidy
    if last[-1] in _SENTENCE_ENDS:
        return tidy
    return tidy + "."


def shared_by(text: str, told_by: str, language: str | None = None) -> str:
    """A private memory's text made household by its teller `told_by`: their
    first person told with their name ("My code is 1234." -> "Anna's code
    is 1234."), as `as_statement` tells a household memory; quoted words
    are kept, and a text that cannot be told so stays as written."""
    named = outside_quotes(text, lambda plain: naming.told_by(plain, told_by, language))
    return text if named is None else named


def _as_household(plain: str, language: str | None = None) -> str:
    """A teller's first person as the household's ("my car" -> "our car",
    "ich habe" -> "wir haben"). A language whose verbs the table cannot
    agree ("ich repariere") keeps its words (text/naming.py `as_household`);
    English "I" takes "we" with any verb but "am"/"was"."""
    ours = naming.as_household(plain, language)
    plain = plain if ours is None else ours
    for pattern, replacement in _PERSPECTIVE:
        plain = pattern.sub(replacement, plain)
    return plain


def _capitalised_as(said: str, changed: str) -> str:
    """`changed` opening with a capital where `said` did ("I was" -> "We were")."""
    start = len(changed) - len(changed.lstrip())
    opening = said.lstrip()[:1]
    if opening.isupper() and changed[start : start + 1].islower():
        return changed[:start] + changed[start].upper() + changed[start + 1 :]
    return changed


def outside_quotes(text: str, change: Callable[[str], str | None]) -> str | None:
    """`text` with `change` made to what is not quoted (None: it could not)."""
    parts: list[str] = []
    start = 0
    for quoted in [*_QUOTED.finditer(text), None]:
        end = len(text) if quoted is None else quoted.start()
        plain = change(text[start:end])
        if plain is None:
            return None
        parts.append(plain)
        if quoted is not None:
            parts.append(quoted.group())
            start = quoted.end()
    return "".join(parts)


class Said(NamedTuple):
    """What a statement says (`said`): negation, content words, details."""

    negated: bool
    content: frozenset[str]
    details: frozenset[str]


@dataclass(frozen=True, slots=True)
class _Words:
    # Content words in the order said ("Anna is older than Ben").
    sequence: tuple[str, ...]
    # Content words before the first verb; None when there is no verb.
    subject: frozenset[str] | None
    # What is said of the subject: the first content word after it (head),
    # as a class for places and details (see `_predicate`); None if unknown.
    head: str | None
    predicate: str | None
    details: frozenset[str]
    negated: bool
    # The word that ended the subject (case-folded), the subject's length
    # in `sequence` and where the content words after the verb start.
    verb: str | None = None
    subject_size: int = 0
    said_from: int = 0
    # What follows the verb, cut where a preposition starts a phrase: the
    # words before the first one (its object or complement: "spare car
    # key", "allergic"), then each phrase with its preposition first
    # ("to", "peanut"), ("at", "8", "pm"), ("on", "school", "night").
    phrases: tuple[tuple[str, ...], ...] = ()
    # An additive word ("also", "as well", "auch") is said.
    additive: bool = False
    # A change word ("now", "instead", "jetzt") is said.
    changes: bool = False
    # A word that gives what follows one value ("prefer", "lieber") is said.
    single: bool = False
    # Every word before the verb as said, case-folded ("i", "the", "dog").
    lead: tuple[str, ...] = ()
    # Names a verb is about ("visit Grandma", "meeting Anna"), not a
    # copula's or a name's value ("is Maria", "called Mike") nor a place
    # or relation ("in Hamburg", "belongs to Ben"); see `_other_named`.
    named: frozenset[str] = frozenset()

    @property
    def content(self) -> frozenset[str]:
        return frozenset(self.sequence)


# A described word is said by a text word that starts with it or that it
# starts with, both at least this long: "service" and "serviced".
_MIN_SHARED_STEM: Final = 4


def missing_words(
    description: str, text: str, language: str | None = None
) -> frozenset[str]:
    """Content words of `description` that `text` does not say (as `relate`
    reads words: articles and fillers dropped, plural "s" cut; a word and
    its inflection, "service"/"serviced", count as one)."""
    words = statement_words(language)
    said = _analyse(text, words).content
    return frozenset(
        word
        for word in _analyse(description, words).content
        if not any(same_stem(word, other) for other in said)
    )


def same_stem(first: str, second: str) -> bool:
    """Whether two words are one and its inflection ("service"/"serviced")."""
    short, long = sorted((first, second), key=len)
    return short == long or (len(short) >= _MIN_SHARED_STEM and long.startswith(short))


def _code_like(raw: str, shouted: bool) -> bool:
    """True for a token whose letter case is part of it: "AbC123", "wLAN7".

    Letters with digits, or a capital after the first letter (unless the
    whole text is in capitals: "THE CODE IS ..." is shouting, not a code).
    """
    has_digit = any(ch.isdigit() for ch in raw)
    if has_digit and any(ch.isalpha() for ch in raw):
        return True
    return not shouted and any(ch.isupper() for ch in raw[1:])


def codes(text: str) -> list[str]:
    shouted = not any(ch.islower() for ch in text)
    return [m.group() for m in TOKEN.finditer(text) if _code_like(m.group(), shouted)]


def _predicate(head: str, details: set[str], words: StatementWords) -> str:
    classes = words.predicate_classes
    if head in classes:
        return classes[head]
    if head in words.places or head in details or head in words.naming:
        # "under the doormat" / "in the garage", "is Maria" / "is Sofia",
        # "is on" / "is off": one thing said of the subject, its value differs.
        return "<value>"
    prefix = words.opposite_prefix
    if prefix and head.startswith(prefix) and len(head) > _MIN_PREFIXED:
        head = head[len(prefix) :]  # "plugged in" / "unplugged": one predicate
    return classes.get(head, head)


def _analyse(text: str, words: StatementWords) -> _Words:
    spelled = text
    for said, meant in words.spellings:
        spelled = spelled.replace(said, meant)
    shouted = not any(ch.islower() for ch in spelled)
    content: list[str] = []
    subject: list[str] | None = None
    verb: str | None = None
    said_from = 0
    details: set[str] = set()
    negated = False
    phrases: list[list[str]] = []
    starts = words.places | words.relation_prepositions | words.time_prepositions
    folded: list[str] = []
    lead: tuple[str, ...] = ()
    named: set[str] = set()
    for position, match in enumerate(TOKEN.finditer(spelled)):
        raw = match.group()
        word = raw.casefold()
        folded.append(word)
        if position == 0 and word == words.answer:
            if _ANSWER.match(spelled, match.end()):
                continue  # "No, it is under the red pot": an answer
            # "No pets are allowed": a negation of the subject ("Nein" never is).
            negated = negated or word in words.negations
            continue
        stem = _stem(word)
        if (
            subject is None
            and (word in words.pivots or stem in words.pivots)
            # A verb of position after no subject word is a noun ("The stand
            # mixer is ...", "the sit-ups"): the subject goes on.
            and (content or not _one_of(word, words.position_verbs))
            # So is a verb after a slot word ("Max's favourite drink is").
            and not (
                folded[:-1]
                and _one_of(folded[-2], words.slot_words)
                and word not in words.stop
            )
        ):
            subject, verb = list(content), word
            # "No, Anna likes ...": the answer is not the subject's.
            lead = tuple(folded[int(folded[0] == words.answer) : -1])
            kept = word not in words.negations and word not in words.stop
            said_from = len(content) + kept
            phrases.append([""])
        elif phrases and word in starts:
            phrases.append([word])
        if word in words.negations:
            negated = True
            continue
        if word in words.stop:
            continue
        # A code keeps its letter case: "AbC123" and "abc123" differ.
        key = raw if _code_like(raw, shouted) else stem
        content.append(key)
        kind = _detail_kind(raw, stem, position, words)
        if kind is not None:
            details.add(key)
        if kind == "name" and _object_of_verb(phrases, verb, words):
            named.add(key)
        if phrases and len(content) > said_from and word not in starts:
            phrases[-1].append(key)
    # "Am Dienstag, 24. November war der Schornsteinfeger da": a time or
    # place opens the clause and its subject follows the verb, unknown here;
    # the date is no subject (every statement of that day would be one
    # thing, final review s17).
    subject = None if folded and folded[0] in words.fronted else subject
    head = predicate = None
    if subject and len(content) > len(subject):
        # With no subject word ("We keep the key ...") the head is unknown.
        head = content[len(subject)]
        predicate = _predicate(head, details, words)
    return _Words(
        tuple(content),
        None if subject is None else frozenset(subject),
        head,
        predicate,
        frozenset(details),
        negated,
        verb,
        len(subject or ()),
        said_from,
        tuple(tuple(phrase) for phrase in phrases),
        says_any(folded, words.additive),
        says_any(folded, words.change_words),
        says_any(folded, words.single_objects),
        lead,
        frozenset(named),
    )


def _detail_kind(
    raw: str, stem: str, position: int, words: StatementWords
) -> str | None:
    """ "detail" for a detail word or a number, "name" for a capitalised word
    inside a sentence (where only names are), None for another word."""
    word = raw.casefold()
    if word in words.details or stem in words.details:
        return "detail"
    if any(ch.isdigit() for ch in word):
        return "detail"
    if words.capitalised_names and position > 0 and raw[0].isupper():
        return "name"
    return None


def _object_of_verb(
    phrases: list[list[str]], verb: str | None, words: StatementWords
) -> bool:
    """Whether a name said next, after the verb, is what a verb is about
    ("visit Grandma", "are meeting Anna", "going to visit Grandpa"); not
    the value of a copula ("is Maria", "is Dr Smith") or of a naming word
    ("called Mike"), nor a place or relation ("in Hamburg", "to Ben")."""
    if not phrases or verb is None:
        return False
    phrase = phrases[-1]
    if phrase[-1] and _one_of(phrase[-1].casefold(), words.naming):
        return False
    if phrase[0] == "" and not _one_of(verb, words.copulas):
        return True
    # After a copula, a place or a relation: only a verb's object ("are
    # meeting Anna", "to visit Grandpa").
    return any(_verb_form(word.casefold(), words) for word in phrase[1:])


def _verb_form(word: str, words: StatementWords) -> bool:
    """A verb said after the subject's: "visit", "meeting" (`verb_endings`)."""
    return _one_of(word, words.pivots) or any(
        word.endswith(ending) and len(word) > len(ending) + 2
        for ending in words.verb_endings
    )


def subject_words(text: str, language: str | None = None) -> tuple[str, ...]:
    """The content words of a statement's subject as `relate` reads them
    ("Die Schere liegt im Bad." -> ("schere",)); none without a verb."""
    analysis = _analyse(text, statement_words(language))
    if analysis.subject is None:
        return ()
    return analysis.sequence[: analysis.subject_size]


@dataclass(frozen=True, slots=True)
class _Slot:
    """What a statement says its subject's value or place is: "the wifi
    password" / value "alpha", "the ladder" / place "in the cellar"."""

    subject: tuple[str, ...]
    kind: str
    value: tuple[str, ...]


def _names_a_slot(subject: tuple[str, ...], words: StatementWords) -> bool:
    """Whether the subject holds one value ("the wifi password", "my
    favourite food", "Lieblingsessen", "Türcode"): a slot word in it."""
    for key in subject:
        word = key.casefold()
        if word in words.slot_words or any(
            word.startswith(prefix) and len(word) > len(prefix)
            for prefix in words.slot_prefixes
        ):
            return True
        if words.compounds and any(
            word.endswith(slot) and len(word) > len(slot) for slot in words.slot_words
        ):
            return True
    return False


def _names_a_place(phrase: tuple[str, ...], words: StatementWords) -> bool:
    """Whether the words after a place word name a place: a noun, after any
    detail words that describe it ("unter dem blauen Blumentopf", "on the
    left shelf"). Details alone are a time ("at noon", "am Montag"), a
    number one ("at 3 pm"); "in use", "in a good mood" are states.
    """
    if _names_a_membership(phrase, words):
        return False  # "in class 3b", "im Fußballverein": no place
    for word in phrase:
        if any(ch.isdigit() for ch in word):
            return False
        if _one_of(word, words.details):
            continue  # "blauen", "left": the place's colour or side
        # "in use", "on loan", "am Montag im Büro": a state, or a time first.
        return not _one_of(word, words.not_places) and word not in words.places
    return False


def _names_a_membership(phrase: Sequence[str], words: StatementWords) -> bool:
    """Whether a phrase after a place word names something a person is in
    without being there: "class 3b", "the football team", "Fußballverein"."""
    for key in phrase:
        word = key.casefold()
        if _one_of(word, words.memberships) or (
            words.compounds
            and any(
                word.endswith(member) and len(word) > len(member)
                for member in words.memberships
            )
        ):
            return True
    return False


def _slot(analysis: _Words, words: StatementWords) -> _Slot | None:
    """The slot a plain statement fills, or None when it is not plainly one.

    A place: a copula or a verb of position, then a place word and a noun
    phrase (`_names_a_place`: "is in the garage", "liegt unter dem blauen
    Blumentopf", not "is at 3 pm" nor a lone "is on"). A value: a copula
    after a subject that names a slot, then words without a place word ("is
    alpha"). Negated statements fill none (negation has its own rule).
    """
    verb = analysis.verb
    if verb is None or analysis.negated:
        return None
    subject = analysis.sequence[: analysis.subject_size]
    said = analysis.sequence[analysis.said_from :]
    if not subject or not said:
        return None
    folded = tuple(word.casefold() for word in said)
    copula = _one_of(verb, words.copulas)
    if folded[0] in words.places:
        if (copula or _one_of(verb, words.position_verbs)) and _names_a_place(
            folded[1:], words
        ):
            return _Slot(subject, "place", said)
        return None
    if (
        copula
        and _names_a_slot(subject, words)
        # One word that names a value ("alpha"), or a code of a few with
        # digits ("orange-77", "lemon 11"), not one that describes the
        # slot ("secret", "new") nor a remark ("is case sensitive").
        and (len(folded) == 1 or _digits(said))
        and not any(_one_of(word, words.describing) for word in folded)
        and not set(folded) & words.places
    ):
        return _Slot(subject, "value", said)
    return None


def _past(analysis: _Words, words: StatementWords) -> bool:
    """Whether the statement's verb is a past copula ("was", "war")."""
    return analysis.verb is not None and _one_of(analysis.verb, words.past_copulas)


def _digits(value: tuple[str, ...]) -> bool:
    return any(ch.isdigit() for word in value for ch in word)


# The slots two statements fill (`_slot`), read once per pair.
type _Slots = tuple[_Slot | None, _Slot | None]


def _slot_changed(
    before: _Words, after: _Words, slots: _Slots, words: StatementWords
) -> bool:
    """True when both fill the same slot of the same subject with another
    value: "The ladder is in the cellar" / "... in the garage", "The wifi
    password is alpha" / "... charlie". Not "The dog is hungry" / "... in
    the garden" (no slot of one kind), nor "Anna / Ben is at school"."""
    old, new = slots
    return (
        old is not None
        and new is not None
        and old.subject == new.subject
        and old.kind == new.kind
        and old.value != new.value
        # A code given in digits does not become a word ("9876" -> "secret").
        and _digits(old.value) <= _digits(new.value)
        # "Ben was at school" / "... at the dentist": two things that happened.
        and not (old.kind == "place" and (_past(before, words) or _past(after, words)))
    )


def _in_a_state(analysis: _Words, words: StatementWords) -> bool:
    """Whether the statement says its subject is in a state ("is in use",
    "ist in Ordnung"), which a place word begins but which is no place."""
    said = analysis.sequence[analysis.said_from :]
    return (
        len(said) > 1
        and said[0].casefold() in words.places
        and _one_of(said[1].casefold(), words.not_places)
    )


def _place_and_state(
    before: _Words, after: _Words, slots: _Slots, words: StatementWords
) -> bool:
    """ "The ladder is in the garage" / "The ladder is in use": both true."""
    old, new = slots
    return (old is not None and old.kind == "place" and _in_a_state(after, words)) or (
        new is not None and new.kind == "place" and _in_a_state(before, words)
    )


def _time_and_place(
    before: _Words, after: _Words, slots: _Slots, words: StatementWords
) -> bool:
    """ "The surprise party is on Friday" / "The surprise party is at
    Marco's house": when and where, both true; the place adds to the day
    (attacker review s18b: a statement that adds replaced the day)."""
    old, new = slots

    def when(analysis: _Words) -> bool:
        said = analysis.sequence[analysis.said_from :]
        return any(word.casefold() in words.times for word in said)

    return (
        old is None and new is not None and new.kind == "place" and when(before)
    ) or (new is None and old is not None and old.kind == "place" and when(after))


def _single_value_changed(before: _Words, after: _Words, words: StatementWords) -> bool:
    """ "Anna likes rooibos best" / "Anna likes espresso best", "Lena mag
    Rooibos am liebsten" / "Lena mag am liebsten Espresso": the same subject
    with the same verb and a word that gives its object one value
    (`single_objects`) in both, so the newer value replaces the older
    however unlike the two read to the model (MiniLM put Anna's pair at
    0.64, under the correction floor). The subject is the same words, and
    names someone: a name or a noun ("Anna", "the dog"), or the teller or
    household ("I", "wir"); "she" / "he" may be two people."""
    if (
        not (before.single and after.single)
        or before.negated
        or after.negated
        or before.verb is None
        or after.verb is None
        or _stem(before.verb) != _stem(after.verb)
        or before.lead != after.lead
        or before.sequence == after.sequence
    ):
        return False
    subject = before.sequence[: before.subject_size]
    if subject != after.sequence[: after.subject_size]:
        return False
    return bool(subject) or (
        bool(before.lead) and set(before.lead) <= words.first_person
    )


def _two_places_in_the_past(
    before: _Words, after: _Words, slots: _Slots, words: StatementWords
) -> bool:
    """True for "Ben was at school" / "Ben was at the dentist": each says
    where the subject was once; both happened, neither corrects the other."""
    if not (_past(before, words) or _past(after, words)):
        return False
    old, new = slots
    return (
        old is not None
        and new is not None
        and old.kind == new.kind == "place"
        and old.subject == new.subject
        and old.value != new.value
    )


def _other_object(before: _Words, after: _Words, words: StatementWords) -> bool:
    """ "We keep the spare car key in the blue box" / "... the spare house
    key in ...", "Noah plays football" / "... tennis": a verb's object is
    another thing when a word of it is swapped for another that is no
    detail. A copula's complement is the value itself ("The babysitter is
    Maria / Sofia") and a name is a name ("heißt Mike / Steve"). An object
    is one value when a change word says so ("Noah plays tennis now", "We
    now feed the cat wet food"); after a word that gives it one value there is never
    another object ("prefers tea in the morning" / "... coffee ...",
    "trinkt lieber Tee / Kaffee")."""
    if any(
        text.verb is None
        or _one_of(text.verb, words.copulas)
        or _one_of(text.verb, words.naming)
        for text in (before, after)
    ):
        return False
    if before.single or after.single:
        return False
    if after.changes:
        return False
    old, new = set(before.phrases[0][1:]), set(after.phrases[0][1:])
    removed, added = old - new, new - old
    return bool(
        removed and added and not (removed | added) <= (before.details | after.details)
    )


def _related_elsewhere(before: _Words, after: _Words, words: StatementWords) -> bool:
    """ "Noah is allergic to peanuts" / "... to penicillin", "Ben is afraid
    of dogs" / "... of spiders": the same word related by a preposition
    that is neither place nor time to another thing. Such relations hold
    many values; only a negation ends one ("no longer allergic to ...")."""
    if len(before.phrases) < 2 or len(after.phrases) < 2:
        return False
    lead, old, new = before.phrases[0], before.phrases[1], after.phrases[1]
    if len(lead) < 2 or lead != after.phrases[0]:  # "" and a word
        return False
    if old[0] != new[0]:
        return False
    # "good at chess", "interested in pottery": a place word after such a
    # word relates it, as "allergic to" does.
    if old[0] not in words.relation_prepositions and not (
        old[0] in words.places and _one_of(lead[-1].casefold(), words.relation_words)
    ):
        return False
    objects = (*old[1:], *new[1:])
    # Each names a thing the other does not: "to cats" / "to cats and
    # dogs" says the list again, and the newest list wins.
    return (
        bool(set(old[1:]) - set(new[1:]) and set(new[1:]) - set(old[1:]))
        and not set(objects) & (before.details | after.details)
        and not _digits(objects)
    )


def _other_membership(before: _Words, after: _Words, words: StatementWords) -> bool:
    """ "Noah is in class 3b" / "Noah is in the football team", "Noah ist in
    der Klasse 3b" / "... im Verein", "Noah is at school" / "... in the
    football team": a person is in many classes, teams and clubs at once,
    and somewhere besides, so another one is another fact, unless a change
    word says it replaces the first ("Noah is now in class 4a")."""
    if after.changes:
        return False
    old, new = (
        {phrase for phrase in text.phrases[1:] if phrase[0] in words.places}
        for text in (before, after)
    )
    return (
        any(_names_a_membership(phrase[1:], words) for phrase in old | new)
        and bool(old - new)
        and bool(new - old)
    )


def _other_named(before: _Words, after: _Words) -> bool:
    """ "We will visit Grandma in Hamburg" / "We are going to visit Grandpa"
    (the same dates), "We are meeting Anna / Ben for dinner": another named
    person or thing a verb is about is another fact, unless a change word
    says it replaces the first ("We will visit Grandpa instead"). A
    copula's or name's value stays one value ("The babysitter is Maria /
    Sofia", "The plumber is called Mike / Steve", "The key belongs to Ben /
    Anna"), as do places ("lives in Hamburg / Berlin")."""
    if after.changes:
        return False
    return bool(before.named - after.named and after.named - before.named)


def _other_qualifier(before: _Words, after: _Words) -> bool:
    """ "The kids go to bed at 8 pm on school nights" / "... at 10 pm on
    weekends": a value and the case it holds in both changed, so the new
    statement is about another case, not a correction of the old one."""
    changed = sum(
        old != new
        for old, new in zip(before.phrases[1:], after.phrases[1:], strict=False)
    )
    return changed >= 2  # the value and a qualifier


def _adds(before: _Words, after: _Words, words: StatementWords) -> bool:
    """Whether `after` adds to `before` rather than correcting it: an
    additive word newly said ("also", "as well", "auch"), or, for the same
    subject, another object, relation or case (the three rules above)."""
    if after.additive and not before.additive:
        return True
    if before.sequence[: before.subject_size] != after.sequence[: after.subject_size]:
        return False
    return (
        _other_object(before, after, words)
        or _related_elsewhere(before, after, words)
        or _other_membership(before, after, words)
        or _other_named(before, after)
        or _other_qualifier(before, after)
    )


def _order_changed(before: _Words, after: _Words) -> bool:
    """True when the words both texts share come in another order."""
    shared = before.content & after.content
    return [w for w in before.sequence if w in shared] != [
        w for w in after.sequence if w in shared
    ]


def relate(  # noqa: PLR0911 - one return per rule
    old: str,
    new: str,
    similarity: float,
    *,
    floor: float = CORRECTION_MIN_SIMILARITY,
    paraphrase: float = PARAPHRASE_MIN_SIMILARITY,
    slot_floor: float | None = SLOT_CHANGE_MIN_SIMILARITY,
    language: str | None = None,
    begun: bool = False,
) -> Relation:
    """Whether `new` repeats, corrects or is separate from `old`, both read
    with `language`'s words (statements.<language>.json).

    A new value of the same slot (`_slot_changed`), or the same words
    negated, is a correction from `slot_floor` up, whatever the predicate:
    its words say it is one. A negation of other words ("... not in the
    kitchen" after "... in the bathroom") is separate. `slot_floor` None:
    no slots (two events in two places both happened) and negation only
    from `floor`. `begun`: both tell of an occasion that had begun when
    `new` was told (no plan), so whatever either says its subject did or
    was there is a deed (`deeds.other_deed`): another one is another event.
    """
    if old.casefold() == new.casefold() and codes(old) == codes(new):
        return Relation.REPEAT
    if similarity < min(floor, floor if slot_floor is None else slot_floor):
        return Relation.SEPARATE
    words = statement_words(language)
    before, after = _analyse(old, words), _analyse(new, words)
    slots = _slot(before, words), _slot(after, words)
    negated = before.negated != after.negated
    # The words show it is one statement: a slot's new value, the same
    # words negated ("... is not in the kitchen" / "... nicht mehr ..."), or
    # a new value of what holds one ("likes espresso best" after "... rooibos
    # best").
    one_statement = slot_floor is not None and (
        _slot_changed(before, after, slots, words)
        or (negated and before.content == after.content)
        or _single_value_changed(before, after, words)
    )
    if similarity < floor and not one_statement:
        return Relation.SEPARATE
    if before.sequence == after.sequence and before.negated == after.negated:
        return Relation.REPEAT
    if (
        before.subject is None
        or after.subject is None
        or not before.subject <= after.content
        or not after.subject <= before.content
        or bool(before.subject) != bool(after.subject)
    ):
        # Without a verb the subject is unknown: "Visit 9 notes" and "Visit
        # 10 notes" may well be two facts. A pronoun's statement tells of
        # another subject than a noun's: "We are planning Anna's surprise
        # party" adds to "The surprise party for Anna is on Friday", and
        # Friday stays (attacker review s18b: it replaced it).
        return Relation.SEPARATE
    if not before.content & after.content:
        return Relation.SEPARATE
    if before.negated == after.negated and (
        _two_places_in_the_past(before, after, slots, words)
        or _place_and_state(before, after, slots, words)
        or _time_and_place(before, after, slots, words)
    ):
        return Relation.SEPARATE
    if negated and not (
        before.content <= after.content or after.content <= before.content
    ):
        # "The scissors are in the bathroom" / "... not in the kitchen":
        # a negation of something else, and both are true.
        return Relation.SEPARATE
    if not negated and (
        _adds(before, after, words)
        or two_participles(_deed(old, before), _deed(new, after), words)
        or (
            slot_floor is None
            and other_deed(_deed(old, before), _deed(new, after), words, begun=begun)
        )
    ):
        # "Mila is also allergic to bee stings", "Noah is allergic to
        # penicillin" after "... to peanuts": another true fact; "Ben hat
        # heute den Wasserhahn repariert" / "… den Zaun gestrichen", "Ben
        # ging gestern in die Stadt" / "… einkaufen", "Wir haben am Sonntag
        # den Adventskranz gebunden" / "Wir waren am Sonntag auf dem
        # Weihnachtsmarkt": two deeds.
        return Relation.SEPARATE
    if negated or one_statement:
        return Relation.CORRECTION
    if (
        before.predicate is not None
        and after.predicate is not None
        and before.predicate != after.predicate
        and before.head is not None
        and after.head is not None
        and before.head.casefold() != after.head.casefold()  # "XyZ" / "xyz"
    ):
        # "The dog is fed at 7 am" / "The dog is walked at 8 pm": two facts.
        return Relation.SEPARATE
    added = after.content - before.content
    removed = before.content - after.content
    if (
        similarity >= paraphrase
        # A word swapped for another: a word only added or only dropped is
        # news ("... and Thursday" dropped), and the newest text wins.
        and added
        and removed
        and not (added | removed) & (before.details | after.details)
        and not _order_changed(before, after)
    ):
        return Relation.REPEAT
    return Relation.CORRECTION


def _deed(text: str, analysis: _Words) -> Deed:
    """What `text.deeds` reads of a statement."""
    return Deed(
        text,
        analysis.verb,
        analysis.sequence[: analysis.subject_size],
        analysis.sequence[analysis.said_from :],
        analysis.details,
        analysis.changes,
    )


def adds(old: str, new: str, language: str | None = None) -> bool:
    """True when `new` is a second true fact beside `old`, not a change of
    it (the rule `relate` applies, see `_adds`): consolidation keeps such
    a pair, as create does."""
    words = statement_words(language)
    before, after = _analyse(old, words), _analyse(new, words)
    return before.negated == after.negated and _adds(before, after, words)


def said(text: str, language: str | None = None) -> Said:
    """What `text` says as `relate` reads it (text/saying_no.py)."""
    analysis = _analyse(text, statement_words(language))
    return Said(analysis.negated, analysis.content, analysis.details)


_MIN_SHARED_WORDS: Final = 2


def _is_verb_of_place(said: str, words: StatementWords) -> bool:
    """Whether a said word is a copula or a verb of position ("ist", "liegt")."""
    word = said.casefold()
    return _one_of(word, words.copulas) or _one_of(word, words.position_verbs)


def changed_part(old: str, new: str, language: str | None = None) -> str:
    """What `old` said where `new` differs: "the blue flower pot" for "...
    is under the blue flower pot" -> "... is under the red flower pot",
    "unter dem Blumentopf" for "... liegt unter dem Blumentopf" -> "... ist
    in der Garage" (a changed verb of place is not what changed). A place
    both say at the end is not what changed either: "the blue flower pot"
    for "... blue flower pot by the garage" -> "... green flower pot by
    the garage". The whole old text when they share under two leading words.
    """
    old_words, new_words = old.split(), new.split()
    shared = 0
    while (
        shared < min(len(old_words), len(new_words))
        and old_words[shared].casefold() == new_words[shared].casefold()
    ):
        shared += 1
    rest = " ".join(old_words[shared:]).rstrip(" .!?\u2026").casefold()
    if (
        shared < _MIN_SHARED_WORDS
        or shared == len(old_words)
        or " ".join(new_words[shared:]).casefold().startswith(rest)
    ):
        # Nothing of it changed, but `new` goes on (review s27: a longer
        # telling was "Updated: … (was: w)", the old text's last word begun).
        return old.rstrip(" .!?\u2026")
    words = statement_words(language)
    if (
        shared + 1 < len(old_words)
        and shared < len(new_words)
        and _is_verb_of_place(old_words[shared], words)
        and _is_verb_of_place(new_words[shared], words)
    ):
        # "liegt unter dem Topf" -> "ist in der Garage": the old place, not
        # the verb it was told with.
        shared += 1
    elif old_words[shared - 1].casefold() in words.lead_words:
        shared -= 1
    end = shared + _shared_place(old_words[shared:], new_words[shared:], words)
    return " ".join(old_words[shared:end]).rstrip(" ,.!?\u2026")


def _shared_place(old: list[str], new: list[str], words: StatementWords) -> int:
    """Where the place `old` and `new` both end with starts in `old` ("by
    the garage"): from the first place word of their shared closing words,
    leaving at least one word before it; else the end of `old`. A time is
    no place: "at 5 pm" of a moved day stays in what it was."""

    def folded(word: str) -> str:
        return word.casefold().rstrip(" ,.!?\u2026")

    same = 0
    while same < min(len(old), len(new)) - 1 and folded(old[-1 - same]) == folded(
        new[-1 - same]
    ):
        same += 1
    closing = [folded(word) for word in old[len(old) - same :]]
    if any(w in words.times or any(c.isdigit() for c in w) for w in closing):
        return len(old)
    for at in range(len(old) - same, len(old)):
        if at > 0 and folded(old[at]) in words.places:
            return at
    return len(old)
