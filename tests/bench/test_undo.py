"""The undo benchmark still runs; its numbers are read by people, never asserted."""

from __future__ import annotations

from bench import undo
from tests.bench.conftest import Printed


def test_the_undo_benchmark_prints_a_move_during_an_undo_beside_the_anchor(
    printed_by: Printed,
) -> None:
    printed = printed_by(undo, "--later", "5", "--players", "3", "--rounds", "2", "--moves", "3")
    for row in ("nothing else running", "while an undo runs (worst", "the undo itself"):
        assert row in printed
    assert "goal: at most 50 ms" in printed
