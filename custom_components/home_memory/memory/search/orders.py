"""Orders a ranking takes besides the best score first.

"When did ... last": the asked deed or moment, its last time first
(docs/time.md, "The last time"). "What did I tell you today": what was
told, in the order it was told (operations/told.py). "What happened
yesterday at 7 pm": what happened nearest it first (docs/time.md).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from .visitors import visits_by_their_time

if TYPE_CHECKING:
    from collections.abc import Sequence
    from datetime import datetime

    from ..storage.candidates import CandidateQueries
    from .ranking import Ranking

# "When did ... last": memories at least this share of the best relevance
# are answers, ordered by when they happened (docs/time.md)...
NEWEST_FIRST_SHARE = 0.75
# Kinds that tell of no occasion, whatever time they were told.
_NO_OCCASION = frozenset({"decision", "preference", "routine", "project", "person"})
# ... among this many times the usual candidates.
NEWEST_FIRST_POOL = 4


def newest_first(
    candidates: CandidateQueries, ranking: Ranking, query: str, language: str
) -> Ranking:
    """ "The last time ...": of the memories about as relevant as the best
    (NEWEST_FIRST_SHARE of its relevance, among NEWEST_FIRST_POOL times
    the usual candidates: a long memory that names the washing machine
    among five other things is about it too, though its embedding is
    diluted), the latest event first; the others after them, by score.
    A decision, preference or routine follows them: it tells of no
    occasion ("We decided on Christmas at Grandma's", review s23 M3).
    A visit told as over, asked who came last, is an answer whatever
    its relevance, and before a plan that also answers by its words
    (visitors.py `visits_by_their_time`)."""
    if not ranking.rowids:
        return ranking
    # Each memory's own match (not what its day's thread lent it: a
    # memory of a busy day would set a bar its quieter days never reach).
    best = max(r.own for r in ranking.relevance)
    by_time = visits_by_their_time(candidates, query, ranking.rowids, language)
    happened = candidates.happened_at(ranking.rowids)
    answers = [
        i
        for i, relevance in enumerate(ranking.relevance)
        if relevance.own >= NEWEST_FIRST_SHARE * best or ranking.rowids[i] in by_time
    ]
    kinds = candidates.kinds([ranking.rowids[i] for i in answers])
    answers.sort(
        key=lambda i: (
            bool(by_time) and ranking.rowids[i] not in by_time,
            kinds.get(ranking.rowids[i]) in _NO_OCCASION,
            -happened.get(ranking.rowids[i], 0.0),
        )
    )
    chosen = set(answers)
    order = answers + [i for i in range(len(ranking)) if i not in chosen]
    return ranking.taken(order)


def in_order_told(
    candidates: CandidateQueries, ranking: Ranking, *, newest: bool = False
) -> Ranking:
    """`ranking` in the order its memories were told, oldest first: "what
    did I tell you today" is a recap of the day, read as it was told ("the
    spare key, then the cookies, then Peter on Saturday"), and the same
    list however often it is asked (by relevance to words that name no
    topic, and with each ask's access counted, it came back in another
    order each time: live review s41 MED-2). Told in the same second: in
    the order stored. `newest`: the last told first ("what did I tell
    you last", session 41)."""
    told = candidates.told_at(ranking.rowids)
    return ranking.taken(
        sorted(
            range(len(ranking)),
            key=lambda i: (told.get(ranking.rowids[i], 0.0), ranking.rowids[i]),
            reverse=newest,
        )
    )


# Seconds an event may last and still be at each moment it lasts through.
LONG_SPAN: Final = 3 * 3600.0


def nearest_first(
    candidates: CandidateQueries, ranking: Ranking, moments: Sequence[datetime]
) -> Ranking:
    """`ranking` with what happened nearest one of `moments` first: "what
    happened yesterday at 7 pm" lists the 19:05 event before the 18:10 one
    (live review s42 LOW-8); "gestern um Viertel nach acht", morning or
    evening, the 20:15 event before the day's others. An event that lasts
    through a moment is at it, unless it lasts longer than LONG_SPAN: then
    it is half its length away (a day told by its date, "yesterday: the
    gutter was cleaned", came before the 19:05 event; live review s42 M2).
    Equally near, in the ranking's order."""
    if not moments or len(ranking) < 2:
        return ranking
    began = candidates.happened_at(ranking.rowids)
    lasted = candidates.spans(ranking.rowids)
    asked = [moment.timestamp() for moment in moments]

    def distance(i: int) -> float:
        rowid = ranking.rowids[i]
        start, end = lasted.get(rowid, (began.get(rowid, 0.0),) * 2)
        end = max(start, end)
        inside = (end - start) / 2 if end - start > LONG_SPAN else 0.0
        return min(max(start - at, at - end, inside) for at in asked)

    return ranking.taken(sorted(range(len(ranking)), key=lambda i: (distance(i), i)))
