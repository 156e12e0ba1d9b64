"""The board's rules beyond the edge: castling, promotion, draws, reading, FEN and records."""

from __future__ import annotations

import pytest

import games
from games.chess.board import FideBoard
from games.core.errors import IllegalMoveError, MatchConfigError, RecordError
from games.core.pieces import Piece
from games.core.results import Ending
from games.cylinder import START_FEN, CylinderBoard


def board(fen: str | None = None) -> CylinderBoard:
    return CylinderBoard(1, (), fen)


def play(cylinder: CylinderBoard, *moves: str) -> list[str]:
    return [cylinder.push(cylinder.parse_move(move)).san for move in moves]


def test_a_new_board_stands_as_in_chess_with_twenty_moves() -> None:
    fresh = board()
    assert fresh.fen() == START_FEN
    assert len(fresh.legal_moves()) == 20  # b1's knight to h2 and g1's to a2 find pawns there
    assert fresh.shape.wrap_files


def test_castling_short_and_long_moves_king_and_rook_as_in_chess() -> None:
    both = board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
    assert play(both, "O-O", "O-O-O") == ["O-O", "O-O-O"]
    assert both.fen() == "2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2"


def test_castling_is_refused_when_a_knight_across_the_edge_attacks_g1() -> None:
    fen = "4k3/8/8/8/8/8/n7/4K2R w K - 0 1"
    # a2 and g1 are a knight's leap apart across the edge (two files left of a is g).
    with pytest.raises(IllegalMoveError) as refused:
        board(fen).parse_move("O-O")
    assert str(refused.value) == (
        "O-O is not legal on board 1: the king may not pass or land on an attacked square"
    )
    assert "O-O" in FideBoard(1, (), fen).legal_moves()  # on an ordinary board it may


def test_castling_counts_the_squares_between_the_ordinary_way_not_across_the_edge() -> None:
    # f1 and g1 hold pieces; the long way round from e1 to h1 (d1, c1, b1, a1) is empty.
    blocked = board("4k3/8/8/8/8/8/8/4KBNR w K - 0 1")
    with pytest.raises(IllegalMoveError, match="the squares between king and rook must be empty"):
        blocked.parse_move("O-O")


def test_a_rook_that_steps_across_the_edge_gives_up_its_castling() -> None:
    rook = board("4k3/8/8/8/8/8/8/4K2R w K - 0 1")
    assert play(rook, "Ra1") == ["Ra1"]  # h1 and a1 are neighbours
    assert rook.fen().split()[2] == "-"


def test_castling_typed_as_the_king_taking_its_rook_is_read_as_castling() -> None:
    assert board("4k3/8/8/8/8/8/8/4K2R w K - 0 1").parse_move("e1h1") == "e1g1"


def test_a_pawn_promotes_to_the_piece_named_and_a_bare_advance_is_refused() -> None:
    pawn = board("4k3/P7/8/8/8/8/8/4K3 w - - 0 1")
    with pytest.raises(IllegalMoveError) as refused:
        pawn.parse_move("a8")
    assert str(refused.value) == (
        "a8 promotes White's pawn on board 1: write a8=Q, a8=R, a8=B or a8=N"
    )
    assert [move for move in pawn.legal_moves() if move.startswith("a8")] == [
        "a8=Q+",  # the queen checks along rank 8, the ordinary way
        "a8=R+",
        "a8=B",
        "a8=N",
    ]
    assert play(pawn, "a8=N") == ["a8=N"]
    assert pawn.piece_at("a8") == Piece("N", "white")


def test_moves_typed_in_the_wrong_case_are_read_as_the_one_they_mean() -> None:
    game = games.new_game("cylinder")
    game.play(1, "nf3")
    game.play(1, "E7E5")
    assert game.piece_at(1, "f3") == Piece("N", "white")
    assert game.piece_at(1, "e5") == Piece("P", "black")


def test_a_text_that_is_no_move_says_how_moves_are_written() -> None:
    with pytest.raises(IllegalMoveError, match="is not a move on board 1: write a move in SAN"):
        board().parse_move("hello")


def test_threefold_repetition_may_be_claimed_and_fivefold_draws_by_itself() -> None:
    knights = board()
    shuffle = ("Nf3", "Nf6", "Ng1", "Ng8")
    play(knights, *shuffle)
    assert knights.claimable_draw() is None
    play(knights, *shuffle[:3])
    assert knights.claimable_draw() == Ending.THREEFOLD_REPETITION  # Ng8 would repeat it
    play(knights, shuffle[3])
    assert knights.claimable_draw() == Ending.THREEFOLD_REPETITION
    assert knights.automatic_draw() is None
    play(knights, *shuffle, *shuffle)
    assert knights.automatic_draw() == Ending.FIVEFOLD_REPETITION


def test_fifty_and_seventy_five_moves_without_capture_or_pawn_move_draw() -> None:
    assert board("4k3/8/8/8/8/8/8/R3K3 w - - 99 80").claimable_draw() is None
    assert board("4k3/8/8/8/8/8/8/R3K3 w - - 100 80").claimable_draw() == Ending.FIFTY_MOVES
    assert board("4k3/8/8/8/8/8/8/R3K3 w - - 150 80").automatic_draw() == (
        Ending.SEVENTY_FIVE_MOVES
    )


@pytest.mark.parametrize(
    ("fen", "white", "black"),
    [
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", False, False),
        ("4k3/8/8/8/8/8/8/3NK3 w - - 0 1", False, False),  # a knight alone cannot mate
        ("4k3/8/8/8/8/8/8/3BK3 w - - 0 1", False, False),  # nor a bishop alone
        ("4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1", False, False),  # bishops on one colour
        ("4k1b1/8/8/8/8/8/8/2B1K3 w - - 0 1", True, True),  # bishops on both colours
        ("4kn2/8/8/8/8/8/8/3NK3 w - - 0 1", True, True),  # a knight may mate with help
        ("4k3/8/8/8/8/8/8/3RK3 w - - 0 1", True, False),
    ],
)
def test_material_to_mate_is_counted_as_on_an_ordinary_board(
    fen: str, white: bool, black: bool
) -> None:
    cylinder = board(fen)
    assert (cylinder.can_mate("white"), cylinder.can_mate("black")) == (white, black)
    assert cylinder.insufficient_material() == (not white and not black)


def test_stalemate_leaves_no_move_and_no_check() -> None:
    # The king on a8 has b8, b7, a7, h8 and h7 as neighbours: the rook on b1 covers b8,
    # the queen on g7 the rest (h8 on its diagonal, rank 7 round the edge), not a8.
    stalemate = board("k7/6Q1/8/8/8/8/8/1R2K3 b - - 0 1")
    assert not stalemate.has_moves() and not stalemate.is_check()


@pytest.mark.parametrize(
    ("fen", "message"),
    [
        ("8/8/8/8/8/8/8/4K3 w - - 0 1", "Black has no king"),
        ("4k3/8/8/8/8/8/8/4K2P w - - 0 1", "a pawn stands on the first or last rank"),
        ("4k3/8/8/8/8/8/8/4K3 x - - 0 1", "the side to move must be w or b"),
        ("4k3/8/8/8/8/8/4K3 w - - 0 1", "its placement needs eight ranks"),
    ],
)
def test_a_position_a_game_cannot_start_from_is_refused(fen: str, message: str) -> None:
    with pytest.raises(MatchConfigError, match=message):
        board(fen)


def test_castling_rights_without_their_rook_are_dropped_when_read() -> None:
    assert board("4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1").fen() == "4k3/8/8/8/8/8/8/4K3 w - - 0 1"


def test_a_state_restores_the_position_and_the_history_for_draws() -> None:
    played = board()
    play(played, "Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1")
    again = board()
    again.restore(played.state())
    assert again.fen() == played.fen() and again.state() == played.state()
    assert again.claimable_draw() == Ending.THREEFOLD_REPETITION


@pytest.mark.parametrize(
    "state",
    [
        {"root": START_FEN},
        {"root": START_FEN, "moves": ["e2e5"]},
        {"root": "nonsense", "moves": []},
        {"root": START_FEN, "moves": [7]},
    ],
)
def test_a_malformed_state_is_refused_and_leaves_the_board_alone(state: object) -> None:
    kept = board()
    play(kept, "e4")
    before = kept.state()
    with pytest.raises(RecordError):
        kept.restore(state)
    assert kept.state() == before
