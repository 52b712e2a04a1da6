"""Tunable parameters of the engine, with their defaults."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True, kw_only=True)
class ScoringWeights:
    """Composite score weights (docs/architecture.md, "Hybrid relevance")."""

    relevance: float = 0.40
    importance: float = 0.25
    recency: float = 0.20
    access: float = 0.15


@dataclass(frozen=True, slots=True, kw_only=True)
class EngineConfig:
    """Everything the engine can be told; the defaults give a working memory."""

    weights: ScoringWeights = ScoringWeights()
    # Decay: half-life in days before the class retention multiplier.
    base_half_life_days: float = 30.0
    decay_floor: float = 0.05
    archive_threshold: float = 0.10
    purge_archived_after_days: float = 90.0
    log_retention_days: float = 90.0
    # Create: a new statement is compared with the active memories of the
    # same owner at least this close (cosine) and, from its words, repeats,
    # corrects or is separate from them (rules: text/statements.py; their
    # measurements: docs/engine.md, "The rules, exactly").
    correction_min_similarity: float = 0.65
    # A new value of the same slot ("The ladder is in the cellar" / "... in
    # the garage", "The wifi password is alpha" / "... charlie"), or the same
    # words negated, needs only this much: the words have shown it is one
    # (text/statements.py `SLOT_CHANGE_MIN_SIMILARITY`, `_slot`).
    slot_change_min_similarity: float = 0.2
    # A rewording at least this close that changes no detail word (number,
    # name, day, colour...) is a repeat, not a correction (the "Duplicate
    # threshold" option). "Anna loves/likes coffee" measured 0.970,
    # "... at 3 pm/4 pm" 0.971 (a detail: a correction all the same).
    dedup_threshold: float = 0.97
    # The household's language ("de", "en-GB"): statements are read with its
    # words (copulas, verbs, articles: text/statements.<language>.json) to
    # tell a correction from a new fact; English where it has no words.
    language: str = "en"
    # Hybrid fusion of vector and keyword relevance (see search/retrieval.py).
    vector_weight: float = 0.6
    keyword_weight: float = 0.4
    candidate_pool: int = 50
    # A memory's relevance gains this share of its best thread neighbour's
    # (the turn before or after it in the same conversation): measured on the
    # LoCoMo dev split, R@5 0.596 -> 0.66, flat between 0.3 and 0.5.
    thread_neighbour_weight: float = 0.4
    # Neighbours join the candidates for this many of the best ones; every
    # candidate borrows from a neighbour that is a candidate too (LoCoMo dev
    # R@5 0.693 -> 0.717; 5, 10 or 20 of them rank alike once every candidate
    # borrows, 10 costs less: docs/retrieval-quality.md).
    thread_neighbour_seeds: int = 10
    # A memory that is mostly a question ranks behind by this share of its
    # relevance (text/asking.py); the memory after it borrows up to all of
    # its relevance. LoCoMo dev R@5 0.650 -> see docs/retrieval-quality.md.
    question_discount: float = 0.4
    # A memory about a person the query names (one of its people: "Anna" in
    # "what does Anna like?") gains this share of its relevance; ordering
    # only, never the floors. LoCoMo dev R@5 without the false-premise
    # questions 0.614 -> 0.633 (docs/retrieval-quality.md).
    person_weight: float = 0.1
    # Context injection for a prompt.
    context_max_memories: int = 5
    context_token_budget: int = 300
    # Minimum relevance (hybrid, 0-1) for a memory to reach a prompt. MiniLM
    # cosines are low: a clearly related pair measured 0.53, unrelated < 0.2.
    context_min_relevance: float = 0.35
    # Explicit searches and recall show weaker matches too, but not unrelated
    # ones: at 0.2 "where is the spare key?" also found "The boiler is
    # serviced in May" (0.22, a shared "is"); related pairs measure >= 0.5.
    search_min_relevance: float = 0.3
    page_size: int = 3
    version_history_limit: int = 20
