"""A deed asked for a purpose is not answered by one done for another.

"What did Ben buy for the greenhouse" was answered "Ben bought a new roof
box for the Passat": the same deed, bought for another thing (the
acceptance household). A memory naming a purpose ("for the Passat", "für
den Passat") that shares no word, nor a word's family, with the one asked
("for the greenhouse"), nor is like it in meaning, is no answer. One that
names no purpose may still be ("Ben bought a drill"). The purpose words
are the statement tables' (`purpose_words`), read from a question the
tables' `deed_questions` take. Pure.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Final

from ..text.fts_query import STOPWORDS
from ..text.statement_words import StatementWords, statement_words
from ..text.word_forms import related_terms
from ..time.phrases import languages_to_try

if TYPE_CHECKING:
    from collections.abc import Callable, Collection

    import numpy as np
    import numpy.typing as npt

    from ..storage.candidates import CandidateQueries

_TOKEN: Final = re.compile(r"[^\W_][\w'\u2019-]*", re.UNICODE)


def asked_purpose(query: str, language: str | None) -> tuple[str, ...]:
    """The purpose (folded words) a deed question names ("greenhouse" of
    "what did Ben buy for the greenhouse"); none for another question."""
    text = query.strip()
    text = text[:1].lower() + text[1:]
    for table in (statement_words(other) for other in languages_to_try(language)):
        for pattern in table.deed_questions:
            found = pattern.search(text)
            # A how-to's "for" asks no deed's purpose: "How do I shut off
            # the water for the whole house?" (session 45).
            groups = {} if found is None else found.groupdict()
            if groups.get("thing") is not None and "how" not in groups:
                return purpose_of(groups["thing"], table)
    return ()


def asks_a_deed(query: str, language: str | None) -> bool:
    """Whether `query` asks what someone did ("what did Anna buy", "Was
    hat Anna gekauft"; the tables' `deed_questions`)."""
    text = query.strip()
    text = text[:1].lower() + text[1:]
    return any(
        pattern.search(text) is not None
        for table in (statement_words(other) for other in languages_to_try(language))
        for pattern in table.deed_questions
    )


def purpose_of(text: str, table: StatementWords) -> tuple[str, ...]:
    """The words after the first of `text`'s purpose words, past an article,
    up to a function or time word or a verb ("passat" of "… for the Passat
    on Saturday", of "… für den Passat gekauft")."""
    words = [word.casefold() for word in _TOKEN.findall(text)]
    for at, word in enumerate(words):
        if word not in table.purpose_words:
            continue
        said: list[str] = []
        for after in words[at + 1 :]:
            if not said and after in table.deed_openers:
                continue
            if (
                after in STOPWORDS
                or after in table.times
                or after in table.deed_openers
                or after in table.auxiliaries
                or (table.participle and re.match(table.participle, after))
            ):
                break  # German says its verb after it ("… gekauft")
            said.append(after)
        return tuple(said)
    return ()


def other_purposes(
    candidates: CandidateQueries,
    query: str,
    rowids: Collection[int],
    *,
    language: str | None,
    embed: Callable[[str], npt.NDArray[np.float32] | None],
    bar: float,
) -> set[int]:
    """Of `rowids`, those naming a purpose other than the one a deed
    question asks (`asked_purpose`), unless the asked one alone is like
    the memory in meaning from `bar` ("for the car" of "… for the
    Passat")."""
    asked = asked_purpose(query, language)
    if not asked or not rowids:
        return set()
    languages = list(languages_to_try(language))
    tables = [statement_words(other) for other in languages]
    other = []
    for rowid, text in candidates.contents(list(rowids)).items():
        theirs = {word for table in tables for word in purpose_of(text, table)}
        if (
            theirs
            and theirs.isdisjoint(asked)
            and not related_terms(asked, " ".join(theirs), languages)
        ):
            other.append(rowid)
    vector = embed(" ".join(asked)) if other else None
    alike = {} if vector is None else candidates.similarities(vector, other)
    return {rowid for rowid in other if alike.get(rowid, 0.0) < bar}
