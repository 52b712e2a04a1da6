"""A statement and its teller's own private memories: read in their name,
and told again.

Anna's household "Anna's therapy is on Friday, not Tuesday" tells the fact
her private "My therapy is on Tuesday." tells (review s22), and her
household "my gate code is 3333" after her private "my gate code is 3333"
tells it again: each is compared with that memory as told in her name, and
the repeat folds into it, private as it is (live review s42 MED-1: the
household copy was Ben's to hear). No Home Assistant imports.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ..common.values import NewMemory, Visibility
from ..text.fts_query import and_expression
from ..text.naming import says_own, told_by
from ..text.restated import says_again
from ..text.statements import TOKEN, Relation

if TYPE_CHECKING:
    import sqlite3

# The newest memories holding a statement's words looked at for its teller's
# private one told again (bounds the cost of words told very often).
_ROWS: Final = 256


def tellers_own(
    owner: object, visibility: object, text: str, item: NewMemory, language: str | None
) -> bool:
    """Whether a memory (`owner`, `visibility`, `text`) is the statement's
    teller's own private one, in the first person."""
    return bool(
        item.speaker_name
        and owner == item.owner
        and visibility == Visibility.PRIVATE
        and says_own(text, language)
    )


def in_tellers_words(
    row: sqlite3.Row | tuple[Any, ...], item: NewMemory, language: str | None
) -> tuple[Any, ...]:
    """`row` (owner, visibility, tier, content, …) with its content told by
    the statement's teller where it is their own private memory in the
    first person and the statement is told for the household, in their
    name: Anna's household "Anna's therapy is on Friday, not Tuesday" is
    the fact her private "My therapy is on Tuesday." tells, and corrects it
    in private (review s22: it was a household memory Ben heard, the
    private one unchanged). A private statement is in the first person as
    the memory is ("My gate code is 3333." told again privately was a
    second memory beside it, review s42)."""
    row = tuple(row)
    name = item.speaker_name
    if (
        not name
        or item.visibility != Visibility.HOUSEHOLD
        or not tellers_own(row[0], row[1], str(row[3]), item, language)
    ):
        return row
    told = told_by(str(row[3]), name, language)
    return row if told is None else (*row[:3], told, *row[4:])


def repeats_own_private(
    row: tuple[Any, ...], item: NewMemory, relation: Relation, language: str | None
) -> bool:
    """Whether the statement, told for the household, repeats its teller's
    own private memory `row` (owner, visibility, tier, content as told in
    their name, …): the same meaning (`relation`), or the same words with
    another letter case, spacing or punctuation ("Actually, my GATE CODE is
    3333"; text/restated.py). It folds into that memory, which stays
    private: a statement told again is no word that it is the household's
    now (a visibility update is)."""
    return (
        item.owner is not None
        and item.visibility == Visibility.HOUSEHOLD
        and row[0] == item.owner
        and row[1] == Visibility.PRIVATE
        and (
            relation is Relation.REPEAT
            or says_again(str(row[3]), item.content, language)
        )
    )


def said_again_privately(
    conn: sqlite3.Connection, item: NewMemory, language: str | None
) -> list[int]:
    """The teller's own active private memories the statement, told for the
    household, says again in other letter case, spacing or punctuation
    (`repeats_own_private`): found by their words, however far apart
    their vectors are ("Alices TORCODE ist 3333." from "Mein Torcode ist
    3333.": e5 reads the capitals as other words). The words the teller's
    name gives ("Alice's", "Alices") are the memory's "my", "mein"."""
    if item.owner is None or item.visibility != Visibility.HOUSEHOLD:
        return []
    name = (item.speaker_name or "").casefold()
    terms = [
        word
        for word in dict.fromkeys(
            match.group().casefold() for match in TOKEN.finditer(item.content)
        )
        if len(word) > 1 and not (name and word.startswith(name))
    ]
    if not terms:
        return []
    rows = conn.execute(
        "SELECT owner, visibility, tier, content, rowid FROM memories "
        "WHERE owner = ? AND visibility = ? AND tier = 'active' AND rowid IN "
        "(SELECT rowid FROM memories_fts WHERE memories_fts MATCH ? "
        "ORDER BY rowid DESC LIMIT ?)",
        (item.owner, str(Visibility.PRIVATE), and_expression(terms), _ROWS),
    ).fetchall()
    return [
        int(row[4])
        for row in rows
        if says_again(in_tellers_words(row, item, language)[3], item.content, language)
    ]


def household_copies(
    conn: sqlite3.Connection, item: NewMemory, language: str | None
) -> list[int]:
    """The teller's own active household memories the statement, told
    privately, says again in other letter case, spacing or punctuation,
    in their name or as said ("Anna's bank pin is 2468." of her private
    "My bank pin is 2468."): one fact is one memory, now private (live
    review s43 #1: the household copy stayed, and Ben heard it). Another
    person's household memory of the same words is theirs, never taken."""
    if item.owner is None or item.visibility != Visibility.PRIVATE:
        return []
    name = item.speaker_name or ""
    named = told_by(item.content, name, language) if name else None
    said = [text for text in dict.fromkeys((item.content, named)) if text]
    # The words each way of saying it holds ("bank", "pin", "2468"; not
    # "my" nor "Anna's").
    held = [
        {match.group().casefold() for match in TOKEN.finditer(text)} for text in said
    ]
    terms = sorted(word for word in set.intersection(*held) if len(word) > 1)
    if not terms:
        return []
    rows = conn.execute(
        "SELECT content, rowid FROM memories "
        "WHERE owner = ? AND visibility = ? AND tier = 'active' AND rowid IN "
        "(SELECT rowid FROM memories_fts WHERE memories_fts MATCH ? "
        "ORDER BY rowid DESC LIMIT ?)",
        (item.owner, str(Visibility.HOUSEHOLD), and_expression(terms), _ROWS),
    ).fetchall()
    return [
        int(row[1])
        for row in rows
        if any(says_again(str(row[0]), text, language) for text in said)
    ]
