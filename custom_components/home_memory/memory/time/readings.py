"""What reading time words gives: a window of time, the words found, the reading.

Values only (expressions.py reads; restating.py, operations and the
retriever use what it read). `EARLIEST_YEAR` to `LATEST_YEAR` bound the
event times a memory may have (docs/time.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from datetime import datetime


@dataclass(frozen=True, slots=True)
class Window:
    """A span of time: start inclusive, end exclusive (aware datetimes)."""

    start: datetime
    end: datetime

    def hull(self, other: Window) -> Window:
        """The smallest window holding both."""
        return Window(min(self.start, other.start), max(self.end, other.end))

    def is_plausible(self) -> bool:
        """Whether a household memory can be about it: years 1900 to 2200
        on the calendar of the zone or offset each end was given in
        ("1900-01-01T00:00+01:00" is in 1900, though 1899 in UTC); the end
        may be the first moment of 2201 (a day or year that ends 2200)."""
        try:
            in_order = self.start <= self.end
        except OverflowError:  # pragma: no cover - year 1 east of UTC
            return False
        end = self.end
        return (
            in_order
            and EARLIEST_YEAR <= self.start.year <= LATEST_YEAR
            and (
                end.year <= LATEST_YEAR
                or (end.timetuple()[:6] == (LATEST_YEAR + 1, 1, 1, 0, 0, 0))
            )
        )


# The years of the event times a memory may have (docs/time.md).
EARLIEST_YEAR: Final = 1900
LATEST_YEAR: Final = 2200


@dataclass(frozen=True, slots=True)
class SaidTime:
    """Time words found in a text: where (`start`, `end` in the text), the
    window they name, the table's language, and whether they are relative
    to the telling ("next Tuesday", "gestern Abend": true only the day they
    are said) rather than a date ("on 3 October", "im Oktober")."""

    start: int
    end: int
    window: Window
    language: str
    relative: bool


@dataclass(frozen=True, slots=True)
class TimeReading:
    """What the time words of a text say.

    `window`: the time asked about, or None. `newest_first`: "the last
    time", "zuletzt". `rest`: the text without its time words (what to
    search for). `said`: the time words found, as written. `impossible`:
    the text names a time that is none ("on 31 February"): nothing happened
    then, which is not the same as naming no time.
    """

    window: Window | None
    newest_first: bool
    rest: str
    said: tuple[str, ...] = ()
    impossible: bool = False
    # The words of a weekday, month or weekend the text names, which a
    # habit or a plan may name too ("on Tuesday" -> "tuesday"); none for a
    # question in the past tense or about the last one ("last Tuesday").
    named: tuple[str, ...] = ()
    # The text speaks of the past ("what did we do", "was war"): what it
    # asks about has happened, so nothing after now answers it.
    past: bool = False
    # The text asks what is coming ("what are we doing this weekend", "was
    # haben wir vor"): what happened or was told before now does not answer.
    ahead: bool = False
    # Each expression resolved, in the text's order (a statement's relative
    # words are said as dates when it is stored: restating.py).
    times: tuple[SaidTime, ...] = ()
    # The clock times the text asks at ("yesterday at 7 pm": 19:00; "gestern
    # um Viertel nach acht": 08:15 and 20:15, morning or evening): what
    # happened nearest them answers first (asked_clock.py).
    asked_at: tuple[datetime, ...] = ()
