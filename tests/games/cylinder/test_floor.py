"""A Cylindrical floor in an Elevator Chess match: rides in and out, arrivals across the edge."""

from __future__ import annotations

import games
from games.core.pieces import Piece
from games.cylinder import CYLINDER
from games.elevator import Arrived, BoardEnded, Match, Rode


def cylinder_between_fide() -> Match:
    return Match(boards=3, layout="line", rules=["fide", "cylinder", "fide"])


def test_the_cylinder_floor_has_the_centre_elevators_and_a_wrapped_shape() -> None:
    match = cylinder_between_fide()
    assert match.elevators(2) == ("d4", "e4", "d5", "e5")
    assert match.shape(2) == CYLINDER and not match.shape(1).wrap_files


def test_a_piece_rides_into_the_cylinder_floor_and_then_out_of_it() -> None:
    match = cylinder_between_fide()
    match.play(1, "e4")
    match.play(1, "e5")
    ride, arrival = match.play(1, "Pe4^2")
    assert isinstance(ride, Rode) and isinstance(arrival, Arrived)
    assert match.piece_at(2, "e4") == Piece("P", "white")
    assert match.turn(2) == "white"  # an arrival uses no turn on the board it reaches
    match.play(2, "a4")
    match.play(2, "h5")
    assert "axh5" in match.legal_moves(2)  # the a4 pawn takes across the edge
    match.play(2, "axh5")
    match.play(2, "Nf6")
    out, landed = match.play(2, "Pe4^3")
    assert isinstance(out, Rode) and isinstance(landed, Arrived) and landed.board == 3
    assert match.piece_at(2, "e4") is None
    assert match.piece_at(3, "e4") == Piece("P", "white")
    assert Match.from_json(match.to_json()).to_json() == match.to_json()


def test_an_arrival_checks_across_the_edge_of_the_cylinder_floor() -> None:
    match = Match(
        boards=2,
        layout="line",
        rules=["fide", "cylinder"],
        start_fens=["4k3/8/8/3R4/8/8/8/4K3 w - - 0 1", "8/8/8/k1p5/8/8/8/4K3 b - - 0 1"],
    )
    _, arrival = match.play(1, "Rd5^2")
    # d5-e5-f5-g5-h5-a5: the rook reaches a5 only round the edge, c5 blocks the short way.
    assert isinstance(arrival, Arrived) and arrival.check
    assert match.is_check(2)
    # The king leaves rank 5: h5 and b5 (on the rook's line once a5 is empty) stay attacked.
    assert set(match.legal_moves(2)) == {"Ka6", "Ka4", "Kb6", "Kb4", "Kh6", "Kh4"}


def test_an_arrival_with_its_side_to_move_takes_the_king_across_the_edge() -> None:
    match = Match(
        boards=2,
        layout="line",
        rules=["fide", "cylinder"],
        start_fens=["4k3/8/8/3R4/8/8/8/4K3 w - - 0 1", "8/8/8/k1p5/8/8/8/4K3 w - - 0 1"],
    )
    _, arrival = match.play(1, "Rd5^2")
    assert isinstance(arrival, Arrived) and arrival.king_capturable
    events = match.play(2, "Rxa5")
    ended = [event for event in events if isinstance(event, BoardEnded)]
    assert ended and ended[0].result == "1-0" and ended[0].ending == "king capture"


def test_cylindrical_chess_is_a_game_of_its_own() -> None:
    game = games.new_game("cylinder")
    assert game.KIND == "cylinder" and "cylinder" in games.KINDS
    for move in ("e4", "d5", "Bb5+", "c6", "Bxh7"):
        game.play(1, move)  # b5-a6-h7: the bishop takes across the edge
    assert game.piece_at(1, "h7") == Piece("B", "white")
    assert games.from_json(game.to_json()).to_json() == game.to_json()
