"""The real embedding models an Assist test's home gets, each loaded once
per module (a German home's multilingual-e5-small, an English one's
all-MiniLM-L6-v2)."""

from __future__ import annotations

import pytest

from custom_components.home_memory.memory.embedding.embedder import (
    Embedder,
    default_model_dir,
    load_embedder,
)
from custom_components.home_memory.memory.embedding.multilingual import (
    MultilingualEmbedder,
    load_multilingual_embedder,
)


@pytest.fixture(scope="module")
def e5() -> MultilingualEmbedder:
    """The real multilingual-e5-small a German home gets, loaded once."""
    return load_multilingual_embedder()


@pytest.fixture(scope="module")
def minilm() -> Embedder:
    """The real all-MiniLM-L6-v2 an English home gets, loaded once."""
    model_dir = default_model_dir()
    assert model_dir is not None, "run scripts/setup to assemble the model folder"
    return load_embedder(model_dir, verify=False)
