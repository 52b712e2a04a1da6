"""A teller's first person, said back to the teller ("My bank PIN is 4821."
read to its teller is "Your bank PIN is 4821."), and a memory about the
listener by name, said to them ("Anna's birthday is …" to Anna: "Your
birthday is …", `to_the_named`).

A memory keeps the words it was told in; one that is read back to the one
who told it addresses them. The words are addressing.<language>.json; every
language's table is applied (a memory may be in another language than the
question), and a text that keeps a word of `left_unchanged_with` (German
"ich" before a verb the table does not conjugate) stays as told rather
than be said half changed; quoted words stay as said. Plain Python.
"""

from __future__ import annotations

from dataclasses import dataclass
import json
from pathlib import Path
import re
from typing import Final

from .naming import possessive
from .statements import outside_quotes

_HERE: Final = Path(__file__).parent
_LANGUAGES: Final = ("en", "de")


def _read_tables() -> tuple[
    tuple[re.Pattern[str], dict[str, str], re.Pattern[str] | None], ...
]:
    found = []
    for language in _LANGUAGES:
        data = json.loads((_HERE / f"addressing.{language}.json").read_text("utf-8"))
        pairs = {told.casefold(): said for told, said in data["to_the_teller"]}
        words = sorted(pairs, key=len, reverse=True)
        pattern = re.compile(
            r"(?<![\w'\u2019-])(?:"
            + "|".join(re.escape(w) for w in words)
            + r")(?![\w'\u2019-])",
            re.IGNORECASE,
        )
        left = data["left_unchanged_with"]
        blocking = (
            re.compile(
                r"\b(?:" + "|".join(map(re.escape, left)) + r")\b", re.IGNORECASE
            )
            if left
            else None
        )
        found.append((pattern, pairs, blocking))
    return tuple(found)


# Read when the module is imported (Home Assistant imports an integration off
# the event loop; the first answer read them on it, new-user review s18).
_TABLES: Final = _read_tables()


def to_the_teller(text: str) -> str:
    """`text` with its teller's first person as the second person; what it
    quotes is left as said ('Anna's note says "I am the admin"', attack
    review s18b)."""
    return outside_quotes(text, _addressed) or text


def _addressed(text: str) -> str:
    said = text
    for pattern, pairs, blocking in _TABLES:

        def swap(match: re.Match[str], pairs: dict[str, str] = pairs) -> str:
            told = match.group(0)
            new = pairs[told.casefold()]
            return new[:1].upper() + new[1:] if told[:1].isupper() else new

        changed = pattern.sub(swap, said)
        if blocking is not None and blocking.search(changed):
            continue
        said = changed
    return said


@dataclass(frozen=True, slots=True)
class _Named:
    """One language's "to_the_named" words (addressing.<language>.json)."""

    language: str
    possessive: str
    feminine: str
    at_start_only: bool
    subject: str
    verbs: dict[str, str]
    inverted: dict[str, str]
    plural_verbs: frozenset[str]
    feminine_endings: tuple[str, ...]
    not_feminine: frozenset[str]
    # Last parts of a compound that is never feminine ("Torcode", "Vorname").
    not_feminine_endings: tuple[str, ...]
    # Words whose noun is a name: the listener's name after them, beyond an
    # inverted verb, is said as a name ("Dein Vorname ist Anna").
    name_words: tuple[str, ...]


def _read_named() -> tuple[_Named, ...]:
    found = []
    for language in _LANGUAGES:
        data = json.loads((_HERE / f"addressing.{language}.json").read_text("utf-8"))
        named = data["to_the_named"]
        found.append(
            _Named(
                language=language,
                possessive=named["possessive"],
                feminine=named["feminine"],
                at_start_only=named["at_start_only"],
                subject=named["subject"],
                verbs={told.casefold(): said for told, said in named["verbs"]},
                inverted={told.casefold(): said for told, said in named["inverted"]},
                plural_verbs=frozenset(w.casefold() for w in named["plural_verbs"]),
                feminine_endings=tuple(w.casefold() for w in named["feminine_endings"]),
                not_feminine=frozenset(w.casefold() for w in named["not_feminine"]),
                not_feminine_endings=tuple(
                    w.casefold() for w in named.get("not_feminine_endings", ())
                ),
                name_words=tuple(w.casefold() for w in named.get("name_words", ())),
            )
        )
    return tuple(found)


_NAMED: Final = _read_named()
# Where a sentence starts: a word there is capitalised.
_SENTENCE_START: Final = re.compile(r"(?:^|[.!?:]\s+)$")


def to_the_named(text: str, name: str) -> str:
    """`text` about `name` said to them: their possessive and their name as
    the subject of a verb the table conjugates in the second person
    ("Anna's birthday is …" -> "Your birthday is …", "Annas Pass liegt …"
    -> "Dein Pass liegt …", "Anna ist beim Zahnarzt" -> "Du bist beim
    Zahnarzt"); quoted words are left as said."""
    if not name.strip():
        return text
    return outside_quotes(text, lambda part: _named(part, name)) or text


def _cased(word: str, text: str, start: int) -> str:
    """`word` capitalised where a sentence starts at `start` of `text`."""
    if _SENTENCE_START.search(text[:start]):
        return word[:1].upper() + word[1:]
    return word


def _named(text: str, name: str) -> str:
    said = text
    for table in _NAMED:
        said = _possessive_said(said, name, table)
        said = _subject_said(said, name, table)
    return said


def _possessive_said(text: str, name: str, table: _Named) -> str:
    owned = re.escape(possessive(name, table.language)).replace("'", "['\u2019]")
    if not table.at_start_only:
        pattern = re.compile(rf"(?<![\w'\u2019-]){owned}(?![\w'\u2019-])")
        return pattern.sub(lambda m: _cased(table.possessive, text, m.start()), text)
    # German declines "dein" by its noun: only the subject at the start is
    # read ("Annas Pass liegt …", "Annas Tasche ist …", "Annas Schuhe sind").
    start = re.match(rf"(\s*){owned}\s+([\w-]+)(?:\s+(\w+))?", text)
    if start is None:
        return text
    noun = start.group(2).casefold().rsplit("-", 1)[-1]
    verb = (start.group(3) or "").casefold()
    feminine = verb in table.plural_verbs or (
        noun not in table.not_feminine
        and not noun.endswith(table.not_feminine_endings)
        and noun.endswith(table.feminine_endings)
    )
    word = table.feminine if feminine else table.possessive
    head = start.group(1) + word[:1].upper() + word[1:]
    return head + text[start.start(2) - 1 :]


def _subject_said(text: str, name: str, table: _Named) -> str:
    person = re.escape(name)
    if table.verbs:
        verbs = "|".join(re.escape(verb) for verb in table.verbs)
        pattern = re.compile(
            rf"(?<![\w'\u2019-]){person}\s+({verbs})(?![\w'\u2019-])", re.IGNORECASE
        )

        def subject(match: re.Match[str]) -> str:
            verb = table.verbs[match.group(1).casefold()]
            return f"{_cased(table.subject, text, match.start())} {verb}"

        text = pattern.sub(subject, text)
    if table.inverted:
        verbs = "|".join(re.escape(verb) for verb in table.inverted)
        pattern = re.compile(
            rf"(?<![\w'\u2019-])({verbs})\s+{person}(?![\w'\u2019-])", re.IGNORECASE
        )

        def inverted(match: re.Match[str]) -> str:
            if _names_a_name(text[: match.start()], table):
                return match.group(0)
            verb = table.inverted[match.group(1).casefold()]
            return f"{_cased(verb, text, match.start())} {table.subject}"

        text = pattern.sub(inverted, text)
    return text


def _names_a_name(before: str, table: _Named) -> bool:
    """Whether the sentence before an inverted verb says a name ("Annas
    Vorname ist Anna", "Der Spitzname des Hundes war Anna"): the name after
    the verb is then a name, not the listener ("Dein Vorname bist du")."""
    sentence = re.split(r"[.!?:;]\s", before)[-1]
    return any(
        word.casefold().endswith(table.name_words)
        for word in re.findall(r"[\w-]+", sentence)
    )
