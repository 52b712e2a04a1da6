"""What people tell the memory: tidy sentences, and how two statements relate.

Two rules live here, once, for every surface that remembers (actions, LLM
tools, sentences, confirmed proposals all end in `MemoryStore.create_many`):

1. `as_statement` turns what a person said into the sentence that is stored.
   Text that is already written as a sentence (it starts with a capital
   letter or a digit) is kept exactly as given: an automation or a language
   model chose those words. A spoken fragment ("the spare key is under the
   doormat", as a sentence trigger captures it) is made a sentence: a
   leading "that" dropped, the first letter capitalised, a full stop added.
   What a person tells is a fact about the household, so a fragment's
   first person becomes the household's ("my car is in the garage" ->
   "Our car is in the garage."); the memory's speaker and owner still say
   who told it. The assistant's own first person is kept for what it
   noticed (observations are not user statements and never come here).

2. `relate` decides whether a new statement repeats, corrects or is separate
   from an existing one of the same owner. Similarity (cosine of the two
   embeddings) only brings candidates (>= `CORRECTION_MIN_SIMILARITY`, the
   engine's `correction_min_similarity`); the
   words decide, from content words (articles, pronouns, auxiliaries and
   fillers dropped, plural "s" cut) and negation:

   - the same content words and negation: a repeat (reinforced);
   - a different subject (the content words before the first verb of either
     text missing from the other: "the kitchen light" / "the hallway light",
     "Anna likes coffee" / "Ben likes coffee"), a text without a verb (its
     subject is unknown: "Visit 9 notes" / "Visit 10 notes"), or no content
     word shared: separate memories;
   - negation added or removed: a correction;
   - nothing new (the new text's content words are all in the old one): a
     repeat; the fuller old text is kept;
   - a pure rewording (similarity >= `PARAPHRASE_MIN_SIMILARITY`, the
     engine's `dedup_threshold` and the "Duplicate threshold" option, and no
     detail word changed: numbers, names, days, months, colours, times): a
     repeat;
   - otherwise the same subject with a differing detail (number, name,
     place, time): a correction, and the newest statement wins.

   Measured with all-MiniLM-L6-v2: corrections sit at 0.70-0.97 ("The
   babysitter is Maria/Sofia" 0.70, "The plumber is called Mike/Steve"
   0.73, "The wifi password is 1234/5678" 0.90, "... blue/red flower pot"
   0.95, "The dentist appointment is at 3 pm/4 pm" 0.97), so the threshold
   cannot tell them from paraphrases ("Anna loves/likes coffee" 0.97) or
   from different facts ("The dog/cat is fed at 7 am" 0.75); the subject
   and detail rules do. Different people rarely pass the floor at all
   ("Anna/Ben likes coffee" 0.52). The price of "newest wins": "Anna likes
   coffee" then "Anna likes tea" (0.79) is a correction, said as such in the
   answer ("Updated: ... (was: ...)") and undoable; "Anna likes coffee and
   tea" says both. Memories of other owners are never compared: a sentence
   in the first person ("I take the bus") means another fact for each person.

Plain Python, no Home Assistant imports.
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
        "upstairs", "downstairs",
    }
)  # fmt: skip
# First person of a spoken fragment -> the household's (see `as_statement`).
_PERSPECTIVE: Final = (
    (re.compile(r"\bI am\b|\bI'm\b|\bI\u2019m\b", re.IGNORECASE), "we are"),
    (re.compile(r"\bI was\b", re.IGNORECASE), "we were"),
    (re.compile(r"\bI've\b|\bI\u2019ve\b", re.IGNORECASE), "we have"),
    (re.compile(r"\bI'll\b|\bI\u2019ll\b", re.IGNORECASE), "we will"),
    (re.compile(r"\bI'd\b|\bI\u2019d\b", re.IGNORECASE), "we would"),
    (re.compile(r"\bI\b"), "we"),
    (re.compile(r"\bi\b"), "we"),
    (re.compile(r"\bmy\b", re.IGNORECASE), "our"),
    (re.compile(r"\bmine\b", re.IGNORECASE), "ours"),
    (re.compile(r"\bmyself\b", re.IGNORECASE), "ourselves"),
    (re.compile(r"\bme\b", re.IGNORECASE), "us"),
)
_LEADING_THAT = re.compile(r"^(?:that|to remember that)\s+", re.IGNORECASE)
_SPACES = re.compile(r"\s+")


def as_statement(text: str) -> str:
    """The sentence to store for what a person said (see the module text)."""
    tidy = text.strip()
    if not tidy or not tidy[0].isalpha() or not tidy[0].islower():
        return text  # written as a sentence already (or nothing to shape)
    tidy = _SPACES.sub(" ", tidy)
    tidy = _LEADING_THAT.sub("", tidy) or tidy
    for pattern, replacement in _PERSPECTIVE:
        tidy = pattern.sub(replacement, tidy)
    tidy = tidy[0].upper() + tidy[1:]
    if tidy[-1] not in ".!?\u2026":
        tidy += "."
    return tidy


@dataclass(frozen=True, slots=True)
class _Words:
    content: frozenset[str]
    # Content words before the first verb; None when there is no verb.
    subject: frozenset[str] | None
    details: frozenset[str]
    negated: bool


def _stem(word: str) -> str:
    if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


def _analyse(text: str) -> _Words:
    spelled = (
        text.replace("\u2019", "'")
        .replace("can't", "can not")
        .replace("cannot", "can not")
        .replace("won't", "will not")
        .replace("n't", " not")
    )
    content: list[str] = []
    subject: list[str] | None = None
    details: set[str] = set()
    negated = False
    for position, match in enumerate(_TOKEN.finditer(spelled)):
        raw = match.group()
        word = raw.casefold()
        stem = _stem(word)
        if subject is None and (word in _PIVOTS or stem in _PIVOTS):
            subject = list(content)
        if position == 0 and word == "no":
            continue  # "No, it is under the red pot": an answer, not a negation
        if word in _NEGATIONS:
            negated = True
            continue
        if word in _STOP:
            continue
        content.append(stem)
        # A capitalised word inside a sentence is a name.
        if (
            word in _DETAILS
            or any(ch.isdigit() for ch in word)
            or (position > 0 and raw[0].isupper())
        ):
            details.add(stem)
    return _Words(
        frozenset(content),
        None if subject is None else frozenset(subject),
        frozenset(details),
        negated,
    )


def relate(  # noqa: PLR0911 - one return per rule
    old: str,
    new: str,
    similarity: float,
    *,
    floor: float = CORRECTION_MIN_SIMILARITY,
    paraphrase: float = PARAPHRASE_MIN_SIMILARITY,
) -> Relation:
    """Whether `new` repeats, corrects or is separate from `old`."""
    if old.casefold() == new.casefold():
        return Relation.REPEAT
    if similarity < floor:
        return Relation.SEPARATE
    before, after = _analyse(old), _analyse(new)
    if before.content == after.content and before.negated == after.negated:
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
    added = after.content - before.content
    if not added:
        return Relation.REPEAT
    changed = added | (before.content - after.content)
    if similarity >= paraphrase and not changed & (before.details | after.details):
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
