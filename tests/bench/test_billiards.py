"""The Billiards benchmark still runs; its numbers are read by people, never asserted."""

from __future__ import annotations

from bench import billiards
from tests.bench.conftest import Printed


def test_the_benchmark_prints_the_same_moves_whole_games_and_the_goal(printed_by: Printed) -> None:
    printed = printed_by(billiards, "--rounds", "2", "--games", "2", "--plies", "20")
    for what in ("the same moves", "whole games"):
        assert f"Billiards move / FIDE move, {what}: " in printed
    assert "Billiards move, whole random games" in printed
    assert "easier than in play: " in printed
