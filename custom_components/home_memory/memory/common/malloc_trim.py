"""Give memory the process freed back to the system (glibc's malloc_trim).

glibc keeps freed heap pages in the process for reuse: after a model load
(onnxruntime frees the int8 weights it constant-folded to fp32), a batch's
activations, or a bulk load of rows, tens of MB stay resident that nothing
uses. malloc_trim returns them; it costs well under a millisecond. Other C
libraries (musl, jemalloc via LD_PRELOAD, macOS) return memory on their own
terms, and there this is a no-op.
"""

from __future__ import annotations

import ctypes
from typing import Any, Final


def _find_malloc_trim() -> Any:
    """Return glibc's malloc_trim, or None where the C library has none."""
    try:
        return ctypes.CDLL(None).malloc_trim
    except AttributeError, OSError:  # musl, macOS, Windows
        return None


_MALLOC_TRIM: Final = _find_malloc_trim()


def release_freed_memory() -> None:
    """Return the heap's free pages to the system, where glibc allows it."""
    if _MALLOC_TRIM is not None:
        _MALLOC_TRIM(0)
