"""Ender's Chess endings in odd orders, and the draws: the turn count and repetitions."""

from __future__ import annotations

import pytest

from games.core.errors import MatchConfigError
from games.enders import EndersGame


def counted(game: EndersGame) -> int:
    """Return the turns since the last capture or drop, as the FEN writes them."""
    return int(game.fen(1).split()[5])


def test_the_turn_of_a_capture_does_not_count_towards_the_turn_limit() -> None:
    game = EndersGame("1/5/7/2n4/7/3N3/7/5/1 w r - - 7 1")  # black knight e7, white knight f5
    game.play(1, "Nf5xe7")
    assert counted(game) == 0
    game.play(1, "end")
    assert counted(game) == 0
    game.play(1, "end")
    assert counted(game) == 1


def test_a_drop_restarts_the_count_from_the_turn_after_it() -> None:
    game = EndersGame()
    game.play(1, "K@f2 end")
    assert counted(game) == 0
    game.play(1, "end")
    assert counted(game) == 1


def test_a_capture_that_ends_the_turn_on_the_gate_restarts_the_count() -> None:
    game = EndersGame("r/1K3/7/7/7/7/7/5/1 w Rr - - 9 1")  # black rook on its gate f10
    game.play(1, "Ke9xf10")
    assert game.side_to_move(1) == "black" and counted(game) == 0


def test_a_hundred_and_fifty_turns_without_capture_or_drop_draw_but_a_capture_saves_it() -> None:
    fen = "1/5/7/2n4/7/3N3/7/5/1 w r - - 149 80"
    saved = EndersGame(fen)
    saved.play(1, "Nf5xe7 end")
    assert saved.is_open(1)
    drawn = EndersGame(fen)
    drawn.play(1, "end")
    assert drawn.board_result(1) == "1/2-1/2"
    assert drawn.ending(1) is not None and drawn.ending(1).ending == "seventy-five-move rule"


def test_a_position_written_mid_turn_after_a_capture_goes_on_as_the_game_does() -> None:
    game = EndersGame("1/5/7/2n4/7/3N3/7/5/1 w r - - 7 1")
    game.play(1, "Nf5xe7")
    assert game.fen(1).split()[4] == "ac"
    resumed = EndersGame(game.fen(1))
    for played in (game, resumed):
        played.play(1, "end end")
    assert resumed.fen(1) == game.fen(1)


def test_repetition_counts_turn_starts_and_may_be_claimed_when_ending_the_turn_makes_it() -> None:
    game = EndersGame("1/5/5k1/7/7/7/7/3K1/1 w - - - 0 1")  # kings g3 and h8
    game.play(1, "Kg3-g4 end Kh8-h7 end Kg4-g3 end Kh7-h8 end")
    game.play(1, "Kg3-g4 end Kh8-h7 end Kg4-g3 end")
    assert game.claimable_draw(1) is None
    game.play(1, "Kh7-h8")  # ending Black's turn now would be the start's third time
    assert game.claimable_draw(1) == "threefold repetition"
    game.play(1, "end")
    assert game.claimable_draw(1) == "threefold repetition"


def test_taking_whites_last_piece_while_answering_does_not_undo_whites_gate_win() -> None:
    game = EndersGame("1/1K3/3r3/7/7/7/7/5/1 w r - - 0 1")  # white king e9, black rook f8
    game.play(1, "Ke9-f10")
    game.play(1, "Rf8xf10")
    assert game.is_open(1) and game.side_to_move(1) == "black"
    game.play(1, "end")
    assert game.board_result(1) == "1-0"
    assert game.ending(1) is not None and game.ending(1).ending == "gate reached"


def test_black_still_draws_by_reaching_whites_gate_after_taking_whites_last_piece() -> None:
    game = EndersGame("1/1K3/3r3/7/7/7/2n4/5/1 w r - - 0 1")  # and a black knight e4
    game.play(1, "Ke9-f10")
    game.play(1, "Rf8xf10 Ne4-f2")
    assert game.board_result(1) == "1/2-1/2"
    assert game.ending(1) is not None and game.ending(1).ending == "gate answered"


def test_white_taking_blacks_last_piece_on_blacks_gate_wins_at_once_by_elimination() -> None:
    game = EndersGame("r/1K3/7/7/7/7/7/5/1 w R - - 0 1")  # black's only piece is on its gate
    game.play(1, "Ke9xf10")
    assert game.board_result(1) == "1-0"
    assert game.ending(1) is not None and game.ending(1).ending == "no pieces left"


def test_the_rules_example_as_written_is_a_whole_turn() -> None:
    game = EndersGame()
    game.play_turn(1, "1. K@f2")
    game.play_turn(1, "1... B-f10 ; f10-d8")
    assert game.fen(1) == "1/5/1b5/7/7/7/7/5/K w RRBBKNNrrbkknn - - 0 2"


def test_a_start_where_black_answers_with_white_to_move_is_refused() -> None:
    with pytest.raises(MatchConfigError, match=r"flag g .* needs Black to move"):
        EndersGame("1/5/7/7/7/7/7/5/1 w Rr - g 0 1")
