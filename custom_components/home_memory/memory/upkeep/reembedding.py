"""Switching embedding models: the index reloads, memories are re-embedded.

Re-embedding runs in batches in a daemon thread; search keeps working
meanwhile, with keyword relevance for the memories not yet re-embedded.
"""

from __future__ import annotations

import logging
import threading
from typing import TYPE_CHECKING

from ..text.validation import embedding_text

if TYPE_CHECKING:
    from ..embedding.embedder import Embedder
    from ..storage.connections import StoreConnections
    from ..storage.in_memory import InMemoryCopies
    from ..storage.rows import MemoryRows

_LOGGER = logging.getLogger(__name__)

REEMBED_BATCH = 64


class Reembedding:
    """set_embedder and the background re-embedding it starts."""

    _reembed_thread: threading.Thread | None = None

    def __init__(
        self, connections: StoreConnections, copies: InMemoryCopies, rows: MemoryRows
    ) -> None:
        """Vectors are written through `connections` for `copies`' embedder."""
        self._db = connections
        self._copies = copies
        self._rows = rows

    def set_embedder(self, embedder: Embedder | None) -> None:
        """Switch models; memories are re-embedded by reembed_batch()."""
        self._copies.switch_embedder(embedder)

    def pending_embeddings(self) -> int:
        """Memories whose vector is missing or from another model."""
        if self._copies.embedder is None:
            return 0
        with self._db.read() as conn:
            return int(
                conn.execute(
                    "SELECT count(*) FROM memories WHERE embedding_model IS NOT ?",
                    (self._copies.embedder.model_id,),
                ).fetchone()[0]
            )

    def reembed_batch(self, limit: int = REEMBED_BATCH) -> int:
        """Embed up to `limit` memories with the current model; returns how many."""
        embedder = self._copies.embedder
        if embedder is None:
            return 0
        with self._db.read() as conn:
            rows = conn.execute(
                "SELECT rowid, summary, content FROM memories "
                "WHERE embedding_model IS NOT ? LIMIT ?",
                (embedder.model_id, limit),
            ).fetchall()
        if not rows:
            return 0
        vectors = embedder.embed([embedding_text(s, c) for _, s, c in rows])
        with self._db.transaction() as conn:
            if self._copies.embedder is not embedder:
                return 0  # the model changed meanwhile; the next batch redoes it
            for (rowid, _, _), vector in zip(rows, vectors, strict=True):
                self._rows.write_vector(conn, int(rowid), vector)
        self._copies.refresh([int(r[0]) for r in rows])
        return len(rows)

    def start_background_reembed(self) -> None:
        """Re-embed in a daemon thread until done or closed; search keeps working."""
        if self._reembed_thread is not None and self._reembed_thread.is_alive():
            return

        def run() -> None:
            while not self._db.closed:
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

    def stop(self) -> None:
        """Wait for the background re-embedding to see the store closed."""
        thread = self._reembed_thread
        # Another thread may have made it and not started it yet (a reload
        # while the model loads): it sees the store closed and does nothing.
        if thread is not None and thread.ident is not None:
            thread.join()

    def wait_for_reembed(self, timeout: float | None = None) -> bool:
        """Block until background re-embedding has finished; False on timeout."""
        thread = self._reembed_thread
        if thread is not None:
            thread.join(timeout)
            return not thread.is_alive()
        return True
