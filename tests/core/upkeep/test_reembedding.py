"""Switching embedding models: backfill and background re-embedding."""

from __future__ import annotations

from typing import TYPE_CHECKING

from custom_components.home_memory.memory.common.values import (
    MemoryFilter,
)
from custom_components.home_memory.memory.search.retrieval import Retriever
from custom_components.home_memory.memory.store import (
    MemoryStore,
)

from ..conftest import (
    HOUSE,
    HashingEmbedder,
    ManualClock,
    new_memory,
)

if TYPE_CHECKING:
    from pathlib import Path


def test_keyword_only_mode_and_backfill(tmp_path: Path, clock: ManualClock) -> None:
    """Without a model the store searches by keyword and embeds later."""
    path = tmp_path / "memory.db"
    plain = MemoryStore(path, clock=clock)
    memory = plain.create(
        new_memory("The spare key is under the blue pot"), HOUSE
    ).memory
    assert plain.backends()["retrieval_mode"] == "keyword-only"
    assert memory.embedding_model is None
    assert plain.candidates.keyword_candidates("spare key", HOUSE, MemoryFilter(), 5)
    embedder = HashingEmbedder()
    plain.set_embedder(embedder)
    assert plain.pending_embeddings() == 1
    assert plain.reembed_batch() == 1
    assert plain.pending_embeddings() == 0
    assert plain.get(memory.id, HOUSE).embedding_model == embedder.model_id
    assert len(plain.index) == 1
    plain.close()


def test_model_change_reembeds_in_background_while_search_works(
    tmp_path: Path, clock: ManualClock
) -> None:
    """A model change re-embeds in batches while keyword search keeps working."""

    class NewModel(HashingEmbedder):
        model_id = "test-hashing-v2"

    store = MemoryStore(tmp_path / "m.db", embedder=HashingEmbedder(), clock=clock)
    try:
        store.create_many(
            [new_memory(f"Memory about topic{i} and the garden") for i in range(40)],
            HOUSE,
        )
        store.set_embedder(NewModel())
        assert store.pending_embeddings() == 40
        assert len(store.index) == 0
        # Meanwhile search still answers (keyword candidates, partial vectors).
        retriever = Retriever(store)
        assert (
            retriever.search("topic7", HOUSE)
            .items[0]
            .memory.content.startswith("Memory about topic7 ")
        )
        assert store.reembed_batch(10) == 10
        assert store.pending_embeddings() == 30
        assert len(store.index) == 10
        store.start_background_reembed()
        assert store.wait_for_reembed(timeout=60)
        assert store.pending_embeddings() == 0
        assert len(store.index) == 40
        assert {
            m.embedding_model for m in store.list_memories(HOUSE, limit=100).items
        } == {"test-hashing-v2"}
    finally:
        store.close()
