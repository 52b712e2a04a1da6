"""The similarity a memory needs to stand out among a question's matches.

A model that brings every text of a question's shape near ("wann kommt …"
puts every dated visit close to "wann ist der Zahnarzttermin") has a
stand-out margin in its profile (embedding/profiles.py): where a relevance
floor applies, a memory passes only within that margin of the query's best
similarity, and one that shares no word with the question within half of
it when the best match shares the question's words (inside a time window,
`topic_floor`: within two margins). Measurements:
docs/languages.md, "Standing out". `by_meaning`: what a memory's
similarity alone lets pass a relevance floor.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Final, Protocol

if TYPE_CHECKING:
    from collections.abc import Collection, Mapping

# Where the question's best match by meaning shares its words, a memory
# sharing none must come within this share of the model's margin of it.
WORDLESS_MARGIN_SHARE: Final = 0.5
# Inside a question's time window, a memory sharing none of its topic's
# words may pass by meaning alone (retrieval.py, topic in window); where the
# best match shares them, only within this many of the model's margins of
# it. Measured with e5: "Was hat der Klempner repariert" / "Der Klempner
# hat im Jahr 2025 die Dusche repariert" 0.71, "Wir haben im Jahr 2025 die
# Terrasse gestrichen" 0.21 (review s28 M7: listed beside it).
TOPIC_MARGINS: Final = 2.0
# The similarity of a question's related thing alone ("latex") to a memory
# relating another that says it otherwise (measured, MiniLM / multilingual-e5:
# "peanuts" / "Mia is allergic to nuts" 0.44 / -, "rubber" / "… latex" 0.27,
# "Erdnüsse" / "Mia ist allergisch gegen Nüsse." - / 0.46, "Blütenstaub" /
# "… Pollen." - / 0.35; other things 0.07-0.21 / 0.08-0.24); a deed's thing
# alone is held to it too (deed_floor.py).
RELATED_THING_MIN_SIMILARITY: Final = 0.25


class _Matched(Protocol):
    @property
    def own(self) -> float: ...
    @property
    def similarity(self) -> float | None: ...
    @property
    def keyword(self) -> float | None: ...


def over_the_floors(
    fused: Mapping[int, _Matched],
    min_relevance: float,
    floors: tuple[float, float],
    answering: Collection[int],
    *,
    answering_alone: bool = False,
    told: Collection[int] = (),
) -> list[int]:
    """The candidates over a relevance floor: `min_relevance` of their
    own, and a similarity of at least `floors`' first where they share a
    word with the question (`stand_out_floor`), its second where not
    (`wordless_floor`). `answering`: those answering by what they say
    (visitors.py `comings_told`), whatever their similarity; with
    `answering_alone`, whatever their relevance too: "Wer kommt?" in an
    English home is near no plan by MiniLM's meaning, and "coming", said by
    most of them, weighs nothing by its words (review s35 M2). `told`:
    those that answer by what they say whatever their relevance, as well
    (visitors.py `visits_told`: a visit told as over, for who came)."""
    worded, wordless = floors
    return [
        rowid
        for rowid, rel in fused.items()
        if rowid in told
        or (answering_alone and rowid in answering)
        or (
            rel.own >= min_relevance
            and (
                rel.similarity is None
                or rowid in answering
                or rel.similarity >= (worded if rel.keyword is not None else wordless)
            )
        )
    ]


def stand_out_floor(
    margin: float | None, vector: dict[int, float], min_relevance: float
) -> float:
    """The similarity a memory needs to pass a relevance floor: within
    `margin` of the query's best (any, without a margin, a floor or a
    similarity)."""
    if margin is None or min_relevance <= 0 or not vector:
        return -math.inf
    return max(vector.values()) - margin


def wordless_floor(
    margin: float | None,
    vector: dict[int, float],
    keyword: dict[int, float],
    floor: float,
) -> float:
    """The similarity a memory that shares no word with the question needs
    (`floor` for one that does): where the best match by meaning is also a
    keyword match, within WORDLESS_MARGIN_SHARE of `margin` of it. The
    piano tuner's and the plumber's dated visits come near "wann ist der
    Zahnarzttermin" by its shape; with the appointment there, they are not
    its answer. Where the answer has none of the question's words to show
    ("Wo finde ich einen zweiten Hausschlüssel?"), `floor` alone decides."""
    if floor == -math.inf:
        return floor
    return _near_a_worded_best(margin, vector, keyword, floor, WORDLESS_MARGIN_SHARE)


def topic_floor(
    margin: float | None,
    vector: dict[int, float],
    keyword: Mapping[int, float],
    least: float,
) -> float:
    """The similarity a memory that shares no word with a question's topic
    needs inside its window: `least`, or, where the best match by meaning
    also shares the question's words and the model has a margin, within
    TOPIC_MARGINS of that margin of it: the topic is found by its words,
    and what is merely of the question's shape ("Was hat … gemacht") is
    no paraphrase of it."""
    return _near_a_worded_best(margin, vector, keyword, least, TOPIC_MARGINS)


def _near_a_worded_best(
    margin: float | None,
    vector: Mapping[int, float],
    keyword: Mapping[int, float],
    floor: float,
    margins: float,
) -> float:
    """`floor`, or, where the model has a `margin` and the best match by
    meaning shares the question's words, within `margins` of that margin
    of it."""
    if margin is None or not vector:
        return floor
    best = max(vector, key=vector.__getitem__)
    if best not in keyword:
        return floor
    return max(floor, vector[best] - margin * margins)


def by_meaning(
    similarity: Mapping[int, float | None],
    rowids: Collection[int],
    vector_weight: float,
    min_relevance: float,
) -> set[int]:
    """Of `rowids`, those whose similarity alone (weighed as fusion weighs
    it) reaches `min_relevance`; one without a similarity (no model, not
    yet re-embedded) cannot be judged by meaning and counts as reaching it."""
    return {
        rowid
        for rowid in rowids
        if (value := similarity.get(rowid)) is None
        or vector_weight * value >= min_relevance
    }
