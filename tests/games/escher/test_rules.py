"""Each rule of Escher Staircase, and each choice we made where the text is silent."""

from __future__ import annotations

import pytest

from games.core.errors import IllegalMoveError, RecordError
from games.core.pieces import Piece
from games.core.results import Ending
from games.escher import EscherBoard

ELEVATORS = ("d4", "e4", "d5", "e5")


def board(fen: str | None = None, elevators: tuple[str, ...] = ELEVATORS) -> EscherBoard:
    return EscherBoard(1, elevators, fen)


def play(escher: EscherBoard, *moves: str) -> list[str]:
    return [escher.push(escher.parse_move(move)).san for move in moves]


def refusal(escher: EscherBoard, move: str) -> str:
    before = escher.state()
    with pytest.raises(IllegalMoveError) as refused:
        escher.parse_move(move)
    assert escher.state() == before
    return str(refused.value)


def placement(escher: EscherBoard) -> str:
    return escher.fen().split()[0]


# ------------------------------------------------------------------ en passant

EP_START = "8/3k4/8/8/3p4/8/1K2P3/8 w - - 0 1"


def test_en_passant_follows_the_two_square_advance_at_once() -> None:
    passing = board(EP_START)
    play(passing, "e4")
    assert passing.fen().split()[3] == "e3"
    assert play(passing, "dxe3") == ["dxe3"]
    assert placement(passing) == "8/3k4/8/8/8/4p3/1K6/8"


def test_en_passant_lapses_after_one_move() -> None:
    passing = board(EP_START)
    play(passing, "e4", "Kc7", "Kb1")
    assert "not a legal move" in refusal(passing, "dxe3")


def test_a_shift_that_carries_the_pawn_away_cancels_en_passant() -> None:
    carried = board("8/3k4/8/8/6p1/8/1K3P2/8 w - - 0 1")
    play(carried, "f4")  # f2 is on the f staircase: the pawn lands on f4 and rides to f5
    assert carried.fen() == "8/3k4/8/5P2/6p1/8/1K6/8 b - - 0 1"
    assert "gxf3" not in carried.legal_moves()


def test_an_arrival_on_the_passed_square_cancels_en_passant() -> None:
    blocked = board(EP_START, elevators=("e3",))
    play(blocked, "e4")
    blocked.arrive(0, Piece("N", "white"))
    assert blocked.fen().split()[3] == "-"
    play(blocked, "dxe3")  # now an ordinary capture of the knight
    assert placement(blocked) == "8/3k4/8/8/4P3/4p3/1K6/8"


def test_the_staircases_shift_after_an_en_passant_capture() -> None:
    passing = board("8/3k4/8/5R2/5p2/8/1K2P3/8 w - - 0 1")
    play(passing, "e4")
    assert play(passing, "fxe3") == ["fxe3"]
    # f4 is on the f staircase: the rook rides from f5 to f6.
    assert placement(passing) == "8/3k4/5R2/8/8/4p3/1K6/8"


def test_en_passant_after_a_two_square_advance_from_the_first_row() -> None:
    passing = board("8/3k4/8/8/8/p7/4K3/1P6 w - - 0 1")
    play(passing, "b3")
    assert passing.fen().split()[3] == "b2"
    play(passing, "axb2")
    assert passing.piece_at("b2") == Piece("P", "black")
    assert passing.piece_at("b3") is None


# ------------------------------------------------------------------ promotion

CARRIER = "8/3k4/8/2B5/8/2P5/1K6/8 w - - 0 1"


def test_a_move_carrying_the_movers_pawn_to_the_last_rank_needs_a_choice() -> None:
    assert refusal(board(CARRIER), "Bb6") == (
        "Bb6 promotes White's pawn on board 1: write Bb6=Q, Bb6=R, Bb6=B or Bb6=N"
    )


def test_each_choice_of_a_carrying_move_is_listed_with_its_own_check() -> None:
    moves = board(CARRIER).legal_moves()
    assert {"Bb6=Q+", "Bb6=R", "Bb6=B+", "Bb6=N"} <= set(moves)
    assert "Bb6" not in moves


def test_the_owner_chooses_as_part_of_the_carrying_move() -> None:
    carrying = board(CARRIER)
    assert carrying.parse_move("Bb6=N") == "c5b6n"
    assert play(carrying, "Bb6=N") == ["Bb6=N"]
    assert carrying.piece_at("c8") == Piece("N", "white")
    assert carrying.turn == "black"


def test_a_choice_is_refused_where_no_pawn_promotes() -> None:
    assert refusal(board(CARRIER), "Kc2=Q") == "Kc2=Q promotes no pawn on board 1: write Kc2"


def test_a_pawn_moving_to_its_last_rank_is_written_with_its_choice() -> None:
    promoting = board("8/k3P3/8/8/8/8/1K6/8 w - - 0 1")
    assert "e8=Q, e8=R, e8=B or e8=N" in refusal(promoting, "e8")
    play(promoting, "e8=R")
    assert promoting.piece_at("e8") == Piece("R", "white")


def test_a_pawn_promotes_where_it_lands_and_the_staircase_carries_the_new_piece() -> None:
    promoting = board("8/2P5/8/8/6k1/8/1K6/8 w - - 0 1")
    play(promoting, "c8=Q")
    assert placement(promoting) == "8/2Q5/8/8/6k1/8/1K6/8"


def test_two_pawns_promoted_by_one_move_take_the_one_kind_chosen() -> None:
    double = board("1r6/2P5/8/8/6k1/2P5/1K6/8 w - - 0 1")
    play(double, "cxb8=N")
    assert placement(double) == "1NN5/8/8/8/6k1/8/1K6/8"


FIGURE_3 = "8/3k4/p7/3n4/8/8/P3K3/8 w - - 5 9"


def test_a_pawn_the_opponent_carries_waits_for_its_owners_choice() -> None:
    waiting = board(FIGURE_3)
    play(waiting, "a3")
    assert waiting.turn == "black"
    assert waiting.legal_moves() == ["a1=Q", "a1=R", "a1=B", "a1=N"]
    assert waiting.has_moves()
    assert refusal(waiting, "Kc7") == (
        "Black must first choose what the pawn on a1 becomes on board 1: "
        "write a1=Q, a1=R, a1=B or a1=N"
    )


def test_the_owners_choice_uses_no_turn_and_the_new_piece_may_move_at_once() -> None:
    waiting = board(FIGURE_3)
    play(waiting, "a3")
    fen_before = waiting.fen()
    played = waiting.push(waiting.parse_move("a1=N"))
    assert (played.san, played.uci, played.side) == ("a1=N", "a1a1n", "black")
    assert waiting.turn == "black"
    assert waiting.fen().split()[-1] == fen_before.split()[-1]
    assert waiting.fen().split()[-2] == "0"  # a promotion resets the fifty-move count
    assert "Nb3" in waiting.legal_moves()
    play(waiting, "Nb3")
    assert waiting.turn == "white"


def test_the_pending_choice_may_be_given_in_uci() -> None:
    waiting = board(FIGURE_3)
    play(waiting, "a3")
    assert waiting.parse_move("a1a1r") == "a1a1r"
    assert "must first choose" in refusal(waiting, "a2a2q")


def test_no_ride_while_a_choice_is_awaited() -> None:
    waiting = board(FIGURE_3)
    play(waiting, "a3")
    assert waiting.ride_refusal(2, "black", king_safety=True) == (
        "Black must first choose what the pawn on a1 becomes on board 1"
    )


@pytest.mark.parametrize(
    "fen",
    [
        "8/3k4/p7/8/8/8/P1K5/8 w - - 0 1",  # c2: a knight's leap from a1
        "8/3k4/p7/8/3K4/8/P7/8 w - - 0 1",  # d4: on the queen's diagonal from a1
    ],
)
def test_the_carrying_side_may_not_leave_its_king_to_the_promoted_piece(fen: str) -> None:
    assert refusal(board(fen), "a3") == (
        "a3 is not legal for White on board 1: it would leave White's king in check"
    )


# ------------------------------------------------------------------ other rules


def test_there_is_no_castling() -> None:
    castle = board("r2k3r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
    assert castle.fen().split()[2] == "-"
    assert refusal(castle, "O-O") == "there is no castling in Escher Staircase (board 1)"
    assert not {"O-O", "O-O-O", "Kg1", "Kc1"} & set(castle.legal_moves())


def test_a_pawn_on_its_first_row_may_advance_one_or_two_squares() -> None:
    assert {"b2", "b3"} <= set(board("8/3k4/8/8/8/8/4K3/1P6 w - - 0 1").legal_moves())
    assert {"g7", "g6"} <= set(board("6p1/3k4/8/8/8/8/4K3/8 b - - 0 1").legal_moves())


def test_a_shift_may_check_the_opponent() -> None:
    checking = board("8/3k4/8/8/8/1NR5/1K6/8 w - - 0 1")
    assert play(checking, "Na5") == ["Na5+"]  # row 3 carries the rook from c3 to d3
    assert checking.is_check()


def test_a_shift_may_not_check_the_mover() -> None:
    assert refusal(board("8/3k4/8/8/8/1Nr5/3K4/8 w - - 0 1"), "Na5") == (
        "Na5 is not legal for White on board 1: it would leave White's king in check"
    )


def test_a_king_stepping_onto_a_staircase_is_carried_along() -> None:
    carried = board("7k/5Q2/8/8/8/8/1K6/8 b - - 0 1")
    assert carried.legal_moves() == ["Kh7"]
    play(carried, "Kh7")
    assert carried.piece_at("h6") == Piece("K", "black")


def test_stalemate_leaves_no_move_and_no_check() -> None:
    stalemated = board("7k/5Q2/8/6K1/8/8/8/8 b - - 0 1")
    assert not stalemated.has_moves() and not stalemated.is_check()
    assert stalemated.legal_moves() == []
    assert "king in check" in refusal(stalemated, "Kh7")  # the h staircase carries it to h6


def test_the_fifty_move_rule_and_the_seventy_five_move_rule() -> None:
    quiet = board("8/3k4/8/8/8/8/1K6/8 w - - 99 80")
    assert quiet.claimable_draw() is None
    play(quiet, "Kc2")
    assert quiet.claimable_draw() == Ending.FIFTY_MOVES
    assert quiet.automatic_draw() is None
    late = board("8/3k4/8/8/8/8/1K6/8 w - - 149 80")
    play(late, "Kc2")
    assert late.automatic_draw() == Ending.SEVENTY_FIVE_MOVES


def test_a_pawn_move_resets_the_fifty_move_count() -> None:
    quiet = board("8/3k4/8/8/8/8/1K4P1/8 w - - 99 80")
    play(quiet, "g3")
    assert quiet.fen().split()[4] == "0"
    assert quiet.claimable_draw() is None


SHUFFLE = ("Ne2", "Ne7", "Ng3", "Ng8")


def test_threefold_repetition_may_be_claimed_on_the_move_that_makes_it() -> None:
    shuffling = board("6n1/1k6/8/8/8/6N1/8/1K6 w - - 0 1")
    play(shuffling, *SHUFFLE, *SHUFFLE[:3])
    assert shuffling.claimable_draw() == Ending.THREEFOLD_REPETITION
    play(shuffling, SHUFFLE[3])
    assert shuffling.claimable_draw() == Ending.THREEFOLD_REPETITION
    assert shuffling.automatic_draw() is None


def test_fivefold_repetition_draws_by_itself() -> None:
    shuffling = board("6n1/1k6/8/8/8/6N1/8/1K6 w - - 0 1")
    play(shuffling, *SHUFFLE * 3)
    assert shuffling.automatic_draw() is None
    play(shuffling, *SHUFFLE)
    assert shuffling.automatic_draw() == Ending.FIVEFOLD_REPETITION


def test_a_repetition_needs_the_same_side_to_move() -> None:
    shuffling = board("6n1/1k6/8/8/8/6N1/8/1K6 w - - 0 1")
    play(shuffling, *SHUFFLE[:2])
    assert shuffling.claimable_draw() is None


def test_a_pawn_carried_back_by_its_staircase_may_repeat_a_position() -> None:
    # c4-c5 starts on the c staircase, which runs south: the pawn is carried back to c4.
    shuffling = board("6n1/1k6/8/8/2P5/8/8/1K6 w - - 0 1")
    play(shuffling, "c5", "Ne7", "c5", "Ng8")
    assert placement(shuffling) == "6n1/1k6/8/8/2P5/8/8/1K6"
    assert shuffling.claimable_draw() is None
    play(shuffling, "c5", "Ne7", "c5")
    assert shuffling.claimable_draw() == Ending.THREEFOLD_REPETITION
    assert shuffling.fen().split()[4] == "0"  # yet a pawn move resets the fifty-move count


@pytest.mark.parametrize(
    ("fen", "insufficient"),
    [
        ("8/3k4/8/8/8/8/1K6/8 w - - 0 1", True),
        ("8/3k4/8/8/8/8/1KN5/8 w - - 0 1", True),
        ("8/3k4/8/8/8/8/1KB5/8 w - - 0 1", True),
        ("8/3k4/8/8/8/8/1KP5/8 w - - 0 1", False),
        # Same-coloured bishops draw in FIDE; here a staircase's step changes a bishop's colour.
        ("8/3k4/8/8/3b4/8/1B6/2K5 w - - 0 1", False),
    ],
)
def test_insufficient_material_counts_as_in_fide(fen: str, insufficient: bool) -> None:
    assert board(fen).insufficient_material() is insufficient


def test_a_side_with_a_rook_can_mate_and_a_bare_king_cannot() -> None:
    rook = board("8/3k4/8/8/8/8/1KR5/8 w - - 0 1")
    assert rook.can_mate("white") and not rook.can_mate("black")


# ------------------------------------------------------------------ elevators


def test_a_king_left_open_by_an_arrival_may_be_taken_even_from_check() -> None:
    open_king = board("1r6/4k3/8/8/8/8/1K6/8 w - - 0 1")
    open_king.arrive(3, Piece("Q", "white"))
    assert open_king.king_capturable() and open_king.is_check()
    assert "Qxe7" in open_king.legal_moves()
    played = open_king.push(open_king.parse_move("Qxe7"))
    assert played.took_king


def test_a_pinned_piece_may_not_ride() -> None:
    pinned = board("4r3/3k4/8/8/4N3/8/4K3/8 w - - 0 1")
    assert pinned.ride_refusal(1, "white", king_safety=True) == (
        "the knight on e4 on board 1 is pinned: riding away would leave its king in check"
    )
    assert pinned.ride_refusal(1, "white", king_safety=False) is None


def test_a_side_in_check_may_not_ride() -> None:
    checked = board("4r3/3k4/8/8/3N4/8/4K3/8 w - - 0 1")
    assert checked.ride_refusal(0, "white", king_safety=True) == (
        "White is in check on board 1: a ride cannot answer a check"
    )


def test_rides_are_refused_to_kings_the_wrong_side_and_empty_squares() -> None:
    riding = board("8/8/8/3k4/3N4/8/4K3/8 w - - 0 1")
    assert riding.ride_refusal(2, "black", king_safety=True) == "kings may not ride the elevators"
    assert "White's, not Black's" in str(riding.ride_refusal(0, "black", king_safety=True))
    assert riding.ride_refusal(1, "white", king_safety=True) == "there is no piece on e4 on board 1"


def test_an_arrival_on_an_occupied_square_is_refused() -> None:
    assert board("8/3k4/8/8/3N4/8/4K3/8 w - - 0 1").arrival_refusal(0, Piece("Q", "black")) == (
        "d4 on board 1 is occupied"
    )


def test_a_departure_shifts_nothing_and_uses_the_turn() -> None:
    riding = board("8/3k4/8/8/4n3/8/4K3/8 b - - 12 30")
    assert riding.depart(1) == Piece("N", "black")
    assert riding.fen() == "8/3k4/8/8/8/8/4K3/8 w - - 0 31"
    assert riding.elevator_occupancy() == 0


def test_an_arrival_keeps_the_turn_and_resets_the_counts() -> None:
    landing = board("8/3k4/8/8/8/8/4K3/8 b - - 12 30")
    landing.arrive(2, Piece("Q", "white"))
    assert landing.fen() == "8/3k4/8/3Q4/8/8/4K3/8 b - - 0 30"
    assert landing.is_check()
    assert landing.elevator_piece(2) == Piece("Q", "white")


# ------------------------------------------------------------------ records


def test_state_and_restore_round_trip_a_game_with_a_pending_choice() -> None:
    played = board(FIGURE_3)
    play(played, "a3", "a1=Q", "Kc7")
    assert played.state()["moves"] == ["a2a3", "a1a1q", "d7c7"]
    copy = board()
    copy.restore(played.state())
    assert copy.fen() == played.fen() and copy.state() == played.state()
    assert copy.legal_moves() == played.legal_moves()


def test_restore_keeps_the_repetition_history() -> None:
    shuffling = board("6n1/1k6/8/8/8/6N1/8/1K6 w - - 0 1")
    play(shuffling, *SHUFFLE * 2)
    copy = board()
    copy.restore(shuffling.state())
    assert copy.claimable_draw() == Ending.THREEFOLD_REPETITION


@pytest.mark.parametrize(
    "state",
    [
        None,
        {"root": 3, "moves": []},
        {"root": "8/8 w - - 0 1", "moves": []},
        {"root": "8/3k4/8/8/8/8/4K3/8 w - - 0 1", "moves": ["e2e5"]},
        {"root": "8/3k4/8/8/8/8/4K3/8 w - - 0 1", "moves": [7]},
    ],
)
def test_a_bad_state_is_refused_and_changes_nothing(state: object) -> None:
    kept = board()
    play(kept, "e4")
    before = kept.state()
    with pytest.raises(RecordError):
        kept.restore(state)
    assert kept.state() == before


def test_a_cleared_board_restores_from_its_state() -> None:
    cleared = board()
    cleared.clear()
    assert placement(cleared) == "8/8/8/8/8/8/8/8"
    copy = board()
    copy.restore(cleared.state())
    assert copy.fen() == cleared.fen()
