"""A statement that says it corrects one told before, in everyday words.

"The plumber is coming on Wednesday instead of Tuesday", "the dentist
appointment moved to Friday", "Ben has a job interview next Thursday
instead", "actually the plumber is coming on Wednesday, not Tuesday": the
teller says the new statement replaces an old one of the same thing. A
trailing "instead" and a leading "actually" are left out; the words that
name the old value ("instead of Tuesday", ", not Tuesday") only when a
memory that holds that value is corrected (`holds_old`): otherwise they are
part of what was said ("allergic to penicillin, not amoxicillin") and kept.
A moved time ("moved to Friday", "verschoben auf Freitag") is a coming day;
a clause's last verb after the old value stays ("statt am Donnerstag ist").
Which memory it corrects: the most similar one of the same owner that tells
of the same thing (`same_thing`). The words: corrections.<language>.json.
Rules and measurements: docs/engine.md, "Corrections in everyday words".
"""

from __future__ import annotations

from dataclasses import dataclass
import json
from pathlib import Path
import re
from typing import Any, Final

from ..common.languages import base_language
from .saying_no import negates
from .statement_words import says_any, statement_words
from .statements import missing_words, subject_words

# The least similarity (the shared statement scale) of a memory a statement
# that says it corrects may replace: measured with all-MiniLM-L6-v2, "Anna
# has a dentist appointment on Thursday …" / "The dentist appointment moved
# to Friday …" 0.64, the plumber on another day 0.84; another subject's
# memory of the same person ("Ben likes pizza" / "Ben has a job interview
# …") 0.47, another tradesman 0.46.
EXPLICIT_CORRECTION_MIN_SIMILARITY: Final = 0.55

_FOLDER: Final = Path(__file__).parent
_FALLBACK: Final = "en"
# What sets a leading word off: a comma, colon, semicolon, full stop, dash.
_SET_OFF: Final = ",:;.!\u2013\u2014-"
# The old value named after ", not": at most this many words.
_MAX_OLD_WORDS: Final = 5


@dataclass(frozen=True, slots=True)
class Correction:
    """What a statement says: the statement to store when it corrects,
    whether its words say it corrects one told before, and whether its time
    is a coming one (a moved appointment).

    `old`: the old value it names ("Tuesday" of "… instead of Tuesday"),
    if any; `as_said` is then the statement with those words kept, stored
    when no memory that holds the old value is corrected.
    """

    statement: str
    corrects: bool = False
    ahead: bool = False
    old: str | None = None
    as_said: str | None = None
    # Said by its leading word alone and with an additive word ("actually
    # Noah is also allergic to bees"): a statement beside the one before,
    # which it must not replace (review s26 H1).
    adds: bool = False
    # How many old values are named in a row (", not tomorrow, not
    # Wednesday": 2); `old` is the first.
    old_parts: int = 1


def _alternatives(words: list[str]) -> str:
    return "|".join(
        r"\s+".join(re.escape(part) for part in word.split())
        for word in sorted(words, key=len, reverse=True)
    )


@dataclass(frozen=True, slots=True)
class _Table:
    leading: re.Pattern[str]
    # "no, …" set off before a statement that names its old value ("no, the
    # dentist is on Monday, not Wednesday"): an answer, not the statement's.
    refused: re.Pattern[str] | None
    instead_of: re.Pattern[str]
    not_old: re.Pattern[str]
    # One ", not …" / "and not …" of several in a row.
    not_part: re.Pattern[str]
    # "not on Wednesday, …" said first after the opening words.
    not_first: re.Pattern[str] | None
    # ", but not": a time ruled out where no other is said (`_ruled_out`).
    not_kept: str | None
    negation_words: frozenset[str]
    instead: re.Pattern[str]
    # What says the old value follows ("…, not", "… instead of").
    named_old: re.Pattern[str]
    moved: re.Pattern[str]
    # The clause's verb may follow the old value ("statt am Donnerstag ist").
    verb_last: bool
    # A time of day a day's correction keeps ("at 10 am", "um 10 Uhr").
    clock: re.Pattern[str] | None
    # Words that, after the old value's first word, start what the
    # statement says besides it ("… instead of Sunday at 6 pm").
    old_value_ends: frozenset[str] = frozenset()
    # A verb-last language's particles that close a clause ("raus"), and
    # the words after which a lower-case word is an adjective ("der roten").
    verb_particles: frozenset[str] = frozenset()
    before_adjectives: frozenset[str] = frozenset()
    # Words standing for the new value's noun in the old one ("the red one").
    pro_forms: re.Pattern[str] | None = None
    # A command to the home said first ("unlock the bike lock, …").
    commands: re.Pattern[str] | None = None
    # A leading word the verb follows ("eigentlich geht der Müll …"), and
    # what the fronted statement's subject and verb may be (`_fronted`).
    fronted: re.Pattern[str] | None = None
    fronted_words: _FrontedWords | None = None
    # Said last, words that tell a change and are kept ("… isn't coming
    # anymore").
    changed: re.Pattern[str] | None = None
    # What opens a statement said after a "no" as a correction (`after_no`).
    after_no_opens: str | None = None


@dataclass(frozen=True, slots=True)
class _FrontedWords:
    not_verbs: frozenset[str]
    not_with: frozenset[str]
    pronouns: frozenset[str]
    articles: frozenset[str]
    # A name's genitive before its noun ("Annas Yogakurs", "Klaus'
    # Fahrrad"), one subject before a verb that takes no object ("ist").
    genitive_endings: tuple[str, ...] = ()
    not_genitive_endings: tuple[str, ...] = ()
    no_object: frozenset[str] = frozenset()
    # Not the verb after a subject said first (`says_subject`): a thought
    # or a wish ("I meant", "ich weiß"), not what is so.
    said_not_verbs: frozenset[str] = frozenset()
    # What makes a person's words no correction (`says_subject`): a
    # denial ("we never painted anything") or a hedge ("…, I think",
    # "…, right", "they said …"): doubt or hearsay, not what is so.
    doubts: tuple[str, ...] = ()
    # Where nouns are not capitalised: the words a subject's noun follows
    # ("the band practises …") and the endings its verb is told by.
    noun_openers: frozenset[str] = frozenset()
    verb_endings: tuple[str, ...] = ()
    name_verbs: frozenset[str] = frozenset()
    name_objects: frozenset[str] = frozenset()
    # A contrast word that is a particle before these ("kommt … doch
    # nicht": after all not), no contrast of two clauses.
    particle_before: frozenset[str] = frozenset()
    # A person's plan called off ("we are not going to the wedding"), its
    # "no" the group `no`: no denial of a deed or doubt.
    calls_off: re.Pattern[str] | None = None


def _read(path: Path) -> _Table:
    table: dict[str, Any] = json.loads(path.read_text("utf-8"))
    flags = re.IGNORECASE | re.UNICODE
    # A "no" said before the leading word ("no, actually …", "no no no,
    # actually …", "nein, eigentlich …"): the leading word still opens it.
    refused = (
        rf"(?:(?:{_alternatives(table['refusals'])})(?:\s*[{_SET_OFF}]+\s*|\s+))*"
        if table.get("refusals")
        else ""
    )
    return _Table(
        # "no, …", "no no, …" (review s27b M6: "no no," was kept).
        refused=re.compile(
            rf"^\s*{refused}(?:{_alternatives(table['refusals'])})\s*[{_SET_OFF}]+\s*",
            flags,
        )
        if table.get("refusals")
        else None,
        # "actually …", "eigentlich: …" (set off: "Eigentlich mag Ben Tee"
        # is a statement of its own, its verb after "eigentlich").
        leading=re.compile(
            rf"^\s*{refused}(?:(?:{_alternatives(table['leading'])})"
            rf"(?:\s*[{_SET_OFF}]+\s*|\s+)"
            rf"|(?:{_alternatives(table['leading_set_off'])})\s*[{_SET_OFF}]+\s*)",
            flags,
        ),
        # "instead of Tuesday" up to the end of its clause (a word must
        # follow: "Die Party findet am Samstag statt" is no correction).
        instead_of=re.compile(
            rf"\s*,?\s*\b(?:{_alternatives(table['instead_of'])})\s+"
            rf"(?P<old>\w[^,.;:!?]*)",
            flags,
        ),
        # ", not Tuesday" closing the statement, or " and not Tuesday", and
        # any more said after it (", not tomorrow, not Wednesday").
        not_old=re.compile(
            rf"{_not_said(table)}(?P<old>[^,.;:!?]+?)"
            rf"(?P<more>(?:{_not_said(table)}[^,.;:!?]+?)*)\s*(?P<end>[.!?]*)\s*$",
            flags,
        ),
        not_part=re.compile(_not_said(table), flags),
        not_first=re.compile(
            rf"(?:{_alternatives(table['not_first'])})\s+"
            rf"(?P<old>[^,.;:!?\s][^,.;:!?]*?)\s*[,;:\u2013\u2014]\s*(?=\w)",
            flags,
        )
        if table.get("not_first")
        else None,
        not_kept=table.get("not_kept"),
        negation_words=_folded(table, "negation_words"),
        instead=re.compile(
            rf"\s*,?\s*\b(?:{_alternatives(table['instead'])})\b\s*(?P<end>[.!?]*)\s*$",
            flags,
        ),
        named_old=re.compile(
            rf"\s*,?\s*(?:{_alternatives([*table['not'], *table['instead_of']])})\s+",
            flags,
        ),
        moved=re.compile(rf"\b(?:{_alternatives(table['moved'])})\b", flags),
        verb_last=bool(table.get("verb_last")),
        clock=re.compile(table["clock"], flags) if table.get("clock") else None,
        old_value_ends=_folded(table, "old_value_ends"),
        verb_particles=_folded(table, "verb_particles"),
        before_adjectives=_folded(table, "before_adjectives"),
        pro_forms=re.compile(rf"\b(?:{_alternatives(table['pro_forms'])})\b", flags)
        if table.get("pro_forms")
        else None,
        commands=re.compile(rf"^\W*(?:{_alternatives(table['commands'])})\b", flags)
        if table.get("commands")
        else None,
        fronted=re.compile(
            rf"^\s*{refused}(?:{_alternatives(table['leading_fronted'])})\s+", flags
        )
        if table.get("leading_fronted")
        else None,
        changed=re.compile(rf"\b(?:{_alternatives(table['changed'])})\W*$", flags)
        if table.get("changed")
        else None,
        after_no_opens=table.get("after_no_opens"),
        fronted_words=_FrontedWords(
            not_verbs=_folded(table, "fronted_not_verbs"),
            not_with=_folded(table, "fronted_not_with"),
            pronouns=_folded(table, "subject_pronouns"),
            articles=_folded(table, "subject_articles"),
            genitive_endings=tuple(table.get("subject_genitive_endings", ())),
            not_genitive_endings=tuple(table.get("subject_not_genitive_endings", ())),
            no_object=_folded(table, "fronted_no_object"),
            said_not_verbs=_folded(table, "fronted_not_verbs")
            | _folded(table, "subject_not_verbs"),
            doubts=tuple(word.casefold() for word in table.get("subject_doubts", ())),
            noun_openers=_folded(table, "noun_subject_openers"),
            verb_endings=tuple(table.get("noun_subject_verb_endings", ())),
            name_verbs=_folded(table, "name_subject_verbs"),
            name_objects=_folded(table, "name_subject_objects"),
            particle_before=_folded(table, "fronted_particle_before"),
            calls_off=re.compile(table["subject_calls_off"], flags)
            if table.get("subject_calls_off")
            else None,
        ),
    )


def _not_said(table: dict[str, Any]) -> str:
    """What says an old value follows: ", not", ", and not", " and not"
    (the table's `not`, after a comma, or its `not_joined`)."""
    joined = table.get("not_joined") or []
    return (
        rf"(?:\s*,\s*(?:{_alternatives(table['not'])})"
        + (rf"|\s+(?:{_alternatives(joined)})" if joined else "")
        + r")\s+"
    )


def _folded(table: dict[str, Any], key: str) -> frozenset[str]:
    """A word list of the table, case-folded (none where it has none)."""
    return frozenset(word.casefold() for word in table.get(key, ()))


# Every language's table, read when the module is imported.
_TABLES: Final[dict[str, _Table]] = {
    path.name.split(".")[1]: _read(path)
    for path in sorted(_FOLDER.glob("corrections.*.json"))
}


def _table(language: str | None) -> _Table:
    base = base_language(language, _FALLBACK)
    return _TABLES.get(base, _TABLES[_FALLBACK])


def _words(text: str) -> bool:
    return re.search(r"\w", text) is not None


def correction_opening(text: str, language: str | None) -> int:
    """Where the words that open a correction end ("no, actually ",
    "Nein, eigentlich "), with no more said after them; 0 where none do."""
    table = _table(language)
    for pattern in (table.leading, table.fronted):
        if pattern is not None and (lead := pattern.match(text)):
            return lead.end() if _words(text[lead.end() :]) else 0
    return 0


def after_no(text: str, language: str | None) -> tuple[str, str] | None:
    """The statement said after a "no" set off that opens no correction
    itself ("Nein, die Taschenlampe liegt im Flur": "die Taschenlampe liegt
    im Flur"), and the text opened as a correction ("Nein, eigentlich: die
    Taschenlampe …", the table's `after_no_opens`); None where no "no" is
    set off first, or where a correction's words follow it."""
    table = _table(language)
    if (
        table.refused is None
        or table.after_no_opens is None
        or read_correction(text, language).corrects
        or any(p is not None and p.match(text) for p in (table.leading, table.fronted))
        or (no := table.refused.match(text)) is None
        or not _words(statement := text[no.end() :])
    ):
        return None
    return statement, f"{text[: no.end()]}{table.after_no_opens} {statement}"


def tells_moved(text: str, language: str | None) -> bool:
    """Whether `text` tells a time moved ("The dentist appointment moved to
    Friday 4 December", "… auf Freitag verschoben"): a plan still, however
    often it is moved again (review s39 #2: its "moved" was read as a deed
    done, and "Friday" went to the last one)."""
    return _table(language).moved.search(text) is not None


def read_correction(text: str, language: str | None) -> Correction:
    """`text` as the statement it tells, and whether it says it corrects."""
    table = _table(language)
    statement = text
    corrects = False
    if (lead := table.leading.match(statement)) and _words(statement[lead.end() :]):
        statement, corrects = statement[lead.end() :], True
    if (first := _not_first(table, statement, corrects)) is not None:
        return first
    said, old_value, parts = statement, None, 1
    if (
        (old := table.instead_of.search(statement))
        and _words(statement[: old.start()])
        and _names_a_value(old["old"], language)
    ):
        value, rest = _value_and_rest(table, old["old"], language)
        old_value, verb = _final_verb(table, value, language)
        statement = _joined(
            statement[: old.start()], verb + rest + statement[old.end() :]
        )
    elif (old := _not_old(table, statement)) and _words(statement[: old.start()]):
        old_value = old["old"]
        parts = 1 + len(table.not_part.findall(old["more"]))
        statement = _ruled_out(table, statement, old, language) or _joined(
            statement[: old.start()], old["end"]
        )
    elif (old := table.instead.search(statement)) and _words(statement[: old.start()]):
        statement, corrects = statement[: old.start()] + old["end"], True
    elif table.changed is not None and table.changed.search(statement):
        corrects = True  # "the nanny isn't coming anymore" (review s30b M7)
    ahead = tells_moved(statement, language)
    if old_value is None:
        adds = corrects and not ahead and _adds(statement, language)
        return Correction(statement.strip(), corrects or ahead, ahead, adds=adds)
    if not corrects and table.refused and (no := table.refused.match(statement)):
        # "No, the dentist … on Monday 7 December" was stored (review s27).
        statement, said = statement[no.end() :], said[no.end() :]
    return Correction(
        statement.strip(),
        True,
        ahead,
        old=old_value.strip(),
        as_said=said.strip(),
        old_parts=parts,
    )


def _not_first(table: _Table, statement: str, opened: bool) -> Correction | None:
    """A correction that names its old value first, set off, after its
    opening words: "no, actually not on Wednesday, the nanny is coming on
    Friday", "Nein, eigentlich nicht morgen, die Putzfrau kommt …" (a
    German "eigentlich" needs no comma before it here). The statement
    after it, as said with ", not …" after it (`as_said`); None where it
    is not said so (review s27b M6: Home Assistant's intent answered
    "no area called …" and the memory stayed as it was)."""
    start = 0
    if not opened:
        lead = table.fronted.match(statement) if table.fronted is not None else None
        if lead is None:
            return None
        start = lead.end()
    if table.not_first is None or not (old := table.not_first.match(statement, start)):
        return None
    rest = statement[old.end() :].strip()
    if len(old["old"].split()) > _MAX_OLD_WORDS or len(rest.split()) < _FRONTED_WORDS:
        return None
    body = rest.rstrip(".!? ")
    said = f"{body}, {old[0][: old.start('old') - old.start()].strip()} {old['old']}"
    return Correction(
        rest,
        True,
        table.moved.search(rest) is not None,
        old=old["old"].strip(),
        as_said=said + rest[len(body) :],
    )


def _ruled_out(
    table: _Table, statement: str, old: re.Match[str], language: str | None
) -> str | None:
    """The statement to store where the old value is a time and what is
    said before it names no time of its own: what it says is that time
    ruled out, which is kept ("the plumber is coming, not tomorrow": "the
    plumber is coming, but not tomorrow"; `not_kept`), as said where it
    says a "not" already ("… coming not tomorrow, not Wednesday"). None
    where another time is said: it is the new value (review s27b LOW:
    "The plumber is coming." was stored, its "not tomorrow" lost)."""
    times = statement_words(language).times
    if table.not_kept is None or not any(
        word.casefold() in times for word in _TOKEN.findall(old["old"])
    ):
        return None
    head = statement[: old.start()]
    words = [word.casefold() for word in _TOKEN.findall(head)]
    for at, word in enumerate(words):
        said = word in times or any(c.isdigit() for c in word)
        if said and not set(words[max(0, at - 2) : at]) & table.negation_words:
            return None  # a time of its own: the new value
    if set(words) & table.negation_words:
        return statement
    return f"{head}, {table.not_kept} {old['old']}{old['more']}{old['end']}"


def _adds(statement: str, language: str | None) -> bool:
    """Whether `statement` says an additive word ("also", "as well", "auch")."""
    said = re.findall(r"[^\W_]+", statement.casefold())
    return says_any(said, statement_words(language).additive)


# A finite verb as spoken: lower-case letters (German nouns are capitalised).
_VERB: Final = re.compile(r"^[^\W\d_A-ZÄÖÜ][^\W\d_]*$")
# The fewest words after the leading one: a verb, a subject, what is said of it.
_FRONTED_WORDS: Final = 3
# The adjectives a subject's article may have before its noun, at most.
_MAX_ADJECTIVES: Final = 2


def set_off_fronted(text: str, language: str | None) -> str:
    """`text`, said alone to the assistant, as the correction it says where
    its leading word is one its verb follows: "eigentlich geht der Müll am
    Mittwochabend raus" as "eigentlich: der Müll geht am Mittwochabend
    raus" (review s21); else as it is. Only then: "merk dir, eigentlich mag
    Ben lieber Tee" is told as said."""
    table = _table(language)
    lead = table.fronted.match(text) if table.fronted is not None else None
    refused = table.refused is not None and table.refused.match(text) is not None
    if (
        lead is None
        or (fronted := _fronted(table, text[lead.end() :], refused)) is None
    ):
        return text
    return f"{text[: lead.end()].strip()}: {fronted}"


def _fronted(table: _Table, rest: str, refused: bool = False) -> str | None:
    """What follows a leading word its verb follows, subject first ("geht
    der Müll am Mittwochabend raus": "der Müll geht am Mittwochabend
    raus"); None where it is not plainly one: no verb, a verb that says
    what did not happen ("wollte"), a contrast ("aber"; after a "Nein"
    one in a clause of its own is what else is so: "Nein, eigentlich
    kommt die Hebamme doch nicht, aber der Arzt kommt", review s30 M5), a
    command, or no subject before something more."""
    words = table.fronted_words
    if words is None:
        return None
    tokens = rest.split()
    if (
        len(tokens) < _FRONTED_WORDS
        or not _VERB.match(tokens[0])
        or tokens[0].casefold() in words.not_verbs
        or _contrasts(tokens, words, refused)
        or (table.commands is not None and table.commands.match(tokens[0]))
    ):
        return None
    end = _subject_end(tokens, words)
    if end == _NAME_END and _genitive(tokens, words):
        end += 1  # "ist Annas Yogakurs am Freitag" (review s27b M7)
    if end is None or end >= len(tokens):
        return None
    # What sets the subject off follows the verb ("kommt der Maler, nicht
    # morgen": "der Maler kommt, nicht …"; it was "der Maler, kommt …").
    subject = tokens[1:end]
    last = subject[-1].rstrip(_SET_OFF)
    if last:
        subject[-1], verb = last, tokens[0] + subject[-1][len(last) :]
    else:
        verb = tokens[0]
    return " ".join([*subject, verb, *tokens[end:]])


def _contrasts(tokens: list[str], words: _FrontedWords, refused: bool) -> bool:
    """Whether a word of `tokens` sets what was meant against what is
    ("eigentlich wollte Ben kommen, aber …"): a contrast word, unless it
    is a particle: within a clause, before a word it is one before
    ("eigentlich kommt die Babysitterin doch nicht": after all not; review
    s28 M4 was answered as the question "kommt die Babysitterin doch
    nicht"), not after a comma (", doch nicht morgen"); after a "Nein"
    (`refused`), none opening a clause after a comma."""
    said = [token.casefold().strip(",.") for token in tokens]
    return any(
        word in words.not_with
        and not (
            0 < at < len(said) - 1
            and not tokens[at - 1].endswith((",", ";", "."))
            and said[at + 1] in words.particle_before
        )
        and not (refused and at > 0 and tokens[at - 1].endswith(","))
        for at, word in enumerate(said)
    )


# The index after a subject of one word after the fronted verb.
_NAME_END: Final = 2


def _genitive(tokens: list[str], words: _FrontedWords) -> bool:
    """Whether the subject after the fronted verb is a name's genitive and
    its noun ("ist Annas Yogakurs am Freitag", "Rosas Kuchen"), before a
    verb that takes no object, so "Annas" is no subject alone ("Annas ist
    Yogakurs …" was stored). "hat Jonas Geburtstag" keeps "Jonas" alone."""
    name = tokens[1]
    folded = name.casefold()
    return (
        len(tokens) > _NAME_END + 1
        and name[:1].isupper()
        and tokens[2][:1].isupper()
        and tokens[0].casefold() in words.no_object
        and len(folded) > _NAME_END
        and folded.endswith(words.genitive_endings)
        and not folded.endswith(words.not_genitive_endings)
    )


def _subject_end(tokens: list[str], words: _FrontedWords) -> int | None:
    """The index after the subject that follows the verb `tokens[0]`: a
    pronoun, a capitalised word (a name), or an article with at most
    _MAX_ADJECTIVES adjectives and a capitalised noun."""
    first = tokens[1]
    if first.casefold() in words.pronouns or first[:1].isupper():
        return 2
    if first.casefold() not in words.articles:
        return None
    for i in range(2, min(len(tokens), 3 + _MAX_ADJECTIVES)):
        if tokens[i][:1].isupper():
            return i + 1
    return None


def says_subject(
    statement: str, language: str | None, *, old_named: bool = False
) -> bool:
    """Whether `statement` opens with its subject and a verb the statement
    tables need not know: a person's pronoun ("we painted the shed last
    year", "wir haben den Zaun gestrichen") or, where nouns are capitalised
    (`verb_last`), a name or an article's noun ("der Chor probt am
    Donnerstag"), then a lower-case word that says what is so, not a
    thought or a wish ("I meant …"), and at least two content words. A
    question ("…?") says none. Review s28 M2/M3: such a correction was no
    correction at all. Where nouns are not capitalised, an article's noun
    is a subject only in a correction that names its old value
    (`old_named`: "no no, the band practises on Thursday, not tomorrow";
    review s29 M1), its verb told by its ending (`_noun_subject`); one that
    names none may open with a noun or a name too ("no, actually the
    neighbours painted the shed last year", "… Anna replaced the doorbell
    …"; review s30b M7). A person's plan called off (`subject_calls_off`:
    "we are not going to the wedding") is no denial."""
    table = _table(language)
    words = table.fronted_words
    calls_off = words.calls_off if words is not None else None
    if calls_off is not None and (off := calls_off.match(statement)):
        statement = statement[: off.start("no")] + statement[off.end("no") :]
    tokens = statement.strip().split()
    if (
        words is None
        or len(tokens) < _FRONTED_WORDS
        or statement.rstrip()[-1] == "?"
        or len(missing_words(statement, "", language)) < _SUBJECT_CONTENT
    ):
        return False
    if says_any(_TOKEN.findall(statement.casefold()), words.doubts):
        return False
    first = tokens[0].strip(_SET_OFF).casefold()
    if first in words.pronouns:
        return _said_verb(tokens[1], words)
    if not table.verb_last:
        # A name with an old value finds no memory of that value's day to
        # correct ("Ben mowed the lawn on Thursday, not yesterday"); with
        # none, a deed's object follows its verb ("… painted the shed",
        # not "the band practises on Thursday").
        if old_named:
            return _noun_subject(tokens, words)
        return _noun_subject(tokens, words, deed=True) or _name_subject(tokens, words)
    # The opening word is capitalised as a sentence's ("Der Chor …").
    said = [first if first in words.articles else tokens[0], *tokens[1:]]
    end = _subject_end(["", *said], words)
    return (
        end is not None
        and end < len(said) + 1
        and said[end - 1].casefold() not in words.articles
        and _said_verb(said[end - 1], words)
    )


def said_by_one_subject(old: str, new: str, language: str | None) -> bool:
    """Whether `old` and `new` both open with their subject (`says_subject`)
    and it is the same ("We repaired the fence in 2024." and "We repaired
    the fence in 2025."; not "Anna fixed the gate latch …" and "We fixed
    …": review s30 H1)."""
    subjects = {
        text.split(maxsplit=1)[0].casefold() for text in (old, new) if text.split()
    }
    return (
        len(subjects) == 1
        and says_subject(old, language)
        and says_subject(new, language)
    )


# The fewest content words of a statement `says_subject` reads: a verb and
# what it says ("painted", "shed"), not "I don't know".
_SUBJECT_CONTENT: Final = 2


def _noun_subject(
    tokens: list[str], words: _FrontedWords, *, deed: bool = False
) -> bool:
    """Whether `tokens` open with an article's noun of one or two words
    ("the band", "the book club"), then a verb by its ending ("practises",
    "rehearsed"), and where `deed`, its object ("painted the shed"). Not
    a name: "Ben mowed the lawn on Thursday, not yesterday" finds no
    memory dated yesterday to correct, and would be stored beside it."""
    said = [token.strip(_SET_OFF) for token in tokens]
    if said[0].casefold() not in words.noun_openers:
        return False
    verb = next((at for at in (2, 3) if _ends_as_verb(said, at, words)), None)
    return (
        verb is not None
        and all(_VERB.match(noun) for noun in said[1:verb])
        and (not deed or _object_after(said, verb, words))
    )


def _object_after(said: list[str], verb: int, words: _FrontedWords) -> bool:
    """Whether the verb `said[verb]` is followed by its object's opener
    ("painted the shed")."""
    return verb + 1 < len(said) and said[verb + 1].casefold() in words.noun_openers


def _name_subject(tokens: list[str], words: _FrontedWords) -> bool:
    """Whether `tokens` open with a name, a verb told by its ending or a past
    of no ending, and its object ("Anna went to the clinic"; review s31 M4);
    or with a name's possessive and its noun, that verb and more ("Anna's
    mother came on Sunday": the phrase is the subject; review s35)."""
    said = [token.strip(_SET_OFF) for token in tokens]
    if not said[0][:1].isupper() or said[0].casefold() in words.noun_openers:
        return False
    if said[0].casefold().endswith(words.genitive_endings):
        verb = next((at for at in (2, 3) if _name_verb(said, at, words)), None)
        return (
            verb is not None
            and verb + 1 < len(said)
            and all(_VERB.match(noun) for noun in said[1:verb])
        )
    return _name_verb(said, 1, words) and (
        _object_after(said, 1, words) or said[2].casefold() in words.name_objects
    )


def _name_verb(said: list[str], at: int, words: _FrontedWords) -> bool:
    """Whether `said[at]` is a verb told by its ending or a past of none."""
    return _ends_as_verb(said, at, words) or (
        at < len(said) and said[at].casefold() in words.name_verbs
    )


def _ends_as_verb(said: list[str], at: int, words: _FrontedWords) -> bool:
    word = said[at].casefold() if at < len(said) else ""
    return (
        word.endswith(words.verb_endings)
        and word not in words.pronouns | words.noun_openers
        and _said_verb(said[at], words)
    )


def _said_verb(word: str, words: _FrontedWords) -> bool:
    """Whether `word` may be the verb after a subject said first."""
    return bool(_VERB.match(word)) and word.casefold() not in words.said_not_verbs


def commands(text: str, language: str | None) -> bool:
    """Whether `text` opens with a command to the home ("unlock the bike
    lock, the code is 7788 instead of 5566", "schalte …"): an imperative,
    Home Assistant's to answer, never a statement that corrects one
    (attacker review s18b: it was stored for the household)."""
    pattern = _table(language).commands
    statement = read_correction(text, language).statement
    return pattern is not None and pattern.match(statement) is not None


def kept_clock(old: str, new: str, replaces: str | None, language: str | None) -> str:
    """`new` with the time of day `old` names, where `new` names none and
    the value it replaces is not that time: "… on Friday the 20th instead
    of Thursday" correcting "… on Thursday the 19th at 10 am" keeps "at 10
    am" (the day moved, the hour did not; new-user review s17)."""
    clock = _table(language).clock
    if clock is None or clock.search(new) is not None:
        return new
    kept = clock.search(old)
    if kept is None or (replaces is not None and clock.search(replaces)):
        return new
    body = new.rstrip()
    if re.search(r"\d\.$", body):  # "den 20.": the ordinal's and the end's
        return f"{body}, {kept.group().strip()}."
    end = len(body) - len(body.rstrip(".!"))
    return f"{body[: len(body) - end]} {kept.group().strip()}{body[len(body) - end :]}"


def kept_rest(old: str, new: str, replaces: str | None, language: str | None) -> str:
    """`new` with the rest of `old` after the value it replaces, where `new`
    says only a new value: "… in the green flower pot" instead of "the
    blue one" correcting "… in the blue flower pot by the garage" is "… in
    the green flower pot by the garage" (month review s19: "by the
    garage" was lost though nothing said it changed). Only where the two
    share their opening words, `new` ends on words `old` says right after
    the words it replaces (among them a content word of `replaces`, each
    said in `old` up to there) and `old` says more after them. A new place
    of its own ("in the shed now") is `new` as said; a time or a number is
    kept_clock's."""
    if replaces is None:
        return new
    said, told = list(_TOKEN.finditer(new)), list(_TOKEN.finditer(old))
    shared = 0
    while (
        shared < min(len(said), len(told))
        and said[shared][0].casefold() == told[shared][0].casefold()
    ):
        shared += 1
    value = replaces
    if (pro_forms := _table(language).pro_forms) is not None:
        value = pro_forms.sub(" ", value)
    if shared < 2 or not _content(value, language):
        return new
    said, told = said[shared:], told[shared:]
    spliced = _spliced(said, told)
    if spliced is None:
        return new
    changed, replaced = spliced
    closing = " ".join(t[0] for t in said[changed:])
    last = told[replaced + len(said) - changed - 1]
    if (
        not _content(closing, language)
        or missing_words(value, old[: last.end()], language)
        or not _replaced(value, " ".join(t[0] for t in told[:replaced]), language)
        or _timed([t[0] for t in [*said[:changed], *told[:replaced]]], language)
    ):
        return new
    # The new value and its closing words, then the old text after them.
    return new[: said[-1].end()] + old[last.end() :]


def _spliced(
    said: list[re.Match[str]], told: list[re.Match[str]]
) -> tuple[int, int] | None:
    """Where the new value's closing words (as many as stand there) stand
    in the old text after the words they follow: the index in `said` and
    in `told` where they start, with more of `told` after them; None where
    they do not (a new place of its own)."""
    for start in range(1, len(said)):
        tail = [t[0].casefold() for t in said[start:]]
        for at in range(1, len(told) - len(tail)):
            if [t[0].casefold() for t in told[at : at + len(tail)]] == tail:
                return start, at
    return None


def _replaced(value: str, words: str, language: str | None) -> bool:
    """Whether `words` say a content word of the old `value` ("blauen" of
    "im blauen"): it is among the words replaced, not only those shared."""
    return missing_words(value, words, language) != missing_words(value, "", language)


def _timed(words: list[str], language: str | None) -> bool:
    """Whether a value's words name a time or a number (a moved day keeps
    its hour by `kept_clock`; a date or a code is no noun's new value)."""
    times = statement_words(language).times
    return any(
        any(c.isdigit() for c in word) or word.casefold() in times for word in words
    )


def says_moved(text: str, language: str | None) -> bool:
    """Whether `text` says its time moved ("… moved to Friday", "verschoben
    auf Freitag")."""
    return moved_at(text, language) is not None


def moved_at(text: str, language: str | None) -> int | None:
    """Where `text` says its time moved ("… moved to Friday"), or None."""
    moved = _table(language).moved.search(text)
    return None if moved is None else moved.start()


def _final_verb(table: _Table, old: str, language: str | None) -> tuple[str, str]:
    """The old value and the clause's verb after it ("am Donnerstag", " ist"
    of "am Donnerstag ist"; German puts the verb last): a verb the
    statement tables know, never the value's only word."""
    value, _, last = old.rstrip().rpartition(" ")
    known = statement_words(language)
    if (
        table.verb_last
        and value.strip()
        and last.islower()
        and last in known.pivots - known.negations
    ):
        return value, f" {last}"
    return old, ""


def _names_a_value(old: str, language: str | None) -> bool:
    """Whether "instead of …" names something: a number, or a word of two
    letters or more that is no function word ("instead of e", "instead of
    the" overwrote a memory with them, attacker review s22 F8)."""
    stop = statement_words(language).stop
    return any(
        word.isdigit() or (len(word) > 1 and word.casefold() not in stop)
        for word in re.findall(r"[^\W_]+", old)
    )


def _value_and_rest(table: _Table, old: str, language: str | None) -> tuple[str, str]:
    """The old value of "instead of …" and what the clause says after it:
    ("Sunday", " at 6 pm") of "Sunday at 6 pm", ("am Freitag", " zum
    Zahnarzt"); the whole where no word of `old_value_ends` follows its
    first word. Cut to the clause's end, "… on Saturday instead of Sunday
    at 6 pm" was stored "… on Saturday." (review s22)."""
    words = list(re.finditer(r"\S+", old))
    for word in words[1:]:
        if word[0].casefold().strip("\"'") in table.old_value_ends:
            return old[: word.start()].rstrip(), " " + old[word.start() :]
    # German's clause ends on its particle or participle ("statt am
    # Dienstagabend raus", "statt am Freitag abgeholt"), not on an
    # adjective ("statt der roten") nor a word of the value ("statt in bar").
    if table.verb_last and len(words) > 2:
        last, before = words[-1][0], words[-2][0].casefold()
        participle = statement_words(language).participle
        if (
            _VERB.match(last)
            and before not in table.before_adjectives
            and (
                last.casefold() in table.verb_particles
                or (participle is not None and re.match(participle, last))
            )
        ):
            return old[: words[-1].start()].rstrip(), " " + last
    return old, ""


def _joined(before: str, after: str) -> str:
    """`before` and `after`, one full stop where both had one ("…, den 20."
    and "." of "…, den 20., statt am Donnerstag.")."""
    if before.rstrip().endswith(".") and after.lstrip().startswith("."):
        return before.rstrip() + after.lstrip()[1:]
    return before + after


def _not_old(table: _Table, statement: str) -> re.Match[str] | None:
    """ ", not Tuesday" closing the statement, if said."""
    old = table.not_old.search(statement)
    if old is not None and len(old["old"].split()) <= _MAX_OLD_WORDS:
        return old
    return None


def dated_old(
    statement: str, as_said: str, language: str | None, parts: int = 1
) -> str | None:
    """The old value as `as_said` names it after `statement` (both with
    their times said as dates): "on Tuesday 1 December" of "… on Wednesday
    2 December, not on Tuesday 1 December", for a memory stored with its
    date ("… tomorrow" told yesterday) that holds it so. `statement` may
    name its own day without a date ("… is on Saturday", a habit's words;
    review s27 H1); the old value is what follows the first of the `parts`
    last ", not …" or "instead of …" (", not tomorrow, not Wednesday":
    tomorrow). None where `as_said` says none."""
    head = statement.rstrip().rstrip(".!?")
    if not head:
        return None
    table = _table(language)
    # The statement as said ("… not tomorrow, not Wednesday"): from its start.
    rest = as_said[len(head) :].strip(" .!?")
    start = len(head) if as_said.startswith(head) and rest else 0
    found = [m for m in table.named_old.finditer(as_said, start) if m.start() > 0]
    if not found:
        return None
    first = found[-min(parts, len(found))]
    end = next((m.start() for m in found if m.start() > first.start()), len(as_said))
    old = as_said[first.end() : end].strip().rstrip(".!?").strip()
    return old or None


def holds_old(text: str, old: str, language: str | None) -> bool:
    """Whether `text` holds the old value a correction names: every content
    word of "April" of "… due in March instead of April" (a number, a due
    date and an address of one subject are three things). An old value the
    memory itself names as replaced ("… side door instead of the front
    door") is none it holds. A word standing for the new value's noun ("the red
    one" of "… the green flower pot instead of the red one") is no word of
    it (new-user review s18: Ben's correction was a second memory)."""
    held = read_correction(text, language).statement
    if (pro_forms := _table(language).pro_forms) is not None:
        old = pro_forms.sub(" ", old)
    return bool(missing_words(old, "", language)) and not missing_words(
        old, held, language
    )


def same_thing(
    old: str, new: str, language: str | None, replaces: str | None = None
) -> bool:
    """Whether `new` tells of the thing `old` does: every content word of
    its subject ("the dentist appointment" of "… moved to Friday", "the
    plumber" of "… is coming on Wednesday") is in `old`. With a verb the
    tables do not know ("the gym membership renews in June instead of
    April"), every word of `new` but as many as the old value it
    `replaces` has; said by a person with no old value ("we painted the
    shed on Sunday"), the same deed at another time (`same_deed`) or
    the same said no to (`saying_no.negates`)."""
    subject = subject_words(new, language)
    if subject:
        phrase = " ".join(subject)
    else:
        # No verb the tables know ("moved"): the words before the change.
        moved = _table(language).moved.search(new)
        if moved is None and replaces is None and says_subject(new, language):
            # Or the plan called off ("we are not going to the wedding";
            # review s30b M7).
            return same_deed(old, new, language) or negates(old, new, language)
        if moved is None:
            return replaces is not None and _all_but_the_value(
                old, new, replaces, language
            )
        phrase = new[: moved.start()]
    return bool(missing_words(phrase, "", language)) and not missing_words(
        phrase, old, language
    )


def same_deed(old: str, new: str, language: str | None) -> bool:
    """Whether `new` says the deed `old` does at a time of its own: every
    word of it but its time ("on Sunday 29 November", "in 2025") is in
    `old`, at least two ("painted", "shed"), and some of its time is not
    ("We painted the shed on Sunday 29 November" of "… in 2024"; review
    s28 M2)."""
    times = statement_words(language).times
    tokens = [token.casefold() for token in _TOKEN.findall(new)]
    timed = [
        at
        for at, token in enumerate(tokens)
        if token in times or any(c.isdigit() for c in token)
    ]
    # A time word and the word before it ("on", "am", "in").
    said_when = {tokens[at] for at in timed} | {tokens[at - 1] for at in timed if at}
    when = missing_words(" ".join(said_when), "", language)
    unsaid = missing_words(new, old, language)
    return (
        len(missing_words(new, "", language) - when) > 1
        and not unsaid - when
        and bool(unsaid & when)
    )


def _all_but_the_value(old: str, new: str, replaces: str, language: str | None) -> bool:
    """Whether `new` says what `old` does but its new value, as long as the
    old value it `replaces` ("… renews in June" of "… renews in April")."""
    value = len(missing_words(replaces, "", language))
    said = len(missing_words(new, "", language))
    return said > value and len(missing_words(new, old, language)) <= value


_TOKEN: Final = re.compile(r"[^\W_][\w'\u2019-]*", re.UNICODE)


def _content(word: str, language: str | None) -> bool:
    return bool(missing_words(word, "", language))
