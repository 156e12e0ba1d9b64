"""The service benchmark still runs; its numbers are read by people, never asserted."""

from __future__ import annotations

from bench import service
from tests.bench.conftest import Printed


def test_the_service_benchmark_prints_its_rows_and_goals(printed_by: Printed) -> None:
    printed = printed_by(service, "--matches", "3", "--memory-matches", "5", "--plies", "4")
    for row in ("a move through the service", "bare Match (baseline)", "moves per second"):
        assert row in printed
    assert "4 plies a board" in printed and "MB per 1,000" in printed
