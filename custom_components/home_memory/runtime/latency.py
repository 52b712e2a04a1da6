"""A small latency recorder for diagnostics (search and context calls).

It keeps the last samples of each operation in memory and reports their
percentiles; nothing about the requests themselves is kept.
"""

from __future__ import annotations

from collections import deque
from contextlib import contextmanager
import math
import time
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from collections.abc import Iterator

# Samples kept per operation: enough for stable percentiles, a few KB at most.
MAX_SAMPLES: Final = 500
PERCENTILES: Final = (50, 90, 99)


class LatencyRecorder:
    """Durations of recent calls per operation (e.g. "search", "context")."""

    def __init__(self, max_samples: int = MAX_SAMPLES) -> None:
        """Start empty; each operation keeps at most `max_samples` samples."""
        self._max_samples = max_samples
        self._samples: dict[str, deque[float]] = {}

    def record(self, operation: str, seconds: float) -> None:
        """Add one duration."""
        samples = self._samples.get(operation)
        if samples is None:
            samples = self._samples[operation] = deque(maxlen=self._max_samples)
        samples.append(seconds)

    @contextmanager
    def measure(self, operation: str) -> Iterator[None]:
        """Time the block (also when it raises: slow failures count too)."""
        start = time.perf_counter()
        try:
            yield
        finally:
            self.record(operation, time.perf_counter() - start)

    def summary(self) -> dict[str, dict[str, float | int]]:
        """Count, percentiles and maximum in milliseconds, per operation."""
        result: dict[str, dict[str, float | int]] = {}
        for operation, samples in sorted(self._samples.items()):
            ordered = sorted(samples)
            stats: dict[str, float | int] = {"count": len(ordered)}
            for percentile in PERCENTILES:
                stats[f"p{percentile}_ms"] = _ms(_nearest_rank(ordered, percentile))
            stats["max_ms"] = _ms(ordered[-1])
            result[operation] = stats
        return result


def _nearest_rank(ordered: list[float], percentile: int) -> float:
    rank = max(1, math.ceil(percentile / 100 * len(ordered)))
    return ordered[rank - 1]


def _ms(seconds: float) -> float:
    return round(seconds * 1000, 2)
