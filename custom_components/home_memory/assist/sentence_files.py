"""The built-in agent's sentences and spoken answers, one file per language.

`sentences/<language>.yaml` (hassil templates, laid out as in
home-assistant-intents) holds a language's trigger sentences per intent, its
questions, the words that mark a private memory or mean "that", and every
answer the sentences speak. Adding a language is adding a file. Triggers
listen in every language at once (Home Assistant's sentence triggers have no
language); questions and answers follow the conversation's language, with
English where there is no file for it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, partial
from pathlib import Path
import re
from typing import TYPE_CHECKING, Any, Final

from hassil import Intents, recognize_best
from homeassistant.util.yaml import load_yaml_dict

from ..memory.text.clauses import ClauseWords, verb_second
from ..memory.text.corrections import read_correction
from ..memory.text.statements import subject_words
from ..memory.time.expressions import time_spans

if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping

    from hassil.recognize import RecognizeResult

FOLDER: Final = Path(__file__).parent.parent / "sentences"
# A question sentence so marked ("what is the {query}") is ours only where
# Home Assistant read the whole subject as a name it does not know.
ONLY_UNKNOWN_NAME: Final = "only_unknown_name"
# One so marked ("wann {query}": any verb) is ours only where no name Home
# Assistant knows is among its words ("wann geht die Sonne unter").
NAMES_NOTHING_KNOWN: Final = "names_nothing_known"
# The slot of a question that names whose thing it asks of ("Anna's").
OWNER: Final = "owner"
FALLBACK_LANGUAGE: Final = "en"
# What sets an aside off ("remember, just between us, that"): a comma,
# semicolon, colon or dash (hyphen, en dash, em dash).
_DASHES: Final = "\\-\u2013\u2014"
_SETS_OFF: Final = ",;:" + _DASHES
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
# What is left of that setting off once the private words are cut out.
_LEFT_OVER: Final = re.compile(rf"[\s,;:(\[{_DASHES}]+$")


def _alternatives(words: Iterable[str]) -> str:
    """A regex alternation of `words`, longest first, each as written."""
    return "|".join(re.escape(word) for word in sorted(words, key=len, reverse=True))


def _phrases(words: Iterable[str], someone: str = _SOMEONE_WORDS) -> str:
    """A regex alternation of `words` whose "{someone}" stands for `someone`,
    a name or a few words ("don't tell {someone}": "don't tell Ben"); an
    apostrophe also matches a typographic one."""
    return "|".join(
        re.escape(word).replace("'", "['\u2019]").replace(re.escape(_SOMEONE), someone)
        for word in sorted(words, key=len, reverse=True)
    )


@dataclass(frozen=True, slots=True)
class Wording:
    """One language's answers and words, and its questions."""

    language: str
    responses: Mapping[str, str]
    that_words: frozenset[str]
    # Questions that are memory's wherever no known name is their subject,
    # and those only where Home Assistant did not know the subject at all
    # (`ONLY_UNKNOWN_NAME`, "what is the {query}"): asked second.
    questions: Intents
    unknown_name_questions: Intents
    _private: re.Pattern[str]
    # A private aside said last, after a comma or dash ("…, just between us"),
    # or a private phrase said last ("…, but keep it private", "… and don't
    # tell Ben", "… just for me").
    _private_after: re.Pattern[str]
    # A private phrase said last with nothing before it ("… 1111 just for
    # me"): private unless it may end a statement and follows one of
    # `_private_last_not_after` ("the cake is just for me" is what is
    # remembered); a sentence of its own ("… 44 ist das bleibt unter uns")
    # is private after any word.
    _private_last: re.Pattern[str] | None
    _private_last_clause: re.Pattern[str] | None
    _private_last_not_after: frozenset[str]
    # Said last, private but kept in the text ("… is a secret from Mia").
    _private_kept: re.Pattern[str] | None
    _leading: re.Pattern[str]
    _article: re.Pattern[str]
    _articles: frozenset[str]
    # A word that puts the verb of what follows it last ("dass"), at the
    # start of a text and at the end of one; None where there is none.
    _verb_last_first: re.Pattern[str] | None
    _verb_last_end: re.Pattern[str] | None
    _clause: ClauseWords
    # How a question about a time starts ("when", "wann"): its answer says
    # when, whatever the memory's kind.
    _asks_when: re.Pattern[str] | None = None
    # Words of a "when" question about a telling ("mention", "erwähnt").
    _asks_telling: re.Pattern[str] | None = None
    # How a request that is itself a question starts ("can you", "kannst du").
    _asking_request: re.Pattern[str] | None = None
    # The sentence of a statement that says it corrects ("actually …").
    corrections: Intents | None = None
    # Every request to the memory ("remember that …", "forget …", "what do
    # you remember about …"), the questions above aside.
    requests: Intents | None = None

    def asks_itself(self, said: str) -> bool:
        """Whether the request `said` is itself a question ("can you
        remember that …?"), so its closing question mark is not the memory's."""
        return self._asking_request is not None and bool(
            self._asking_request.match(said)
        )

    def asks_when(self, question: str) -> bool:
        """Whether `question` asks when something happened or is."""
        return self._asks_when is not None and bool(self._asks_when.match(question))

    def asks_telling(self, question: str) -> bool:
        """Whether `question` asks when something was said ("when did I
        mention …"), whose answer is each memory's telling."""
        return self.asks_when(question) and (
            self._asks_telling is not None and bool(self._asks_telling.search(question))
        )

    def is_request(self, text: str) -> bool:
        """Whether `text` asks the memory something or asks it to do
        something (its sentences or its questions): it tells no fact."""
        return (
            self.requests is not None
            and recognize_best(text, self.requests, language=self.language) is not None
        ) or self.question(text) is not None

    def say(self, key: str, **values: object) -> str:
        """The answer `key` with its {names} filled in (values are never parsed)."""
        return self.responses[key].format_map(values)

    def private_split(self, content: str) -> tuple[bool, str]:
        """Whether `content` starts or ends with a private marker, and content
        without it.

        "remember privately that my PIN is 4711" must never become a household
        memory "Privately that our PIN is 4711." that everyone hears. An aside
        ("just between us") counts only set off by a comma or dash, or first
        and right before "that": "the fence is between us" and "between us and
        the neighbours is a fence" stay statements for the household. What
        set the words off goes with them ("… 34 -- just for me"). Words that
        say it is kept from someone but cannot be cut off without losing
        what is remembered ("the party is a secret from Mia") make it
        private and stay: hidden from the household is the lesser harm.
        """
        if (match := self._private.match(content)) is not None:
            return True, content[match.end() :]
        if (match := self._private_after.search(content)) is not None:
            return True, _LEFT_OVER.sub("", content[: match.start()])
        if self._private_last_clause is not None and (
            (match := self._private_last_clause.search(content)) is not None
        ):
            return True, _LEFT_OVER.sub("", content[: match.start()])
        if self._private_last is not None and (
            (match := self._private_last.search(content)) is not None
        ):
            before = content[: match.start()]
            last = before.split()[-1:]
            if last and last[0].casefold() not in self._private_last_not_after:
                return True, _LEFT_OVER.sub("", before)
        if self._private_kept is not None and self._private_kept.search(content):
            return True, content
        return False, content

    def without_leading(self, content: str) -> str:
        """`content` without a leading "that" ("remember that that ...")."""
        return self._leading.sub("", content, count=1)

    def statement(self, said: str, content: str) -> str:
        """`content` as a statement: said after a word that puts the verb last
        ("merk dir, dass der Schlüssel im Flur liegt"), without that word and
        with the verb second (memory/text/clauses.py); else as it is."""
        if self._verb_last_first is None or self._verb_last_end is None:
            return content
        if (match := self._verb_last_first.match(content)) is not None:
            return verb_second(content[match.end() :], self._clause)
        where = said.casefold().rfind(content.casefold())
        if where > 0 and self._verb_last_end.search(said[:where]) is not None:
            return verb_second(content, self._clause)
        return content

    def without_article(self, name: str) -> str:
        """`name` as Home Assistant may know it: no article, case or spacing."""
        bare = self._article.sub("", " ".join(name.casefold().split()), count=1)
        return bare.strip(" .,!?;:")

    def question(self, text: str) -> RecognizeResult | None:
        """The question `text` asks, if it is one of this language's.

        A sentence for any subject first ("was ist die Adresse von Oma"),
        then one for a subject Home Assistant does not know ("was ist der
        Tresorcode"). A possessive owner is a name, never an article: "Was
        ist das WLAN-Passwort" is no question about "da"'s.
        """
        found = recognize_best(text, self.questions, language=self.language)
        if found is not None and self._owner_is_article(found):
            found = None
        return found or recognize_best(
            text, self.unknown_name_questions, language=self.language
        )

    def correction(self, text: str) -> RecognizeResult | None:
        """`text` as a correction sentence, if it says it corrects one told
        before ("actually the plumber is coming on Wednesday, not Tuesday";
        memory/text/corrections.py reads the words) and is a statement with
        a subject ("turn on the light instead of the fan" is none)."""
        told = read_correction(text, self.language)
        if self.corrections is None or not told.corrects:
            return None
        if not told.ahead and not subject_words(told.statement, self.language):
            return None
        return recognize_best(text, self.corrections, language=self.language)

    def _owner_is_article(self, result: RecognizeResult) -> bool:
        owner = result.entities.get(OWNER)
        if owner is None:
            return False
        said = " ".join(str(owner.text or owner.value).casefold().split())
        return f"{said}s" in self._articles or said in self._articles


@dataclass(frozen=True, slots=True)
class Trigger:
    """Sentences (of every language) that call `intent_type` with `slots`."""

    intent_type: str
    sentences: tuple[str, ...]
    slots: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class SentenceFiles:
    """Every language's sentence file, read."""

    wordings: Mapping[str, Wording]
    triggers: tuple[Trigger, ...]

    def is_request(self, text: str) -> bool:
        """Whether `text` is a request to the memory or one of its questions
        in any language it has sentences for (a household may speak two)."""
        return any(wording.is_request(text) for wording in self.wordings.values())

    def wording(self, language: str | None) -> Wording:
        """The wording for `language` ("de-CH" takes "de"), else English."""
        return self.wording_for(language) or self.wordings[FALLBACK_LANGUAGE]

    def wording_for(self, language: str | None) -> Wording | None:
        """The wording for `language` ("de-CH" takes "de"), None if it has none."""
        if language:
            tag = language.replace("_", "-").casefold()
            for candidate in (tag, tag.split("-", 1)[0]):
                if candidate in self.wordings:
                    return self.wordings[candidate]
        return None


def _lower(words: Mapping[str, Any], key: str) -> frozenset[str]:
    return frozenset(word.casefold() for word in words.get(key, ()))


def _questions(
    language: str, data: Mapping[str, Any], *, unknown_name: bool
) -> Intents:
    """The language's question sentences marked `ONLY_UNKNOWN_NAME`, or the others."""
    return Intents.from_dict(
        {
            "language": language,
            "intents": {
                intent_type: {
                    **intent_data,
                    "data": [
                        block
                        for block in intent_data["data"]
                        if bool(block.get("metadata", {}).get(ONLY_UNKNOWN_NAME))
                        is unknown_name
                    ],
                }
                for intent_type, intent_data in data["questions"].items()
            },
            "lists": data["lists"],
            "expansion_rules": data.get("expansion_rules", {}),
        }
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


def _wording(language: str, data: Mapping[str, Any]) -> Wording:
    words = data["words"]
    leading = _alternatives(words["leading"])
    aside = _alternatives(words["private_aside"])
    # Where an aside may also go unset ("remember that between us my PIN
    # is …"): not before these words ("between us and the neighbours").
    unset = (
        rf"|\s+(?!\s|(?:{_alternatives(words['aside_not_before'])})\b)"
        if words.get("aside_not_before")
        else ""
    )
    verb_last = _alternatives(words.get("verb_last_after", ()))
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
    joining = _phrases(words.get("private_last_joining", ()))
    said_of = _lower(words, "private_last_said_of")
    bare = [
        phrase for phrase in words.get("private_last", ()) if _SOMEONE not in phrase
    ]
    last_bare = _phrases(phrase for phrase in bare if phrase.casefold() in said_of)
    last_clause = _phrases(
        phrase for phrase in bare if phrase.casefold() not in said_of
    )
    # "…, just for me please": a polite word after them goes with them.
    polite = (
        rf"(?:[\s,]+(?:{_phrases(words['private_polite'])}))*"
        if words.get("private_polite")
        else ""
    )
    return Wording(
        language=language,
        responses=dict(data["responses"]),
        that_words=frozenset(word.casefold() for word in words["that"]),
        requests=Intents.from_dict(
            {
                "language": language,
                "intents": data["intents"],
                "lists": data["lists"],
                "expansion_rules": data.get("expansion_rules", {}),
            }
        ),
        questions=_questions(language, data, unknown_name=False),
        unknown_name_questions=_questions(language, data, unknown_name=True),
        corrections=Intents.from_dict(
            {
                "language": language,
                "intents": data["corrections"],
                "lists": data["lists"],
            }
        )
        if data.get("corrections")
        else None,
        _private=re.compile(
            rf"^\W*(?:(?:{leading})\W+)?(?:{_alternatives(words['private'])})"
            rf"\b[\W_]*(?:(?:{leading})\b\W*)?"
            # An aside counts set off by a dash or comma, or right before
            # "that": "between us and the neighbours ..." is no aside.
            rf"|^\W*(?:(?:{leading})\s*[{_SETS_OFF}]+\s*)?(?:{aside})"
            rf"(?:\s*[{_SETS_OFF}]+\s*|\s+(?=(?:{leading})\b){unset})"
            rf"(?:(?:{leading})\b\W*)?",
            re.IGNORECASE,
        ),
        _private_after=re.compile(
            rf"(?:{_said_last(aside, last, tag, joining)}){polite}[\W_]*$",
            re.IGNORECASE,
        ),
        _private_last=re.compile(rf"\s(?:{last_bare}){polite}[\W_]*$", re.IGNORECASE)
        if last_bare
        else None,
        _private_last_clause=re.compile(
            rf"\s(?:{last_clause}){polite}[\W_]*$", re.IGNORECASE
        )
        if last_clause
        else None,
        _private_last_not_after=_lower(words, "private_last_not_after"),
        _private_kept=re.compile(rf"\s(?:{kept}){polite}[\W_]*$", re.IGNORECASE)
        if kept
        else None,
        _leading=re.compile(rf"^\W*(?:{leading})\b", re.IGNORECASE),
        _article=re.compile(rf"^(?:{_alternatives(words['articles'])})\s+"),
        _articles=_lower(words, "articles"),
        _verb_last_first=re.compile(rf"^\W*(?:{verb_last})\b\W*", re.IGNORECASE)
        if verb_last
        else None,
        _verb_last_end=re.compile(rf"(?:^|\W)(?:{verb_last})\W*$", re.IGNORECASE)
        if verb_last
        else None,
        _asks_when=re.compile(
            rf"^\W*(?:{_alternatives(words['asks_when'])})\b", re.IGNORECASE
        )
        if words.get("asks_when")
        else None,
        _asks_telling=re.compile(
            rf"\b(?:{_alternatives(words['asks_telling'])})\b", re.IGNORECASE
        )
        if words.get("asks_telling")
        else None,
        _asking_request=re.compile(
            rf"^\W*(?:{_alternatives(words['asking_request'])})\b", re.IGNORECASE
        )
        if words.get("asking_request")
        else None,
        _clause=ClauseWords(
            determiners=_lower(words, "determiners"),
            pronouns=_lower(words, "pronouns"),
            attaching=_lower(words, "attaching"),
            joining=_lower(words, "joining"),
            infinitive=_lower(words, "infinitive"),
            titles=_lower(words, "titles"),
            objects=_lower(words, "objects"),
            set_off=_lower(words, "set_off"),
            to_infinitive=_lower(words, "to_infinitive"),
            times=partial(time_spans, language=language),
        ),
    )


def _triggers(files: Iterable[Mapping[str, Any]]) -> tuple[Trigger, ...]:
    """One trigger per intent and fixed slots, with every language's sentences.

    Every matching trigger runs, so "1" in two languages must be one trigger.
    """
    grouped: dict[tuple[str, str], tuple[str, dict[str, Any], list[str]]] = {}
    for data in files:
        for intent_type, intent_data in data["intents"].items():
            for block in intent_data["data"]:
                slots = dict(block.get("slots", {}))
                key = (intent_type, repr(sorted(slots.items())))
                _, _, sentences = grouped.setdefault(key, (intent_type, slots, []))
                sentences.extend(
                    sentence
                    for sentence in block["sentences"]
                    if sentence not in sentences
                )
    return tuple(
        Trigger(intent_type, tuple(sentences), slots)
        for intent_type, slots, sentences in grouped.values()
    )


@cache
def load_sentence_files() -> SentenceFiles:
    """Read every sentence file (blocking: run it in the executor)."""
    files: dict[str, dict[str, Any]] = {}
    for path in sorted(FOLDER.glob("*.yaml")):
        data = dict(load_yaml_dict(path))
        files[data["language"]] = data
    return SentenceFiles(
        wordings={
            language: _wording(language, data) for language, data in files.items()
        },
        triggers=_triggers(files.values()),
    )
