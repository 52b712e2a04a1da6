"""How long ago something happened, in the words a person uses.

"How long ago was the boiler serviced?", "Wie lange ist es her, dass der
Kessel gewartet wurde?": "3 weeks", "3 Wochen" (the answer says the date
beside it: assist/intents.py). The largest unit that fits, counted down
(21 days are 3 weeks; 20 days, 2 weeks); one of a unit is said as the
language says it ("a week", "eine Woche", "einen Tag"). The words are the
table's `spoken.elapsed`. No library in Home Assistant's set says it in
German (`homeassistant.util.dt.get_age` is English only; babel is none of
its dependencies: docs/time.md). Pure."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Final

from .phrases import phrases

# Days and more, in calendar days: each unit, the fewest days said in it
# (days below two weeks, weeks below two months, months below a year) and
# its length, counting it down.
_DAY_UNITS: Final = (
    ("year", 365, 365),
    ("month", 60, 30),
    ("week", 14, 7),
    ("day", 1, 1),
)
_DAY: Final = timedelta(days=1)
_HOUR: Final = timedelta(hours=1)
_MINUTE: Final = timedelta(minutes=1)


def said_elapsed(since: datetime, now: datetime, language: str | None) -> str | None:
    """How long it is from `since` to `now` ("3 weeks", "einen Tag"), in
    `language`'s words: below a day in minutes or hours, else in the
    calendar days between them on `now`'s wall clock (serviced at noon
    three weeks ago is "3 weeks" in the morning too); None where `since` is
    still to come."""
    if since > now:
        return None
    gone = now - since
    words = phrases(language)["spoken"]["elapsed"]
    if gone < _HOUR:
        unit, count = "minute", max(1, gone // _MINUTE)
    elif gone < _DAY:
        unit, count = "hour", gone // _HOUR
    else:
        days = max(1, (now.date() - since.astimezone(now.tzinfo).date()).days)
        unit, length = next((u, n) for u, fewest, n in _DAY_UNITS if days >= fewest)
        count = days // length
    one, many = words[unit]
    return str(one if count == 1 else many).format(n=count)
