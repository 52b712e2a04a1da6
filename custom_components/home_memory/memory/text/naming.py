"""A person's own first person, told with their name for the household.

When Anna tells the home "my car is in the garage", Ben must later hear
"Anna's car is in the garage": neither "our car" nor "my car" is true for
him. `told_by` rewrites the first person of one stretch of plain text
(quoted words are the caller's to keep, statements.py splits them off):
possessives become the name's possessive ("my" -> "Anna's", "meinem" ->
"Annas", "Hans" -> "Hans'"), "I" with a verb it agrees with becomes the
name with that verb in the third person ("I am" -> "Anna is", "habe ich"
-> "hat Anna"; "Ben und ich haben" -> "Ben und Anna haben"). Where a first
person is left that the tables cannot agree ("I put", "mir ist kalt"),
nothing is named (None): the caller keeps its earlier rule for the whole
statement. The words: the "told_by" section of statements.<language>.json.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
import json
from pathlib import Path
import re
from typing import TYPE_CHECKING, Any, Final

from ..common.languages import base_language
from .characters import has_hidden
from .validation import MAX_LABEL_CHARS, has_words

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping

_FOLDER: Final = Path(__file__).parent
_ENGLISH: Final = "en"
# Only standalone words: "i-love-my-cats", a URL's "/me" keep their words.
_BEFORE: Final = r"(?<![^\s(\[])"
_AFTER: Final = r"(?=[.,!?;:)\]]*(?:\s|$))"
_APOSTROPHES: Final = "['\u2019]"


def _words(words: list[str]) -> str:
    """Alternatives for a regex, longest first, either apostrophe accepted."""
    ordered = sorted(words, key=len, reverse=True)
    return "|".join(re.escape(word).replace("'", _APOSTROPHES) for word in ordered)


def _key(word: str) -> str:
    return word.casefold().replace("\u2019", "'")


@dataclass(frozen=True, slots=True)
class _Table:
    """One language's "told_by" words."""

    possessive: str
    possessive_sibilant: str
    sibilant_endings: tuple[str, ...]
    verbs: Mapping[str, str]
    joined_verbs: Mapping[str, str]
    unchanged_verb_endings: tuple[str, ...]
    # Past forms the same in every person that no ending tells ("bought",
    # "took": "I bought" -> "Anna bought"; month review s19 F2).
    unchanged_verbs: frozenset[str]
    possessives: re.Pattern[str]
    objects: re.Pattern[str] | None
    # What an object pronoun becomes in a clause whose subject is the
    # speaker ("ich habe mir … gekauft" -> "Ben hat sich … gekauft").
    reflexive: str | None
    subject: re.Pattern[str]
    subject_verb: re.Pattern[str]
    verb_subject: re.Pattern[str] | None
    leftover: re.Pattern[str]
    first_person: re.Pattern[str]
    # Words a clause may open with before "habe ich" ("morgen", "am"):
    # anything else there is the verb's object ("Tom mag ich nicht").
    inversion_leads: frozenset[str]
    clause_joins: frozenset[str]
    # Endings that look like a past tense but are no verb form it agrees
    # ("need", "feed": "-ed" is no past there).
    not_past_endings: tuple[str, ...]
    # The words no person can be named by ("I", "my", "we", "unser").
    pronouns: frozenset[str]
    # What an account is called, not a person ("Administrator", "Gast").
    account_words: frozenset[str]
    household: _Household | None
    coordination: _Coordination | None


@dataclass(frozen=True, slots=True)
class _Coordination:
    """One language's "coordination" words: "Ben and I", "ich und Ben" are
    one plural subject ("Ben and I are" -> "Ben and Anna are", "Ben und ich
    haben" -> "Ben und Anna haben"), their verb kept as said."""

    before: re.Pattern[str]  # "Ben and I"
    after: re.Pattern[str]  # "ich und Ben"
    joins: frozenset[str]  # "and", "und"
    plural_verbs: frozenset[str]
    # English: a verb's base form ("have", "like") is its plural too.
    base_is_plural: bool
    singular_only: frozenset[str]
    plural_endings: tuple[str, ...]
    determiners: frozenset[str]
    # What may come just before "Ben and I have" for it to open its clause.
    clause_leads: frozenset[str]
    # A plural verb told of one ("haben" -> "hat"): "Ben und ich haben",
    # said by Ben, is "Ben hat" (review s21 F5: it was "Ben und Ben").
    singular_verbs: Mapping[str, str]


@dataclass(frozen=True, slots=True)
class _Household:
    """One language's first person told as the household's ("ich habe" ->
    "wir haben", "mein" -> "unser"): its "as_household" words."""

    subject: str
    verbs: Mapping[str, str]
    possessives: Mapping[str, str]
    objects: Mapping[str, str]
    objects_pattern: re.Pattern[str]
    subject_pattern: re.Pattern[str]


def _read(path: Path) -> _Table:
    table: dict[str, Any] = json.loads(path.read_text("utf-8"))["told_by"]
    subjects = _words(table["subjects"])
    verbs = {_key(verb): agreed for verb, agreed in table["verbs"].items()}
    joined = {_key(verb): agreed for verb, agreed in table["joined_verbs"].items()}
    verb_words = _words(list(table["verbs"]))
    # "Gestern ging ich": a past the same in every person may come first too.
    verb_first_words = _words([*table["verbs"], *table.get("unchanged_verbs", ())])
    if endings := table.get("unchanged_verb_endings"):
        # "Gestern fütterte ich": a regular past by its ending (review s21 F5).
        verb_first_words += rf"|[^\W\d_]+(?:{_words(endings)})"
    subject_verb = rf"{_BEFORE}(?P<subject>{subjects})(?:"
    if joined:
        subject_verb += rf"(?P<joined>{_words(list(table['joined_verbs']))})|"
    subject_verb += rf"\s+(?P<verb>{verb_words}|[^\W\d_]+))" + _AFTER
    flags = re.IGNORECASE
    return _Table(
        possessive=table["possessive"],
        possessive_sibilant=table["possessive_sibilant"],
        sibilant_endings=tuple(table["sibilant_endings"]),
        verbs=verbs,
        joined_verbs=joined,
        unchanged_verb_endings=tuple(table["unchanged_verb_endings"]),
        unchanged_verbs=frozenset(_key(w) for w in table.get("unchanged_verbs", ())),
        possessives=re.compile(
            _BEFORE + f"(?:{_possessive_words(table)})" + _AFTER, flags
        ),
        objects=re.compile(_BEFORE + f"(?:{_words(table['objects'])})" + _AFTER, flags)
        if table["objects"]
        else None,
        reflexive=table.get("reflexive"),
        subject=re.compile(_BEFORE + f"(?:{subjects})" + _AFTER, flags),
        subject_verb=re.compile(subject_verb, flags),
        verb_subject=re.compile(
            rf"{_BEFORE}(?P<verb>{verb_first_words})\s+(?P<subject>{subjects}){_AFTER}",
            flags,
        )
        if table["verb_first"]
        else None,
        leftover=re.compile(
            _BEFORE
            + "(?:"
            + _words([*table["subjects"], *table["unnamed"], *table["objects"]])
            + ")"
            + _AFTER,
            flags,
        ),
        inversion_leads=frozenset(_key(w) for w in table.get("inversion_leads", ())),
        clause_joins=frozenset(_key(w) for w in table.get("clause_joins", ())),
        not_past_endings=tuple(table.get("not_past_endings", ())),
        pronouns=frozenset(
            _key(w)
            for group in ("subjects", "possessives", "objects", "unnamed", "household")
            for w in table.get(group, ())
        ),
        account_words=frozenset(_key(w) for w in table.get("account_words", ())),
        household=_read_household(table.get("as_household"), subjects),
        coordination=_read_coordination(table.get("coordination"), subjects),
        first_person=re.compile(
            _BEFORE
            + "(?:"
            + _words(
                [
                    *table["subjects"],
                    *table["unnamed"],
                    *table["possessives"],
                    *table["objects"],
                ]
            )
            + ")"
            + rf"(?:{_words(list(table['joined_verbs']))})?"
            + _AFTER,
            flags,
        ),
    )


def _read_household(words: dict[str, Any] | None, subjects: str) -> _Household | None:
    if words is None:
        return None
    objects = {_key(word): ours for word, ours in words["objects"].items()}
    return _Household(
        subject=words["subject"],
        verbs={_key(verb): agreed for verb, agreed in words["verbs"].items()},
        possessives={_key(w): ours for w, ours in words["possessives"].items()},
        objects=objects,
        objects_pattern=re.compile(
            _BEFORE + f"(?:{_words(list(objects))})" + _AFTER, re.IGNORECASE
        ),
        subject_pattern=re.compile(_BEFORE + f"(?:{subjects})" + _AFTER, re.IGNORECASE),
    )


def _read_coordination(
    words: dict[str, Any] | None, subjects: str
) -> _Coordination | None:
    if words is None:
        return None
    joins = _words(words["joins"])
    other = r"[^\W\d_]+"
    return _Coordination(
        before=re.compile(
            rf"{_BEFORE}(?P<other>{other})\s+(?:{joins})\s+(?P<subject>{subjects})"
            + _AFTER,
            re.IGNORECASE,
        ),
        after=re.compile(
            rf"{_BEFORE}(?P<subject>{subjects})\s+(?:{joins})\s+(?P<other>{other})"
            + _AFTER,
            re.IGNORECASE,
        ),
        joins=frozenset(_key(w) for w in words["joins"]),
        plural_verbs=frozenset(_key(w) for w in words["plural_verbs"]),
        base_is_plural=bool(words["base_is_plural"]),
        singular_only=frozenset(_key(w) for w in words["singular_only"]),
        plural_endings=tuple(words["plural_endings"]),
        determiners=frozenset(_key(w) for w in words["determiners"]),
        clause_leads=frozenset(_key(w) for w in words["clause_leads"]),
        singular_verbs={
            _key(verb): one for verb, one in words["singular_verbs"].items()
        },
    )


def _possessive_words(table: dict[str, Any]) -> str:
    """The possessives as alternatives; those in `as_written` match only in
    their letter case ("mine", never German "Mine", a pen's refill)."""
    exact = set(table.get("as_written", ()))
    words = [w for w in table["possessives"] if w not in exact]
    alternatives = [_words(words)] if words else []
    alternatives += [f"(?-i:{_words([w])})" for w in table["possessives"] if w in exact]
    return "|".join(alternatives)


# Read once, on import (off Home Assistant's event loop): a teller's name is
# checked on the loop (operations/persons.py).
_TABLES: Final[dict[str, _Table]] = {
    path.name.split(".")[1]: _read(path)
    for path in sorted(_FOLDER.glob("statements.*.json"))
}


@cache
def _tables(language: str | None) -> tuple[_Table, ...]:
    """The household language's words, and English's: a home asks in both."""
    base = base_language(language, _ENGLISH)
    names = dict.fromkeys((base, _ENGLISH))
    return tuple(_TABLES[name] for name in names if name in _TABLES)


def _like(said: str, word: str) -> str:
    """`word` capitalised as `said` was ("Habe ich" -> "Hat Anna")."""
    return word[:1].upper() + word[1:] if said[:1].isupper() else word


def possessive(name: str, language: str | None = None) -> str:
    """The name's possessive in the household's language ("Anna's", "Max'")."""
    return _possessive(name, _tables(language)[0])


def says_own(text: str, language: str | None = None) -> bool:
    """Whether `text` speaks of its speaker in the first person ("where is
    my car", "wo ist mein Auto"): a question that asks about the asker."""
    return any(table.first_person.search(text) for table in _tables(language))


def teller_s_own(word: str) -> bool:
    """Whether one word is the teller's possessive in any language's table
    ("my", "meinen"): whose a thing is, said so, in whichever language the
    household tells it (Ben's German note in an English home)."""
    return any(table.possessives.fullmatch(word) for table in _TABLES.values())


def name_joins() -> frozenset[str]:
    """The words that join names into one subject in any language's table
    ("Anna and Ben went out", "Anna und Ben sind spazieren gegangen"),
    folded: a memory told by voice is about each of them."""
    return frozenset().union(
        *(t.coordination.joins for t in _TABLES.values() if t.coordination)
    )


def speaks_of_speaker(word: str) -> bool:
    """Whether one word speaks of its speaker in any language's table ("me",
    "mich", "mir"): "what do you know about me" asks about the asker, in
    whichever language the household asks."""
    return any(table.first_person.search(word) for table in _TABLES.values())


def named_by_telling(name: str | None, told: str, said: str) -> bool:
    """Whether telling `said` as `told` put the teller's `name` into it
    ("my bike" -> "Anna's bike"): the name then joins the memory's people,
    on every path that names a teller (remember and update)."""
    if not name:
        return False
    return name.casefold() in told.casefold() and (
        name.casefold() not in said.casefold()
    )


def names_a_person(name: str, language: str | None = None) -> bool:
    """Whether `name` can stand for its teller in a memory: words, nothing
    hidden, short as a label, and no pronoun ("I", "Our"), what an account
    is called ("Administrator", "Owner", "Gast") or an id ("a3f9c2e1d4",
    "ben_2", "ben@example.org")."""
    name = name.strip()
    if not name or len(name) > MAX_LABEL_CHARS or has_hidden(name):
        return False
    if not has_words(name) or _ID_LIKE.search(name):
        return False
    folded = _key(" ".join(name.split()))
    return not any(
        folded in table.pronouns or folded in table.account_words
        for table in _tables(language)
    )


# A digit anywhere, or what only usernames, addresses and ids are made of.
_ID_LIKE: Final = re.compile(r"[\d_@/\\:#{}<>|=+*]")


def as_household(text: str, language: str | None = None) -> str | None:
    """`text` with its teller's first person told as the household's, for a
    language whose verbs change with it ("ich habe" -> "wir haben", "habe
    ich" -> "haben wir", "mein" -> "unser", "mir" -> "uns"); None when a
    first person is left whose verb the table cannot agree ("ich
    repariere"). A language without such words (English: statements.py
    says "we" for "I" with any verb) is returned unchanged."""
    for table in _tables(language):
        if table.household is None:
            continue
        changed = _as_household(text, table, table.household)
        if changed is None:
            return None
        text = changed
    return text


def _as_household(text: str, table: _Table, ours: _Household) -> str | None:
    def agree(match: re.Match[str]) -> str | None:
        if match.groupdict().get("joined") is not None:
            return None
        agreed = ours.verbs.get(_key(match.group("verb")))
        if agreed is None:
            return None
        return f"{_like(match.group('subject'), ours.subject)} {agreed}"

    agreed = _agreed(text, table, ours.subject, ours.verbs, agree)
    if agreed is None or ours.subject_pattern.search(agreed):
        return None
    text = table.possessives.sub(
        lambda m: _like(m.group(), ours.possessives[_key(m.group())]), agreed
    )
    return ours.objects_pattern.sub(
        lambda m: _like(m.group(), ours.objects[_key(m.group())]), text
    )


def told_by(text: str, name: str, language: str | None = None) -> str | None:
    """`text` with its speaker's first person told as `name` (see the module
    text); None when a first person is left that cannot be told so, or the
    name cannot name anyone (a pronoun such as "I" or "Our", or longer than
    a person's label may be)."""
    tables = _tables(language)
    if len(name) > MAX_LABEL_CHARS or any(_key(name) in t.pronouns for t in tables):
        return None
    for table in tables:
        changed = _named(text, name, table)
        if changed is None:
            return None
        text = changed
    return text


def _named(text: str, name: str, table: _Table) -> str | None:
    def agree(match: re.Match[str]) -> str | None:
        if (joined := match.groupdict().get("joined")) is not None:
            return f"{name} {table.joined_verbs[_key(joined)]}"
        verb = match.group("verb")
        agreed = table.verbs.get(_key(verb))
        if agreed is None and _unchanged(_key(verb), table.unchanged_verbs, table):
            agreed = verb  # "I parked", "I bought" -> "Anna parked", "… bought"
        return None if agreed is None else f"{name} {agreed}"

    coordinated = _coordinated(_objects_named(text, name, table), name, table)
    if coordinated is None:
        return None
    agreed = _agreed(
        coordinated,
        table,
        name,
        table.verbs,
        agree,
        table.unchanged_verbs,
    )
    if agreed is None or table.leftover.search(agreed):
        return None
    owned = _possessive(name, table)
    return table.possessives.sub(lambda _: owned, agreed)


def _objects_named(text: str, name: str, table: _Table) -> str:
    """Object pronouns told as `name` ("Ben gave me the key" -> "… gave Anna
    …", "nur für mich" -> "nur für Anna"), or as the table's reflexive where
    the speaker is their clause's subject ("ich freue mich" -> "… sich")."""
    if table.objects is None:
        return text

    def one(match: re.Match[str]) -> str:
        if table.reflexive is not None and not text[: match.start()].strip():
            # "Mir ist kalt": a feeling, not a thing done to someone; kept,
            # so nothing is named.
            return match.group()
        if table.reflexive is not None:
            start = max(text.rfind(c, 0, match.start()) for c in _CLAUSE_ENDS) + 1
            ends = [i for c in _CLAUSE_ENDS if (i := text.find(c, match.end())) >= 0]
            if table.subject.search(text[start : min(ends, default=len(text))]):
                return table.reflexive
        return name

    return table.objects.sub(one, text)


_CLAUSE_ENDS: Final = ",;:!?"
_WORD: Final = re.compile(r"[^\W\d_]+(?:['\u2019][^\W\d_]+)?")


def _coordinated(text: str, name: str, table: _Table) -> str | None:
    """The speaker of a plural subject told as `name`, its verb kept ("Ben
    and I are" -> "Ben and Anna are", "ich und Ben haben" -> "Anna und Ben
    haben", "haben Ben und ich den Film" -> "… Ben und Anna …"). Where "and
    I" may open a clause of its own ("I called Ben and I have a cold"), only
    a plural-only verb or a subject that opens its clause says it is one."""
    words = table.coordination
    if words is None:
        return text

    def plural(word: str) -> bool | None:
        """True: only a plural agrees; None: a plural or the speaker's own."""
        folded = _key(word)
        if folded in words.plural_verbs:
            return True
        if folded in words.singular_only or folded in table.unchanged_verbs:
            return False
        if words.base_is_plural and table.verbs.get(folded, folded) != folded:
            return None
        if folded in table.verbs:
            return False
        return bool(words.plural_endings) and folded.endswith(words.plural_endings)

    def opens(before: str) -> bool:
        """Whether what is before the other person leaves them first in
        their clause ("that Ben and I", "Yesterday, my wife and I")."""
        found = [_key(w) for w in _WORD.findall(before.rsplit(",", 1)[-1])]
        while found and (
            found[-1] in words.determiners or table.possessives.fullmatch(found[-1])
        ):
            found.pop()
        if not found:
            return True
        return found[-1] in words.clause_leads or plural(found[-1]) is True

    def told(match: re.Match[str], follows: str, before: str) -> str:
        if _key(match.group("other")) == _key(name):
            # The teller names themself beside "I": only `_alone` tells it.
            return match.group()
        after = _WORD.match(follows.lstrip())
        verb = plural(after.group()) if after else False
        earlier = _WORD.findall(before)
        # "haben Ben und ich den Film": the plural verb came first; "…
        # mit den Kindern und ich habe Spaß" is a clause of its own.
        fronted = (
            bool(earlier)
            and _key(earlier[-1]) in words.plural_verbs
            and not (after and _key(after.group()) in table.verbs)
        )
        if not (verb is True or (verb is None and opens(before)) or fronted):
            return match.group()
        start, end = (i - match.start() for i in match.span("subject"))
        return match.group()[:start] + name + match.group()[end:]

    alone = _alone(text, name, table, words)
    if alone is None:
        return None
    text = alone
    text = words.before.sub(lambda m: told(m, text[m.end() :], text[: m.start()]), text)
    return words.after.sub(lambda m: told(m, text[m.end() :], text[: m.start()]), text)


def _alone(text: str, name: str, table: _Table, words: _Coordination) -> str | None:
    """ "Ben und ich haben", said by Ben, as "Ben hat" (and "Ben and I
    started" as "Ben started"): one person, the verb told of one
    (`singular_verbs`, or a past the same in every person). Where the verb
    cannot be, None: nothing is named (never "Ben und Ben")."""
    for pattern in (words.before, words.after):
        for match in reversed(list(pattern.finditer(text))):
            if _key(match.group("other")) != _key(name):
                continue
            verb = _WORD.match(text, match.end() + 1)
            if verb is None or text[match.end() : verb.start()] != " ":
                return None
            key = _key(verb.group())
            one = words.singular_verbs.get(key) or (
                verb.group() if _unchanged(key, table.unchanged_verbs, table) else None
            )
            if one is None:
                return None
            said = f"{name} {_like(verb.group(), one)}"
            text = text[: match.start()] + said + text[verb.end() :]
    return text


def _agreed(
    text: str,
    table: _Table,
    who: str,
    verbs: Mapping[str, str],
    agree: Callable[[re.Match[str]], str | None],
    unchanged: frozenset[str] = frozenset(),
) -> str | None:
    """`text` with each subject and its verb told of `who`: "ich habe" as
    `agree` says (None: it cannot), "habe ich" after a lead with the verb
    from `verbs`, elsewhere not at all ("Tom mag ich"). None when one could
    not be told."""
    unagreed = False

    def subject_verb(match: re.Match[str]) -> str:
        nonlocal unagreed
        told = agree(match)
        if told is None:
            unagreed = True
            return match.group()
        return told

    def verb_subject(match: re.Match[str]) -> str:
        nonlocal unagreed
        if not _inverted_after_a_lead(text[: match.start()], table):
            unagreed = True
            return match.group()
        verb = match.group("verb")
        agreed = verbs.get(
            _key(verb), verb if _unchanged(_key(verb), unchanged, table) else None
        )
        if agreed is None:
            unagreed = True
            return match.group()
        return f"{_like(verb, agreed)} {who}"

    # "habe ich" first: in "morgen habe ich Zeit" the "ich Zeit" is no verb.
    if table.verb_subject is not None:
        text = table.verb_subject.sub(verb_subject, text)
    text = table.subject_verb.sub(subject_verb, text)
    return None if unagreed else text


def _unchanged(verb: str, unchanged: frozenset[str], table: _Table) -> bool:
    """A past the same in every person: listed ("ging", "bought") or by its
    ending ("parked", "fütterte"), not one only a present has ("bewerte")."""
    return verb in unchanged or (
        verb.endswith(table.unchanged_verb_endings)
        and not verb.endswith(table.not_past_endings)
    )


def _inverted_after_a_lead(before: str, table: _Table) -> bool:
    """Whether the clause before "habe ich" opens with a word that lets the
    verb come before its subject ("Morgen habe ich Zeit", "Am Montag bin
    ich ..."). Another opening is the verb's object ("Tom mag ich nicht",
    "Meine Schwester liebe ich"), and a verb first asks: both unnamed."""
    # A date's full stop ("29. November") ends no clause.
    clause = re.split(r"[,;:!?]|(?<!\d)\.", before)[-1]
    words = [_key(word) for word in re.findall(r"[^\W\d_]+|\d+", clause)]
    while words and words[0] in table.clause_joins:
        words = words[1:]
    if not words:
        return False
    return words[0] in table.inversion_leads or words[0].isdigit()


def _possessive(name: str, table: _Table) -> str:
    folded = name.casefold()
    if any(folded.endswith(ending) for ending in table.sibilant_endings):
        return table.possessive_sibilant.format(name=name)
    return table.possessive.format(name=name)
