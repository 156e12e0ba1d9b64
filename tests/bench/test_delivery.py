"""The delivery benchmark still runs; its numbers are read by people, never asserted."""

from __future__ import annotations

from bench import delivery
from tests.bench.conftest import Printed


def test_the_delivery_benchmark_prints_both_workers_and_the_goal(printed_by: Printed) -> None:
    printed = printed_by(delivery, "--moves", "3")
    for row in ("woken when notices commit", "polling every 0.5 s (before)", "goal: at most 50"):
        assert row in printed
