"""Timing samples shared by the benchmarks."""

from __future__ import annotations

import statistics
import time
from collections.abc import Sequence


def percentile(values: Sequence[float], share: float) -> float:
    """Return the value below which share of the values lie (the nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


class Samples:
    """Nanosecond samples of one operation."""

    def __init__(self) -> None:
        self.values: list[int] = []

    def time(self, action: object, *args: object) -> object:
        """Run action(*args) once, keep how long it took and return what it returned."""
        assert callable(action)
        start = time.perf_counter_ns()
        result = action(*args)
        self.values.append(time.perf_counter_ns() - start)
        return result

    @property
    def median_us(self) -> float:
        """Return the median in microseconds."""
        return statistics.median(self.values) / 1000

    @property
    def median_ms(self) -> float:
        """Return the median in milliseconds."""
        return statistics.median(self.values) / 1_000_000
