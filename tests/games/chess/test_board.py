from __future__ import annotations

import pytest

from games.chess.board import FideBoard
from games.core.errors import IllegalMoveError, MatchConfigError
from games.core.pieces import Piece

ELEVATORS = ("d4", "e4", "d5", "e5")


def board(fen: str | None = None) -> FideBoard:
    return FideBoard(1, ELEVATORS, fen)


def test_a_new_board_is_the_standard_start() -> None:
    assert board().fen() == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    assert board().turn == "white"


def test_a_capturable_king_is_listed_and_can_be_taken() -> None:
    capturable = board("4k3/8/5N2/8/8/8/8/4K3 w - - 0 1")
    assert capturable.king_capturable()
    assert "Nxe8" in capturable.legal_moves()
    played = capturable.push(capturable.parse_move("Nxe8"))
    assert played.took_king and played.san == "Nxe8"


def test_a_pinned_piece_may_take_the_king_by_san_or_uci() -> None:
    fen = "4r3/8/8/8/8/2k5/4N3/4K3 w - - 0 1"
    assert board(fen).parse_move("Nxc3") == "e2c3"
    assert board(fen).parse_move("e2c3") == "e2c3"
    assert "Nc1" not in board(fen).legal_moves()


def test_a_departure_flips_the_turn_and_resets_the_counters() -> None:
    riding = board("4k3/8/8/8/4n3/8/8/4K3 b - - 12 30")
    assert riding.depart(1) == Piece("N", "black")
    assert riding.fen() == "4k3/8/8/8/8/8/8/4K3 w - - 0 31"


def test_an_arrival_keeps_the_turn_and_resets_the_fifty_move_count() -> None:
    landing = board("4k3/8/8/8/8/8/8/4K3 b - - 12 30")
    landing.arrive(3, Piece("Q", "white"))
    assert landing.fen() == "4k3/8/8/4Q3/8/8/8/4K3 b - - 0 30"
    assert landing.is_check()


def test_repetition_counts_start_afresh_after_an_arrival() -> None:
    repeated = board()
    for san in ("Nf3", "Nf6", "Ng1", "Ng8") * 2:
        repeated.push(repeated.parse_move(san))
    assert repeated.claimable_draw() == "threefold repetition"
    repeated.arrive(0, Piece("N", "white"))
    assert repeated.claimable_draw() is None


def test_ride_refusals_say_why() -> None:
    fen = "4r2k/8/8/8/4N3/8/8/4K3 w - - 0 1"
    assert board(fen).ride_refusal(1, "white", king_safety=True) == (
        "the knight on e4 on board 1 is pinned: riding away would leave its king in check"
    )
    assert board(fen).ride_refusal(1, "white", king_safety=False) is None
    assert board(fen).ride_refusal(0, "white", king_safety=True) == (
        "there is no piece on d4 on board 1"
    )


@pytest.mark.parametrize(
    ("fen", "problem"),
    [
        ("8/8/8/8/8/8/8/8 w - - 0 1", "White has no king"),
        ("4k3/8/8/8/8/8/8/4KK2 w - - 0 1", "more than one king"),
        ("4k2P/8/8/8/8/8/8/4K3 w - - 0 1", "first or last rank"),
        ("4k3/8/8/8/8/8/8/4K3 x - - 0 1", "not valid"),
    ],
)
def test_unusable_start_positions_are_refused(fen: str, problem: str) -> None:
    with pytest.raises(MatchConfigError, match=problem):
        board(fen)


def test_positions_only_an_elevator_can_make_are_accepted() -> None:
    nine_pawns_three_checkers = "4k3/8/3N1N2/8/B7/P7/PPPPPPPP/4K3 w - - 0 1"
    assert board(nine_pawns_three_checkers).king_capturable()


def test_an_illegal_move_says_when_the_king_is_in_check() -> None:
    with pytest.raises(IllegalMoveError, match=r"Nf3 is not a legal move for White .*in check"):
        board("4k3/8/8/8/1b6/8/8/4K1N1 w - - 0 1").parse_move("Nf3")
