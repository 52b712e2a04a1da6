"""What a person said, from the words a sentence matcher heard.

Home Assistant's sentence matcher (hassil) drops punctuation at the edges
of words before it matches, so a sentence's wildcard holds "am 5 Mai" for
"am 5. Mai" and "Jan 5" for "Jan. 5": an ordinal or an abbreviation loses
its full stop. `as_said` finds the heard words in the text as said and
gives that span back, so a memory keeps what was said. Plain Python, no
Home Assistant imports.
"""

from __future__ import annotations

import re

# Between two heard words: whitespace, with what the matcher dropped (a
# full stop, a comma, a colon...) on either side of it.
_BETWEEN = r"[^\w\s]*\s+[^\w\s]*"
# The matcher hears a typographic apostrophe (U+2019) as a plain one.
_APOSTROPHES = str.maketrans("\u2019", "'")


def as_said(said: str, heard: str) -> str:
    """`heard` (a wildcard's words) as they stand in `said` (the whole
    sentence as said), with the punctuation between them; `heard` itself
    when its words are not found there in that order."""
    words = heard.split()
    if not words or len(said) > len(heard) * 4 + 1_000:
        return heard  # nothing to find, or no sentence a person said
    pattern = re.compile(
        r"(?<!\w)" + _BETWEEN.join(re.escape(word) for word in words) + r"(?!\w)",
        re.IGNORECASE,
    )
    # The last: a sentence's wildcard ends it ("remember that {content}").
    spans = [m.span() for m in pattern.finditer(said.translate(_APOSTROPHES))]
    return said[spans[-1][0] : spans[-1][1]] if spans else heard
