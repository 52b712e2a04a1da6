"""Person-centred retrieval: the people a query names, and their memories.

"What does Anna like?" is about Anna: of two memories that match it equally,
the one about Anna (Anna among its people) is the better answer, and one that
only mentions her in passing ("Ben told Anna about the concert") the weaker.
A person counts as named when every word of their label is a word of the
query, compared case-folded, so "Anna's" names Anna and "Grandma Rosa" needs
both words. `without_names` is the query with its people's names taken
out: what else it asks about, which a memory must match to pass a floor.
"""

from __future__ import annotations

from dataclasses import fields
from functools import lru_cache
import re
from typing import TYPE_CHECKING, Final
import unicodedata

from ..common.values import MemoryFilter
from ..text.fts_query import STOPWORDS, plainly_english
from ..text.naming import name_joins
from ..text.statement_words import statement_words
from ..text.word_forms import word_forms
from ..time.phrases import languages_to_try, phrases
from ..time.spoken import opening_date
from .purposes import asked_purpose, asks_a_deed, purpose_of

if TYPE_CHECKING:
    from collections.abc import Callable, Collection, Iterable, Mapping

    from ..common.values import Caller
    from ..storage.candidates import CandidateQueries
    from ..text.statement_words import StatementWords
    from .fusion import Relevance

_WORD = re.compile(r"[^\W_]+", re.UNICODE)
# A word said as an owner, its "'s" after it ("Rosa's neighbour").
_POSSESSIVE = re.compile(r"([^\W_]+)['\u2019]s\b", re.UNICODE)
# The longest text whose words are kept (a question, a name).
_KEPT_LENGTH = 300
# How relevant a memory holding the one word of a query is at least
# (`holding_the_one_word`): over the recall's floor (0.35), under a strict
# caller's.
ONE_WORD_RELEVANCE: Final = 0.5


def words(text: str) -> frozenset[str]:
    """The case-folded words of a text (a short one's kept: a search asks
    for each name's and the question's many times)."""
    return _short_words(text) if len(text) <= _KEPT_LENGTH else _words(text)


def _words(text: str) -> frozenset[str]:
    return frozenset(_WORD.findall(text.casefold()))


# As many as word_forms keeps: the same memories' texts come back.
_short_words = lru_cache(maxsize=8192)(_words)


def named_people(query: str, people: Iterable[str]) -> frozenset[str]:
    """Those of `people` whose every word is a word of `query`."""
    asked = words(query)
    return frozenset(
        person for person in people if (label := words(person)) and label <= asked
    )


def _name_forms(word: str) -> tuple[str, str]:
    """A name's word and its genitive without an apostrophe ("Annas PIN",
    German; "Anna's" splits into "anna" and "s" already)."""
    return word, f"{word}s"


def without_names(query: str, people: Iterable[str]) -> str | None:
    """`query` without the words that name one of `people` (None: it names
    no one). A person is named as in `named_people`, or with every word of
    their label in its genitive ("was ist Annas PIN")."""
    asked = words(query)
    names: set[str] = set()
    for person in people:
        label = words(person)
        if label and all(asked & set(_name_forms(word)) for word in label):
            names.update(form for word in label for form in _name_forms(word))
    if not names:
        return None
    # The whole word, with its apostrophe and s ("Anna's").
    named = re.compile(
        r"(?<![^\W_])(?:"
        + "|".join(re.escape(name) for name in sorted(names, key=len, reverse=True))
        + r")(?:['\u2019]s)?(?![^\W_])",
        re.IGNORECASE,
    )
    return " ".join(named.sub(" ", query).split())


def about_others(
    query: str,
    people: Mapping[int, Iterable[str]],
    asker: str | None = None,
    known: Iterable[str] = (),
) -> set[int]:
    """The memories whose people are all others than those `query` names
    (and than `asker`, given where the query speaks of the asker): not the
    answer to a question about someone ("what am I allergic to", "what is
    Ben allergic to" are not "Anna is allergic to penicillin", new-user
    review s18). A name is known from `known` too (everyone memories are
    about): "what is Anna afraid of" names her when none of the candidates
    is hers (review s21). A memory naming no one may be anyone's."""
    everyone = {person for found in people.values() for person in found}
    everyone.update(known)
    named = {words(person) for person in named_people(query, everyone)}
    if asker:
        named.add(words(asker))
    if not named:
        return set()
    return {
        rowid
        for rowid, found in people.items()
        if found and not any(words(person) in named for person in found)
    }


def others_than_asked(
    candidates: CandidateQueries,
    query: str,
    rowids: Collection[int],
    asker: str | None,
    known: Collection[str],
) -> set[int]:
    """Of `rowids`, those `about_others` than the people `query` names (of
    `known` too) and `asker`, but for those whose text names one it names:
    "Leo had a fever so Anna kept him home", whose people are Anna (her
    "I"), is about Leo too (review s24 H1: "when was Leo sick" was "I
    don't know" once Leo was among another memory's people)."""
    if not rowids:
        return set()
    known = {*known, *candidates.household}
    query = without_recipients(query, known)
    people = told_people(candidates, rowids, known)
    others = about_others(query, people, asker, known=known)
    labels = [words(person) for person in named_people(query, known)]
    if not labels or not others:
        return others
    # Not where it says them only as an owner ("Ben bought flowers for
    # Anna's birthday" for "what did Anna buy"), unless the query does, nor
    # only as what a deed was for where the query asks who did it ("Ben
    # bought a book for Anna" for "what did Anna buy for Ben", review s31
    # M2; "tell me about Anna" still reads it).
    owned = not all(label <= unpossessed_words(query) for label in labels)
    deed = asks_a_deed(query, None)
    kin = people_asked(query)
    return others - {
        rowid
        for rowid, text in candidates.contents(sorted(others)).items()
        if any(
            label <= words(text)
            and (owned or label <= unpossessed_words(text))
            and not (deed and label <= _purpose_words(text))
            for label in labels
        )
        or any(_owns_asked(text, label, kin) for label in labels)
    }


def people_asked(query: str) -> frozenset[str]:
    """The person words `query` says of someone's ("Does Anna have a
    sister?": sister), a word for several as the ones it names
    ("siblings": brother, sister), in any language (statements'
    `owned_people`, `people_groups`)."""
    said = words(query)
    found: set[str] = set(said & _OWNED_PEOPLE)
    for language in ("en", "de"):
        for group, members in statement_words(language).people_groups.items():
            if group in said:
                found |= members
    return frozenset(found)


def _owns_asked(text: str, label: frozenset[str], kin: frozenset[str]) -> bool:
    """Whether `text` says the name `label` only as the owner of a person
    the question asks of (`owning_asked`)."""
    return owning_asked(text, kin) and any(
        only_owned(text, label, statement_words(language)) for language in ("en", "de")
    )


def owning_asked(text: str, kin: frozenset[str]) -> bool:
    """Whether `text` says a person the question asks someone has
    (`people_asked`): "Anna's sister Julia lives in Hamburg" answers "Does
    Anna have any siblings?" though it names Anna as an owner only
    (session 45); "Anna's neighbour …" does not."""
    return not kin.isdisjoint(words(text))


def _purpose_words(text: str) -> frozenset[str]:
    """The words a memory names as what its deed was for, in any language
    ("anna" of "Ben bought a book for Anna"; search/purposes.py)."""
    return frozenset(
        word
        for language in ("en", "de")
        for word in purpose_of(text, statement_words(language))
    )


def without_recipients(query: str, known: Collection[str]) -> str:
    """`query` without the people it names as its deed's purpose ("what
    did Anna buy for Ben", "Was hat Anna für Ben gekauft"): it asks what
    Anna did, and Ben's own purchases are no answer (review s30b M6)."""
    purpose = set(asked_purpose(query, None))
    if not purpose:
        return query
    recipients = [p for p in named_people(query, known) if words(p) <= purpose]
    return (without_names(query, recipients) or query) if recipients else query


def told_people(
    candidates: CandidateQueries, rowids: Collection[int], known: Collection[str]
) -> dict[int, list[str]]:
    """The people each of `rowids` is about: its own, else the name of
    `known` (and of everyone memories are about) its text opens with as
    its subject (`told_subject`). A memory told by voice is stored without
    its people (review s30b M1: "remember that Ben got up last night …"
    answered "did Anna get up in the night"); read from its text at
    search time, those told before are about their subject too."""
    people = candidates.people_of(sorted(rowids))
    rest = [rowid for rowid in sorted(rowids) if rowid not in people]
    if not rest:
        return people
    subjects = _subjects_among(frozenset({*known, *candidates.everyone()}))
    for rowid, text in candidates.contents(rest).items():
        if (told := subjects.told(text)) is not None:
            people[rowid] = list(told)
    return people


class _Subjects:
    """Whom each text is told of, among one set of names (`told_people`):
    the subject and the names joined to it, read once for each text, as
    the same candidates come back question after question."""

    __slots__ = ("_labels", "_told")

    def __init__(self, names: frozenset[str]) -> None:
        self._labels = _longest_first(names)
        self._told: dict[str, tuple[str, ...] | None] = {}

    def told(self, text: str) -> tuple[str, ...] | None:
        if text in self._told:
            return self._told[text]
        if len(self._told) >= _SUBJECTS_KEPT:
            del self._told[next(iter(self._told))]  # the oldest
        subject = _subject_of(text, self._labels)
        found = (
            None
            if subject is None
            else (subject, *_joined_to(text, subject, self._labels))
        )
        self._told[text] = found
        return found


# Texts whose subject is kept, for each of the few latest sets of names.
_SUBJECTS_KEPT: Final = 4_096


@lru_cache(maxsize=4)
def _subjects_among(names: frozenset[str]) -> _Subjects:
    """The subject reader for one set of names (the household's and the
    memories' people: it changes only when they do)."""
    return _Subjects(names)


def _joined_to(
    text: str, subject: str, labels: list[tuple[list[str], str]]
) -> list[str]:
    """The names of `labels` joined to `subject` where `text` first says it
    ("Anna and Ben went out …", "Anna, Ben und Lena …"; text/naming.py
    `name_joins`): one plural subject, each of them did it (review s32
    L7: "did Ben go out last night" read his getting up before the walk
    he and Anna took, which was Anna's alone)."""
    said = spelled_words(text[:_KEPT_LENGTH])
    own = next((label for label, name in labels if name == subject), None)
    if own is None:
        return []  # "Anna's mother": no name of its own
    starts = (i for i in range(len(said)) if said[i : i + len(own)] == own)
    if (at := next(starts, None)) is None:
        return []
    at += len(own)
    joined: list[str] = []
    while True:
        if at < len(said) and said[at] in _JOINS:
            at += 1
        found = next((f for f in labels if said[at : at + len(f[0])] == f[0]), None)
        if found is None or said[at + len(found[0]) :][:1] == ["s"]:
            return joined  # no name, or an owner ("Anna, Ben's sister, …")
        joined.append(found[1])
        at += len(found[0])


def by_names_alone(
    candidates: CandidateQueries,
    query: str,
    keyword: dict[int, float],
    known: Collection[str],
) -> dict[int, float]:
    """`keyword`'s scores, those of the memories that hold none of the
    query's words but the names it says (of `known`) made one, the least
    of them: naming Ben is all "Ben made coffee" shares with "did Ben get
    up", and BM25 put such a short memory ahead of the longer one telling
    his getting up only by its length; the meaning decides between them
    (CI, commit 9ce43dc: "Ist Ben heute Morgen aufgestanden" listed his
    other deeds of the morning first)."""
    names = {word for person in named_people(query, known) for word in words(person)}
    if not names or len(keyword) < 2:
        return keyword
    terms = candidates.query_terms(query)
    rest = [term for term in terms if term.casefold() not in names]
    if len(rest) == len(terms):
        return keyword
    held = candidates.holding(rest, list(keyword)) if rest else {}
    saying = set().union(*held.values())
    alone = [rowid for rowid in keyword if rowid not in saying]
    if len(alone) < 2:
        return keyword
    least = min(keyword[rowid] for rowid in alone)
    return {**keyword, **dict.fromkeys(alone, least)}


def holding_the_one_word(
    candidates: CandidateQueries,
    query: str,
    keyword: Mapping[int, float],
    fused: dict[int, Relevance],
) -> set[int]:
    """Of the keyword hits of a query of one word ("Anna", "anna", "Tom"),
    those that hold it, each made at least ONE_WORD_RELEVANCE relevant in
    `fused`: asked by a name alone, every memory naming it is an answer,
    whatever language it was written in. In a German home the
    multilingual model put "Tom repaired the car" (own relevance 0.33)
    under the recall's floor (0.35) and the stand-out floor, beside "Anna
    hat den Müll rausgebracht", and "anna" nearer than "Anna" (review s37
    finding 10). Half relevant, not whole: a caller's strict
    `min_relevance` still decides (the first fix let them past 1.0)."""
    terms = candidates.query_terms(query)
    if not (len(terms) == 1 or one_trade(terms)) or not keyword:
        return set()
    held = candidates.holding(terms, list(keyword))
    holding = set().union(*(held.get(term, set()) for term in terms))
    for rowid in holding & fused.keys():
        rel = fused[rowid]
        fused[rowid] = rel._replace(
            relevance=max(rel.relevance, ONE_WORD_RELEVANCE),
            own=max(rel.own, ONE_WORD_RELEVANCE),
        )
    return holding


def one_trade(words: Collection[str]) -> bool:
    """Whether `words` are all words of one trade or calling,
    in any language (`roles`, a visitor not listed names its own): "Wer ist
    der Zahnarzt?" searched as "zahnarzt dentist" asks one thing, as "Wer
    ist der Zahnarzt?" alone did (`holding_the_one_word`)."""
    tables = [statement_words(other) for other in languages_to_try(None)]
    trades = {
        table.roles.get(word, word)
        for word in words
        for table in tables
        if word in table.roles or word in table.visitors
    }
    known = {
        word
        for word in words
        if any(word in table.roles or word in table.visitors for table in tables)
    }
    return bool(known) and len(known) == len(set(words)) and len(trades) == 1


def told_subject(text: str, names: Iterable[str]) -> str | None:
    """The one of `names` `text` opens with as its subject ("Ben got up
    last night …", "Ben ist letzte Nacht aufgestanden"), the longest where
    several do ("Grandma Rosa", not "Grandma"); an owner is none ("Anna's
    car is …", "Annas Auto …": the car is the subject). A second person
    the text names ("Anna drove Ben …") is not its subject, but a question
    of them still finds it by the name in its text (`others_than_asked`)."""
    return _subject_of(text, _longest_first(names))


def _longest_first(names: Iterable[str]) -> list[tuple[list[str], str]]:
    """Each of `names` (but those of no words) with its spelled words, the
    longest first (in their order where as long): spelled once for all
    the texts a search reads (`told_people`)."""
    labels = [(label, name) for name in names if (label := spelled_words(name))]
    labels.sort(key=lambda labelled: len(labelled[0]), reverse=True)
    return labels


def _subject_of(text: str, labels: list[tuple[list[str], str]]) -> str | None:
    """`told_subject` of `text` among `_longest_first`'s `labels`, after a
    date the integration wrote first where it did ("On the night of Monday
    30 November Ben got up …", "In der Nacht auf Dienstag, 1. Dezember ist
    Ben aufgestanden", its verb before the name; review s31 M1)."""
    opening = opening_date(text)
    end, language = opening or (0, None)
    said = spelled_words(text[end:_KEPT_LENGTH])
    subject = _named_first(said, labels)
    if subject is None and phrases(language)["spoken"].get("subject_after_verb"):
        rest = text[end:].lstrip()
        if opening and rest[:1].islower():  # the verb, a name's capital after it
            subject = _named_first(said[1:], labels)
    return subject or _another_name(text[end:_KEPT_LENGTH], labels, after=bool(end))


def _another_name(
    text: str, labels: list[tuple[list[str], str]], *, after: bool = False
) -> str | None:
    """The name no one of `labels` has that `text` opens with as a deed's
    doer ("Zoe got up last night …": someone else's night, no answer to
    "did Anna get up", review s31 M1), by an English verb, or in German
    (`_german_doer`). Words for everyone ("Everyone went …") and kin
    ("Grandma", "Dad") name no other. `after`: `text` follows a date the
    integration wrote first."""
    found = _WORD.findall(text)[:_GERMAN_CLAUSE]
    if len(found) < 2:
        return None
    name: str | None = None
    if _is_titled(found[0]) and found[1].islower() and _a_deed_done(found[1]):
        name = spelled_words(found[0])[0]
        name = None if name in _NOT_ANOTHER else name
    else:
        name = _german_doer(found, after)
    if name is None or any(label[0] == name for label, _ in labels):
        return None
    return name


# The words a German told deed is read in: its doer, auxiliary and participle.
_GERMAN_CLAUSE: Final = 12


def _german_doer(found: list[str], after: bool) -> str | None:
    """The capitalised word a German told deed has where its subject stands
    ("Zoe ist letzte Nacht aufgestanden", after the integration's date "…
    ist Zoe aufgestanden"), its auxiliary beside it and a participle after
    (statements.de.json), where the language's word lists know no word of
    its family (`_known_in_german`): German capitalises every noun, so
    "Besuch ist gekommen", "Oma ist gekommen", "Milch ist alle" name no one
    (review s32 M2: "Zoe ist …" answered "Ist Max letzte Nacht
    aufgestanden?")."""
    table = statement_words("de")
    if table.participle is None:
        return None
    first, second = found[0], found[1]
    if _is_titled(first) and second.casefold() in table.auxiliaries:
        doer, rest = first, found[2:]
    elif after and first.casefold() in table.auxiliaries and _is_titled(second):
        doer, rest = second, found[2:]
    else:
        return None
    if not any(
        word.islower() and re.fullmatch(table.participle, word) for word in rest
    ):
        return None
    name = spelled_words(doer)[0]
    return None if _known_in_german(name) else name


@lru_cache(maxsize=1)
def _german_stems() -> frozenset[str]:
    """The stems of every word the German statement table lists (and its
    word families' synonyms): the model of German the text layer has."""
    table, forms = statement_words("de"), word_forms("de")
    listed: set[str] = set()
    for field in fields(table):
        value = getattr(table, field.name)
        if isinstance(value, frozenset):
            listed.update(word for word in value if isinstance(word, str))
    stems = {forms.stem(word) for word in listed}
    return frozenset(stems.union(*forms.synonyms))


def _known_in_german(name: str) -> bool:
    """Whether `name` is a word the German tables know, by its family
    ("Besuch" of "besuchen"), or one for kin, the household or a visitor:
    a noun, no other person's name."""
    table = statement_words("de")
    return (
        name in STOPWORDS
        or name in table.stop
        or name in table.kin
        or name in table.owned_people
        or name in table.whole_household
        or name in table.unnamed_people
        or name in table.visitors
        or word_forms("de").stem(name) in _german_stems()
    )


def _a_deed_done(word: str) -> bool:
    """Whether `word` is a verb of something done ("got", "called"; the
    English time table's past words), not "was" or "had", which a thing
    opens with as well ("Dinner was late")."""
    table = phrases("en")
    return word not in STOPWORDS and (
        word in table["past_markers"]
        or re.fullmatch(table["past_pattern"], word) is not None
    )


def _named_first(said: list[str], labels: list[tuple[list[str], str]]) -> str | None:
    """The one of `labels` the words `said` open with; where the name opens
    them as the owner of a person ("Anna's mother got up …", "Annas Mutter
    …"), that person, another than the name's (review s31 M1: "did Anna get
    up last night" read her mother's night first); as the owner of a thing
    ("Anna's car"), none."""
    for label, name in labels:
        size = len(label)
        if said[:size] == label:
            if said[size : size + 1] != ["s"]:
                return name
            owned = said[size + 1 : size + 2]
            return " ".join(said[: size + 2]) if _a_person(owned) else None
        if said[: size - 1] == label[:-1] and said[size - 1 : size] == [
            f"{label[-1]}s"
        ]:  # German genitive, "Annas Mutter"
            owned = said[size : size + 1]
            return " ".join(said[: size + 1]) if _a_person(owned) else None
    return None


# The words that join names into one subject, in every language.
_JOINS: Final = name_joins()
# The people a name may own ("mother", "Mutter"), in every language.
_OWNED_PEOPLE: Final = frozenset().union(
    *(statement_words(language).owned_people for language in ("en", "de"))
)


# The words that open a memory with a capital but name no other person.
_NOT_ANOTHER: Final = STOPWORDS.union(
    *(
        words
        for table in (statement_words("en"),)
        for words in (
            table.unnamed_people,
            table.owned_people,
            table.whole_household,
            table.kin,
        )
    )
)


def _a_person(owned: list[str]) -> bool:
    """Whether what a name owns is a person ("Anna's mother"), not a thing
    ("Anna's car": hers, and an answer about her)."""
    return bool(owned) and owned[0] in _OWNED_PEOPLE


def telling_of_someone(
    candidates: CandidateQueries, rowids: Collection[int], language: str | None
) -> set[int]:
    """Of `rowids`, those that tell of a person they cannot name ("someone
    was busy in the kitchen, probably making dinner"): that one may be
    whoever a question asks of, so the memory is not only about the people
    it names (household replay: "when did Ben cook dinner" put the evening
    Anna came home and someone cooked after that day's memories of Ben)."""
    unnamed = statement_words(language).unnamed_people
    if not rowids or not unnamed:
        return set()
    return {
        rowid
        for rowid, text in candidates.contents(sorted(rowids)).items()
        if not unnamed.isdisjoint(words(text))
    }


def _is_titled(word: str) -> bool:
    """A name's word: a capital, then small letters ("Rosa"; not "I", "PIN",
    "TV", "INV")."""
    return len(word) > 1 and word[0].isupper() and word[1:].islower()


def mostly_titled(text: str) -> bool:
    """Whether `text` is written as a title: more than half the words after
    its first capitalised, a function word among them ("When Did We Go To
    The Zoo"), whose capitals say no names (recheck s24 N2: the whole
    question was one name and nothing answered). "When did Grandma Rosa
    come" is no title (review s25: its names were no longer read)."""
    found = _WORD.findall(text)[1:]
    titled = [word for word in found if _is_titled(word)]
    return 2 * len(titled) > len(found) and any(
        word.casefold() in STOPWORDS for word in titled
    )


def title_names(text: str) -> list[str]:
    """The names a title says (`mostly_titled`): its runs of two or more
    capitalised words that are no function words ("Grandma Rosa", "Phone
    Number" of "What Is Grandma Rosa's Phone Number"; recheck s25: a title
    said no names, and Grandma Hilde's number answered)."""
    return [
        " ".join(run)
        for found in capitalised_runs(text)
        for run in _split_at_function_words(found.split())
        if len(run) > 1
    ]


def _split_at_function_words(words: list[str]) -> list[list[str]]:
    runs: list[list[str]] = [[]]
    for word in words:
        if word.casefold() in STOPWORDS:
            runs.append([])
        else:
            runs[-1].append(word)
    return runs


def spelled_words(text: str) -> list[str]:
    """`text`'s words in order, case-folded and without their accents:
    "Zoë" as speech to text writes it, "zoe"."""
    bare = unicodedata.normalize("NFKD", text.casefold())
    if bare.isascii():
        return _WORD.findall(bare)
    return _WORD.findall("".join(c for c in bare if not unicodedata.combining(c)))


def capitalised_runs(query: str, *, from_first: bool = False) -> list[str]:
    """The runs of capitalised words after `query`'s first word ("Grandma
    Rosa" of "when did Grandma Rosa come"), each of words apart by spaces
    alone: in a language that capitalises only names, the names it says,
    whether or not memories are about them (told without their people).
    "I", "PIN" and "TV" are no names. `from_first`: the first word too (a
    memory's text, whose first word's capital may be its name's)."""
    runs: list[list[str]] = []
    end = -1
    for number, found in enumerate(_WORD.finditer(query)):
        word = found.group()
        if (number == 0 and not from_first) or not _is_titled(word):
            end = -1
            continue
        if end >= 0 and query[end : found.start()].isspace():
            runs[-1].append(word)
        else:
            runs.append([word])
        end = found.end()
    return [" ".join(run) for run in runs]


def said_names(query: str, known: Collection[str]) -> set[str]:
    """The names `query` says by their capitals that are no known person's
    (`capitalised_runs`), where it is plainly English, which capitalises
    only names; of a title, its runs of several words without function
    words (`title_names`): "Grandma Rosa", told without her people, is a
    name whose memories must match what else is asked (recheck s23 R2: her
    phone number answered "when did Grandma Rosa come"). German capitalises
    every noun: there, the name where the subject stands (`asked_names`)."""
    taken = set().union(*(words(p) for p in named_people(query, known)))
    if plainly_english(query):
        runs = title_names(query) if mostly_titled(query) else capitalised_runs(query)
    else:
        runs = sorted(asked_names(query))
    return {run for run in runs if not words(run) <= taken}


def asked_names(query: str) -> frozenset[str]:
    """The capitalised word a question says where its subject stands, in a
    language that capitalises every noun (the statements' `asked_name`:
    "Max" of "Ist Max letzte Nacht aufgestanden?", not "Ben" of "Hat Ben
    Milch gekauft?"): "Max" was read as no name, and Ben's nights answered
    (review s31 M1)."""
    text = query.strip()
    text = text[:1].lower() + text[1:]
    return frozenset(
        found.group("name")
        for language in ("en", "de")
        if (pattern := statement_words(language).asked_name) is not None
        and (found := pattern.match(text)) is not None
    )


def naming_in_text(
    candidates: CandidateQueries,
    named: set[str],
    passing: list[int],
    decided: set[int],
) -> list[int]:
    """Of `passing` but for those `decided`, the memories not about any of
    the `named` people but naming one in their text ("Anna's surprise
    party is on Friday", told by Anna herself): the name is all they match
    of "what is Anna afraid of" too (final review s19)."""
    if not named:
        return []
    people = candidates.people_of(passing)
    rest = [
        rowid
        for rowid in passing
        if rowid not in decided and named.isdisjoint(people.get(rowid, ()))
    ]
    labels = [words(person) for person in named]
    return [
        rowid
        for rowid, text in candidates.contents(rest).items()
        if any(label <= words(text) for label in labels)
    ]


def named_at_home(
    candidates: CandidateQueries,
    names: set[str],
    caller: Caller,
    pool: int,
    owned: StatementWords | None = None,
) -> bool:
    """Whether a memory `caller` may see names one of `names` whole, at any
    time: then the name is a name, though no memory naming it passed. With
    `owned` (the statement table), a memory saying it only as another's
    owner does not count ("someone used Lena's room door" tells of her room,
    not of her: in a home that tracks nobody, "when did Lena last come home"
    found nothing, as if the home told of Lena and of none of her comings;
    household replay, s36)."""
    for name in names:
        label = words(name)
        hits = candidates.keyword_hits(name, caller, MemoryFilter(), pool)
        texts = candidates.contents([rowid for rowid, _ in hits.best])
        if any(
            label <= words(text)
            and (owned is None or not only_owned(text, label, owned))
            for text in texts.values()
        ):
            return True
    return False


def unpossessed_words(text: str) -> frozenset[str]:
    """The folded words of `text` but for those said only as another's owner
    ("Rosa's neighbour baked a cake": the neighbour baked it, not Rosa)."""
    said = words(text)
    owners = {word.casefold() for word in _POSSESSIVE.findall(text)}
    if not owners:
        return said
    alone = {word.casefold() for word in _WORD.findall(_POSSESSIVE.sub(" ", text))}
    return said - (owners - alone)


def kin_names(
    query: str, table: StatementWords, known: Callable[[str], bool]
) -> set[str]:
    """The names a question in a language that capitalises every noun says
    after a kinship word (the table's `kin`: "Oma Rosa" of "Was hat Oma
    Rosa gebacken");
    a name in its genitive before a noun ("Oma Rosas Nachbarin") as the
    name, where the home `known`s the name so ("Rosa": review s27b M2)."""
    said, kin, genitive = _WORD.findall(query), table.kin, table.genitive
    names: set[str] = set()
    for i, word in enumerate(said[:-1]):
        name = said[i + 1]
        if word.casefold() not in kin or not _is_titled(name):
            continue
        stem = name[: -len(genitive)] if genitive else ""
        if (
            stem
            and name.endswith(genitive)
            and i + 2 < len(said)
            and said[i + 2][:1].isupper()
            and known(f"{word} {stem}")
        ):
            name = stem
        names.add(f"{word} {name}")
    return names


def owner_words(text: str, parts: frozenset[str], genitive: str) -> frozenset[str]:
    """The folded words of `text`, a name's genitive without an apostrophe
    ("Rosas Nachbarin", German `genitive` "s") read as the name too where
    the name is one of `parts`: "Was hat Oma Rosas Nachbarin gebacken"
    asks of Rosa's neighbour (review s27b M2)."""
    said = words(text)
    if not genitive:
        return said
    return said | {
        word[: -len(genitive)]
        for word in said
        if word.endswith(genitive) and word[: -len(genitive)] in parts
    }


def only_owned(text: str, parts: frozenset[str], table: StatementWords) -> bool:
    """Whether `text` says a word of the name `parts` only as another's
    owner ("Rosa's neighbour baked a cake", "Rosas Nachbarin hat …
    gebacken"): it tells of the neighbour, not of Rosa (review s27b M2)."""
    return not parts.isdisjoint(
        owner_words(text, parts, table.genitive)
    ) and parts.isdisjoint(unpossessed_words(text))
