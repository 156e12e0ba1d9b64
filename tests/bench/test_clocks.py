"""The clocks benchmark still runs; its numbers are read by people, never asserted."""

from __future__ import annotations

from bench import clocks
from tests.bench.conftest import Printed


def test_the_clocks_benchmark_prints_its_rows_side_by_side(printed_by: Printed) -> None:
    printed = printed_by(clocks, "--matches", "2", "--idle", "5")
    for row in ("untimed match (baseline)", "live-clock match", "nothing due", "one flag"):
        assert row in printed
    assert "MB more per 1,000" in printed
