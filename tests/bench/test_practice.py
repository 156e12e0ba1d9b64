"""The practice opponent's benchmark still runs, with or without Stockfish; its numbers are
read by people, never asserted."""

from __future__ import annotations

import games
from bench import practice
from tests.bench.conftest import Printed

SHORT = ["--games", "1", "--turns", "2", "--budget", "0.05", "--strength", "1"]
QUICK = ["--rated", "1", "--plies", "2", "--night", "2", "--night-turns", "1"]


def test_the_benchmark_prints_a_row_for_every_game_with_its_boards_and_its_other_parts(
    printed_by: Printed,
) -> None:
    lines = printed_by(practice, *SHORT, *QUICK).splitlines()
    assert lines[0].startswith("Stockfish: ")
    rows = {line.split()[0]: int(line.split()[1]) for line in lines[3:11]}
    assert list(rows) == [*games.KINDS, "elevator+escher", "elevator+armies"]
    assert (rows["elevator"], rows["chess"], rows["elevator+escher"]) == (2, 1, 3)
    text = "\n".join(lines)
    assert "timed at the opponent (no service, database or Discord)" in text
    assert "goal: p99 within the budget plus 0.25 s" in text


def test_each_part_says_where_it_is_easier_or_harder_than_play(printed_by: Printed) -> None:
    lines = printed_by(practice, *SHORT, "--rated", "0", "--night", "2", "--night-turns", "1")
    assert lines.count("easier than in play: ") == 2
    assert lines.count("harder than in play: ") == 2
