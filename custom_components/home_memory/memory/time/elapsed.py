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

# Each unit and the shortest time said in it (minutes below an hour, hours
# below a day, days below two weeks, weeks below two months, months below a
# year, years after).
_UNITS: Final = (
    ("year", timedelta(days=365)),
    ("month", timedelta(days=60)),
    ("week", timedelta(days=14)),
    ("day", timedelta(days=1)),
    ("hour", timedelta(hours=1)),
    ("minute", timedelta()),
)
# How long each unit is, counting it down.
_LENGTHS: Final = {
    "year": timedelta(days=365),
    "month": timedelta(days=30),
    "week": timedelta(days=7),
    "day": timedelta(days=1),
    "hour": timedelta(hours=1),
    "minute": timedelta(minutes=1),
}


def said_elapsed(since: datetime, now: datetime, language: str | None) -> str | None:
    """How long it is from `since` to `now` ("3 weeks", "einen Tag"), in
    `language`'s words; None where `since` is still to come."""
    if since > now:
        return None
    gone = now - since
    words = phrases(language)["spoken"]["elapsed"]
    for unit, shortest in _UNITS:
        if gone >= shortest:
            count = max(1, gone // _LENGTHS[unit])
            one, many = words[unit]
            return str(one if count == 1 else many).format(n=count)
    return None
