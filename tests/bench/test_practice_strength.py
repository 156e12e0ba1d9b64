"""The practice strength benchmark still runs; its numbers are read by people, never asserted."""

from __future__ import annotations

from bench import practice_strength
from tests.bench.conftest import Printed


def test_the_benchmark_prints_the_score_and_the_elo_against_its_anchor(
    printed_by: Printed, stockfish: str
) -> None:
    lines = printed_by(practice_strength, "--games", "1", "--plies", "4").splitlines()
    assert lines[0].startswith("chess: the practice opponent at strength 3")
    assert lines[1].startswith("score ") and lines[2].startswith("Elo difference ")


def test_a_score_of_three_quarters_is_about_191_elo_above_the_anchor() -> None:
    assert round(practice_strength.elo(0.75)) == 191
    low, high = practice_strength.interval(7.5, 10)
    assert low < 191 < high
