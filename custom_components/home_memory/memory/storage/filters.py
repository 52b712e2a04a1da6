"""A MemoryFilter as SQL: the one WHERE clause listing and search both use.

Listing (reading.py) and retrieval's candidates (candidates.py) must agree on
what a caller may see and what a filter means; both call this. The clause
reads the `memories` table under the alias `m`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ..common.values import IMPORTED_SOURCES, TOLD_AT_ITS_TIME_SECONDS, Origin
from ..text.fts_query import or_expression, search_terms
from ..text.validation import label_key, to_timestamp

if TYPE_CHECKING:
    from ..common.values import Caller, MemoryFilter

# Each origin (models.Origin) as a condition on a memory row `m`; source_ids
# is a JSON list, '[]' when empty (models.origin_of is the same rule).
ORIGIN_SQL: dict[Origin, str] = {
    Origin.VOICE: "(m.source = 'explicit' AND m.source_ids != '[]')",
    Origin.ACTION: "(m.source = 'explicit' AND m.source_ids = '[]')",
    Origin.OBSERVED: "m.source = 'observed'",
    Origin.EXTRACTED: "m.source = 'extracted'",
    Origin.IMPORTED: "m.source IN ("
    + ", ".join(f"'{source}'" for source in IMPORTED_SOURCES)
    + ")",
}


def filter_sql(flt: MemoryFilter, caller: Caller, now: float) -> tuple[str, list[Any]]:
    """The WHERE clause and its parameters for `flt` as seen by `caller` at `now`."""
    clauses = [f"m.tier IN ({','.join('?' * len(flt.tiers))})"]
    params: list[Any] = [str(t) for t in flt.tiers]
    clauses.append("(m.visibility = 'household' OR m.owner = ?)")
    params.append(caller.user_id)
    if not flt.include_expired:
        clauses.append("(m.expires_at IS NULL OR m.expires_at > ?)")
        params.append(now)
    if flt.kinds:
        clauses.append(f"m.kind IN ({','.join('?' * len(flt.kinds))})")
        params.extend(str(k) for k in flt.kinds)
    if flt.classes:
        clauses.append(f"m.weight_class IN ({','.join('?' * len(flt.classes))})")
        params.extend(str(c) for c in flt.classes)
    for tag in flt.tags:
        clauses.append(
            "m.rowid IN (SELECT memory_rowid FROM memory_tags WHERE tag = ?)"
        )
        params.append(label_key(tag))
    for person in flt.people:
        clauses.append(
            "m.rowid IN (SELECT memory_rowid FROM memory_people WHERE person = ?)"
        )
        params.append(label_key(person))
    if flt.owner is not None:
        clauses.append("m.owner = ?")
        params.append(flt.owner)
    if flt.visibility is not None:
        clauses.append("m.visibility = ?")
        params.append(str(flt.visibility))
    if flt.private_of is not None:
        clauses.append("(m.visibility = 'private' AND m.owner = ?)")
        params.append(flt.private_of)
    if flt.teller is not None:
        # Memory.teller: its speaker; told by an action, its owner.
        clauses.append(
            "(m.speaker = ? OR (m.speaker IS NULL AND m.source = 'explicit'"
            " AND m.owner = ?))"
        )
        params.extend([flt.teller, flt.teller])
    if flt.min_importance is not None:
        clauses.append("m.importance >= ?")
        params.append(flt.min_importance)
    _windows(flt, clauses, params)
    if flt.origins:
        clauses.append(
            "(" + " OR ".join(ORIGIN_SQL[origin] for origin in flt.origins) + ")"
        )
    return " AND ".join(clauses), params


# How many times a window's length a memory's span may be and still answer
# it: a week for a day of it ("were we at the swimming pool on Tuesday",
# review s23 R3), a month for a week, a season for a month; no season for a
# day, no year for a week.
SPAN_PER_WINDOW: Final = 8
# ... and a day always answers a window of it (25 hours: across a change of
# the clocks): "yesterday we took the car to the garage" was yesterday evening.
A_DAY_AT_MOST: Final = 25 * 3600
# A window this long or shorter is a part of a day (the night, 21:00 to
# 06:00, is the longest; an hour more across a change of the clocks) ...
A_PART_OF_DAY_AT_MOST: Final = 12 * 3600
# ... which a span of a few hours answers only with this share of it inside,
# or holding the whole part: Anna's morning from 05:50 to 07:30 overlaps
# the night's last ten minutes but is no answer to "did Anna get up last
# night" (review s35). A moment inside answers it.
PART_OF_DAY_MIN_SHARE: Final = 0.2
# A span this long or longer is dated to a day (across a change of the
# clocks, 23 hours), not to a time of it: it may have been in any part of
# it ("yesterday we took the car to the garage", asked of yesterday evening).
DATED_TO_A_DAY: Final = 23 * 3600


# A span in a part of the day: a moment, a span dated to a whole day, one
# holding the whole part, or one with PART_OF_DAY_MIN_SHARE of it inside.
_IN_THE_PART_OF_DAY: Final = (
    "(m.happened_until IS NULL OR m.happened_until - m.happened_at >= ?"
    " OR (m.happened_at <= ? AND m.happened_until >= ?)"
    " OR min(m.happened_until, ?) - max(m.happened_at, ?)"
    " >= ? * (m.happened_until - m.happened_at))"
)


def _windows(flt: MemoryFilter, clauses: list[str], params: list[Any]) -> None:
    """Write time, then event time: a memory's span overlaps [after, before).

    An event span ends where its `happened_until` is, not at it: "yesterday"
    is [yesterday 00:00, today 00:00), so a window from today 00:00 does not
    hold it; a moment (start = end) is held from `after` on.
    """
    if flt.created_after is not None:
        clauses.append("m.created_at >= ?")
        params.append(to_timestamp(flt.created_after))
    if flt.created_before is not None:
        clauses.append("m.created_at < ?")
        params.append(to_timestamp(flt.created_before))
    window: list[str] = []
    window_params: list[Any] = []
    if flt.happened_after is not None:
        window.append("(m.happened_until > ? OR m.happened_at >= ?)")
        window_params.extend([to_timestamp(flt.happened_after)] * 2)
    if flt.happened_before is not None:
        window.append("m.happened_at < ?")
        window_params.append(to_timestamp(flt.happened_before))
    if flt.happened_after is not None and flt.happened_before is not None:
        # A span far longer than the window is no answer to it: "in winter
        # 2026/27" did not happen "today" (review s32 M1).
        asked = flt.happened_before - flt.happened_after
        longest = max(SPAN_PER_WINDOW * asked.total_seconds(), A_DAY_AT_MOST)
        window.append(
            "(m.happened_until IS NULL OR m.happened_until - m.happened_at <= ?)"
        )
        window_params.append(longest)
        if asked.total_seconds() <= A_PART_OF_DAY_AT_MOST:
            window.append(_IN_THE_PART_OF_DAY)
            start = to_timestamp(flt.happened_after)
            end = to_timestamp(flt.happened_before)
            window_params.extend(
                [DATED_TO_A_DAY, start, end, end, start, PART_OF_DAY_MIN_SHARE]
            )
    terms = [term for word in flt.window_or_naming for term in search_terms(word)]
    if window and terms:
        # Or its text names the day asked about and its own time is no other
        # day: a habit, whose time is its telling, or a plan after the
        # window. What the home observed on another Tuesday ("Tuesday
        # morning: ...") or an event dated to one is not "on Tuesday".
        after = (
            to_timestamp(flt.happened_before)
            if flt.happened_before is not None
            else None
        )
        window = [
            "((" + " AND ".join(window) + ") OR (m.source != 'observed' AND "
            f"(abs(m.happened_at - m.created_at) < {TOLD_AT_ITS_TIME_SECONDS}"
            " OR m.happened_at >= ?) AND m.rowid IN (SELECT rowid FROM "
            "memories_fts WHERE memories_fts MATCH ?)))"
        ]
        window_params.extend(
            [
                after if after is not None else float("inf"),
                f"content : ({or_expression(terms)})",
            ]
        )
    clauses.extend(window)
    params.extend(window_params)
