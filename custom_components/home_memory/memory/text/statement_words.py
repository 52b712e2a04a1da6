"""A language's words for reading a statement: statements.<language>.json.

Which words are copulas, verbs, places, details, slots... in the household's
language, read once when the module is imported (Home Assistant imports an
integration off the event loop). `text/statements.py` reads statements with
them; the tables themselves, and why each word is there, are in
docs/languages.md. Plain Python, no Home Assistant imports.
"""

from __future__ import annotations

from dataclasses import dataclass, field
import json
from pathlib import Path
import re
from typing import TYPE_CHECKING, Any, Final

from ..common.languages import base_language

if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping, Sequence

_FOLDER: Final = Path(__file__).parent
FALLBACK_LANGUAGE: Final = "en"


@dataclass(frozen=True, slots=True)
class StatementWords:
    """A language's words for reading a statement (statements.<language>.json).

    stop: words that carry no fact of their own (articles, pronouns,
    copulas, fillers); prepositions are not among them: "under the mat" /
    "on the mat" is a different place. pivots: words that end a sentence's
    subject (copulas, auxiliaries, negations and the verbs household facts
    are told with). details: words that state a detail (days, colours,
    numbers...): changing one is never a mere rewording. places: words
    that put the subject somewhere ("is under the doormat" / "is in the
    garage": the same thing of the key with another value). predicate
    classes: predicates that say the same thing with another value ("Anna
    loves/hates coffee"). naming: "is called Mike" / "is Steve", a name
    either way. copulas ("is", "ist", "lautet") and position verbs ("lives",
    "liegt"): after them comes the subject's value or place, a slot of it
    (see `_slot`); slot words name a subject that holds one value ("the
    wifi password", "my favourite food", "Lieblingsessen": slot prefixes
    start a compound of one, and in a compounding language a word ending
    in a slot word is one: "Türcode"). lead words: kept before the changed
    part of a "was: ...".
    answer: a leading word that, with punctuation after it, answers rather
    than negates ("No, it is under the red pot"). opposite prefix: "plugged
    in" / "unplugged" is one predicate. capitalised names: a capitalised
    word inside a sentence is a name (not in German, where every noun is).
    spellings: replacements before reading ("can't" -> "can not").
    merge_*: consolidation's word comparison of two memories
    (consolidation.py `compare_texts`): its negations, the words a negated
    sentence may add ("do" in "I do not like"), the words a changed value
    follows ("colour is [blue]") and its spellings ("no longer" ->
    "anymore"). search_stop: what a keyword search drops besides `stop` in
    this language (question words, "weißt du"), as fts_query.py's English
    list does. additive: words that say a statement adds ("also", "as
    well", "auch"). relation_prepositions: prepositions that relate a word
    to one of many things ("allergic to", "afraid of", "allergisch
    gegen"); relation_fillers: words that may stand between the related
    word and its preposition ("fürchtet sich vor", "hat jemand Angst vor");
    time_prepositions: ones that start a time ("until", "um");
    with the places they cut what follows the verb into phrases. times:
    words that name a day or a time ("Friday", "tomorrow", "Freitag"): a
    day and a place of one subject are two things.
    auxiliaries, participle: see the fields.
    unnamed_people: the words a memory tells of a person it cannot name
    by ("someone", "jemand"): that one may be whoever is asked of.
    owned_people: the people a name owns ("Anna's mother", "Annas
    Mutter"): a memory opening so is about another than the name's;
    people_groups: a word for several of them and the ones it names
    ("siblings": brother, sister).
    whole_household: the words a memory opens with for everyone or no one
    ("Everyone", "Nobody"): capitalised, yet no other person's name.
    general_asks: a question's words that ask about a person in general
    ("what is Anna up to"): beside a name they are no topic of their own
    (search/floors.py's name floor). liking_asks: words that ask what a
    person likes ("what does Anna like"): a memory saying any of them, or
    one like them in meaning, answers. name_openers: words a thing's name
    of several words follows ("the", "my": "my locker code"; none in a
    compounding language, whose things are one word); light_verbs:
    verbs that name no topic ("need", "have"): a memory sharing only them
    with a question shares no topic (search/floors.py). verb_particles:
    place words that also finish a verb ("shut off the water"), no place
    right after a verb (text/fts_query.py `placed_words`). generic_nouns:
    nouns that name no topic of their own ("day", "time"): a keyword search
    looks for them only where a question says nothing else
    (storage/candidates.py `query_terms`). coming: verbs
    asking whether someone came ("come", "visit"); visitors: those who come
    to a home to work there ("electrician", "Klempner"), whose deed there
    tells that they came (review s24 H3); coming_instead: words opening
    a clause that says who or when comes instead of one said not to ("…
    not on Wednesday, but on Friday", "sondern"); coming_anyone: words a
    question of who comes asks by, naming nobody ("who", "anyone",
    "jemand"); coming_as: a word such a question may ask by, and the one
    a plan says it by ("visiting": "coming"); visited: a visit told as
    over ("visited", "besucht"), which answers who came (a return home
    never says it); coming_home: a return home, the household's ("came
    home", "kam … nach Hause"), no visit; visit_told: a visit told as
    over in other words ("was here", "had guests", "war … da");
    visit_people: who besides a name, a person word or a trade may be told
    as visiting by it ("guests", "Gäste"), and thing_openers: the words
    opening a thing's name ("the", "das"): "The keys were here" is no
    visit (search/visitors.py `_tells_visit`);
    visitors_any: those of them said
    generally ("Handwerker"), whom any visitor's memory may answer
    (search/visitors.py); roles: trades and callings, visitors or not,
    each with the one trade it names in every language ("Zahnärztin":
    "dentist"; a visitor not listed names its own): a memory of a day
    naming another than the asked one is no answer (visitors.py
    `other_roles`); presence: how a question asks
    that one was here ("when was the electrician here", "has the plumber
    been"), read as asking the first of `coming` (review s25); contacting:
    verbs of reaching one by phone or mail ("phoned", "angerufen"), which
    tell no visit of theirs. deed_questions:
    patterns of a question asking who did a deed or what someone did, its
    verb the group `verb` ("who washed the car", "what did Ben buy", "Wer
    hat das Auto gewaschen"); deeds_not_asked: verbs that ask no deed of
    their own there ("what did Ben say", "who has been", "gemacht");
    purpose_words: the words a deed's purpose follows ("for the
    greenhouse", "für den Passat"; search/purposes.py).
    deed_openers: the words a deed's thing follows ("das Auto"; the name
    openers where none are given); deeds_by_meaning: whether a verb alone
    is a guide to a memory's deed by meaning (not a German participle).
    asked_subject: where a question's subject is a name by its capital
    ("is Ben allergic to anything"), in a language that capitalises names.
    asked_name: where a question's subject stands, a capitalised word, in
    a language that capitalises every noun ("Ist Max … aufgestanden").
    where_questions: a question asking where; where_words: the words a
    memory says a place or a way to one by ("in", "went", "liegt", …).
    single_objects: words that give the object one value ("prefers tea"
    after "prefers coffee", "trinkt lieber Tee"); change_words: words that say a new
    value replaces the old one ("now", "instead", "jetzt");
    relation_words: words after which a place word relates instead
    ("good at", "interested in", "gut in"). first_person: the teller and
    the household as a subject ("I", "we", "ich", "wir": told_by's
    subjects and household words), one person or household whoever says it.
    memberships: what a person is in without being there ("in class 3b",
    "in the football team", "im Verein"; in a compounding language a word
    ending in one is one: "Fußballverein"): no place, and a person is in
    many. verb_endings: endings of a verb form said after the subject's
    verb ("are meeting Anna": "ing"), whose name is that verb's object.
    """

    stop: frozenset[str]
    negations: frozenset[str]
    pivots: frozenset[str]
    details: frozenset[str]
    places: frozenset[str]
    predicate_classes: Mapping[str, str]
    naming: frozenset[str]
    copulas: frozenset[str]
    position_verbs: frozenset[str]
    slot_words: frozenset[str]
    past_copulas: frozenset[str]
    describing: frozenset[str]
    not_places: frozenset[str]
    slot_prefixes: tuple[str, ...]
    compounds: bool
    lead_words: frozenset[str]
    answer: str
    opposite_prefix: str
    capitalised_names: bool
    spellings: tuple[tuple[str, str], ...]
    merge_negations: frozenset[str]
    merge_negation_helpers: frozenset[str]
    merge_value_anchors: frozenset[str]
    merge_spellings: tuple[tuple[str, str], ...]
    search_stop: frozenset[str] = frozenset()
    additive: tuple[str, ...] = ()
    relation_prepositions: frozenset[str] = frozenset()
    relation_fillers: frozenset[str] = frozenset()
    time_prepositions: frozenset[str] = frozenset()
    times: frozenset[str] = frozenset()
    general_asks: frozenset[str] = frozenset()
    unnamed_people: frozenset[str] = frozenset()
    owned_people: frozenset[str] = frozenset()
    people_groups: Mapping[str, frozenset[str]] = field(default_factory=dict)
    whole_household: frozenset[str] = frozenset()
    liking_asks: frozenset[str] = frozenset()
    name_openers: frozenset[str] = frozenset()
    light_verbs: frozenset[str] = frozenset()
    verb_particles: frozenset[str] = frozenset()
    generic_nouns: frozenset[str] = frozenset()
    coming: frozenset[str] = frozenset()
    visitors: frozenset[str] = frozenset()
    visitors_any: frozenset[str] = frozenset()
    roles: Mapping[str, str] = field(default_factory=dict)
    # A language that capitalises every noun: the kinship words a name
    # follows ("Oma Rosa"), and a name's genitive ending ("Rosas"), read by
    # the name floor (search/people.py `kin_names`, `owner_words`).
    kin: frozenset[str] = frozenset()
    genitive: str = ""
    presence: re.Pattern[str] | None = None
    coming_word: str = ""
    coming_instead: frozenset[str] = frozenset()
    coming_anyone: frozenset[str] = frozenset()
    coming_as: Mapping[str, str] = field(default_factory=dict)
    visited: frozenset[str] = frozenset()
    coming_home: re.Pattern[str] | None = None
    visit_told: re.Pattern[str] | None = None
    visit_people: frozenset[str] = frozenset()
    thing_openers: frozenset[str] = frozenset()
    contacting: frozenset[str] = frozenset()
    deed_questions: tuple[re.Pattern[str], ...] = ()
    deeds_not_asked: frozenset[str] = frozenset()
    deed_openers: frozenset[str] = frozenset()
    purpose_words: frozenset[str] = frozenset()
    asked_subject: re.Pattern[str] | None = None
    asked_name: re.Pattern[str] | None = None
    where_questions: re.Pattern[str] | None = None
    where_words: frozenset[str] = frozenset()
    deeds_by_meaning: bool = True
    single_objects: tuple[str, ...] = ()
    relation_words: frozenset[str] = frozenset()
    change_words: tuple[str, ...] = ()
    first_person: frozenset[str] = frozenset()
    memberships: frozenset[str] = frozenset()
    verb_endings: tuple[str, ...] = ()
    fronted: frozenset[str] = frozenset()
    # A language whose past puts the deed's verb last ("Ben hat den Zaun
    # gestrichen"): its auxiliaries and what a participle looks like; two
    # statements of one auxiliary ending in two participles are two deeds.
    auxiliaries: frozenset[str] = frozenset()
    participle: str | None = None


def _read_words(path: Path) -> StatementWords:
    """One language's table, its words case-folded as statements are read
    ("heißt" -> "heisst")."""
    table: dict[str, Any] = json.loads(path.read_text("utf-8"))
    return StatementWords(
        **{
            name: frozenset(word.casefold() for word in table[name])
            for name in (
                "stop", "negations", "pivots", "details", "places", "naming",
                "copulas", "position_verbs", "slot_words", "lead_words",
                "past_copulas", "describing", "not_places",
                "merge_negations", "merge_negation_helpers", "merge_value_anchors",
            )
        },
        predicate_classes={
            word.casefold(): group
            for group, members in table["predicate_classes"].items()
            for word in members
        },
        slot_prefixes=tuple(word.casefold() for word in table["slot_prefixes"]),
        compounds=bool(table["compounds"]),
        answer=table["answer"].casefold(),
        opposite_prefix=table["opposite_prefix"],
        capitalised_names=bool(table["capitalised_names"]),
        spellings=tuple((old, new) for old, new in table["spellings"]),
        merge_spellings=tuple((old, new) for old, new in table["merge_spellings"]),
        search_stop=frozenset(
            word.casefold() for word in table.get("search_stop", ())
        ),
        additive=tuple(word.casefold() for word in table.get("additive", ())),
        general_asks=frozenset(
            word.casefold() for word in table.get("general_asks", ())
        ),
        unnamed_people=frozenset(
            word.casefold() for word in table.get("unnamed_people", ())
        ),
        owned_people=frozenset(
            word.casefold() for word in table.get("owned_people", ())
        ),
        people_groups={
            group.casefold(): frozenset(word.casefold() for word in members)
            for group, members in table.get("people_groups", {}).items()
        },
        whole_household=frozenset(
            word.casefold() for word in table.get("whole_household", ())
        ),
        liking_asks=frozenset(
            word.casefold() for word in table.get("liking_asks", ())
        ),
        name_openers=frozenset(
            word.casefold() for word in table.get("name_openers", ())
        ),
        light_verbs=frozenset(
            word.casefold() for word in table.get("light_verbs", ())
        ),
        verb_particles=frozenset(
            word.casefold() for word in table.get("verb_particles", ())
        ),
        generic_nouns=frozenset(
            word.casefold() for word in table.get("generic_nouns", ())
        ),
        coming=frozenset(word.casefold() for word in table.get("coming", ())),
        visitors=frozenset(word.casefold() for word in table.get("visitors", ())),
        visitors_any=frozenset(
            word.casefold() for word in table.get("visitors_any", ())
        ),
        roles={
            word.casefold(): trade for word, trade in table.get("roles", {}).items()
        },
        kin=frozenset(word.casefold() for word in table.get("kin", ())),
        genitive=str(table.get("genitive", "")),
        presence=re.compile(table["presence"], re.IGNORECASE)
        if table.get("presence")
        else None,
        coming_word=str(next(iter(table.get("coming", ())), "")).casefold(),
        coming_instead=frozenset(
            word.casefold() for word in table.get("coming_instead", ())
        ),
        coming_anyone=frozenset(
            word.casefold() for word in table.get("coming_anyone", ())
        ),
        coming_as={
            word.casefold(): said for word, said in table.get("coming_as", {}).items()
        },
        visited=frozenset(word.casefold() for word in table.get("visited", ())),
        coming_home=re.compile(table["coming_home"], re.IGNORECASE)
        if table.get("coming_home")
        else None,
        visit_told=re.compile(table["visit_told"], re.IGNORECASE)
        if table.get("visit_told")
        else None,
        visit_people=frozenset(
            word.casefold() for word in table.get("visit_people", ())
        ),
        thing_openers=frozenset(
            word.casefold() for word in table.get("thing_openers", ())
        ),
        contacting=frozenset(
            word.casefold() for word in table.get("contacting", ())
        ),
        deed_questions=tuple(
            re.compile(pattern) for pattern in table.get("deed_questions", ())
        ),
        deeds_not_asked=frozenset(
            word.casefold() for word in table.get("deeds_not_asked", ())
        ),
        deed_openers=frozenset(
            word.casefold()
            for word in table.get("deed_openers", table.get("name_openers", ()))
        ),
        purpose_words=frozenset(
            word.casefold() for word in table.get("purpose_words", ())
        ),
        deeds_by_meaning=bool(table.get("deeds_by_meaning", True)),
        where_questions=re.compile(table["where_questions"], re.IGNORECASE)
        if table.get("where_questions")
        else None,
        where_words=frozenset(
            word.casefold() for word in table.get("where_words", ())
        ),
        asked_subject=re.compile(table["asked_subject"])
        if table.get("asked_subject")
        else None,
        asked_name=re.compile(table["asked_name"])
        if table.get("asked_name")
        else None,
        auxiliaries=frozenset(
            word.casefold() for word in table.get("auxiliaries", ())
        ),
        participle=table.get("participle"),
        relation_prepositions=frozenset(
            word.casefold() for word in table.get("relation_prepositions", ())
        ),
        relation_fillers=frozenset(
            word.casefold() for word in table.get("relation_fillers", ())
        ),
        time_prepositions=frozenset(
            word.casefold() for word in table.get("time_prepositions", ())
        ),
        times=frozenset(word.casefold() for word in table.get("times", ())),
        single_objects=tuple(
            word.casefold() for word in table.get("single_objects", ())
        ),
        relation_words=frozenset(
            word.casefold() for word in table.get("relation_words", ())
        ),
        change_words=tuple(word.casefold() for word in table.get("change_words", ())),
        first_person=frozenset(
            word.casefold()
            for group in ("subjects", "household")
            for word in table.get("told_by", {}).get(group, ())
        ),
        memberships=frozenset(
            word.casefold() for word in table.get("memberships", ())
        ),
        verb_endings=tuple(table.get("verb_endings", ())),
        fronted=frozenset(
            word.casefold()
            for word in table.get("told_by", {}).get("inversion_leads", ())
        )
        if table.get("told_by", {}).get("verb_first")
        else frozenset(),
    )  # fmt: skip


# Every language's words, read once when the module is imported (Home
# Assistant imports an integration off the event loop).
_WORDS: Final[dict[str, StatementWords]] = {
    path.name.split(".")[1]: _read_words(path)
    for path in sorted(_FOLDER.glob("statements.*.json"))
}


def statement_words(language: str | None) -> StatementWords:
    """The words for `language` ("de-CH" takes "de"); English where none."""
    base = base_language(language, FALLBACK_LANGUAGE)
    return _WORDS.get(base, _WORDS[FALLBACK_LANGUAGE])


def stem(word: str) -> str:
    """A word without its plural "s" ("keys" -> "key"; "glass" stays)."""
    if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


def says_any(folded: Sequence[str], phrases: Iterable[str]) -> bool:
    """Whether the case-folded words `folded` say one of `phrases` ("also",
    "as well"): shared by statements.py and corrections.py (additive words)."""
    said = f" {' '.join(folded)} "
    return any(f" {phrase} " in said for phrase in phrases)


def one_of(word: str, group: frozenset[str]) -> bool:
    """Whether the word, or its `stem`, is one of `group`."""
    return word in group or stem(word) in group


def shipped_languages() -> tuple[str, ...]:
    """The languages with statement words ("de", "en", …)."""
    return tuple(_WORDS)
