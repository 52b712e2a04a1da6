"""What people tell the memory: tidy sentences, and how two statements relate.

Two rules live here, once, for every surface that remembers (actions, LLM
tools, sentences, confirmed proposals all end in `MemoryStore.create_many`):
`as_statement` turns what a person said into the sentence that is stored;
`relate` decides whether a new statement repeats, corrects or is separate
from an existing one of the same owner. The rules in full, with the
similarities they were measured at, are in docs/engine.md ("The rules,
exactly"). Plain Python, no Home Assistant imports.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
import re
from typing import Final

# Below this cosine two statements are never one memory (see the module text).
CORRECTION_MIN_SIMILARITY: Final = 0.65
# At or above it, a rewording that changes no detail word is a repeat.
PARAPHRASE_MIN_SIMILARITY: Final = 0.97


class Relation(StrEnum):
    """How a new statement relates to an existing one."""

    REPEAT = "repeat"
    CORRECTION = "correction"
    SEPARATE = "separate"


_TOKEN = re.compile(r"[^\W_]+")
_NEGATIONS: Final = frozenset({"not", "no", "never", "nobody", "nothing", "none"})
# Words that carry no fact of their own. Prepositions are not among them:
# "under the mat" / "on the mat" is a different place.
_STOP: Final = frozenset(
    {
        "a", "an", "the", "this", "that", "these", "those", "there", "here",
        "i", "me", "my", "mine", "myself", "we", "us", "our", "ours",
        "you", "your", "yours", "it", "its", "he", "him", "his", "she", "her",
        "they", "them", "their", "is", "are", "was", "were", "am", "be", "been",
        "being", "do", "does", "did", "has", "have", "had", "will", "would",
        "can", "ca", "could", "should", "shall", "must", "might", "s",
        "ll", "ve", "re", "d", "m", "t", "and", "or", "but", "so", "then",
        "also", "too", "just", "really", "actually", "now", "always",
        "usually", "still", "anymore", "longer", "please", "remember", "note",
        "keep", "keeps", "kept", "of", "to", "for", "as",
    }
)  # fmt: skip
# Words that end a sentence's subject: copulas, auxiliaries, negations and
# the verbs household facts are told with.
_PIVOTS: Final = frozenset(
    {
        "is", "are", "was", "were", "am", "be", "do", "does", "did", "has",
        "have", "had", "will", "would", "can", "ca", "could", "should",
        "must", "might", "not", "no", "never", "like", "love", "hate",
        "prefer", "live", "work", "go", "goe", "need", "want", "use", "keep",
        "kept", "start", "finish", "open", "close", "come", "get", "take",
        "eat", "drink", "play", "sleep", "visit", "stay", "leave", "arrive",
        "call", "called", "named", "belong", "belongs",
    }
)  # fmt: skip
# Words that state a detail: changing one is never a mere rewording.
_DETAILS: Final = frozenset(
    {
        "monday", "tuesday", "wednesday", "thursday", "friday", "saturday",
        "sunday", "weekday", "weekend", "january", "february", "march",
        "april", "may", "june", "july", "august", "september", "october",
        "november", "december", "today", "tomorrow", "yesterday", "morning",
        "afternoon", "evening", "night", "noon", "midnight", "pm",
        "daily", "weekly", "monthly", "red", "blue", "green", "yellow",
        "black", "white", "grey", "gray", "brown", "orange", "pink", "purple",
        "one", "two", "three", "four", "five", "six", "seven", "eight",
        "nine", "ten", "eleven", "twelve", "left", "right", "first", "last",
        "upstairs", "downstairs", "off", "open", "closed", "locked",
        "unlocked", "empty", "full", "hate", "dislike",
    }
)  # fmt: skip
# Words that put the subject somewhere (or switch it): "is under the doormat"
# and "is in the garage" say the same thing of the key with another value.
_PLACES: Final = frozenset(
    {
        "in", "on", "at", "under", "over", "above", "below", "behind",
        "beside", "next", "near", "inside", "outside", "by", "with", "without",
        "from", "into", "onto", "between", "around", "off", "out", "up",
        "down", "upstairs", "downstairs", "away", "home",
    }
)  # fmt: skip
# Predicates that say the same thing with another value: "Anna loves coffee"
# then "Anna hates coffee" corrects it ("hate" is a detail word, so never a
# mere rewording of "love").
_PREDICATE_CLASSES: Final = dict.fromkeys(
    ("like", "love", "hate", "prefer", "enjoy", "dislike", "adore"), "like"
)
# "The plumber is called Mike" / "The plumber is Steve": a name either way.
_NAMING: Final = frozenset({"called", "named", "call", "name"})
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


def as_statement(text: str, *, private: bool = False) -> str:
    """The sentence to store for what a person said (see the module text).

    `private`: the memory is the speaker's own, so the first person is kept.
    """
    tidy = text.strip()
    if not tidy or not tidy[0].isalpha() or not tidy[0].islower():
        return text  # written as a sentence already (or nothing to shape)
    tidy = _SPACES.sub(" ", tidy)
    tidy = _LEADING_THAT.sub("", tidy) or tidy
    parts: list[str] = []
    start = 0
    for quoted in [*_QUOTED.finditer(tidy), None]:
        end = len(tidy) if quoted is None else quoted.start()
        plain = tidy[start:end]
        for pattern, replacement in () if private else _PERSPECTIVE:
            plain = pattern.sub(replacement, plain)
        parts.append(plain)
        if quoted is not None:
            parts.append(quoted.group())
            start = quoted.end()
    tidy = "".join(parts)
    first = _TOKEN.match(tidy)
    if first is None or not _code_like(first.group(), shouted=False):
        tidy = tidy[0].upper() + tidy[1:]  # but "iPhone", "abc123" stay as said
    if tidy[-1] not in ".!?\u2026":
        tidy += "."
    return tidy


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

    @property
    def content(self) -> frozenset[str]:
        return frozenset(self.sequence)


# A described word is said by a text word that starts with it or that it
# starts with, both at least this long: "service" and "serviced".
_MIN_SHARED_STEM: Final = 4


def missing_words(description: str, text: str) -> frozenset[str]:
    """Content words of `description` that `text` does not say (as `relate`
    reads words: articles and fillers dropped, plural "s" cut; a word and
    its inflection, "service"/"serviced", count as one)."""
    said = _analyse(text).content
    return frozenset(
        word
        for word in _analyse(description).content
        if not any(_same_stem(word, other) for other in said)
    )


def _same_stem(first: str, second: str) -> bool:
    short, long = sorted((first, second), key=len)
    return short == long or (len(short) >= _MIN_SHARED_STEM and long.startswith(short))


def _stem(word: str) -> str:
    if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


def _code_like(raw: str, shouted: bool) -> bool:
    """True for a token whose letter case is part of it: "AbC123", "wLAN7".

    Letters with digits, or a capital after the first letter (unless the
    whole text is in capitals: "THE CODE IS ..." is shouting, not a code).
    """
    has_digit = any(ch.isdigit() for ch in raw)
    if has_digit and any(ch.isalpha() for ch in raw):
        return True
    return not shouted and any(ch.isupper() for ch in raw[1:])


def _codes(text: str) -> list[str]:
    shouted = not any(ch.islower() for ch in text)
    return [m.group() for m in _TOKEN.finditer(text) if _code_like(m.group(), shouted)]


def _predicate(head: str, details: set[str]) -> str:
    if head in _PREDICATE_CLASSES:
        return _PREDICATE_CLASSES[head]
    if head in _PLACES or head in details or head in _NAMING:
        # "under the doormat" / "in the garage", "is Maria" / "is Sofia",
        # "is on" / "is off": one thing said of the subject, its value differs.
        return "<value>"
    if head.startswith("un") and len(head) > _MIN_PREFIXED:
        head = head[2:]  # "plugged in" / "unplugged": one predicate
    return _PREDICATE_CLASSES.get(head, head)


def _analyse(text: str) -> _Words:
    spelled = (
        text.replace("\u2019", "'")
        .replace("can't", "can not")
        .replace("cannot", "can not")
        .replace("won't", "will not")
        .replace("n't", " not")
    )
    shouted = not any(ch.islower() for ch in spelled)
    content: list[str] = []
    subject: list[str] | None = None
    details: set[str] = set()
    negated = False
    for position, match in enumerate(_TOKEN.finditer(spelled)):
        raw = match.group()
        word = raw.casefold()
        if position == 0 and word == "no":
            if _ANSWER.match(spelled, match.end()):
                continue  # "No, it is under the red pot": an answer
            negated = True  # "No pets are allowed": a negation of the subject
            continue
        stem = _stem(word)
        if subject is None and (word in _PIVOTS or stem in _PIVOTS):
            subject = list(content)
        if word in _NEGATIONS:
            negated = True
            continue
        if word in _STOP:
            continue
        # A code keeps its letter case: "AbC123" and "abc123" differ.
        key = raw if _code_like(raw, shouted) else stem
        content.append(key)
        # A capitalised word inside a sentence is a name.
        if (
            word in _DETAILS
            or stem in _DETAILS
            or any(ch.isdigit() for ch in word)
            or (position > 0 and raw[0].isupper())
        ):
            details.add(key)
    head = predicate = None
    if subject and len(content) > len(subject):
        # With no subject word ("We keep the key ...") the head is unknown.
        head = content[len(subject)]
        predicate = _predicate(head, details)
    return _Words(
        tuple(content),
        None if subject is None else frozenset(subject),
        head,
        predicate,
        frozenset(details),
        negated,
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
) -> Relation:
    """Whether `new` repeats, corrects or is separate from `old`."""
    if old.casefold() == new.casefold() and _codes(old) == _codes(new):
        return Relation.REPEAT
    if similarity < floor:
        return Relation.SEPARATE
    before, after = _analyse(old), _analyse(new)
    if before.sequence == after.sequence and before.negated == after.negated:
        return Relation.REPEAT
    if (
        before.subject is None
        or after.subject is None
        or not before.subject <= after.content
        or not after.subject <= before.content
    ):
        # Without a verb the subject is unknown: "Visit 9 notes" and "Visit
        # 10 notes" may well be two facts.
        return Relation.SEPARATE
    if not before.content & after.content:
        return Relation.SEPARATE
    if before.negated != after.negated:
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


def contradicts(old: str, new: str) -> bool:
    """True when `new` negates `old` or swaps a detail of it for another
    (blue -> red, Tuesday -> Thursday, Mike -> Steve), whatever the wording
    around. Consolidation uses it to let the newest of a merge survive.
    """
    before, after = _analyse(old), _analyse(new)
    return before.negated != after.negated or bool(
        before.details - after.details and after.details - before.details
    )


# Words a "was: ..." part may start with, kept before the changed word.
_LEAD_WORDS: Final = frozenset({"a", "an", "the", "our", "my", "at", "on", "in"})
_MIN_SHARED_WORDS: Final = 2


def changed_part(old: str, new: str) -> str:
    """What `old` said where `new` differs: "the blue flower pot" for "...
    is under the blue flower pot" -> "... is under the red flower pot".

    The whole old text when the two share fewer than two leading words.
    """
    old_words, new_words = old.split(), new.split()
    shared = 0
    while (
        shared < min(len(old_words), len(new_words))
        and old_words[shared].casefold() == new_words[shared].casefold()
    ):
        shared += 1
    if shared < _MIN_SHARED_WORDS or shared == len(old_words):
        return old.rstrip(" .!?\u2026")
    if old_words[shared - 1].casefold() in _LEAD_WORDS:
        shared -= 1
    return " ".join(old_words[shared:]).rstrip(" .!?\u2026")
