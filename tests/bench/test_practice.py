"""The practice opponent's benchmark still runs, with or without Stockfish; its numbers are
read by people, never asserted."""

from __future__ import annotations

import games
from bench import practice
from tests.bench.conftest import Printed


def test_the_benchmark_prints_a_row_for_every_game_and_says_whether_stockfish_played(
    printed_by: Printed,
) -> None:
    short = ["--games", "1", "--turns", "2", "--budget", "0.05", "--strength", "1"]
    lines = printed_by(practice, *short).splitlines()
    assert lines[0].startswith("Stockfish: ")
    rows = [line.split()[0] for line in lines[3:]]
    assert rows == [*games.KINDS, "elevator+escher", "elevator+armies"]
