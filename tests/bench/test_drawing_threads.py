"""The drawing threads benchmark still runs; its numbers are read by people, never asserted."""

from __future__ import annotations

from bench import drawing_threads
from tests.bench.conftest import Printed


def test_the_benchmark_prints_the_loops_bursts_with_nothing_drawn_threads_and_processes(
    printed_by: Printed,
) -> None:
    lines = printed_by(drawing_threads, "--seconds", "0.2", "--rounds", "1").splitlines()
    assert lines[0].startswith("an event loop's bursts of 4 ms of Python at 50 a second")
    assert [line.split()[0] for line in lines[2:5]] == ["nothing", "drawn", "drawn"]
    assert lines[5].startswith("a burst's p50, threads / nothing drawn:")
