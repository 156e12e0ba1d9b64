"""An Escher Staircase floor in an Elevator Chess match: rides in and out, arrivals, staircases."""

from __future__ import annotations

import games
from games.core.pieces import Piece
from games.elevator import Arrived, BoardEnded, Match, Rode
from games.escher import STAIRCASES

SAMPLE = ["e4", "e5", "Bc4", "c5", "Ba5+", "b6", "Bxc3", "Bxa4", "Ba6", "Nf6", "Nc3", "B4c6"]
ELEVATORS = ("d4", "e4", "d5", "e5")


def escher_between_fide() -> Match:
    return Match(boards=3, layout="line", rules=["fide", "escher", "fide"])


def test_no_staircase_touches_an_elevator_square() -> None:
    match = escher_between_fide()
    assert match.elevators(2) == ELEVATORS
    assert match.staircases(2) == STAIRCASES
    assert not {square for staircase in STAIRCASES for square in staircase} & set(ELEVATORS)
    assert match.staircases(1) == match.staircases(3) == ()


def test_the_escher_floor_plays_aikins_opening_and_leaves_its_elevator_squares_alone() -> None:
    match = escher_between_fide()
    alone = games.new_game("escher")
    for san in SAMPLE:
        match.play(2, san)
        alone.play(1, san)
    assert match.fen(2) == alone.fen(1)
    # the e-pawns stood on elevator squares through every shift of the opening
    assert match.piece_at(2, "e4") == Piece("P", "white")
    assert match.piece_at(2, "e5") == Piece("P", "black")


def test_a_piece_rides_into_the_escher_floor_and_then_out_of_it() -> None:
    match = escher_between_fide()
    match.play(1, "e4")
    match.play(1, "e5")
    ride, arrival = match.play(1, "Pe4^2")
    assert isinstance(ride, Rode) and isinstance(arrival, Arrived)
    assert match.piece_at(2, "e4") == Piece("P", "white")
    assert match.turn(2) == "white"  # an arrival uses no turn on the board it reaches
    match.play(2, "e3")  # e2 is on no staircase: nothing shifts
    match.play(2, "d6")  # d7 is on no staircase either
    match.play(2, "Bc4")  # f1 is on row 1 and file f: both staircases move
    assert match.piece_at(2, "h1") == Piece("B", "white")  # c1's bishop carried round to h1
    match.play(2, "Nf6")
    out, landed = match.play(2, "Pe4^3")
    assert isinstance(out, Rode) and isinstance(landed, Arrived) and landed.board == 3
    assert match.piece_at(2, "e4") is None
    assert match.piece_at(3, "e4") == Piece("P", "white")
    assert Match.from_json(match.to_json()).to_json() == match.to_json()


def test_an_arrival_on_the_escher_floor_gives_check() -> None:
    match = Match(
        boards=2,
        layout="line",
        rules=["fide", "escher"],
        start_fens=["4k3/8/8/3R4/8/8/8/4K3 w - - 0 1", "3k4/8/8/8/8/8/8/4K3 b - - 0 1"],
    )
    _, arrival = match.play(1, "Rd5^2")
    assert isinstance(arrival, Arrived) and arrival.check
    assert match.is_check(2)
    assert "Kc7" in match.legal_moves(2)
    # The king leaves d8, so row 8 moves east: from c8 it would be carried back onto d8,
    # still in the rook's file, while from e8 it is carried on to f8.
    assert "Kc8" not in match.legal_moves(2)
    match.play(2, "Ke8")
    assert match.piece_at(2, "f8") == Piece("K", "black")


def test_an_arrival_with_its_side_to_move_takes_the_escher_king() -> None:
    match = Match(
        boards=2,
        layout="line",
        rules=["fide", "escher"],
        start_fens=["4k3/8/8/3R4/8/8/8/4K3 w - - 0 1", "3k4/8/8/8/8/8/8/4K3 w - - 0 1"],
    )
    _, arrival = match.play(1, "Rd5^2")
    assert isinstance(arrival, Arrived) and arrival.king_capturable
    events = match.play(2, "Rxd8")
    ended = [event for event in events if isinstance(event, BoardEnded)]
    assert ended and ended[0].result == "1-0" and ended[0].ending == "king capture"
