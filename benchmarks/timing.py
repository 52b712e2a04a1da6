"""Latency sampling: warm up, then time each call with perf_counter_ns."""

from __future__ import annotations

from dataclasses import dataclass
import gc
import math
import time
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence


@dataclass(frozen=True, slots=True)
class Latency:
    """Per-call latencies of one measurement, in milliseconds."""

    samples_ms: tuple[float, ...]

    def percentile(self, q: float) -> float:
        """Nearest-rank percentile: a value that was actually observed."""
        ordered = sorted(self.samples_ms)
        rank = max(1, math.ceil(q / 100 * len(ordered)))
        return ordered[rank - 1]

    @property
    def p50(self) -> float:
        """Median."""
        return self.percentile(50)

    @property
    def p95(self) -> float:
        """95th percentile."""
        return self.percentile(95)


def time_calls[T](
    call: Callable[[T], object], inputs: Sequence[T], *, warmup: Sequence[T] = ()
) -> Latency:
    """Run `call` on each warm-up input untimed, then time it on each input.

    A collection first, so garbage from the set-up is not charged to the first
    timed calls; the collector stays on, as it is in Home Assistant.
    """
    for item in warmup:
        call(item)
    gc.collect()
    samples: list[float] = []
    for item in inputs:
        started = time.perf_counter_ns()
        call(item)
        samples.append((time.perf_counter_ns() - started) / 1e6)
    return Latency(tuple(samples))


def rate(count: int, seconds: float) -> float:
    """Items per second."""
    return count / seconds if seconds > 0 else math.inf
