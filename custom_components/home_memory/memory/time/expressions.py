"""Time words in a question or statement, as a window of time.

"What happened yesterday evening?" becomes a window of local wall-clock time
(aware datetimes in the household's zone), the words leave the searched text.
Pure: `now` and the language are given. More: docs/time.md, "expressions.py".
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date, datetime, time, timedelta
import re
from typing import TYPE_CHECKING, Any, Final

from .dates import day_of_recent_month, nearest_date, valid_date
from .phrases import FALLBACK, table_language
from .readings import SaidTime, TimeReading, Window
from .seasons import season_days
from .spans import (
    UNIT_DAYS,
    counted_days,
    month_days,
    third_of,
    week_around,
    week_of_month,
    weekend_around,
    weekend_of_month,
    year_days,
)
from .tables import TimeTable, compiled
from .tense import (
    at_the_clock,
    habit_in_clause,
    may_tell_perfect,
    own_clause,
    said_window,
    says_habit,
    says_yearly,
    tells_arrangement,
    tells_future,
    tells_one_event,
    tells_past,
    tells_past_by_words,
    tells_perfect,
    without_negated,
)

if TYPE_CHECKING:
    from collections.abc import Callable

# Local hours each part of the day spans (an end past 24 is the next day).
PART_HOURS: Final[dict[str, tuple[int, int]]] = {
    "morning": (5, 12),
    "noon": (11, 14),
    "afternoon": (12, 18),
    "evening": (17, 23),
    "night": (21, 30),
}
# A question or text longer than this is read only up to here: time words
# sit near the question's start or end, never megabytes in.
MAX_READ_CHARS: Final = 2_000


@dataclass(frozen=True, slots=True)
class Found:
    start: int
    end: int
    kind: str
    groups: dict[str, str]
    options: dict[str, Any]
    language: str


def read_question(text: str, *, now: datetime, language: str | None) -> TimeReading:
    """The time a question asks about, read in its language (then English)."""
    return _read(text, now=now, language=language, statement=False)


def read_statement(text: str, *, now: datetime, language: str | None) -> Window | None:
    """The time a statement names ("we went to the dentist on Monday").

    Resolved when it is told: a bare weekday is the last one before now, or
    the next one when the statement speaks of the future ("the plumber will
    come on Monday"); a date without a year the past, coming or nearest one
    by tense (docs/time.md). Nothing for a text without time words.
    """
    return read_statement_reading(text, now=now, language=language).window


def read_statement_reading(
    text: str, *, now: datetime, language: str | None, ahead: bool = False
) -> TimeReading:
    """`read_statement`'s whole reading: the window and each expression
    (`TimeReading.times`, where restating.py finds relative words).
    `ahead`: a plan whatever its tense ("moved to Friday")."""
    return _read(text, now=now, language=language, statement=True, ahead=ahead)


def read_when(
    text: str,
    *,
    now: datetime,
    language: str | None,
    ahead: bool = False,
    behind: bool = False,
) -> Window | None:
    """A time given on its own ("yesterday evening", "am 26. Februar").

    None unless the whole text is time words (a field that takes a time
    must not take a sentence that merely holds one). `ahead`: the time
    belongs to a plan ("We will visit Grandma" given "from 3 to 5
    December"), so a bare date or weekday is the coming one; `behind`: to
    something done ("The roofer repaired the gutter" given "late
    February"), so it is the last one.
    """
    reading = _read(
        text, now=now, language=language, statement=False, ahead=ahead, behind=behind
    )
    if reading.window is None or _WORD.search(reading.rest):
        return None
    return reading.window


def not_yet_begun(text: str, *, now: datetime, language: str | None) -> bool:
    """Whether time words given alone, in `language`'s table, count from now
    to a time not begun ("in an hour", "tomorrow", "this evening" or
    "tonight" at 14:00), read whatever the tense: a deed told as done is
    not moved there (review s37 #15: read as done, "this evening" was
    yesterday's, and "in an hour" began at now)."""
    text = text[:MAX_READ_CHARS]
    found = matches(text, table_language(language))
    if not found or _WORD.search(_without(text, found)):
        return False
    now = now.replace(microsecond=0)
    for item in found:
        if item.kind not in _FROM_NOW:
            continue
        window = _resolve(item, now, None)
        if window is not None and window.start >= now:
            return True
    return False


# The kinds whose words count from the moment they are said, whatever the
# tense: "today", "tomorrow", "this evening", "tonight", "in an hour".
_FROM_NOW: Final = frozenset({"day", "this_night", "later"})


def time_spans(text: str, language: str | None) -> tuple[tuple[int, int], ...]:
    """Where `text` says time words (start, end), by its language's table."""
    found = matches(text[:MAX_READ_CHARS], table_language(language))
    return tuple((item.start, item.end) for item in found)


def day_parts(
    text: str, language: str | None
) -> tuple[tuple[int, int, bool, tuple[int, int] | None], ...]:
    """Each time expression of `text` (start, end, as `time_spans`), whether
    it names one day ("on Friday", "yesterday", "on 3 March"; not a week,
    month or season), and where it says a part of that day ("afternoon" of
    "on Friday afternoon", "Abend" of "gestern Abend"), None where it says
    none: a correction naming only the day keeps the part (text/redating.py)."""
    text = text[:MAX_READ_CHARS]
    folded = text.casefold()
    folded = folded if len(folded) == len(text) else text.lower()
    found = []
    for item in matches(text, table_language(language)):
        part = item.groups.get("part")
        at = folded.rfind(part, item.start, item.end) if part else -1
        place = (at, at + len(part)) if part and at >= 0 else None
        found.append((item.start, item.end, item.kind in _ONE_DAY_KINDS, place))
    return tuple(found)


# The kinds of expression that name one day.
_ONE_DAY_KINDS: Final = frozenset({"weekday", "day", "date"})
_WORD: Final = re.compile(r"\w", re.UNICODE)


def looks_ahead(text: str, language: str | None) -> bool:
    """Whether a statement speaks of what is coming ("We will visit
    Grandma", "Wir besuchen am Samstag Oma" with its arrangement words)."""
    lang = table_language(language)
    said = _said(text[:MAX_READ_CHARS], lang)
    return tells_future(text, said, lang) or (
        not tells_past(text, said, lang) and tells_arrangement(said, lang)
    )


def speaks_of_past(text: str, language: str | None) -> bool:
    """Whether a statement tells of something done ("I watered the plants",
    "ich habe den Rasen gemäht"), by the tense rules a question is read
    with; a future word wins ("we planned to go")."""
    lang = table_language(language)
    text = text[:MAX_READ_CHARS]
    if tells_past_by_words(text, lang):
        return not tells_future(text, _said(text, lang), lang)
    if not may_tell_perfect(text, lang):
        return False  # no past word, no auxiliary: the time words need no reading
    said = _said(text, lang)
    return tells_perfect(said, lang) and not tells_future(text, said, lang)


def _said(text: str, language: str) -> str:
    """`text` without its time words, as tense is read (`_reading`): "Besuch
    ist am Montag, 30. November gekommen" is a perfect once the date's comma
    no longer ends its clause (review s33 M1: it was no past)."""
    found = matches(text, language)
    return _without(text, found) if found else text


def _read(
    text: str,
    *,
    now: datetime,
    language: str | None,
    statement: bool,
    ahead: bool = False,
    behind: bool = False,
) -> TimeReading:
    if now.tzinfo is None:
        raise ValueError("now must be aware (the household's time zone)")
    text = text[:MAX_READ_CHARS]
    for lang in dict.fromkeys((table_language(language), FALLBACK)):
        found = matches(text, lang)
        if found:
            return _reading(text, found, now, statement, ahead=ahead, behind=behind)
    return TimeReading(None, newest_first=False, rest=_tidy(text))


def _reading(
    text: str,
    found: list[Found],
    now: datetime,
    statement: bool,
    *,
    ahead: bool,
    behind: bool = False,
) -> TimeReading:
    language = found[0].language
    if len(found) > 1:  # "last … in the night", "on Friday in the night": no last night
        found = [item for item in found if not item.options.get("part_of_day")] or found
    # Tense is read without the time words ("evening" is no "-ing", a German
    # participle ends its clause once "am Samstag" is gone), in their clause.
    spans = [(f.start, f.end, f.kind) for f in found]
    told, contrast = without_negated(own_clause(text, spans), spans, language)
    said = _without(told, found)
    past = (behind and not ahead) or tells_past(told, said, language)
    # A question looks ahead as a statement does ("what will we do on
    # Saturday", "was haben wir am Samstag vor"): the coming day.
    future = (
        ahead
        or any(item.kind == "coming" for item in found)
        or tells_future(told, said, language)
        or (not past and tells_arrangement(said, language))
        or (statement and contrast and not past)
    )
    if statement:
        # "The bins go out on Tuesday", "Anna's birthday is on 3 March": a
        # weekday, a month or a yearly date in the present tense is a habit,
        # not a day; "the car goes to the garage on 7 December" is that day.
        # "Am Montag kommt immer die Putzhilfe", "we always went swimming
        # at the weekend": a habit's words in the time's own clause make it
        # no one day in any tense (review s25; not "…, she always brings
        # cake", s26).
        yearly = says_yearly(said, language)
        # "The school concert is on Friday": its coming day (review s37 #5).
        future |= tells_one_event(said, language) and any(
            _habitual(item, yearly=yearly) for item in found
        )
        plain = not future and not past
        found = [
            item
            for item in found
            if not (plain and _habitual(item, yearly=yearly))
            and not (
                (_habitual(item, yearly=yearly) or _a_habits_time(item, text))
                and habit_in_clause(
                    text, item.start, item.end, language, present=not past
                )
            )
        ]
    if statement:
        # "Coming up", "demnächst": a plan (a future word), no window.
        found = [item for item in found if item.kind != "coming"]
    # A question's "coming up" is a window only without other time words.
    timed = any(item.kind not in ("last_time", "coming") for item in found)
    window: Window | None = None
    newest = False
    unresolved = False
    times: list[SaidTime] = []
    for item in found:
        if item.kind == "last_time":
            newest = True
            continue
        if item.kind == "coming" and timed:
            continue
        # "This weekend" on a weekday is the coming one unless it is past;
        # without a tense a date is the nearest one (None).
        tense: bool | None = (
            True
            if future or (item.kind == "weekend" and "this" in item.groups and not past)
            else (False if past else None)
        )
        one = _resolve(item, now.replace(microsecond=0), tense)
        if one is not None:
            window = one if window is None else window.hull(one)
            times.append(
                SaidTime(item.start, item.end, one, item.language, _relative(item))
            )
        else:
            unresolved = True
    if statement and times:
        window = said_window(text, times)  # not "…, not tomorrow"
        if window is not None and len(times) == 1:  # "… at 5 pm"
            window = at_the_clock(
                text, times[0], window, now=now, past=past and not future
            )
    if statement and window is None:
        newest = False
    return TimeReading(
        window,
        newest_first=newest,
        rest=_tidy(_without(text, found)),
        said=tuple(text[f.start : f.end] for f in found),
        impossible=window is None and unresolved,
        named=()
        if past and not future
        else tuple(
            word
            for f in _parts(found)
            if f.groups.get("qual", "") not in _LAST and (word := _named_word(f, text))
        ),
        past=past and not future,
        ahead=future,
        times=tuple(times),
    )


# Kinds whose words name a time only from the day they are said.
_RELATIVE_KINDS: Final = frozenset(
    {
        "day",
        "night",
        "this_night",
        "weekday",
        "week",
        "week_days",
        "month",
        "weekend",
        "ago",
        "later",
        "season",
    }
)


def _relative(item: Found) -> bool:
    """Whether the words name their time only from the telling ("tomorrow",
    "next Tuesday", "vor zwei Tagen"; a weekday without its date, once it
    is a day and no habit). Not a date, a month's name, "in the last two
    days" (a span up to now, said as it is) nor "two hours ago" (a moment
    the words say well enough); a range when either end is relative."""
    if item.kind == "range":
        return any(_relative(part) for part in item.options["parts"])
    if item.kind in ("ago", "later"):
        return compiled(item.language).units[item.groups["unit"]] != "hour"
    if item.options.get("past") or item.options.get("coming"):
        return True  # "last Christmas": said as its date, with its year
    return item.kind in _RELATIVE_KINDS and "year" not in item.groups  # "in 2024"


# Qualifiers that name the last one: "last Tuesday" is that day, no habit's.
_LAST: Final = frozenset(
    {"last", "past", "letzten", "letzte", "letztes", "vergangenen", "vergangenes",
     "vorletzten", "vorletzte", "vorletztes"}
)  # fmt: skip


def _parts(found: list[Found]) -> list[Found]:
    """The expressions found, a range ("from Monday to Wednesday") as its two."""
    return [part for item in found for part in item.options.get("parts", (item,))]


def _named_word(item: Found, text: str) -> str | None:
    """The word of a weekday, month or weekend as said ("tuesday"), if any."""
    if item.kind == "weekday":
        return item.groups["weekday"]
    if item.kind == "month_name":
        return item.groups["month"]
    if item.kind == "weekend" and not _weekends_back(item):
        return text[item.start : item.end].rsplit(maxsplit=1)[-1].casefold()
    return None


def _without(text: str, found: list[Found]) -> str:
    """`text` with the time words found blanked out."""
    rest = text
    for item in sorted(found, key=lambda f: -f.start):
        rest = rest[: item.start] + " " + rest[item.end :]
    return rest


def _tidy(text: str) -> str:
    """Spaces collapsed, dangling punctuation before the end removed."""
    text = re.sub(r"\s+", " ", text).strip()
    return re.sub(r"\s+([?!.,;:])", r"\1", text)


# Qualifiers that make a weekday one day, whatever the tense.
_ONE_DAY: Final = frozenset(
    {"last", "past", "this", "next", "letzten", "letzte", "vergangenen", "diesen",
     "nächsten", "kommenden", "vorletzten"}
)  # fmt: skip


def _habitual(item: Found, *, yearly: bool) -> bool:
    """A weekday, a day of the month or a month a habit may name ("on
    Tuesday", "on the 1st", "in May"), and a date when the statement says a
    yearly day ("Anna's birthday is on 3 March": `yearly`); a range when
    both its ends are ("open from Monday to Friday"). A date with its month
    in the present tense is one day ("the car goes to the garage on 7
    December", "Anna has a dentist appointment on Thursday 3 December")."""
    if item.kind == "range":
        return all(_habitual(part, yearly=yearly) for part in item.options["parts"])
    if item.kind == "weekday":
        return item.groups.get("qual", "") not in _ONE_DAY
    if "year" in item.groups:
        return False
    if item.kind in ("month_name", "season"):  # "in summer", not "last summer"
        return not {"last", "this", "next"} & item.groups.keys()
    if item.kind not in ("date", "days"):
        return False
    has_month = "month" in item.groups or "month_number" in item.groups
    return yearly or not has_month


def _a_habits_time(item: Found, text: str) -> bool:
    """ "At the weekend" without "this", "next" or "last", or a habit's own
    word ("nachts", s27 M3): every one, where the statement tells a habit."""
    return (
        item.kind == "weekend"
        and not ({"this", "next"} & item.groups.keys() or item.groups.get("qual"))
    ) or says_habit(text[item.start : item.end], item.language)


# -- finding the words ---------------------------------------------------------------


def matches(text: str, language: str) -> list[Found]:
    """The time expressions in `text`: longest first wins, no overlaps."""
    folded = text.casefold()
    if len(folded) != len(text):
        # A character whose case folding changes the length (ß -> ss): read
        # the text as it is, lower-cased, so positions keep matching.
        folded = text.lower()
    if len(folded) != len(text):
        return []
    candidates: list[Found] = []
    table = compiled(language)
    guard = table.not_after
    for order, (kind, pattern, options) in enumerate(table.rules):
        for match in pattern.finditer(folded):
            if match.end() == match.start():
                continue
            if guard is not None and guard.search(folded, 0, match.start()):
                continue
            if _a_verb_for_a_month(text, match, options):
                continue
            groups = {k: v for k, v in match.groupdict().items() if v is not None}
            candidates.append(
                Found(
                    match.start(),
                    match.end(),
                    kind,
                    groups | {"order": str(order)},
                    options,
                    language,
                )
            )
    candidates.sort(key=lambda f: (-(f.end - f.start), int(f.groups["order"]), f.start))
    chosen: list[Found] = []
    for item in candidates:
        if all(item.end <= c.start or item.start >= c.end for c in chosen):
            chosen.append(item)
    return _in_week(
        folded, _ranges(folded, sorted(chosen, key=lambda f: f.start), table)
    )


def _a_verb_for_a_month(
    text: str, match: re.Match[str], options: dict[str, Any]
) -> bool:
    """Whether a rule's month is a word written small that is a verb too
    (options' `capital_months`: "the little kids march first" was 1 March;
    review s25). Speech to text writes the month with its capital."""
    verbs: list[str] = options.get("capital_months") or []
    month = match.groupdict().get("month")
    return month in verbs and text[match.start("month")].islower()


def _ranges(folded: str, found: list[Found], table: TimeTable) -> list[Found]:
    """Two expressions joined as a span ("from Saturday 21 November to
    Sunday 22 November", "vom 30. September bis 2. Oktober", "between Monday
    and Wednesday") become one "range", its words from the opener ("from",
    "vom") to the second's end; the table's `range` says the words."""
    if table.range is None:
        return found
    joined: list[Found] = []
    for item in found:
        last = joined[-1] if joined else None
        if (
            last is None
            or last.kind == "range"
            or not _joins(folded, last, item, table)
        ):
            joined.append(item)
            continue
        opener = table.range.opener.search(folded, 0, last.start)
        joined[-1] = Found(
            opener.start() if opener else last.start,
            item.end,
            "range",
            {"order": last.groups["order"]},
            {"parts": (last, item)},
            item.language,
        )
    return joined


def _in_week(folded: str, found: list[Found]) -> list[Found]:
    """Weekdays said with their week ("from Friday to Monday last week",
    "Tuesday last week", "letzte Woche von Montag bis Mittwoch", "two weeks
    ago on Tuesday", "vor zwei Wochen am Dienstag") become one
    "week_days": days of that week, never the hull of both readings (review
    s16: "from Friday to Monday last week" was 15 days, into the future)."""
    joined: list[Found] = []
    for item in found:
        last = joined[-1] if joined else None
        if last is not None and _another_day_of(folded, last, item):
            # "two weeks ago on Tuesday and Wednesday": that week's (s23 A3).
            days = last.options["days"]
            parts = (*days.options.get("parts", (days,)), item)
            days = replace(days, options={**days.options, "parts": parts})
            joined[-1] = replace(
                last, end=item.end, options={**last.options, "days": days}
            )
            continue
        pair = (last, item) if last is not None else None
        if pair is None or folded[pair[0].end : pair[1].start].strip(" ,"):
            joined.append(item)
            continue
        weeks = [one for one in pair if one.kind == "week" or _weeks_ago(one)]
        days = [one for one in pair if _plain_weekdays(one)]
        if len(weeks) != 1 or len(days) != 1:
            joined.append(item)
            continue
        joined[-1] = Found(
            pair[0].start,
            pair[1].end,
            "week_days",
            {"order": pair[0].groups["order"]},
            {"days": days[0], "week": weeks[0], "parts": (*_parts(days), weeks[0])},
            item.language,
        )
    return joined


def _another_day_of(folded: str, week: Found, item: Found) -> bool:
    """Whether `item` is a plain weekday after weekdays said with their week,
    with nothing but "and" ("und") or a comma between."""
    gap, words = (
        folded[week.end : item.start].strip(" ,"),
        compiled(item.language).range,
    )
    return (
        week.kind == "week_days"
        and item.kind == "weekday"
        and _plain_weekdays(item)
        and (not gap or (words is not None and words.and_.fullmatch(gap) is not None))
    )


def _weeks_ago(item: Found) -> bool:
    """ "Two weeks ago", "vor zwei Wochen": a week, as "last week" is."""
    units = compiled(item.language).units
    return item.kind == "ago" and units.get(item.groups.get("unit", "")) == "week"


def _plain_weekdays(item: Found) -> bool:
    """A weekday, or a span of two, without a word of its own that says
    which ("Tuesday", "from Monday to Wednesday"; not "next Tuesday")."""
    return all(
        part.kind == "weekday" and part.groups.get("qual", "") not in _ONE_DAY
        for part in item.options.get("parts", (item,))
    ) and item.kind in ("weekday", "range")


def _joins(folded: str, first: Found, second: Found, table: TimeTable) -> bool:
    """Whether only a "to" ("bis") lies between two expressions, or an "and"
    ("und") after a "between" ("zwischen")."""
    words = table.range
    if words is None:
        return False
    gap = folded[first.end : second.start]
    if words.to.fullmatch(gap):
        return True
    before = folded[max(0, first.start - 40) : first.end]
    return (
        words.and_.fullmatch(gap) is not None
        and words.between.search(before) is not None
    )


# -- turning words into windows --------------------------------------------------------


def _at(day: date, hour: int, now: datetime) -> datetime:
    """Local wall-clock `hour` of `day` (hours past 24 run into the next day)."""
    extra, hour = divmod(hour, 24)
    return datetime.combine(day + timedelta(days=extra), time(hour), tzinfo=now.tzinfo)


def _day_window(day: date, part: str | None, now: datetime) -> Window:
    if part is None:
        return Window(_at(day, 0, now), _at(day, 24, now))
    first, last = PART_HOURS[part]
    return Window(_at(day, first, now), _at(day, last, now))


def _part(item: Found) -> str | None:
    word = item.groups.get("part")
    if word is not None:
        return compiled(item.language).parts.get(word)
    part = item.options.get("part")
    return str(part) if part is not None else None


def _resolve_day(item: Found, now: datetime, future: bool | None) -> Window:
    offset = int(item.options["offset"])
    part = _part(item)
    window = _day_window(now.date() + timedelta(days=offset), part, now)
    if offset == 0 and part is not None and future is False and window.start > now:
        # "We had pizza this evening" told at 00:30: not begun, so the last one.
        return _day_window(now.date() - timedelta(days=1), part, now)
    return window


def _resolve_night(item: Found, now: datetime, future: bool | None) -> Window:
    return _day_window(now.date() + timedelta(days=-1), "night", now)


def _resolve_this_night(item: Found, now: datetime, future: bool | None) -> Window:
    told = future is False and now.hour < PART_HOURS["night"][0]  # "it rained"
    if told and item.options.get("evening") and now.hour >= PART_HOURS["evening"][0]:
        return _day_window(now.date(), "evening", now)  # "we ate out tonight" at 19
    past = told or now.hour < int(item.options["past_before_hour"])
    return _day_window(now.date() - timedelta(days=1 if past else 0), "night", now)


def _resolve_weekday(item: Found, now: datetime, future: bool | None) -> Window:
    wanted = compiled(item.language).weekdays[item.groups["weekday"]]
    today = now.date()
    qual = item.groups.get("qual", "")
    back = (today.weekday() - wanted) % 7
    ahead = (wanted - today.weekday()) % 7
    if qual in _LAST:
        weeks_back = int(item.options.get("weeks_back", 0))
        day = today - timedelta(days=(back or 7) + 7 * weeks_back)
    elif qual in ("this", "diesen"):
        day = today - timedelta(days=today.weekday()) + timedelta(days=wanted)
    elif qual in ("next", "nächsten", "kommenden"):
        day = today + timedelta(days=ahead or 7)
    elif future:
        day = today + timedelta(days=ahead)
    else:
        day = today - timedelta(days=back)
    if item.options.get("night_before"):
        day -= timedelta(days=1)
    return _day_window(day, _part(item), now)


def _resolve_date(item: Found, now: datetime, future: bool | None) -> Window | None:
    table = compiled(item.language)
    groups = item.groups
    # A day of the year by its name ("on Halloween", "an Heiligabend"): the
    # rule's options give its month and day.
    if "day" in groups:
        day_number = day_said(groups["day"], table)
    else:
        day_number = int(item.options["day"])
    today = now.date()
    if "month" in groups:
        month: int | None = table.months[groups["month"]]
    elif "month_number" in groups:
        month = int(groups["month_number"])
    elif "month" in item.options:
        month = int(item.options["month"])
    else:
        month = None
    if not 1 <= day_number <= 31 or (month is not None and not 1 <= month <= 12):
        return None
    if month is None:
        day = day_of_recent_month(today, day_number, future)
    elif "year" in groups:
        day = valid_date(int(groups["year"]), month, day_number)
    else:
        weekday = groups.get("weekday")
        day = nearest_date(
            today,
            month,
            day_number,
            _said_way(item, future),
            None if weekday is None else table.weekdays[weekday],
        )
    if day is None:
        return None
    if item.options.get("night_before"):
        day -= timedelta(days=1)
    return _day_window(day, _part(item), now)


def _said_way(item: Found, future: bool | None) -> bool | None:
    """Whether a day of the year is the coming one: as its words say it
    ("last Christmas", "letztes Weihnachten": the past one, whatever the
    tense; "next Halloween": the coming one), else as `future` says."""
    if item.options.get("past"):
        return False
    return True if item.options.get("coming") else future


def day_said(said: str, table: TimeTable) -> int:
    """The day of the month a `day` group says, in digits or as a word."""
    return table.day_words[said] if said in table.day_words else int(said)


def _number(item: Found) -> int:
    word = item.groups.get("number")
    if word is None:
        return int(item.options.get("number", 1))
    if word.isdigit():
        return int(word)
    return compiled(item.language).numbers[word]


def _resolve_ago(item: Found, now: datetime, future: bool | None) -> Window | None:
    """ "Two days ago", "vor einem Jahr": that day, week, month or year (an
    hour: around then)."""
    return _counted(item, now, -_number(item), whole_week=True)


def _resolve_later(item: Found, now: datetime, future: bool | None) -> Window | None:
    """ "In two days", "in einer Woche": that day (an hour: around then; a
    month, a year: all of it)."""
    return _counted(item, now, _number(item), whole_week=False)


def _counted(
    item: Found, now: datetime, count: int, *, whole_week: bool
) -> Window | None:
    unit = compiled(item.language).units[item.groups["unit"]]
    if unit == "hour":
        middle = now + timedelta(hours=count)
        return Window(middle - timedelta(hours=1), middle + timedelta(hours=1))
    days = counted_days(now.date(), count, unit, whole_week=whole_week)
    return None if days is None else Window(_at(days[0], 0, now), _at(days[1], 0, now))


def _resolve_recent(item: Found, now: datetime, future: bool | None) -> Window | None:
    count = _number(item)
    unit = compiled(item.language).units[item.groups["unit"]]
    span = (
        timedelta(hours=count)
        if unit == "hour"
        else timedelta(days=count * UNIT_DAYS[unit])
    )
    if span > timedelta(days=36_500):
        return None
    return Window(now - span, now + timedelta(seconds=1))


def _resolve_days(item: Found, now: datetime, future: bool | None) -> Window | None:
    """Days of one month ("from 3 to 5 October", "vom 3. bis 5. Oktober"):
    the first day resolved as a date is (the last such span that has begun,
    the next one ahead); the last day after it in the same month."""
    start = _resolve_date(
        replace(item, groups=item.groups | {"day": item.groups["first"]}), now, future
    )
    if start is None:
        return None
    first = start.start.date()
    table = compiled(item.language)
    last = valid_date(first.year, first.month, day_said(item.groups["day"], table))
    if last is None or last < first:
        return None
    return Window(start.start, _at(last, 24, now))


def _resolve_range(item: Found, now: datetime, future: bool | None) -> Window | None:
    """From the first expression's start to the second's end. A second that
    resolves before the first ("from Monday to Wednesday" on a Tuesday,
    "from 28 December to 2 January" on New Year's Day) is the next one
    after the first's start."""
    first, second = item.options["parts"]
    start = _resolve(first, now, future)
    end = _resolve(second, now, future)
    if start is None or end is None:
        return None
    if end.end <= start.start:
        end = _resolve(second, start.start, True)
        if end is None or end.end <= start.start:
            return None
    return Window(start.start, end.end)


def _resolve_week_days(
    item: Found, now: datetime, future: bool | None
) -> Window | None:
    """Weekdays of the week said with them ("Tuesday last week": that
    Tuesday); a span that would leave the week ("from Friday to Monday last
    week") is no time rather than longer than asked."""
    said = item.options["week"]
    week = _RESOLVERS[said.kind](said, now, future)
    if week is None:
        return None
    monday = week.start.date()
    days = item.options["days"]
    windows = [
        _weekday_of_week(part, monday, now)
        for part in days.options.get("parts", (days,))
    ]
    if windows[-1].end <= windows[0].start:
        return None
    return Window(windows[0].start, windows[-1].end)


def _weekday_of_week(item: Found, monday: date, now: datetime) -> Window:
    wanted = compiled(item.language).weekdays[item.groups["weekday"]]
    day = monday + timedelta(days=wanted)
    if item.options.get("night_before"):
        day -= timedelta(days=1)
    return _day_window(day, _part(item), now)


def _week_window(day: date, now: datetime) -> Window:
    monday = day - timedelta(days=day.weekday())
    return Window(_at(monday, 0, now), _at(monday + timedelta(days=7), 0, now))


def _resolve_week(item: Found, now: datetime, future: bool | None) -> Window:
    return _week_window(
        now.date() + timedelta(days=7 * int(item.options["offset"])), now
    )


def _month_window(now: datetime, offset: int, month: int | None = None) -> Window:
    first, after = month_days(now.date(), offset, month)
    return Window(_at(first, 0, now), _at(after, 0, now))


def _resolve_month(item: Found, now: datetime, future: bool | None) -> Window | None:
    if "years" in item.options:  # "last year", "im Jahr 2024": all of it
        year = int(item.groups.get("year") or now.year) + int(item.options["years"])
        days = year_days(year)
        return (
            None if days is None else Window(_at(days[0], 0, now), _at(days[1], 0, now))
        )
    return _month_window(now, int(item.options["offset"]))


def _resolve_month_name(
    item: Found, now: datetime, future: bool | None
) -> Window | None:
    month = compiled(item.language).months[item.groups["month"]]
    if "year" in item.groups:
        year = int(item.groups["year"])
        if not 1 <= year <= 9998:
            return None
        return _month_window(now.replace(year=year, day=1), 0, month)
    # The last such month that has begun (past), the coming one unless it
    # has begun (ahead), the nearest of those (no tense; a tie is the past).
    back = 0 if month <= now.month else -12
    coming = 0 if month >= now.month else 12
    if future is True:
        offset = coming
    elif future is False:
        offset = back
    else:
        nearer = (now.month - month) % 12 <= (month - now.month) % 12
        offset = back if nearer else coming
    return _month_window(now.replace(day=1), offset, month)


def _resolve_season(item: Found, now: datetime, future: bool | None) -> Window:
    """ "Last summer", "im Winter 2024", "late autumn" (time/seasons.py)."""
    table = compiled(item.language)
    groups = item.groups
    which = next((w for w in ("last", "this", "next") if w in groups), None)
    third = groups.get("season_third")
    first, after = season_days(
        (table.seasons or {})[groups["season"]],
        now=now,
        which=which,
        year=int(groups["year"]) if "year" in groups else None,
        future=future,
        third=None if third is None else table.thirds[third],
    )
    return Window(_at(first, 0, now), _at(after, 0, now))


def _resolve_coming(item: Found, now: datetime, future: bool | None) -> Window:
    """ "Coming up", "anstehend": from now, half a year ahead (as far as a
    date without its year is the nearest one)."""
    return Window(now, now + timedelta(days=COMING_DAYS))


# How far ahead "coming up", "demnächst" look.
COMING_DAYS: Final = 183


def _weekends_back(item: Found) -> int:
    """How many weekends before the last one: "the weekend before last",
    "vorletztes Wochenende" 1 (`weeks_back`), "three weekends ago" 2; 0
    for another weekend."""
    if "number" in item.groups:
        return max(0, _number(item) - 1)
    return int(item.options.get("weeks_back", 0))


def _resolve_weekend(item: Found, now: datetime, future: bool | None) -> Window:
    today = now.date()
    saturday = today - timedelta(days=(today.weekday() - 5) % 7)
    last = bool(item.groups.get("qual")) or "number" in item.groups
    if last and today.weekday() >= 5:
        saturday -= timedelta(days=7)
    if last:
        saturday -= timedelta(days=7 * _weekends_back(item))
    if "next" in item.groups:
        # "Next weekend": the coming one; on a weekend, the one after it.
        return _weekend_of(today + timedelta(days=(5 - today.weekday()) % 7 or 7), now)
    if future and saturday < today - timedelta(days=1):
        saturday += timedelta(days=7)
    return _weekend_of(saturday, now)


def _weekend_of(saturday: date, now: datetime) -> Window:
    return Window(_at(saturday, 0, now), _at(saturday + timedelta(days=2), 0, now))


def _resolve(item: Found, now: datetime, future: bool | None) -> Window | None:
    """The window `item` names; "early", "mid", "late" ("Anfang", "Mitte",
    "Ende") narrow a month or a week to a third of it, "the first week of"
    ("die erste … woche") a month to its days 1-7, "the first weekend of"
    to its first Saturday and Sunday, "the weekend of" a date to the
    weekend it is in or nearest, "the week of" a date to its week
    (spans.py)."""
    window = _RESOLVERS[item.kind](item, now, future)
    if window is None:
        return None
    table = compiled(item.language)
    first, after = window.start.date(), window.end.date()
    if (third := item.groups.get("third")) is not None:
        first, after = third_of(first, after, table.thirds[third])
    elif (ordinal := item.groups.get("week_ordinal")) is not None:
        of_month = weekend_of_month if item.options.get("weekend") else week_of_month
        week = of_month(first, after, table.week_ordinals[ordinal])
        if week is None:
            return None
        first, after = week
    elif item.options.get("weekend"):
        first, after = weekend_around(first)  # "the weekend of the 7th"
    elif item.options.get("whole_week"):
        first, after = week_around(first)  # "the week of the 16th"
    else:
        return window
    return Window(_at(first, 0, now), _at(after, 0, now))


_RESOLVERS: Final[
    dict[str, Callable[[Found, datetime, bool | None], Window | None]]
] = {
    "day": _resolve_day,
    "night": _resolve_night,
    "this_night": _resolve_this_night,
    "weekday": _resolve_weekday,
    "date": _resolve_date,
    "days": _resolve_days,
    "range": _resolve_range,
    "ago": _resolve_ago,
    "later": _resolve_later,
    "recent": _resolve_recent,
    "week": _resolve_week,
    "week_days": _resolve_week_days,
    "month": _resolve_month,
    "month_name": _resolve_month_name,
    "weekend": _resolve_weekend,
    "coming": _resolve_coming,
    "season": _resolve_season,
}
