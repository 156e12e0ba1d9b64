"""The figures and worked examples of Aikin's text, position by position."""

from __future__ import annotations

import pytest

from games.core.errors import AmbiguousMoveError, IllegalMoveError, MatchConfigError
from games.core.pieces import Piece
from games.escher import STAIRCASES, START_FEN, EscherBoard

ELEVATORS = ("d4", "e4", "d5", "e5")


def board(fen: str | None = None) -> EscherBoard:
    return EscherBoard(1, ELEVATORS, fen)


def play(escher: EscherBoard, *moves: str) -> list[str]:
    return [escher.push(escher.parse_move(move)).san for move in moves]


def placement(escher: EscherBoard) -> str:
    return escher.fen().split()[0]


def test_a_new_board_has_black_king_on_d8_and_queen_on_e8() -> None:
    fresh = board()
    assert fresh.fen() == START_FEN
    assert fresh.piece_at("d8") == Piece("K", "black")
    assert fresh.piece_at("e8") == Piece("Q", "black")
    assert fresh.turn == "white" and fresh.fullmove == 1


def test_the_board_names_its_staircases_in_travel_order() -> None:
    assert board().staircases == STAIRCASES
    assert board().staircases[0] == ("a8", "b8", "c8", "d8", "e8", "f8")


def test_figure_2_rook_leaving_the_h_file_carries_its_staircase_down_one() -> None:
    # Figure 2a with kings added on squares no staircase touches.
    figure = board("7r/3k3p/8/8/7N/7B/1K6/8 b - - 0 1")
    assert play(figure, "Rf8") == ["Rf8"]
    # Figure 2b: the pawn h7 went to h6, the knight h4 to h3, the bishop h3 round to h8.
    assert placement(figure) == "5r1B/3k4/7p/8/8/7N/1K6/8"


def test_figure_3_moving_the_a2_pawn_whisks_the_a6_pawn_round_to_a1() -> None:
    figure = board("8/3k4/p7/8/8/8/P3K3/8 w - - 0 1")
    assert play(figure, "a3") == ["a3"]
    assert placement(figure) == "8/3k4/8/8/P7/8/4K3/p7"
    assert figure.turn == "black"
    assert figure.legal_moves() == ["a1=Q", "a1=R", "a1=B", "a1=N"]
    assert play(figure, "a1=Q") == ["a1=Q"]
    assert placement(figure) == "8/3k4/8/8/P7/8/4K3/q7"


def test_the_stuck_queen_may_not_move_while_two_pieces_would_fill_c6() -> None:
    stuck = board("8/2n1k3/2qp4/8/8/8/1K6/8 b - - 0 1")
    assert not any(move.startswith("Q") for move in stuck.legal_moves())
    with pytest.raises(IllegalMoveError) as refused:
        stuck.parse_move("Qb6")
    assert str(refused.value) == (
        "Qb6 is not legal for Black on board 1: the staircases would move two pieces onto c6"
    )


def test_with_one_piece_to_bring_the_queen_leaving_c6_is_legal() -> None:
    freed = board("8/2n1k3/2q5/8/8/8/1K6/8 b - - 0 1")
    play(freed, "Qb6")
    # The c staircase brings the knight to c6; row 6 brings nothing.
    assert placement(freed) == "8/4k3/1qn5/8/8/8/1K6/8"


def test_a_one_square_move_backwards_on_a_staircase_returns_to_its_start() -> None:
    passing = board("8/3k4/8/8/8/P2R4/1K6/8 w - - 0 1")
    play(passing, "Rc3")
    # The rook is carried back to d3; the other piece on row 3 moves on.
    assert placement(passing) == "8/3k4/8/8/8/1P1R4/1K6/8"


def test_a_backwards_step_on_an_empty_staircase_passes_the_turn() -> None:
    passing = board("8/3k4/8/8/8/3R4/1K6/8 w - - 0 1")
    before = placement(passing)
    play(passing, "Rc3")
    assert placement(passing) == before and passing.turn == "black"


def test_a_one_square_move_forwards_on_a_staircase_goes_two() -> None:
    onward = board("8/3k4/8/8/8/3R4/1K6/8 w - - 0 1")
    play(onward, "Re3")
    assert onward.piece_at("f3") is not None and onward.piece_at("e3") is None


# The sample opening: each diagram of the text, transcribed, after moves 2 to 6.
SAMPLE = [
    (("e4", "e5", "Bc4", "c5"), "rn1kqbnr/ppbp1ppp/8/4p3/2p1P3/2B2P2/PPPP2PP/RNQK1NRB"),
    (("Ba5+", "b6"), "rn1kqbnr/p2p1ppp/1pb5/B3p3/4P3/P1p5/PPPP2PP/RNQK1NRB"),
    (("Bxc3", "Bxa4"), "rnBkqbnr/p2p1ppp/1p6/4p3/b3P3/P7/RPPP2PP/1NQK1NRB"),
    (("Ba6", "Nf6"), "brn1kq1r/p2p1ppp/Bp3n2/4p3/b3P3/P7/RPPP2PP/1NQK1NRB"),
    (("Nc3", "B4c6"), "brn1kq1r/p2p1ppp/1pb2n2/4p3/P3P3/R1N5/1PPP2PP/B1QK1NRB"),
]


def test_the_sample_opening_reaches_every_diagram_of_the_text() -> None:
    opening = board()
    for moves, diagram in SAMPLE:
        assert play(opening, *moves) == list(moves)
        assert placement(opening) == diagram


def test_the_sample_opening_lists_each_move_it_plays() -> None:
    opening = board()
    for moves, _ in SAMPLE:
        for move in moves:
            assert move in opening.legal_moves()
            play(opening, move)


def test_the_bishop_move_the_text_writes_bc6_is_ambiguous() -> None:
    opening = board()
    for moves, _ in SAMPLE[:-1]:
        play(opening, *moves)
    play(opening, "Nc3")
    with pytest.raises(AmbiguousMoveError, match="write B4c6 or B8c6"):
        opening.parse_move("Bc6")


def test_check_is_written_after_the_shifts() -> None:
    # 3. Ba5 checks only because the c staircase drags the bishop on c7 away to c6.
    opening = board()
    play(opening, "e4", "e5", "Bc4", "c5")
    assert "Ba5+" in opening.legal_moves()
    play(opening, "Ba5")
    assert opening.is_check()


def test_uci_and_san_name_the_same_move() -> None:
    assert board().parse_move("e4") == board().parse_move("e2e4") == "e2e4"
    assert board().parse_move("Nf3+") == "g1f3"


def test_fen_round_trips_and_castling_is_always_written_as_a_dash() -> None:
    chess_start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    assert board(chess_start).fen() == chess_start.replace("KQkq", "-")
    opening = board()
    play(opening, "e4", "e5", "Bc4", "c5")
    assert board(opening.fen()).fen() == opening.fen()


@pytest.mark.parametrize(
    ("fen", "reason"),
    [
        ("8/8/8/8/8/8/8/K7 w - - 0 1", "Black has no king"),
        ("kk6/8/8/8/8/8/8/K7 w - - 0 1", "more than one king"),
        ("k6P/8/8/8/8/8/8/K7 b - - 0 1", "a white pawn stands on the last rank"),
        ("k7/8/8/8/8/8/8/K6p w - - 0 1", "a black pawn stands on the first rank"),
        ("k7/8/8/8/8/8/8/K7 w - e6 0 1", "en passant square is impossible"),
        ("k7/8/8/8/8/8/8/K7 x - - 0 1", "the side to move must be w or b"),
        ("k7/8/8/8/8/8/8/K6 w - - 0 1", "rank 1 does not have eight squares"),
        ("k7/8/8/8 w - - 0 1", "eight ranks"),
        ("k7/8/8/8/8/8/8/K7 w", "six fields"),
    ],
)
def test_a_bad_fen_is_refused_with_its_reason(fen: str, reason: str) -> None:
    with pytest.raises(MatchConfigError, match=reason):
        board(fen)


def test_pawns_may_stand_on_their_own_first_row() -> None:
    assert board("k7/8/8/8/8/8/8/K1P4p b - - 0 1").piece_at("c1") is not None


def test_a_pawn_awaiting_its_choice_may_stand_on_its_last_rank_in_fen() -> None:
    waiting = board("k6P/8/8/8/8/8/8/K7 w - - 0 1")
    assert waiting.legal_moves() == ["h8=Q", "h8=R", "h8=B", "h8=N"]


def test_elevators_are_named_and_checked_like_fide_boards() -> None:
    assert board().elevators == ELEVATORS
    assert board().elevator_index("e5") == 3
    with pytest.raises(MatchConfigError, match="not a square"):
        EscherBoard(1, ("z9",))
    with pytest.raises(MatchConfigError, match="twice"):
        EscherBoard(1, ("d4", "d4"))
