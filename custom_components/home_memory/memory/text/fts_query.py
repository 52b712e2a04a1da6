"""Turn any user text into a safe FTS5 MATCH expression.

User text never reaches FTS5 syntax: it is split into word tokens, each token
is quoted as a string literal (so AND, OR, NOT, NEAR, *, :, ^ and parentheses
are just words or dropped), common function words (English, and the
household language's) are removed (they match most rows and only add noise
to BM25), and the rest are OR-ed.
"""

from __future__ import annotations

from functools import lru_cache
import re

from .statement_words import shipped_languages, statement_words

MAX_TERMS = 32

_TOKEN = re.compile(r"[^\W_]+", re.UNICODE)

_STOPWORD_TEXT = """
a about above after again against all am an and any are as at be because
been before being below between both but by can could did do does doing down
during each entire few for from further had has have having he her here hers
herself him himself his how i if in into is it its itself just let me more
most my myself no nor not now of off on once only or other our ours
ourselves out over own same she should so some such than that the their
theirs them themselves then there these they this those through to too under
until up very was we were what when where which while who whole whom why will
with would you your yours yourself yourselves s t ll re ve d m o y don doesn didn
isn wasn weren aren won couldn shouldn wouldn hasn haven hadn tell know
remember say said anything something thing things
"""
STOPWORDS = frozenset(_STOPWORD_TEXT.split())


def search_stopwords(language: str | None) -> frozenset[str]:
    """English function words, and the household language's where it is not
    English (its statement words' `stop` and `search_stop`,
    statements.<language>.json): a
    German home asks in German and in English, and "ist", "mein", "wo" match
    most memories as "is", "my", "where" do."""
    words = statement_words(language)
    if words is statement_words(None):
        return STOPWORDS
    return STOPWORDS | words.stop | words.search_stop


def asked_language(text: str) -> str | None:
    """The shipped language other than English that `text` is asked in
    (None: English, or too few words to tell).

    A question is in another language when more of its words are that
    language's function words alone than English's alone, and at least two:
    "wogegen bin ich allergisch" is German, "where is the recycling bin"
    stays English ("bin"), and so does "was ist Annas PIN" (only "ist").
    English's function words are every home's (a German home asks in
    English too), so English is what is left. (A question's answer is kept:
    one search asks it of the same text several times.)
    """
    if len(text) <= _KEPT_LENGTH:
        return _kept_asked_language(text)
    return _asked_language(text)


def _asked_language(text: str) -> str | None:
    tokens = set(_TOKEN.findall(text.casefold()))
    for language, theirs_alone, english_alone in _function_words():
        own = len(tokens & theirs_alone)
        if own >= 2 and own > len(tokens & english_alone):
            return language
    return None


def told_language(text: str, least: int = 1) -> str | None:
    """The shipped language `text` is told in, by the function words only
    it has: more of one other language's than of English's ("Anna ist
    allergisch gegen Erdnüsse": "ist"), or more of English's than of any
    other's ("Our dentist is Dr. Weber"); None for a tie. An English
    function word that is another language's word of place ("am", "an",
    "in": statements.<language>.json `places`) tells no English ("Anna
    hört beim Kochen am liebsten Jazz"). `least`: the fewest function
    words of the language that tell it (one: "Anna ist allergisch …")."""
    if len(text) <= _KEPT_LENGTH:
        return _kept_told_language(text, least)
    return _told_language(text, least)


def _told_language(text: str, least: int) -> str | None:
    tokens = set(_TOKEN.findall(text.casefold()))
    english = 0
    found: list[tuple[int, str]] = []
    for language, theirs_alone, english_alone in _function_words():
        english = max(english, len(tokens & english_alone))
        found.append((len(tokens & theirs_alone), language))
    theirs, language = max(found, default=(0, ""))
    if theirs >= least and theirs > english:
        return language
    return "en" if english >= least and english > theirs else None


def plainly_english(text: str) -> bool:
    """Whether `text` says an English function word no other shipped
    language has, and none of theirs: "when did Grandma Rosa come", not
    "Was ist Bens Lieblingsfarbe?" ("was" is both, "ist" German's) nor
    "Darf Ben Nüsse essen?" (no function word of English)."""
    if len(text) <= _KEPT_LENGTH:
        return _kept_plainly_english(text)
    return _plainly_english(text)


def _plainly_english(text: str) -> bool:
    tokens = set(_TOKEN.findall(text.casefold()))
    others = _function_words()
    theirs = frozenset().union(*(theirs_alone for _, theirs_alone, _ in others))
    english = STOPWORDS.intersection(*(english_alone for _, _, english_alone in others))
    return bool(tokens & english) and not tokens & theirs


@lru_cache(maxsize=1)
def _function_words() -> tuple[tuple[str, frozenset[str], frozenset[str]], ...]:
    """Each shipped language other than English, with its function words
    English lacks and English's it lacks, nor says as a word of place
    ("am", "an", "in": German's `places`; "Otto geht am Donnerstag statt
    am Freitag zum Zahnarzt" is no English). The tables are read once."""
    found = []
    for language in shipped_languages():
        words = statement_words(language)
        if words is statement_words(None):
            continue
        theirs = words.stop | words.search_stop
        found.append((language, theirs - STOPWORDS, STOPWORDS - theirs - words.places))
    return tuple(found)


# The longest text whose language is kept (a question, not a 10 MB paste).
_KEPT_LENGTH = 300
_kept_asked_language = lru_cache(maxsize=1024)(_asked_language)
_kept_plainly_english = lru_cache(maxsize=1024)(_plainly_english)
_kept_told_language = lru_cache(maxsize=4096)(_told_language)


def asked_in(text: str, stopwords: frozenset[str]) -> frozenset[str]:
    """`stopwords`, and another language's where `text` is asked in it
    (`asked_language`): a German question in an English home ("wogegen bin
    ich allergisch") kept "bin" and "ich" as search words, and "bin"
    matched the bins."""
    language = asked_language(text)
    return stopwords if language is None else stopwords | search_stopwords(language)


def generic_nouns(language: str | None) -> frozenset[str]:
    """The nouns that name no topic of their own ("day", "time"; statement
    words' `generic_nouns`), English's and the household language's, as
    `search_stopwords`."""
    return statement_words(None).generic_nouns | statement_words(language).generic_nouns


def topic_terms(terms: list[str], text: str, generic: frozenset[str]) -> list[str]:
    """`terms` of `text` without its nouns of `generic` (and the asked
    language's, `asked_language`) where another word is left: "when is
    garbage day" is looked for by "garbage", not "day", which matched
    "… on school days" first (session 43); "what day" by "day"."""
    language = asked_language(text)
    if language is not None:
        generic = generic | statement_words(language).generic_nouns
    topic = [term for term in terms if term not in generic]
    return topic or terms


def search_terms(text: str, stopwords: frozenset[str] = STOPWORDS) -> list[str]:
    """The distinct content words of `text`, lower-cased, in order."""
    seen: dict[str, None] = {}
    for token in _TOKEN.findall(text.casefold()):
        if token in stopwords or token in seen:
            continue
        seen[token] = None
        if len(seen) == MAX_TERMS:
            break
    return list(seen)


# Words side by side in a run: only spaces or hyphens between them ("wi-fi").
_JOINED = re.compile(r"[\s\-]+")


def word_runs(
    text: str, stopwords: frozenset[str], openers: frozenset[str]
) -> list[tuple[str, ...]]:
    """The runs of two or more content words side by side in `text` after
    one of `openers` ("my locker code": ("locker", "code"); "the
    anniversary dinner"), lower-cased: one thing named by several words. A
    function word or a punctuation mark ends a run; a list of words with no
    opener ("contract payment invoice") is no name."""
    runs: list[tuple[str, ...]] = []
    run: list[str] = []
    opened = False
    end = 0
    for match in _TOKEN.finditer(text):
        token = match.group().casefold()
        if token in stopwords or not _JOINED.fullmatch(text[end : match.start()]):
            if len(run) > 1:
                runs.append(tuple(run))
            run = []
        if token in openers:
            opened = True
        elif token not in stopwords and (run or opened):
            run.append(token)
            opened = False
        else:
            opened = False
        end = match.end()
    if len(run) > 1:
        runs.append(tuple(run))
    return runs


def placed_words(
    text: str,
    stopwords: frozenset[str],
    places: frozenset[str],
    particles: frozenset[str] = frozenset(),
    openers: frozenset[str] = frozenset(),
) -> frozenset[str]:
    """The content words of each phrase after one of `places` ("the light
    in the kitchen": kitchen; "im Flur": flur), lower-cased: where the thing
    asked about is, not the thing. A function word after the phrase's first
    content word, or a punctuation mark, ends the phrase. One of `particles`
    right after a word no opener (`openers`: "the", "my") names as a thing
    finishes that word's verb ("how do I shut off the water": the water is
    what is shut off, not where a thing is; session 43)."""
    placed: set[str] = set()
    opened = taken = False
    end = 0
    # The two words before this one: (token, content word?).
    before: list[str] = ["", ""]
    for match in _TOKEN.finditer(text):
        token = match.group().casefold()
        if not _JOINED.fullmatch(text[end : match.start()]):
            opened = False
            before = ["", ""]
        end = match.end()
        verb = (
            token in particles
            and before[1] != ""
            and before[1] not in stopwords
            and before[0] not in openers
            and (before[0] == "" or before[0] in stopwords)
        )
        if token in places and not verb:
            opened, taken = True, False
        elif token in stopwords or verb:
            opened = opened and not taken
        elif opened:
            placed.add(token)
            taken = True
        before = [before[1], token]
    return frozenset(placed)


def or_expression(terms: list[str]) -> str:
    """OR the given search terms (from search_terms) into a MATCH expression."""
    # Terms hold only letters and digits, so quoting cannot be broken out of.
    return " OR ".join(f'"{term}"' for term in terms)


def and_expression(terms: list[str]) -> str:
    """AND the given terms (letters and digits only) into a MATCH expression."""
    return " AND ".join(f'"{term}"' for term in terms)


def match_expression(text: str) -> str | None:
    """An FTS5 MATCH expression for `text`, or None when it has no content word."""
    terms = search_terms(text)
    return or_expression(terms) if terms else None
