"""Retrieval's candidate queries: FTS5 and vector candidates, allowed-row filters.

A search asks for the best rows by keyword and by vector under the caller's
filter, then the true scores of a few more (thread neighbours, keyword hits
the vector pass missed), then the columns ranking needs. All of it lives here,
beside retrieval, and reads through a callable the store hands over: the
store owns the connections and the in-memory copies, this module only reads
them.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from ..common.values import (
    TOLD_AT_ITS_TIME_SECONDS,
    Caller,
    MemoryFilter,
    Tier,
    Visibility,
)
from ..embedding.profiles import profile_for
from ..scoring.score_table import SCORE_COLUMNS, ScoreColumns, ScoreTable
from ..text.asking import QUESTION_MARKS
from ..text.fts_query import (
    STOPWORDS,
    asked_in,
    or_expression,
    search_terms,
    topic_terms,
)
from .filters import filter_sql
from .kept_texts import KeptTexts
from .posting_lists import PostingLists

if TYPE_CHECKING:
    from collections.abc import Callable, Collection, Sequence
    from contextlib import AbstractContextManager
    import sqlite3

    from ..embedding.embedder import Embedder
    from ..vectors.vector_index import VectorIndex


# A memory's text holds one of the question marks (a literal, not a parameter).
_HOLDS_QUESTION_MARK = (
    "(" + " OR ".join(f"instr(content, '{mark}')" for mark in QUESTION_MARKS) + ")"
)
# BM25 column weights: content, summary, tags, people.
_BM25_WEIGHTS = "1.0, 0.5, 0.8, 0.8"
# Keyword search filters its best rows in chunks of this many times the rows
# it needs (most rows pass: household memories are the bulk of a store).
_KEYWORD_OVERFETCH = 2
# Common-word pruning, only in stores this large: FTS5 scores every row that
# holds a query word (about 2 µs a row), so the words are taken rarest first
# while their memories add up to at most this many rows; the rest are left to
# the vectors. Document frequencies are cached until the store has grown by a
# step.
_PRUNE_FROM_ROWS = 5_000
_KEYWORD_ROW_BUDGET = 300
_DF_CACHE_STEP = 1_000
_DF_CACHE_SIZE = 4_096
# The most memories whose people people_of keeps between writes.
_PEOPLE_KEPT = 20_000


class KeywordHits:
    """A keyword search's candidates, and the BM25 of every row its words matched.

    A memory the search takes in later (a thread neighbour) gets its score
    from here: the same words and statistics as the candidates', without
    asking FTS5 again (a MATCH restricted to listed rowids seeks every word's
    document list once per listed row).
    """

    __slots__ = ("_matched", "best")

    def __init__(
        self, best: list[tuple[int, float]], matched: list[tuple[int, float]]
    ) -> None:
        """`best`: the candidates, best first; `matched`: (rowid, score) of all."""
        self.best = best
        self._matched = matched

    def scores(self, rowids: Collection[int]) -> dict[int, float]:
        """BM25 scores (higher is better) of these memories; none for a non-match."""
        wanted = set(rowids)
        return {
            int(rowid): float(score)
            for rowid, score in self._matched
            if rowid in wanted
        }


def _on_shared_scale(
    embedder: Embedder, found: list[tuple[int, float]]
) -> list[tuple[int, float]]:
    """(rowid, cosine) pairs with the cosines on the shared scale (profiles)."""
    calibrate = profile_for(embedder.model_id).search
    return [(rowid, calibrate(cosine)) for rowid, cosine in found]


class CandidateQueries:
    """The reads a search makes, over the store's reader and in-memory copies."""

    def __init__(
        self,
        read: Callable[[], AbstractContextManager[sqlite3.Connection]],
        *,
        clock: Callable[[], float],
        index: VectorIndex,
        scores: ScoreTable,
        groups_of: Callable[[Caller], set[int]],
        embedder: Embedder | None,
        sqlite_vec_version: str | None,
        stopwords: frozenset[str] = STOPWORDS,
        generic: frozenset[str] = frozenset(),
    ) -> None:
        """Read through `read` (one read transaction per call).

        `index`, `scores` and `groups_of` are the store's in-memory copies,
        read here and changed only by the store. `embedder` is the store's:
        the store sets it again when it switches models (set_embedder).
        """
        self._read = read
        self._clock = clock
        # The words no keyword search looks for (the household's language).
        self._stopwords = stopwords
        # The nouns it looks for only where nothing else is asked.
        self._generic = generic
        self._index = index
        self._scores = scores
        self._groups_of = groups_of
        self.embedder = embedder
        self._sqlite_vec = sqlite_vec_version
        # Document frequencies of query words (see _selective_terms).
        self._df_cache: dict[str, tuple[int, int]] = {}
        # Everyone memories are about, and the reader's data_version then.
        self._everyone: tuple[int, frozenset[str]] = (-1, frozenset())
        # Each memory's people read so far, and the reader's data_version then.
        self._people: tuple[int, dict[int, tuple[str, ...]]] = (-1, {})
        # The household's person names, as the home knows them (Home
        # Assistant's persons; set by the integration): who a told memory
        # that names its subject is about (search/people.py `told_subject`).
        self.household: frozenset[str] = frozenset()
        self._posting_lists = PostingLists()
        self._kept_texts = KeptTexts()

    def keyword_candidates(
        self, text: str, caller: Caller, flt: MemoryFilter, limit: int
    ) -> list[tuple[int, float]]:
        """(rowid, BM25 score, higher is better) for the text's content words.

        The best `limit` rows the filter lets through, best first (see
        keyword_hits).
        """
        return self.keyword_hits(text, caller, flt, limit).best

    def query_terms(self, text: str) -> list[str]:
        """The words a keyword search of `text` looks for (`keyword_hits`)."""
        terms = search_terms(text, asked_in(text, self._stopwords))
        return topic_terms(terms, text, self._generic)

    def keyword_hits(
        self, text: str, caller: Caller, flt: MemoryFilter, limit: int
    ) -> KeywordHits:
        """The keyword candidates for the text, and the score of every match.

        FTS5 scores every matching row as a plain column (its ORDER BY rank
        path measured twice as slow for the same rows), Python orders them,
        and the filter runs on the best rows a chunk at a time until `limit`
        pass it. Ties go to the older memory.
        """
        terms = self.query_terms(text)
        if not terms:
            return KeywordHits([], [])
        where, params = filter_sql(flt, caller, self._clock())
        chunk = limit * _KEYWORD_OVERFETCH
        with self._read() as conn:
            selective = self._selective_terms(conn, terms)
            if not selective:
                return KeywordHits([], [])
            rows = conn.execute(
                f"SELECT rowid, -bm25(memories_fts, {_BM25_WEIGHTS}) "
                "FROM memories_fts WHERE memories_fts MATCH ?",
                (or_expression(selective),),
            ).fetchall()
            rows.sort(key=lambda row: (-row[1], row[0]))
            kept: list[tuple[int, float]] = []
            for start in range(0, len(rows), chunk):
                part = rows[start : start + chunk]
                allowed = {
                    row[0]
                    for row in conn.execute(
                        # NOT INDEXED: without statistics the planner may scan
                        # the tier index (all rows) instead of these few.
                        f"SELECT m.rowid FROM memories m NOT INDEXED WHERE m.rowid "
                        f"IN ({','.join('?' * len(part))}) AND {where}",
                        [*(row[0] for row in part), *params],
                    )
                }
                kept.extend((int(r), float(score)) for r, score in part if r in allowed)
                if len(kept) >= limit:
                    break
        return KeywordHits(kept[:limit], rows)

    def _selective_terms(self, conn: sqlite3.Connection, terms: list[str]) -> list[str]:
        """The rarest words whose memories fit the row budget, in large stores.

        Common words barely move BM25 (low IDF) but make FTS5 score thousands
        of rows: at 100,000 memories they were most of a search's time, and
        its slowest tail. A query made only of them is left to the vectors.
        """
        total = self._approximate_count(conn)
        if total < _PRUNE_FROM_ROWS:
            return terms
        generation = total // _DF_CACHE_STEP
        frequencies: dict[str, int] = {}
        for term in dict.fromkeys(terms):
            cached = self._df_cache.get(term)
            if cached is None or cached[1] != generation:
                # Counting stops just past the budget: a common word costs no
                # more to check than a rare one.
                count = conn.execute(
                    "SELECT count(*) FROM (SELECT rowid FROM memories_fts "
                    "WHERE memories_fts MATCH ? LIMIT ?)",
                    (or_expression([term]), _KEYWORD_ROW_BUDGET + 1),
                ).fetchone()[0]
                cached = (int(count), generation)
                if len(self._df_cache) >= _DF_CACHE_SIZE:
                    self._df_cache.clear()
                self._df_cache[term] = cached
            frequencies[term] = cached[0]
        kept: set[str] = set()
        rows = 0
        for term in sorted(frequencies, key=lambda t: (frequencies[t], t)):
            rows += frequencies[term]
            if rows > _KEYWORD_ROW_BUDGET:
                break
            kept.add(term)
        return [t for t in terms if t in kept]

    @staticmethod
    def _approximate_count(conn: sqlite3.Connection) -> int:
        # max(rowid) is a b-tree lookup; count(*) would scan the table.
        return int(
            conn.execute("SELECT coalesce(max(rowid), 0) FROM memories").fetchone()[0]
        )

    def thread_links(
        self,
        seeds: Sequence[int],
        caller: Caller,
        flt: MemoryFilter,
        known: Collection[int],
        *,
        shallow: Sequence[int] = (),
    ) -> dict[int, tuple[int | None, int | None]]:
        """The memory before and after each seed in its thread (same filter),
        and the same for each of those neighbours that is not in `known`.

        `shallow` rows get their own two neighbours only, not followed
        further. One statement: each seed's neighbours, then theirs one step
        further out; a neighbour's other neighbour is the seed itself (or, for
        a seed the filter hides, the seed's other neighbour).
        """
        deep = list(dict.fromkeys(seeds))
        taken = set(deep)
        rest = [rowid for rowid in dict.fromkeys(shallow) if rowid not in taken]
        if not deep and not rest:
            return {}
        where, params = filter_sql(flt, caller, self._clock())
        before = "ORDER BY m.created_at DESC, m.rowid DESC LIMIT 1"
        after = "ORDER BY m.created_at, m.rowid LIMIT 1"
        with self._read() as conn:
            if rest:
                rest = self._sharing_a_thread(conn, deep, rest)
            every = [*deep, *rest]
            rows = conn.execute(
                "WITH seed AS (SELECT m.rowid AS rowid, m.thread AS thread, "
                f"m.created_at AS created_at, ({where}) AS visible, "
                f"m.rowid IN ({','.join('?' * len(deep)) or 'NULL'}) AS deep "
                "FROM memories m WHERE m.thread IS NOT NULL "
                f"AND m.rowid IN ({','.join('?' * len(every))})), "
                "near AS (SELECT seed.*, "
                "(SELECT m.rowid FROM memories m WHERE m.thread = seed.thread "
                "AND (m.created_at, m.rowid) < (seed.created_at, seed.rowid) "
                f"AND {where} {before}) AS before, "
                "(SELECT m.rowid FROM memories m WHERE m.thread = seed.thread "
                "AND (m.created_at, m.rowid) > (seed.created_at, seed.rowid) "
                f"AND {where} {after}) AS after FROM seed) "
                "SELECT near.rowid, near.visible, near.deep, near.before, near.after, "
                # CASE evaluates the further step only for the deep seeds.
                "CASE WHEN near.deep THEN (SELECT m.rowid FROM memories b, memories m "
                "WHERE b.rowid = near.before AND m.thread = near.thread "
                "AND (m.created_at, m.rowid) < (b.created_at, b.rowid) "
                f"AND {where} {before}) END, "
                "CASE WHEN near.deep THEN (SELECT m.rowid FROM memories a, memories m "
                "WHERE a.rowid = near.after AND m.thread = near.thread "
                "AND (m.created_at, m.rowid) > (a.created_at, a.rowid) "
                f"AND {where} {after}) END FROM near",
                [*params, *deep, *every, *params, *params, *params, *params],
            ).fetchall()
        links: dict[int, tuple[int | None, int | None]] = {}
        for (
            rowid,
            visible,
            is_deep,
            first_before,
            first_after,
            second_before,
            second_after,
        ) in rows:
            links[rowid] = (first_before, first_after)
            if not is_deep:
                continue
            if first_before is not None and first_before not in known:
                links[first_before] = (second_before, rowid if visible else first_after)
            if first_after is not None and first_after not in known:
                links[first_after] = (rowid if visible else first_before, second_after)
        return links

    @staticmethod
    def _sharing_a_thread(
        conn: sqlite3.Connection, deep: Sequence[int], rest: Sequence[int]
    ) -> list[int]:
        """The shallow rows whose thread holds another of these rows.

        A shallow row borrows only from a neighbour among them (or one a
        deep seed brings in, which shares that seed's thread): alone in its
        thread it has no one to borrow from, so its neighbours are not read.
        """
        every = [*deep, *rest]
        threads = dict(
            conn.execute(
                "SELECT rowid, thread FROM memories WHERE thread IS NOT NULL "
                f"AND rowid IN ({','.join('?' * len(every))})",
                every,
            ).fetchall()
        )
        count = Counter(threads.values())
        return [r for r in rest if r in threads and count[threads[r]] > 1]

    def questioning_texts(self, rowids: Sequence[int]) -> dict[int, str]:
        """The text of each of these memories that holds a question mark.

        Only those can ask (text/asking.py); a household's memories rarely
        do, so most searches read no text here at all.
        """
        return self._contents(rowids, _HOLDS_QUESTION_MARK)

    def contents(self, rowids: Sequence[int]) -> dict[int, str]:
        """The text of each of these memories (a floor's few rows), kept
        until the index changes (kept_texts.py)."""
        if not rowids:
            return {}
        with self._read() as conn:
            return self._kept_texts.texts(conn, rowids)

    def private_texts(self, rowids: Sequence[int], owner: str) -> dict[int, str]:
        """The text of each of these memories private to `owner` (told in
        the first person, a private memory keeps its teller's "I")."""
        return self._contents(
            rowids, "owner = ? AND visibility = ?", (owner, Visibility.PRIVATE.value)
        )

    def _contents(
        self, rowids: Sequence[int], condition: str, values: Sequence[str] = ()
    ) -> dict[int, str]:
        """The text of each of these memories meeting an SQL `condition`
        (its parameters: `values`)."""
        if not rowids:
            return {}
        with self._read() as conn:
            return {
                int(rowid): str(content)
                for rowid, content in conn.execute(
                    "SELECT rowid, content FROM memories "
                    f"WHERE rowid IN ({','.join('?' * len(rowids))}) "
                    f"AND {condition}",
                    [*rowids, *values],
                )
            }

    def told_texts(self, rowids: Sequence[int]) -> dict[int, tuple[str, str]]:
        """The text and kind of each of these memories that was told (not
        observed) with no time of its own: its event time is its telling,
        within TOLD_AT_ITS_TIME_SECONDS ("we go swimming every Saturday"
        told on Saturday)."""
        if not rowids:
            return {}
        with self._read() as conn:
            return {
                int(rowid): (str(content), str(kind))
                for rowid, content, kind in conn.execute(
                    "SELECT rowid, content, kind FROM memories "
                    f"WHERE rowid IN ({','.join('?' * len(rowids))}) "
                    "AND source != 'observed' AND "
                    f"abs(happened_at - created_at) < {TOLD_AT_ITS_TIME_SECONDS}",
                    list(rowids),
                )
            }

    def holding(
        self, terms: Sequence[str], rowids: Sequence[int]
    ) -> dict[str, set[int]]:
        """Which of these memories hold each word (as the keyword search
        matches it: stemmed, any column): the word's whole list, kept until
        the index changes (posting_lists.py), then the few rows a floor let
        through. (FTS5 starts one query for each value of a `rowid IN (…)`:
        2.7 ms a call.)"""
        if not rowids or not terms:
            return {}
        wanted = set(rowids)
        with self._read() as conn:
            return {
                term: wanted.intersection(self._posting_lists.holding(conn, term))
                for term in dict.fromkeys(terms)
            }

    def tags_of(self, rowids: Sequence[int]) -> list[tuple[int, str]]:
        """Each tag of these memories, with its memory's rowid."""
        if not rowids:
            return []
        with self._read() as conn:
            return [
                (int(rowid), str(tag))
                for rowid, tag in conn.execute(
                    "SELECT memory_rowid, tag FROM memory_tags WHERE memory_rowid "
                    f"IN ({','.join('?' * len(rowids))})",
                    list(rowids),
                )
            ]

    def everyone(self) -> frozenset[str]:
        """Every person a memory is about, read again only after a write
        (SQLite's data_version): what a question may name, known before
        any of its candidates are."""
        with self._read() as conn:
            version = int(conn.execute("PRAGMA data_version").fetchone()[0])
            if version != self._everyone[0]:
                people = conn.execute("SELECT DISTINCT person FROM memory_people")
                self._everyone = (version, frozenset(str(row[0]) for row in people))
        return self._everyone[1]

    def people_of(self, rowids: Sequence[int]) -> dict[int, list[str]]:
        """The people each of these memories is about (those with any).

        Kept between calls until the next write (SQLite's data_version): a
        search asks for the same candidates three or four times (the floors,
        the word families, the person boost).
        """
        if not rowids:
            return {}
        with self._read() as conn:
            version = int(conn.execute("PRAGMA data_version").fetchone()[0])
            if version != self._people[0] or len(self._people[1]) > _PEOPLE_KEPT:
                self._people = (version, {})
            known = self._people[1]
            missing = [rowid for rowid in dict.fromkeys(rowids) if rowid not in known]
            if missing:
                fetched: dict[int, list[str]] = {rowid: [] for rowid in missing}
                for rowid, person in conn.execute(
                    "SELECT memory_rowid, person FROM memory_people "
                    f"WHERE memory_rowid IN ({','.join('?' * len(missing))})",
                    missing,
                ):
                    fetched[int(rowid)].append(str(person))
                known.update((rowid, tuple(found)) for rowid, found in fetched.items())
        return {rowid: list(known[rowid]) for rowid in rowids if known[rowid]}

    def vector_candidates(
        self,
        query: npt.NDArray[np.float32],
        caller: Caller,
        flt: MemoryFilter,
        limit: int,
    ) -> list[tuple[int, float]]:
        """(rowid, similarity) of the nearest memories the caller may see.

        Similarities are cosines on the shared scale of the model profiles
        (embedding/profiles.py), so thresholds hold for every model.
        """
        embedder = self.embedder
        if embedder is None:
            return []
        now = self._clock()
        if flt.tiers == (Tier.ACTIVE,):
            # Active memories are all in the index; SQL only narrows the rows.
            allowed = None
            if flt.needs_sql():
                where, params = filter_sql(flt, caller, now)
                with self._read() as conn:
                    allowed = np.fromiter(
                        (
                            row[0]
                            for row in conn.execute(
                                f"SELECT m.rowid FROM memories m WHERE {where}", params
                            )
                        ),
                        dtype=np.int64,
                    )
                if allowed.size == 0:
                    return []
            return _on_shared_scale(
                embedder,
                self._index.search(
                    query,
                    limit,
                    groups=self._groups_of(caller),
                    now=None if flt.include_expired else now,
                    allowed_rowids=allowed,
                ),
            )
        # Deleted and archived memories are not indexed: scan their vectors.
        where, params = filter_sql(flt, caller, now)
        if self._sqlite_vec is not None:
            # Exact scan inside SQLite: the vectors never leave the database.
            with self._read() as conn:
                rows = conn.execute(
                    "SELECT m.rowid, 1.0 - vec_distance_cosine(v.vector, ?) AS cosine "
                    "FROM memories m JOIN memory_vectors v ON v.memory_rowid = m.rowid "
                    f"WHERE v.model = ? AND {where} "
                    "ORDER BY cosine DESC, m.rowid LIMIT ?",
                    [
                        np.asarray(query, dtype="<f4").tobytes(),
                        embedder.model_id,
                        *params,
                        limit,
                    ],
                ).fetchall()
            return _on_shared_scale(
                embedder, [(int(rowid), float(cosine)) for rowid, cosine in rows]
            )
        with self._read() as conn:
            blobs = conn.execute(
                "SELECT m.rowid, v.vector FROM memories m JOIN memory_vectors v "
                f"ON v.memory_rowid = m.rowid WHERE v.model = ? AND {where} "
                "ORDER BY m.rowid",
                [embedder.model_id, *params],
            ).fetchall()
        if not blobs:
            return []
        matrix = np.frombuffer(b"".join(r[1] for r in blobs), dtype="<f4").reshape(
            len(blobs), embedder.dimensions
        )
        scores = matrix @ np.asarray(query, dtype=np.float32)
        order = np.argsort(-scores, kind="stable")[:limit]
        return _on_shared_scale(
            embedder, [(int(blobs[i][0]), float(scores[i])) for i in order]
        )

    def window_candidates(
        self, caller: Caller, flt: MemoryFilter, limit: int
    ) -> list[int]:
        """The rows in the filter's event-time window, latest event first."""
        where, params = filter_sql(flt, caller, self._clock())
        with self._read() as conn:
            rows = conn.execute(
                f"SELECT m.rowid FROM memories m WHERE {where} "
                "ORDER BY m.happened_at DESC, m.rowid DESC LIMIT ?",
                [*params, limit],
            ).fetchall()
        return [int(row[0]) for row in rows]

    def prefix_texts(
        self,
        starts: Sequence[tuple[str, str | None]],
        caller: Caller,
        flt: MemoryFilter,
        skip: Collection[int],
    ) -> dict[int, str]:
        """The text (content and summary) of the memories the filter lets
        through that hold a word starting with one of `starts`' beginnings
        but not its word (letters only; "allerg" not "allergies"), but for
        `skip`: at most the keyword row budget of them, newest first
        (text/word_forms.py)."""
        if not starts:
            return {}
        expression = " OR ".join(
            f'("{start}"* NOT "{unless}")' if unless else f'"{start}"*'
            for start, unless in starts
        )
        where, params = filter_sql(flt, caller, self._clock())
        with self._read() as conn:
            rowids = [
                int(row[0])
                for row in conn.execute(
                    "SELECT rowid FROM memories_fts WHERE memories_fts MATCH ? "
                    "ORDER BY rowid DESC LIMIT ?",
                    (expression, _KEYWORD_ROW_BUDGET),
                )
                if int(row[0]) not in skip
            ]
            if not rowids:
                return {}
            return {
                int(rowid): f"{content} {summary or ''}"
                for rowid, content, summary in conn.execute(
                    "SELECT m.rowid, m.content, m.summary FROM memories m "
                    f"NOT INDEXED WHERE m.rowid IN ({','.join('?' * len(rowids))}) "
                    f"AND {where}",
                    [*rowids, *params],
                )
            }

    def happened_at(self, rowids: Sequence[int]) -> dict[int, float]:
        """When each of these memories' events began (unix seconds)."""
        rows = self._columns(rowids, "happened_at")
        return {int(rowid): float(at) for rowid, at in rows}

    def told_at(self, rowids: Sequence[int]) -> dict[int, float]:
        """When each of these memories was told (created; unix seconds)."""
        rows = self._columns(rowids, "created_at")
        return {int(rowid): float(at) for rowid, at in rows}

    def kinds(self, rowids: Sequence[int]) -> dict[int, str]:
        """The kind of each of these memories ("event", "decision", …)."""
        return {int(rowid): str(kind) for rowid, kind in self._columns(rowids, "kind")}

    def spans(self, rowids: Sequence[int]) -> dict[int, tuple[float, float]]:
        """When each of these memories' events that last a while began and
        ended (unix seconds); those with no `happened_until` are left out."""
        rows = self._columns(rowids, "happened_at, happened_until")
        return {
            int(rowid): (float(at), float(until))
            for rowid, at, until in rows
            if until is not None
        }

    def _columns(self, rowids: Sequence[int], columns: str) -> list[tuple[Any, ...]]:
        """The rowid and `columns` (names written here, never given) of each
        of these memories."""
        if not rowids:
            return []
        with self._read() as conn:
            return conn.execute(
                f"SELECT rowid, {columns} FROM memories WHERE rowid IN "
                f"({','.join('?' * len(rowids))})",
                list(rowids),
            ).fetchall()

    def similarities(
        self, query: npt.NDArray[np.float32], rowids: Sequence[int]
    ) -> dict[int, float]:
        """Exact similarity (on the shared scale) for these memories."""
        embedder = self.embedder
        if embedder is None or not rowids:
            return {}
        found = self._index.similarities(query, rowids)
        missing = [rowid for rowid in rowids if rowid not in found]
        if missing:
            with self._read() as conn:
                rows = conn.execute(
                    "SELECT memory_rowid, vector FROM memory_vectors WHERE model = ? "
                    f"AND memory_rowid IN ({','.join('?' * len(missing))})",
                    [embedder.model_id, *missing],
                ).fetchall()
            for rowid, blob in rows:
                found[int(rowid)] = float(np.frombuffer(blob, dtype="<f4") @ query)
        calibrate = profile_for(embedder.model_id).search
        return {rowid: calibrate(cosine) for rowid, cosine in found.items()}

    def score_fields(self, rowids: Sequence[int]) -> ScoreColumns:
        """The columns ranking needs, in memory for active memories.

        Rows of other tiers (an admin's search of deleted or archived
        memories) are read from the file. Unknown rowids are left out.
        """
        held, missing = self._scores.lookup(rowids)
        if not missing:
            return held
        with self._read() as conn:
            rows = conn.execute(
                f"SELECT {SCORE_COLUMNS} FROM memories WHERE rowid IN "
                f"({','.join('?' * len(missing))})",
                missing,
            ).fetchall()
        return ScoreColumns.concatenate([held, ScoreColumns.from_rows(rows)])
