"""A date no calendar has: "on 30 February", "am 31. April", "on 29
February 2027".

The time reader finds such a date as it finds any other (expressions.py)
but cannot place it, and the text was stored as said, undated (review s40
#9). `impossible_date` finds the first one a text says, for the operation
that remembers or updates to refuse it. 29 February without a year is a
day of a leap year, and possible.
"""

from __future__ import annotations

from typing import Final

from .dates import valid_date
from .expressions import day_said, matches
from .tables import compiled

# A leap year: a day and month without a year is possible if it has it.
_LEAP_YEAR: Final = 2024


def impossible_date(text: str, language: str) -> str | None:
    """The words of the first date in `text` (read in `language`) whose
    month has no such day ("on 30 February"), None if it says none."""
    table = compiled(language)
    for found in matches(text, language):
        groups = found.groups
        if found.kind != "date" or "day" not in groups:
            continue
        if "month" in groups:
            month = table.months[groups["month"]]
        elif "month_number" in groups:
            month = int(groups["month_number"])
        else:
            continue
        day = day_said(groups["day"], table)
        year = int(groups["year"]) if "year" in groups else _LEAP_YEAR
        if not 1 <= month <= 12 or not 1 <= day <= 31:
            return text[found.start : found.end]
        if valid_date(year, month, day) is None:
            return text[found.start : found.end]
    return None
