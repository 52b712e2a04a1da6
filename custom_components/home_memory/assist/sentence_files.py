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
from functools import cache
import re
from typing import TYPE_CHECKING, Any, Final

from hassil import Intents, recognize_best

from ..memory.text.clauses import ClauseWords, verb_second
from ..memory.text.corrections import (
    after_no,
    commands,
    correction_opening,
    read_correction,
    says_subject,
    set_off_fronted,
)
from ..memory.text.redating import redating
from ..memory.text.statements import subject_words
from ..memory.time.expressions import time_spans
from ..operations.private_words import (
    FALLBACK_LANGUAGE,
    PrivateWords,
    alternatives,
    clause_words,
    load_sentence_data,
    lower,
    matching_language,
    private_words,
)
from ..operations.when import text_language

if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping

    from hassil.recognize import RecognizeResult

# What may set a correction's opening words off (",", ":").
_SET_OFF: Final = ",:;- "
# A rule a sentence names ("<went>"), and how deep rules may name rules.
_RULE: Final = re.compile(r"<([^<>\s]+)>")
_RULE_DEPTH: Final = 5
# The intent of "remember that …" (its sentences' {content} is what is told).
REMEMBER_INTENT: Final = "HomeMemoryRemember"
# How often a "remember that" inside what is told is read, and the longest
# text read for one (hassil's matching runs on the event loop).
_COMMANDS_READ: Final = 3
_COMMAND_TEXT: Final = 1200

# A question sentence so marked ("what is the {query}") is ours only where
# Home Assistant read the whole subject as a name it does not know.
ONLY_UNKNOWN_NAME: Final = "only_unknown_name"
# One so marked ("wann {query}": any verb) is ours only where no name Home
# Assistant knows is among its words ("wann geht die Sonne unter").
NAMES_NOTHING_KNOWN: Final = "names_nothing_known"
# One so marked ("wann {query}") is ours also where Home Assistant's only
# unknown names were an area or floor inside its subject ("Wann geht der
# Müll raus?": "Kein Bereich mit dem Namen Müll raus").
UNKNOWN_PLACE_TOO: Final = "unknown_place_too"
# One so marked ("what was on {query}") is ours only where its {query} is
# time words alone ("the 21st", "last weekend"), not "the TV".
NAMES_A_TIME: Final = "names_a_time"
# The slot of a question that names whose thing it asks of ("Anna's").
OWNER: Final = "owner"


@dataclass(frozen=True, slots=True)
class Wording:
    """One language's answers and words, and its questions."""

    language: str
    responses: Mapping[str, str]
    that_words: frozenset[str]
    # Of those, the ones that say "never mind" where nothing was talked about.
    never_mind_words: frozenset[str]
    # Questions that are memory's wherever no known name is their subject,
    # and those only where Home Assistant did not know the subject at all
    # (`ONLY_UNKNOWN_NAME`, "what is the {query}"): asked second.
    questions: Intents
    unknown_name_questions: Intents
    # The words that keep it to the speaker (operations/private_words.py).
    private_words: PrivateWords
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
    # How a question of how long ago starts ("how long ago", "wie lange ist
    # es her"): its answer says the time gone by and the date.
    _asks_ago: re.Pattern[str] | None = None
    # How a question about a place starts ("where", "wo"): its answer is
    # the place, never dated.
    _asks_where: re.Pattern[str] | None = None
    # Words of a "when" question about a telling ("mention", "erwähnt").
    _asks_telling: re.Pattern[str] | None = None
    # How a request that is itself a question starts ("can you", "kannst du").
    _asking_request: re.Pattern[str] | None = None
    # How a question opens ("what", "did we", "wann"), said without its "?".
    _question_opener: re.Pattern[str] | None = None
    # How a question that never asks for an action opens ("who", "was").
    _question_only: re.Pattern[str] | None = None
    # How a question for the date or the time starts ("what's the date",
    # "welches Datum", "wie spät ist es"): Home Assistant's, wherever asked.
    _asks_the_clock: re.Pattern[str] | None = None
    # The sentence of a statement that says it corrects ("actually …").
    corrections: Intents | None = None
    # Every request to the memory ("remember that …", "forget …", "what do
    # you remember about …"), the questions above aside.
    requests: Intents | None = None
    # "remember (privately) that …" said first (HomeMemoryRemember and
    # HomeMemoryRememberPrivate): `opens_remembering`.
    remembering: Intents | None = None
    # Words said after "forget it" that are not the memory ("vergiss es
    # einfach", "forget it please").
    forget_fillers: frozenset[str] = frozenset()
    # Where a person of the household may be ("home", "zu hause"): "who is
    # home" is Home Assistant's even where nobody is.
    presence: frozenset[str] = frozenset()

    def asks_itself(self, said: str) -> bool:
        """Whether the request `said` is itself a question ("can you
        remember that …?"), so its closing question mark is not the memory's."""
        return self._asking_request is not None and bool(
            self._asking_request.match(said)
        )

    def asks_when(self, question: str) -> bool:
        """Whether `question` asks when something happened or is."""
        return self._asks_when is not None and bool(self._asks_when.match(question))

    def asks_ago(self, question: str) -> bool:
        """Whether `question` asks how long ago something happened."""
        return self._asks_ago is not None and bool(self._asks_ago.match(question))

    def asks_where(self, question: str) -> bool:
        """Whether `question` asks where something is or was."""
        return self._asks_where is not None and bool(self._asks_where.match(question))

    def asks_telling(self, question: str) -> bool:
        """Whether `question` asks when something was said ("when did I
        mention …"), whose answer is each memory's telling."""
        return self.asks_when(question) and (
            self._asks_telling is not None and bool(self._asks_telling.search(question))
        )

    def asks_the_clock(self, text: str) -> bool:
        """Whether `text` asks the date or the time ("welches Datum ist
        heute in der Küche"), which is Home Assistant's to answer."""
        return self._asks_the_clock is not None and bool(
            self._asks_the_clock.match(text)
        )

    def opens_question(self, text: str) -> bool:
        """Whether `text` opens as a question does ("did we have guests on
        the 14th", "wann kommt Oma"), spoken without its question mark."""
        return self._question_opener is not None and bool(
            self._question_opener.match(text)
        )

    def asks_only(self, text: str) -> bool:
        """Whether `text` opens as a question that asks for no action ("who
        watched TV on Thursday", "why did the TV turn on"): nothing of the
        home is switched for it (runtime/ha_internals.py)."""
        return self._question_only is not None and bool(self._question_only.match(text))

    def is_request(self, text: str) -> bool:
        """Whether `text` asks the memory something or asks it to do
        something (its sentences or its questions): it tells no fact."""
        return (
            self.requests is not None
            and recognize_best(text, self.requests, language=self.language) is not None
        ) or self.question(text) is not None

    def opens_remembering(self, text: str) -> bool:
        """Whether `text` is "remember (privately) that …" from its start:
        those sentences take a later part told privately themselves."""
        return (
            self.remembering is not None
            and recognize_best(text, self.remembering, language=self.language)
            is not None
        )

    def without_forget_fillers(self, said: str) -> str:
        """`said` (casefolded) without the filler words at its end."""
        spoken = said.split()
        while len(spoken) > 1 and spoken[-1] in self.forget_fillers:
            spoken.pop()
        return " ".join(spoken)

    def say(self, key: str, **values: object) -> str:
        """The answer `key` with its {names} filled in (values are never parsed)."""
        return self.responses[key].format_map(values)

    def private_split(self, content: str) -> tuple[bool, str]:
        """Whether `content` starts or ends with a private marker, and content
        without it (operations/private_words.py, `PrivateWords.split`); a
        later part told privately and told apart is left as said: remembering
        keeps the two apart (operations/memories.async_remember)."""
        return self.private_words.split(content, apart=True)

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

    def as_correction(self, content: str) -> str:
        """`content` of a correction sentence as the correction it says
        ("eigentlich geht der Müll …": "eigentlich: der Müll geht …"; a
        remember command after its opening word left out: `_unwrapped`; one
        said after a bare "no" opened as a correction: `said_after_no`)."""
        said = set_off_fronted(self._unwrapped(content), self.language)
        found = after_no(said, self.language)
        return said if found is None else found[1]

    def _unwrapped(self, text: str) -> str:
        """`text` with a "remember that …" after a correction's opening
        words told as that sentence tells it, by its own sentences: "no,
        actually remember that the window cleaner …" as "no, actually: the
        window cleaner …", "Nein, eigentlich merk dir, dass Ben Kaffee mag"
        as "Nein, eigentlich: Ben mag Kaffee" (review s27: "Remember that"
        was stored, the German not understood); else `text`."""
        end = correction_opening(text, self.language)
        if not end or self.requests is None:
            return text
        rest = text[end:]
        told = self.told(rest)
        if told is None:
            return text
        return f"{text[:end].rstrip().rstrip(_SET_OFF)}: {told}"

    def told(self, said: str) -> str | None:
        """What a "remember that …" sentence tells, as a statement, however
        often the command is said ("remember that remember that the door
        code is 55": review s27 stored "Remember that the door code …");
        None where `said` is no such sentence."""
        told = None
        for _ in range(_COMMANDS_READ):
            if self.requests is None or len(said) > _COMMAND_TEXT:
                break
            found = recognize_best(said, self.requests, language=self.language)
            content = None if found is None else found.entities.get("content")
            if found is None or found.intent.name != REMEMBER_INTENT or not content:
                break
            told = self.statement(said, str(content.value))
            said = told
        return told

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
        a subject ("turn on the light instead of the fan" is none; "we" of
        "we painted the shed" is one), not a
        command to the home ("unlock the bike lock, the code is …")."""
        if self.corrections is not None and redating(text, self.language, time_spans):
            # Only a time, of the memory just talked about (review s32 M7).
            return recognize_best(text, self.corrections, language=self.language)
        said = self._unwrapped(text)
        told = read_correction(set_off_fronted(said, self.language), self.language)
        if self.corrections is None or not told.corrects:
            return None
        if (
            commands(said, self.language)
            or self.question(told.statement)
            or told.statement.rstrip().endswith("?")
        ):
            # A command to the home; a question is no memory ("we painted
            # the shed, didn't we?" replaced the shed's year; review s29 H1).
            return None
        if not (
            told.ahead
            or subject_words(told.statement, self.language)
            # A person and a verb the tables do not know ("we painted the
            # shed last year"; review s28 M2: not understood, or German
            # "eigentlich haben wir …" answered as a question).
            or says_subject(
                told.statement, self.language, old_named=told.old is not None
            )
        ):
            return None
        return recognize_best(text, self.corrections, language=self.language)

    def said_after_no(self, text: str) -> tuple[RecognizeResult, str] | None:
        """`text` as a correction sentence where it is a statement with a
        subject said after a bare "no" ("Nein, die Taschenlampe liegt im
        Flur"; memory/text/corrections.after_no), and that statement: a
        correction only where a memory tells of its subject (questions.py
        asks the store); None where it is no such statement, or a command or
        a question."""
        if self.corrections is None or (found := after_no(text, self.language)) is None:
            return None
        statement = found[0]
        if (
            commands(statement, self.language)
            or self.question(statement)
            or statement.rstrip().endswith("?")
            or not subject_words(statement, self.language)
        ):
            return None
        result = recognize_best(text, self.corrections, language=self.language)
        return None if result is None else (result, statement)

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

    def opens_remembering(self, text: str) -> bool:
        """Whether `text` is "remember (privately) that …" from its start in
        any language it has sentences for (`Wording.opens_remembering`)."""
        return any(w.opens_remembering(text) for w in self.wordings.values())

    def opens_question(self, text: str) -> bool:
        """Whether `text` opens as a question in any language it has
        sentences for (`Wording.opens_question`)."""
        return any(wording.opens_question(text) for wording in self.wordings.values())

    def statement(self, words: Wording, said: str, content: str) -> str:
        """`content` as a statement (`Wording.statement`), read in the
        language it is said in where that is not `words`' own: "Merk dir,
        dass Oma uns am Sonntag besucht hat" in an English conversation is
        "Oma hat uns am Sonntag besucht" (review s40 #4: the clause was kept
        with its verb last)."""
        told = words.statement(said, content)
        own = self.wording_for(text_language(content, words.language))
        if told != content or own is None or own is words:
            return told
        return own.statement(said, content)

    def wording(self, language: str | None) -> Wording:
        """The wording for `language` ("de-CH" takes "de"), else English."""
        return self.wording_for(language) or self.wordings[FALLBACK_LANGUAGE]

    def wording_for(self, language: str | None) -> Wording | None:
        """The wording for `language` ("de-CH" takes "de"), None if it has none."""
        found = matching_language(self.wordings, language)
        return None if found is None else self.wordings[found]


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


def _asking(words: Mapping[str, Any], kind: str) -> re.Pattern[str] | None:
    """How a question of `kind` starts ("when"), maybe after a lead that
    leaves it what it asks ("weißt du noch, wann …")."""
    if not words.get(kind):
        return None
    lead = alternatives(words.get("asking_lead", ()))
    before = rf"(?:(?:{lead})\W+)?" if lead else ""
    return re.compile(rf"^\W*{before}(?:{alternatives(words[kind])})\b", re.IGNORECASE)


def _opening(words: Mapping[str, Any], kind: str) -> re.Pattern[str] | None:
    """How a text of `kind` starts ("can you", "who"), None without words."""
    if not words.get(kind):
        return None
    return re.compile(rf"^\W*(?:{alternatives(words[kind])})\b", re.IGNORECASE)


# The sentences that remember from the message's start.
_REMEMBERING: Final = ("HomeMemoryRemember", "HomeMemoryRememberPrivate")


def _wording(language: str, data: Mapping[str, Any]) -> Wording:
    words = data["words"]
    leading = alternatives(words["leading"])
    verb_last = alternatives(words.get("verb_last_after", ()))
    return Wording(
        language=language,
        responses=dict(data["responses"]),
        that_words=frozenset(word.casefold() for word in words["that"]),
        never_mind_words=frozenset(
            word.casefold() for word in words.get("never_mind", ())
        ),
        requests=Intents.from_dict(
            {
                "language": language,
                "intents": data["intents"],
                "lists": data["lists"],
                "expansion_rules": data.get("expansion_rules", {}),
            }
        ),
        remembering=Intents.from_dict(
            {
                "language": language,
                "intents": {
                    name: data["intents"][name]
                    for name in _REMEMBERING
                    if name in data["intents"]
                },
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
        private_words=private_words(words, language),
        _leading=re.compile(rf"^\W*(?:{leading})\b", re.IGNORECASE),
        _article=re.compile(rf"^(?:{alternatives(words['articles'])})\s+"),
        _articles=lower(words, "articles"),
        _verb_last_first=re.compile(rf"^\W*(?:{verb_last})\b\W*", re.IGNORECASE)
        if verb_last
        else None,
        _verb_last_end=re.compile(rf"(?:^|\W)(?:{verb_last})\W*$", re.IGNORECASE)
        if verb_last
        else None,
        _asks_when=_asking(words, "asks_when"),
        _asks_ago=_asking(words, "asks_ago"),
        _asks_where=_asking(words, "asks_where"),
        _asks_telling=re.compile(
            rf"\b(?:{alternatives(words['asks_telling'])})\b", re.IGNORECASE
        )
        if words.get("asks_telling")
        else None,
        _asking_request=_opening(words, "asking_request"),
        _question_opener=_opening(words, "question_openers"),
        _question_only=_opening(words, "question_only"),
        _asks_the_clock=_opening(words, "asks_the_clock"),
        forget_fillers=lower(words, "forget_fillers"),
        presence=lower(words, "presence"),
        _clause=clause_words(words, language),
    )


def _triggers(files: Iterable[Mapping[str, Any]]) -> tuple[Trigger, ...]:
    """One trigger per intent and fixed slots, with every language's sentences.

    Every matching trigger runs, so "1" in two languages must be one trigger.
    A sentence's rules (`<went>`) are written out from its file's
    `expansion_rules` (`with_rules_written_out`).
    """
    grouped: dict[tuple[str, str], tuple[str, dict[str, Any], list[str]]] = {}
    for data in files:
        rules = data.get("expansion_rules", {})
        for intent_type, intent_data in data["intents"].items():
            for block in intent_data["data"]:
                slots = dict(block.get("slots", {}))
                key = (intent_type, repr(sorted(slots.items())))
                _, _, sentences = grouped.setdefault(key, (intent_type, slots, []))
                for sentence in block["sentences"]:
                    written = with_rules_written_out(sentence, rules)
                    if written not in sentences:
                        sentences.append(written)
    return tuple(
        Trigger(intent_type, tuple(sentences), slots)
        for intent_type, slots, sentences in grouped.values()
    )


def with_rules_written_out(sentence: str, rules: Mapping[str, str]) -> str:
    """`sentence` with each rule it names (`<went>`) replaced by the rule's
    template, in a group: Home Assistant compiles sentence triggers without
    any rules, and a sentence naming one never matched ("wer ist heute
    Morgen aufgestanden" was its people's state, "Keins"; review s35 M3).
    A rule naming another is written out too; one the file lacks is an
    error here, not a trigger that never matches."""
    for _ in range(_RULE_DEPTH):
        written = _RULE.sub(lambda found: f"({rules[found.group(1)]})", sentence)
        if written == sentence:
            return written
        sentence = written
    msg = f"rules nested deeper than {_RULE_DEPTH}: {sentence}"
    raise ValueError(msg)


@cache
def load_sentence_files() -> SentenceFiles:
    """Read every sentence file (blocking: run it in the executor)."""
    files = load_sentence_data()
    return SentenceFiles(
        wordings={
            language: _wording(language, data) for language, data in files.items()
        },
        triggers=_triggers(files.values()),
    )
