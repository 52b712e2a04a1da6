"""A question's "since": from the time it names up to now.

"What happened since Monday?", "Was ist seit dem 20. November passiert?",
"What did I tell you since Monday?": the time words alone read Monday's day
(or the 20th's), and "since" stayed in the topic, so nothing answered
(session 41). Where the words right before a question's one time say
"since" (the table's `since_before`), its window runs from that time's
start (its clock time's, where one narrowed it: "since yesterday at 7 pm")
to now, and those words leave the topic (`since_words`). A time still to
come ("since tomorrow") changes nothing. Pure.
"""

from __future__ import annotations

from dataclasses import replace
import functools
import re
from typing import TYPE_CHECKING, Final

from .phrases import phrases
from .readings import TimeReading, Window

if TYPE_CHECKING:
    from collections.abc import Sequence
    from datetime import datetime

# Space left before punctuation once a word is taken out ("since ?").
_SPACE_BEFORE_MARK: Final = re.compile(r"\s+([?!.,;:])")


def since_then(
    text: str, reading: TimeReading, *, now: datetime, languages: Sequence[str]
) -> TimeReading:
    """`reading` (of the question `text`) with its window from its one time's
    start up to `now`, where that time follows "since" in one of `languages`'
    tables; `reading` itself where it does not."""
    if reading.window is None or reading.newest_first or len(reading.times) != 1:
        return reading
    [said] = reading.times
    # Narrowed to a clock time asked, if one was: from it, in time order
    # (not what happened nearest it first: `asked_at` goes).
    start = reading.window.start
    if start >= now:
        return reading  # "since tomorrow": no span up to now
    before = text[: said.start]
    for language in dict.fromkeys(languages):
        before_pattern, words_pattern = _patterns(language)
        if before_pattern is None or words_pattern is None:
            continue
        if before_pattern.search(before):
            rest = _SPACE_BEFORE_MARK.sub(
                r"\1", " ".join(words_pattern.sub(" ", reading.rest).split())
            )
            return replace(reading, window=Window(start, now), rest=rest, asked_at=())
    return reading


@functools.cache
def _patterns(language: str) -> tuple[re.Pattern[str] | None, re.Pattern[str] | None]:
    """The language's "since" before a time, and its words in a topic."""
    table = phrases(language)
    before, words = table.get("since_before"), table.get("since_words")
    if not before or not words:
        return None, None
    return re.compile(before, re.IGNORECASE), re.compile(words, re.IGNORECASE)
