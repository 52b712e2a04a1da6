"""The real embedder, and corpus vectors cached on disk between runs.

Embedding 100,000 texts with MiniLM takes minutes on two cores; the vectors
only change with the texts or the model, so they are kept in
`.cache/bench/` as .npy files named after both.
"""

from __future__ import annotations

import hashlib
import os
import sys
import time
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from custom_components.home_memory.memory.embedding.embedder import (
    Embedder,
    default_model_dir,
    load_embedder,
)
from custom_components.home_memory.memory.text.validation import (
    embedding_text,
    summarize,
)

from . import CACHE_DIR

if TYPE_CHECKING:
    from collections.abc import Sequence
    from pathlib import Path

type Vectors = npt.NDArray[np.float32]

# Texts per embed() call: large enough for the embedder's own length-sorted
# batching to pad little, small enough to report progress.
EMBED_CHUNK = 4096


class BenchError(Exception):
    """A benchmark cannot run at all (no model, no data); exits non-zero."""


def engine_embedder() -> Embedder:
    """The embedder the integration would use (onnxruntime when available)."""
    model_dir = default_model_dir()
    if model_dir is None:
        raise BenchError("no model folder: run scripts/setup first")
    return load_embedder(model_dir)


def stored_text(content: str) -> str:
    """The text the store embeds for a memory with this content (no summary)."""
    return embedding_text(summarize(content), content)


def cache_key(embedder: Embedder, version: str, texts: Sequence[str]) -> str:
    """Digest of the model and the exact texts, so stale vectors are never read."""
    digest = hashlib.sha256()
    for part in (
        version,
        embedder.model_id,
        embedder.backend,
        str(embedder.dimensions),
    ):
        digest.update(part.encode())
        digest.update(b"\0")
    for text in texts:
        digest.update(text.encode())
        digest.update(b"\0")
    return digest.hexdigest()[:20]


def cached_vectors(
    embedder: Embedder,
    texts: Sequence[str],
    *,
    name: str,
    version: str,
    cache_dir: Path = CACHE_DIR,
) -> tuple[Vectors, Path, float | None]:
    """Vectors of `texts` (one row each), their cache file, and the seconds
    spent embedding (None when they came from the cache)."""
    path = (
        cache_dir
        / f"{name}-{embedder.model_id}-{cache_key(embedder, version, texts)}.npy"
    )
    if path.is_file():
        vectors = np.load(path)
        if vectors.shape == (len(texts), embedder.dimensions):
            return vectors.astype(np.float32, copy=False), path, None
    started = time.perf_counter()
    # Households repeat themselves (about a tenth of the corpus are repeats):
    # each distinct text is embedded once and its row copied.
    distinct = list(dict.fromkeys(texts))
    embedded = np.empty((len(distinct), embedder.dimensions), np.float32)
    for start in range(0, len(distinct), EMBED_CHUNK):
        stop = min(start + EMBED_CHUNK, len(distinct))
        embedded[start:stop] = embedder.embed(distinct[start:stop])
        if len(distinct) > EMBED_CHUNK:
            per_s = stop / (time.perf_counter() - started)
            print(
                f"\r  embedding {name}: {stop:,}/{len(distinct):,} distinct texts "
                f"({per_s:.0f}/s)",
                end="",
                file=sys.stderr,
                flush=True,
            )
    if len(distinct) > EMBED_CHUNK:
        print(file=sys.stderr)
    row = {text: i for i, text in enumerate(distinct)}
    vectors = embedded[[row[text] for text in texts]]
    elapsed = time.perf_counter() - started
    cache_dir.mkdir(parents=True, exist_ok=True)
    # Write then rename: an interrupted run never leaves a truncated cache file.
    partial = path.with_suffix(f".{os.getpid()}.partial")
    with partial.open("wb") as out:
        np.save(out, vectors)
    partial.replace(path)
    return vectors, path, elapsed


def query_vectors(embedder: Embedder, texts: Sequence[str]) -> Vectors:
    """Query vectors exactly as the engine computes them (one embed_query each).

    Not one batched embed(): padding within a batch moves int8 results by a
    hair, and the peers must search with the very vectors the engine uses.
    """
    return np.stack([np.asarray(embedder.embed_query(text)) for text in texts])
