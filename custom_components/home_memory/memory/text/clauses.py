"""A clause said after "dass" as the statement it stands for.

German puts the finite verb last after "dass"; the rule moves it to after the
first phrase ("Der Ersatzschlüssel liegt unter dem blauen Blumentopf."), with
a language's words as data; anything not plainly one such clause is kept as said.
Time words that open the clause are one phrase, whole ("heute Abend waren die
Müllers da", not "heute waren Abend …"), as the caller's time table finds them.
Two clauses joined by "und" each get theirs when the second shares the
first's subject or, by the verbs' number, has its own ("wir waren im Zoo und
Leo hat …").

In more words: docs/languages.md, "`memory/text/clauses.py`".
"""

from __future__ import annotations

from dataclasses import dataclass
import re
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from collections.abc import Callable

# A finite verb as spoken: lower-case letters (German nouns are capitalised).
_VERB: Final = re.compile(r"^[^\W\d_A-ZÄÖÜ][^\W\d_]*$")
_END_PUNCTUATION: Final = ".!?\u2026"
_NUMBER: Final = re.compile(r"\d+[a-z]?")


@dataclass(frozen=True, slots=True)
class ClauseWords:
    """A language's words for finding a clause's first phrase (lower case)."""

    determiners: frozenset[str] = frozenset()
    pronouns: frozenset[str] = frozenset()
    # Words that attach a phrase to the noun before them ("der Schlüssel von
    # Anna", "die Tasche der Oma").
    attaching: frozenset[str] = frozenset()
    # Words that join two phrases or clauses ("und", "oder").
    joining: frozenset[str] = frozenset()
    # Words that open an infinitive clause after a comma ("…, um den
    # Wasserhahn zu reparieren"): it stays after the statement as said.
    infinitive: frozenset[str] = frozenset()
    # Words always followed by a name ("Frau Müller", "Herr Schmidt").
    titles: frozenset[str] = frozenset()
    # Articles no subject takes ("den", "einem"): a clause after "und" that
    # opens with one shares the first clause's subject.
    objects: frozenset[str] = frozenset()
    # Words that open a phrase without a verb after a comma ("…, nicht am
    # Donnerstag"): it stays after the statement as said.
    set_off: frozenset[str] = frozenset()
    # The word before an infinitive ("…, um den Hahn zu reparieren").
    to_infinitive: frozenset[str] = frozenset()
    # Words after the verb that name what is replaced ("… liegt statt unter
    # dem roten"): the clause's verb is the word before them.
    instead: frozenset[str] = frozenset()
    # The forms of "haben" that close a perfect ("… gefüttert haben"): one
    # noun phrase before its participle is then its object, unless the noun
    # names someone who acts (`agents`: "… und die Kinder gespielt haben").
    have: frozenset[str] = frozenset()
    agents: frozenset[str] = frozenset()
    # Nouns a form of "haben" takes without an article ("Angst", "Hunger",
    # "Geburtstag"): after a name, the name's object ("Mia Angst vor Hunden
    # hat" -> "Mia hat Angst vor Hunden"), not its second name.
    have_objects: frozenset[str] = frozenset()
    # Prefixes a finite verb leaves at the clause's end when it moves
    # ("anruft" -> "ruft … an"), and verbs that only look so ("antwortet").
    separable: tuple[str, ...] = ()
    inseparable: frozenset[str] = frozenset()
    # Words that open a subordinate clause after a comma ("…, weil sie voll
    # war"), and relative pronouns ("…, der gestern kam, …"): that clause is
    # kept as said, the clause before it gets its verb second.
    subordinate: frozenset[str] = frozenset()
    relative: frozenset[str] = frozenset()
    # Kinship words before a name ("Oma Rosa", "Onkel Tom"): one name where
    # the clause tells it is no object ("Oma Kuchen gebacken hat" may be).
    kin: frozenset[str] = frozenset()
    # Finite verbs that take no object ("ist", "liegt", "hängt"): a kinship
    # word, a name's genitive and a noun before one are one phrase.
    no_object: frozenset[str] = frozenset()
    # A finite verb's number: plural by these endings or forms ("waren",
    # "sind"), else singular; subjects whose number is known ("wir", "ich").
    plural_endings: tuple[str, ...] = ()
    plural_verbs: frozenset[str] = frozenset()
    plural_subjects: frozenset[str] = frozenset()
    singular_subjects: frozenset[str] = frozenset()
    # The first person singular, whose verb never ends so in the present
    # ("ich … war und Emma hingefallen ist": "ist" is no "ich"'s).
    first_person: frozenset[str] = frozenset()
    not_first_person_endings: tuple[str, ...] = ()
    # Prefixes of participles without "ge" ("verloren", "überschwemmt").
    participle_prefixes: tuple[str, ...] = ()
    # A preposition and an article in one word ("am", "im", "beim"): a noun
    # follows, one phrase ("am Morgen", "im Keller").
    contracted: frozenset[str] = frozenset()
    # Spoken German may keep the verb second after "dass" ("dass am Morgen
    # war die Katze hungrig"): such a clause is kept as said. Its sign is a
    # finite verb second (`finite`: "war", "hat", "kann"; or a word ending
    # so, `finite_endings`, before a subject pronoun, `subjects`: "schlafen
    # wir"), or a last word that is no verb (`not_verbs`, `not_verb_endings`:
    # "lange", "hungrig"; a separable prefix: "… kommt morgen mit").
    finite: frozenset[str] = frozenset()
    finite_endings: tuple[str, ...] = ()
    subjects: frozenset[str] = frozenset()
    not_verbs: frozenset[str] = frozenset()
    not_verb_endings: tuple[str, ...] = ()
    # Where a text says time words (start, end): the language's time table
    # (memory/time `time_spans`), so "heute Abend", "letzten Montag" and "am
    # Wochenende" open a clause as one phrase; None: none are looked for.
    times: Callable[[str], tuple[tuple[int, int], ...]] | None = None


# A comma inside a date ("am Donnerstag, 3. Dezember", "am Freitag, den
# 20.") ends no clause.
_DATE_COMMA: Final = re.compile(r",(?=\s*(?:[a-zäöüß]+\s+)?\d{1,2}\.(?:\s|$|,))")
# A date's day after a weekday, which a time phrase takes along (", den 20.").
# A comma that closes a date set off by one ("am Samstag, den 28. November,").
_DATE_CLOSE: Final = re.compile(
    r"(?:^|\s)\d{1,2}\.(?:\s+[A-ZÄÖÜ][^\W\d_]+)?(?:\s+\d{4})?$"
)
_DATE_TAIL: Final = re.compile(
    r",?\s*(?:[a-zäöüß]+\s+)?\d{1,2}\.(?:\s+(?:[A-ZÄÖÜ][^\W\d_]+|\d{4}))?,?(?=\s|$)"
)


def _capitalised(token: str) -> bool:
    return token[:1].isupper()


def _possessive(word: str) -> bool:
    """A name's genitive before its noun ("annas", "bens"; not "ss")."""
    return len(word) > 2 and word.endswith("s") and not word.endswith("ss")


def _phrase_end(tokens: list[str], start: int, last: int, words: ClauseWords) -> int:
    """Index after the phrase that starts at `start` (before `last`), or -1."""
    word = tokens[start].casefold()
    if word in words.pronouns:
        return start + 1
    if word in words.determiners or word in words.contracted:
        # Adjectives, then the (capitalised) noun, before the verb.
        end = start + 1
        while end < last and not _capitalised(tokens[end]):
            end += 1
        if end >= last:
            return -1
        end += 1
    else:
        end = start + 1  # a name, a noun, an adverb ("morgen"), a number
        if not _capitalised(tokens[start]):
            return end
        if word not in words.titles and end < last and _capitalised(tokens[end]):
            return _two_capitalised(tokens, start, last, words)
    # A name of several words after a title or a noun ("Frau Müller", "unser
    # Nachbar Herr Schmidt"), whole, if words remain before the verb.
    run = end
    while run < last and _capitalised(tokens[run]):
        run += 1
    # A number naming the noun ("der Bus Nummer 12 am Rathaus", "die Wohnung
    # 3"), not one counting what follows ("der Zug 5 Minuten Verspätung
    # hat") nor one the verb says ("der Tresorcode 4711 ist", "… 7788 statt
    # 5566 ist": review s21 F6).
    if (
        run + 1 < last
        and _NUMBER.fullmatch(tokens[run]) is not None
        and not _capitalised(tokens[run + 1])
        and tokens[run + 1].casefold() not in words.instead
    ):
        run += 1
    return run if run < last else end


def _two_capitalised(
    tokens: list[str], start: int, last: int, words: ClauseWords
) -> int:
    """Index after the phrase of two capitalised words at `start`, or -1."""
    end = start + 1
    if _possessive(tokens[start].casefold()) and end + 1 < last:
        return end + 1  # "Annas Eltern", "Bens Fahrrad"
    if tokens[start].casefold() in words.kin and (
        named := _kin_name(tokens, start, last, words)
    ):
        return named
    if (
        tokens[end].casefold() in words.have_objects
        and tokens[last].casefold() in words.have
    ):
        return end  # "Mia Angst vor Hunden hat" (review s21 F5)
    # "Anna Schmidt" or "Ben Kaffee", "Oma Gerda" or "Opa Geburtstag": a
    # name or a name and its object, which no word here tells apart, but
    # before time words with something after them ("Oma Hilde nächsten
    # Sonntag 90 wird": the subject comes before the time).
    return (_name_before_time(tokens, last, words) if start == 0 else 0) or -1


def _kin_name(tokens: list[str], start: int, last: int, words: ClauseWords) -> int:
    """Index after a kinship word, its name and what makes them one phrase,
    or 0: a name's genitive and its noun before a verb that takes no object
    ("Oma Rosas Telefonnummer am Kühlschrank hängt": no "Oma hängt Rosas
    …"), a name before a verb that takes no object ("Onkel Karl in Hamburg
    wohnt": review s28 M5), or a name joined to another before a plural
    verb ("Oma Rosa und Opa Walter … waren": "Oma" alone would take
    "war")."""
    name, verb = start + 1, _clause_verb(tokens, start, last, words)
    if _possessive(tokens[name].casefold()):
        noun = name + 1
        if (
            noun < last
            and _capitalised(tokens[noun])
            and verb.casefold() in words.no_object
        ):
            return noun + 1
        return 0
    if tokens[name].casefold() in words.have_objects:
        return 0
    if verb.casefold() in words.no_object and name + 1 < last:
        return name + 1  # "Onkel Karl in Hamburg wohnt": no object to be
    if not _plural(verb, words):
        return 0
    joined = (start > 0 and tokens[start - 1].casefold() in words.joining) or (
        name + 1 < last and tokens[name + 1].casefold() in words.joining
    )
    return name + 1 if joined else 0


def _clause_verb(tokens: list[str], start: int, last: int, words: ClauseWords) -> str:
    """The verb that ends the clause a phrase at `start` opens: the one
    before the first "und" that follows a verb, else the last word."""
    for i in range(start + 2, last):
        if tokens[i].casefold() in words.joining and _VERB.match(tokens[i - 1]):
            return tokens[i - 1]
    return tokens[last]


def _plural(verb: str, words: ClauseWords) -> bool:
    """Whether a finite verb is plural ("waren", "sind"; "war", "hat" not)."""
    folded = verb.casefold()
    return folded in words.plural_verbs or folded.endswith(words.plural_endings)


def _time_end(tokens: list[str], last: int, words: ClauseWords, first: int = 0) -> int:
    """Index after the time words the clause opens with from `first` ("heute
    Abend", "letzten Montag", "am Freitag, den 20."), or `first` when none
    (0 at the start): one phrase, whole."""
    if words.times is None:
        return first
    text = " ".join(tokens[first:last])
    end = 0
    for start, stop in words.times(text):
        if text[end:start].strip():
            break
        end = stop
    if end and (tail := _DATE_TAIL.match(text, end)) is not None:
        end = tail.end()
    return first + len(text[:end].split())


def _name_before_time(tokens: list[str], last: int, words: ClauseWords) -> int:
    """Index after capitalised words that open the clause when time words
    follow them and something is left between those and the verb: a name of
    several words ("Oma Hilde nächsten Sonntag 90 wird", "Oma Gerda am
    Sonntag Geburtstag hat"), as the subject comes before the time; 0 when
    not ("Opa Geburtstag im März hat": nothing is left, kept as said)."""
    run = 0
    while run < last and _capitalised(tokens[run]):
        run += 1
    time = _time_end(tokens, last, words, run)
    return run if run < time < last else 0


def _first_phrase(tokens: list[str], last: int, words: ClauseWords) -> int:
    """Index after the clause's first phrase (with what attaches to it), or -1.
    Time words are a phrase of their own ("heute der Schornsteinfeger …":
    "der" attaches to no "heute")."""
    if time := _time_end(tokens, last, words):
        return time
    end = _phrase_end(tokens, 0, last, words)
    if end < 0:
        return -1
    while end < last - 1 and tokens[end].casefold() in (
        words.attaching | words.joining
    ):
        following = _phrase_end(tokens, end + 1, last, words)
        # Something must remain between the phrase and the verb ("der
        # Schlüssel gehört der Oma" keeps "der Oma" after the verb).
        if following < 0 or following >= last:
            break
        end = following
    return end


def verb_second(clause: str, words: ClauseWords) -> str:
    """`clause` (verb last) with its verb after its first phrase (see
    `_verb_second`); what it replaces after its verb stays after it ("…
    Blumentopf liegt statt unter dem roten": "roten" is no verb, final
    review s18)."""
    said = clause.split()
    for i in range(2, len(said) - 1):
        if (
            "," not in clause
            and said[i].casefold() in words.instead
            and _VERB.match(said[i - 1])
        ):
            return f"{_verb_second(' '.join(said[:i]), words)} {' '.join(said[i:])}"
    return _verb_second(clause, words)


def _verb_second(clause: str, words: ClauseWords) -> str:
    """`clause` (verb last) with its verb after its first phrase; as said
    when it is not plainly one verb-final clause. A date's comma is no
    clause's, and an infinitive clause after the last comma ("…, um den
    Wasserhahn zu reparieren") follows the statement as said."""
    text = " ".join(clause.split())
    ending = ""
    while text and text[-1] in _END_PUNCTUATION:
        text, ending = text[:-1], text[-1] + ending
    commas = [i for i, ch in enumerate(text) if ch == ","]
    commas = [i for i in commas if not _DATE_COMMA.match(text, i)]
    # The comma that closes a date set off by one ("am Samstag, den 28.
    # November, zur Hochzeit …") ends no clause either.
    commas = [
        i
        for i in commas
        if not (_DATE_CLOSE.search(text, 0, i) and _DATE_COMMA.search(text, 0, i))
    ]
    if commas and (told := _around_subordinate(text, commas, words)) is not None:
        return told + ending
    split = _set_off(text, commas, words)
    if split is not None and not commas:
        split = _not_joined(text, words) or split
    moved = None if split is None else _moved(split[0].split(" "), words)
    if split is None or moved is None:
        return clause
    return " ".join(moved) + split[1] + ending


def _set_off(
    text: str, commas: list[int], words: ClauseWords
) -> tuple[str, str] | None:
    """The clause whose verb moves and what follows it as said (after a
    comma: "…, um den Hahn zu reparieren", "…, nicht am Donnerstag"); None
    when a comma leaves it unclear."""
    if len(commas) == 1 and _verb_after(text, commas[0], words):
        # "… am Freitag, den 20., statt am Donnerstag ist": the phrase set
        # off stays before the verb, which is the clause's.
        head, rest = text[: commas[0]], text[commas[0] + 1 :].split(" ")
        return f"{head} {rest[-1]}", ",".join(("", " ".join(rest[:-1])))
    if len(commas) == 1:
        after = text[commas[0] + 1 :].split()
        opening = after[0].casefold() if after else ""
        if not (
            (len(after) >= 3 and opening in words.infinitive)
            or (len(after) >= 2 and opening in words.set_off)
        ):
            return None
        return text[: commas[0]], "," + text[commas[0] + 1 :]
    return None if commas else (text, "")


def _not_joined(text: str, words: ClauseWords) -> tuple[str, str] | None:
    """The clause and a part joined after its verb that says what is not
    so ("der Nachbar am Freitag kommt und nicht am Donnerstag"): that part
    has no verb of its own and follows the statement as said (review s27b
    M8); None when the clause ends with no such part."""
    tokens = text.split(" ")
    last = len(tokens) - 1
    if _VERB.match(tokens[last]) and not _no_verb(tokens[last], words):
        return None  # the clause's verb is last ("… und nicht mehr da ist")
    for i in range(last - 1, 1, -1):
        if (
            tokens[i].casefold() in words.joining
            and tokens[i + 1].casefold() in words.set_off
            and _VERB.match(tokens[i - 1])
            and not _no_verb(tokens[i - 1], words)
        ):
            return " ".join(tokens[:i]), " " + " ".join(tokens[i:])
    return None


def _moved(tokens: list[str], words: ClauseWords) -> list[str] | None:
    """A verb-final clause's words with the verb second, or None."""
    last = len(tokens) - 1
    if (
        last < 1
        or not _VERB.match(tokens[last])
        or (_no_verb(tokens[last], words) and not _joined(tokens, words))
    ):
        return None
    end = _first_phrase(tokens, last, words)
    if end < 0 or end > last or _verb_second_already(tokens, end, words):
        return None
    if tokens[end].casefold() in words.joining:
        return None  # "Anna und Ben Schmidt …": the names are not read whole
    if end == last:
        # The verb is second already ("Oma anruft"): only its prefix moves.
        verb, prefix = _separated(tokens[last], words)
        return [*tokens[:last], verb, *prefix] if prefix else None
    # A verb ends every clause an "und" joins: after a capitalised word or
    # a number it joins two names or things ("von Jonas und Lea").
    joins = [
        i
        for i in range(end, last)
        if tokens[i].casefold() in words.joining
        and not (_capitalised(tokens[i - 1]) or tokens[i - 1][:1].isdigit())
    ]
    if not joins or _participles_share_a_verb(tokens, joins, words):
        verb, prefix = _separated(tokens[last], words)
        return [*tokens[:end], verb, *tokens[end:last], *prefix]
    # None: two clauses ("... liegt und die Tür offen ist").
    own = _own_subjects(tokens, end, joins, words)
    return own if own is not None else _shared_subject(tokens, end, joins, words)


def _no_verb(word: str, words: ClauseWords) -> bool:
    """Whether a clause's last word is plainly no finite verb ("lange",
    "hungrig", "mit"): the clause was said with its verb second."""
    folded = word.casefold()
    return (
        folded in words.not_verbs
        or folded in words.separable
        or folded.endswith(words.not_verb_endings)
    )


def _joined(tokens: list[str], words: ClauseWords) -> bool:
    """Whether a clause joins parts ("Oma heute anruft und nicht morgen"):
    its last word may end the joined part, not the verb's (review s27 M2)."""
    return any(token.casefold() in words.joining for token in tokens[1:-1])


def _verb_second_already(tokens: list[str], end: int, words: ClauseWords) -> bool:
    """Whether the word after the first phrase (at `end`) is a finite verb,
    as spoken German may say it after "dass" ("am Morgen war die Katze …",
    "am Wochenende schlafen wir …"): the clause is then a statement as
    said, and moving its last word would break it (review s27)."""
    if end >= len(tokens) - 1 or not _VERB.match(tokens[end]):
        return False
    word = tokens[end].casefold()
    if word in words.finite:
        return True
    return (
        word not in words.pronouns | words.determiners | words.contracted
        and word not in words.not_verbs  # "Mia gestern ihr Fahrrad …" (s27b)
        and word.endswith(words.finite_endings)
        and tokens[end + 1].casefold() in words.subjects
    )


def _own_subjects(
    tokens: list[str], end: int, joins: list[int], words: ClauseWords
) -> list[str] | None:
    """Two verb-final clauses each with its verb second when the second's
    verb cannot be the first subject's ("wir im Zoo waren und Leo die
    Pinguine geliebt hat": "hat" is no "wir"'s, so "Leo hat …"), or None.
    The first subject's number must be known ("wir", "ich", a name, names
    joined) and agree with the first verb (else that is no finite verb:
    "ich Kuchen essen und … will")."""
    if len(joins) != 1:
        return None
    join, last = joins[0], len(tokens) - 1
    first_verb, second = tokens[join - 1], tokens[join + 1 :]
    if join - 1 <= end or len(second) < 2 or second[0].casefold() in words.objects:
        return None
    subject = tokens[:end]
    plural = _subject_plural(subject, words)
    first_person = len(subject) == 1 and subject[0].casefold() in words.first_person
    if (
        plural is None
        or _plural(first_verb, words) != plural
        or (
            first_person
            and first_verb.casefold().endswith(words.not_first_person_endings)
        )
    ):
        return None
    verb = tokens[last].casefold()
    if _plural(verb, words) == plural and not (
        first_person and verb.endswith(words.not_first_person_endings)
    ):
        return None
    first, rest = _moved(tokens[:join], words), _moved(second, words)
    return None if first is None or rest is None else [*first, tokens[join], *rest]


def _subject_plural(subject: list[str], words: ClauseWords) -> bool | None:
    """Whether a clause's first phrase is plural ("wir", "Anna und Ben"),
    singular ("ich", "Leo", "Onkel Tom"), or None when not known ("die
    Kinder", "der Klempner", time words)."""
    folded = [token.casefold() for token in subject]
    if len(folded) == 1 and folded[0] in words.plural_subjects:
        return True
    if len(folded) == 1 and folded[0] in words.singular_subjects:
        return False
    if not subject or not all(
        _capitalised(token) or word in words.joining
        for token, word in zip(subject, folded, strict=True)
    ):
        return None
    if any(word in words.joining for word in folded):
        return True
    if len(folded) == 1 or (
        len(folded) == _TITLED_NAME and folded[0] in words.kin | words.titles
    ):
        return False
    return None


# A name after a title or a kinship word ("Frau Müller", "Onkel Tom").
_TITLED_NAME: Final = 2


# What is left of a separable verb must be a verb of a few letters at least
# ("ruft", "hat"), opening with a consonant ("analysiert" is no "an|alysiert").
_MIN_SEPARATED: Final = 3
_VOWELS: Final = "aeiouäöü"


def _separated(verb: str, words: ClauseWords) -> tuple[str, list[str]]:
    """A finite verb with a separable prefix as its moved verb and the
    prefix that stays last ("anruft" -> "ruft", ["an"]: "Anna ruft morgen
    an"); another verb whole, with nothing left behind."""
    folded = verb.casefold()
    if folded in words.inseparable:
        return verb, []
    for prefix in words.separable:
        rest = verb[len(prefix) :]
        if (
            folded.startswith(prefix)
            and len(rest) >= _MIN_SEPARATED
            and rest[0].casefold() not in _VOWELS
        ):
            return rest, [verb[: len(prefix)]]
    return verb, []


def _verb_after(text: str, comma: int, words: ClauseWords) -> bool:
    """Whether the clause's verb ends the phrase set off after its `comma`
    ("…, statt am Donnerstag ist", "…, um 10 Uhr ist"): no verb before the
    comma ends the clause there, and no infinitive ("zu reparieren") is it."""
    before, after = text[:comma].split(), text[comma + 1 :].split()
    return bool(
        before
        and len(after) >= 2
        and after[0].casefold() in words.infinitive | words.set_off
        and (not _VERB.match(before[-1]) or _no_verb(before[-1], words))
        and _VERB.match(after[-1])
        and after[-2].casefold() not in words.to_infinitive
    )


def _object_before_participle(second: list[str], verb: str, words: ClauseWords) -> bool:
    """Whether the second clause is one noun phrase, a participle and a form
    of "haben" ("die Elefanten gefüttert haben"): the phrase is the
    participle's object, the subject the first clause's, unless its noun
    names someone who acts ("die Kinder gespielt haben", `agents`) or the
    perfect takes "sein" ("die Kinder mitgekommen sind"). Phrases with a
    preposition may follow the noun ("die Spüle in der Küche repariert
    haben"); another noun phrase may be a subject ("die Sonne den ganzen
    Tag …") and keeps the clause as said."""
    if verb.casefold() not in words.have or second[0].casefold() not in (
        words.determiners
    ):
        return False
    nouns = [i for i, token in enumerate(second) if _capitalised(token)]
    return (
        bool(nouns)
        and second[nouns[0]].casefold() not in words.agents
        and _participle(second[-1], words)
        and _only_prepositional(second, nouns[0], words)
    )


def _only_prepositional(second: list[str], noun: int, words: ClauseWords) -> bool:
    """Whether what follows the noun at `noun` up to the clause's last word
    is only phrases with a preposition and lower-case words ("in der Küche",
    "heute"): each article and noun after a lower-case word no article."""
    for i in range(noun + 1, len(second) - 1):
        before, token = second[i - 1], second[i]
        if token.casefold() in words.determiners and (
            _capitalised(before) or before.casefold() in words.determiners
        ):
            return False
        if _capitalised(token) and _capitalised(before):
            return False
    return True


_PARTICIPLE: Final = re.compile(r"^(?:\w*ge\w+(?:t|en)|\w+iert)$")


def _participle(word: str, words: ClauseWords) -> bool:
    """Whether `word` looks like a past participle ("gefüttert", "repariert";
    "verloren", "überschwemmt": an inseparable prefix, `participle_prefixes`)."""
    if _PARTICIPLE.match(word) is not None:
        return True
    folded = word.casefold()
    return folded.endswith(("t", "en")) and any(
        folded.startswith(prefix) and len(folded) > len(prefix) + 2
        for prefix in words.participle_prefixes
    )


def _participles_share_a_verb(
    tokens: list[str], joins: list[int], words: ClauseWords
) -> bool:
    """Two participles joined under one finite verb ("den Rasen gemäht und
    die Hecke geschnitten habe"): one clause, its verb moves as one."""
    last = len(tokens) - 1
    if len(joins) != 1 or last < 2:
        return False
    join = joins[0]
    return bool(
        join + 1 < last - 1
        and _participle(tokens[join - 1], words)
        and _participle(tokens[last - 1], words)
    )


def _shared_subject(
    tokens: list[str], end: int, joins: list[int], words: ClauseWords
) -> list[str] | None:
    """Two verb-final clauses of one subject, each with its verb second
    ("wir im Kino waren und den Film gesehen haben" -> "wir waren im Kino
    und haben den Film gesehen"), or None. The second clause shares the
    subject only when it plainly opens without one: with an object's
    article ("den", "einem") or a lower-case word that is no pronoun nor
    article ("im Garten", "danach"); "und die Kinder …" may be a subject."""
    if len(joins) != 1:
        return None
    join, last = joins[0], len(tokens) - 1
    first_verb, second = tokens[join - 1], tokens[join + 1 : last]
    if join - 1 <= end or not second or not _VERB.match(first_verb):
        return None
    opening = second[0].casefold()
    if not (
        opening in words.objects
        or (
            not _capitalised(second[0])
            and opening not in words.pronouns
            and opening not in words.determiners
        )
        or _object_before_participle(second, tokens[last], words)
        or _persons_object(tokens[:end], second, words)
    ):
        return None
    verb, prefix = _separated(first_verb, words)
    second_verb, second_prefix = _separated(tokens[last], words)
    return [
        *tokens[:end],
        verb,
        *tokens[end : join - 1],
        *prefix,
        tokens[join],
        second_verb,
        *second,
        *second_prefix,
    ]


def _persons_object(subject: list[str], second: list[str], words: ClauseWords) -> bool:
    """Whether the second clause is one thing's noun phrase before its verb
    ("und die Heizung repariert") after a first clause whose subject is a
    person (a pronoun, a name, or a noun from `agents`: "der Klempner"):
    the thing is what the person acts on, the subject theirs. A second
    subject that acts ("und die Kinder spielen") is kept as said."""
    if second[0].casefold() not in words.determiners:
        return False
    nouns = [i for i, token in enumerate(second) if _capitalised(token)]
    if nouns != [len(second) - 1] or second[-1].casefold() in words.agents:
        return False
    first = subject[0].casefold()
    if first in words.pronouns:
        return True
    if first in words.determiners:
        return any(token.casefold() in words.agents for token in subject[1:])
    return all(_capitalised(token) for token in subject)


def _around_subordinate(text: str, commas: list[int], words: ClauseWords) -> str | None:
    """`text` whose first comma opens a subordinate or relative clause, with
    the verb of the clause around it second and that clause kept as said:
    "ich die Garage aufgeräumt habe, weil sie voll war" -> "ich habe die
    Garage aufgeräumt, weil sie voll war"; a relative clause after the first
    phrase stays after it ("das Auto, das vor dem Haus steht, dem Nachbarn
    gehört" -> "…, gehört dem Nachbarn"). None when the first comma opens
    none; `text` as said when the clause around it cannot be read ("wenn es
    regnet, der Keller nass wird")."""
    said = text[: commas[0]].split()
    after = text[commas[0] + 1 : commas[1] if len(commas) > 1 else None].split()
    opening = after[0].casefold() if after else ""
    if opening not in words.subordinate | words.relative:
        return None
    if (
        not said
        or len(after) < _SHORTEST_CLAUSE
        or not _VERB.match(after[-1])
        or said[0].casefold() in words.subordinate
    ):
        return text
    if _VERB.match(said[-1]):
        # The clause before the comma ends with its verb: it moves alone,
        # when each later comma opens a clause kept as said too ("…, als
        # das Paket kam, und der Nachbar es angenommen hat" is kept).
        kept = words.subordinate | words.relative | words.infinitive
        if any(
            (text[comma + 1 :].split() or [""])[0].casefold() not in kept
            for comma in commas[1:]
        ):
            return text
        moved = _verb_second(" ".join(said), words)
        return text if moved == " ".join(said) else moved + text[commas[0] :]
    # A relative clause after the first phrase, set off by two commas.
    rest = text[commas[1] + 1 :].split() if len(commas) == _RELATIVE_COMMAS else []
    moved_words = _verb_second(" ".join([*said, *rest]), words).split(" ")
    if (
        opening not in words.relative
        or not rest
        or moved_words[: len(said)] != said
        or moved_words == [*said, *rest]
    ):
        return text
    inner = text[commas[0] + 1 : commas[1]]
    return " ".join([*said[:-1], f"{said[-1]},{inner},", *moved_words[len(said) :]])


# A subordinate clause has two words at least ("…, weil sie voll war"), and a
# relative clause inside the clause a comma on each side.
_SHORTEST_CLAUSE: Final = 2
_RELATIVE_COMMAS: Final = 2
