"""Model profiles (memory/embedding/profiles.py): each model's cosines on the
one shared (MiniLM) similarity scale."""

from __future__ import annotations

import numpy as np
import pytest

from custom_components.home_memory.memory.embedding.model_files import MODEL_ID
from custom_components.home_memory.memory.embedding.multilingual import (
    MULTILINGUAL_MODEL_ID,
)
from custom_components.home_memory.memory.embedding.profiles import (
    IDENTITY,
    MULTILINGUAL_E5,
    SimilarityMap,
    profile_for,
)


def test_profiles() -> None:
    """MiniLM keeps its cosines; e5's map onto them, monotone, ends fixed."""
    assert profile_for(MODEL_ID) is IDENTITY
    assert profile_for(None) is IDENTITY
    assert profile_for(MULTILINGUAL_MODEL_ID) is MULTILINGUAL_E5
    assert profile_for("another-model").search(0.42) == 0.42
    assert IDENTITY.search(0.5) == 0.5
    search = MULTILINGUAL_E5.search
    # e5's median unrelated and answering cosines of a household's short
    # questions and facts land where MiniLM's are (0.09, 0.62).
    assert search(0.778) == pytest.approx(0.093, abs=1e-3)
    assert search(0.86) == pytest.approx(0.62, abs=0.02)
    # Under the search floor (0.3) up to e5's 90th percentile of unrelated
    # pairs (0.807): the LoCoMo-fitted map put that at 0.38.
    assert search(0.807) < 0.3
    assert MULTILINGUAL_E5.search_margin == pytest.approx(0.2)
    assert IDENTITY.search_margin is None
    values = np.linspace(-1, 1, 201, dtype=np.float32)
    mapped = search(values)
    assert mapped.dtype == np.float32
    assert np.all(np.diff(mapped) >= 0)
    assert search(1.0) == 1.0
    assert search(-1.0) == -1.0
    with pytest.raises(ValueError, match="increasing"):
        SimilarityMap(((-1.0, -1.0), (0.5, 0.2), (0.4, 0.3), (1.0, 1.0)))
    assert MULTILINGUAL_E5.fusion_weights(0.6, 0.4) == pytest.approx((0.85, 0.15))
    assert MULTILINGUAL_E5.fusion_weights(1.0, 0.0) == (1.0, 0.0)
    assert MULTILINGUAL_E5.fusion_weights(0.0, 1.0) == (0.0, 1.0)
    assert IDENTITY.fusion_weights(0.6, 0.4) == (0.6, 0.4)


def test_statements_have_a_map_of_their_own() -> None:
    """e5 compares a memory with a memory on another scale than a query with a
    memory: the statement map is monotone, pinned at the ends, and reads the
    same e5 cosine lower than the search map (pairs of turns sit higher)."""
    statement = MULTILINGUAL_E5.statement
    values = np.linspace(-1, 1, 201, dtype=np.float32)
    assert np.all(np.diff(statement(values)) >= 0)
    assert (statement(-1.0), statement(1.0)) == (-1.0, 1.0)
    assert statement(0.83) < MULTILINGUAL_E5.search(0.83)
    # MiniLM's own duplicate threshold stays where it was measured.
    assert IDENTITY.statement(0.97) == 0.97
    # A model without a profile keeps its raw cosines on both scales.
    unknown = profile_for("another-model")
    assert unknown.statement(0.3) == 0.3
    assert unknown.fusion_weights(0.6, 0.4) == (0.6, 0.4)


def test_a_map_refuses_points_that_would_not_be_monotone() -> None:
    """Ends other than -1 and 1, or points out of order, are refused."""
    for points in (
        ((0.0, 0.0), (1.0, 1.0)),
        ((-1.0, -1.0), (0.5, 0.6), (0.5, 0.7), (1.0, 1.0)),
        ((-1.0, -1.0), (0.2, 0.5), (0.4, 0.1), (1.0, 1.0)),
    ):
        with pytest.raises(ValueError, match="increasing"):
            SimilarityMap(points)
    identity = SimilarityMap()
    values = np.array([-0.5, 0.25], dtype=np.float32)
    assert identity(values) is values


def test_a_pair_in_two_languages_is_read_on_its_own_map() -> None:
    """e5's `across` map lifts a German question and its English fact to
    where the same pair in German sits; the inverse of a map gives back
    the cosine; MiniLM, which reads one language, has none."""
    search = MULTILINGUAL_E5.search
    for cosine in (0.5, 0.7, 0.8, 0.86, 0.95):
        assert search.inverse(search(cosine)) == pytest.approx(cosine, abs=1e-6)
    # The 90th percentile of the German set's DE->EN pairs reads as that of
    # its DE->DE pairs (0.264 on the shared scale), not as 0.079.
    shared = search(0.757)
    assert shared < 0.1
    assert MULTILINGUAL_E5.across_languages(shared) == pytest.approx(0.264, abs=1e-3)
    assert IDENTITY.across is None
    assert IDENTITY.across_languages(0.4) == 0.4
