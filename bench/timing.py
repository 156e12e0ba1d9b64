"""Timing samples shared by the benchmarks."""

from __future__ import annotations

import os
import statistics
import time
from collections.abc import Sequence
from pathlib import Path

TICKS = os.sysconf("SC_CLK_TCK")  # /proc's unit of CPU time, in a second


def percentile(values: Sequence[float], share: float) -> float:
    """Return the value below which share of the values lie (the nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def cpu_seconds(pid: int) -> float:
    """Return the CPU time a process and those it started have used, in seconds (Linux).

    Read from /proc: user and system time, of the process, its living descendants and the
    children they have waited for; the time they spent, whatever else shares the cores.
    """
    total = 0
    waiting = [pid]
    while waiting:
        process = waiting.pop()
        try:
            stat = Path(f"/proc/{process}/stat").read_text()
            tasks = list(Path(f"/proc/{process}/task").iterdir())
            for task in tasks:
                waiting += map(int, (task / "children").read_text().split())
        except FileNotFoundError:  # it ended meanwhile: its parent counts it once reaped
            continue
        fields = stat[stat.rindex(")") + 2 :].split()  # after the name, which may hold spaces
        total += sum(int(value) for value in fields[11:15])  # utime stime cutime cstime
    return total / TICKS


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
