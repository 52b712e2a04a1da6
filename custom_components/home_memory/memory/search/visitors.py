"""A question of one who comes to work is answered by a memory naming them.

"wann kommt der Schornsteinfeger", "when is the chimney sweep coming", "was
the electrician here": with no chimney sweep remembered, e5 put "Wir haben
die Hecke im Jahr 2025 geschnitten" near the question by its shape (0.84
raw, over the floor; review s29 M8), and that was the answer. Of a visitor
the statement tables name (`visitors`: plumber, Schornsteinfeger …) asked
whether or when they come or came (`coming`, `presence`), a memory that
does not name them (as said, in the plural, as a compound's last part,
or by a word of its family) is no answer. A visitor said generally
(`visitors_any`: "Handwerker", "technician") may be any of them. Asked
who comes, a memory that one is not coming is read after those who come
(`called_off`), and one telling of no coming is none (`telling_no_coming`);
asked of a named one, their call-off after their coming (`calling_off_asked`).
Pure.
"""

from __future__ import annotations

from functools import lru_cache
import re
from typing import TYPE_CHECKING, Final

from ..text.fts_query import search_stopwords, search_terms
from ..text.saying_no import calls_off, says_coming
from ..text.statement_words import statement_words
from ..text.validation import one_sentence
from ..text.word_forms import related_terms, word_forms
from ..time.expressions import looks_ahead, speaks_of_past
from ..time.phrases import languages_to_try
from .people import one_trade, spelled_words

if TYPE_CHECKING:
    from collections.abc import Callable, Collection, Mapping

    from ..common.values import MemoryFilter
    from ..storage.candidates import CandidateQueries
    from ..text.statement_words import StatementWords

_TOKEN: Final = re.compile(r"[^\W_]+", re.UNICODE)
# A visitor this long or longer is found as a compound's last part
# ("Bezirksschornsteinfeger" names the "Schornsteinfeger").
_COMPOUND_PART: Final = 4
# What a memory's text says (a coming, a call-off, the past) is read once
# and kept for texts up to this long: the same memories come back search
# after search, and reading a text's tense takes its time words out first
# (0.5 ms a text; "Who is visiting from Bergen?" read 170 of them 4 times).
_KEPT_TEXT_LENGTH: Final = 2000
_TEXTS_KEPT: Final = 8192
# A day (unix seconds); a span this many whole, give or take an hour (a
# change of summer time), is dated by days and ends at a midnight.
_A_DAY: Final = 86400.0
_AN_HOUR: Final = 3600.0
# Plural endings of a person word ("neighbours", "Nachbarn", "Gästen").
_PLURALS: Final = ("s", "n", "en", "e")


def asked_visitors(query: str, language: str | None) -> set[str]:
    """The visitors (folded) `query` asks whether or when they come or
    came, in any language it may be read in; none said generally."""
    tables = [statement_words(other) for other in languages_to_try(language)]
    said = set(_TOKEN.findall(query.casefold()))
    visitors = set().union(*(table.visitors for table in tables)) & said
    visitors -= set().union(*(table.visitors_any for table in tables))
    coming = set().union(*(table.coming for table in tables))
    asks = not coming.isdisjoint(said) or any(
        table.presence is not None and table.presence.search(query) is not None
        for table in tables
    )
    return visitors if asks else set()


def unnamed_visitor(
    candidates: CandidateQueries,
    query: str,
    rowids: Collection[int],
    language: str | None,
) -> set[int]:
    """Of `rowids`, the memories that name none of the visitors `query`
    asks of (`asked_visitors`)."""
    asked = asked_visitors(query, language)
    if not asked or not rowids:
        return set()
    languages = list(languages_to_try(language))
    asked = same_trade(asked, languages)
    return {
        rowid
        for rowid, text in candidates.contents(list(rowids)).items()
        if not _names(asked, text, languages)
    }


def same_trade(visitors: Collection[str], languages: Collection[str]) -> set[str]:
    """`visitors` and every word of the tables of `languages` for the same
    trade (`roles`: "klempner" for "plumber", "schornsteinfeger" for
    "sweep"): "Is the plumber coming on Friday?" in a German home was "I
    don't know" beside "Der Klempner kommt am Freitag", which names no
    plumber by his English word (review s36 defect 6)."""
    tables = [statement_words(other) for other in languages]
    trades = {table.roles.get(word, word) for table in tables for word in visitors}
    return set(visitors) | {
        word
        for table in tables
        for word in (*table.visitors, *table.roles)
        if table.roles.get(word, word) in trades
    }


def naming_asked_trade(
    candidates: CandidateQueries,
    query: str,
    rowids: Collection[int],
    language: str | None,
) -> set[int]:
    """Of `rowids`, those naming the trade of a visitor `query` asks of
    (`asked_visitors`) by another word of it only (`same_trade`): "Die
    Gärtnerin ist am Montag gekommen" names "the gardener" of "When did the
    gardener come?", though it holds no word of the question's (floors.py
    `partly_named` read it as about another thing; review s36 defect 6).
    One saying the asked word is the floors' to judge ("the plumber's
    invoice" is no visit of his)."""
    asked = asked_visitors(query, language) if rowids else set()
    if not asked:
        return set()
    languages = list(languages_to_try(language))
    others = same_trade(asked, languages) - asked
    return {
        rowid
        for rowid, text in candidates.contents(sorted(rowids)).items()
        if _names(others, text, languages) and not _names(asked, text, languages)
    }


def trade_in_household_words(query: str, language: str | None) -> tuple[str, ...]:
    """For a question naming a visitor or a trade ("Wann kommt der
    Klempner?", "Wer ist unser Tierarzt?"), every language's words for
    their trade it does not say ("plumber", "vet"), to be searched beside
    the question's: in an English home none of its memories says
    "Klempner", and a model reading no German finds nothing by meaning
    ("Das weiß ich nicht"; review s36 defect 6, review s38 #10); nor, in a
    German home, did "Wer ist der Zahnarzt?" find "Our dentist is Dr.
    Weber", told in English (review s39 #3)."""
    languages = languages_to_try(language)
    tables = [statement_words(other) for other in languages]
    said = set(_TOKEN.findall(query.casefold()))
    general = set().union(*(table.visitors_any for table in tables))
    asked = set().union(*(table.visitors | table.roles.keys() for table in tables))
    asked = (asked & said) - general
    if not asked:
        return ()
    return tuple(sorted(same_trade(asked, languages) - asked - general))


def _names(visitors: set[str], text: str, languages: list[str]) -> bool:
    said = set(spelled_words(text)) | set(_TOKEN.findall(text.casefold()))
    return any(
        visitor in said
        or f"{visitor}s" in said
        or f"{visitor}n" in said
        or (
            len(visitor) >= _COMPOUND_PART
            and any(word.endswith(visitor) for word in said)
        )
        for visitor in visitors
    ) or bool(related_terms(visitors, text, languages))


def called_off(
    candidates: CandidateQueries,
    query: str,
    rowids: Collection[int],
    language: str | None,
) -> set[int]:
    """Of `rowids`, for a question of who comes naming nobody
    (`asks_anyone_coming`), the memories that only say someone is not
    coming (text/saying_no.py `calls_off`: "The masseuse is not
    coming."): no answer to who comes where another memory tells of one
    who does (review s30b M4: they were listed as who comes). "Is the
    painter coming on Friday" is answered by his call-off."""
    if not rowids or not asks_anyone_coming(query, language):
        return set()
    return _calling_off(candidates, rowids, language)


def calling_off_asked(
    candidates: CandidateQueries,
    query: str,
    rowids: Collection[int],
    language: str | None,
) -> set[int]:
    """Of `rowids`, for a question whether or when a visitor it names comes
    (`asked_visitors`), the memories that only call a coming off: read
    after one telling when they come ("when is the window cleaner coming"
    read "… is not coming on Wednesday" before "… is not coming on
    Tuesday, he is coming on Thursday", review s31 M6). Not left out: where
    it is all there is, the call-off answers."""
    if not rowids or not asked_visitors(query, language):
        return set()
    return _calling_off(candidates, rowids, language)


def _calling_off(
    candidates: CandidateQueries, rowids: Collection[int], language: str | None
) -> set[int]:
    """Of `rowids`, the memories that only call a coming off, in any
    language the household may speak (text/saying_no.py `calls_off`)."""
    return _saying(candidates, rowids, language, calls_off)


def _saying(
    candidates: CandidateQueries,
    rowids: Collection[int],
    language: str | None,
    says: Callable[[str, str | None], bool],
) -> set[int]:
    """Of `rowids`, the memories whose text `says` it in any language the
    household may speak."""
    languages = list(languages_to_try(language))
    return {
        rowid
        for rowid, text in candidates.contents(list(rowids)).items()
        if any(_says(says, text, other) for other in languages)
    }


def _says(
    says: Callable[[str, str | None], bool], text: str, language: str | None
) -> bool:
    """`says(text, language)`, kept for a text of a usual length (the
    readers are pure functions of the text and the language's tables)."""
    if len(text) > _KEPT_TEXT_LENGTH:
        return says(text, language)
    return _kept_saying(says, text, language)


@lru_cache(maxsize=_TEXTS_KEPT)
def _kept_saying(
    says: Callable[[str, str | None], bool], text: str, language: str | None
) -> bool:
    return says(text, language)


def comings_told(
    candidates: CandidateQueries,
    query: str,
    rowids: Collection[int],
    language: str | None,
) -> set[int]:
    """Of `rowids` (a search's candidates), for a question of who comes
    naming nobody (`asks_anyone_coming`), those that tell of
    a coming: each answers it by what it says, however far its visitor is
    from the question by meaning. "Wer kommt?" read the plumber and the
    gardener and not "Die Masseurin kommt am Samstag", under the floor of
    the best by meaning, while "Wer kommt denn?" read all three (review
    s32 L8). A call-off is read after them (`called_off`)."""
    if not rowids or not asks_anyone_coming(query, language):
        return set()
    return _saying(candidates, rowids, language, says_coming)


def visits_told(
    candidates: CandidateQueries,
    query: str,
    rowids: Collection[int],
    language: str | None,
) -> set[int]:
    """Of `rowids`, for a question of who came naming nobody, asked of the
    past ("When did we last have visitors?", "Wann hatten wir zuletzt
    Besuch?"), the told memories of a visit over, by the household's words
    of one (`visited`: "Our parents visited us on Sunday"): each answers it
    by what it says, whatever its relevance. It shares no word with the
    question and is far from it by meaning: "I don't know" (review s36
    finding 3). Told, not observed: the home's own door narration says
    "… or visited" of any door, and searched for the word it read before
    the visitor's door in a home that tracks nobody. A visit told in other
    words answers too (`_tells_visit`: "Grandma was here on Sunday" for
    "Who came on Sunday?", review s38 finding 5)."""
    if not rowids or not asks_anyone_coming(query, language):
        return set()
    if not _asked_of_the_past(query, language):
        return set()
    languages = list(languages_to_try(language))
    ordered = sorted(rowids)
    kinds = candidates.kinds(ordered)
    return {
        rowid
        for rowid, text in candidates.contents(ordered).items()
        if kinds.get(rowid) != _OBSERVED and _tells_visit(text, languages)
    }


def visits_by_their_time(
    candidates: CandidateQueries,
    query: str,
    rowids: Collection[int],
    language: str | None,
) -> set[int]:
    """Of `rowids`, for who came asked of the past naming nobody ("Wer hat
    uns zuletzt besucht?"), the told memories of a coming or a visit: the
    last of them is the answer by its time, however near each one's words
    are to the question's ("Peter war gestern zu Besuch" fell under the
    share of the best that "Oma und Opa haben uns besucht" set, and the
    older visit was read first; review s37 finding 21). Told, not
    observed, as `visits_told`; told as over, not a plan, which tells of
    no visit yet ("The chimney sweep comes on Thursday" was the answer,
    review s38 finding 3). Each passes the floors as well: "Lisa came to
    visit today" was under them for "When did we last have visitors?"
    (review s38 finding 2)."""
    if not rowids or not asks_anyone_coming(query, language):
        return set()
    if not _asked_of_the_past(query, language):
        return set()
    kinds = candidates.kinds(sorted(rowids))
    told = [rowid for rowid in rowids if kinds.get(rowid) != _OBSERVED]
    visits = _saying(candidates, told, language, says_coming) | visits_told(
        candidates, query, told, language
    )
    return _saying(candidates, visits, language, speaks_of_past)


def plans_of_a_visit(
    candidates: CandidateQueries,
    query: str,
    rowids: Collection[int],
    language: str | None,
) -> set[int]:
    """Of `rowids`, for who came asked of the past naming nobody ("Did
    anyone visit us last week?", "Wer kam letzte Woche?"), the told
    memories of a coming not told as over: a plan ("Peter is coming on
    Saturday", told last week), whose day may be over, is not known to
    have happened. Read after the visits told as over (windows.py
    `reading_order`): it was read first, as a visit that happened (review
    s39 #4, s38 review #6)."""
    if not rowids or not asks_anyone_coming(query, language):
        return set()
    if not _asked_of_the_past(query, language):
        return set()
    languages = list(languages_to_try(language))
    ordered = sorted(rowids)
    kinds = candidates.kinds(ordered)
    comings = {
        rowid
        for rowid, text in candidates.contents(ordered).items()
        if kinds.get(rowid) != _OBSERVED
        and (
            any(says_coming(text, other) for other in languages)
            or _tells_visit(text, languages)
        )
    }
    return comings - _saying(candidates, comings, language, speaks_of_past)


def tells_coming_asked(verb: str, text: str, languages: Collection[str]) -> bool:
    """Whether `verb`, the deed a question asks (deed_floor.py `other_deeds`),
    is a word of coming (`coming`) and `text` tells of a coming in any of
    `languages`: one word of coming answers another's question. "Who came
    on Sunday?" left out "Grandma visited us on Sunday" as another deed,
    and "Who visited us on Sunday?" "Our neighbours came by" (review s36:
    "I don't know" of a day's visit asked later in the week); nor "Grandma
    was here on Sunday", a visit told in other words (`_tells_visit`,
    review s38 finding 5)."""
    tables = [statement_words(other) for other in languages]
    if not any(verb in table.coming for table in tables):
        return False
    # The memory in its own language, whichever the question's: "Who
    # visited us?" in an English home left out "Oma hat uns am Sonntag
    # besucht" as another deed (review s39 #1).
    read = languages_to_try(next(iter(languages), None))
    return any(says_coming(text, other) for other in read) or _tells_visit(text, read)


def no_coming_told(
    candidates: CandidateQueries,
    query: str,
    rowids: Collection[int],
    language: str | None,
) -> set[int]:
    """Of `rowids` (a window's memories sharing no word of the question's
    topic), for a question of who comes or came naming nobody, the told
    ones that tell of no coming and no visit: "Ist gestern früh jemand
    gekommen?" read "Anna hat am Dienstag das Fahrrad repariert", near
    enough by e5's meaning (review s37 finding 17). The home's own
    observations stay: a door tells of one. So does a visit told in other
    words (`_tells_visit`: "Grandma was here on Sunday", "Oma war am
    Sonntag da"), or one naming a visitor or trade ("The plumber fixed the
    boiler"; review s38 finding 5)."""
    if not rowids or not asks_anyone_coming(query, language):
        return set()
    languages = list(languages_to_try(language))
    ordered = sorted(rowids)
    kinds = candidates.kinds(ordered)
    coming = _saying(candidates, ordered, language, says_coming)
    trades = _trades(languages)
    return {
        rowid
        for rowid, text in candidates.contents(ordered).items()
        if kinds.get(rowid) != _OBSERVED
        and rowid not in coming
        and not _tells_visit(text, languages)
        and not _names(trades, text, languages)
    }


def _tells_visit(text: str, languages: Collection[str]) -> bool:
    """Whether `text` tells of a visit over, by a word of one (`visited`:
    "visited", "besucht") or in other words (`visit_told`: "was here",
    "had guests", "war … da"), in any of `languages`."""
    said = set(_TOKEN.findall(text.casefold()))
    tables = [statement_words(other) for other in languages]
    if any(not table.visited.isdisjoint(said) for table in tables):
        return True
    return any(
        _a_person_told(text[: found.start()].rsplit(".", 1)[-1] + found.group(), tables)
        for table in tables
        if table.visit_told is not None
        for found in table.visit_told.finditer(text)
    )


def _a_person_told(clause: str, tables: list[StatementWords]) -> bool:
    """Whether `clause` (a sentence up to the end of its `visit_told`)
    tells of a person there: a name, a person word (`owned_people`, `kin`,
    `visit_people`: "guests") or a trade (`visitors`, `roles`), in the
    plural too. "The keys were here yesterday" tells of no visit, as "Die
    Schlüssel waren gestern da" (review s39 #2): a thing being somewhere
    is none; "Peter was here", "Oma war da", "We had guests" are."""
    people = frozenset().union(
        *(
            table.owned_people
            | table.kin
            | table.visit_people
            | table.visitors
            | table.roles.keys()
            for table in tables
        )
    )
    unnamed = frozenset().union(
        *(
            table.thing_openers | table.stop | table.times | table.coming
            for table in tables
        )
    )
    openers = frozenset().union(*(table.thing_openers for table in tables))
    before = ""
    for word in _TOKEN.findall(clause):
        folded = word.casefold()
        if folded in people or any(
            folded.endswith(ending) and folded[: -len(ending)] in people
            for ending in _PLURALS
        ):
            return True
        if word[0].isupper() and folded not in unnamed and before not in openers:
            return True
        before = folded
    return False


def _trades(languages: Collection[str]) -> set[str]:
    """Every word of `languages`' tables for one who comes to work or a
    trade or calling (`visitors`, `roles`)."""
    tables = [statement_words(other) for other in languages]
    return {word for table in tables for word in (*table.visitors, *table.roles)}


# The kind of what the home observed (common/values.py MemoryKind).
_OBSERVED: Final = "observation"


def came_already(
    candidates: CandidateQueries,
    query: str,
    rowids: Collection[int],
    language: str | None,
) -> set[int]:
    """Of `rowids`, for a question of who comes naming nobody and not
    asked of the past ("Wer kommt?", not "Wer kam gestern?"), the memories
    of a coming that is over ("Die Post kam am Dienstagmorgen", "Besuch ist
    am Montag gekommen"; review s33 M1), where another tells of one ahead."""
    if not rowids or not asks_anyone_coming(query, language):
        return set()
    if _asked_of_the_past(query, language):
        return set()
    over = _saying(candidates, rowids, language, speaks_of_past)
    return over if len(over) < len(set(rowids)) else set()


def _asked_of_the_past(query: str, language: str | None) -> bool:
    """Whether `query` asks of the past in any language the household may
    speak ("Wer kam gestern?", "who came yesterday")."""
    return any(speaks_of_past(query, other) for other in languages_to_try(language))


def telling_no_coming(
    candidates: CandidateQueries,
    query: str,
    rowids: Collection[int],
    language: str | None,
) -> set[int]:
    """Of `rowids`, for a question of who comes naming nobody
    (`asks_anyone_coming`), the memories that tell of no coming and name
    no visitor ("Ben ist am Dienstagmorgen aufgestanden" for "Wer
    kommt?", near it by meaning; review s31 M5), where another tells of
    one: "The plumber will be here on Friday" names him and stays."""
    if not rowids or not asks_anyone_coming(query, language):
        return set()
    found = _no_coming(candidates, rowids, language)
    return found if len(found) < len(set(rowids)) else set()


def _no_coming(
    candidates: CandidateQueries, rowids: Collection[int], language: str | None
) -> set[int]:
    """Of `rowids`, the memories that tell of no coming nor a visit in
    other words (`_tells_visit`: "Opa war am Sonntag da", review s38
    finding 5) and name no visitor, in any language the household may
    speak."""
    languages = list(languages_to_try(language))
    visitors = set().union(*(statement_words(other).visitors for other in languages))
    return {
        rowid
        for rowid, text in candidates.contents(list(rowids)).items()
        if not any(says_coming(text, other) for other in languages)
        and not _tells_visit(text, languages)
        and not _names(visitors, text, languages)
    }


def comings_over(
    candidates: CandidateQueries,
    query: str,
    rowids: Collection[int],
    flt: MemoryFilter,
    language: str | None,
    now: float,
) -> set[int]:
    """Of `rowids`, for a question of who comes, asked without a window
    and not of the past ("Who is coming?", "Wer kommt?"), or whether or
    when one named comes, looking ahead ("Is Peter coming?", "Wann kommt
    der Klempner?": weeks after his Friday, it read "Peter is coming on
    Friday 4 December", review s36 defect 2; not "Has the plumber come?"),
    the memories of a coming whose event time lies before today, however
    they are worded ("Peter is coming on Saturday 5 December", asked on 26
    December; review s36 finding 2), and where one is and none ahead is
    left, those telling of no coming (`telling_no_coming`): nobody comes
    that is known of. Today is not known here without the household's
    time zone: a coming dated by whole days ends at a midnight and is over
    from it; a moment or shorter span, a day after it (one from yesterday
    evening may stay until then). A memory with no time of its own but its
    telling ("The plumber is coming.") is not known to be over. Asked of
    one named with none of theirs ahead, theirs that are over stay, said
    as plans that were (`_naming_asked`)."""
    if not rowids or flt.happened_after is not None or flt.happened_before is not None:
        return set()
    if not _asks_ahead(query, language):
        return set()
    comings = sorted(_saying(candidates, rowids, language, says_coming))
    began, spans, told = _times(candidates, comings)
    over = {
        rowid
        for rowid in comings
        if _over(began.get(rowid), spans.get(rowid), told.get(rowid), now)
    }
    if over and len(over) == len(comings):
        if not asks_anyone_coming(query, language):
            return over - _naming_asked(candidates, query, over, language)
        over |= _no_coming(candidates, rowids, language)
    return over


def _naming_asked(
    candidates: CandidateQueries,
    query: str,
    rowids: Collection[int],
    language: str | None,
) -> set[int]:
    """Of `rowids` (comings that are over, none ahead), for a question of
    one named ("Wann kommt Peter?"), the ones saying what it asks beside
    its words of coming and function words: they are said as plans that
    were ("Das war so geplant: Peter besucht uns am Samstag, 5.
    Dezember."), where "I don't know" answered the Monday after (review
    s41 #1); another's coming that is over stays no answer."""
    languages = list(languages_to_try(language))
    coming = set().union(*(statement_words(other).coming for other in languages))
    asked = set(search_terms(query, search_stopwords(language))) - coming
    if not asked:
        return set()
    return {
        rowid
        for rowid, text in candidates.contents(list(rowids)).items()
        if _names(asked, text, languages)
    }


def _times(
    candidates: CandidateQueries, rowids: list[int]
) -> tuple[dict[int, float], dict[int, tuple[float, float]], dict[int, float]]:
    """Of `rowids`, when each began, its span where it has one, and when it
    was told: what tells a coming over or a plan of no day of its own."""
    columns = candidates.score_fields(rowids)
    told = dict(zip(columns.rowids.tolist(), columns.created_at.tolist(), strict=True))
    return candidates.happened_at(rowids), candidates.spans(rowids), told


def _asks_ahead(query: str, language: str | None) -> bool:
    """Whether `query` asks who comes, not of the past, or whether or when
    one comes, looking ahead (`comings_over`)."""
    if _asked_of_the_past(query, language):
        return False
    return asks_anyone_coming(query, language) or any(
        says_coming(query, other) and looks_ahead(query, other)
        for other in languages_to_try(language)
    )


def plans_of_no_day(
    candidates: CandidateQueries,
    query: str,
    rowids: Collection[int],
    flt: MemoryFilter,
    language: str | None,
) -> set[int]:
    """Of `rowids`, for a question of a coming asked of the past in a
    window ("Did the roofer come last week?", "Hatten wir letzte Woche
    Besuch?"), the plans with no time of their own but their telling ("The
    roofer is coming.", told last Thursday): their coming is after it, on a
    day not known to be of the window, and they answered as if it was
    (review s36 defect 3). A plan dated in the window is of it."""
    if not rowids or (flt.happened_after is None and flt.happened_before is None):
        return set()
    languages = languages_to_try(language)
    if not _asked_of_the_past(query, language) or not any(
        says_coming(query, other) for other in languages
    ):
        return set()
    ahead = sorted(_saying(candidates, rowids, language, looks_ahead))
    began, spans, told = _times(candidates, ahead)
    return {
        rowid
        for rowid in ahead
        if not _lasting(spans.get(rowid))
        and (at := began.get(rowid)) is not None
        and (said := told.get(rowid)) is not None
        and abs(at - said) < _AN_HOUR
    }


def comings_home(
    candidates: CandidateQueries,
    query: str,
    rowids: Collection[int],
    language: str | None,
) -> set[int]:
    """Of `rowids`, for a question of who comes or came naming nobody, and
    not of coming home ("Wer war heute zu Besuch?", "Did we have visitors
    today?"; not "Is anyone coming home?"), the memories of a return home
    (`coming_home`: "Anna kam gegen sieben nach Hause", "Ben came home
    around seven"): a resident coming home is no visitor, and was the
    answer (review s36 defect 5), even where nothing else is. Only a
    memory of one sentence: a narration going on (the couch, the kettle
    after the door) may hold a visit the home did not tell apart from the
    return, and answered the household replay's Friday visitors (a
    date's or an abbreviation's full stop ends no sentence: "Dr. Meier",
    "at 7 p.m."; text/validation.py `one_sentence`). Nor one that tells
    a visit beside the return (`_visit_beside`: "Grandma visited us on
    Sunday and flew back home on Monday", review s38 finding 1)."""
    if not rowids or not asks_anyone_coming(query, language):
        return set()
    languages = list(languages_to_try(language))
    homes = [
        pattern
        for other in languages
        if (pattern := statement_words(other).coming_home) is not None
    ]
    if not homes or any(home.search(query) for home in homes):
        return set()
    trades = _trades(languages)
    returns: set[int] = set()
    for rowid, text in candidates.contents(sorted(rowids)).items():
        rest = text
        for home in homes:
            rest = home.sub(" ", rest)
        if (
            rest != text
            and one_sentence(text)
            and not _visit_beside(rest, text, trades, languages)
        ):
            returns.add(rowid)
    return returns


def _visit_beside(rest: str, text: str, trades: set[str], languages: list[str]) -> bool:
    """Whether `text`, telling of a return home, tells of a visit too: by a
    word of one (`_tells_visit`), naming one who comes to work or a trade
    (`_trades`), or by a word of coming besides the return's own (`rest`:
    the text without it; "Anna came home and Grandma arrived")."""
    return (
        _tells_visit(text, languages)
        or _names(trades, text, languages)
        or any(says_coming(rest, other) for other in languages)
    )


def _lasting(span: tuple[float, float] | None) -> bool:
    """Whether `span` is one, longer than a moment."""
    return span is not None and span[1] > span[0]


def without_comings_not_asked[Kept](
    candidates: CandidateQueries,
    query: str,
    kept: Mapping[int, Kept],
    flt: MemoryFilter,
    language: str | None,
    now: float,
) -> dict[int, Kept]:
    """`kept` (a search's matches) without `comings_over`,
    `plans_of_no_day`, `comings_home` and, in a window asking of a coming
    or a visit, `other_roles`: whatever else is left, they answer no
    question of a visitor's coming, or of another time. Each whatever the
    search's floor: "Kommt der Elektriker am Freitag?" in an English home,
    a day's memories listed by no relevance (MiniLM reads no German), read
    the plumber's Friday. A question of no coming keeps another trade's
    memories: "Did we buy the vacuum cleaner last week?" is of no cleaner
    (review s38 finding 19)."""
    if not kept:
        return dict(kept)
    left_out = comings_over(candidates, query, kept, flt, language, now)
    left_out |= plans_of_no_day(candidates, query, kept, flt, language)
    left_out |= comings_home(candidates, query, kept, language)
    windowed = flt.happened_after is not None or flt.happened_before is not None
    if windowed and _asks_of_a_coming(query, language):
        left_out |= other_roles(candidates, query, kept, language)
    return {rowid: match for rowid, match in kept.items() if rowid not in left_out}


def _asks_of_a_coming(query: str, language: str | None) -> bool:
    """Whether `query` asks of a coming or a visit, in any language the
    household may speak: by a word of coming ("did the dentist come",
    "Hatten wir Besuch") or of one's presence ("was the plumber here")."""
    return any(
        says_coming(query, other)
        or (
            (presence := statement_words(other).presence) is not None
            and presence.search(query) is not None
        )
        for other in languages_to_try(language)
    )


def _over(
    began: float | None,
    span: tuple[float, float] | None,
    told: float | None,
    now: float,
) -> bool:
    """Whether an event that `began`, lasting `span` where it has one and
    `told` then, lies before the day of `now` (`comings_over`)."""
    if span is not None and span[1] > span[0]:
        at, until = span
        days = round((until - at) / _A_DAY)
        if days >= 1 and abs(until - at - days * _A_DAY) <= _AN_HOUR:
            return until <= now
        return until < now - _A_DAY
    if began is None or (told is not None and abs(began - told) < _AN_HOUR):
        return False
    return began < now - _A_DAY


def asks_anyone_coming(query: str, language: str | None) -> bool:
    """Whether `query` asks who comes, naming nobody (`coming_anyone`: "who
    is coming", "is anyone visiting this weekend", "kommt jemand")."""
    said = set(_TOKEN.findall(query.casefold()))
    return any(
        says_coming(query, other)
        and not said.isdisjoint(statement_words(other).coming_anyone)
        for other in languages_to_try(language)
    )


def coming_in_household_words(query: str, language: str | None) -> tuple[str, ...]:
    """For a question of who comes naming nobody (`asks_anyone_coming`),
    not of the past, the household's (`language`) words of coming
    (`coming`) it does not say, to be searched beside the question's, and
    each memory telling of a coming answers it (searched_words.py): "who
    is coming" in a German home found no "kommt" by its words and read the
    plumber alone; "Wer kommt?" in an English home, no "coming" and "Das
    weiß ich nicht" (review s35 M2); and in the household's own words,
    "Who is coming this weekend?" read "Peter is coming on Saturday" and
    not "Grandma is visiting from Saturday 5 December to Sunday 6
    December", which shares no word with it and is far by meaning (review
    s36 finding 1), where "Wer kommt am Wochenende?" read both. None for a
    question of the past: "Wann hatten wir zuletzt Besuch?" in an English
    home then read every "came home" and lost Sunday's visitor (household
    replay, s35)."""
    if not asks_anyone_coming(query, language) or _asked_of_the_past(query, language):
        return ()
    said = set(_TOKEN.findall(query.casefold()))
    home = languages_to_try(language)[0]
    return tuple(sorted(statement_words(home).coming - said))


def coming_forms_asked(query: str, language: str | None) -> tuple[str, ...]:
    """For a question of who came, naming nobody and asked of the past
    ("Did anyone come yesterday morning?"), the other forms of its words of
    coming in the household's word forms (`synonyms`) that tell of the past
    ("came" for "come"; no "coming": a past question gets no plan):
    "the plumber came yesterday morning" shared no word with it and was
    far from it by meaning, while "Who came yesterday morning?" read it
    (review s36 finding 8). Not every word of coming, as for who comes
    (`coming_in_household_words`): asked of the past, those read every
    "came home"."""
    if not asks_anyone_coming(query, language) or not _asked_of_the_past(
        query, language
    ):
        return ()
    home = languages_to_try(language)[0]
    forms = word_forms(home)
    coming = statement_words(home).coming
    said = {word for word in _TOKEN.findall(query.casefold()) if word in coming}
    mates = {mate for word in said for mate in forms.mates(word)} - said
    return tuple(sorted(mate for mate in mates if speaks_of_past(mate, home)))


def visiting_as_coming(query: str, language: str | None) -> str:
    """`query` asking who comes, naming nobody, with its verb as a memory
    of a plan says it (`coming_as`: "is anybody visiting this weekend" as
    "… coming …"): "The nanny is coming on Saturday" shares no word with
    "visiting" and was under the floor by meaning (review s30b M4: "I don't
    know", where "is anyone coming this weekend" found her). Not where the
    question would lose its past: "Wer hat uns zuletzt besucht?" holds the
    participle, and read as "Wer hat uns kommt?" it asked ahead, so every
    visit told was over (review s37 finding 21); "Did anyone visit us"
    stays past as "Did anyone come us"."""
    if not asks_anyone_coming(query, language):
        return query
    said = {
        word: coming
        for other in languages_to_try(language)
        for word, coming in statement_words(other).coming_as.items()
    }
    if not said:
        return query
    pattern = rf"\b(?:{'|'.join(map(re.escape, said))})\b"
    coming = re.sub(pattern, lambda m: said[m.group().casefold()], query, flags=re.I)
    if coming != query and _asked_of_the_past(query, language):
        return coming if _asked_of_the_past(coming, language) else query
    return coming


def other_roles(
    candidates: CandidateQueries,
    query: str,
    rowids: Collection[int],
    language: str | None,
) -> set[int]:
    """Of `rowids`, for a question naming a trade or calling (the tables'
    `visitors` and `roles`, not one said generally), the memories naming
    another and not the asked one, in any language: "did the dentist come
    today" is not answered by "the plumber is coming today" (review s35).
    One said generally ("Handwerker") may be any visitor asked of."""
    languages = list(languages_to_try(language))
    tables = [statement_words(other) for other in languages]
    general = set().union(*(table.visitors_any for table in tables))
    trades = {
        word: table.roles.get(word, word)
        for table in tables
        for word in (*table.visitors, *table.roles)
        if word not in general
    }
    asked = {word for word in _TOKEN.findall(query.casefold()) if word in trades}
    if not asked or not rowids:
        return set()
    asked_trades = {trades[word] for word in asked}
    visitors = set().union(*(table.visitors for table in tables))
    others = {word for word, trade in trades.items() if trade not in asked_trades}
    if not asked <= visitors:
        others |= general
    return {
        rowid
        for rowid, text in candidates.contents(list(rowids)).items()
        if (named := _named_roles(trades.keys() | general, text)) & others
        and not {trades.get(word) for word in named} & asked_trades
        and not _names(asked, text, languages)
    }


def other_trades_than_asked(
    candidates: CandidateQueries,
    query: str,
    rowids: Collection[int],
    language: str | None,
) -> set[int]:
    """Of `rowids`, for a question asking of a trade or calling alone (its
    searched words all the trade's, people.py `one_trade`: "Wer ist der
    Tierarzt?", "Who is our dentist?"), the memories naming another and
    not it (`other_roles`): "Our dentist is Dr. Weber" was near enough to
    "Wer ist der Tierarzt?" by meaning, and the answer (review s39 #3)."""
    if not rowids or not one_trade(candidates.query_terms(query)):
        return set()
    return other_roles(candidates, query, rowids, language)


def _named_roles(roles: Collection[str], text: str) -> set[str]:
    """The `roles` `text` names, as said or in the plural."""
    said = set(spelled_words(text)) | set(_TOKEN.findall(text.casefold()))
    return {
        role
        for role in roles
        if role in said or f"{role}s" in said or f"{role}n" in said
    }
