"""The words that keep a memory to its teller ("…, keep it private", "just
for me", "…, das bleibt unter uns"), read once for every surface.

Remembering (the sentences and the LLM tool) and updating (the action, the
websocket, the LLM tool: operations/memories.async_update) read them alike,
so no surface stores "…, just for me" for the whole household. The words are
each language's sentence file (`sentences/<language>.yaml`, its `words`),
read here and shared with the sentences (assist/sentence_files.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, partial
from pathlib import Path
import re
from typing import TYPE_CHECKING, Any, Final

from homeassistant.util.yaml import load_yaml_dict

from ..memory.text.characters import without_invisible
from ..memory.text.clauses import ClauseWords, verb_second
from ..memory.text.secrets import holds_secret
from ..memory.text.statement_words import statement_words
from ..memory.time.expressions import time_spans

if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping

FOLDER: Final = Path(__file__).parent.parent / "sentences"
FALLBACK_LANGUAGE: Final = "en"
# What sets an aside off ("remember, just between us, that"): a comma,
# semicolon, colon or dash (hyphen, en dash, em dash).
_DASHES: Final = "\\-\u2013\u2014"
SETS_OFF: Final = ",;:" + _DASHES
# Who a private phrase said last leaves out ("don't tell {someone}"): a name
# or a few words ("Ben", "the kids", "Oma und Opa").
_SOMEONE: Final = "{someone}"
_SOMEONE_WORDS: Final = r"[^\W\d_][\w'\u2019.-]*(?:\s+[^\W\d_][\w'\u2019.-]*){0,2}"
# What sets a private phrase said last off from the memory: a comma,
# semicolon, colon, full stop, an opening bracket or a dash ("… 18 - private",
# "… 34 -- just for me", "… 27 (private)").
_SET_OFF_LAST: Final = (
    rf"(?:\s*[,;:.!?(\[]|\s+[{_DASHES}]+|\s*[\u2013\u2014]+|\s*-{{2,}})\s*"
)
# The sentence ends that set a later part told privately off ("…. Remember
# privately that …"): what comes before keeps its own.
PART_ENDS: Final = ".!?"
# A statement before an update's text, to read that text as an aside.
_STAND_IN: Final = "It is so"
# A word with a digit in it: a code or a number ("6666", "AB12").
_WITH_DIGITS: Final = re.compile(r"\w*\d\w*")
# What is left of that setting off once the private words are cut out.
_LEFT_OVER: Final = re.compile(rf"[\s,;:(\[{_DASHES}]+$")
# A word as said ("Anna's", "met").
_WORD: Final = re.compile(r"[^\W\d_][\w'\u2019-]*")
# The word after a private word, with only spaces before it.
_NEXT_WORD: Final = re.compile(r"[ \t]+([^\W\d_][\w'\u2019-]*)")


def alternatives(words: Iterable[str]) -> str:
    """A regex alternation of `words`, longest first, each as written."""
    return "|".join(re.escape(word) for word in sorted(words, key=len, reverse=True))


def lower(words: Mapping[str, Any], key: str) -> frozenset[str]:
    """The words under `key`, case-folded."""
    return frozenset(word.casefold() for word in words.get(key, ()))


def _phrases(words: Iterable[str], someone: str = _SOMEONE_WORDS) -> str:
    """A regex alternation of `words` whose "{someone}" stands for `someone`,
    a name or a few words ("don't tell {someone}": "don't tell Ben"); an
    apostrophe also matches a typographic one."""
    return "|".join(
        re.escape(word).replace("'", "['\u2019]").replace(re.escape(_SOMEONE), someone)
        for word in sorted(words, key=len, reverse=True)
    )


@dataclass(frozen=True, slots=True)
class LaterPart:
    """A later part of a text told privately (`PrivateWords.later_part`)."""

    # What is said before it, for the household; None: not told apart, all
    # of it is private (`said`).
    before: str | None
    # The part told privately, as a statement without the words that say so.
    said: str
    # The text from the words that say so on, as said ("Merk dir privat,
    # dass mein Code 1234 ist"): what follows `before` told apart.
    rest: str
    # All of it, as one statement without the words that say so ("the
    # kettle is in the cupboard and my pin is 1"): kept together, private.
    whole: str


@dataclass(frozen=True, slots=True)
class LaterShared:
    """A later part of a text told privately that is the household's
    (`PrivateWords.shared_after`)."""

    # What is said before it, private.
    before: str
    # The household's part, as a statement without the command.
    said: str
    # The text from the command on, as said ("remember that the bucket …").
    rest: str


@dataclass(frozen=True, slots=True)
class PrivateWords:
    """One language's words that make a memory private, as patterns."""

    # Said first ("privately that …", "just between us, …").
    _first: re.Pattern[str]
    # A private aside said last, after a comma or dash ("…, just between us"),
    # or a private phrase said last ("…, but keep it private", "… and don't
    # tell Ben", "… just for me").
    _after: re.Pattern[str]
    # A private phrase said last with nothing before it ("… 1111 just for
    # me"): private unless it may end a statement and follows one of
    # `_last_not_after` ("the cake is just for me" is what is remembered);
    # a sentence of its own ("… 44 ist das bleibt unter uns") is private
    # after any word.
    _last: re.Pattern[str] | None
    _last_clause: re.Pattern[str] | None
    _last_not_after: frozenset[str]
    # Said last, private but kept in the text ("… is a secret from Mia").
    _kept: re.Pattern[str] | None
    # Said first, private and kept ("Don't tell Anna about the party …").
    _kept_first: re.Pattern[str] | None
    # Said first in a later sentence or joined part of the same text ("…
    # under the mat. remember privately that my code is 1234", "… and
    # privately that …"): that part private (`later_part`).
    _inner: re.Pattern[str] | None = None
    # Said anywhere a rule above does not read them: all of it private.
    _anywhere: re.Pattern[str] | None = None
    # The words that may say it before "privately" ("remember", "und merk
    # dir"): a later part told so is told apart from what comes before.
    _commands: frozenset[str] = frozenset()
    # A language whose "that" puts the verb last ("dass"): its clause words.
    _clause: ClauseWords | None = None
    # A command said at a line's or sentence's start after a part told
    # privately ("…6666\nremember that the bucket …"): `shared_after`.
    _shared: re.Pattern[str] | None = None
    # The words that make it a command ("remember", "merk").
    _verbs: frozenset[str] = frozenset()
    # Said last with nothing setting them off ("… my pin is 3101
    # privately"): an adverb of `private_adverbs_last` always (left out
    # after a secret, else kept: "Anna met Ben in private"), a tag of
    # `private_tag` where what comes before tells a secret ("… 3113 ist
    # privat"; "the road is private" stays a statement).
    _bare_last: re.Pattern[str] | None = None
    # Said anywhere in a text that tells a secret (`private_beside_secret`).
    _beside_secret: re.Pattern[str] | None = None
    # A bare adverb said last that may say how a deed was done (`private_
    # deed_adverbs`, "… was held privately"), the deeds (`private_deeds`)
    # and the words no deed is described across (a place or a copula: "…
    # is under the mat privately", "my meeting notes are hidden privately").
    _deed_adverbs: frozenset[str] = frozenset()
    _deeds: frozenset[str] = frozenset()
    _not_across: frozenset[str] = frozenset()
    # A private word beside a command that is an adjective of a noun after
    # these words ("remember the private road …"; `private_adjectives`),
    # unless the word after it is one of `_not_a_noun`.
    _adjectives: frozenset[str] = frozenset()
    _adjective_after: frozenset[str] = frozenset()
    _not_a_noun: frozenset[str] = frozenset()

    def shared_after(self, content: str) -> LaterShared | None:
        """The household's later part of `content` whose first part is
        told privately ("remember privately that my locker code is 6666\n
        remember that the bucket is in the shed"): a command verb at the
        start of a line or of a sentence after it, then "that" or a comma
        or colon (live review s43 #2: the household's part was kept
        private with the code). None where that is not certain: no such
        command, nothing before or after it, private words in the later
        part, or a code of the first part said in it again ("…. Remember
        that it is 6666 for the blue locker"). Characters drawn as nothing
        hide no word."""
        content = without_invisible(content)
        if self._shared is None:
            return None
        for match in self._shared.finditer(content):
            told = match.group("told").replace(",", " ").casefold().split()
            if not any(word in self._verbs for word in told):
                continue
            before = content[: match.start("told")].strip()
            said = content[match.end() :].strip()
            if not _has_words(before) or not _has_words(said):
                return None
            if self._clause is not None:
                said = verb_second(said, self._clause)
            return LaterShared(
                before, said[:1].upper() + said[1:], content[match.start("told") :]
            )
        return None

    def later_part(self, content: str) -> LaterPart | None:
        """A later sentence or joined part of `content` told privately ("….
        Remember privately that my code is 1234", "… und merk dir privat,
        dass mein Code 1234 ist"), told apart from what comes before it;
        None where there is none.

        Told apart only when only command words come before "privately"
        and what comes before it is a statement of its own that keeps
        nothing private; else all of it is private (`LaterPart.before`
        None), said without the private word (live review s42: the
        household's part was hidden with it, and "remember privately that"
        was stored with it). Characters drawn as nothing inside the words
        ("priva\u00adtely") hide none of them.
        """
        content = without_invisible(content)
        if self._inner is None or (match := self._inner.search(content)) is None:
            return None
        said = content[match.end() :].strip()
        if self._clause is not None:
            said = verb_second(said, self._clause)
        separator = match.group("separator")
        before = content[: match.start()].rstrip()
        if separator in PART_ENDS:
            before += separator
            said = said[:1].upper() + said[1:]
        # Kept together: "… in the cupboard and my pin is 1".
        joined = "" if separator in PART_ENDS else separator.rstrip()
        whole = f"{before}{joined} {said}"
        told = match.group("told").split()
        others = [word for word in told if word.casefold() not in self._commands]
        if others or not _has_words(before) or self.split(before)[0]:
            # "…. Ben told me privately that …": all of it, as said without
            # "privately".
            kept = content[: match.start("told")] + " ".join(others)
            rest = content[match.end("private") if others else match.end() :]
            kept = f"{kept.rstrip()} {rest.lstrip()}".strip()
            return LaterPart(None, kept, kept, kept)
        return LaterPart(
            before, said[:1].upper() + said[1:], content[match.start("told") :], whole
        )

    def split(
        self, content: str, *, apart: bool = False, beside_secret: bool = True
    ) -> tuple[bool, str]:
        """Whether `content` starts or ends with a private marker, and content
        without it; `apart`: a later part told privately and told apart from
        what comes before it (`later_part`) is left as said, for the caller
        to keep the two apart (operations/memories.async_remember).

        "remember privately that my PIN is 4711" must never become a household
        memory "Privately that our PIN is 4711." that everyone hears. An aside
        ("just between us") counts only set off by a comma or dash, or first
        and right before "that": "the fence is between us" and "between us and
        the neighbours is a fence" stay statements for the household. What
        set the words off goes with them ("… 34 -- just for me"). Words that
        say it is kept from someone but cannot be cut off without losing
        what is remembered ("the party is a secret from Mia") make it
        private and stay: hidden from the household is the lesser harm.
        Characters drawn as nothing inside the words ("priva\u00adtely",
        "just for\u200c me") hide none of them (live review s42: a soft
        hyphen stored the code for everyone).
        """
        private, rest = self._split(
            without_invisible(content), apart=apart, beside_secret=beside_secret
        )
        return (True, rest) if private else (False, content)

    def _split(  # noqa: PLR0911 - one return per place the words are said
        self, content: str, *, apart: bool, beside_secret: bool
    ) -> tuple[bool, str]:
        """`split` of `content` read as it shows."""
        if (match := self._first.match(content)) is not None:
            return True, content[match.end() :]
        if (match := self._after.search(content)) is not None:
            return True, _LEFT_OVER.sub("", content[: match.start()])
        if self._last_clause is not None and (
            (match := self._last_clause.search(content)) is not None
        ):
            return True, _LEFT_OVER.sub("", content[: match.start()])
        if self._last is not None and (
            (match := self._last.search(content)) is not None
        ):
            before = content[: match.start()]
            last = before.split()[-1:]
            if last and last[0].casefold() not in self._last_not_after:
                return True, _LEFT_OVER.sub("", before)
        if (bare := self._bare_said_last(content)) is not None:
            return True, bare
        if any(
            kept is not None and kept.search(content)
            for kept in (self._kept, self._kept_first)
        ):
            return True, content
        if (later := self.later_part(content)) is not None:
            # A later sentence told privately ("…. remember privately that
            # my code is 1234") keeps it all to its teller where it is not
            # told apart (`later_part`; operations/memories.async_remember
            # does): the household heard Anna's code (live review s41).
            if apart and later.before is not None:
                return False, content
            return True, later.whole
        if self._beside_a_command(content):
            # "… hall privately remember that my code is 2013", "… keep this
            # private: …": no rule reads where, so all of it, as said.
            return True, content
        if (
            beside_secret
            and self._beside_secret is not None
            and self._beside_secret.search(content)
            and holds_secret(content)
        ):
            # A secret told with a private word anywhere ("my pin privately
            # is 4013", "my secret pin is 4034", "… 4004 ist im Vertrauen"):
            # all of it, as said (live re-check s43 H1, H2).
            return True, content
        return False, content

    def _bare_said_last(self, content: str) -> str | None:
        """What is kept of `content` made private by a private adverb or
        tag said last with nothing setting it off (`_bare_last`), else None.

        Live review s43 H1: "remember that my shed pin is 3101 privately"
        was the household's, "privately" and all. After a secret the words
        are left out; an adverb that may say how it happened ("Anna met Ben
        in private") stays in the text where no secret is told.
        """
        if self._bare_last is None or (
            (match := self._bare_last.search(content)) is None
        ):
            return None
        before = content[: match.start()]
        last = before.split()[-1:]
        if not last or last[0].casefold() in self._last_not_after:
            return None
        if holds_secret(before):
            # A verb the tag opens with stays ("… 3113 ist privat" is
            # "… 3113 ist", not "… 3113"; live re-check s43 M4).
            opens = match.group().split()[:1]
            if opens and opens[0].casefold() in self._last_not_after:
                before = f"{before.rstrip()} {opens[0]}"
            return _LEFT_OVER.sub("", before)
        adverb = match.group("adverb")
        if adverb is None or self._describes_a_deed(before, adverb):
            return None
        return content

    def _describes_a_deed(self, before: str, adverb: str) -> bool:
        """Whether a bare adverb said last after `before`, no secret told,
        says how a deed of its sentence was done ("The party was held
        privately", "Anna met Ben in private"): a statement about the world
        for the household, not a wish (live review s44). A place word
        between the deed and the adverb ("the presents are hidden in the
        attic privately") leaves it a wish: kept private, the lesser harm."""
        if " ".join(adverb.casefold().split()) not in self._deed_adverbs:
            return False
        sentence = re.split(rf"[{PART_ENDS};:\n]", before)[-1]
        # From the adverb back to the deed; a copula before it is the
        # statement's verb ("my meeting notes are …": no deed).
        for word in reversed(_WORD.findall(sentence)):
            folded = word.casefold()
            if folded in self._deeds:
                return True
            if folded in self._not_across:
                return False
        return False

    def _beside_a_command(self, content: str) -> bool:
        """Whether private words are said beside a command or before a
        colon anywhere in `content` (`_anywhere`), not as an adjective of
        a noun ("remember the private road is closed", "remember that
        private roads need a permit": what is remembered; live review s44)."""
        if self._anywhere is None:
            return False
        return any(
            not self._names_a_thing(content, match)
            for match in self._anywhere.finditer(content)
        )

    def _names_a_thing(self, content: str, match: re.Match[str]) -> bool:
        """Whether the private word of `match` is an adjective of the noun
        after it: after an article, "that" or right after the command, and
        before a word in lower case that goes on no wish ("keep that
        private please", "keep it private Ben doesn't know")."""
        word = match.groupdict().get("word")
        if word is None or word.casefold() not in self._adjectives:
            return False
        between = (match.groupdict().get("between") or "").strip().casefold()
        if between and between not in self._adjective_after:
            return False
        after = _NEXT_WORD.match(content, match.end())
        return (
            after is not None
            and after.group(1).islower()
            and after.group(1).casefold() not in self._not_a_noun
        )


def _said_last(aside: str, last: str, tag: str, joining: str) -> str:
    """What keeps a memory private said at its end: an aside, a private
    phrase or a private tag set off by a comma, dash or bracket, maybe
    after joining words ("…, just between us", "… - keep it private",
    "… (private)", "…, but that's between us"), or a private phrase after a
    joining word alone ("… but keep it private", "… and don't tell Ben")."""
    joined = rf"(?:(?:{joining})\s+)*" if joining else ""
    said = rf"{_SET_OFF_LAST}{joined}(?:{'|'.join(filter(None, (aside, last, tag)))})"
    if last and joining:
        said += rf"|\s+(?:(?:{joining})\s+)+(?:{last})"
    return said


def private_words(words: Mapping[str, Any], language: str) -> PrivateWords:
    """The patterns of a sentence file's `words` (in `language`)."""
    leading = alternatives(words["leading"])
    aside = alternatives(words["private_aside"])
    statement = statement_words(language)
    # Where an aside may also go unset ("remember that between us my PIN
    # is …"): not before these words ("between us and the neighbours").
    unset = (
        rf"|\s+(?!\s|(?:{alternatives(words['aside_not_before'])})\b)"
        if words.get("aside_not_before")
        else ""
    )
    # Private phrases said last: after a comma, dash or joining word ("…, but
    # keep it private", "… and don't tell Ben"), or with nothing before them
    # those that name nobody ("… just for me", not "I don't tell lies").
    # {someone} is never "lies" ("… and don't tell lies").
    someone = (
        rf"(?!(?:{_phrases(words['private_someone_not'])})\b){_SOMEONE_WORDS}"
        if words.get("private_someone_not")
        else _SOMEONE_WORDS
    )
    last = _phrases(words.get("private_last", ()), someone)
    tag = _phrases(words.get("private_tag", ()))
    kept = _phrases(words.get("private_kept", ()), someone)
    kept_first = _phrases(words.get("private_kept_first", ()), someone)
    joining = _phrases(words.get("private_last_joining", ()))
    said_of = lower(words, "private_last_said_of")
    bare = [
        phrase for phrase in words.get("private_last", ()) if _SOMEONE not in phrase
    ]
    last_bare = _phrases(phrase for phrase in bare if phrase.casefold() in said_of)
    last_clause = _phrases(
        phrase for phrase in bare if phrase.casefold() not in said_of
    )
    # "… in the hall remember privately that …": a command starts a part
    # (the line break before it made a space by Home Assistant's matching).
    verbs = alternatives(words.get("private_command_verbs", ()))
    # "…, just for me please": a polite word after them goes with them.
    polite = (
        rf"(?:[\s,]+(?:{_phrases(words['private_polite'])}))*"
        if words.get("private_polite")
        else ""
    )
    return PrivateWords(
        _first=re.compile(
            rf"^\W*(?:(?:{leading})\W+)?(?:{alternatives(words['private'])})"
            rf"\b[\W_]*(?:(?:{leading})\b\W*)?"
            # An aside counts set off by a dash or comma, or right before
            # "that": "between us and the neighbours ..." is no aside.
            rf"|^\W*(?:(?:{leading})\s*[{SETS_OFF}]+\s*)?(?:{aside})"
            rf"(?:\s*[{SETS_OFF}]+\s*|\s+(?=(?:{leading})\b){unset})"
            rf"(?:(?:{leading})\b\W*)?"
            # A private phrase said first and set off, or before "that"
            # ("Don't tell Anna, …", "Sag Anna nichts: …"; attack review s18b).
            rf"|^\W*(?:(?:{leading})\W+)?(?:{last}){polite}"
            rf"(?:\s*[{SETS_OFF}]+\s*|\s+(?=(?:{leading})\b))"
            rf"(?:(?:{leading})\b\W*)?",
            re.IGNORECASE,
        ),
        _after=re.compile(
            rf"(?:{_said_last(aside, last, tag, joining)}){polite}[\W_]*$",
            re.IGNORECASE,
        ),
        _last=re.compile(rf"\s(?:{last_bare}){polite}[\W_]*$", re.IGNORECASE)
        if last_bare
        else None,
        _last_clause=re.compile(rf"\s(?:{last_clause}){polite}[\W_]*$", re.IGNORECASE)
        if last_clause
        else None,
        _last_not_after=lower(words, "private_last_not_after"),
        _kept=re.compile(rf"\s(?:{kept}){polite}[\W_]*$", re.IGNORECASE)
        if kept
        else None,
        _kept_first=re.compile(
            rf"^\W*(?:(?:{leading})\W+)?(?:{kept_first})\s", re.IGNORECASE
        )
        if kept_first
        else None,
        _inner=re.compile(
            rf"(?P<separator>[{PART_ENDS};,\n]"
            rf"{rf'|\s(?:{joining})' if joining else ''}"
            rf"{rf'|\s(?=(?:{verbs})\s)' if verbs else ''})"
            rf"\s*(?P<told>(?:[^\W\d_]+\s+){{0,3}})"
            rf"(?P<private>{alternatives(words['private'])})\b[\s,]*(?:{leading})\b",
            re.IGNORECASE,
        ),
        _anywhere=_said_beside_a_command(
            words["private_anywhere"], words.get("private_anywhere_verbs", ())
        )
        if words.get("private_anywhere")
        else None,
        _commands=lower(words, "private_commands"),
        _clause=clause_words(words, language) if words.get("verb_last_after") else None,
        _shared=_command_starts(words.get("private_commands", ()), words["leading"])
        if verbs
        else None,
        _verbs=lower(words, "private_command_verbs"),
        _bare_last=_said_bare_last(words.get("private_adverbs_last", ()), tag, polite),
        _beside_secret=re.compile(
            rf"(?<!\w)(?:{_phrases(words['private_beside_secret'])})(?!\w)",
            re.IGNORECASE,
        )
        if words.get("private_beside_secret")
        else None,
        _deed_adverbs=frozenset(
            " ".join(adverb.split()) for adverb in lower(words, "private_deed_adverbs")
        ),
        _deeds=lower(words, "private_deeds"),
        _not_across=(statement.places | statement.copulas)
        - lower(words, "private_deed_across"),
        _adjectives=lower(words, "private_adjectives"),
        _adjective_after=lower(words, "articles") | lower(words, "leading"),
        _not_a_noun=lower(words, "private_adjective_not_before"),
    )


def _said_bare_last(
    adverbs: Iterable[str], tag: str, polite: str
) -> re.Pattern[str] | None:
    """A private adverb or tag said last with nothing setting it off."""
    adverb = _phrases(adverbs)
    said = "|".join(
        filter(None, (adverb and rf"(?P<adverb>{adverb})", tag and rf"(?:{tag})"))
    )
    if not said:
        return None
    return re.compile(rf"\s(?:{said}){polite}[\W_]*$", re.IGNORECASE)


# What starts a line or a sentence: a line break of any kind (CRLF, U+2028)
# or a sentence's end before a space.
_LINE_BREAKS: Final = "\n\r\v\f\x85\u2028\u2029"


def _command_starts(commands: Iterable[str], leading: Iterable[str]) -> re.Pattern[str]:
    """Command words at a line's or a sentence's start, then "that" or a
    comma or colon ("\nremember that", ". Merk dir, dass", "\nnote: ")."""
    said = alternatives(commands)
    return re.compile(
        rf"(?:[{PART_ENDS}][ \t]+|[ \t]*[{_LINE_BREAKS}]\s*)"
        rf"(?P<told>(?:{said})\b(?:[\s,]*(?:{said})\b){{0,3}})"
        rf"(?:[\s,]+(?:{alternatives(leading)})\b|\s*[,:])\s*",
        re.IGNORECASE,
    )


def _said_beside_a_command(
    private: Iterable[str], verbs: Iterable[str]
) -> re.Pattern[str]:
    """Private words right before or after a command ("privately remember",
    "Privately, remember", "remember in private", "keep this private", "merk
    dir privat") or before a colon ("Privately: …"), anywhere in a text."""
    said, told = alternatives(private), alternatives(verbs)
    beside = (
        rf"|(?<![\w-])(?:{told})\s+(?P<between>\w+\s+)?(?P<word>{said})(?![\w-])"
        rf"|(?<![\w-])(?:{said})[\s,]+(?:{told})(?![\w-])"
        if told
        else ""
    )
    return re.compile(rf"(?<![\w-])(?:{said})\s*:{beside}", re.IGNORECASE)


def _has_words(text: str) -> bool:
    return any(char.isalnum() for char in text)


def clause_words(words: Mapping[str, Any], language: str) -> ClauseWords:
    """A sentence file's words for a clause said after "dass"
    (memory/text/clauses.py)."""
    return ClauseWords(
        determiners=lower(words, "determiners"),
        pronouns=lower(words, "pronouns"),
        attaching=lower(words, "attaching"),
        joining=lower(words, "joining"),
        infinitive=lower(words, "infinitive"),
        titles=lower(words, "titles"),
        objects=lower(words, "objects"),
        set_off=lower(words, "set_off"),
        to_infinitive=lower(words, "to_infinitive"),
        instead=lower(words, "clause_instead"),
        have=lower(words, "clause_have"),
        agents=lower(words, "clause_agents"),
        have_objects=lower(words, "clause_have_objects"),
        separable=tuple(
            sorted(lower(words, "clause_separable"), key=len, reverse=True)
        ),
        inseparable=lower(words, "clause_inseparable"),
        subordinate=lower(words, "clause_subordinate"),
        relative=lower(words, "clause_relative"),
        kin=lower(words, "clause_kin"),
        no_object=lower(words, "clause_no_object"),
        plural_endings=tuple(lower(words, "clause_plural_endings")),
        plural_verbs=lower(words, "clause_plural_verbs"),
        plural_subjects=lower(words, "clause_plural_subjects"),
        singular_subjects=lower(words, "clause_singular_subjects"),
        first_person=lower(words, "clause_first_person"),
        not_first_person_endings=tuple(lower(words, "clause_not_first_person_endings")),
        participle_prefixes=tuple(lower(words, "clause_participle_prefixes")),
        contracted=lower(words, "clause_contracted"),
        finite=lower(words, "clause_finite"),
        finite_endings=tuple(lower(words, "clause_finite_endings")),
        subjects=lower(words, "clause_subjects"),
        not_verbs=lower(words, "clause_not_verbs"),
        not_verb_endings=tuple(lower(words, "clause_not_verb_endings")),
        times=partial(time_spans, language=language),
    )


@cache
def load_sentence_data() -> dict[str, dict[str, Any]]:
    """Every sentence file, by language (blocking: run it in the executor)."""
    files: dict[str, dict[str, Any]] = {}
    for path in sorted(FOLDER.glob("*.yaml")):
        data = dict(load_yaml_dict(path))
        files[data["language"]] = data
    return files


@cache
def _by_language() -> dict[str, PrivateWords]:
    return {
        language: private_words(data["words"], language)
        for language, data in load_sentence_data().items()
    }


def matching_language(languages: Iterable[str], language: str | None) -> str | None:
    """The one of `languages` for `language` ("de-CH" takes "de"), if any."""
    known = set(languages)
    if language:
        tag = language.replace("_", "-").casefold()
        for candidate in (tag, tag.split("-", 1)[0]):
            if candidate in known:
                return candidate
    return None


def load_private_words(language: str | None) -> PrivateWords:
    """`language`'s private words ("de-CH" takes "de"), else English's
    (blocking the first time: run it in the executor)."""
    by_language = _by_language()
    return by_language[matching_language(by_language, language) or FALLBACK_LANGUAGE]


def _in_each_language(language: str | None) -> list[PrivateWords]:
    """`language`'s words first, then every other shipped language's."""
    by_language = _by_language()
    first = matching_language(by_language, language) or FALLBACK_LANGUAGE
    return [by_language[name] for name in (first, *sorted(set(by_language) - {first}))]


def split_private(
    content: str, language: str | None, *, apart: bool = False
) -> tuple[bool, str]:
    """Whether `content` keeps itself to its teller, and content without the
    words that say so: in `language`'s words first, then in every other
    shipped language's, so a German "…, das bleibt unter uns" told in an
    English home is not stored for everyone (attack review s18) (blocking
    the first time: run it in the executor). `apart`: as `PrivateWords.split`."""
    # A private word beside a secret keeps it all as said: read last, after
    # every language's words that cut themselves off ("…, keep it private").
    for beside_secret in (False, True):
        for words in _in_each_language(language):
            private, rest = words.split(
                content, apart=apart, beside_secret=beside_secret
            )
            if private:
                return True, rest
    return False, content


def told_apart(content: str, language: str | None) -> LaterPart | None:
    """A later part of `content` told privately, told apart from what comes
    before it (`PrivateWords.later_part`), in `language`'s words first;
    None where there is none to tell apart (blocking the first time: run it
    in the executor)."""
    for words in _in_each_language(language):
        if (later := words.later_part(content)) is not None:
            return later if later.before is not None else None
    return None


def told_after(
    content: str, language: str | None, *, private: bool
) -> LaterShared | None:
    """The household's later part of `content` whose first part is told
    privately (by its words, or `private`: the request says so), told apart
    (`PrivateWords.shared_after`); None where there is none or it is not
    certain, so all of it stays private: the later part keeps nothing
    private and says none of the first part's codes (blocking the first
    time: run it in the executor)."""
    for words in _in_each_language(language):
        if (shared := words.shared_after(content)) is None:
            continue
        if not (private or split_private(shared.before, language)[0]):
            return None
        if split_private(shared.rest, language)[0] or _shares_a_code(shared):
            return None
        return shared
    return None


def _shares_a_code(shared: LaterShared) -> bool:
    """Whether the later part says a code or number of the first part
    (any word with a digit: "6666", "AB12")."""
    first = {code.casefold() for code in _WITH_DIGITS.findall(shared.before)}
    return any(code.casefold() in first for code in _WITH_DIGITS.findall(shared.rest))


def says_only_private(content: str, language: str | None) -> bool:
    """Whether `content` is nothing but the words that keep a memory to its
    teller ("keep it private", "nur für mich"): an update saying only that
    makes the memory private and keeps its text (attack review s18), read
    as an aside after a stand-in statement."""
    private, rest = split_private(f"{_STAND_IN}, {content.strip()}", language)
    return private and rest.strip() in {"", _STAND_IN}
