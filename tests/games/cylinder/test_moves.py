"""Positions worked by hand: every move that crosses the a-h edge, listed and explained."""

from __future__ import annotations

import pytest

from games.chess.board import FideBoard
from games.core.errors import AmbiguousMoveError, IllegalMoveError
from games.cylinder import CylinderBoard
from tests.games.oneboard import moves_of


def board(fen: str) -> CylinderBoard:
    return CylinderBoard(1, (), fen)


def placement(cylinder: CylinderBoard) -> str:
    return cylinder.fen().split()[0]


def test_a_rook_blocked_on_its_right_goes_round_the_edge_to_the_rest_of_its_rank() -> None:
    rook = board("4k3/8/8/8/8/R1P5/8/4K3 w - - 0 1")
    assert moves_of(rook, "R") == {
        "Rb3",  # east, up to its own pawn on c3
        "Rh3",  # west across the edge: a3 and h3 are neighbours
        "Rg3",  # ... and on along rank 3
        "Rf3",
        "Re3+",  # the e-file is open up to the king on e8
        "Rd3",  # the last square before the pawn on c3, reached the long way round
        "Ra4",  # north up the a-file, which does not wrap
        "Ra5",
        "Ra6",
        "Ra7",
        "Ra8+",  # rank 8 checks the king on e8 from both sides: b8-d8 and h8-f8
        "Ra2",
        "Ra1",
    }


def test_a_bishop_from_c1_runs_b2_a3_h4_and_on_to_d8() -> None:
    bishop = board("4k3/8/8/8/8/8/3P4/2B1K3 w - - 0 1")
    # d2 blocks the ordinary diagonal; the other runs across the edge after a3.
    assert moves_of(bishop, "B") == {"Bb2", "Ba3", "Bh4", "Bg5", "Bf6", "Be7", "Bd8"}


def test_a_bishop_reaches_one_square_round_both_sides_and_lists_it_once() -> None:
    bishop = board("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1")
    # c1-d2-e3-f4-g5 and c1-b2-a3-h4-g5 both end on g5: one move, written once.
    assert bishop.legal_moves().count("Bg5") == 1
    # With d2 blocked the bishop still reaches g5, the other way round.
    assert "Bg5" in board("4k3/8/8/8/8/8/3P4/2B1K3 w - - 0 1").legal_moves()


def test_a_knight_on_a1_leaps_across_the_edge_to_g2_and_h3() -> None:
    knight = board("4k3/8/8/8/8/8/8/N3K3 w - - 0 1")
    assert moves_of(knight, "N") == {
        "Nb3",  # as on an ordinary board
        "Nc2",  # as on an ordinary board
        "Ng2",  # two files left of a is g
        "Nh3",  # one file left of a is h
    }


def test_a_pawn_on_a5_takes_on_h6_across_the_edge() -> None:
    pawn = board("4k3/8/7p/P7/8/8/8/4K3 w - - 0 1")
    assert moves_of(pawn, "") == {"a6", "axh6"}  # h6 is diagonally in front of a5
    pawn.push(pawn.parse_move("axh6"))
    assert placement(pawn) == "4k3/8/7P/8/8/8/8/4K3"


def test_en_passant_takes_across_the_edge() -> None:
    passing = board("4k3/7p/8/P7/8/8/8/4K3 b - - 0 1")
    passing.push(passing.parse_move("h5"))
    assert passing.fen().split()[3] == "h6"  # the a5 pawn may take it in passing
    assert moves_of(passing, "") == {"a6", "axh6"}
    assert passing.push(passing.parse_move("axh6")).san == "axh6"
    assert placement(passing) == "4k3/8/7P/8/8/8/8/4K3"  # the h5 pawn is gone


def test_a_rook_checks_across_the_edge_where_an_ordinary_board_sees_no_check() -> None:
    fen = "8/8/8/8/1k1p2R1/8/8/4K3 b - - 0 1"
    # g4-h4-a4-b4: the rook checks round the edge; d4 blocks the ordinary way.
    assert board(fen).is_check()
    assert not FideBoard(1, (), fen).is_check()


def test_a_back_rank_mate_that_only_a_cylinder_has() -> None:
    fen = "k1b5/pp5p/8/8/8/8/8/4RK2 w - - 0 1"
    cylinder = board(fen)
    # e8-f8-g8-h8-a8 checks; b8 stays attacked once the king leaves a8; h8 is on the
    # rook's line; a7, b7 and h7 (a neighbour of a8 across the edge) hold Black's pawns;
    # nothing can block f8, g8 or h8, nor take the rook.
    assert cylinder.push(cylinder.parse_move("Re8")).san == "Re8#"
    assert cylinder.is_check() and not cylinder.has_moves()
    fide = FideBoard(1, (), fen)
    assert fide.push(fide.parse_move("Re8")).san == "Re8"  # the bishop on c8 blocks it there


def test_the_king_takes_a_rook_standing_beside_it_across_the_edge() -> None:
    cylinder = board("8/8/8/8/k6R/8/8/4K3 b - - 0 1")
    assert cylinder.is_check()  # h4 and a4 are neighbours
    assert moves_of(cylinder, "K") == {"Kxh4", "Ka3", "Ka5", "Kb3", "Kb5"}
    # b4 stays on the rook's rank; h3 and h5 are beside it too: every square next to a4.


def test_a_move_back_to_its_own_square_round_the_cylinder_is_refused() -> None:
    rook = board("4k3/8/8/8/8/R7/8/4K3 w - - 0 1")
    with pytest.raises(IllegalMoveError) as refused:
        rook.parse_move("a3a3")
    assert str(refused.value) == (
        "a3a3 would leave the position unchanged on board 1: "
        "a piece may not go round the cylinder back to its own square"
    )
    # The rank is empty, yet no listed move ends where it starts.
    assert "Ra3" not in rook.legal_moves()
    with pytest.raises(IllegalMoveError, match="Ra3 is not a legal move for White"):
        rook.parse_move("Ra3")


def test_two_rooks_that_reach_a_square_from_both_sides_name_their_file() -> None:
    rooks = board("4k3/8/8/8/8/R1R5/8/4K3 w - - 0 1")
    legal = rooks.legal_moves()
    # a3 reaches h3 across the edge; c3 reaches it east along the rank.
    assert {"Rah3", "Rch3", "Rab3", "Rcb3", "Rad3", "Rcd3"} <= set(legal)
    assert "Rh3" not in legal
    with pytest.raises(AmbiguousMoveError) as refused:
        rooks.parse_move("Rh3")
    assert str(refused.value) == "Rh3 is ambiguous on board 1: write Rah3 or Rch3"
    assert rooks.parse_move("Rch3") == "c3h3"


def test_a_pin_across_the_edge_holds_the_pinned_piece() -> None:
    # The black rook on g1 pins the white knight on a1 to its king on b1, by h1; the
    # bishop on d1 shields the king the ordinary way.
    fen = "4k3/8/8/8/8/8/8/NK1B2r1 w - - 0 1"
    assert moves_of(board(fen), "N") == set()
    fide = FideBoard(1, (), fen)
    assert {move for move in fide.legal_moves() if move.startswith("N")} == {"Nb3", "Nc2"}
