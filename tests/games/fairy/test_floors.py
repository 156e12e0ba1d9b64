"""Fairy floors in matches: armies, 7x7 and 10x10 boards, rides between them, refusals."""

from __future__ import annotations

import pytest

from games import from_json
from games.core.errors import MatchConfigError
from games.core.pieces import Piece
from games.elevator import Arrived, Match
from games.fairy import FairyBoard

TEN = "10x10"


def test_a_ride_from_8x8_to_10x10_lands_on_the_elevator_in_the_same_place() -> None:
    match = Match(boards=2, rules=["fide", TEN])
    match.play(1, "e4")
    match.play(1, "e5")
    events = match.play(1, "Pe4^2")
    arrived = [event for event in events if isinstance(event, Arrived)]
    # e4 is the second elevator of 8x8 (d4 e4 d5 e5), f5 the second of 10x10 (e5 f5 e6 f6).
    assert arrived and arrived[0].square == "f5" and arrived[0].board == 2
    assert match.piece_at(2, "f5") == Piece("P", "white")
    assert match.piece_at(1, "e4") is None


def test_a_ride_down_from_10x10_lands_on_the_matching_8x8_elevator() -> None:
    match = Match(boards=2, rules=[TEN, "fide"])
    for move in ("e4", "b7", "e5", "b6", "e6"):  # e6, the third elevator of 10x10, matches d5
        match.play(1, move)
    match.play(1, "b5")
    match.play(1, "Pe6^2")
    assert match.piece_at(2, "d5") == Piece("P", "white")


def test_a_7x7_match_plays_through_its_one_elevator_d4() -> None:
    match = Match(boards=2, rules=["7x7", "7x7"])
    assert match.elevators(1) == ("d4",)
    assert match.fen(1) == "rnbqkbr/ppppppp/7/7/7/PPPPPPP/RNBQKBR w - - 0 1"
    match.play(1, "d4")
    match.play(1, "e4")
    assert "Pd4^2" in match.legal_moves(1)
    match.play(1, "Pd4^2")
    assert match.piece_at(2, "d4") == Piece("P", "white")
    assert "O-O" not in match.legal_moves(2)


def test_a_7x7_floor_beside_8x8_floors_is_refused_naming_the_counts() -> None:
    with pytest.raises(MatchConfigError, match="board 1 has 1 elevator square and board 2 4"):
        Match(boards=2, rules=["7x7", "fide"])


def test_armies_on_a_7x7_board_are_refused() -> None:
    with pytest.raises(MatchConfigError, match="7x7, which have FIDE's armies only"):
        Match(boards=2, rules=["7x7", "7x7"], armies=("nutty", "fide"))


def test_armies_stand_on_files_b_to_i_of_a_10x10_board() -> None:
    match = Match(boards=2, rules=[TEN, TEN], armies=("clobberers", "rookies"))
    assert match.fen(1).split()[0] == (
        "1smfekfms1/1pppppppp1/10/10/10/10/10/10/1PPPPPPPP1/1DWACKAWD1"
    )


def test_a_fibnif_riding_onto_a_fide_army_board_stays_a_fibnif() -> None:
    match = Match(
        boards=2,
        armies=[("fide", "nutty"), ("fide", "fide")],
        start_fens=[
            "4k3/8/8/3i4/8/8/8/4K3 b - - 0 1",
            "4k3/8/8/8/8/8/8/4K3 b - - 0 1",
        ],
    )
    match.play(1, "Id5^2")
    assert match.piece_at(2, "d5") == Piece("I", "black")
    moves = match.legal_moves(2)
    assert {"Ic7", "Ie7", "Ic3", "Ie3", "Ic4", "Ie6"} <= set(moves)  # fbN and F, as Black
    assert "Ib6" not in moves


def test_a_pawn_promotes_to_its_sides_army_on_the_board_where_it_promotes() -> None:
    # White plays the Nutty Knights on board 1 and the Rookies on board 2.
    match = Match(
        boards=2,
        armies=[("nutty", "fide"), ("rookies", "fide")],
        start_fens=["4k3/8/8/8/8/8/8/4K3 w - - 0 1", "7k/P7/8/8/8/8/8/4K3 w - - 0 1"],
    )
    moves = {move.rstrip("+") for move in match.legal_moves(2)}
    assert {"a8=E", "a8=S", "a8=F", "a8=M"} <= moves
    assert "a8=O" not in moves and "a8=Q" not in moves


def test_an_arrival_giving_check_lets_the_side_to_move_take_the_king() -> None:
    match = Match(
        boards=2,
        armies=("nutty", "fide"),
        start_fens=["4k3/8/8/8/4O3/8/8/4K3 w - - 0 1", "8/4k3/8/8/8/8/8/K7 w - - 0 1"],
    )
    events = match.play(1, "Oe4^2")
    arrived = [event for event in events if isinstance(event, Arrived)]
    assert arrived[0].king_capturable
    assert match.king_capturable(2)
    match.play(2, "Oxe7")
    assert match.board_result(2) == "1-0"
    ending = match.ending(2)
    assert ending is not None and ending.ending == "king capture"


def test_a_mixed_match_records_and_replays_exactly() -> None:
    match = Match(boards=3, rules=["fide", TEN, "fide"], armies=("clobberers", "nutty"))
    for board, move in ((1, "e4"), (2, "f4"), (3, "d4"), (1, "Ic6"), (2, "f7"), (1, "Pe4^2")):
        match.play(board, move)
    copy = from_json(match.to_json())
    assert isinstance(copy, Match)
    assert copy.to_json() == match.to_json()
    assert [copy.fen(n) for n in (1, 2, 3)] == [match.fen(n) for n in (1, 2, 3)]


def test_the_pgn_of_an_army_board_gives_its_floor_armies_and_start() -> None:
    match = Match(boards=2, rules=[TEN, TEN], armies=("nutty", "fide"))
    match.play(1, "f4")
    text = match.pgn(1)
    assert '[Floor "10x10"]' in text
    assert '[Armies "Nutty Knights vs Fabulous FIDEs"]' in text
    assert '[FEN "1gihokhig1/1pppppppp1/10/10/10/10/10/10/1PPPPPPPP1/1RNBQKBNR1' not in text
    assert '[FEN "1rnbqkbnr1/1pppppppp1/10/10/10/10/10/10/1PPPPPPPP1/1GIHOKHIG1 w KQkq' in text
    assert "1. f4 *" in text


def test_an_all_fide_match_keeps_python_chess_boards() -> None:
    match = Match(boards=2)
    assert all(not isinstance(board, FairyBoard) for board in match._boards)


def test_the_pgn_of_a_fide_army_board_in_a_match_of_armies_names_its_armies_too() -> None:
    match = Match(boards=2, armies=[("fide", "fide"), ("clobberers", "nutty")])
    assert '[Armies "Fabulous FIDEs vs Fabulous FIDEs"]' in match.pgn(1)
    assert "Armies" not in Match(boards=2).pgn(1)
