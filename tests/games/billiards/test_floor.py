"""A Billiards floor in an Elevator Chess match, and Billiards chess as a game of its own."""

from __future__ import annotations

import games
from games.billiards.squares import TABLE_SHAPE
from games.core.pieces import Piece
from games.elevator import Arrived, BoardEnded, Match, Rode


def test_the_billiards_floor_has_the_centre_elevators_and_cushioned_files() -> None:
    match = Match(boards=3, layout="line", rules=["fide", "billiards", "cylinder"])
    assert match.elevators(2) == ("d4", "e4", "d5", "e5")
    assert match.shape(2) == TABLE_SHAPE and match.shape(2).cushion_files
    assert not match.shape(1).cushion_files and not match.shape(3).cushion_files


def test_a_piece_rides_into_the_billiards_floor_where_a_bishop_bounces() -> None:
    match = Match(boards=3, layout="line", rules=["fide", "billiards", "escher"])
    match.play(1, "e4")
    match.play(1, "e5")
    ride, arrival = match.play(1, "Pe4^2")
    assert isinstance(ride, Rode) and isinstance(arrival, Arrived)
    assert match.piece_at(2, "e4") == Piece("P", "white")
    assert match.turn(2) == "white"  # an arrival uses no turn on the board it reaches
    match.play(2, "e3")
    match.play(2, "h6")
    # f1-e2-d3-c4-b5-a6, off the cushion, b7: the bishop takes there
    assert "Bxb7" in match.legal_moves(2)
    match.play(2, "Bxb7")
    assert match.piece_at(2, "b7") == Piece("B", "white")
    assert Match.from_json(match.to_json()).to_json() == match.to_json()


def _bishop_arrives(turn: str) -> tuple[Match, Arrived]:
    match = Match(
        boards=2,
        layout="line",
        rules=["fide", "billiards"],
        start_fens=["4k3/8/8/3B4/8/8/8/4K3 w - - 0 1", f"8/8/8/8/8/8/8/1k2K3 {turn} - - 0 1"],
    )
    _, arrival = match.play(1, "Bd5^2")
    assert isinstance(arrival, Arrived)
    return match, arrival


def test_an_arrival_checks_along_a_bounced_line() -> None:
    match, arrival = _bishop_arrives("b")
    # d5-c4-b3-a2, off the cushion, b1: the black king there is in check
    assert arrival.check and match.is_check(2)
    assert set(match.legal_moves(2)) == {"Ka1", "Kc1", "Kb2", "Kc2"}  # a2 is on the line


def test_an_arrival_with_its_side_to_move_takes_the_king_off_the_cushion() -> None:
    match, arrival = _bishop_arrives("w")
    assert arrival.king_capturable
    ended = [event for event in match.play(2, "Bxb1") if isinstance(event, BoardEnded)]
    assert ended and ended[0].result == "1-0" and ended[0].ending == "king capture"


def test_billiards_chess_is_a_game_of_its_own_and_its_records_replay() -> None:
    game = games.new_game("billiards")
    assert game.KIND == "billiards" and "billiards" in games.KINDS
    for move in ("e4", "e5", "Bxb7", "Bxb7"):
        game.play(1, move)  # the bishop bounces off a6 to take on b7, and is taken
    assert game.piece_at(1, "b7") == Piece("B", "black")
    assert games.from_json(game.to_json()).to_json() == game.to_json()
