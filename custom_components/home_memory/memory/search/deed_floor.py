"""A question asking who did a deed, or what someone did, is answered only by
a memory of that deed, done to the thing it names.

"what did Ben buy for the garage" is not answered by "Ben repaired the
garage door", nor "who washed the car" by "The car needs new tyres", nor
"who cleaned the carport" by "Ben cleaned the car" (review s21 F7): of the
deed a question asks (`asked_deed`, statements.<language>.json
`deed_questions`), a memory saying no form of its verb, nor a word of its
family, nor one like it in meaning, or none of its thing, tells another
(`other_deeds`). A floor beside relevance (floors.py `not_whole`). Pure.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, NamedTuple

from ..text.statement_words import statement_words
from ..text.word_forms import related_terms
from ..time.phrases import languages_to_try
from .families import family_languages
from .people import words as folded_words
from .searched_words import asking_nothing
from .standing_out import RELATED_THING_MIN_SIMILARITY
from .visitors import tells_coming_asked

if TYPE_CHECKING:
    from collections.abc import Callable, Collection

    import numpy as np
    import numpy.typing as npt

    from ..storage.candidates import CandidateQueries

_TOKEN = re.compile(r"[^\W_]+", re.UNICODE)
# The fewest letters a word and a form of it share (`says_a_form_of`).
_FORM_LETTERS = 3
# The fewest letters a compound's last part has (`_holds_a_word`).
_COMPOUND_PART = 4


class AskedDeed(NamedTuple):
    """What a question asks someone did: the verb ("washed") and the thing
    it was done to, if named ("car"; empty for "what did Ben buy"); or,
    with no verb, the thing whose past state it asks ("was the heating
    on today")."""

    verb: str
    thing: tuple[str, ...]
    # Whether the verb alone is a guide by meaning (statements' table).
    by_meaning: bool = True
    # A relation ("allergic to"): only its words, or its family's, say it.
    relation: bool = False
    # A light verb's particle after its thing ("takes the dog out"): the
    # verb names no deed alone, the phrase does (`phrase`).
    particle: str = ""
    # Asked how to do something to it ("how do I shut off the gas"): the
    # thing is all the question asks, and only its words, its family's
    # or its synonyms' say it (session 45).
    named: bool = False

    def phrase(self) -> str:
        """What is asked done, as a guide by meaning: the verb, or a light
        verb with its thing and particle ("takes the dog out": "takes"
        alone is 0.04 from "Ben walks Bello the dog", the phrase 0.37;
        session 43)."""
        if not self.particle:
            return self.verb
        return " ".join((self.verb, *self.thing, self.particle))


def asked_deed(query: str, language: str | None) -> AskedDeed | None:
    """The deed a question asks who did or what someone did
    (statements.<language>.json `deed_questions`): "washed" the "car" of
    "who washed the car", "buy" of "what did Ben buy for the garage",
    "gewaschen" the "auto" of "Wer hat das Auto gewaschen?"; None for any
    other question, or one whose verb asks no deed of its own ("what did
    Ben say", `deeds_not_asked`). The thing is the first run of words in
    its place, past articles and times; none where a preposition comes
    first ("for the garage": where, or for whom, not what)."""
    text = query.strip()
    text = text[:1].lower() + text[1:]
    stopwords = asking_nothing(language)
    for table in (statement_words(other) for other in languages_to_try(language)):
        for pattern in table.deed_questions:
            found = pattern.search(text)
            if found is None:
                continue
            groups = found.groupdict()
            verb = (groups.get("verb") or groups.get("relation") or "").casefold()
            if verb in table.deeds_not_asked:
                continue  # "who is …": perhaps a relation ("afraid of")
            thing: list[str] = []
            after = ""
            for word in _TOKEN.findall(found.group("thing").casefold()):
                if not thing and (word in table.deed_openers or word in table.times):
                    continue
                # A place ends the thing ("das Wasser im ganzen Haus").
                if (
                    word in stopwords
                    or word in table.times
                    or word == verb
                    or (thing and word in table.places)
                ):
                    after = word
                    break
                thing.append(word)
            phrasal = bool(thing) and verb in table.light_verbs
            particle = after if phrasal and after in table.verb_particles else ""
            # A relation's word alone ("allergic") is near another's in
            # meaning ("… afraid of spiders" 0.27): only words tell them apart.
            relation = "relation" in groups
            by_meaning = table.deeds_by_meaning and not relation
            named = "how" in groups
            return AskedDeed(verb, tuple(thing), by_meaning, relation, particle, named)
    return None


def other_deeds(
    candidates: CandidateQueries,
    query: str,
    rowids: Collection[int],
    *,
    language: str | None,
    embed: Callable[[str], npt.NDArray[np.float32] | None] | None = None,
    word_floor: float = 0.2,
) -> set[int]:
    """Of `rowids`, the memories that say no form of the deed a question
    asks (`asked_deed`), nor a word of its family (text/word_forms.py), nor
    one like it in meaning, or none of the thing it was done to: "Ben
    repaired the garage door" for "what did Ben buy for the garage", "The
    car needs new tyres" for "who washed the car", "Ben cleaned the car"
    for "who cleaned the carport" (review s21 F7). The whole question's
    meaning is no guide: the people and things it shares make the wrong
    deed as like it (0.68) as the right one (0.65); the verb alone against
    the memory is, from `word_floor` (the model profile's), and the thing
    alone, from RELATED_THING_MIN_SIMILARITY (docs/retrieval-quality.md).
    Where the verb alone is no guide (a German participle), a memory
    lacking it is another deed only where another memory says it; a
    relation asked ("what is Anna allergic to") is said by its words or
    its family's alone ("allergic" is 0.27 from "… afraid of spiders")."""
    deed = asked_deed(query, language)
    if deed is None or not rowids:
        return set()
    languages = family_languages(query, language)
    texts = candidates.contents(list(rowids))
    # A coming asked: any telling of one answers its verb, whoever it was
    # to; its thing only where that is the household ("who visited us"):
    # "Peter came on Sunday" is no visit to the museum (review s38 M4).
    comings = {
        r for r, t in texts.items() if tells_coming_asked(deed.verb, t, languages)
    }
    household = frozenset().union(
        *(statement_words(other).first_person for other in languages_to_try(language))
    )
    coming_to_us = comings if household.issuperset(deed.thing) else set()
    unsaid = [
        rowid
        for rowid, text in texts.items()
        if rowid not in comings
        and deed.verb
        and not says_a_form_of([deed.verb], text)
        and not related_terms([deed.verb], text, languages)
    ]
    # Where the verb alone is no guide (a German participle), only a deed
    # some memory says by its words shows the others to be other deeds.
    saying = deed.by_meaning or deed.relation or len(unsaid) < len(texts)
    # (what is asked alone, the rows lacking it, whether its meaning may
    # rescue them, and from which similarity).
    lacking = (
        (deed.phrase(), unsaid if saying else [], deed.by_meaning, word_floor),
        (
            " ".join(deed.thing),
            [
                rowid
                for rowid, text in texts.items()
                if deed.thing
                and rowid not in coming_to_us
                and not _holds_a_word(deed.thing, text, languages)
            ],
            # A how-to's thing alone is no guide by meaning: on e5 "gas" is
            # 0.26 from "To shut off the water, turn the red valve …", and
            # "heating" 0.43; the verb they share made the memory alike.
            not deed.named,
            RELATED_THING_MIN_SIMILARITY,
        ),
    )
    other: set[int] = set()
    for asked, rows, judged, bar in lacking:
        vector = None if embed is None or not rows or not judged else embed(asked)
        alike = {} if vector is None else candidates.similarities(vector, rows)
        other.update(row for row in rows if alike.get(row, 0.0) < bar)
    return other


def _holds_a_word(words: Collection[str], text: str, languages: list[str]) -> bool:
    """Whether `text` says one of `words`, as it is, in the plural, as the
    last part of a compound ("Schokoladenkuchen" says "Kuchen"; review
    s22), or by a word of its family ("car" is not "carport")."""
    held = set(folded_words(text))
    return any(
        word in held
        or f"{word}s" in held
        or f"{word}es" in held
        or (len(word) >= _COMPOUND_PART and any(h.endswith(word) for h in held))
        for word in words
    ) or bool(related_terms(words, text, languages))


def says_a_form_of(terms: list[str], text: str) -> bool:
    """Whether a word of `text` starts a term or a term starts it, each of
    at least three letters ("hid" / "hidden", "broke" / "broken")."""
    long_terms = tuple(term for term in terms if len(term) >= _FORM_LETTERS)
    if not long_terms:
        return False
    # A word a term starts with is one of the term's beginnings; a word
    # starting with a term is matched by str.startswith's tuple form.
    beginnings = {
        term[:end] for term in long_terms for end in range(_FORM_LETTERS, len(term) + 1)
    }
    said = folded_words(text)
    return not beginnings.isdisjoint(said) or any(
        word.startswith(long_terms) for word in said if len(word) >= _FORM_LETTERS
    )
