"""Nightly consolidation: near-duplicates merge, changed facts supersede.

Create folds a statement into a memory only when its words repeat it
(text/statements.py); consolidation finds what that misses (paraphrases a
little further apart, bulk imports, facts that changed) in two passes:
candidates by vector similarity within a budget (pairs.py), then a decision
per pair from the rules (or an AI Task), applied in batches. What create
would keep as another fact (`statements.relate`) the night never removes.
The passes, rules and provenance are in docs/engine.md ("Consolidation,
exactly"). Plain Python + numpy, no Home Assistant imports.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
import json
import re
from typing import TYPE_CHECKING, Any, Final

import numpy as np

from ..common.clock import elapsed
from ..common.values import (
    DATED_KINDS,
    PROVENANCE_PREFIX,
    SYSTEM,
    TOLD_AT_ITS_TIME_SECONDS,
    Memory,
    MemoryKind,
    MemoryPatch,
    Source,
    WeightClass,
    both_begun,
    other_occasion,
)
from ..embedding.profiles import profile_for
from ..store import MemoryMerge
from ..text.saying_no import contradicts
from ..text.statement_words import statement_words
from ..text.statements import Relation, adds, relate
from ..text.validation import (
    MAX_LABELS,
    embedding_text,
    merged_labels,
    same_specifics,
    summarize,
)
from .pairs import PairBudget, PairSearch, similar_pairs

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Sequence

    import numpy.typing as npt

    from ..store import MemoryStore

# Measured with all-MiniLM-L6-v2 (embedding_text of each memory): paraphrases
# that create-time dedup (a rewording at >= 0.97) misses sit at 0.89-0.94
# ("The bins go out on Tuesday evening" / "We put the bins out every Tuesday
# evening" 0.894; "Grandma Rosa visits on Sundays" / "... comes over every
# Sunday" 0.914), elaborations at 0.83-0.88, and different facts written from
# one template ("The cat sleeps in the garage" / "... in the basement") at
# 0.85-0.94: those are kept apart by the word rules, not by the threshold.
# 0.88 takes the paraphrases and the closer elaborations; below it
# elaborations start to lose what the shorter text said.
DEFAULT_MERGE_THRESHOLD: Final = 0.88
# A changed value in the same sentence: "My favourite colour is blue/green"
# 0.836, "I prefer tea/coffee in the morning" 0.822, "I like jazz" / "I don't
# like jazz anymore" 0.848; another subject ("My favourite food is pizza")
# 0.42. The word rules decide; the threshold only keeps unrelated pairs out.
DEFAULT_SUPERSEDE_THRESHOLD: Final = 0.80

DELETED_BY: Final = "consolidation"
OPERATION_MERGE: Final = "consolidate"
OPERATION_SUPERSEDE: Final = "supersede"

# A language's negation words ("n't" is spelled out first, "no more"
# becomes "anymore"), the words a negated sentence may add besides the
# negation ("I do not like") and the words a swapped value follows closely
# to count as a changed fact ("colour is [blue]", "I prefer [tea]", "code is
# [1234]") are its `merge_*` words (text/statements.<language>.json).
_MAX_SLOT_WORDS: Final = 3
# Unchanged words next to a swap for it to count as a slot in one frame.
_SLOT_CONTEXT_WORDS: Final = 4
_VALUE_CONTEXT_WORDS: Final = 2
_ANCHOR_REACH: Final = 2
_WORD = re.compile(r"\w+")
_SUPERSEDE_KINDS: Final = frozenset({MemoryKind.PREFERENCE, MemoryKind.FACT})
_SUPERSEDE_KIND_CODES: Final = {MemoryKind.PREFERENCE: 1, MemoryKind.FACT: 2}
# Where the next run's pair search starts (engine_meta), when a budget ended one.
RESUME_KEY: Final = "consolidation_resume_rowid"
_FETCH_CHUNK: Final = 900
# Classes from the most to the least durable: a merge keeps the most durable.
_DURABILITY: Final = {
    cls: rank
    for rank, cls in enumerate(
        sorted(WeightClass, key=lambda c: c.retention_multiplier, reverse=True)
    )
}


class TextRelation(StrEnum):
    """How two texts relate, judged from their words alone."""

    # The same words, or one text is the other plus more.
    RESTATES = "restates"
    # Different wording around little shared frame: a paraphrase, or unrelated.
    REWORDED = "reworded"
    # The same frame with one short span swapped right after a value word
    # ("colour is blue/green"), or numbers swapped: a changed fact.
    CHANGED_VALUE = "changed_value"
    # The same frame with another short span swapped ("spare house/car keys"):
    # most likely two facts about different things.
    OTHER_SLOT = "other_slot"
    # One says the other's words with a negation added or removed.
    NEGATED = "negated"


class Action(StrEnum):
    """What a decision does."""

    MERGE = "merge"
    SUPERSEDE = "supersede"
    KEEP = "keep"


def words(text: str, language: str | None = None) -> tuple[str, ...]:
    """Lower-case words, with negations spelled alike ("don't" -> "do not")
    by `language`'s words."""
    folded = text.casefold()
    for said, meant in statement_words(language).merge_spellings:
        folded = folded.replace(said, meant)
    return tuple(_WORD.findall(folded))


type _Opcode = tuple[str, int, int, int, int]


def _diff(older: Sequence[str], newer: Sequence[str]) -> list[_Opcode]:
    """Word-level opcodes in difflib's shape, adjacent equal runs merged.

    The same longest-common-run recursion as difflib, without its junk and
    popularity heuristics (which short texts do not need) and at a third of
    its cost: this runs for every similar pair.
    """
    opcodes: list[_Opcode] = []
    _align(older, newer, 0, len(older), 0, len(newer), opcodes)
    merged: list[_Opcode] = []
    for op in opcodes:
        if merged and op[0] == "equal" and merged[-1][0] == "equal":
            last = merged[-1]
            merged[-1] = ("equal", last[1], op[2], last[3], op[4])
        else:
            merged.append(op)
    return merged


def _align(
    a: Sequence[str],
    b: Sequence[str],
    a_lo: int,
    a_hi: int,
    b_lo: int,
    b_hi: int,
    out: list[_Opcode],
) -> None:
    prefix = 0
    while (
        a_lo + prefix < a_hi
        and b_lo + prefix < b_hi
        and (a[a_lo + prefix] == b[b_lo + prefix])
    ):
        prefix += 1
    suffix = 0
    while (
        a_hi - suffix > a_lo + prefix
        and b_hi - suffix > b_lo + prefix
        and a[a_hi - 1 - suffix] == b[b_hi - 1 - suffix]
    ):
        suffix += 1
    if prefix:
        out.append(("equal", a_lo, a_lo + prefix, b_lo, b_lo + prefix))
    a_start, a_end = a_lo + prefix, a_hi - suffix
    b_start, b_end = b_lo + prefix, b_hi - suffix
    if a_start < a_end or b_start < b_end:
        best_i, best_j, best_size = a_start, b_start, 0
        if a_start < a_end and b_start < b_end:
            where: dict[str, list[int]] = {}
            for j in range(b_start, b_end):
                where.setdefault(b[j], []).append(j)
            run_at: dict[int, int] = {}
            for i in range(a_start, a_end):
                next_run: dict[int, int] = {}
                for j in where.get(a[i], ()):
                    size = next_run[j] = run_at.get(j - 1, 0) + 1
                    if size > best_size:
                        best_i, best_j, best_size = i - size + 1, j - size + 1, size
                run_at = next_run
        if best_size:
            _align(a, b, a_start, best_i, b_start, best_j, out)
            out.append(
                ("equal", best_i, best_i + best_size, best_j, best_j + best_size)
            )
            _align(a, b, best_i + best_size, a_end, best_j + best_size, b_end, out)
        else:
            tag = (
                "replace"
                if a_start < a_end and b_start < b_end
                else "delete"
                if a_start < a_end
                else "insert"
            )
            out.append((tag, a_start, a_end, b_start, b_end))
    if suffix:
        out.append(("equal", a_hi - suffix, a_hi, b_hi - suffix, b_hi))


def compare_texts(
    older: Sequence[str], newer: Sequence[str], language: str | None = None
) -> TextRelation:
    """Classify two word sequences (from `words`) by their word-level diff.

    A slot is a swap of at most three words with at least four unchanged
    words around it: "the cat sleeps in the [garage/basement] when it rains"
    is a slot, "the bins [go out on/out every] tuesday evening" is wording.
    """
    if list(older) == list(newer):
        return TextRelation.RESTATES
    table = statement_words(language)
    negations = table.merge_negations
    older_negations = set(older) & negations
    newer_negations = set(newer) & negations
    if older_negations != newer_negations:
        rest = set(older) ^ set(newer)
        if rest - negations <= table.merge_negation_helpers:
            return TextRelation.NEGATED
    opcodes = _diff(older, newer)
    if {op[0] for op in opcodes} - {"equal"} in ({"insert"}, {"delete"}):
        # Words only added (or only removed): one text elaborates the other.
        return TextRelation.RESTATES
    relation = TextRelation.REWORDED
    loose_numbers = 0
    for position, (tag, old_start, old_end, new_start, new_end) in enumerate(opcodes):
        if tag != "replace" or max(old_end - old_start, new_end - new_start) > (
            _MAX_SLOT_WORDS
        ):
            continue
        context = sum(
            opcodes[near][2] - opcodes[near][1]
            for near in (position - 1, position + 1)
            if 0 <= near < len(opcodes) and opcodes[near][0] == "equal"
        )
        swapped = (*older[old_start:old_end], *newer[new_start:new_end])
        numeric = all(any(ch.isdigit() for ch in word) for word in swapped)
        anchored = any(
            word in table.merge_value_anchors
            for word in older[max(0, old_start - _ANCHOR_REACH) : old_start]
        )
        # A value right after "is"/"prefer" needs less frame: "I like [tea]".
        if context < (
            _VALUE_CONTEXT_WORDS if numeric or anchored else _SLOT_CONTEXT_WORDS
        ):
            continue
        if (
            not anchored
            and (
                # Something other than a value differs: most likely two facts.
                not numeric
                # A number before the value names which thing it is about: "the
                # code for bike lock [1/2] is ..." are two locks.
                or any(word in table.merge_value_anchors for word in older[old_end:])
                # "Turn [7]: ... thing number [7]": numbers that no value word
                # introduces, changed together, count things.
                or loose_numbers
            )
        ):
            return TextRelation.OTHER_SLOT
        loose_numbers += not anchored
        relation = TextRelation.CHANGED_VALUE
    return relation


@dataclass(frozen=True, slots=True, kw_only=True)
class ConsolidationSettings:
    """Thresholds and limits of a consolidation run."""

    merge_threshold: float = DEFAULT_MERGE_THRESHOLD
    supersede_threshold: float = DEFAULT_SUPERSEDE_THRESHOLD
    # Most memories one merge may take together (star around the best pair).
    max_group_size: int = 8
    # Most rows of the similarity matrix per block (fewer in large groups, so
    # that a block stays near 16 MB).
    block_rows: int = 1024
    # The budget of one run (pairs.py): each memory's nearest look-alikes
    # only, at most so many pairs judged, and so many seconds of searching;
    # the next run goes on from where this one stopped.
    max_neighbours: int = 64
    max_pairs: int = 50_000
    search_seconds: float | None = 120.0
    # Decisions per write transaction.
    batch_size: int = 200


@dataclass(frozen=True, slots=True)
class Decision:
    """What to do with one candidate group."""

    action: Action
    survivor_id: str | None = None
    absorbed_ids: tuple[str, ...] = ()
    # New wording for a merge (from an AI Task); None keeps the survivor's.
    content: str | None = None
    decided_by: str = "rules"


@dataclass(frozen=True, slots=True)
class Candidate:
    """Memories that may be one: oldest first, with the rules' decision."""

    memories: tuple[Memory, ...]
    similarity: float
    relation: TextRelation
    suggestion: Decision


@dataclass(slots=True)
class ConsolidationStats:
    """What one run did."""

    candidates: int = 0
    merged: int = 0
    absorbed: int = 0
    superseded: int = 0
    kept: int = 0
    skipped_changed: int = 0
    decided_by_ai: int = 0
    completed: bool = True
    # Pairs judged, and whether the run's budget ended the search (the next
    # run goes on from there).
    pairs: int = 0
    budget_reached: bool = False
    survivor_ids: list[str] = field(default_factory=list)
    removed_ids: list[str] = field(default_factory=list)

    def summary(self) -> dict[str, Any]:
        """The counts (no ids), for maintenance details and diagnostics."""
        return {
            "candidates": self.candidates,
            "merged": self.merged,
            "absorbed": self.absorbed,
            "superseded": self.superseded,
            "kept": self.kept,
            "skipped_changed": self.skipped_changed,
            "decided_by_ai": self.decided_by_ai,
            "completed": self.completed,
            "pairs": self.pairs,
            "budget_reached": self.budget_reached,
        }


@dataclass(slots=True)
class _Row:
    """What candidate search needs of a memory (full memories come later)."""

    rowid: int
    id: str
    kind: MemoryKind
    created_at: float
    people: frozenset[str]
    provenance: frozenset[str]
    content: str
    # Event time (happened_at, happened_until) timestamps.
    happened: tuple[float, float] = (0.0, 0.0)
    words: tuple[str, ...] = ()


@dataclass(slots=True)
class _Group:
    """Row indexes planned as one candidate (members oldest first once sorted)."""

    members: list[int]
    similarity: float
    relation: TextRelation
    action: Action
    survivor: int


@dataclass(slots=True)
class _SortedPairs:
    """Similar pairs by what the rules would do with them."""

    # Older row index -> the newest row index that supersedes it.
    superseded_by: dict[int, int] = field(default_factory=dict)
    similarity: dict[int, float] = field(default_factory=dict)
    merges: list[tuple[float, int, int, TextRelation]] = field(default_factory=list)
    undecided: list[tuple[float, int, int, TextRelation]] = field(default_factory=list)


def _provenance(source_ids: Iterable[str]) -> frozenset[str]:
    return frozenset(
        source[len(PROVENANCE_PREFIX) :]
        for source in source_ids
        if source.startswith(PROVENANCE_PREFIX)
    )


class Consolidator:
    """Finds and applies consolidation over one store. Blocking."""

    def __init__(
        self,
        store: MemoryStore,
        settings: ConsolidationSettings | None = None,
        *,
        timer: Callable[[], float] = elapsed,
    ) -> None:
        """Consolidate `store` with `settings` (defaults measured for MiniLM);
        `timer` measures a run's search budget."""
        self.store = store
        self.settings = settings or ConsolidationSettings()
        self.timer = timer
        # The last pair search: how many pairs, and whether a budget ended it.
        self.last_search: PairSearch | None = None

    # -- candidates -------------------------------------------------------------

    def _load(self) -> tuple[list[_Row], npt.NDArray[np.float32], list[int]]:
        """Active, non-expiring memories with a vector of the current model."""
        embedder = self.store.embedder
        if embedder is None:
            return [], np.zeros((0, 0), np.float32), []
        rows: list[_Row] = []
        blobs: list[bytes] = []
        groups: list[int] = []
        group_of: dict[tuple[str | None, str], int] = {}
        with self.store.read() as conn:
            cursor = conn.execute(
                "SELECT m.rowid, m.id, m.kind, m.created_at, m.people, m.source_ids, "
                "m.content, m.happened_at, m.happened_until, m.owner, m.visibility, "
                "v.vector FROM memories m "
                "JOIN memory_vectors v ON v.memory_rowid = m.rowid "
                "WHERE m.tier = 'active' AND m.expires_at IS NULL AND v.model = ? "
                # Observed episodes stay apart: each keeps its own segment
                # times and source events; decay lets the old ones fade.
                "AND m.source != ? ORDER BY m.rowid",
                (embedder.model_id, str(Source.OBSERVED)),
            )
            while batch := cursor.fetchmany(4096):
                for (
                    rowid,
                    memory_id,
                    kind,
                    created,
                    people,
                    sources,
                    content,
                    happened_at,
                    happened_until,
                    *rest,
                ) in batch:
                    owner, visibility, blob = rest
                    # Per owner, as create-time dedup: two people's household
                    # memories that read alike are still two people's.
                    key = (owner, visibility)
                    groups.append(group_of.setdefault(key, len(group_of)))
                    rows.append(
                        _Row(
                            int(rowid),
                            memory_id,
                            MemoryKind(kind),
                            float(created),
                            frozenset(p.casefold() for p in json.loads(people)),
                            _provenance(json.loads(sources)),
                            content,
                            (float(happened_at), float(happened_until)),
                        )
                    )
                    blobs.append(blob)
        if not rows:
            return [], np.zeros((0, embedder.dimensions), np.float32), []
        matrix = np.frombuffer(b"".join(blobs), dtype="<f4").reshape(
            len(rows), embedder.dimensions
        )
        norms = np.linalg.norm(matrix, axis=1, keepdims=True)
        norms[norms == 0] = 1.0
        return rows, (matrix / norms).astype(np.float32), groups

    def _search(
        self,
        rows: Sequence[_Row],
        matrix: npt.NDArray[np.float32],
        groups: Sequence[int],
        should_stop: Callable[[], bool] | None,
    ) -> PairSearch:
        """Similar pairs within the run's budget, from where the last run's
        budget ended; the store keeps where the next one starts."""
        cfg = self.settings
        # 0: a kind that is never superseded; otherwise one code per kind.
        kind_codes = np.asarray(
            [_SUPERSEDE_KIND_CODES.get(row.kind, 0) for row in rows], np.int8
        )
        # Thresholds are on the shared scale of the model profiles.
        embedder = self.store.embedder
        with self.store.read() as conn:
            stored = conn.execute(
                "SELECT value FROM engine_meta WHERE key = ?", (RESUME_KEY,)
            ).fetchone()
        start = int(stored[0]) if stored is not None else 0
        search = similar_pairs(
            matrix,
            [row.rowid for row in rows],
            groups,
            kind_codes,
            PairBudget(
                merge_threshold=cfg.merge_threshold,
                supersede_threshold=cfg.supersede_threshold,
                max_neighbours=cfg.max_neighbours,
                max_pairs=cfg.max_pairs,
                block_rows=cfg.block_rows,
                seconds=cfg.search_seconds,
            ),
            calibrate=profile_for(embedder.model_id if embedder else None).statement,
            start_rowid=start,
            timer=self.timer,
            should_stop=should_stop,
        )
        if not search.stopped and search.resume_at != (start or None):
            with self.store.transaction() as conn:
                if search.resume_at is None:
                    conn.execute("DELETE FROM engine_meta WHERE key = ?", (RESUME_KEY,))
                else:
                    conn.execute(
                        "INSERT INTO engine_meta (key, value) VALUES (?, ?) ON "
                        "CONFLICT (key) DO UPDATE SET value = excluded.value",
                        (RESUME_KEY, str(search.resume_at)),
                    )
        self.last_search = search
        return search

    def _classify(
        self, older: _Row, newer: _Row, similarity: float
    ) -> tuple[Action, TextRelation]:
        """The rules' action for a pair (older first) and how the texts relate."""
        cfg = self.settings
        if older.id in newer.provenance or newer.id in older.provenance:
            return Action.KEEP, TextRelation.REWORDED
        if _other_day(older, newer):
            # "We took the car to the garage" in October and in November.
            return Action.KEEP, TextRelation.REWORDED
        language = self.store.config.language
        relation = compare_texts(older.words, newer.words, language)
        if relation in {
            TextRelation.CHANGED_VALUE,
            TextRelation.REWORDED,
        } and adds(older.content, newer.content, language):
            # "... at 10 pm on weekends" after "... at 8 pm on school
            # nights", "also allergic to ...": a second fact, kept.
            relation = TextRelation.OTHER_SLOT
        same_people = older.people == newer.people
        if relation in {TextRelation.CHANGED_VALUE, TextRelation.NEGATED}:
            if (
                similarity >= cfg.supersede_threshold
                and older.kind == newer.kind
                and older.kind in _SUPERSEDE_KINDS
                and same_people
                and not self._separate(older, newer, similarity)
            ):
                return Action.SUPERSEDE, relation
            return Action.KEEP, relation
        people_agree = same_people or not older.people or not newer.people
        if (
            relation in {TextRelation.RESTATES, TextRelation.REWORDED}
            and similarity >= cfg.merge_threshold
            and people_agree
            and same_specifics(older.content, newer.content)
            and not (
                contradicts(older.content, newer.content, language)
                and self._separate(older, newer, similarity)
            )
        ):
            return Action.MERGE, relation
        return Action.KEEP, relation

    def _separate(self, older: _Row, newer: _Row, similarity: float) -> bool:
        """Whether create would keep the newer statement, told after the
        older, as another fact (`statements.relate` with the store's create
        settings, the rule storage/repeats.py applies). Such a fact is never
        superseded overnight, nor merged into a text that swaps one of its
        details ("Bus number 12 / 47 stops at the town hall", "locker number
        14 / 22": created as two, kept as two)."""
        config = self.store.config
        dated = _dated(older) or _dated(newer)
        return (
            relate(
                older.content,
                newer.content,
                similarity,
                floor=config.correction_min_similarity,
                paraphrase=config.dedup_threshold,
                # Two events in two places both happened: only a fact's slot
                # takes a new value.
                slot_floor=None if dated else config.slot_change_min_similarity,
                language=config.language,
                # As create read them when the newer was told.
                begun=dated
                and both_begun(older.happened, newer.happened, newer.created_at),
            )
            is Relation.SEPARATE
        )

    def find_candidates(
        self,
        *,
        should_stop: Callable[[], bool] | None = None,
        include_undecided: bool = False,
    ) -> list[Candidate]:
        """Groups to merge, facts to supersede, best pairs first.

        `include_undecided` adds the pairs the rules keep but an AI Task could
        judge: preference or fact pairs above the supersede threshold whose
        texts swap a short span that the rules cannot read as a value.
        """
        rows, matrix, groups = self._load()
        if len(rows) < 2:
            return []
        pairs = self._search(rows, matrix, groups, should_stop).pairs
        for index in {i for _, a, b in pairs for i in (a, b)}:
            rows[index].words = words(rows[index].content, self.store.config.language)
        sorted_pairs = self._sort_pairs(
            rows, pairs, include_undecided=include_undecided
        )
        planned = self._supersede_groups(rows, sorted_pairs)
        taken = {i for group in planned for i in group.members}
        planned += self._merge_groups(rows, sorted_pairs.merges, taken)
        taken.update(i for group in planned for i in group.members)
        for similarity, a, b, relation in sorted_pairs.undecided:
            if a in taken or b in taken:
                continue
            ordered = sorted((a, b), key=lambda i: self._age_key(rows[i]))
            planned.append(
                _Group(ordered, similarity, relation, Action.KEEP, ordered[-1])
            )
            taken.update(ordered)
        return self._candidates(rows, planned)

    def _sort_pairs(
        self,
        rows: Sequence[_Row],
        pairs: Iterable[tuple[float, int, int]],
        *,
        include_undecided: bool,
    ) -> _SortedPairs:
        """Each pair to its action; the newest contradicting memory wins."""
        result = _SortedPairs()
        for similarity, a, b in pairs:
            older, newer = self._ordered(rows, a, b)
            action, relation = self._classify(rows[older], rows[newer], similarity)
            if action is Action.SUPERSEDE:
                current = result.superseded_by.get(older)
                if current is None or self._ordered(rows, current, newer)[1] == newer:
                    result.superseded_by[older] = newer
                    result.similarity[older] = similarity
            elif action is Action.MERGE:
                result.merges.append((similarity, a, b, relation))
            elif (
                include_undecided
                and relation is TextRelation.OTHER_SLOT
                and similarity >= self.settings.supersede_threshold
                and rows[a].kind == rows[b].kind
                and rows[a].kind in _SUPERSEDE_KINDS
            ):
                result.undecided.append((similarity, a, b, relation))
        return result

    def _supersede_groups(
        self, rows: Sequence[_Row], pairs: _SortedPairs
    ) -> list[_Group]:
        """Chains end at the newest memory: blue -> green -> red is one group."""
        winners: dict[int, list[int]] = {}
        for older in sorted(pairs.superseded_by):
            newest = pairs.superseded_by[older]
            seen = {older}
            while newest in pairs.superseded_by and newest not in seen:
                seen.add(newest)
                newest = pairs.superseded_by[newest]
            winners.setdefault(newest, []).append(older)
        groups: list[_Group] = []
        for winner, losers in sorted(winners.items()):
            members = sorted([*losers, winner], key=lambda i: self._age_key(rows[i]))
            similarity = min(pairs.similarity[i] for i in losers)
            groups.append(
                _Group(
                    members,
                    similarity,
                    TextRelation.CHANGED_VALUE,
                    Action.SUPERSEDE,
                    winner,
                )
            )
        return groups

    def _merge_groups(
        self,
        rows: Sequence[_Row],
        merges: Iterable[tuple[float, int, int, TextRelation]],
        taken: set[int],
    ) -> list[_Group]:
        """Stars around the best pairs: every member merges with the anchor."""
        anchors: dict[int, _Group] = {}
        member_of: dict[int, int] = {}
        for similarity, a, b, relation in merges:
            if a in taken or b in taken:
                continue
            if a in anchors and b not in member_of:
                self._join(rows, anchors[a], member_of, b)
            elif b in anchors and a not in member_of:
                self._join(rows, anchors[b], member_of, a)
            elif a not in member_of and b not in member_of:
                anchors[a] = _Group([a, b], similarity, relation, Action.MERGE, a)
                member_of[a] = member_of[b] = a
        groups: list[_Group] = []
        for group in anchors.values():
            group.members.sort(key=lambda i: self._age_key(rows[i]))
            newest = group.members[-1]
            if any(
                contradicts(
                    rows[older].content,
                    rows[newest].content,
                    self.store.config.language,
                )
                for older in group.members[:-1]
            ):
                # The newest statement changes a detail (a colour, a day, a
                # name) or a negation of an older one: it wins, however much
                # longer the older text is (the rule create applies).
                group.survivor = newest
            else:
                group.survivor = max(
                    group.members, key=lambda i: self._richness(rows[i])
                )
            groups.append(group)
        return groups

    def _candidates(
        self, rows: Sequence[_Row], planned: Sequence[_Group]
    ) -> list[Candidate]:
        """Full memories for the planned groups, best similarity first."""
        wanted = [rows[i].rowid for group in planned for i in group.members]
        fetched: dict[int, Memory] = {}
        for start in range(0, len(wanted), _FETCH_CHUNK):
            fetched.update(self.store.fetch(wanted[start : start + _FETCH_CHUNK]))
        candidates: list[Candidate] = []
        for group in planned:
            memories = tuple(
                fetched[rows[i].rowid]
                for i in group.members
                if rows[i].rowid in fetched
            )
            if len(memories) != len(group.members):
                continue  # purged meanwhile
            absorbed = tuple(rows[i].id for i in group.members if i != group.survivor)
            suggestion = (
                Decision(Action.KEEP)
                if group.action is Action.KEEP
                else Decision(group.action, rows[group.survivor].id, absorbed)
            )
            candidates.append(
                Candidate(memories, group.similarity, group.relation, suggestion)
            )
        candidates.sort(key=lambda c: (-c.similarity, c.memories[0].id))
        return candidates

    @staticmethod
    def _age_key(row: _Row) -> tuple[float, int]:
        return (row.created_at, row.rowid)

    def _ordered(self, rows: Sequence[_Row], a: int, b: int) -> tuple[int, int]:
        """(older, newer) of two row indexes."""
        return (a, b) if self._age_key(rows[a]) <= self._age_key(rows[b]) else (b, a)

    @staticmethod
    def _richness(row: _Row) -> tuple[int, int, float]:
        """More distinct words, then longer text, then older."""
        return (len(set(row.words)), len(row.content), -row.created_at)

    def _join(
        self,
        rows: Sequence[_Row],
        group: _Group,
        member_of: dict[int, int],
        other: int,
    ) -> None:
        """Add `other` to the group when it merges with every member."""
        if len(group.members) >= self.settings.max_group_size:
            return
        for member in group.members[1:]:
            older, newer = self._ordered(rows, member, other)
            action, _ = self._classify(
                rows[older], rows[newer], self.settings.merge_threshold
            )
            if action is not Action.MERGE:
                return
        group.members.append(other)
        member_of[other] = group.members[0]

    # -- applying -----------------------------------------------------------------

    def _merge_step(
        self, candidate: Candidate, decision: Decision
    ) -> MemoryMerge | None:
        by_id = {memory.id: memory for memory in candidate.memories}
        if decision.action is Action.KEEP or decision.survivor_id not in by_id:
            return None
        if not decision.absorbed_ids or not set(decision.absorbed_ids) <= by_id.keys():
            return None
        survivor = by_id[decision.survivor_id]
        absorbed = [by_id[memory_id] for memory_id in decision.absorbed_ids]
        provenance = [f"{PROVENANCE_PREFIX}{memory.id}" for memory in absorbed]
        involved = [survivor, *absorbed]
        if decision.action is Action.SUPERSEDE:
            # The newer fact stands as it is; it only records what it replaced.
            sources = (*survivor.source_ids, *provenance)
            patch = MemoryPatch(
                tags=_union(m.tags for m in involved),
                importance=max(m.importance for m in involved),
            )
            combine = False
        else:
            inherited = (s for m in absorbed for s in m.source_ids)
            sources = (*survivor.source_ids, *provenance, *inherited)
            durable = min(
                (m.weight_class for m in involved), key=_DURABILITY.__getitem__
            )
            patch = MemoryPatch(
                content=decision.content,
                tags=_union(m.tags for m in involved),
                people=_union(m.people for m in involved),
                importance=max(m.importance for m in involved),
                weight_class=durable,
                emotion=survivor.emotion or _first(m.emotion for m in absorbed),
                location=survivor.location or _first(m.location for m in absorbed),
            )
            combine = True
        patch = _only_changes(patch, survivor)
        vector = None
        if patch.content is not None and (embedder := self.store.embedder) is not None:
            vector = embedder.embed(
                [embedding_text(summarize(patch.content), patch.content)]
            )[0]
        return MemoryMerge(
            survivor_id=survivor.id,
            absorbed_ids=tuple(m.id for m in absorbed),
            expected_versions={m.id: m.version for m in involved},
            patch=patch,
            source_ids=tuple(dict.fromkeys(sources))[:MAX_LABELS],
            combine_usage=combine,
            vector=vector,
            operation=OPERATION_SUPERSEDE
            if decision.action is Action.SUPERSEDE
            else OPERATION_MERGE,
            details={
                "similarity": round(candidate.similarity, 4),
                "relation": str(candidate.relation),
                "decided_by": decision.decided_by,
            },
        )

    def apply(
        self,
        decided: Sequence[tuple[Candidate, Decision]],
        *,
        should_stop: Callable[[], bool] | None = None,
    ) -> ConsolidationStats:
        """Write the decisions, a batch per transaction; stops between batches."""
        stats = ConsolidationStats(candidates=len(decided))
        if (search := self.last_search) is not None:
            stats.pairs = len(search.pairs)
            stats.budget_reached = search.resume_at is not None
        batch: list[MemoryMerge] = []
        actions: dict[str, Action] = {}

        def flush() -> None:
            applied = self.store.merge_memories(batch, SYSTEM, deleted_by=DELETED_BY)
            stats.skipped_changed += len(batch) - len(applied)
            for merge in applied:
                stats.survivor_ids.append(merge.survivor_id)
                stats.removed_ids.extend(merge.absorbed_ids)
                if actions[merge.survivor_id] is Action.SUPERSEDE:
                    stats.superseded += len(merge.absorbed_ids)
                else:
                    stats.merged += 1
                    stats.absorbed += len(merge.absorbed_ids)
            batch.clear()

        for candidate, decision in decided:
            if decision.decided_by != "rules":
                stats.decided_by_ai += 1
            step = self._merge_step(candidate, decision)
            if step is None:
                stats.kept += 1
                continue
            actions[step.survivor_id] = decision.action
            batch.append(step)
            if len(batch) >= self.settings.batch_size:
                flush()
                if should_stop is not None and should_stop():
                    stats.completed = False
                    return stats
        if batch:
            flush()
        return stats

    def run(
        self, *, should_stop: Callable[[], bool] | None = None
    ) -> ConsolidationStats:
        """Find and apply with the rules alone (no AI Task)."""
        candidates = self.find_candidates(should_stop=should_stop)
        if should_stop is not None and should_stop():
            return ConsolidationStats(candidates=len(candidates), completed=False)
        return self.apply(
            [(candidate, candidate.suggestion) for candidate in candidates],
            should_stop=should_stop,
        )


def _other_day(older: _Row, newer: _Row) -> bool:
    """Whether two memories tell of different days: events and
    observations, or memories whose time was given (it is more than an hour
    from their writing), on days apart are two occasions."""
    return (_dated(older) or _dated(newer)) and other_occasion(
        older.happened, newer.happened
    )


def _dated(row: _Row) -> bool:
    """An event or observation, or a memory whose time was given."""
    return (
        row.kind in DATED_KINDS
        or abs(row.happened[0] - row.created_at) > TOLD_AT_ITS_TIME_SECONDS
    )


def _union(values: Iterable[Sequence[str]]) -> tuple[str, ...]:
    return merged_labels(*values)


def _first(values: Iterable[str | None]) -> str | None:
    return next((value for value in values if value), None)


def _only_changes(patch: MemoryPatch, current: Memory) -> MemoryPatch:
    """Leave out what would not change, so a no-op keeps the version."""
    changes: dict[str, Any] = {}
    for name in (
        "content",
        "tags",
        "people",
        "importance",
        "weight_class",
        "emotion",
        "location",
    ):
        value = getattr(patch, name)
        if value is not None and value != getattr(current, name):
            changes[name] = value
    return MemoryPatch(**changes)
