"""A fairy board's rules worked by hand: castling per army, promotion, notation, records."""

from __future__ import annotations

import itertools

import pytest

from games.core.armies import ARMIES, army
from games.core.errors import AmbiguousMoveError, IllegalMoveError, MatchConfigError, RecordError
from games.core.pieces import Piece
from games.fairy import FairyBoard

PAIRINGS = list(itertools.product(ARMIES, repeat=2))


def _castling_board(white: str, black: str, turn: str) -> FairyBoard:
    """Kings and corner pieces alone on their first ranks, every right kept."""
    w, b = army(white).corner, army(black).corner.lower()
    fen = f"{b}3k2{b}/8/8/8/8/8/8/{w}3K2{w} {turn} KQkq - 0 1"
    return FairyBoard(1, (), fen, armies=(white, black))


@pytest.mark.parametrize(("white", "black"), PAIRINGS)
@pytest.mark.parametrize("turn", ["w", "b"])
def test_each_side_castles_short_with_its_corner_piece_beside_the_king_on_g(
    white: str, black: str, turn: str
) -> None:
    board = _castling_board(white, black, turn)
    mover = white if turn == "w" else black
    rank = "1" if turn == "w" else "8"
    played = board.push(board.parse_move("O-O"))
    assert played.san == "O-O"
    corner = army(mover).corner
    assert board.piece_at(f"g{rank}") == Piece("K", played.side)
    assert board.piece_at(f"f{rank}") == Piece(corner, played.side)
    assert board.piece_at(f"h{rank}") is None


@pytest.mark.parametrize(("white", "black"), PAIRINGS)
@pytest.mark.parametrize("turn", ["w", "b"])
def test_each_side_castles_long_by_its_own_army_rule(white: str, black: str, turn: str) -> None:
    board = _castling_board(white, black, turn)
    mover = white if turn == "w" else black
    rank = "1" if turn == "w" else "8"
    played = board.push(board.parse_move("O-O-O"))
    # The Clobberers' king goes to b1 and the Bede to c1, keeping its colour; others c1, d1.
    king_file = "b" if mover == "clobberers" else "c"
    partner_file = "c" if mover == "clobberers" else "d"
    assert board.piece_at(f"{king_file}{rank}") == Piece("K", played.side)
    assert board.piece_at(f"{partner_file}{rank}") == Piece(army(mover).corner, played.side)
    assert board.piece_at(f"a{rank}") is None


def test_the_clobberers_cannot_castle_long_while_b1_is_attacked() -> None:
    board = FairyBoard(1, (), "1r2k3/8/8/8/8/8/8/D3K3 w Q - 0 1", armies=("clobberers", "fide"))
    with pytest.raises(IllegalMoveError, match="O-O-O is not a legal move for White"):
        board.parse_move("O-O-O")


def test_castling_long_is_lost_once_the_corner_piece_has_moved() -> None:
    board = _castling_board("nutty", "fide", "w")
    for move in ("Gb1", "Rh7", "Ga1", "Rh8"):
        board.push(board.parse_move(move))
    assert board.fen().split()[2] == "Kq"
    assert "O-O-O" not in board.legal_moves()


@pytest.mark.parametrize("name", list(ARMIES))
def test_a_pawn_promotes_to_what_is_native_to_its_side_on_its_board(name: str) -> None:
    board = FairyBoard(1, (), "8/P6k/8/8/8/8/6Kp/8 w - - 0 1", armies=(name, "nutty"))
    native = army(name).promotions
    assert [move.rstrip("+") for move in board.legal_moves() if move.startswith("a8")] == [
        f"a8={kind}" for kind in native
    ]
    board.push(board.parse_move(f"a8={native[0]}"))
    assert [move.rstrip("+") for move in board.legal_moves() if move.startswith("h1")] == [
        f"h1={kind}" for kind in ("O", "G", "H", "I")
    ]


def test_a_promotion_without_its_kind_asks_for_one() -> None:
    board = FairyBoard(1, (), "8/P6k/8/8/8/8/6K1/8 w - - 0 1", armies=("rookies", "fide"))
    with pytest.raises(IllegalMoveError, match="a8 needs what the pawn becomes on board 1"):
        board.parse_move("a8")
    assert board.parse_move("a8=E") == "a7a8e"
    with pytest.raises(IllegalMoveError, match="a8=Q is not a legal move"):
        board.parse_move("a8=Q")


def test_two_waffles_reaching_one_square_are_told_apart_by_their_file() -> None:
    board = FairyBoard(1, (), "k7/8/8/8/8/8/8/1W1W3K w - - 0 1", armies=("clobberers", "fide"))
    assert {"Wbc1", "Wdc1"} <= set(board.legal_moves())
    with pytest.raises(AmbiguousMoveError, match="write Wbc1 or Wdc1"):
        board.parse_move("Wc1")


def test_a_mated_side_sees_the_mate_in_the_moves_suffix() -> None:
    # A Chancellor mates on the back rank.
    board = FairyBoard(1, (), "6k1/5ppp/8/8/8/8/8/E5K1 w - - 0 1", armies=("rookies", "fide"))
    played = board.push(board.parse_move("Ea8"))
    assert played.san == "Ea8#"
    assert board.is_check() and not board.has_moves()


def test_a_king_an_arrival_leaves_attacked_may_be_taken_even_by_a_pinned_piece() -> None:
    # White's Cardinal on d4 is pinned by the rook on d8... yet Black's king on a7 stands
    # on its diagonal: taking the king ends the board, so the pin does not hold it back.
    board = FairyBoard(1, (), "3r4/k7/8/8/3C4/8/8/3K4 w - - 0 1", armies=("clobberers", "fide"))
    assert board.king_capturable()
    assert "Cxa7" in board.legal_moves()
    assert "Cb6" not in board.legal_moves()  # the pin holds for every other move
    assert board.push(board.parse_move("Cxa7")).took_king


def test_a_fairy_board_refuses_a_fen_with_a_piece_it_cannot_hold() -> None:
    with pytest.raises(MatchConfigError, match="'Z' is not a piece this board holds"):
        FairyBoard(1, (), "k7/8/8/8/8/8/8/Z6K w - - 0 1")
    with pytest.raises(MatchConfigError, match="unusable: White has no king"):
        FairyBoard(1, (), "k7/8/8/8/8/8/8/8 w - - 0 1")


def test_the_record_replays_to_the_same_position_and_refuses_a_bad_move() -> None:
    board = FairyBoard(1, ("d4", "e4", "d5", "e5"), armies=("nutty", "rookies"))
    for move in ("Ic3", "Mb6", "Ib1", "Mb8"):
        board.push(board.parse_move(move))
    copy = FairyBoard(1, ("d4", "e4", "d5", "e5"), armies=("nutty", "rookies"))
    copy.restore(board.state())
    assert copy.fen() == board.fen() and copy.state() == board.state()
    before = copy.fen()
    with pytest.raises(RecordError, match="does not load"):
        copy.restore({"root": board.state()["root"], "moves": ["a1a8"]})
    assert copy.fen() == before


def test_moving_a_piece_back_and_forth_lets_the_repetition_be_claimed() -> None:
    board = FairyBoard(1, (), armies=("nutty", "fide"))
    assert board.claimable_draw() is None
    for move in ("Ic3", "Nc6", "Ib1", "Nb8", "Ic3", "Nc6", "Ib1"):
        board.push(board.parse_move(move))
    assert board.claimable_draw() is not None  # Nb8 would make the third occurrence


def test_a_fairy_move_typed_in_lower_case_is_read_as_the_one_it_can_only_mean() -> None:
    from games.elevator import Match

    match = Match(boards=1, armies=("nutty", "fide"))
    match.play(1, "ic3")
    assert match.piece_at(1, "c3") == Piece("I", "white")
