"""The practice opponent's benchmark still runs, with or without Stockfish; its numbers are
read by people, never asserted."""

from __future__ import annotations

import games
from bench import practice
from tests.bench.conftest import Printed

SHORT = ["--games", "1", "--turns", "2", "--budget", "0.05", "--strength", "1"]
QUICK = ["--rated", "1", "--plies", "2", "--night", "2", "--night-turns", "1"]


def test_the_benchmark_prints_every_game_with_its_boards_its_other_parts_and_what_is_easier(
    printed_by: Printed,
) -> None:
    text = printed_by(practice, *SHORT, *QUICK)
    lines = text.splitlines()
    assert lines[0].startswith("Stockfish: ")
    rows = {line.split()[0]: int(line.split()[1]) for line in lines[3 : 3 + len(practice.GAMES)]}
    assert list(rows) == [*games.KINDS, "elevator+escher", "elevator+armies"]
    assert (rows["elevator"], rows["chess"], rows["elevator+escher"]) == (2, 1, 3)
    assert "timed at the opponent (no service, database or Discord)" in text
    assert "goal: p99 within the budget plus 0.25 s" in text
    # the table and the reply times each say where they are easier and harder than play
    assert text.count("easier than in play: ") == 2
    assert text.count("harder than in play: ") >= 2
