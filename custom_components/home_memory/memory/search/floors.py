"""What a memory must match of a question to pass a floor, beside its relevance.

Relevance alone let a shared word carry a memory over the floor: the best
keyword hit scores in full whatever else the question asks. Three rules:
beside the people it names a question asks something a memory must match
(`beside_names`: "what's Anna's bank PIN" is not her gutters); a liking verb
("what does Anna like") asks for a memory that says one, by word or meaning,
not all of hers; and a thing named by several words side by side ("locker
code", "anniversary dinner", "need milk") is matched whole by words, or by
meaning alone (`partly_named`): "Ben's bike lock code" is another code,
"Ben wants to paint the hallway" another thing where "the hallway light" is;
so is a thing a question relates a word to ("allergic to latex", "afraid of
spiders"): a memory relating that word, or one of its family, to another
("allergic to penicillin", "scared of dogs") is another fact (`other_objects`),
and another deed no answer to "who washed the car" (deed_floor.py).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ..text.fts_query import (
    placed_words,
    search_stopwords,
    search_terms,
    word_runs,
)
from ..text.naming import says_own
from ..text.statement_words import statement_words
from ..text.word_forms import related_terms
from ..time.expressions import time_spans
from ..time.phrases import languages_to_try
from .deed_floor import other_deeds, says_a_form_of
from .families import family_languages
from .people import (
    asked_names,
    capitalised_runs,
    kin_names,
    named_at_home,
    named_people,
    naming_in_text,
    only_owned,
    others_than_asked,
    owner_words,
    owning_asked,
    people_asked,
    said_names,
    spelled_words,
    unpossessed_words,
    without_names,
    words as folded_words,
)
from .purposes import other_purposes
from .searched_words import asking_nothing
from .standing_out import RELATED_THING_MIN_SIMILARITY, by_meaning
from .visitors import (
    naming_asked_trade,
    other_trades_than_asked,
    telling_no_coming,
    unnamed_visitor,
)
from .windows import plans

if TYPE_CHECKING:
    from collections.abc import Callable, Collection, Mapping

    import numpy as np
    import numpy.typing as npt

    from ..common.values import Caller, MemoryFilter
    from ..storage.candidates import CandidateQueries
    from ..text.statement_words import StatementWords

# The similarity to what a question asks besides its names (or to its liking
# verb) that matches by meaning, on the shared scale (search/retrieval.py's
# TOPIC_IN_WINDOW_MIN_SIMILARITY; measured there).
BESIDE_NAMES_MIN_SIMILARITY = 0.2
_TOKEN = re.compile(r"[^\W_]+", re.UNICODE)
# A memory's first words, where its subject stands ("The chimney sweep",
# "Our new electrician"; not "Ben called the electrician").
_SUBJECT_WORDS = 3


def beside_names(
    candidates: CandidateQueries,
    embed: Callable[[str], npt.NDArray[np.float32] | None],
    query: str,
    passing: list[int],
    caller: Caller,
    flt: MemoryFilter,
    pool: int,
    asker: str | None,
    *,
    language: str | None,
    stopwords: frozenset[str],
    liking: frozenset[str],
    reads: Callable[[str], bool],
) -> set[int] | None:
    """Of the `passing` candidates, those matching what a question asks
    besides the people it names (None: all), not only about others ("what
    am I allergic to": not Anna's allergy, s18). A name matches all its
    person's memories (Ben's "what's Anna's bank PIN" listed her gutters):
    a memory passes with a keyword of the rest ("bank PIN") or a similarity
    to it of BESIDE_NAMES_MIN_SIMILARITY ("what did Ben repair" / "Ben
    fixed the dripping tap" 0.28, "… painted the fence" 0.13). A liking
    verb ("like", "mag") is matched by any of `liking` or by meaning
    ("Anna loves dark chocolate", not "Anna is allergic to penicillin",
    final review s18). `embed` None: a search that embeds nothing."""
    people = candidates.people_of(passing)
    known = candidates.everyone()
    names = {p for found in people.values() for p in found}
    table, said = statement_words(language), said_names(query, {*known, asker or ""})
    said = said or kin_names(
        query, table, lambda n: named_at_home(candidates, {n}, caller, pool)
    )
    names |= said
    own = asker is not None and says_own(query, language)
    others = about_others_asked(candidates, query, passing, asker, language)
    if not own:
        others |= _the_asker_s_own(
            candidates, query, passing, people, (caller, asker), known, language
        )
    others |= _another_s_relation(
        candidates,
        query,
        [r for r in passing if r not in others],
        (known, asker, own),
        language,
    )
    others |= _another_of_the_name(
        candidates, said, [r for r in passing if r not in others]
    )
    asked = _asked_besides(query, names, asker, stopwords, reads)
    if asked is None:
        return set(passing) - others if others else None
    rest, terms = asked
    # A liking verb is matched by any of them ("loves" for "like"); beside
    # a topic the topic decides ("what kind of milk does Ben like").
    topic = [term for term in terms if term not in liking]
    words = " ".join(topic) if topic else " ".join(sorted(liking))
    matched = set(candidates.keyword_hits(words, caller, flt, pool).scores(passing))
    # The model runs again only where words did not decide.
    named = {p for p in names if without_names(query, {p}) is not None}
    pending = [
        rowid
        for rowid in passing
        if rowid not in matched | others and not named.isdisjoint(people.get(rowid, ()))
    ]
    pending.extend(naming_in_text(candidates, named, passing, matched | others))
    matched.update(r for r in passing if r not in others and r not in pending)
    if pending and topic:
        # A word of the family says the word ("Ben came over" for "when did
        # Ben come", review s23), as at the run floor (`partly_named`).
        languages = family_languages(query, language)
        texts = candidates.contents(pending)
        matched.update(
            rowid
            for rowid, text in texts.items()
            if related_terms(topic, text, languages)
        )
        pending = [rowid for rowid in pending if rowid not in matched]
    rest_vector = embed(rest) if pending else None
    if rest_vector is not None:
        matched.update(
            rowid
            for rowid, similarity in candidates.similarities(
                rest_vector, pending
            ).items()
            if similarity >= BESIDE_NAMES_MIN_SIMILARITY
        )
    kept = matched - others
    # A name said only by its capitals narrows where a memory naming it
    # answers the rest; where none does, none is left out: "when did we last
    # see Grandma Ingrid" would lose "We visited Grandma Ingrid" with her
    # phone number (the name-less "when did we last see" is near neither).
    saying = set(naming_in_text(candidates, said & named, passing, others))
    parts = frozenset().union(*(folded_words(name) for name in said & named))
    # A name the question says as an owner asks of another ("what did
    # Grandma Rosa's neighbour bake"): then "Rosa's" names her too; else a
    # memory saying it only so tells of another ("Rosa's neighbour baked a
    # cake" for "what did Rosa bake", review s27b M3).
    owned = not parts <= unpossessed_words(query)
    # A person the question asks the name has ("Does Anna have any
    # siblings?"): a memory saying the name as theirs answers it.
    kin = people_asked(query)

    def another_s(text: str) -> bool:
        return only_owned(text, parts, table) and not owning_asked(text, kin)

    if saying and not owned:
        told = candidates.contents(sorted(saying))
        saying -= {r for r, t in told.items() if another_s(t)}
    answering = saying & kept
    if answering and flt.deed_asked:
        # A plan answers no "when did Uncle Tom come" (review s24 H2).
        answering -= plans(candidates, sorted(answering), language)
    if answering:  # but not what says the name only as an owner (s27b M2)
        texts = {} if owned else candidates.contents(sorted(kept - saying))
        return kept - {r for r, t in texts.items() if another_s(t)}
    if not saying and not named_at_home(
        candidates, said & named, caller, pool, owned=table
    ):
        return kept  # A run of capitals the home names nowhere may be no name.
    # None naming it answers the rest, or none naming it passed though the
    # home names it: what names it, a word of it ("Grandma came over and
    # fixed Emma's doll") or a person asked beside it, not what only answers
    # the rest ("what did Grandma Rosa help with" read Uncle Tom's help with
    # the fence, review s25 R2; "what did Grandma Rosa bake", Mia's cookies
    # and "Rosa's neighbour baked a cake", review s26 M2).
    beside = named - said
    texts = candidates.contents(sorted(kept - saying))
    return saying | {
        rowid
        for rowid, text in texts.items()
        if not beside.isdisjoint(people.get(rowid, ()))
        or not parts.isdisjoint(
            owner_words(text, parts, table.genitive)
            if owned or owning_asked(text, kin)
            else unpossessed_words(text)
        )
    }


def about_others_asked(
    candidates: CandidateQueries,
    query: str,
    rowids: Collection[int],
    asker: str | None,
    language: str | None,
) -> set[int]:
    """Of `rowids`, the memories about others than the people `query` asks
    of (people.others_than_asked): those it names, the asker where it says
    their "my", and a name no memory is about said where its subject
    stands ("when did Zoe wake up" is not Anna's morning, review s29 M3; a
    memory about no one may still be Zoe's; "Ist Max …", s31 M1)."""
    known = set(candidates.everyone())
    said = said_names(query, {*known, asker or ""})
    asked = _asked_subject(query.strip(), language) | asked_names(query)
    subject = {folded_words(name) for name in asked}
    known |= {run for run in said if folded_words(run.split()[0]) in subject}
    own = asker is not None and says_own(query, language)
    return others_than_asked(candidates, query, rowids, asker if own else None, known)


def _another_of_the_name(
    candidates: CandidateQueries, said: set[str], passing: list[int]
) -> set[int]:
    """Of `passing`, the memories naming, by its capitals, another of a name
    the question says in several words: "Grandma Hilde's phone number" is
    no answer about Grandma Rosa (recheck2 s23). Another is the name's
    first word followed by other words, not a part of the name ("Rosa
    brought a plum cake", "Grandma came over"), the name in another
    language ("Onkel Tom") or spelled without its accents ("Zoe": recheck
    s24 N3, N4)."""
    labels = [label for run in said if len(label := spelled_words(run)) > 1]
    if not labels or not passing:
        return set()
    found = set()
    for rowid, text in candidates.contents(passing).items():
        held = set(spelled_words(text))
        runs = [spelled_words(run) for run in capitalised_runs(text, from_first=True)]
        if any(
            not held.issuperset(label) and _another_of(label, run)
            for label in labels
            for run in runs
        ):
            found.add(rowid)
    return found


def _another_of(label: list[str], run: list[str]) -> bool:
    """Whether `run` says `label`'s first word and then other words than
    `label`'s ("Grandma Hilde" of "Grandma Rosa")."""
    for start, word in enumerate(run):
        rest = run[start + 1 : start + len(label)]
        if word == label[0] and rest and rest != label[1 : 1 + len(rest)]:
            return True
    return False


def _the_asker_s_own(
    candidates: CandidateQueries,
    query: str,
    passing: list[int],
    people: Mapping[int, list[str]],
    asking: tuple[Caller, str | None],
    known: Collection[str],
    language: str | None,
) -> set[int]:
    """The asker's private memories told in the first person ("I am afraid
    of wasps"), where the question names others and not the asker: Anna's
    "what is Ben afraid of" is not her own fear (review s21)."""
    caller, asker = asking
    named = named_people(query, {*known, *(p for v in people.values() for p in v)})
    # One no memory is about yet, named where a question's subject stands
    # ("is Ben allergic to anything": Anna's "I am allergic to latex" was
    # the answer, attacker review s22 F4).
    named |= _asked_subject(query.strip(), language)
    if not named or caller.user_id is None:
        return set()
    if asker is not None and folded_words(asker) in {folded_words(p) for p in named}:
        return set()
    bare = [rowid for rowid in passing if rowid not in people]
    return {
        rowid
        for rowid, text in candidates.private_texts(bare, caller.user_id).items()
        if says_own(text, language)
    }


def _asked_subject(query: str, language: str | None) -> frozenset[str]:
    """The name a question asks of by its capital where its subject stands
    (statements' `asked_subject`: "Ben" of "is Ben allergic to anything")."""
    text = query[:1].lower() + query[1:]
    for table in (statement_words(other) for other in languages_to_try(language)):
        found = table.asked_subject.match(text) if table.asked_subject else None
        if found is not None:
            return frozenset({found.group("name")})
    return frozenset()


def _another_s_relation(
    candidates: CandidateQueries,
    query: str,
    passing: list[int],
    asking: tuple[Collection[str], str | None, bool],
    language: str | None,
) -> set[int]:
    """Of `passing`, the memories relating a word of the question's family
    by a relation preposition ("allergisch gegen", "afraid of") whose first
    word is another's name, where the question asks it of a known person or
    of the asker (`asking`: everyone memories are about, the asker, whether
    the question speaks of them): Ben's "Wogegen bin ich allergisch?" is
    not "Mia ist allergisch gegen Nüsse." (review s21; Mia is no one's
    person, and German capitalises every noun). A first word that asks
    nothing ("The", "Die"), the first person or the asked one's name may
    be anyone's."""
    known, asker, own = asking
    everyone = {*known, asker} if asker else set(known)
    asked = {folded_words(p) for p in named_people(query, everyone)}
    if asker is not None and own:
        asked.add(folded_words(asker))
    if not asked or not passing:
        return set()
    tables = [statement_words(other) for other in languages_to_try(language)]
    prepositions = frozenset().union(*(t.relation_prepositions for t in tables))
    # The question relates something: a preposition of them, or German's
    # "wo(r)" + one ("wogegen", "wovor"). Most questions read no row here.
    said = _TOKEN.findall(query.casefold())
    if not any(
        word in prepositions or word[2:] in prepositions or word[3:] in prepositions
        for word in said
    ):
        return set()
    fillers = frozenset().union(*(t.relation_fillers for t in tables))
    anyone = frozenset().union(
        *(
            t.first_person | search_stopwords(other)
            for t, other in zip(tables, languages_to_try(language), strict=True)
        )
    )
    asked_words = set().union(*asked)
    # As a question's relation: a word that asks nothing relates nothing.
    nothing = frozenset().union(*(t.light_verbs for t in tables)) | asking_nothing(
        language
    )
    terms = search_terms(query, asking_nothing(language))
    languages = family_languages(query, language)
    found: set[int] = set()
    for rowid, text in candidates.contents(passing).items():
        folded = text.casefold()
        first = _TOKEN.search(folded)
        if first is None or first[0] in anyone or first[0] in asked_words:
            continue
        tokens = _TOKEN.findall(folded)
        if prepositions.isdisjoint(tokens):
            continue
        relating = [
            head
            for i, word in enumerate(tokens)
            if word in prepositions
            and (head := _related_word(tokens[:i], fillers))
            and head not in nothing
        ]
        if any(word in terms for word in relating) or related_terms(
            terms, " ".join(relating), languages
        ):
            found.add(rowid)
    return found


def besides_names_text(
    candidates: CandidateQueries,
    query: str,
    asker: str | None,
    *,
    stopwords: frozenset[str],
    reads: Callable[[str], bool],
) -> str | None:
    """What `beside_names` will likely ask the model for: `query` without
    the names it says of everyone memories are about and by their capitals
    (`people.said_names`), so the question's own model run embeds it too (None:
    nothing to embed). A guess: where the floor asks for another text, it
    is embedded then."""
    known = set(candidates.everyone())
    said = said_names(query, {*known, *([asker] if asker else [])})
    asked = _asked_besides(query, known | said, asker, stopwords, reads)
    return asked[0] if asked is not None else None


def _asked_besides(
    query: str,
    names: set[str],
    asker: str | None,
    stopwords: frozenset[str],
    reads: Callable[[str], bool],
) -> tuple[str, list[str]] | None:
    """`query` without the names it says of `names` and `asker`, and its
    search terms (None: it names none of them, or asks nothing besides, or
    in a language the model does not read)."""
    rest = without_names(query, names | ({asker} if asker else set()))
    terms = search_terms(rest, stopwords) if rest is not None else []
    if rest is None or not terms or not reads(rest):
        return None
    return rest, terms


def partly_named(
    candidates: CandidateQueries,
    query: str,
    rowids: Collection[int],
    asker: str | None = None,
    *,
    language: str | None,
) -> set[int]:
    """Of `rowids`, the memories holding a word of a run the question names
    one thing by and not a word before it (text/fts_query.word_runs):
    "Ben's bike lock code is 3971" for "what is my locker code", "The
    Müllers came over for dinner" for "where is the anniversary dinner";
    those holding only where the question's thing is, and no other word of
    it (`_where_asked`); and those holding none of the question's words but
    its light verbs: "The hedge needs cutting" for "do we need milk"
    (reviews s18, s19)."""
    tables = [statement_words(other) for other in languages_to_try(language)]
    openers = frozenset().union(*(table.name_openers for table in tables))
    light_verbs = frozenset().union(*(table.light_verbs for table in tables))
    # Where a thing is, and the place words that may finish a verb instead.
    places, particles = (
        frozenset().union(*(table.places for table in tables)),
        frozenset().union(*(table.verb_particles for table in tables)),
    )
    coming = frozenset().union(*(table.coming for table in tables))
    visitors = frozenset().union(*(table.visitors for table in tables))
    stopwords = asking_nothing(language) | asking_nothing(language, liking=True)

    def parts(
        text: str,
    ) -> tuple[list[tuple[str, ...]], list[str], list[str], set[str]]:
        terms = search_terms(text, stopwords)
        lights = [term for term in terms if term in light_verbs]
        asks = bool(lights) and len(lights) < len(terms)
        runs = word_runs(text, stopwords | light_verbs, openers)
        where = _where_asked(
            text, runs, terms, stopwords | light_verbs, places, particles, openers
        )
        return runs, terms, lights * asks, where

    query = _presence_as_coming(query, tables, visitors, coming)
    # Without its names a question has no run, place or light verb it lacks
    # with them: most searches read nothing more.
    runs, _, lights, where = parts(query)
    if not rowids or not (runs or lights or where):
        return set()
    order = list(rowids)
    # A person's name is no part of a thing's name (the name floor reads
    # it): "what did Ben repair" asks "repair" of Ben's memories; so is one
    # said by its capitals that no memory is about ("when did Anna get up",
    # in a home that tells "someone got up": it shares only the light verb
    # "get" with the question, and her name is not another thing asked).
    names = {p for found in candidates.people_of(order).values() for p in found}
    rest = without_names(
        query, names | said_names(query, names) | ({asker} if asker else set())
    )
    runs, terms, lights, where = parts(query if rest is None else rest)
    topic = [term for term in terms if term not in light_verbs]
    if not runs and not lights and not where:
        return set()
    holding = candidates.holding(terms, order)

    def lacking(holding: Mapping[str, set[int]]) -> set[int]:
        partly: set[int] = set()
        for run in runs:
            held = [holding.get(word, set()) for word in run]
            # Another thing of that kind lacks a word before one it holds
            # ("bike lock code" for "locker code"); one lacking a later word
            # may say it otherwise ("the washing machine ran" for "… machine
            # run"), but one holding the first word alone is no answer
            # (`_where_asked`). One holding another word of the question
            # answers that ("the garage note and shelf": the shelf).
            besides = set().union(
                *(holding.get(t, set()) for t in terms if t not in run)
            )
            partly |= {
                rowid
                for last in range(1, len(run))
                for rowid in held[last]
                if any(rowid not in earlier for earlier in held[:last])
            } - besides
        if where:
            placed: set[int] = set().union(*(holding.get(w, set()) for w in where))
            others = [term for term in topic if term not in where]
            wanting = placed.difference(*(holding.get(term, set()) for term in others))
            # An irregular form says the word too ("hid" for "what is hidden
            # in the carport"), which no stemmer joins: read the few rows.
            partly |= {
                rowid
                for rowid, text in candidates.contents(sorted(wanting)).items()
                if not says_a_form_of(others, text)
            }
        if lights:
            light: set[int] = set().union(*(holding.get(t, set()) for t in lights))
            partly |= light.difference(
                _holding_said_names(
                    candidates, said_names(query, names), stopwords, order
                ),
                *(holding.get(term, set()) for term in topic),
            )
        return partly

    partly = lacking(holding)
    # One holding no word of a thing the question names is about another
    # ("Ben repaired the garage door" for "who fixed the kitchen light",
    # review s21), unless its meaning alone passes.
    other_things = [
        (rowid, run)
        for run in runs
        for rowid in set(order).difference(*(holding.get(word, set()) for word in run))
    ]
    if partly or other_things:
        # A word of the family says the word ("the bins go out" for "when
        # does the rubbish go out", "Mia is scared of dogs" for "what are the
        # kids afraid of"): read the few rows' words.
        languages = family_languages(query, language)
        related = {term: set(rows) for term, rows in holding.items()}
        texts = candidates.contents(sorted(partly | {r for r, _ in other_things}))
        # Which words have a relative in any of the rows first (most have
        # none): one look, not one a row.
        if texts and (kin := related_terms(topic, " ".join(texts.values()), languages)):
            for rowid, text in texts.items():
                for term in related_terms(sorted(kin), text, languages):
                    related.setdefault(term, set()).add(rowid)
        # One who comes to work in the home came where they did the work:
        # "The electrician replaced the light switch" for "when did the
        # electrician come" (review s24 H3); not "Ben bought a helmet", nor
        # "Ben called the electrician", whose subject is another.
        for run in runs:
            for visitor in visitors.intersection(run):
                doing = {
                    rowid
                    for rowid in holding.get(visitor, ())
                    if rowid in texts and _acts(visitor, texts[rowid], language)
                }
                for verb in coming.intersection(run):
                    related.setdefault(verb, set()).update(doing)
        if partly and related != holding:
            partly = lacking(related)
        partly |= {
            rowid
            for rowid, run in other_things
            if not any(rowid in related.get(word, ()) for word in run)
        }
    return partly


def _holding_said_names(
    candidates: CandidateQueries,
    said: Collection[str],
    stopwords: frozenset[str],
    rowids: list[int],
) -> set[int]:
    """Of `rowids`, those holding a word of a name no person has that the
    question says: that is what they are about ("Minka the cat gets half a
    tin …" for "when does Minka get fed", whose light verb "get" was all
    it held of the question without her name; session 42)."""
    words = sorted(set(search_terms(" ".join(said), stopwords)))
    if not words:
        return set()
    return set().union(*candidates.holding(words, rowids).values())


def _presence_as_coming(
    query: str,
    tables: list[StatementWords],
    visitors: frozenset[str],
    coming: frozenset[str],
) -> str:
    """ "when was the electrician here", "has the plumber been", "Wann war
    der Elektriker hier?" as asking whether one who comes to work came
    ("… come"): "Ben phoned the electrician" was read for them, being no
    visit (review s25). Only where a visitor is asked and no coming verb."""
    words = set(_TOKEN.findall(query.casefold()))
    if visitors.isdisjoint(words) or not coming.isdisjoint(words):
        return query
    for table in tables:
        if table.presence is not None and table.coming_word:
            said = table.presence.sub(table.coming_word, query, count=1)
            if said != query:
                return said
    return query


def asked_relations(query: str, language: str | None) -> list[tuple[str, list[str]]]:
    """Each word `query` relates to a thing, and that thing's words
    (`_relations`)."""
    return [(head, thing) for head, _, thing in _relations(query, language)]


def _relations(query: str, language: str | None) -> list[tuple[str, str, list[str]]]:
    """Each word `query` relates to a thing by one of the language's
    relation prepositions, and that thing's words up to the next one:
    ("allergic", ["latex"]) for "is anyone allergic to latex", ("fürchtet",
    ["spinnen"]) for "Fürchtet sich jemand vor Spinnen?" (past the
    language's `relation_fillers`); none where nothing follows ("what is
    Anna afraid of") or the word asks nothing ("what do we have to pay",
    "what did you say about"), with the preposition between them."""
    tables = [statement_words(other) for other in languages_to_try(language)]
    prepositions = frozenset().union(*(t.relation_prepositions for t in tables))
    fillers = frozenset().union(*(t.relation_fillers for t in tables))
    light_verbs = frozenset().union(*(t.light_verbs for t in tables))
    stopwords = asking_nothing(language) | asking_nothing(language, liking=True)
    tokens = _TOKEN.findall(query.casefold())
    found: list[tuple[str, str, list[str]]] = []
    for i, token in enumerate(tokens):
        head = _related_word(tokens[:i], fillers)
        if token not in prepositions or not head or head in stopwords | light_verbs:
            continue
        rest = tokens[i + 1 :]
        ends = [j for j, word in enumerate(rest) if word in prepositions]
        thing = [
            word for word in rest[: ends[0] if ends else None] if word not in stopwords
        ]
        if thing and head not in prepositions:
            found.append((head, token, thing))
    return found


def _related_word(before: list[str], fillers: frozenset[str]) -> str:
    """The last of `before` that is none of `fillers` ("fürchtet" of
    "fürchtet sich jemand"; "" for none)."""
    return next((word for word in reversed(before) if word not in fillers), "")


def other_objects(
    candidates: CandidateQueries,
    query: str,
    rowids: Collection[int],
    *,
    language: str | None,
    embed: Callable[[str], npt.NDArray[np.float32] | None] | None = None,
) -> set[int]:
    """Of `rowids`, the memories relating a word the question relates to a
    thing (`asked_relations`), or one of its family (text/word_forms.py),
    by one of those prepositions, but holding no word of that thing:
    "Anna is allergic to penicillin" for "is anyone allergic to latex",
    "Mia is scared of dogs" for "who is afraid of spiders" (final review
    s19; docs/engine.md: such relations hold many values). With `embed`,
    one whose similarity to the asked thing alone reaches
    RELATED_THING_MIN_SIMILARITY says it otherwise ("nuts" for "peanuts"):
    the whole question's is no guide, its relation is the same ("allergisch
    gegen Latex" / "… gegen Pollen": 0.65 with multilingual-e5, review s21)."""
    relations = _relations(query, language)
    if not rowids or not relations:
        return set()
    tables = [statement_words(other) for other in languages_to_try(language)]
    prepositions = frozenset().union(*(t.relation_prepositions for t in tables))
    fillers = frozenset().union(*(t.relation_fillers for t in tables))
    languages = family_languages(query, language)
    other: dict[int, list[str]] = {}
    # The texts at once (a floor's few rows), read in Python: a match list
    # of each word of the thing would cost more (a common word's, 2-3 ms).
    for rowid, text in candidates.contents(list(rowids)).items():
        tokens = _TOKEN.findall(text.casefold())
        # Each word the memory relates, by its preposition: one relating it
        # by another relates it in another sense ("… has a key for
        # emergencies" is no "key to our house"; session 43).
        relating: dict[str, list[str]] = {}
        for i, word in enumerate(tokens):
            if word in prepositions:
                relating.setdefault(word, []).append(_related_word(tokens[:i], fillers))
        held = set(tokens)
        for head, preposition, thing in relations:
            related = " ".join(relating.get(preposition, ()))
            if not related.strip():
                continue
            if (
                head in related.split() or related_terms([head], related, languages)
            ) and not (
                held.intersection(thing) or related_terms(thing, text, languages)
            ):
                other.setdefault(rowid, []).append(" ".join(thing))
    if embed is None or not other:
        return set(other)
    # The few things asked, one model run each.
    vectors = {asked: embed(asked) for things in other.values() for asked in things}
    similar: set[int] = set()
    for asked, vector in vectors.items():
        if vector is None:
            continue
        rows = [rowid for rowid, things in other.items() if asked in things]
        similar.update(
            rowid
            for rowid, value in candidates.similarities(vector, rows).items()
            if value >= RELATED_THING_MIN_SIMILARITY
        )
    return set(other) - similar


def nowhere(
    candidates: CandidateQueries,
    query: str,
    rowids: Collection[int],
    language: str | None,
) -> set[int]:
    """Of `rowids`, the memories that say no place nor a way to one, where
    the question asks where (statements' `where_questions`, `where_words`):
    "Mia made a chocolate cake." for "where is Mia", "Ben is allergic to
    penicillin." for "where is Ben" (reviews s22). "Mia is at school",
    "Ben went to Paris", "Der Schlüssel liegt unter dem Topf" say one."""
    tables = [statement_words(other) for other in languages_to_try(language)]
    text = query.strip()
    places = frozenset().union(
        *(
            t.where_words
            for t in tables
            if t.where_questions and t.where_questions.match(text)
        )
    )
    if not places or not rowids:
        return set()
    return {
        rowid
        for rowid, said in candidates.contents(list(rowids)).items()
        if places.isdisjoint(folded_words(said))
    }


def _acts(visitor: str, text: str, language: str | None) -> bool:
    """Whether `visitor` is `text`'s subject: among its first words, a day
    said before it aside ("On Monday 16 November the plumber bled the
    radiators"), and not another's thing ("The plumber's invoice was 180
    euros"; review s25)."""
    spans = sorted(
        {
            span
            for other in languages_to_try(language)
            for span in time_spans(text, other)
        }
    )
    kept, end = [], 0
    for start, stop in spans:
        if start >= end:
            kept.append(text[end:start])
            end = stop
    said = spelled_words(" ".join([*kept, text[end:]]))
    place = said.index(visitor) if visitor in said[:_SUBJECT_WORDS] else None
    return place is not None and said[place + 1 : place + 2] != ["s"]


def _where_asked(
    text: str,
    runs: list[tuple[str, ...]],
    terms: list[str],
    stopwords: frozenset[str],
    places: frozenset[str],
    particles: frozenset[str] = frozenset(),
    openers: frozenset[str] = frozenset(),
) -> set[str]:
    """The words that say where the thing asked about is: the first word of
    a run ("the hallway light") and those after a place word ("the light in
    the kitchen", "das Licht im Flur"; statements.<language>.json
    `places`); none where the question asks nothing else ("what is in the
    kitchen"). A memory holding only them is about another thing there
    ("Ben wants to paint the hallway" for "when did the hallway light go
    on", similarity 0.32, under the floor by meaning; final review s19)."""
    where = {run[0] for run in runs} | placed_words(
        text, stopwords, places, particles, openers
    )
    asked = [term for term in terms if term not in stopwords and term not in where]
    return where if asked else set()


def not_whole(
    candidates: CandidateQueries,
    query: str,
    similarity: Mapping[int, float | None],
    asker: str | None,
    *,
    language: str | None,
    passing: tuple[float, float],
    embed: Callable[[str], npt.NDArray[np.float32] | None],
    word_floor: float,
    otherwise: Collection[int] = (),
) -> set[int]:
    """Of the memories kept (with their `similarity`), those holding only
    part of a thing the question names, or only where it is, unless their
    meaning alone passes the floor (`partly_named`, `by_meaning` with the
    vector weight and floor `passing`), and those relating another thing
    than the question's, unless that thing alone is like it in meaning
    (`other_objects`), or another deed (deed_floor.py), naming none of the
    visitors it asks of or, asked who comes, no coming (visitors.py), or
    another purpose (purposes.py). Those told in another language than
    the question (`otherwise`, search/other_language.py) cannot hold its
    words: the floors that look for them leave them to their meaning
    ("What is Anna allergic to?", "Anna ist allergisch gegen Erdnüsse")."""
    partly = partly_named(candidates, query, list(similarity), asker, language=language)
    similar = by_meaning(
        {rowid: similarity[rowid] for rowid in partly}, partly, *passing
    )
    other = other_objects(candidates, query, similarity, language=language, embed=embed)
    deeds = other_deeds(
        candidates,
        query,
        similarity,
        language=language,
        embed=embed,
        word_floor=word_floor,
    )
    # "Gärtnerin" names the asked "gardener" (visitors.py, s36 defect 6).
    partly -= naming_asked_trade(candidates, query, partly, language)
    return (
        ((partly - similar) | other | deeds).difference(otherwise)
        | nowhere(candidates, query, similarity, language)
        | contacted(candidates, query, list(similarity), language)
        | unnamed_visitor(candidates, query, similarity, language)
        | other_trades_than_asked(candidates, query, similarity, language)
        | telling_no_coming(candidates, query, similarity, language)
        | other_purposes(
            candidates,
            query,
            similarity,
            language=language,
            embed=embed,
            bar=RELATED_THING_MIN_SIMILARITY,
        )
    )


def contacted(
    candidates: CandidateQueries,
    query: str,
    rowids: list[int],
    language: str | None,
) -> set[int]:
    """Of `rowids`, for a question whether one who comes to work came ("when
    did the locksmith come", "was he here"), the memories that tell of
    reaching them ("Ben phoned the locksmith about a spare key"), not of
    their coming, whatever their meaning: MiniLM puts that call at the
    visit's side (review s25)."""
    tables = [statement_words(other) for other in languages_to_try(language)]
    visitors = frozenset().union(*(table.visitors for table in tables))
    coming = frozenset().union(*(table.coming for table in tables))
    asked = set(
        _TOKEN.findall(_presence_as_coming(query, tables, visitors, coming).casefold())
    )
    asked_visitors = visitors & asked
    if not rowids or not asked_visitors or coming.isdisjoint(asked):
        return set()
    contacting = frozenset().union(*(table.contacting for table in tables))
    return {
        rowid
        for rowid, text in candidates.contents(rowids).items()
        if not contacting.isdisjoint(words := set(spelled_words(text)))
        and coming.isdisjoint(words)
        and any(
            visitor in words and not _acts(visitor, text, language)
            for visitor in asked_visitors
        )
    }
