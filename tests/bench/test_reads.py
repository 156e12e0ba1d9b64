"""The reads benchmark still runs; its numbers are read by people, never asserted."""

from __future__ import annotations

from bench import reads
from tests.bench.conftest import Printed


def test_the_reads_benchmark_prints_each_read_and_the_goal(printed_by: Printed) -> None:
    printed = printed_by(reads, "--boards", "40", "--repeats", "3")
    for row in (
        "a board's view",
        "the overview's 40 boards",
        "the overview after a restart (a cold load)",
        "the same, every board played",
        "before: the whole copy",
    ):
        assert row in printed
    assert "goal: no read holds the event loop for more than 5 ms" in printed
