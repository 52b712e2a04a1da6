"""Seasons as days: "last summer", "im Winter 2024", "late autumn".

Meteorological seasons, three whole months each: in the northern hemisphere
spring is March to May, summer June to August, autumn September to
November and winter December to February; in the southern hemisphere each
is six months on. Which hemisphere a home is in is read from its time zone:
the tz database's zone tables (`zone1970.tab`, `zone.tab`) give each zone's
latitude. A zone they do not list (UTC, "Etc/GMT-7") is northern, as most
homes are. More: docs/time.md, "Seasons".
"""

from __future__ import annotations

from datetime import date, datetime, tzinfo
from importlib import resources
from pathlib import Path
from typing import Final

from .spans import month_days

# The month each season begins with in the northern hemisphere.
NORTHERN_FIRST_MONTH: Final = {"spring": 3, "summer": 6, "autumn": 9, "winter": 12}
SEASON_MONTHS: Final = 3
_SOUTHERN_SHIFT: Final = 6
# Which month of a season "early", "mid", "late" name.
_THIRD_MONTH: Final = {"early": 0, "mid": 1, "late": 2}
_ZONE_TABLES: Final = ("zone1970.tab", "zone.tab")
_SYSTEM_ZONES: Final = Path("/usr/share/zoneinfo")


def _table_text(name: str) -> str:
    """The tz zone table `name`: the `tzdata` package's, else the system's."""
    try:
        return resources.files("tzdata").joinpath("zoneinfo", name).read_text()
    except ModuleNotFoundError, OSError:
        pass
    try:
        return (_SYSTEM_ZONES / name).read_text()
    except OSError:
        return ""


def southern_zones(lines: list[str]) -> frozenset[str]:
    """The zones of tz table `lines` whose place lies south of the equator
    (the coordinates column starts with the latitude's sign)."""
    south = set()
    for line in lines:
        if line.startswith("#"):
            continue
        columns = line.split("\t")
        if len(columns) >= 3 and columns[1].startswith("-"):
            south.add(columns[2])
    return frozenset(south)


# Read once when the module is imported (off the event loop, as the time
# tables are), so reading a season never touches a file.
_SOUTHERN: Final = southern_zones(
    [line for name in _ZONE_TABLES for line in _table_text(name).splitlines()]
)


def is_southern(zone: tzinfo | None) -> bool:
    """Whether the time zone `zone` (its IANA key) is south of the equator."""
    return getattr(zone, "key", None) in _SOUTHERN


def _first_month(season: str, southern: bool) -> int:
    month = NORTHERN_FIRST_MONTH[season]
    return (month + _SOUTHERN_SHIFT - 1) % 12 + 1 if southern else month


def _of_year(season: str, year: int, southern: bool) -> tuple[date, date]:
    """The season that begins in `year`: its first day and the day after it."""
    first, _ = month_days(date(year, 1, 1), _first_month(season, southern) - 1)
    after, _ = month_days(first, SEASON_MONTHS)
    return first, after


def season_of(first: date, after: date, zone: tzinfo | None) -> str | None:
    """The season the days [`first`, `after`) are, whole, in a home of time
    zone `zone`; None for other days."""
    southern = is_southern(zone)
    for season in NORTHERN_FIRST_MONTH:
        if (first, after) == _of_year(season, first.year, southern):
            return season
    return None


def season_days(
    season: str,
    *,
    now: datetime,
    which: str | None,
    year: int | None,
    future: bool | None,
    third: str | None = None,
) -> tuple[date, date]:
    """The days of `season` as said: `which` "last" (the last one over),
    "this" (the one going on, else the one beginning this year, unless the
    tense `future` says it is the next or the last), "next" (the
    next to begin) or None (the one going on, else by tense the last or the
    next, else the nearer); `year`: the one beginning in it; `third`: its
    first, middle or last month."""
    today = now.date()
    southern = is_southern(now.tzinfo)
    near = [_of_year(season, today.year + step, southern) for step in (-2, -1, 0, 1)]
    going_on = next((days for days in near if days[0] <= today < days[1]), None)
    over = max(days for days in near if days[1] <= today)
    coming = min(days for days in near if days[0] > today)
    if year is not None:
        days = _of_year(season, year, southern)
    elif which == "last":
        days = over
    elif which == "next":
        days = coming
    elif going_on is not None:
        days = going_on
    elif which == "this":
        # The one beginning this year, unless the tense says it is another:
        # "we are going to Italy this summer", said in December, is next
        # year's.
        days = _of_year(season, today.year, southern)
        if future is True and days[1] <= today:
            days = coming
        elif future is False and days[0] > today:
            days = over
    elif future is True:
        days = coming
    elif future is False:
        days = over
    else:
        days = over if (today - over[1]) <= (coming[0] - today) else coming
    if third is None:
        return days
    return month_days(days[0], _THIRD_MONTH[third])
