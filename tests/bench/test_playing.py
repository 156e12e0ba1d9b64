"""A benchmark's game is played on every board to its end or a cut-off, and scored."""

from __future__ import annotations

import asyncio
import random

import games
from bench import playing
from games.core.pieces import Side
from games.elevator import Match

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def test_every_board_of_a_match_is_played_until_the_cut_off() -> None:
    match = Match(boards=3)
    randomly = playing.random_player(random.Random(0))

    played = asyncio.run(playing.play_out(match, {"white": randomly, "black": randomly}, 4))

    assert played == 12
    assert all(match.fen(board) != START for board in (1, 2, 3))
    assert [match.side_to_move(board) for board in (1, 2, 3)] == ["white"] * 3


def test_a_random_player_rides_the_elevators_too() -> None:
    match = Match(boards=2, start_fens=["4k3/8/8/8/4R3/8/8/K7 w - - 0 1", START])
    chooser = random.Random(0)
    turns = {playing.random_turn(match, 1, chooser) for _ in range(200)}
    assert "Re4^2" in turns


def test_a_board_cut_off_is_scored_by_its_material_and_a_match_by_its_boards_mean() -> None:
    match = Match(boards=2, start_fens=["4k3/8/8/8/8/8/8/R3K3 w - - 0 1", START])
    side: Side = "white"
    assert playing.outcomes(match, side) == ["ahead", "level"]
    assert playing.score(match, side) == 0.75
    assert playing.score(match, "black") == 0.25


def test_a_game_that_ended_is_scored_by_its_result() -> None:
    game = games.new_game("chess")
    for move in ("f3", "e5", "g4", "Qh4#"):
        game.play(1, move)
    assert playing.outcome(game, 1, "black") == "win"
    assert playing.score(game, "white") == 0.0
