"""The practice night benchmark still runs; its numbers are read by people, never asserted."""

from __future__ import annotations

from bench import practice_night
from tests.bench.conftest import Printed


def test_the_benchmark_prints_one_game_alone_beside_many_at_once_and_the_goal(
    printed_by: Printed,
) -> None:
    short = ["--games", "3", "--turns", "2", "--budget", "0.2", "--strength", "1"]
    lines = printed_by(practice_night, *short).splitlines()
    assert "timed at the opponent (no service, database or Discord)" in lines[0]
    assert [line.split()[0] for line in lines[2:4]] == ["1", "3"]
    assert lines[4].startswith("goal: p99 within the budget plus 0.25 s")
    assert lines[5].startswith("easier than in play: timed at the opponent alone")
