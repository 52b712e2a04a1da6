"""Whose thing a question asks for, and whose thing a memory tells.

"What is Anna's gate code?" asks for one person's thing: its owner (Anna)
and the thing, whose last word is its head ("code"). A memory answers it
only where it holds the head, as a word, as the head of a compound
("Torcode" for "code", "Code" for "Torcode"; not "Pass" for "Passwort") or
a word of its family, and where it says whose that is, says the asked
owner: "Ben's gate code is 1234", Ben's private "my code is 8888", "the
bikes are in the shed" and "Anna's birthday is on 3 March" are no answer
(review s43 MED-3, MED-5). A thing said as nobody's ("the gate code is
1234") may be anyone's: the household's one gate code is the one asked
for, and its answer says it as nobody's. Of several tellings of the
asker's own thing with the same number, the asker's own private one is
the one listed (review s43 LOW). Pure: the candidates' texts and people,
the names the home knows.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, NamedTuple

from ..text.fts_query import search_stopwords
from ..text.naming import teller_s_own
from ..text.statement_words import statement_words
from ..text.word_forms import related_terms
from ..time.phrases import languages_to_try
from .families import family_languages
from .standing_out import RELATED_THING_MIN_SIMILARITY

if TYPE_CHECKING:
    from collections.abc import Callable, Collection

    import numpy as np
    import numpy.typing as npt

    from ..storage.candidates import CandidateQueries

# A word, with its English possessive "'s" kept ("Anna's").
_TOKEN = re.compile(r"[^\W_]+(?:['\u2019]s(?![^\W_]))?", re.UNICODE)
_APOSTROPHE_S = re.compile(r"['\u2019]s$")
# The most words a thing is asked by after its owner ("gate code", "bike
# lock code"), and how far before the head a memory says its owner.
_THING_WORDS = 3
_OWNER_BEFORE = 3
# The shortest compound part read as a thing's head ("Code" of "Torcode").
_SHORTEST_HEAD = 4
# The shortest first part of an asked compound read as a word ("Pass").
_SHORTEST_PART = 3
# A head's plural ("codes", "Codes", "Schlüsseln").
_PLURAL_ENDINGS = ("s", "es", "n", "en", "e")
_DIGITS = re.compile(r"\d+")
# A thing said by the teller's "my" in the asker's own private memory.
_TELLER = "\x00teller"
type Genitives = tuple[str, ...]


class AskedThing(NamedTuple):
    """The owner a question asks of (folded name word) and the head of the
    thing it asks for (folded)."""

    owner: str
    head: str
    # The words before the head ("gate" of "gate code"), folded.
    modifiers: frozenset[str]
    # The thing as asked ("gate code"), what its meaning is read by.
    said: str


def _names(known: Collection[str]) -> dict[str, str]:
    """Each known person's last word, folded, to the person."""
    return {
        words[-1].casefold(): name
        for name in known
        if (words := re.findall(r"[^\W_]+", name))
    }


def _owner_of(token: str, names: dict[str, str], genitives: Genitives) -> str | None:
    """The owner a word says: a known name's possessive ("Anna's", German
    "Annas"), or the teller's possessive ("my", "mein"); else None."""
    if _APOSTROPHE_S.search(token):
        stem = _APOSTROPHE_S.sub("", token).casefold()
        return stem if stem in names else None
    if teller_s_own(token):
        return _TELLER
    folded = token.casefold()
    if not token[:1].isupper():
        return None
    return next(
        (
            folded[: -len(ending)]
            for ending in genitives
            if folded.endswith(ending) and folded[: -len(ending)] in names
        ),
        None,
    )


def _genitives(language: str | None) -> Genitives:
    """A name's genitive endings without an apostrophe in any language
    ("s": "Annas Torcode"), the household's first."""
    found = (statement_words(other).genitive for other in languages_to_try(language))
    return tuple(dict.fromkeys(ending for ending in found if ending))


def asked_thing(
    query: str, known: Collection[str], asker: str | None, language: str | None
) -> AskedThing | None:
    """The owner and thing `query` asks for where it ends in a known
    person's thing ("what is Anna's gate code", "Was ist Annas Passwort",
    the asker's "what is my gate code"); None: it asks no one's thing."""
    names = _names({*known, *([asker] if asker else [])})
    tokens = _TOKEN.findall(query)
    genitives = _genitives(language)
    for start in range(max(0, len(tokens) - _THING_WORDS - 1), len(tokens) - 1):
        owner = _owner_of(tokens[start], names, genitives)
        if owner is None or any(
            _owner_of(t, names, genitives) for t in tokens[start + 1 :]
        ):
            continue
        if owner == _TELLER:
            if not asker:
                return None
            owner = _names([asker]).popitem()[0]
        said = tokens[start + 1 :]
        thing = [token.casefold() for token in said]
        return AskedThing(owner, thing[-1], frozenset(thing[:-1]), " ".join(said))
    return None


def _holds_head(word: str, head: str) -> bool:
    """Whether a memory's folded `word` says the asked `head`: the word, its
    plural, a compound ending in it, or the asked compound's own head
    ("code" of "torcode"; not "pass" of "passwort")."""
    if word == head or word in {head + ending for ending in _PLURAL_ENDINGS}:
        return True
    if len(head) >= _SHORTEST_HEAD and word.endswith(head):
        return True
    return len(word) >= _SHORTEST_HEAD and head.endswith(word)


def _whose(
    tokens: list[str], at: int, names: dict[str, str], genitives: Genitives
) -> str | None:
    """The owner said just before the head at `at` (None: nobody's)."""
    for before in range(at - 1, max(-1, at - 1 - _OWNER_BEFORE), -1):
        owner = _owner_of(tokens[before], names, genitives)
        if owner is not None:
            return owner
    return None


def _another_thing(
    folded: list[str], at: int, asked: AskedThing, stopwords: frozenset[str]
) -> bool:
    """Whether the head at `at` is of another thing than the asked one by
    the word just before it or its compound's first part: "gate code" (or
    "passcode") for "safe code". An owner, a function word or an asked
    word before it says no other thing; a thing asked by its head alone
    ("Anna's code") has no other."""
    if not asked.modifiers:
        return False
    word = folded[at]
    if word.endswith(asked.head) and word != asked.head:
        return word[: -len(asked.head)] not in asked.modifiers
    if at == 0:
        return False
    before = folded[at - 1]
    return (
        before.isalpha()
        and before not in stopwords
        and before not in asked.modifiers
        and not teller_s_own(before)
        and before != asked.owner
    )


def not_the_owners(
    candidates: CandidateQueries,
    query: str,
    rowids: Collection[int],
    asking: tuple[str | None, str | None],
    language: str | None,
    embed: Callable[[str], npt.NDArray[np.float32] | None],
) -> set[int]:
    """Of `rowids`, the memories that are no answer to a question for one
    person's thing (`asked_thing`): holding no word of its head, or saying
    another's. `asking`: the asker's name and user id (their private "my"
    is theirs)."""
    asker, user_id = asking
    known = {*candidates.everyone(), *candidates.household}
    asked = asked_thing(query, known, asker, language)
    if asked is None or not rowids:
        return set()
    names = _names({*known, *([asker] if asker else [])})
    own_name = _names([asker]).popitem()[0] if asker else None
    genitives = _genitives(language)
    stopwords = frozenset().union(*map(search_stopwords, languages_to_try(language)))
    texts = candidates.contents(sorted(rowids))
    private = set(candidates.private_texts(sorted(texts), user_id) if user_id else ())
    languages = family_languages(query, language)
    dropped: set[int] = set()
    owned: dict[int, str | None] = {}
    headless: list[int] = []
    for rowid, text in texts.items():
        tokens = _TOKEN.findall(text)
        folded = [_APOSTROPHE_S.sub("", t).casefold() for t in tokens]
        at = next((i for i, w in enumerate(folded) if _holds_head(w, asked.head)), None)
        if at is None:
            if related_terms([asked.head], text, languages):
                continue
            if any(_a_modifier(word, asked) for word in folded):
                dropped.add(rowid)  # "the bikes" for "bike code", "Pass"
            else:
                headless.append(rowid)
            continue
        if _another_thing(folded, at, asked, stopwords):
            dropped.add(rowid)
            continue
        owner = _whose(tokens, at, names, genitives)
        if owner == _TELLER:
            owner = own_name if rowid in private else None
        if owner is not None and owner != asked.owner:
            dropped.add(rowid)
        owned[rowid] = owner
    if asked.owner == own_name:
        dropped |= _told_again(texts, owned, private, asked.owner)
    return dropped | _unlike(candidates, headless, asked.said, embed)


def _a_modifier(word: str, asked: AskedThing) -> bool:
    """Whether a memory's folded `word` says only what modifies the asked
    head: a word before it ("bikes" of "bike code") or its compound's
    first part ("pass" of "passwort")."""
    if any(word in (m, *(m + e for e in _PLURAL_ENDINGS)) for m in asked.modifiers):
        return True
    return len(word) >= _SHORTEST_PART and asked.head.startswith(word)


def _unlike(
    candidates: CandidateQueries,
    rowids: list[int],
    thing: str,
    embed: Callable[[str], npt.NDArray[np.float32] | None],
) -> set[int]:
    """Of `rowids` (holding no word of the asked thing), those its meaning
    alone is not like (RELATED_THING_MIN_SIMILARITY, as a related thing's:
    "Beruf" / "Anna arbeitet als Krankenschwester" 0.48 with e5, "gate code"
    / "Anna's birthday is on 3 March" 0.01 with MiniLM); with no model,
    all of them."""
    if not rowids:
        return set()
    vector = embed(thing)
    if vector is None:
        return set(rowids)
    similar = candidates.similarities(vector, rowids)
    return {
        rowid
        for rowid in rowids
        if similar.get(rowid, 0.0) < RELATED_THING_MIN_SIMILARITY
    }


def _told_again(
    texts: dict[int, str], owned: dict[int, str | None], private: set[int], owner: str
) -> set[int]:
    """Others' tellings of the asker's thing with the numbers of the asker's
    own private one ("Ben's safe code is 2580" beside Ben's "my safe code is
    2580"): one answer, the asker's own."""
    own = {
        numbers
        for rowid in private
        if owned.get(rowid) == owner
        and (numbers := frozenset(_DIGITS.findall(texts[rowid])))
    }
    return {
        rowid
        for rowid, whose in owned.items()
        if whose == owner
        and rowid not in private
        and frozenset(_DIGITS.findall(texts[rowid])) in own
    }
