"""Switching embedding models: the index reloads, memories are re-embedded.

Re-embedding runs in batches in a daemon thread; search keeps working
meanwhile, with keyword relevance for the memories not yet re-embedded.
"""

from __future__ import annotations

import logging
import threading
from typing import TYPE_CHECKING

from ..storage.rows import MemoryRows
from ..text.validation import embedding_text

if TYPE_CHECKING:
    from ..embedding.embedder import Embedder

_LOGGER = logging.getLogger(__name__)

REEMBED_BATCH = 64


class Reembedding(MemoryRows):
    """set_embedder and the background re-embedding it starts."""

    _reembed_thread: threading.Thread | None = None

    def set_embedder(self, embedder: Embedder | None) -> None:
        """Switch models; memories are re-embedded by reembed_batch()."""
        # The refresh lock: a refresh that read the old model's vectors must
        # not apply them after the reload.
        with self._write_lock, self._refresh_lock:
            self._embedder = embedder
            self._load_index()
        self._adopt_saved_graph()

    def pending_embeddings(self) -> int:
        """Memories whose vector is missing or from another model."""
        if self._embedder is None:
            return 0
        with self._read() as conn:
            return int(
                conn.execute(
                    "SELECT count(*) FROM memories WHERE embedding_model IS NOT ?",
                    (self._embedder.model_id,),
                ).fetchone()[0]
            )

    def reembed_batch(self, limit: int = REEMBED_BATCH) -> int:
        """Embed up to `limit` memories with the current model; returns how many."""
        embedder = self._embedder
        if embedder is None:
            return 0
        with self._read() as conn:
            rows = conn.execute(
                "SELECT rowid, summary, content FROM memories "
                "WHERE embedding_model IS NOT ? LIMIT ?",
                (embedder.model_id, limit),
            ).fetchall()
        if not rows:
            return 0
        vectors = embedder.embed([embedding_text(s, c) for _, s, c in rows])
        with self._transaction() as conn:
            if self._embedder is not embedder:
                return 0  # the model changed meanwhile; the next batch redoes it
            for (rowid, _, _), vector in zip(rows, vectors, strict=True):
                self._write_vector(conn, int(rowid), vector)
        self._refresh([int(r[0]) for r in rows])
        return len(rows)

    def start_background_reembed(self) -> None:
        """Re-embed in a daemon thread until done or closed; search keeps working."""
        if self._reembed_thread is not None and self._reembed_thread.is_alive():
            return

        def run() -> None:
            while not self._closed.is_set():
                try:
                    if self.reembed_batch() == 0:
                        return
                except Exception:
                    _LOGGER.exception("re-embedding stopped")
                    return

        self._reembed_thread = threading.Thread(
            target=run, name="home_memory_reembed", daemon=True
        )
        self._reembed_thread.start()

    def wait_for_reembed(self, timeout: float | None = None) -> bool:
        """Block until background re-embedding has finished; False on timeout."""
        thread = self._reembed_thread
        if thread is not None:
            thread.join(timeout)
            return not thread.is_alive()
        return True
