"""A correction that says only when "it" was: the memory just talked about,
re-dated.

"remember that we fixed the gutter last summer", then "no, actually it was
last spring": the correction names no deed, only its time, so no memory is
found by its words (review s32 M7: "Sorry, I couldn't understand that").
`redating` reads the time words of such a correction (its pronoun, its verb
and a time, after a correction's opening or a refusal set off), and
`redated` puts them into the memory's text in place of its own time, so the
memory is told again as a statement would be. The words are in
corrections.<language>.json (`redating_*`); where time words stand is
given by the caller (time/expressions.time_spans: text and time are one
layer of the engine, neither imports the other). Plain Python, no Home
Assistant.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise
import json
from pathlib import Path
import re
from typing import TYPE_CHECKING, Final

from ..common.languages import base_language
from .corrections import correction_opening

if TYPE_CHECKING:
    from collections.abc import Callable

    # Where a text says time words (start, end), in a language.
    type TimeSpans = Callable[[str, str | None], tuple[tuple[int, int], ...]]
    # Each time expression (start, end), whether it names one day, and
    # where it says a part of the day (time/expressions.py `day_parts`).
    type DayParts = Callable[
        [str, str | None], tuple[tuple[int, int, bool, tuple[int, int] | None], ...]
    ]

_FOLDER: Final = Path(__file__).parent
_FALLBACK: Final = "en"
_WORD: Final = re.compile(r"[^\W_]+", re.UNICODE)
# What may close a memory's sentence (kept after the new time words).
_END: Final = ".!?\u2026"
# A re-dating says a pronoun, a verb and a time after a few opening words
# ("Nein, eigentlich war das am Dienstag, dem 14. Oktober um 17:30 Uhr"): a
# longer text is none, and is not read (an attack sent 1 MB).
REDATING_MAX_CHARS: Final = 200


@dataclass(frozen=True, slots=True)
class _Words:
    """A language's words of a re-dating (corrections.<language>.json)."""

    subjects: frozenset[str]
    verbs: frozenset[str]
    fillers: frozenset[str]
    refusals: frozenset[str]
    # The auxiliary in second place new time words follow in a text that
    # names none ("Ben hat am Montag die Fenster geputzt"); none: at its end.
    after: frozenset[str]
    # A clock time or a part of the day alone ("at 5", "in the afternoon"),
    # its groups `clock` and `part`: it narrows the memory's day.
    narrowing: re.Pattern[str] | None


def _read(path: Path) -> _Words:
    table = json.loads(path.read_text("utf-8"))

    def folded(key: str) -> frozenset[str]:
        return frozenset(word.casefold() for word in table.get(key, ()))

    return _Words(
        subjects=folded("redating_subjects"),
        verbs=folded("redating_verbs"),
        fillers=folded("redating_fillers"),
        refusals=folded("refusals"),
        after=folded("redating_after"),
        narrowing=(
            re.compile(table["redating_narrowing"], re.IGNORECASE)
            if "redating_narrowing" in table
            else None
        ),
    )


# Every language's words, read when the module is imported (Home Assistant
# imports it off the event loop; a file read on it is a blocking call).
_TABLES: Final[dict[str, _Words]] = {
    path.name.split(".")[1]: _read(path)
    for path in sorted(_FOLDER.glob("corrections.*.json"))
}


def _words(language: str | None) -> _Words:
    return _TABLES.get(base_language(language, _FALLBACK), _TABLES[_FALLBACK])


def redating(text: str, language: str | None, time_spans: TimeSpans) -> str | None:
    """The time words of a correction that says only when the memory just
    talked about was ("no, actually it was last spring": "last spring";
    "Nein, das war am Dienstag": "am Dienstag"); None where `text` says
    more (a deed, a second time, a question) or opens with no correction's
    words nor a refusal ("it was last spring" alone may answer anything).
    After them, the time alone is one too ("no, on Friday")."""
    words = _words(language)
    text = text.strip()
    if not words.subjects or text.endswith("?") or len(text) > REDATING_MAX_CHARS:
        return None
    spans = time_spans(text, language) or _narrowing_span(text, words)
    if not spans:
        return None
    start, end = spans[0][0], spans[-1][1]
    # A clock time or a part of the day after the day ("yesterday at 5",
    # "gestern um 5"; review s36 #6: it fell to Home Assistant's areas).
    rest = text[end:].rstrip(_END + " ")
    if words.narrowing is not None and words.narrowing.fullmatch(rest.strip()):
        end += len(rest)
    if _WORD.search(text[end:]) or any(
        _WORD.search(text[before:after]) for (_, before), (after, _) in pairwise(spans)
    ):
        return None  # more after the time, or words between its parts
    # The opening's own words ("no wait, ", "Nein warte, ") and a refusal
    # ("nope, ", "Nee, ") are no part of what is told (review s35: "no
    # wait, it was two days ago" and "Nee, es war Sonntag" were not read).
    opening = correction_opening(text, language)
    said = [word.casefold() for word in _WORD.findall(text[opening:start])]
    refused = not opening and bool(said) and said[0] in words.refusals
    told = [word for word in said[int(refused) :] if word not in words.fillers]
    opened = opening > 0 or refused
    if opened and not told:
        # The time alone after the opening ("no, on Friday", "Nein,
        # eigentlich am Freitag"; review s38 #5: Home Assistant's "no area
        # called Friday").
        return text[start:end]
    if not opened or len(told) != 2 or len(set(told) & words.subjects) != 1:
        return None
    return text[start:end] if set(told) & words.verbs else None


def narrows(time_words: str, language: str | None) -> bool:
    """Whether `time_words` are a clock time or a part of the day alone
    ("at 5", "in the afternoon", "am Nachmittag"), which narrow a day."""
    narrowing = _words(language).narrowing
    return narrowing is not None and narrowing.fullmatch(time_words.strip()) is not None


def redated(
    content: str,
    time_words: str,
    language: str | None,
    time_spans: TimeSpans,
    day_parts: DayParts | None = None,
) -> str:
    """`content` with `time_words` in place of the time it says (its other
    time words left out), or after it where it says none: "We fixed the
    gutter in summer 2026." and "last spring" are "We fixed the gutter last
    spring.", which is then dated as a statement is. What the correction
    does not correct is kept: a clock time is no time expression ("at 3"
    stays), and a correction naming only a day keeps the part of the day
    the memory said ("on Friday afternoon", "on Tuesday": "on Tuesday
    afternoon"; `day_parts`, given by the caller). A clock time or a part
    of the day alone ("at 5", "in the afternoon") narrows the memory's day
    (`_narrowed`)."""
    narrowing = _words(language).narrowing
    said = None if narrowing is None else narrowing.fullmatch(time_words.strip())
    if day_parts is not None and said is not None:
        return _narrowed(content, said, language, day_parts)
    if day_parts is not None:
        time_words = _with_kept_part(content, time_words, language, day_parts)
    spans = time_spans(content, language)
    if not spans:
        return _with_time(content, time_words, _words(language).after)
    parts = [content[: spans[0][0]], time_words]
    for number, (_, end) in enumerate(spans):
        following = spans[number + 1][0] if number + 1 < len(spans) else None
        between = content[end:following]
        # Only punctuation between two times ("am Freitagnachmittag, 27.
        # November") goes with them: "am Dienstag, gekommen" read no tense,
        # so the memory kept its old day.
        parts.append(between if following is None or _WORD.search(between) else " ")
    new = " ".join("".join(parts).split())
    new = re.sub(r"\s+([,.!?;:\u2026])", r"\1", new)
    return new[:1].upper() + new[1:] if spans[0][0] == 0 else new


def _with_time(content: str, time_words: str, after: frozenset[str]) -> str:
    """`content`, which names no time, with `time_words`: after its
    auxiliary in second place where the language puts them there ("Ben hat
    die Fenster geputzt." and "am Montag": "Ben hat am Montag die Fenster
    geputzt."; review s36 #5: "… geputzt am Montag"), else at its end."""
    body = content.rstrip()
    kept = body.rstrip(_END)
    words = list(_WORD.finditer(kept))
    for word in words[1:5]:
        if word.group().casefold() in after and word is not words[-1]:
            return f"{content[: word.end()]} {time_words}{content[word.end() :]}"
    return f"{kept} {time_words}{body[len(kept) :]}"


def _with_kept_part(
    content: str, time_words: str, language: str | None, day_parts: DayParts
) -> str:
    """`time_words` with the part of the day `content` says added, where
    both name one day and only `content` a part of it ("on Tuesday" and
    "…on Friday afternoon…": "on Tuesday afternoon"; "am Dienstag" and
    "am Freitagnachmittag": "am Dienstagnachmittag", joined as it was)."""
    said = day_parts(time_words, language)
    if len(said) != 1 or not said[0][2] or said[0][3] is not None:
        return time_words
    for _, _, one_day, part in day_parts(content, language):
        if one_day and part is not None:
            start, end = part
            joined = start > 0 and content[start - 1].isalnum()
            return f"{time_words}{'' if joined else ' '}{content[start:end]}"
    return time_words


def _narrowing_span(text: str, words: _Words) -> tuple[tuple[int, int], ...]:
    """Where `text` ends with a clock time or a part of the day alone ("no,
    it was at 5", "Nein, es war am Nachmittag"), which the time tables do
    not read as a time of their own."""
    if words.narrowing is None:
        return ()
    body = text.rstrip(_END + " ")
    # Tried from each word's start in place: a copy of the rest for each
    # word made a long text's reading quadratic (1 MB: 6 s).
    for start in (match.start() for match in _WORD.finditer(body)):
        if words.narrowing.fullmatch(body, start) is not None:
            return ((start, len(body)),)
    return ()


def _narrowed(
    content: str, said: re.Match[str], language: str | None, day_parts: DayParts
) -> str:
    """`content` with the clock time or part of the day `said` in place of
    its own, on the one day it names ("We went to the zoo on Saturday 28
    November." and "in the afternoon": "… on Saturday 28 November in the
    afternoon."; "on Friday afternoon" and "in the morning": "on Friday
    morning"); as it is where it names no one day (review s35: "no, it was
    at 5" was not understood)."""
    days = [found for found in day_parts(content, language) if found[2]]
    if not days:
        return content
    end = days[-1][1]
    parted = [found[3] for found in days if found[3] is not None]
    if said["part"] is not None and parted:
        start, stop = parted[-1]
        word = said["part"]
        joined = start > 0 and content[start - 1].isalnum()
        word = word.casefold() if joined or content[start].islower() else word
        return f"{content[:start]}{word}{content[stop:]}"
    if said["clock"] is not None:
        # The memory's own clock time after its day ("… at 3"): replaced.
        for old in said.re.finditer(content, end):
            if old["clock"] is not None and not content[old.start() - 1].isalnum():
                return f"{content[: old.start()]}{said[0]}{content[old.end() :]}"
    return f"{content[:end]} {said[0]}{content[end:]}"
