"""Ender's Chess records: PGN with a turn under one number, JSON and restore, mid-turn too."""

from __future__ import annotations

import re

import pytest

from games.core.errors import IllegalMoveError, RecordError
from games.core.oneboard import StartConfig
from games.enders import EndersGame


def movetext(pgn: str) -> str:
    """Return a PGN's moves alone: no tags, no comments, no result."""
    moves = pgn.split("\n\n", 1)[1]
    moves = re.sub(r"\{[^}]*\}", " ", moves)
    return " ".join(re.sub(r"(1-0|0-1|1/2-1/2|\*)\s*$", "", moves.strip()).split())


def opening() -> EndersGame:
    game = EndersGame()
    game.play(1, "K@f2 Kf2-e3 end")
    game.play(1, "B@f10 Bf10-d8 end")
    game.play(1, "R@f2")
    return game


def test_pgn_writes_each_turn_after_one_number_and_a_turn_under_way_as_far_as_it_went() -> None:
    game = opening()
    game.play(1, "Rf2-f4")
    assert movetext(game.pgn(1)) == "1. K@f2 Kf2-e3 end 1... B@f10 Bf10-d8 end 2. R@f2 Rf2-f4"


def test_pgn_names_the_variant_and_a_start_position_as_setup_and_fen() -> None:
    fen = "1/5/7/7/7/7/1R5/5/1 w Rr - - 0 3"
    pgn = EndersGame(fen).pgn(1, {"White": "Ann"})
    assert '[Variant "Ender\'s Chess"]' in pgn
    assert '[SetUp "1"]' in pgn and f'[FEN "{fen}"]' in pgn
    assert '[White "Ann"]' in pgn


def test_a_turn_ended_on_the_opponents_gate_has_no_end_and_the_result_follows() -> None:
    game = EndersGame("1/2K2/7/7/7/7/7/2k2/1 w RRr - - 0 5")  # white king f9, black king f3
    game.play(1, "R@f2 Kf9-f10")
    game.play(1, "Kf3-f4 end")
    pgn = game.pgn(1)
    assert pgn.endswith("5. R@f2 Kf9-f10 5... Kf3-f4 end { 1-0 by gate reached } 1-0\n")
    assert '[Result "1-0"]' in pgn


def test_the_movetext_of_a_pgn_plays_back_into_the_same_game() -> None:
    game = opening()
    game.play(1, "Rf2-f4 Ke3-e4 end Bd8-f6")
    copy = EndersGame()
    copy.play(1, movetext(game.pgn(1)))
    assert copy.events == game.events


def test_a_move_number_of_a_later_turn_is_checked_when_its_turn_comes() -> None:
    game = EndersGame()
    with pytest.raises(IllegalMoveError, match="after action 1 of 2"):
        game.play(1, "1. K@f2 1... B@f10")
    assert game.events == ()


@pytest.mark.parametrize("finished", [False, True])
def test_json_records_round_trip_mid_turn_and_finished(finished: bool) -> None:
    game = opening()
    game.play(1, "Rf2-f4")
    if finished:
        game.resign(1, "black")
    copy = EndersGame.from_json(game.to_json())
    assert copy.events == game.events and copy.fen(1) == game.fen(1)
    assert copy.enders_board(1).moved() == ("f4",)
    assert copy.board_result(1) == game.board_result(1)


def test_restore_takes_a_game_mid_turn_from_its_log_and_board_state() -> None:
    game = opening()
    game.play(1, "Rf2-f4")
    copy = EndersGame.restore(game.config, game.events, [game.board_state(1)])
    assert copy.fen(1) == game.fen(1) and copy.events == game.events
    copy.play(1, "Ke3-e4 end")
    assert copy.side_to_move(1) == "black"


def test_restore_refuses_a_state_whose_actions_are_not_the_logs() -> None:
    game, other = opening(), opening()
    game.play(1, "Rf2-f4")
    other.play(1, "Rf2-f3")
    with pytest.raises(RecordError, match="its actions are not the log's"):
        EndersGame.restore(game.config, game.events, [other.board_state(1)])


def test_restore_refuses_a_state_that_ended_the_turn_the_log_leaves_open() -> None:
    game = opening()
    game.play(1, "Rf2-f4")
    ended = EndersGame.from_json(game.to_json())
    ended.play(1, "end")
    with pytest.raises(RecordError, match="its actions are not the log's"):
        EndersGame.restore(game.config, game.events, [ended.board_state(1)])


def test_restore_refuses_a_state_from_another_start() -> None:
    start = "1/5/7/7/7/7/1R5/5/1 w Rr - - 0 3"
    game, other = EndersGame(), EndersGame(start)
    game.play(1, "end")
    other.play(1, "end")
    with pytest.raises(RecordError, match="its actions are not the log's"):
        EndersGame.restore(game.config, game.events, [other.board_state(1)])


def test_restore_refuses_a_log_that_misses_the_end_of_a_finished_game() -> None:
    game = EndersGame("1/5/7/7/7/7/7/2k2/1 b R - - 0 1")  # black king f3, by White's gate
    game.play(1, "Kf3-f2")
    assert not game.is_open(1)
    moves = [event for event in game.events if event.ACTION]
    with pytest.raises(RecordError, match="its game is over, the log's is not"):
        EndersGame.restore(StartConfig(game.config.fen), moves, [game.board_state(1)])


def test_restore_takes_a_game_never_saved_from_no_state_and_refuses_one_that_moved() -> None:
    assert EndersGame.restore(StartConfig(), (), [None]).fen(1) == EndersGame().fen(1)
    game = EndersGame()
    game.play(1, game.legal_moves(1)[0])
    with pytest.raises(RecordError, match="does not fit the log"):
        EndersGame.restore(game.config, game.events, [None])
