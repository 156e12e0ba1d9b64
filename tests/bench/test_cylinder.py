"""The Cylindrical benchmark still runs; its numbers are read by people, never asserted."""

from __future__ import annotations

from bench import cylinder
from tests.bench.conftest import Printed


def test_the_benchmark_prints_both_boards_and_the_goal(printed_by: Printed) -> None:
    printed = printed_by(cylinder, "--rounds", "2")
    assert "Cylindrical move / FIDE move:" in printed
    for row in ("FIDE move: parse, push, has_moves", "Cylindrical move: parse, push, has_moves"):
        assert row in printed
