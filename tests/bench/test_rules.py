"""The rules benchmark still runs; its numbers are read by people, never asserted."""

from __future__ import annotations

from bench import rules
from tests.bench.conftest import Printed


def test_the_benchmark_prints_every_row_and_the_goals(printed_by: Printed) -> None:
    printed = printed_by(rules, "--rounds", "2")
    assert "normal move / push_san:" in printed
    for row in ("ride, 1000-board ring", "create a 1000-board ring", "legal moves with rides"):
        assert row in printed
