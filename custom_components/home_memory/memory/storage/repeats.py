"""A statement told again: the memory it repeats or corrects, and folding it in.

Which one a statement is gets decided inside the writer's transaction,
against the active memories of the same owner and visibility, and a
household statement also against its teller's private ones (a correction of
a private memory stays private), with `statements.relate`'s rule, so the
check and the write are one step. A person's told correction ("… instead of
Monday") may also update another person's household memory, never a
private one; the teller's own comes first.
A repeat reinforces the memory; a correction replaces its statement and keeps
the old one as the previous version.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime
import json
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from ..common.values import (
    DATED_KINDS,
    Caller,
    CreateAction,
    CreateResult,
    Memory,
    MemoryKind,
    MemoryPatch,
    NewMemory,
    Source,
    Telling,
    Visibility,
    WeightClass,
    both_begun,
    other_occasion,
)
from ..embedding.profiles import profile_for
from ..text.corrections import (
    EXPLICIT_CORRECTION_MIN_SIMILARITY,
    holds_old,
    kept_clock,
    kept_rest,
    said_by_one_subject,
    same_deed,
    same_thing,
    says_moved,
)
from ..text.fts_query import and_expression
from ..text.kept_subject import kept_subject
from ..text.saying_no import (
    calls_off,
    denies_another,
    moves_coming,
    negates,
    says_coming,
)
from ..text.statements import Relation, relate, subject_words
from ..text.validation import (
    MAX_CONTENT_CHARS,
    MAX_LABELS,
    embedding_text,
    merged_labels,
    summarize,
    to_timestamp,
)
from .tellers_own import (
    in_tellers_words,
    repeats_own_private,
    said_again_privately,
    tellers_own,
)

if TYPE_CHECKING:
    import sqlite3

    from ..embedding.profiles import SimilarityMap
    from .connections import StoreConnections
    from .in_memory import Holder, InMemoryCopies
    from .operation_log import OperationLog
    from .rows import MemoryRows
    from .versions import Versions

# Nearest memories of the same owner a new statement is compared with, once
# among all and once among those told of the same subject.
_MATCH_CANDIDATES = 8
# The newest memories whose words hold the subject's, looked at for the
# second comparison (bounds its cost for a subject told of very often).
_SUBJECT_ROWS = 64
# A correction longer than this is also compared by its beginning (its
# summary: text/validation.summarize).
_HEAD_CHARS = 300

# A rowid and its vector's similarity to the new statement.
type Candidates = dict[int, float]
# Rows written but not in the index yet, with their holder and vector.
type Unindexed = dict[int, tuple[Holder, npt.NDArray[np.float32]]]


class Repeats:
    """Find the memory a statement repeats or corrects; fold the statement in."""

    def __init__(
        self,
        connections: StoreConnections,
        copies: InMemoryCopies,
        rows: MemoryRows,
        log: OperationLog,
        versions: Versions,
    ) -> None:
        """Compares with `copies`' index; corrections are written by `versions`."""
        self._copies = copies
        self._rows = rows
        self._log = log
        self._versions = versions
        self.now = connections.now
        self.config = connections.config

    def find_match(
        self,
        conn: sqlite3.Connection,
        item: NewMemory,
        vector: npt.NDArray[np.float32] | None,
        fresh: Unindexed,
        holders: dict[Holder, npt.NDArray[np.int64]],
        among: tuple[Holder, ...] | None = None,
    ) -> tuple[int, float, Relation] | None:
        """The memory the new statement repeats (first) or corrects, if any,
        among `among`'s memories (None: every holder's it is compared with).

        Runs in the writer's transaction, so the check and the write that
        follows are one step.
        """
        now = self.now()
        explicit = among
        among = among or _holders(item)
        candidates: Candidates = {}
        for probe in self._probes(item, vector):
            for rowid, similarity in self._similar(
                conn, item, probe, fresh, holders, (among, explicit), now
            ).items():
                candidates[rowid] = max(similarity, candidates.get(rowid, similarity))
        if vector is None:
            for holder in among:
                self._add_same_text(conn, item, holder, candidates)
        if explicit is None:
            language = item.language or self.config.language
            for rowid in said_again_privately(conn, item, language):
                candidates[rowid] = 1.0
        others = explicit is None and _reaches_others(item)
        candidates = _without_denials(conn, item, candidates, self.config.language)
        return self._closest_relation(conn, item, candidates, now, among, others)

    def _probes(
        self, item: NewMemory, vector: npt.NDArray[np.float32] | None
    ) -> list[npt.NDArray[np.float32]]:
        """The vectors a statement is compared by: its own and, for a
        correction longer than `_HEAD_CHARS`, its beginning's (summary),
        which says what it corrects. A thousand characters after "The
        sailboat is stored in the loft" hide "The sailboat is stored in the
        barn." from MiniLM (review s27 M4: the correction was a second
        memory beside the old one)."""
        if vector is None:
            return []
        long = item.corrects and len(item.content) > _HEAD_CHARS
        embedded = self._copies.embed([summarize(item.content)]) if long else None
        return [vector] if embedded is None else [vector, embedded[0]]

    def _similar(
        self,
        conn: sqlite3.Connection,
        item: NewMemory,
        vector: npt.NDArray[np.float32],
        fresh: Unindexed,
        holders: dict[Holder, npt.NDArray[np.int64]],
        among: tuple[tuple[Holder, ...], tuple[Holder, ...] | None],
        now: float,
    ) -> Candidates:
        """The memories of `among[0]` (and, on a first look, `among[1]`
        None, of others) alike to `vector` and the same text."""
        own, explicit = among
        candidates: Candidates = {}
        for holder in own:
            allowed = self._holder_rowids(conn, holder, holders)
            candidates.update(self._indexed_similar(conn, holder, vector, allowed, now))
            candidates.update(
                self._indexed_similar(
                    conn, holder, vector, self._same_subject(conn, item, allowed), now
                )
            )
            self._add_unindexed_similar(candidates, holder, vector, fresh)
            self._add_same_text(conn, item, holder, candidates)
        # Only a first look reaches other people's memories: the teller's
        # other copy of a fact (`other_holders`) is theirs alone.
        if explicit is None and _reaches_others(item):
            self._add_others_similar(conn, item, vector, fresh, candidates, now)
        self._as_told_alike(conn, item, vector, candidates)
        return candidates

    def _as_told_alike(
        self,
        conn: sqlite3.Connection,
        item: NewMemory,
        vector: npt.NDArray[np.float32],
        candidates: Candidates,
    ) -> None:
        """The teller's own private first-person memories among `candidates`
        compared as told in their name (`in_tellers_words`): "My therapy is
        on Tuesday." and Anna's "Anna's therapy is on Friday" sit at 0.55
        (MiniLM), under the told-correction floor, as "Anna's therapy is on
        Tuesday." they sit at 0.96 (review s22)."""
        if not item.speaker_name or not candidates:
            return
        marks = ",".join("?" * len(candidates))
        rows = conn.execute(
            "SELECT rowid, owner, visibility, tier, content FROM memories "
            f"WHERE rowid IN ({marks})",
            list(candidates),
        ).fetchall()
        language = item.language or self.config.language
        told = {
            int(rowid): text
            for rowid, *row in rows
            if (text := in_tellers_words(tuple(row), item, language)[3]) != row[3]
        }
        embedded = self._copies.embed(list(told.values())) if told else None
        if embedded is None:
            return
        calibrate = self._statement_similarity()
        for rowid, row_vector in zip(told, embedded, strict=True):
            alike = calibrate(float(np.dot(row_vector, vector)))
            candidates[rowid] = max(candidates[rowid], alike)

    def _add_others_similar(
        self,
        conn: sqlite3.Connection,
        item: NewMemory,
        vector: npt.NDArray[np.float32],
        fresh: Unindexed,
        candidates: Candidates,
        now: float,
    ) -> None:
        """The other people's (and nobody's) household memories a person's
        told correction may update ("Anna's yoga is on Wednesday instead of
        Monday", said by Ben): only `_closest_relation`'s told correction
        takes one of them, never a repeat or a slot's new value."""
        others = np.fromiter(
            (
                int(r[0])
                for r in conn.execute(
                    "SELECT rowid FROM memories WHERE tier = 'active' "
                    "AND visibility = ? AND owner IS NOT ?",
                    (str(Visibility.HOUSEHOLD), item.owner),
                )
            ),
            np.int64,
        )
        # The household is one visibility group, whoever told it.
        own: Holder = (item.owner, str(Visibility.HOUSEHOLD))
        found = self._indexed_similar(conn, own, vector, others, now)
        found.update(
            self._indexed_similar(
                conn, own, vector, self._same_subject(conn, item, others), now
            )
        )
        with self._copies.pending_lock:
            unindexed = list(self._copies.unindexed.items())
        calibrate = self._statement_similarity()
        for rowid, ((owner, visibility), row_vector) in [*unindexed, *fresh.items()]:
            if visibility == Visibility.HOUSEHOLD and owner != item.owner:
                found.pop(rowid, None)
                similarity = calibrate(float(np.dot(row_vector, vector)))
                if similarity >= EXPLICIT_CORRECTION_MIN_SIMILARITY:
                    found[rowid] = similarity
        for rowid, similarity in found.items():
            candidates.setdefault(rowid, similarity)

    @staticmethod
    def other_holders(item: NewMemory, corrected: Memory) -> tuple[Holder, ...]:
        """Whose memories besides `corrected`'s a statement that corrected it
        corrects too: a person's household statement corrects both their
        copies of one fact, household and private (docs/engine.md, "private
        corrections"), each where it holds the old value."""
        done = (corrected.owner, str(corrected.visibility))
        return tuple(holder for holder in _holders(item) if holder != done)

    @staticmethod
    def _holder_rowids(
        conn: sqlite3.Connection,
        holder: Holder,
        holders: dict[Holder, npt.NDArray[np.int64]],
    ) -> npt.NDArray[np.int64]:
        """The active rowids of one owner and visibility, read once per call.

        Only the same owner's memories are compared, so they are chosen
        before the top k: the household group holds every owner's (and
        the automations'), which would otherwise crowd them out.
        """
        if holder not in holders:
            holders[holder] = np.fromiter(
                (
                    int(r[0])
                    for r in conn.execute(
                        "SELECT rowid FROM memories WHERE tier = 'active' "
                        "AND owner IS ? AND visibility = ?",
                        holder,
                    )
                ),
                np.int64,
            )
        return holders[holder]

    def _same_subject(
        self,
        conn: sqlite3.Connection,
        item: NewMemory,
        allowed: npt.NDArray[np.int64],
    ) -> npt.NDArray[np.int64]:
        """The rows among `allowed` told of the statement's subject, the same
        words before the verb ("Die Schere", not "Die Nagelschere").

        The nearest memories alone can all be other things in the same place
        ("Der Föhn ist im Bad." and a dozen more before "Die Schere ist im
        Bad."): with multilingual-e5 they crowded out the scissors' old place.
        """
        language = item.language or self.config.language
        terms = subject_words(item.content, language)
        if not terms or not allowed.size:
            return np.empty(0, np.int64)
        rows = conn.execute(
            "SELECT rowid, content FROM memories WHERE rowid IN (SELECT rowid "
            "FROM memories_fts WHERE memories_fts MATCH ? ORDER BY rowid DESC "
            "LIMIT ?)",
            (and_expression(list(terms)), _SUBJECT_ROWS),
        ).fetchall()
        rowids = np.fromiter(
            (
                int(rowid)
                for rowid, content in rows
                if subject_words(content, language) == terms
            ),
            np.int64,
        )
        return np.intersect1d(rowids, allowed)

    def _candidate_floor(self) -> float:
        """The least similarity a memory is compared from: a slot's new value
        ("... in the garage" after "... in the cellar") may be less alike
        than other corrections (`statements.relate` decides)."""
        return min(
            self.config.correction_min_similarity,
            self.config.slot_change_min_similarity,
        )

    def _statement_similarity(self) -> SimilarityMap:
        """The current model's memory-to-memory cosines on the shared scale."""
        embedder = self._copies.embedder
        return profile_for(embedder.model_id if embedder else None).statement

    def _indexed_similar(
        self,
        conn: sqlite3.Connection,
        holder: Holder,
        vector: npt.NDArray[np.float32],
        allowed: npt.NDArray[np.int64],
        now: float,
    ) -> Candidates:
        """The index's nearest memories among `allowed`, down to the floor."""
        candidates: Candidates = {}
        # Asked even when there is nothing to search: it registers the owner.
        group = self._copies.group(*holder)
        if not allowed.size:
            return candidates
        calibrate = self._statement_similarity()
        for rowid, cosine in self._copies.index.search(
            vector, _MATCH_CANDIDATES, groups=[group], now=now, allowed_rowids=allowed
        ):
            similarity = calibrate(cosine)
            if similarity < self._candidate_floor():
                break
            candidates[rowid] = similarity
        return candidates

    def _add_unindexed_similar(
        self,
        candidates: Candidates,
        holder: Holder,
        vector: npt.NDArray[np.float32],
        fresh: Unindexed,
    ) -> None:
        """Compare the rows not in the index yet, whose vector here is newer.

        They were committed by a writer that has not refreshed the index, or
        written earlier in this transaction.
        """
        with self._copies.pending_lock:
            unindexed = list(self._copies.unindexed.items())
        calibrate = self._statement_similarity()
        for rowid, (row_holder, row_vector) in [*unindexed, *fresh.items()]:
            if row_holder == holder:
                similarity = calibrate(float(np.dot(row_vector, vector)))
                candidates.pop(rowid, None)
                if similarity >= self._candidate_floor():
                    candidates[rowid] = similarity

    @staticmethod
    def _add_same_text(
        conn: sqlite3.Connection,
        item: NewMemory,
        holder: Holder,
        candidates: Candidates,
    ) -> None:
        """The same text is a repeat with or without vectors (keyword-only mode)."""
        row = conn.execute(
            "SELECT rowid FROM memories WHERE tier = 'active' AND content = ? "
            "AND owner IS ? AND visibility = ? LIMIT 1",
            (item.content, *holder),
        ).fetchone()
        if row is not None:
            candidates[int(row[0])] = 1.0

    def _closest_relation(
        self,
        conn: sqlite3.Connection,
        item: NewMemory,
        candidates: Candidates,
        now: float,
        among: tuple[Holder, ...],
        others: bool,
    ) -> tuple[int, float, Relation] | None:
        """The most similar candidate of `among` the statement repeats, else
        the most similar it corrects, else None.
        """
        correction: tuple[int, float, Relation] | None = None
        # The most similar told correction of the teller's own memory (True)
        # and of another person's household memory (False, `others`).
        told: dict[bool, tuple[int, float, Relation]] = {}
        known = False
        for rowid, similarity in sorted(
            candidates.items(), key=lambda pair: (-pair[1], pair[0])
        ):
            row = conn.execute(
                "SELECT owner, visibility, tier, content, expires_at, kind, "
                "happened_at, happened_until FROM memories WHERE rowid = ?",
                (rowid,),
            ).fetchone()
            # Never fold into an expired memory: it is invisible and
            # maintenance archives it, taking the new text along.
            if (
                row is None
                or row[2] != "active"
                or (row[4] is not None and row[4] <= now)
            ):
                continue
            own = (row[0], row[1]) in among
            if not own and not (others and row[1] == Visibility.HOUSEHOLD):
                continue
            # Told as a correction, it names another day by design; two plans
            # still to come may be one moved (`_plans`).
            other_day = not item.corrects and _other_day(
                item, row[5], (row[6], row[7]), now
            )
            moved = other_day and _plans(item, (row[6], row[7]), now)
            language = item.language or self.config.language
            if (other_day and not moved) or _another_days_no(row[3], item, language):
                continue
            moving = item.corrects and moves_coming(item.content, language)
            row = in_tellers_words(row, item, language)
            dated = _dated(item, row[5])
            relation = relate(
                row[3],
                item.content,
                similarity,
                floor=self.config.correction_min_similarity,
                paraphrase=self.config.dedup_threshold,
                # Two events in two places both happened: only a fact's
                # slot takes a new value.
                slot_floor=None if dated else self.config.slot_change_min_similarity,
                language=language,
                # What else was done or was so that day is another event.
                begun=dated
                and row[6] is not None
                and both_begun(_event_time(item, now), (row[6], row[7]), now),
            )
            # "… due in March instead of April" corrects only a memory that
            # says April: the car insurance's number is another thing.
            if item.replaces is not None and not _holds(row[3], item, language):
                # Unless an earlier version said it (`_again`).
                if _again(
                    conn, (rowid, similarity, row), item, language, relation, told, own
                ):
                    return rowid, similarity, relation
                continue
            if (
                item.corrects
                and own not in told
                and (
                    similarity >= EXPLICIT_CORRECTION_MIN_SIMILARITY
                    # "no, actually the tiler is not coming" says no to
                    # its own words: e5 scores "Die Babysitterin kommt
                    # nicht." 0.50 to "… kommt am Dienstag" (review s28
                    # M4: a second memory beside the plan).
                    or (
                        similarity >= self.config.slot_change_min_similarity
                        and negates(row[3], item.content, language)
                    )
                )
                and same_thing(row[3], item.content, language, item.replaces)
                and (moving or not denies_another(row[3], item.content, language))
                and (
                    (row[0], row[1]) == _holders(item)[0]
                    or item.replaces is not None
                    # Another's memory by what the words name: an old value
                    # or a moved time, never a bare "actually" (Ben's
                    # "actually the car insurance is due in May" is no
                    # correction of Anna's insurance number).
                    or (not own and says_moved(item.content, language))
                    # Or a plan or a visit called off in its own words:
                    # "the gardener is not coming" of Anna's (review s30
                    # M2); never what is so or was done ("Anna is not
                    # vegetarian" replaced hers, review s30b H1).
                    or (
                        not own
                        and (
                            _to_come(row[6], row[7], now)
                            or says_coming(item.content, language)
                        )
                        and (moving or negates(row[3], item.content, language))
                    )
                    # Or the same deed at another time, said by the same
                    # subject: what "we" did is the household's, Ben's as
                    # much as Anna's (review s29 M2: his "no, actually we
                    # repaired the fence last year" was a second memory
                    # beside hers); what Anna did is hers (review s30 H1:
                    # "Anna fixed the gate latch" became "We fixed …").
                    # Not another deed of theirs: Ben's "Nein, eigentlich war
                    # Anna letzten Frühling in der Klinik" overwrote her
                    # dentist's visit (review s33 H1).
                    or (
                        not own
                        and item.replaces is None
                        and said_by_one_subject(row[3], item.content, language)
                        and (
                            same_deed(row[3], item.content, language)
                            or negates(row[3], item.content, language)
                        )
                    )
                )
            ):
                # "… instead of Tuesday": the most similar of the same thing.
                # The teller's private memory only when it holds the old
                # value they name: "actually the car insurance is due in
                # March" never overwrites (nor reads out) their private
                # insurance number. Another person's household memory is
                # the household's as much as the teller's: "Anna's yoga is
                # on Wednesday instead of Monday" from Ben updates Anna's
                # (the `update` action lets him too), but only when none
                # of his own is corrected.
                told[own] = (rowid, similarity, Relation.CORRECTION)
            if not own:
                # A repeat or a slot's new value stays the teller's own; the
                # household that already says so needs no correction.
                known = known or relation is Relation.REPEAT
                continue
            if moved and relation is not Relation.CORRECTION:
                # The same plan on two days to come is two ("Oma kommt zu
                # Besuch" on the 24th and the 31st); only its words moving
                # it ("... am Mittwoch" after "... am Montag") make it one.
                continue
            if relation is Relation.REPEAT or repeats_own_private(
                row, item, relation, language
            ):
                # The teller's own private memory told again for the
                # household, "actually" or not, repeats it in private: its
                # household copy was Ben's to hear (review s41 HIGH-1, s42
                # MED-1; storage/tellers_own.py).
                return rowid, similarity, Relation.REPEAT
            if relation is Relation.CORRECTION and correction is None:
                correction = (rowid, similarity, relation)
        return correction or told.get(True) or (None if known else told.get(False))

    def as_correction(
        self,
        conn: sqlite3.Connection,
        rowid: int,
        item: NewMemory,
        vector: npt.NDArray[np.float32] | None,
        now: float,
    ) -> tuple[NewMemory, npt.NDArray[np.float32] | None]:
        """The statement as it corrects the memory `rowid`, with its vector:
        dated as a plan where that memory lies ahead (`_dated_as`), and
        told by the words that memory tells its subject by ("The dentist
        appointment moved to Friday" of "the appointment moved to Friday",
        text/kept_subject.py; its vector then embedded anew), and
        with what that memory says after the value the statement replaces
        ("… green flower pot by the garage", corrections.kept_rest); of the
        teller's own private memory in the first person, in theirs ("My
        passport is in the safe.", not "Anna's …"; review s41 #3)."""
        existing = self._rows.fetch_one(conn, rowid)
        item = _dated_as(existing, item, now)
        language = item.language or self.config.language
        said = item.content
        if item.own_words and tellers_own(
            existing.owner, existing.visibility, existing.content, item, language
        ):
            item = replace(item, content=item.own_words)
        subject = kept_subject(existing.content, item.content, language)
        told = kept_clock(
            existing.content,
            kept_rest(existing.content, subject, item.replaces, language),
            item.replaces,
            language,
        )
        if len(told) > MAX_CONTENT_CHARS:
            told = item.content
        if told == said:
            return item, vector
        summary = summarize(told) if item.summary == summarize(said) else item.summary
        item = replace(item, content=told, summary=summary)
        if vector is None:
            return item, vector
        embedded = self._copies.embed([embedding_text(str(summary), told)])
        return item, vector if embedded is None else embedded[0]

    def fold_into(
        self,
        conn: sqlite3.Connection,
        rowid: int,
        item: NewMemory,
        vector: npt.NDArray[np.float32] | None,
        similarity: float,
        relation: Relation,
        caller: Caller,
        now: float,
    ) -> CreateResult:
        """A repeat reinforces the memory; a correction replaces its statement.

        The newest statement wins: a correction is a new statement about the
        same subject, so what it says and how long it holds replace the old
        one's: text, summary, kind, class, emotion, location and expiry
        (a correction told without an expiry no longer expires, one told
        with an expiry expires then). The old statement stays as the previous
        version (history, undo restores all of these). Labels (tags,
        people) and importance describe the subject and accumulate, as for a
        repeat. Where the statement came from is the newest statement's too
        (its conversation, speaker, thread and event time; the older source
        stays in the history): the memory's page shows where it was last
        said, and when. A repeat keeps the statement and gains only access,
        importance, labels and the later of the two expiries (told again
        without one, it no longer expires): a repeat never shortens a
        memory's life, nor lets it lapse before the newest telling says.
        """
        existing = self._rows.fetch_one(conn, rowid)
        # A correction that says what the memory says ("actually, my pin is
        # 4321, keep it private" of that pin) changes nothing: a repeat, not
        # "Updated: X (was: X)" (live review s42); told of another time, it
        # moves the memory.
        correction = relation is Relation.CORRECTION and (
            item.content != existing.content
            or item.happened_at not in (None, existing.happened_at)
        )
        action = CreateAction.UPDATED if correction else CreateAction.REINFORCED
        patch = _accumulated(existing, item)
        cleared: frozenset[str] = frozenset()
        if correction:
            patch, cleared = _corrected(patch, item)
        else:
            patch = _repeat_expiry(patch, existing, item)
        patch = replace(patch, told=_newest_telling(existing, item, correction, now))
        if not patch.is_empty():
            self._versions.apply_patch(
                conn,
                existing,
                patch,
                caller,
                now,
                vector=vector if correction else None,
                log_operation=None,
                cleared=cleared,
            )
        conn.execute(
            "UPDATE memories SET access_count = access_count + 1, "
            "last_accessed_at = ? WHERE rowid = ?",
            (now, rowid),
        )
        self._log.record(
            conn,
            str(action),
            existing.id,
            caller,
            item.content,
            {"similarity": round(similarity, 4)},
        )
        return CreateResult(
            self._rows.fetch_one(conn, rowid),
            action,
            similarity,
            existing.content if correction else None,
        )


def _holders(item: NewMemory) -> tuple[Holder, ...]:
    """Whose memories a statement is compared with: its own owner's of its
    visibility and, for a person's household statement, that person's
    private ones too, for a correction only. "Actually the surprise party is
    on Sunday" corrects Anna's private party in private; compared with the
    household's alone it told the new day to everyone. A private statement
    never folds into a household memory (that would make its words
    everyone's)."""
    own: Holder = (item.owner, str(item.visibility))
    if item.owner is None or item.visibility != Visibility.HOUSEHOLD:
        return (own,)
    return (own, (item.owner, str(Visibility.PRIVATE)))


def _reaches_others(item: NewMemory) -> bool:
    """Whether a statement may update other people's household memories: a
    person's household statement that says it corrects ("… instead of
    Monday", "… moved to Friday"). Any member may update a household
    memory (`update`); an automation's statement keeps to its own."""
    return (
        item.corrects
        and item.owner is not None
        and item.visibility == Visibility.HOUSEHOLD
    )


def _dated_as(existing: Memory, item: NewMemory, now: float) -> NewMemory:
    """A correction of a memory still to come, read as a plan where its
    own words named no day ("the piano tuner comes on Wednesday" after "…
    on Monday 30 November"): it names the coming Wednesday and is dated
    so, as a new memory of a plan is."""
    plan = item.as_plan
    if plan is None or existing.happened_until.timestamp() <= now:
        return item
    return replace(
        item,
        content=plan.content,
        summary=plan.content if item.summary == item.content else item.summary,
        happened_at=plan.happened_at,
        happened_until=plan.happened_until,
        own_words=plan.own_words,
    )


def _other_day(
    item: NewMemory, kind: str, existing: tuple[float, float], now: float
) -> bool:
    """Whether the statement tells of another day than the memory: for an
    event or an observation, or a time given, different days are two."""
    if not _dated(item, kind):
        return False
    return other_occasion(_event_time(item, now), existing)


def _another_days_no(old: str, item: NewMemory, language: str) -> bool:
    """Whether `item` says no to another day than the one a moved plan
    (`old`: "… is not coming on Thursday, he is coming on Friday") names:
    a memory of its own, never the plan's update (review s32 H1: "… is not
    coming on Monday" replaced it, and the Friday was gone)."""
    return moves_coming(old, language) and denies_another(old, item.content, language)


def _plans(item: NewMemory, existing: tuple[float, float], now: float) -> bool:
    """Whether the statement and the memory both tell of a time still to
    come: a plan told with another date may have moved (docs/time.md)."""
    return min(_event_time(item, now)[0], existing[0]) > now


def _to_come(start: float | None, end: float | None, now: float) -> bool:
    """Whether a memory's event (`start`, `end`) is still to come or under
    way: a plan, not what is so or was done."""
    last = end if end is not None else start
    return last is not None and last > now


def _dated(item: NewMemory, kind: str) -> bool:
    """Whether the statement or the memory (of `kind`) tells of an occasion:
    an event, an observation, or a time given."""
    return item.happened_at is not None or DATED_KINDS & {item.kind, kind} != set()


def _event_time(item: NewMemory, now: float) -> tuple[float, float]:
    """The statement's event time as writing.happened will store it."""
    start = to_timestamp(item.happened_at)
    end = to_timestamp(item.happened_until)
    if start is None:
        start = to_timestamp(item.segment_start)
        if end is None:
            end = to_timestamp(item.segment_end)
    if start is None:
        start = now
    return start, max(start, end or start)


def _newest_telling(
    existing: Memory, item: NewMemory, correction: bool, now: float
) -> Telling | None:
    """Where the memory's statement now comes from; None: where it did.

    A correction's is the new statement's alone (the old source belongs to
    the old text, which the history keeps with it). A repeat told in
    another conversation leads with it, the earlier ones after it; its event
    time stays the memory's (at most MAX_LABELS sources, the newest). A
    repeat with nothing new keeps it all.
    """
    if correction:
        start, end = _event_time(item, now)
        return Telling(
            source=Source(str(item.source)),
            source_ids=item.source_ids,
            speaker=item.speaker,
            thread=item.thread,
            happened_at=datetime.fromtimestamp(start, UTC),
            happened_until=datetime.fromtimestamp(end, UTC),
        )
    told = item.source_ids
    if not told or existing.source_ids[: len(told)] == told:
        return None
    return Telling(
        source=Source(str(item.source)),
        # Newest first, as many as a memory holds (the oldest leave).
        source_ids=tuple(dict.fromkeys((*told, *existing.source_ids)))[:MAX_LABELS],
        speaker=item.speaker,
        thread=item.thread or existing.thread,
        happened_at=existing.happened_at,
        happened_until=existing.happened_until,
    )


def _accumulated(existing: Memory, item: NewMemory) -> MemoryPatch:
    """What a repeat and a correction both add: labels and the higher importance."""
    tags = merged_labels(existing.tags, item.tags)
    people = merged_labels(existing.people, item.people)
    importance = max(existing.importance, item.importance)
    return MemoryPatch(
        tags=tags if tags != existing.tags else None,
        people=people if people != existing.people else None,
        importance=importance if importance != existing.importance else None,
    )


def _repeat_expiry(
    patch: MemoryPatch, existing: Memory, item: NewMemory
) -> MemoryPatch:
    """A repeat keeps the later expiry; told without one, it no longer expires."""
    if existing.expires_at is None:
        return patch
    if item.expires_at is None:
        return replace(patch, clear_expiry=True)
    if item.expires_at > existing.expires_at:
        return replace(patch, expires_at=item.expires_at)
    return patch


def _corrected(
    patch: MemoryPatch, item: NewMemory
) -> tuple[MemoryPatch, frozenset[str]]:
    """A correction's statement replaces the old one's; the optional fields
    it leaves out are cleared (their names are returned).
    """
    # Writing.validate_new filled kind, class and summary.
    patch = replace(
        patch,
        content=item.content,
        summary=item.summary,
        kind=MemoryKind(str(item.kind)),
        weight_class=WeightClass(str(item.weight_class)),
        emotion=item.emotion,
        location=item.location,
        expires_at=item.expires_at,
        clear_expiry=item.expires_at is None,
    )
    cleared = frozenset(
        name for name in ("emotion", "location") if getattr(item, name) is None
    )
    return patch, cleared


def _again(
    conn: sqlite3.Connection,
    candidate: tuple[int, float, sqlite3.Row | tuple[object, ...]],
    item: NewMemory,
    language: str | None,
    relation: Relation,
    told: dict[bool, tuple[int, float, Relation]],
    own: bool,
) -> bool:
    """Whether a statement naming an old value the memory no longer holds,
    but an earlier version of it did, repeats it (a correction again goes
    into `told`, the teller's own first): told again what it says
    since that correction ("… on Wednesday evening, not Tuesday" after
    "actually … Wednesday evening"), a repeat (review s21 F12); another new
    value of the same thing (Ben's "… Thursday evening instead of Tuesday
    evening" just after Anna's "… Wednesday … instead of Tuesday …"), a
    correction again, not a second memory nor one keeping "instead of
    Tuesday" (F13). "…, not amoxicillin" of a memory that never said
    amoxicillin: neither, stored as said. `candidate`: its rowid,
    similarity and row (owner, visibility, tier, content, …)."""
    rowid, similarity, row = candidate
    if item.replaces is None or not _held_before(
        conn, rowid, item, language, owner=row[0] == item.owner
    ):
        return False
    if own and relation is Relation.REPEAT and (row[0], row[1]) == _holders(item)[0]:
        return True
    if (
        item.corrects
        and own not in told
        and similarity >= EXPLICIT_CORRECTION_MIN_SIMILARITY
        and same_thing(str(row[3]), item.content, language, item.replaces)
    ):
        told[own] = (rowid, similarity, Relation.CORRECTION)
    return False


def _held_before(
    conn: sqlite3.Connection,
    rowid: int,
    item: NewMemory,
    language: str | None,
    *,
    owner: bool,
) -> bool:
    """Whether an earlier version of the memory the teller may see held the
    old value `item` names: a private one only for its `owner` (as the
    history shows it, storage/versions.py): Ben's "…, not 300 euros" must
    not find the value of a version of Anna's he never saw (attacker
    review s22 F6)."""
    for (text,) in conn.execute(
        "SELECT snapshot FROM memory_versions WHERE memory_rowid = ?", (rowid,)
    ):
        snapshot = json.loads(text)
        seen = owner or snapshot.get("visibility") == str(Visibility.HOUSEHOLD)
        if seen and _holds(str(snapshot.get("content", "")), item, language):
            return True
    return False


def _holds(text: str, item: NewMemory, language: str | None) -> bool:
    """Whether `text` holds the old value `item` names, as said ("Tuesday")
    or dated ("on Tuesday 1 December" of "tomorrow": "… the day after
    tomorrow, not tomorrow" corrects "… on Tuesday 1 December", review s27)."""
    return any(
        old is not None and holds_old(text, old, language)
        for old in (item.replaces, item.replaces_dated)
    )


def _without_denials(
    conn: sqlite3.Connection,
    item: NewMemory,
    candidates: Candidates,
    language: str | None,
) -> Candidates:
    """`candidates` without a told "not on Friday" (`saying_no.calls_off`)
    where `item` moves a plan ("… nicht am Mittwoch, sondern am Freitag";
    `moves_coming`) and a plan of the same thing is among them: that plan
    is moved, not the denial beside it (review s30b M2: the denial was
    updated and the plan stood). With no such plan, a denial may be it."""
    language = item.language or language
    if not candidates or not item.corrects or not moves_coming(item.content, language):
        return candidates
    texts = {
        int(rowid): str(content)
        for rowid, content in conn.execute(
            "SELECT rowid, content FROM memories WHERE rowid IN "
            f"({','.join('?' * len(candidates))})",
            list(candidates),
        )
    }
    denials = {rowid for rowid, text in texts.items() if calls_off(text, language)}
    plans = any(
        rowid not in denials
        and says_coming(text, language)
        and same_thing(text, item.content, language, item.replaces)
        for rowid, text in texts.items()
    )
    if not denials or not plans:
        return candidates
    return {rowid: sim for rowid, sim in candidates.items() if rowid not in denials}
