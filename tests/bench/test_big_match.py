"""The big-match benchmark still runs; its numbers are read by people, never asserted."""

from __future__ import annotations

from bench import big_match
from tests.bench.conftest import Printed


def test_the_big_match_benchmark_prints_both_matches_side_by_side(printed_by: Printed) -> None:
    given = ["--moves", "2", "--boards", "50", "--speed", "20"]  # limits passing 20x faster
    printed = printed_by(big_match, *given)
    for row in ("2 boards", "50 boards", "50 boards / 2 boards, a move's p50"):
        assert row in printed
    assert "the 50-board start's first images drawn in" in printed
    assert "the whole start, from the click to every first image" in printed
