"""Which questions are memory's and which stay Home Assistant's.

A question the built-in agent could not answer is offered to memory's
sentences (`runtime/ha_internals.answer_where_unmatched`); here it is
recognised in the conversation's language and left to Home Assistant where
its subject is a name Home Assistant knows, where a sentence's mark is not
met, or where Home Assistant's own reading asked of the very thing it has.

In more words: docs/home-assistant.md, "Questions where Home Assistant has
no answer".
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Final

from hassil.models import MatchEntity, UnmatchedTextEntity

from ..memory.text.corrections import correction_opening
from ..operations import when
from ..operations.errors import OperationError
from ..operations.told_of import async_tells_of
from ..runtime.ha_internals import asks_who_is_in
from .arguments import MAX_QUERY_CHARS
from .call import async_scope
from .home_names import async_known_names, normalized
from .sentence_files import (
    NAMES_A_TIME,
    NAMES_NOTHING_KNOWN,
    ONLY_UNKNOWN_NAME,
    UNKNOWN_PLACE_TOO,
)

if TYPE_CHECKING:
    from collections.abc import Awaitable, Callable

    from hassil.recognize import RecognizeResult
    from homeassistant.components.conversation import ConversationInput
    from homeassistant.core import HomeAssistant

    from .sentence_files import SentenceFiles, Wording

# The slot a question's whole text is handed to its intent in.
QUESTION: Final = "question"
# A correction sentence's slot: what is told ("{content}").
CONTENT: Final = "content"
# The mark of a correction said after a bare "no": the statement whose
# subject a memory must tell of (`told_of`).
SAID_AFTER_NO: Final = "home_memory_said_after_no"


def _bare(words: Wording, name: str) -> str:
    """`name` without article, case or punctuation ("WLAN-Passwort")."""
    return " ".join(re.sub(r"[\W_]+", " ", words.without_article(name)).split())


def _unknown_to_home_assistant(
    words: Wording,
    subject: MatchEntity | None,
    theirs: RecognizeResult | None,
    *,
    place_too: bool = False,
) -> bool:
    """Whether Home Assistant found no sentence, or one whose unknown name is
    the whole subject ("wifi password"), not a part of it (the area "kitchen"
    in "the temperature in the kitchen": a question it understood); with
    `place_too`, or one with an unknown area or floor within the subject
    ("Müll raus" in "geht der Müll raus")."""
    if theirs is None:
        return True
    if subject is None:
        return False
    asked = _bare(words, subject.text or str(subject.value))
    unknown = [
        entity
        for entity in theirs.unmatched_entities_list
        if isinstance(entity, UnmatchedTextEntity)
    ]
    if any(_bare(words, entity.text) == asked for entity in unknown):
        return True
    # Its reading took the question's own opening into a name ("Wann müssen
    # die Bibliotheksbücher" of "… zurück", a mower sent back to its dock)
    # and missed no place: it read no question, and knew no name. ("Was war
    # die Temperatur" in the unknown area "Küche" stays its own.)
    if any(words.asks_only(entity.text) for entity in unknown) and not any(
        entity.name in _PLACES for entity in unknown
    ):
        return True
    # Its failed reading ("Wann geht" a name, "Müll raus" an area, no
    # domain) said "no area called Müll raus": nothing it understood.
    return place_too and any(
        entity.name in _PLACES and f" {_bare(words, entity.text)} " in f" {asked} "
        for entity in unknown
    )


def _theirs_by_name(words: Wording, said: str, theirs: RecognizeResult | None) -> bool:
    """Whether Home Assistant's reading matched every name, one of them the
    whole subject of our question: "where is Anna" asks of the person Anna
    it has (not exposed: "Sorry, Anna is not exposed"; review s22: memory
    said "Anna is afraid of spiders"), where "is Ben allergic to anything"
    asks a thing of Ben it has no answer for."""
    if theirs is None or theirs.unmatched_entities:
        return False
    asked = _bare(words, said)
    return any(
        _bare(words, str(entity.text or entity.value)) == asked
        for entity in theirs.entities_list
    )


# The slots of Home Assistant's sentences that name a place.
_PLACES: Final = frozenset({"area", "floor"})


def _names_a_known_thing(text: str, names: set[str]) -> bool:
    """Whether a name Home Assistant knows (normalized) is among the words
    of `text`."""
    said = f" {normalized(re.sub(r'[^\w\s-]+', ' ', text))} "
    return any(f" {name} " in said for name in names)


def _somewhere_one_can_be(
    hass: HomeAssistant, words: Wording, theirs: RecognizeResult | None
) -> bool:
    """Whether Home Assistant read the question as who of the household is
    in a place a person can be in: home or away (the `presence` words), a
    zone, a person's state or a name it knows ("who is in the kitchen").
    "who is the vet" is no such place: Home Assistant's "Not any" is no
    answer (review s37 finding 28)."""
    if (place := asks_who_is_in(theirs)) is None:
        return False
    bare = normalized(_bare(words, place))
    if bare in words.presence or bare in async_known_names(hass):
        return True
    zones = {normalized(zone.name) for zone in hass.states.async_all("zone")}
    states = {normalized(person.state) for person in hass.states.async_all("person")}
    return bare in zones or bare in states


# How much of a question is matched against the question sentences.
_QUESTION_PROBE: Final = MAX_QUERY_CHARS + 200


def _left_to_home_assistant(
    hass: HomeAssistant,
    words: Wording,
    result: RecognizeResult,
    theirs: RecognizeResult | None,
    text: str,
) -> bool:
    """Whether our question `result` is one Home Assistant should answer
    (or apologise for): it asks the date or the time, who is somewhere a
    person can be, its subject is a name it knows, or a mark of the
    sentence (`ONLY_UNKNOWN_NAME`, `NAMES_NOTHING_KNOWN`, `NAMES_A_TIME`)
    is not met."""
    if words.asks_the_clock(text) or _somewhere_one_can_be(hass, words, theirs):
        # "welches Datum ist heute in der Küche", as in English; "who is
        # home", even where nobody is.
        return True
    subject = result.entities.get("query")
    said = None if subject is None else str(subject.text or subject.value)
    if said is not None and words.without_article(said) in async_known_names(hass):
        return True  # about something Home Assistant knows by that name
    if said is not None and _theirs_by_name(words, said, theirs):
        return True  # "where is Anna", Anna a person Assist may not use
    metadata = result.intent_metadata or {}
    if metadata.get(ONLY_UNKNOWN_NAME) and not (
        _unknown_to_home_assistant(
            words, subject, theirs, place_too=bool(metadata.get(UNKNOWN_PLACE_TOO))
        )
    ):
        return True  # "what is the temperature in the kitchen": theirs
    if metadata.get(NAMES_NOTHING_KNOWN) and _names_a_known_thing(
        text, async_known_names(hass)
    ):
        return True  # "wann geht die Sonne unter", the sun exposed
    # "what was on the TV": no time asked about.
    return bool(metadata.get(NAMES_A_TIME)) and not (
        said is not None and when.is_time(hass, said, words.language)
    )


def _told_whole(result: RecognizeResult, text: str) -> None:
    """A correction's {content} as said, not the probe it was matched on:
    one longer than a memory holds is refused by its handler
    (`content_too_long`), never stored cut mid-word at the probe's end
    (review s27: a 10 kB correction replaced the memory with 1,200
    characters of it)."""
    if len(text) <= _QUESTION_PROBE or (said := result.entities.get(CONTENT)) is None:
        return
    whole = MatchEntity(name=CONTENT, value=text, text=text)
    result.entities[CONTENT] = whole
    result.entities_list[:] = [
        whole if entity is said else entity for entity in result.entities_list
    ]


def question_recognizer(
    hass: HomeAssistant, files: SentenceFiles
) -> Callable[[ConversationInput, RecognizeResult | None], RecognizeResult | None]:
    """The question a conversation input asks, in its language, if any.

    Only a language with a sentence file has questions (no English questions
    in a German conversation); a question whose subject (the {query}: "the
    garage" in "where is the garage", not Anna in "what is Anna's phone
    number") is a name Home Assistant knows (an exposed entity, its device,
    an area or a floor) is left to Home Assistant. The whole text rides
    along in the `question` slot: that is what is looked up.
    """

    def recognize(
        user_input: ConversationInput, theirs: RecognizeResult | None
    ) -> RecognizeResult | None:
        words = files.wording_for(user_input.language or hass.config.language)
        if words is None:
            return None
        # Matched and judged on at most a little more than a query may hold:
        # this runs on the event loop, and both grow with the text; a longer
        # question still reaches the handler, which says the limit.
        probe = user_input.text[:_QUESTION_PROBE]
        # "no, actually what is the gate code": the question after the
        # words that open a correction (review s27b: it was stored).
        # A correction first: German fronts its verb ("Nein, eigentlich
        # kommt der Tierarzt übermorgen"), which alone reads as a question.
        opening = 0
        if (result := words.question(probe)) is None:
            if (result := words.correction(probe)) is not None:
                _told_whole(result, user_input.text)
            elif (after_no := words.said_after_no(probe)) is not None:
                result, statement = after_no
                # Ours only where a memory tells of its subject (`told_of`).
                metadata = {**(result.intent_metadata or {}), SAID_AFTER_NO: statement}
                result.intent_metadata = metadata
                _told_whole(result, user_input.text)
            elif opening := correction_opening(probe, words.language):
                result = words.question(probe[opening:])
            if result is None:
                return None
        if _left_to_home_assistant(hass, words, result, theirs, probe[opening:]):
            return None
        asked = user_input.text[opening:]
        if (unsaid := result.entities.get("query")) is not None and not unsaid.text:
            # A {query} the sentence file sets is the question looked up:
            # "What's new?" asks "what happened since yesterday" (session 42).
            asked = str(unsaid.value)
        question = MatchEntity(name=QUESTION, value=asked, text=asked)
        result.entities[QUESTION] = question
        result.entities_list.append(question)
        return result

    return recognize


def told_of(
    hass: HomeAssistant,
) -> Callable[[ConversationInput, RecognizeResult], Awaitable[bool]]:
    """Whether a recognised sentence is memory's to answer: a statement said
    after a bare "no" ("Nein, die Taschenlampe liegt im Flur") only where a
    memory the speaker may see tells of its subject (review s40 #1: Home
    Assistant's "Kein Bereich …" before; without one the "no" may answer a
    question, and Home Assistant keeps it); any other, always."""

    async def told_of(user_input: ConversationInput, result: RecognizeResult) -> bool:
        statement = (result.intent_metadata or {}).get(SAID_AFTER_NO)
        if statement is None:
            return True
        try:
            scope = await async_scope(
                hass, user_input.context, user_input.device_id, user_input.language
            )
            return await async_tells_of(scope.ops, statement, user_input.language)
        except OperationError:
            return False  # not loaded, or not the speaker's to read

    return told_of


def asks_only(
    hass: HomeAssistant, files: SentenceFiles
) -> Callable[[ConversationInput], bool]:
    """Whether a conversation input is a question that asks for no action
    (sentence words' `question_only`), in its language."""

    def asks_only(user_input: ConversationInput) -> bool:
        words = files.wording_for(user_input.language or hass.config.language)
        return words is not None and words.asks_only(user_input.text)

    return asks_only
