"""Scenario tests of Ender's Chess: the map, the pieces, the turn, the endings and the notation."""

from __future__ import annotations

import pytest

from games.core.errors import AmbiguousMoveError, IllegalMoveError, MatchConfigError, NotAMoveError
from games.enders import RECONSTRUCTION, EndersGame, read_map

# cells rank by rank from the top: 1/5/7/7/7/7/7/5/1
EMPTY = "1/5/7/7/7/7/7/5/1"


def game_at(placement: str, turn: str = "w", reserves: str = "r", flags: str = "-") -> EndersGame:
    return EndersGame(f"{placement} {turn} {reserves} - {flags} 0 1")


def test_the_reconstructed_map_has_47_cells_and_gates_f2_and_f10() -> None:
    assert len(RECONSTRUCTION.shape.squares) == 47
    assert (RECONSTRUCTION.white_gate, RECONSTRUCTION.black_gate) == ("f2", "f10")
    assert {"e9", "d8", "c4", "i8"} <= set(RECONSTRUCTION.shape.squares)
    assert not {"c3", "i9", "e10", "f1"} & set(RECONSTRUCTION.shape.squares)


def test_another_map_is_read_from_its_picture_without_code() -> None:
    small = read_map("3 . b .\n2 o o o\n1 . w .\n  a b c")
    assert (small.white_gate, small.black_gate) == ("b1", "b3")
    assert small.shape.squares == ("b1", "a2", "b2", "c2", "b3")


def test_each_side_starts_with_two_of_each_piece_in_reserve_and_an_empty_board() -> None:
    game = EndersGame()
    board = game.enders_board(1)
    assert board.reserve("white") == "RRBBKKNN"
    assert board.reserve("black") == "RRBBKKNN"
    assert all(game.piece_at(1, cell) is None for cell in RECONSTRUCTION.shape.squares)
    assert game.legal_moves(1) == ["R@f2", "B@f2", "K@f2", "N@f2", "end"]


def test_the_rules_example_is_legal_as_written() -> None:
    for written in ("1... B-f10 ; f10-d8", "1... B@f10 Bf10-d8"):
        game = EndersGame()
        game.play(1, "K@f2 end")
        game.play(1, written)
        assert game.piece_at(1, "d8") is not None
        assert game.side_to_move(1) == "black"


def test_a_whole_turn_or_action_by_action_gives_the_same_game() -> None:
    whole, single = EndersGame(), EndersGame()
    whole.play(1, "B@f2 Bf2-d4 end")
    for action in ("B@f2", "Bf2-d4", "end"):
        single.play(1, action)
    assert whole.fen(1) == single.fen(1)
    assert whole.side_to_move(1) == "black"


def test_the_turn_stays_open_until_end() -> None:
    game = EndersGame()
    game.play(1, "R@f2 Rf2-f4")
    assert game.side_to_move(1) == "white"
    assert game.enders_board(1).moved() == ("f4",)
    game.play(1, "end")
    assert game.side_to_move(1) == "black"
    assert game.enders_board(1).moved() == ()


@pytest.mark.parametrize(
    ("piece", "start", "reached"),
    [
        ("R", "f6", {"f7", "f8", "f5", "f4", "e6", "d6", "g6", "h6"}),
        ("K", "f6", {"e5", "e6", "e7", "f5", "f7", "g5", "g6", "g7"}),
        ("N", "f6", {"e4", "g4", "d5", "h5", "d7", "h7", "e8", "g8"}),
        ("B", "f6", {"e5", "d4", "e7", "d8", "g5", "h4", "g7", "h8"}),
        ("R", "c4", {"c5", "c6", "d4", "e4"}),  # c3, b4 are no cells: no leap lands there
    ],
)
def test_each_piece_reaches_the_cells_its_rule_gives(
    piece: str, start: str, reached: set[str]
) -> None:
    placement = {"f6": "1/5/7/7/3" + piece + "3/7/7/5/1", "c4": "1/5/7/7/7/7/" + piece + "6/5/1"}
    game = game_at(placement[start])
    moves = {m[-2:] if m[-3] in "-x" else m[-3:] for m in game.legal_moves(1) if m[0] == piece}
    assert moves == reached


def test_a_rook_leaps_but_a_bishop_needs_its_middle_cell_empty() -> None:
    game = game_at("1/5/7/7/3r3/3N3/3RB2/5/1")  # f6 black rook; f5 N, f4 R, g4 B
    assert "Rf4xf6" in game.legal_moves(1)  # over the knight, taking
    assert "Bg4-e6" not in game.legal_moves(1)
    game = game_at("1/5/7/7/7/3n3/4B2/5/1")  # an enemy knight on f5 blocks g4-e6 as well
    assert "Bg4-e6" not in game.legal_moves(1)
    with pytest.raises(IllegalMoveError, match="way from g4 to e6 is blocked"):
        game.play(1, "Bg4-e6")


def test_a_bishop_cannot_pass_through_a_missing_cell() -> None:
    game = game_at("1/5/7/7/7/7/7/B4/1")  # bishop d3: c2 is no cell, so b1 and a0 are out
    assert {m for m in game.legal_moves(1) if m.startswith("B")} == {"Bd3-c4", "Bd3-e4", "Bd3-f5"}


def test_a_drop_lands_only_on_the_movers_own_empty_gate_and_first() -> None:
    game = EndersGame()
    with pytest.raises(IllegalMoveError, match="White drops pieces on White's gate f2 only"):
        game.play(1, "N@f4")
    game.play(1, "N@f2 Nf2-e4")
    with pytest.raises(IllegalMoveError, match="a drop comes first in a turn"):
        game.play(1, "N@f2")


def test_a_gate_full_at_the_start_of_the_turn_allows_no_drop_even_once_emptied() -> None:
    game = EndersGame()
    game.play(1, "K@f2 end end")
    assert "K@f2" not in game.legal_moves(1)
    game.play(1, "Kf2-f3")
    with pytest.raises(IllegalMoveError, match="a drop comes first"):
        game.play(1, "K@f2")


def test_a_side_cannot_drop_what_its_reserve_lacks() -> None:
    game = game_at(EMPTY, reserves="Rr")
    with pytest.raises(IllegalMoveError, match="White has no knight in reserve"):
        game.play(1, "N@f2")


def test_a_dropped_piece_may_move_in_the_same_turn_but_each_piece_only_once() -> None:
    game = EndersGame()
    game.play(1, "R@f2 Rf2-f4")
    with pytest.raises(IllegalMoveError, match="the rook on f4 has already moved this turn"):
        game.play(1, "Rf4-f6")
    assert game.fen(1).split()[3] == "f4"


def test_many_pieces_may_move_one_after_another_in_one_turn() -> None:
    game = game_at("1/5/7/7/7/7/1R1K1N1/5/1", reserves="r")
    game.play(1, "Rd4-d6 Kf4-f5 Nh4-g6 end")
    assert all(game.piece_at(1, c) is not None for c in ("d6", "f5", "g6"))
    assert game.side_to_move(1) == "black"


def test_a_capture_removes_the_enemy_piece_for_good() -> None:
    game = game_at("1/5/7/2n4/7/3N3/7/5/1", reserves="r")  # black knight e7, white knight f5
    game.play(1, "Nf5xe7")
    assert game.piece_at(1, "e7") is not None and game.piece_at(1, "e7").side == "white"
    assert game.enders_board(1).reserve("black") == "R"


def test_a_piece_may_not_land_on_its_own_piece() -> None:
    game = game_at("1/5/7/7/7/2RR3/7/5/1")
    with pytest.raises(IllegalMoveError, match="White's own piece stands on f5"):
        game.play(1, "Re5-f5")


def test_a_piece_may_stand_on_its_own_gate_which_then_takes_no_drop() -> None:
    game = game_at("1/5/7/7/7/7/7/3K1/1", reserves="Rr")  # white king g3
    game.play(1, "Kg3-f2 end end")
    assert "R@f2" not in game.legal_moves(1)


def test_the_first_to_reach_the_opponents_gate_wins_black_at_once() -> None:
    game = game_at("1/5/7/7/7/7/7/2k2/1", turn="b", reserves="R")  # black king f3
    game.play(1, "Kf3-f2")
    assert game.board_result(1) == "0-1"
    assert game.ending(1) is not None and game.ending(1).ending == "gate reached"


def test_white_reaching_blacks_gate_ends_whites_turn_and_wins_unless_black_answers() -> None:
    game = game_at("1/2K2/7/7/7/7/7/5/1", reserves="r")  # white king f9
    game.play(1, "Kf9-f10")
    assert game.is_open(1) and game.side_to_move(1) == "black"
    assert "r@f10" not in game.legal_moves(1)  # White's king fills Black's gate
    game.play(1, "end")
    assert game.board_result(1) == "1-0"


def test_black_draws_by_reaching_whites_gate_right_after_white_reached_its() -> None:
    game = game_at("1/2K2/7/7/7/7/7/2k2/1")  # white king f9, black king f3
    game.play(1, "Kf9-f10")
    game.play(1, "Kf3-f2")
    assert game.board_result(1) == "1/2-1/2"
    assert game.ending(1) is not None and game.ending(1).ending == "gate answered"


def test_a_side_left_with_no_piece_on_board_or_in_reserve_loses() -> None:
    game = game_at("1/5/7/2n4/7/3N3/7/5/1", reserves="-")  # black's only piece is the knight on e7
    game.play(1, "Nf5xe7")
    assert game.board_result(1) == "1-0"
    assert game.ending(1) is not None and game.ending(1).ending == "no pieces left"


def test_a_turn_may_be_empty_and_end_is_always_legal() -> None:
    game = EndersGame()
    game.play(1, "end")
    assert game.side_to_move(1) == "black"
    assert game.legal_moves(1)[-1] == "end"


def test_a_refused_action_in_a_series_plays_none_of_them() -> None:
    game = EndersGame()
    before = game.fen(1)
    with pytest.raises(IllegalMoveError, match="action 3 of 3"):
        game.play(1, "R@f2 Rf2-f4 Rf4-f6")
    assert game.fen(1) == before and game.events == ()


def test_a_move_number_of_another_turn_is_refused() -> None:
    game = EndersGame()
    with pytest.raises(IllegalMoveError, match=r"it is White's turn 1\.$"):
        game.play(1, "1... B@f2")


def test_text_that_is_no_action_is_refused_naming_the_forms() -> None:
    with pytest.raises(NotAMoveError, match="write a drop"):
        EndersGame().play(1, "hello")


def test_a_short_move_names_its_piece_when_only_one_fits_and_asks_otherwise() -> None:
    game = game_at("1/5/7/7/7/7/1R3R1/5/1")  # rooks d4 and h4
    with pytest.raises(AmbiguousMoveError, match="Rd4-f4 or Rh4-f4"):
        game.play(1, "Rf4")
    game.play(1, "Rd6")
    assert game.piece_at(1, "d6") is not None


def test_undo_takes_back_one_action_and_records_replay_exactly() -> None:
    game = EndersGame()
    game.play(1, "B@f2 Bf2-d4 end B@f10")
    game.undo()
    assert game.legal_moves(1)[0] == "R@f10"
    copy = EndersGame.from_json(game.to_json())
    assert copy.fen(1) == game.fen(1) and copy.events == game.events


def test_a_finished_board_refuses_further_actions() -> None:
    game = game_at("1/5/7/7/7/7/7/2k2/1", turn="b", reserves="R")
    with pytest.raises(IllegalMoveError, match="none was played"):
        game.play(1, "Kf3-f2 end")
    assert game.is_open(1)


def test_a_start_where_a_side_has_no_piece_is_refused_as_already_over() -> None:
    with pytest.raises(MatchConfigError, match="already over: no pieces left"):
        game_at("1/5/7/7/7/7/1R5/5/1", reserves="-")


def test_white_wins_even_if_black_takes_the_piece_on_its_gate_without_answering() -> None:
    game = game_at("1/1Kr2/7/7/7/7/7/5/1", reserves="Rr")  # white king e9, black rook f9
    game.play(1, "Ke9-f10")
    game.play(1, "Rf9xf10 end")
    assert game.board_result(1) == "1-0"


def test_a_fifth_repetition_of_a_turns_start_draws() -> None:
    game = EndersGame("1/5/5k1/7/7/7/7/3K1/1 w - - - 0 1")
    for _ in range(4):
        game.play(1, "Kg3-g4 end Kh8-h7 end Kg4-g3 end Kh7-h8 end")
    assert game.board_result(1) == "1/2-1/2"
    assert game.ending(1) is not None and game.ending(1).ending == "fivefold repetition"
