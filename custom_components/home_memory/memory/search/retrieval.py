"""Hybrid retrieval: vector and keyword candidates, fused, then scored.

Relevance fuses the two signals (fusion.py `fuse`), memories borrow from
their thread's neighbours (threads.py); the composite score then weighs
relevance against importance x class weight x decay, recency and access
frequency (ranking.py; docs/architecture.md, "Hybrid relevance"), and an
asked order may rearrange it (orders.py). Context retrieval for a prompt is
the strict variant: few memories, a token budget, a relevance floor, and
nothing at all for requests that never need memory.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
import math
from typing import TYPE_CHECKING

from ..common.errors import ListingExpiredError
from ..common.values import Caller, Memory, MemoryFilter, Page, ScoredMemory, Tier
from ..embedding.profiles import ModelProfile, profile_for
from ..text.fts_query import asked_language
from ..text.naming import says_own
from ..text.quoting import data_block, quote
from ..text.validation import readable
from ..time.phrases import table_language
from .cursors import Cursors
from .families import asked_first, family_matches
from .floors import (
    about_others_asked,
    beside_names,
    besides_names_text,
    not_whole,
)
from .fusion import Relevance, fuse, on_topic
from .needs import never_needs_memory
from .orders import (
    NEWEST_FIRST_POOL,
    in_order_told,
    nearest_first,
    newest_first as by_newest,
)
from .other_language import across_languages, told_otherwise
from .people import (
    by_names_alone,
    holding_the_one_word,
    named_people,
    telling_of_someone,
)
from .ranking import Ranking, Scores, composite
from .searched_words import asking_nothing, searched_words
from .standing_out import (
    over_the_floors,
    stand_out_floor,
    topic_floor,
    wordless_floor,
)
from .threads import with_thread_neighbours
from .visitors import (
    comings_told,
    no_coming_told,
    visiting_as_coming,
    visits_by_their_time,
    without_comings_not_asked,
)
from .whose import not_the_owners
from .windows import (
    of_the_day_alone,
    pages_in_time,
    reaching_out_of,
    reading_order,
)

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator, Sequence

    import numpy as np
    import numpy.typing as npt

    from ..common.config import EngineConfig
    from ..store import MemoryStore

# A question with a topic besides its time words ("the interview on
# Tuesday"): inside its window a memory answers from this similarity (on
# the shared scale, so for every model), or with a word of the topic, or
# from the usual floor (docs/time.md). Measured: unrelated pairs 0.03-0.18
# ("the interview" / "The plumber comes on Tuesday" 0.13 MiniLM;
# "Vorstellungsgespräch" / "Anna geht zum Chor" 0.18 e5), the household's
# paraphrased answers 0.22-0.55 ("get up" / "the bedroom door opened" 0.23
# MiniLM, 0.22 e5; "laundry" / "the washing machine ran" 0.45), which the
# usual floors (relevance 0.3, 0.35: a cosine of 0.5 or more) cut.
TOPIC_IN_WINDOW_MIN_SIMILARITY = 0.2
CONTEXT_HEADER = "Relevant background:"


def context_line(memory: Memory, when: Callable[[Memory], str] | None = None) -> str:
    """One memory's line of a background: when it happened (`when`'s words,
    if any) and its summary, quoted: a memory's text can never start a line
    of its own."""
    told = "" if when is None else when(memory)
    said = f"({told}) " if told else ""
    return f"- {said}{quote(memory.summary)}"


def estimate_tokens(text: str) -> int:
    """Rough token count (MiniLM/GPT-style tokenizers: about 4 characters a token)."""
    return max(1, math.ceil(len(text) / 4))


@dataclass(frozen=True, slots=True)
class ContextResult:
    """Memories chosen for a prompt, and the text to put in front of the LLM."""

    memories: list[ScoredMemory]
    text: str
    skipped_reason: str | None = None


@dataclass(frozen=True, slots=True)
class ProgressivePage:
    """One batch of a progressive search (three at a time).

    `numbers[i]` is the 1-based place of `items[i]` in the whole search, the
    number `pick` takes: a result that vanished since the search (forgotten,
    made private) leaves a gap rather than shifting the others.
    """

    items: list[ScoredMemory]
    total: int
    position: int
    cursor: str | None
    has_more: bool
    numbers: list[int] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class _Entry:
    """One result of a search as a cursor keeps it: an id and scores, no text."""

    memory_id: str
    scores: Scores


@dataclass(slots=True)
class _Cursor:
    # Ids only: every follow-up re-reads the rows and re-checks visibility,
    # tier and expiry for the asking person at the moment it answers, so a
    # memory made private or forgotten after the search never comes back.
    owner: str | None
    entries: list[_Entry]
    position: int
    created: float  # the store's clock (unix seconds)


class Retriever:
    """Search, context and progressive narrowing over a MemoryStore."""

    def __init__(self, store: MemoryStore, config: EngineConfig | None = None) -> None:
        """Retrieve from `store` with the store's config unless told otherwise."""
        self.store = store
        # The candidate reads (the store embeds, fetches and records access).
        self._candidates = store.candidates
        self.config = config or store.config
        self._cursors = Cursors[_Cursor](store.now)

    # -- ranking ----------------------------------------------------------------

    def rank(
        self,
        query: str,
        caller: Caller,
        flt: MemoryFilter | None = None,
        *,
        pool: int | None = None,
        min_relevance: float = 0.0,
    ) -> list[ScoredMemory]:
        """Every candidate for `query`, best composite score first."""
        ranked = self._ranked(
            query, caller, flt, pool=pool, min_relevance=min_relevance
        )
        return self._materialize(ranked, 0, len(ranked))

    def _ranked(
        self,
        query: str,
        caller: Caller,
        flt: MemoryFilter | None,
        *,
        pool: int | None,
        min_relevance: float,
        newest_first: bool = False,
        topic_in_window: bool = False,
        asker: str | None = None,
        keyword_only: bool = False,
    ) -> Ranking:
        """Candidates scored from a few columns, best first, not yet fetched.

        `newest_first`: the best matches by the time they happened, latest
        first ("when did ... last"). `topic_in_window`: a question's topic
        inside its time window, which a memory under `min_relevance` matches
        with a content word it shares or a similarity of at least
        TOPIC_IN_WINDOW_MIN_SIMILARITY (docs/time.md). `asker`: the asking
        person's name; their "my" names them (`_about_named_people`).
        `keyword_only`: by words alone, as without a model (no embedding).
        """
        # Text from anywhere (the model cannot take all), a visit as a coming.
        query = visiting_as_coming(readable(query), self.config.language)
        flt = flt or MemoryFilter()
        pool = pool or self.config.candidate_pool
        if newest_first:
            # "The last time": the newest of the good matches, however many
            # others match as well, so look further than the best few.
            pool *= NEWEST_FIRST_POOL
        candidates = self._candidates
        query_vector = (
            self._embed_query(query, asker, min_relevance)
            if query.strip() and not keyword_only
            else None
        )
        vector = (
            dict(candidates.vector_candidates(query_vector, caller, flt, pool))
            if query_vector is not None
            else {}
        )
        # Asked in another language, or who comes: the household's words too
        # (searched_words.py).
        searched, coming_asked = searched_words(query, self.config.language)
        hits = candidates.keyword_hits(searched, caller, flt, pool)
        known = {*candidates.everyone(), *candidates.household, asker or ""}
        keyword = by_names_alone(candidates, searched, dict(hits.best), known)
        if query_vector is not None:
            self._similarities(query, query_vector, vector, keyword)
        fused = self._fuse(vector, keyword)
        if self.config.thread_neighbour_weight > 0 and fused:
            fused = with_thread_neighbours(
                candidates, self.config, self._fusion_weights(),
                hits, query_vector, caller, flt, vector, keyword, fused,
            )  # fmt: skip
        if flt.has_window():
            # A time window: what happened (or was told) then is a candidate,
            # however few words it shares ("what did I tell you today").
            for rowid in candidates.window_candidates(caller, flt, pool):
                fused.setdefault(rowid, Relevance(0.0, None, None, own=0.0))
        if self.config.person_weight > 0 and fused:
            fused = self._about_named_people(query, fused, asker)
        named = holding_the_one_word(candidates, searched, keyword, fused)
        margin = self._search_margin()
        floor = stand_out_floor(margin, vector, min_relevance)
        passing = over_the_floors(
            fused,
            min_relevance,
            (floor, wordless_floor(margin, vector, keyword, floor)),
            {*comings_told(candidates, query, fused, self.config.language), *named},
            answering_alone=coming_asked,
            told=visits_by_their_time(candidates, query, fused, self.config.language),
        )
        besides = None
        if min_relevance > 0:  # A word of the query's family passes (families.py).
            formed = family_matches(
                self, query, caller, flt, passing, query_vector, floor, asker
            )
            fused = {**self._fuse(formed, {}), **fused}
            passing.extend(formed)
            if passing:
                besides = self._beside_names(
                    query, passing, caller, flt, pool, asker, embed=not keyword_only
                )
        kept = {
            rowid: fused[rowid]
            for rowid in passing
            if besides is None or rowid in besides
        }
        if topic_in_window:
            least = topic_floor(margin, vector, keyword, TOPIC_IN_WINDOW_MIN_SIMILARITY)
            near = {
                r for r, rel in fused.items() if r not in kept and on_topic(rel, least)
            }
            # About another than a person it names: no answer, as the name
            # floor rules it out above ("did Anna get up in the night" read
            # Ben's night first, review s29 M10; "when did Zoe get up in the
            # night", a name nobody has, everyone's, review s30 M1). Not by
            # the asker's "we", which is everyone's. Asked who came, no deed
            # that tells of no coming ("Ist gestern früh jemand gekommen?").
            others = about_others_asked(
                candidates, query, near, None, self.config.language
            )
            others = (
                others - telling_of_someone(candidates, others, self.config.language)
            ) | no_coming_told(candidates, query, near, self.config.language)
            others |= of_the_day_alone(
                self.store, candidates, query, near, fused, self._reads(query)
            )
            kept.update((rowid, fused[rowid]) for rowid in near - others)
        if min_relevance > 0 and kept:
            # Inside a window too: "did anyone turn on the kitchen light
            # today" is not the spare key in the kitchen drawer told today.
            kept = self._whole_names(query, kept, min_relevance, (asker, caller))
        ranking = self._score_kept(query, kept, flt)
        if len(ranking) > 1:
            # No habit for "what did we do last weekend", no plan for "when
            # did Uncle Tom come", the window's own events first (windows.py).
            ranking = ranking.taken(
                reading_order(
                    candidates, ranking.rowids, flt, self.config.language, query
                )
            )
        # The asked deed or moment first, its last time first (review s33 R1).
        ranking = (
            by_newest(candidates, ranking, query, self.config.language)
            if newest_first
            else ranking
        )
        if len(ranking) > 1:
            ranking = ranking.taken(
                asked_first(
                    candidates, searched, ranking.rowids, known, self.config.language,
                    in_window=topic_in_window, latest=newest_first,
                )
            )  # fmt: skip
        # Asked at a clock time alone ("what happened yesterday at 7 pm"):
        # what happened nearest it first.
        ranking = nearest_first(candidates, ranking, flt.nearest_to)
        # Asked in the order told ("what did I tell you today"): that order;
        # asked for the last told ("what did I tell you last"): newest first.
        return (
            in_order_told(candidates, ranking, newest=newest_first)
            if flt.in_order_told
            else ranking
        )

    def _materialize(
        self, ranking: Ranking, start: int, stop: int
    ) -> list[ScoredMemory]:
        """Fetch the full memories of ranked candidates start..stop, in order."""
        memories = self.store.fetch(ranking.rowids[start:stop])
        return [
            ranking.scores(i).of(memories[rowid])
            for i, rowid in enumerate(ranking.rowids[start:stop], start)
            if rowid in memories
        ]

    def _in_order(self, ranking: Ranking) -> Iterator[ScoredMemory]:
        """The ranked memories best first, fetched a few at a time.

        Context retrieval usually stops after a handful of the ~80
        candidates: fetching all of them would cost more than the search.
        """
        step = max(1, self.config.context_max_memories * 2)
        for start in range(0, len(ranking), step):
            yield from self._materialize(ranking, start, start + step)

    @property
    def model_languages(self) -> frozenset[str] | None:
        """The languages the embedding model reads (None: any, or no model)."""
        return self._embedder_profile().languages if self.store.embedder else None

    def _similarities(
        self,
        query: str,
        query_vector: npt.NDArray[np.float32],
        vector: dict[int, float],
        keyword: dict[int, float],
    ) -> None:
        """Keyword hits the vector pass missed get their true cosine; a
        memory in another language is read as such a pair."""
        missing = [rowid for rowid in keyword if rowid not in vector]
        vector.update(self._candidates.similarities(query_vector, missing))
        across_languages(self._candidates, query, vector, self._embedder_profile())

    def _embedder_profile(self) -> ModelProfile:
        return profile_for(getattr(self.store.embedder, "model_id", None))

    def _search_margin(self) -> float | None:
        """The model profile's stand-out margin (standing_out.py)."""
        return self._embedder_profile().search_margin

    def _fusion_weights(self) -> tuple[float, float]:
        # The model's profile sets the split (embedding/profiles.py).
        return self._embedder_profile().fusion_weights(
            self.config.vector_weight, self.config.keyword_weight
        )

    def _fuse(
        self, vector: dict[int, float], keyword: dict[int, float]
    ) -> dict[int, Relevance]:
        vector_weight, keyword_weight = self._fusion_weights()
        return fuse(
            vector, keyword, vector_weight=vector_weight, keyword_weight=keyword_weight
        )

    def _embed_query(
        self, query: str, asker: str | None, min_relevance: float
    ) -> npt.NDArray[np.float32] | None:
        """The question's vector; where a floor applies, in one model run
        with what the name floor will likely ask (floors.besides_names_text)."""
        also = None
        if min_relevance > 0:
            also = besides_names_text(
                self._candidates,
                query,
                asker,
                stopwords=asking_nothing(self.config.language),
                reads=self._reads,
            )
        return self.store.embed_query(query, (also,) if also else ())

    def _beside_names(
        self,
        query: str,
        passing: list[int],
        caller: Caller,
        flt: MemoryFilter,
        pool: int,
        asker: str | None = None,
        *,
        embed: bool = True,
    ) -> set[int] | None:
        """The name floor (search/floors.py's `beside_names`; `embed`
        False: a search that embeds nothing)."""
        return beside_names(
            self._candidates,
            self.store.embed_query if embed else lambda _text: None,
            query,
            passing,
            caller,
            flt,
            pool,
            asker,
            language=self.config.language,
            stopwords=asking_nothing(self.config.language),
            liking=asking_nothing(self.config.language, liking=True),
            reads=self._reads,
        )

    def _whole_names(
        self,
        query: str,
        kept: dict[int, Relevance],
        min_relevance: float,
        asking: tuple[str | None, Caller],
    ) -> dict[int, Relevance]:
        """`kept` without the memories holding only part of a thing the
        question names by several words, or only where it is, or relating
        another thing (search/floors.py's `not_whole`), nor, asked for a
        person's thing, another's or what lacks the thing (whose.py)."""
        language = self.config.language
        asker, caller = asking
        dropped = not_the_owners(
            self._candidates,
            query,
            kept,
            (asker, caller.user_id),
            language,
            self.store.embed_query,
        )
        if self._reads(query):
            dropped |= not_whole(
                self._candidates,
                query,
                {rowid: relevance.similarity for rowid, relevance in kept.items()},
                asker,
                language=language,
                passing=(self._fusion_weights()[0], min_relevance),
                embed=self.store.embed_query,
                word_floor=self._embedder_profile().word_floor,
                otherwise=told_otherwise(
                    self._candidates, query, kept, self.model_languages
                ),
            )
        return {r: v for r, v in kept.items() if r not in dropped}

    def _reads(self, text: str) -> bool:
        """Whether the model reads the language of `text`, told by its
        function words: the household's German question in an English home
        ("Wann ist Anna zuletzt nach Hause gekommen?") has no similarity to
        say its topic by, and its name is what finds the answer."""
        reads = self.model_languages
        asked = asked_language(text)
        return reads is None or asked is None or table_language(asked) in reads

    def _about_named_people(
        self, query: str, fused: dict[int, Relevance], asker: str | None = None
    ) -> dict[int, Relevance]:
        """Put memories about a person the query names ahead (search/people.py).

        The asker's own first person names them: Anna's "where is my car"
        asks about Anna, whose household memories name her ("Anna's car",
        text/naming.py, with Anna among their people).

        Each such memory's relevance grows by `person_weight` of itself: a
        share, not a constant, so an unrelated memory about that person stays
        behind a related one about someone else. Its own relevance (what the
        floors compare) is left as it is.
        """
        if asker and says_own(query, self.config.language):
            query = f"{query} {asker}"
        people = self._candidates.people_of(list(fused))
        named = named_people(query, {p for found in people.values() for p in found})
        if not named:
            return fused
        factor = 1.0 + self.config.person_weight
        return {
            rowid: relevance._replace(relevance=relevance.relevance * factor)
            if not named.isdisjoint(people.get(rowid, ()))
            else relevance
            for rowid, relevance in fused.items()
        }

    def _score_kept(
        self, query: str, kept: dict[int, Relevance], flt: MemoryFilter
    ) -> Ranking:
        """`kept` scored now, without a coming that is over where who comes
        is asked (review s36 finding 2; visitors.py `comings_over`), a plan
        of no day for a past window's (`plans_of_no_day`), a return home
        for a visit (`comings_home`) or, in a window, another trade than
        the asked one (`other_roles`)."""
        now = self.store.now()
        kept = without_comings_not_asked(
            self._candidates, query, kept, flt, self.config.language, now
        )
        return composite(
            self._candidates.score_fields(list(kept)), kept, now, self.config
        )

    def _touch(
        self,
        items: Sequence[ScoredMemory],
        caller: Caller,
        via: str,
        *,
        counted: bool = True,
    ) -> None:
        if items:
            rowids = self.store.rowids_of([s.memory.id for s in items])
            self.store.record_access(rowids, caller, via, counted=counted)

    # -- search -------------------------------------------------------------------

    def search(
        self,
        query: str,
        caller: Caller,
        flt: MemoryFilter | None = None,
        *,
        limit: int = 10,
        offset: int = 0,
        min_relevance: float | None = None,
        record_access: bool = True,
        newest_first: bool = False,
        topic_in_window: bool = False,
        asker: str | None = None,
    ) -> Page[ScoredMemory]:
        """Ranked memories for an explicit search ("what did I say about X").

        `asker`: the asking person's name, when known (see `_ranked`)."""
        ranked = self._ranked(
            query,
            caller,
            flt,
            pool=None,
            min_relevance=self.config.search_min_relevance
            if min_relevance is None
            else min_relevance,
            newest_first=newest_first,
            topic_in_window=topic_in_window,
            asker=asker,
        )
        # Only the page asked for is fetched in full.
        items = self._materialize(ranked, offset, offset + limit)
        if record_access:
            self._touch(items, caller, "search")
        next_offset = offset + len(items)
        return Page(
            items,
            len(ranked),
            offset,
            next_offset if next_offset < len(ranked) else None,
        )

    # -- context for a prompt -------------------------------------------------------

    def context(
        self,
        utterance: str,
        caller: Caller,
        *,
        intent: str | None = None,
        max_memories: int | None = None,
        token_budget: int | None = None,
        min_relevance: float | None = None,
        record_access: bool = True,
        flt: MemoryFilter | None = None,
        newest_first: bool = False,
        topic_in_window: bool = False,
        when: Callable[[Memory], str] | None = None,
        header: str = CONTEXT_HEADER,
        asker: str | None = None,
        keyword_only: bool = False,
    ) -> ContextResult:
        """The few relevant memories for one user turn, formatted as background.

        `flt` and `newest_first`: the window and order the utterance's time
        words chose; `when` says when each memory's event happened, put
        before its text ("(yesterday evening, a little after six)");
        `header` opens the block (in the household's language);
        `keyword_only`: see `_ranked`.
        """
        if never_needs_memory(utterance, intent):
            return ContextResult([], "", skipped_reason="intent")
        cfg = self.config
        max_memories = (
            cfg.context_max_memories if max_memories is None else max_memories
        )
        budget = cfg.context_token_budget if token_budget is None else token_budget
        floor = cfg.context_min_relevance if min_relevance is None else min_relevance
        chosen: list[ScoredMemory] = []
        lines: list[str] = []
        used = estimate_tokens("\n".join(data_block(header, ["x"])))
        for item in self._in_order(
            self._ranked(
                utterance,
                caller,
                flt,
                pool=None,
                min_relevance=floor,
                newest_first=newest_first,
                topic_in_window=topic_in_window,
                asker=asker,
                keyword_only=keyword_only,
            )
        ):
            if len(chosen) >= max_memories:
                break
            line = context_line(item.memory, when)
            cost = estimate_tokens(line)
            if used + cost > budget:
                continue
            chosen.append(item)
            lines.append(line)
            used += cost
        if not chosen:
            return ContextResult([], "", skipped_reason="nothing relevant")
        if record_access:
            # Offered with a turn, not asked for: seen, not counted as used
            # (docs/retention.md, "What counts as an access").
            self._touch(chosen, caller, "context", counted=False)
        return ContextResult(chosen, "\n".join(data_block(header, lines)))

    # -- progressive narrowing ------------------------------------------------------

    def start_progressive(
        self,
        query: str,
        caller: Caller,
        flt: MemoryFilter | None = None,
        *,
        min_relevance: float | None = None,
        newest_first: bool = False,
        topic_in_window: bool = False,
        in_time_order: bool = False,
        asker: str | None = None,
    ) -> ProgressivePage:
        """First batch of a search the user narrows conversationally
        (`asker`: see `_ranked`); `in_time_order`: each page read in the
        order its memories happened (a few days asked alone)."""
        ranking = self._ranked(
            query,
            caller,
            flt,
            pool=None,
            min_relevance=self.config.search_min_relevance
            if min_relevance is None
            else min_relevance,
            newest_first=newest_first,
            topic_in_window=topic_in_window,
            asker=asker,
        )
        ids = self.store.ids_of(ranking.rowids)
        entries = [
            _Entry(ids[rowid], ranking.scores(i))
            for i, rowid in enumerate(ranking.rowids)
            if rowid in ids
        ]
        if in_time_order:
            began = self._candidates.happened_at(ranking.rowids)
            at = {ids[rowid]: began[rowid] for rowid in began if rowid in ids}
            longer = reaching_out_of(self._candidates, ranking.rowids, flt)
            entries = pages_in_time(
                entries, self.config.page_size, at, {ids[r] for r in longer if r in ids}
            )
        cursor = _Cursor(caller.user_id, entries, 0, self.store.now())
        return self._next_page(self._cursors.add(cursor), cursor, caller)

    def more(self, token: str, caller: Caller) -> ProgressivePage:
        """The next batch of a progressive search; an unknown cursor gives none."""
        cursor = self._cursors.get(token, caller.user_id)
        if cursor is None:
            return ProgressivePage([], 0, 0, None, has_more=False)
        return self._next_page(token, cursor, caller)

    def pick(self, token: str, number: int, caller: Caller) -> ScoredMemory | None:
        """Item `number` (1-based, counted over the whole list) of a search.

        None when there is no such number, or when that memory is no longer
        active and visible to `caller` (re-read now, never from the search);
        ListingExpiredError when the search itself is gone (not `caller`'s,
        lapsed or made room for), so no one hears a memory was forgotten
        when only the listing was.
        """
        cursor = self._cursors.get(token, caller.user_id)
        if cursor is None:
            raise ListingExpiredError(token)
        if not 1 <= number <= len(cursor.entries):
            return None
        entry = cursor.entries[number - 1]
        return self._live([entry], caller).get(entry.memory_id)

    def _live(
        self, entries: Sequence[_Entry], caller: Caller
    ) -> dict[str, ScoredMemory]:
        """The entries whose memories `caller` may see right now, re-read."""
        memories = self.store.fetch_ids([entry.memory_id for entry in entries])
        now = self.store.now()
        live: dict[str, ScoredMemory] = {}
        for entry in entries:
            memory = memories.get(entry.memory_id)
            if memory is None or not _still_visible(memory, caller, now):
                continue
            live[entry.memory_id] = entry.scores.of(memory)
        return live

    def _next_page(
        self, token: str, cursor: _Cursor, caller: Caller
    ) -> ProgressivePage:
        size = self.config.page_size
        start = cursor.position
        items: list[ScoredMemory] = []
        numbers: list[int] = []
        position = start
        # Skip what vanished since the search, a page's worth at a time.
        while len(items) < size and position < len(cursor.entries):
            batch = cursor.entries[position : position + size - len(items)]
            live = self._live(batch, caller)
            for offset, entry in enumerate(batch):
                if (item := live.get(entry.memory_id)) is not None:
                    items.append(item)
                    numbers.append(position + offset + 1)
            position += len(batch)
        cursor.position = position
        self._touch(items, caller, "recall")
        # The cursor outlives the last page so that "the second one" still works.
        return ProgressivePage(
            items,
            len(cursor.entries),
            start,
            token,
            has_more=cursor.position < len(cursor.entries),
            numbers=numbers,
        )

    def with_config(self, config: EngineConfig) -> Retriever:
        """A retriever over the same store with other parameters."""
        return Retriever(self.store, replace(config))


def _still_visible(memory: Memory, caller: Caller, now: float) -> bool:
    """Active, unexpired and visible to `caller` at this moment."""
    return (
        memory.tier is Tier.ACTIVE
        and memory.visible_to(caller)
        and (memory.expires_at is None or memory.expires_at.timestamp() > now)
    )
