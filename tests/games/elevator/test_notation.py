from __future__ import annotations

import pytest

from games.core.multiboard import ride_notation
from games.elevator import Match
from games.elevator.notation import RideText, parse_ride


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Ne4^3", RideText("N", "e4", "up", 3)),
        ("Pd5v1", RideText("P", "d5", "down", 1)),
        ("Ne4^", RideText("N", "e4", "up", None)),
        ("e4^", RideText(None, "e4", "up", None)),
        ("Ne4 up", RideText("N", "e4", "up", None)),
        ("e4 down", RideText(None, "e4", "down", None)),
        ("e4 DOWN", RideText(None, "e4", "down", None)),
        ("Ne4 Up 3", RideText("N", "e4", "up", 3)),
        ("Ne4>3", RideText("N", "e4", None, 3)),
        ("  qD4V2 ", RideText("Q", "d4", "down", 2)),
    ],
)
def test_players_may_write_a_ride_in_many_ways(text: str, expected: RideText) -> None:
    assert parse_ride(text) == expected


@pytest.mark.parametrize("text", ["e4", "Nf3", "e2e4", "O-O", "exd5", "", "hello", "e4^^", "Ne4^x"])
def test_moves_and_garbage_are_not_rides(text: str) -> None:
    assert parse_ride(text) is None


def test_the_canonical_form_always_names_the_piece_and_the_board() -> None:
    assert ride_notation("N", "e4", "up", 3) == "Ne4^3"
    assert ride_notation("P", "d5", "down", 1) == "Pd5v1"


def test_a_match_tells_a_move_written_as_a_ride_by_its_text_alone() -> None:
    match = Match(boards=2)
    assert match.is_ride("Ne4^2") and match.is_ride("e4 up") and match.is_ride("Pd5v99999")
    assert not match.is_ride("e4") and not match.is_ride("Nf3")
