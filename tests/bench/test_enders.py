"""The Ender's Chess benchmark still runs; its numbers are read by people, never asserted."""

from __future__ import annotations

from bench import enders
from games.enders import EndersGame
from tests.bench.conftest import Printed


def test_the_benchmark_prints_the_turn_the_listings_the_records_and_the_goal(
    printed_by: Printed,
) -> None:
    printed = printed_by(enders, "--rounds", "2")
    assert "Ender's turn of five actions / FIDE move:" in printed
    for row in ("Ender's turn: drop, four moves, end", "Ender's legal actions (autocomplete)"):
        assert row in printed


def test_the_timed_turn_is_a_drop_and_four_moves_that_end_the_turn() -> None:
    game = EndersGame(enders.MIDDLE)
    events = game.play(1, enders.TURN)
    assert [event.san for event in events][-1] == "end" and len(events) == 6
    assert game.side_to_move(1) == "black" and game.is_open(1)


def test_the_long_game_runs_its_whole_length_without_ending() -> None:
    game = enders.long_enders()
    assert len(game.events) == enders.LONG and game.is_open(1)
