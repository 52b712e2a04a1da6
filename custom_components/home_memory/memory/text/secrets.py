"""Whether a memory's text holds a secret: a code, a PIN, a password.

A roundup said aloud ("what's new since yesterday", "what did I tell you
today") does not read the asker's own private secrets to the room a voice
satellite is heard in (assist/answers.py); asked about the topic itself
("what is my gate code") its owner still hears it. A text holds a secret
where it names one (secrets.<language>.json: "code", "PIN", "password";
"Torcode", "WLAN-Passwort" by their last part; "disarm word", "code word"
as phrases, whatever word or words its value is), names a lock beside a
number ("my bike lock is 5858", "the safe opens with 7-3-9-1"; live
review s45) or holds a code-like value, letters with digits at least five
long ("AbC123", not "10am": statements.py `codes`). Every language's
words are read: a memory may be in another language than the question.
Plain Python.
"""

from __future__ import annotations

import json
from pathlib import Path
import re
from typing import Final

from .characters import without_invisible
from .statements import codes

_HERE: Final = Path(__file__).parent
_LANGUAGES: Final = ("en", "de")
_WORD: Final = re.compile(r"[^\W\d_]+")
# A code-like value as long as a code is ("AbC12"), not "10am" or "5G".
_SHORTEST_CODE: Final = 5


def _read() -> tuple[
    frozenset[str], tuple[str, ...], re.Pattern[str], tuple[re.Pattern[str], ...]
]:
    words: set[str] = set()
    endings: set[str] = set()
    phrases: set[str] = set()
    named: list[re.Pattern[str]] = []
    for language in _LANGUAGES:
        data = json.loads((_HERE / f"secrets.{language}.json").read_text("utf-8"))
        words.update(word.casefold() for word in data["words"])
        endings.update(ending.casefold() for ending in data["endings"])
        phrases.update(phrase.casefold() for phrase in data.get("phrases", ()))
        if (said := data.get("named_words")) is not None:
            named.append(_named_word(said))
    # "disarm word", "code-word", "secret  word": any spacing or a hyphen.
    said = "|".join(
        r"[\s-]+".join(re.escape(part) for part in phrase.split())
        for phrase in sorted(phrases, key=len, reverse=True)
    )
    return (
        frozenset(words),
        tuple(sorted(endings)),
        re.compile(rf"(?<!\w)(?:{said})(?!\w)", re.IGNORECASE),
        tuple(named),
    )


def _named_word(said: dict[str, list[str]]) -> re.Pattern[str]:
    """A word named by what it opens, before its value ("the gate word is
    otter", "das Torwort ist Otter", "das Alarm-Wort lautet …"), not one of
    `not` ("die Antwort ist 42")."""
    heads = "|".join(re.escape(head) for head in said["heads"])
    copulas = "|".join(re.escape(copula) for copula in said["copulas"])
    others = "|".join(re.escape(word) for word in said.get("not", ()))
    unless = rf"(?!(?:{others})\b)" if others else ""
    return re.compile(
        rf"(?<![\w-]){unless}[^\W\d_]+(?:[\s-]+|-?)(?:{heads})\s+(?:{copulas})\s+\S",
        re.IGNORECASE,
    )


def _read_locks() -> tuple[frozenset[str], tuple[str, ...]]:
    """Things a number opens ("lock", "Tresor"): whole words, and the last
    parts of compounds ("Fahrradschloss")."""
    words: set[str] = set()
    endings: set[str] = set()
    for language in _LANGUAGES:
        data = json.loads((_HERE / f"secrets.{language}.json").read_text("utf-8"))
        locks = data.get("locks", {})
        words.update(word.casefold() for word in locks.get("words", ()))
        endings.update(ending.casefold() for ending in locks.get("endings", ()))
    return frozenset(words), tuple(sorted(endings))


# Read when the module is imported (off the event loop).
_WORDS, _ENDINGS, _PHRASES, _NAMED_WORDS = _read()
_LOCKS, _LOCK_ENDINGS = _read_locks()
# A number a lock opens with: three digits or more, dashes or spaces between
# them ("5858", "7-3-9-1", "12 34 56").
_LOCK_NUMBER: Final = re.compile(r"(?<![\w.,])\d(?:[\s-]?\d){2,}(?![\w.,]\d)")


def holds_secret(text: str) -> bool:
    """Whether `text` names a secret (a word or a phrase: "disarm word") or
    holds a code-like value."""
    text = without_invisible(text)
    lock = False
    for match in _WORD.finditer(text):
        word = match.group().casefold()
        if word in _WORDS or word.endswith(_ENDINGS):
            return True
        lock = lock or word in _LOCKS or word.endswith(_LOCK_ENDINGS)
    if lock and _LOCK_NUMBER.search(text):
        return True
    if _PHRASES.search(text) or any(named.search(text) for named in _NAMED_WORDS):
        return True
    return any(len(code) >= _SHORTEST_CODE for code in codes(text))
