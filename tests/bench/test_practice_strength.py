"""The practice strength benchmark still runs; its numbers are read by people, never asserted."""

from __future__ import annotations

from bench import practice_strength
from tests.bench.conftest import Printed


def test_the_benchmark_prints_the_score_and_the_elo_against_each_anchor(
    printed_by: Printed, stockfish: str
) -> None:
    short = ["--games", "1", "--matches", "1", "--plies", "4"]
    lines = printed_by(practice_strength, *short).splitlines()
    assert lines[0].startswith("chess: the practice opponent at strength 3")
    assert lines[1].startswith("score ") and lines[2].startswith("Elo difference ")
    assert lines[3].startswith("elevator: the practice opponent at strength 3")
    assert "on each board, blind to rides" in lines[3]
    assert lines[4].startswith("score ") and lines[5].startswith("Elo difference ")
    assert lines[6].startswith("the anchor fell back on ")
    assert any(line.startswith("unlike play: 3 of 3 boards were cut off") for line in lines)
