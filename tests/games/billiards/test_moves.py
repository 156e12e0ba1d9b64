"""Positions worked by hand: diagonals that bounce off the side cushions, listed and explained."""

from __future__ import annotations

import pytest

from games.billiards import BilliardsBoard
from games.chess.board import FideBoard
from games.core.errors import AmbiguousMoveError, IllegalMoveError
from tests.games.oneboard import moves_of


def board(fen: str) -> BilliardsBoard:
    return BilliardsBoard(1, (), fen)


def test_a_bishop_from_g1_bounces_on_h2_and_runs_on_to_b8() -> None:
    bishop = board("4k3/8/8/8/8/8/8/4K1B1 w - - 0 1")
    assert moves_of(bishop, "B") == {
        "Bh2",  # north-east to the h-file: the cushion
        "Bg3",  # ... from which it comes back, north-west
        "Bf4",
        "Be5",
        "Bd6",
        "Bc7",
        "Bb8",  # reached by both lines: g1-a7 bounces on a7 to b8 too; listed once
        "Bf2",  # north-west as on an ordinary board
        "Be3",
        "Bd4",
        "Bc5",
        "Bb6",
        "Ba7",  # the a-file: the other cushion
    }
    assert bishop.legal_moves().count("Bb8") == 1


def test_a_bishop_standing_on_the_cushion_goes_away_from_it_once() -> None:
    bishop = board("4k3/8/8/8/8/8/8/4K2B w - - 0 1")
    # "north-east" from h1 is north-west at once: one line, g2 to a8, listed once
    assert moves_of(bishop, "B") == {"Bg2", "Bf3+", "Be4", "Bd5", "Bc6+", "Bb7", "Ba8"}
    assert len(bishop.legal_moves()) == 7 + 5  # and the king's five


def test_a_check_along_a_bounced_line_is_check_and_must_be_answered() -> None:
    # g1-h2-g3-f4-e5-d6: the bishop gives check off the cushion
    checked = board("8/8/3k4/8/8/8/8/4K1B1 b - - 0 1")
    assert checked.is_check()
    assert not FideBoard(1, (), "8/8/3k4/8/8/8/8/4K1B1 b - - 0 1").is_check()
    # c5 lies on the bishop's other line, e5 and c7 on the bounced one (behind the king)
    assert set(checked.legal_moves()) == {"Kc6", "Kd5", "Kd7", "Ke6", "Ke7"}


def test_a_pin_along_a_bounced_line_holds_the_pinned_piece() -> None:
    fen = "8/8/3k4/4n3/8/8/8/4K1B1 b - - 0 1"
    # the knight on e5 shields its king on d6 from the bishop's line g1-h2-g3-f4-e5-d6
    assert moves_of(board(fen), "N") == set()
    fide = FideBoard(1, (), fen)
    assert len({move for move in fide.legal_moves() if move.startswith("N")}) == 8


def test_a_capture_on_the_cushion_ends_the_move() -> None:
    taking = board("4k3/8/8/8/8/8/7p/4K1B1 w - - 0 1")
    bishop = moves_of(taking, "B")
    assert "Bxh2" in bishop
    assert not {"Bg3", "Bf4", "Be5"} & bishop  # no bounce after a capture
    with pytest.raises(IllegalMoveError):
        taking.parse_move("Bg3")


def test_a_queen_bounces_on_diagonals_only_and_a_rook_never() -> None:
    queen = board("4k3/8/8/8/7Q/8/8/4K3 w - - 0 1")
    assert moves_of(queen, "Q") == {
        "Qa4+",  # a4-b5-c6-d7-e8
        "Qb4",
        "Qc4",
        "Qd4",
        "Qe4+",  # up the e-file
        "Qf4",
        "Qg4+",  # g4-h5, then off the cushion g6-f7-e8: a check written with its plus
        "Qh1",
        "Qh2",
        "Qh3",
        "Qh5+",  # h5-g6-f7-e8
        "Qh6",
        "Qh7",
        "Qh8+",  # along the 8th rank
        "Qg5",  # north-west (north-east from the cushion is the same line)
        "Qf6",
        "Qe7+",
        "Qd8+",
        "Qg3",  # south-west
        "Qf2",
    }
    rook = board("4k3/8/8/8/7R/8/8/4K3 w - - 0 1")
    assert moves_of(rook, "R") == {
        *(f"R{f}4" for f in "abcdfg"),
        "Re4+",  # up the e-file
        *(f"Rh{r}" for r in "12356"),
        "Rh7",
        "Rh8+",
    }


def test_two_bishops_reaching_one_square_one_off_the_cushion_name_their_file() -> None:
    bishops = board("4k3/8/8/B7/8/8/8/4K1B1 w - - 0 1")
    legal = bishops.legal_moves()
    # a5-b6-c7 straight; g1-h2-g3-f4-e5-d6-c7 off the cushion
    assert {"Bac7", "Bgc7"} <= set(legal)
    with pytest.raises(AmbiguousMoveError) as refused:
        bishops.parse_move("Bc7")
    assert str(refused.value) == "Bc7 is ambiguous on board 1: write Bgc7 or Bac7"
    assert bishops.parse_move("Bgc7") == "g1c7"


def test_a_mate_that_only_a_billiards_table_has() -> None:
    # Bb6 checks b8 by a7, off the a-file's cushion; a7 is the bishop's too, and nothing of
    # Black's can take b6 or block on a7 (the knight on c7 reaches neither)
    fen = "bkr5/1pn5/8/B7/8/8/8/7K w - - 0 1"
    table = board(fen)
    played = table.push(table.parse_move("Bb6"))
    assert played.san == "Bb6#"
    assert table.is_check() and not table.has_moves()
    fide = FideBoard(1, (), fen)
    fide.push(fide.parse_move("Bb6"))
    assert not fide.is_check()
