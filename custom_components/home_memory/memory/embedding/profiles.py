"""Model profiles: each model's cosines on one shared similarity scale.

Every threshold was measured with all-MiniLM-L6-v2; another model's cosines
are mapped onto MiniLM's by a monotone map through quantiles (`search` for a
query against a memory, `statement` for a memory against a memory).

In more words: docs/languages.md, "`memory/embedding/profiles.py`".
"""

from __future__ import annotations

from dataclasses import dataclass
import itertools
from typing import Final, overload

import numpy as np
import numpy.typing as npt

from .model_files import MODEL_ID
from .multilingual import MULTILINGUAL_MODEL_ID

type Points = tuple[tuple[float, float], ...]

ENGLISH: Final = "en"
type FloatArray = npt.NDArray[np.float32]


@dataclass(frozen=True, slots=True)
class SimilarityMap:
    """A monotone piecewise-linear map of cosines (identity without points)."""

    points: Points = ()

    def __post_init__(self) -> None:
        """Refuse points that would not give a monotone map over [-1, 1]."""
        xs = [x for x, _ in self.points]
        ys = [y for _, y in self.points]
        if self.points and (
            xs[0] != -1.0
            or xs[-1] != 1.0
            or any(b <= a for a, b in itertools.pairwise(xs))
            or any(b < a for a, b in itertools.pairwise(ys))
        ):
            raise ValueError("a similarity map needs increasing points from -1 to 1")

    @overload
    def __call__(self, cosine: float) -> float: ...
    @overload
    def __call__(self, cosine: FloatArray) -> FloatArray: ...
    def __call__(self, cosine: float | FloatArray) -> float | FloatArray:
        """The cosine on the shared (MiniLM) scale."""
        if not self.points:
            return cosine
        xs = np.array([x for x, _ in self.points], dtype=np.float64)
        ys = np.array([y for _, y in self.points], dtype=np.float64)
        if isinstance(cosine, np.ndarray):
            return np.interp(cosine, xs, ys).astype(np.float32)
        return float(np.interp(float(cosine), xs, ys))

    def inverse(self, value: float) -> float:
        """The cosine this map puts at `value` (where the map is flat, the
        lowest such cosine)."""
        if not self.points:
            return value
        xs = [x for x, _ in self.points]
        ys = [y for _, y in self.points]
        return float(np.interp(value, ys, xs))


@dataclass(frozen=True, slots=True)
class ModelProfile:
    """How one model's cosines read on the shared scale."""

    model_id: str
    search: SimilarityMap = SimilarityMap()
    statement: SimilarityMap = SimilarityMap()
    # The vector share of hybrid fusion (None: the engine's configured split).
    vector_share: float | None = None
    # A memory passes a relevance floor only with a similarity within this
    # margin of the query's best one (None: the floor alone decides). For a
    # model that puts a question's frame ("wann kommt ...") close to every
    # text of that shape, the one that answers stands out and the rest do not.
    search_margin: float | None = None
    # The languages whose words the model reads (base tags; None: any). A
    # similarity to words it cannot read says nothing about their topic.
    languages: frozenset[str] | None = None
    # The similarity one word of a question alone (the verb of "who washed
    # the car") needs to a memory that says it otherwise: a lone word sits
    # lower on a model's scale than a question does (search/floors.py's
    # `other_deeds`; docs/retrieval-quality.md, "Session 22").
    word_floor: float = 0.2
    # Inside a question's time window, a memory sharing no word of its
    # topic passes by meaning only this much nearer the topic than a
    # question of time alone ("what happened"; None: not asked).
    # search/windows.py `of_the_day_alone`, docs/time.md.
    topic_lift: float | None = None
    # A pair of texts in two languages (a German question, an English
    # memory) on the shared scale, where the model reads both and puts such
    # pairs lower in its band than the same pair in one language (None: the
    # `search` map for every pair). search/other_language.py tells them.
    across: SimilarityMap | None = None
    # An English question's pairs, where the model puts them elsewhere in its
    # band than the pairs `search` was fitted on: with an English memory
    # (`english`), with one in another language (`english_across`). None:
    # the `search` map. search/other_language.py tells them.
    english: SimilarityMap | None = None
    english_across: SimilarityMap | None = None

    def across_languages(self, similarity: float) -> float:
        """`similarity` (the `search` map's) read as a pair in two languages."""
        return self.on_map(similarity, self.across)

    def on_map(self, similarity: float, pair: SimilarityMap | None) -> float:
        """`similarity` (the `search` map's) read on the map of its `pair`
        of languages (None: as it is)."""
        if pair is None:
            return similarity
        return pair(self.search.inverse(similarity))

    def pair_map(self, asked: str, told: str) -> SimilarityMap | None:
        """The map of a question asked in `asked` about a memory told in
        `told` (base tags), None where the `search` map reads the pair."""
        if asked == ENGLISH:
            return self.english if told == ENGLISH else self.english_across
        return self.across if told == ENGLISH else None

    @property
    def reads_pairs(self) -> bool:
        """Whether some pair of languages has a map of its own."""
        return any(
            m is not None for m in (self.across, self.english, self.english_across)
        )

    def fusion_weights(
        self, vector_weight: float, keyword_weight: float
    ) -> tuple[float, float]:
        """The (vector, keyword) weights of hybrid fusion for this model.

        The profile moves only the split between the two and keeps their sum;
        a vector-only or keyword-only configuration (one weight 0) stays so.
        """
        if self.vector_share is None or vector_weight <= 0 or keyword_weight <= 0:
            return vector_weight, keyword_weight
        total = vector_weight + keyword_weight
        return total * self.vector_share, total * (1.0 - self.vector_share)


# all-MiniLM-L6-v2 is an English model: a German question and an English
# memory about the same thing score like unrelated texts (docs/languages.md).
# Its topic lift: "the interview" / "Ben scrubbed the trailer" 0.28, "what
# happened" 0.25 (listed on its day, CI 1 December); "the laundry" / "the
# washing machine ran" 0.56, 0.15. 0.1 cut the held-out home's "someone may
# have come in or gone out" for "when did Anna leave" (0.03-0.09). e5 has
# none: "was ist passiert" comes nearer every observed day (0.35-0.48) than
# "Haben wir Wäsche gewaschen" does to the washing machine's (0.33).
IDENTITY: Final = ModelProfile(
    model_id=MODEL_ID, languages=frozenset({"en"}), topic_lift=0.05
)

# search: quantiles (50, 75, 90, 95, 99, 99.5, 99.9 %) of
# both models' cosines over household-shaped pairs: the German set's 66
# questions against its 45 facts (2,970 pairs), e5 on the German words and
# MiniLM on the same pairs in English (benchmarks/german_facts.py). Fitted on
# LoCoMo (a question against long conversation turns) it put a short German
# question and an unrelated short fact at 0.24 median, 0.38 at the 90th
# percentile, over the 0.3 search floor: a German answer listed 15 memories
# (docs/languages.md).
# statement: quantiles (0, 0.1, 1, 5, 10, 25, 50, 75, 90, 95, 99, 99.5, 99.9,
# 99.99, 100 %) over every pair of turns of one LoCoMo dev conversation
# (374,920 pairs). The ends are pinned to -1 and 1.
MULTILINGUAL_E5: Final = ModelProfile(
    model_id=MULTILINGUAL_MODEL_ID,
    search=SimilarityMap(
        (
            (-1.0, -1.0),
            # Below the median, e5's order is kept above 0 (fusion counts a
            # negative cosine as 0): a German question and its English fact
            # sit there (raw 0.70-0.84, unrelated English facts 0.66-0.79).
            (0.64, 0.0),
            (0.778, 0.093),
            (0.794, 0.167),
            (0.811, 0.265),
            (0.824, 0.389),
            (0.864, 0.639),
            (0.884, 0.723),
            (0.905, 0.801),
            (1.0, 1.0),
        )
    ),
    statement=SimilarityMap(
        (
            (-1.0, -1.0),
            (0.722, -0.119),
            (0.764, 0.012),
            (0.787, 0.095),
            (0.81, 0.182),
            (0.822, 0.233),
            (0.842, 0.322),
            (0.864, 0.424),
            (0.887, 0.522),
            (0.907, 0.609),
            (0.918, 0.658),
            (0.937, 0.739),
            (0.943, 0.767),
            (0.955, 0.818),
            (0.97, 0.881),
            (0.989, 0.958),
            (1.0, 1.0),
        )
    ),
    # The engine's keyword side (FTS5, Porter stemming for English) helps an
    # English question and hurts a German one: on the German set at 0.6 /
    # 0.75 / 0.85 / 1.0 vector, DE->DE hit@1 0.667 / 0.712 / 0.864 / 0.939,
    # DE->EN 0.818 / 0.818 / 0.803 / 0.803; LoCoMo dev (English) hybrid R@5
    # 0.625 / 0.639 / 0.618 / 0.470 (docs/languages.md).
    vector_share=0.85,
    # "wann ist der Zahnarzttermin" among 25 household facts: the answer at
    # 0.80-0.83, every other dated plan ("Der Klempner kommt am Dienstag,
    # 1. Dezember um 8 Uhr") at 0.40-0.66 on the household map, over the
    # floors; 0.25 let the piano tuner's (0.57) through (docs/languages.md).
    search_margin=0.2,
    # English deeds' verbs alone: "buy" / "Ben bought a new drill" 0.22,
    # "washed" / "Ben cleaned the car" 0.18, "broke" / "Mia knocked over
    # the vase" 0.13; another deed 0.07-0.11 (MiniLM: 0.27 / 0.34 / 0.14,
    # another 0.00-0.18).
    word_floor=0.115,
    # A German question and an English fact sit about 0.06 lower in e5's
    # band than the same question and the fact in German (median 0.717
    # against 0.778): under the `search` map the answers land at 0.08 /
    # 0.18 / 0.46 (10th / 50th / 90th percentile), under the floors. So a
    # pair in two languages has its own map: quantiles (1, 5, 10, 25, 50,
    # 75, 90, 95, 97.5, 99, 99.5, 99.9 %) of the German set's questions
    # against its English facts, each onto the shared-scale value of the
    # same quantile against its German facts (2,970 pairs each;
    # docs/languages.md, "Two languages in one home").
    across=SimilarityMap(
        (
            (-1.0, -1.0),
            (0.66, 0.058),
            (0.675, 0.068),
            (0.683, 0.074),
            (0.699, 0.083),
            (0.717, 0.093),
            (0.737, 0.165),
            (0.757, 0.264),
            (0.775, 0.388),
            (0.786, 0.496),
            (0.806, 0.638),
            (0.822, 0.721),
            (0.844, 0.799),
            (1.0, 1.0),
        )
    ),
    # e5 puts an English question and an English fact 0.03-0.04 lower in its
    # band than the German pairs `search` was fitted on (median 0.740 against
    # 0.778, 99th percentile 0.842 against 0.864), and one with a German fact
    # lower still at the top: the English home's spare key for "Where can I
    # find a second house key?" read 0.25, under the floors (session 42).
    # Fitted as `across` is: quantiles (1, 5, 10, 25, 50, 75, 90, 95, 97.5,
    # 99, 99.5, 99.9 %) of the 54 English questions (benchmarks/
    # english_questions.py) against the set's English facts, and against
    # its German facts (2,430 pairs each), onto the shared-scale value of
    # the same quantile of its German pairs (docs/languages.md).
    english=SimilarityMap(
        (
            (-1.0, -1.0),
            (0.684, 0.058),
            (0.699, 0.068),
            (0.707, 0.074),
            (0.722, 0.083),
            (0.74, 0.093),
            (0.758, 0.165),
            (0.778, 0.264),
            (0.793, 0.388),
            (0.815, 0.496),
            (0.842, 0.638),
            (0.864, 0.721),
            (0.889, 0.799),
            (1.0, 1.0),
        )
    ),
    english_across=SimilarityMap(
        (
            (-1.0, -1.0),
            (0.701, 0.058),
            (0.714, 0.068),
            (0.721, 0.074),
            (0.736, 0.083),
            (0.753, 0.093),
            (0.771, 0.165),
            (0.791, 0.264),
            (0.804, 0.388),
            (0.817, 0.496),
            (0.832, 0.638),
            (0.85, 0.721),
            (0.866, 0.799),
            (1.0, 1.0),
        )
    ),
)

_PROFILES: Final = {p.model_id: p for p in (IDENTITY, MULTILINGUAL_E5)}


def profile_for(model_id: str | None) -> ModelProfile:
    """The profile of `model_id`; a model without one keeps its raw cosines."""
    if model_id is None:
        return IDENTITY
    return _PROFILES.get(model_id, ModelProfile(model_id=model_id))
