from __future__ import annotations

import pytest

from games.escher.staircases import STAIRCASES, StaircaseJamError, shift, staircases_of

# The centre and the four L shapes the text calls islands of stability.
STILL = {"d4", "e4", "d5", "e5"} | {"b1", "b2", "c2", "d2", "e2"} | {"g2", "g3", "g4", "g5", "h2"}
STILL |= {"d7", "e7", "f7", "g7", "g8"} | {"a7", "b7", "b4", "b5", "b6"}


def test_there_are_eight_staircases_of_six_squares() -> None:
    assert len(STAIRCASES) == 8
    assert all(len(staircase) == 6 for staircase in STAIRCASES)


def test_the_squares_no_staircase_touches_are_the_centre_and_four_l_shapes() -> None:
    every = {f"{file}{rank}" for file in "abcdefgh" for rank in range(1, 9)}
    assert every - {square for staircase in STAIRCASES for square in staircase} == STILL


def test_eight_squares_lie_on_two_staircases() -> None:
    crossings = {"c8", "c6", "f6", "h6", "a3", "c3", "f3", "f1"}
    assert {s for s in crossings if len(staircases_of(s)) == 2} == crossings
    assert all(len(staircases_of(s)) == 1 for st in STAIRCASES for s in st if s not in crossings)


def test_a_shift_wraps_the_last_square_round_to_the_first() -> None:
    assert shift({"f3": "P", "a3": "p"}, staircases_of("d3")) == {"a3": "P", "b3": "p"}
    assert shift({"a6": "p"}, staircases_of("a2")) == {"a1": "p"}
    assert shift({"c1": "B", "g1": "N"}, staircases_of("e1")) == {"h1": "B", "f1": "N"}


def test_a_shift_leaves_pieces_off_its_staircases_where_they_are() -> None:
    assert shift({"h7": "p", "g7": "k"}, staircases_of("h8")) == {"h6": "p", "g7": "k"}


def test_two_pieces_brought_to_the_crossing_jam() -> None:
    with pytest.raises(StaircaseJamError, match="onto c6"):
        shift({"c7": "n", "d6": "p"}, staircases_of("c6"))


def test_one_piece_brought_to_the_crossing_takes_it() -> None:
    assert shift({"c7": "n"}, staircases_of("c6")) == {"c6": "n"}
    assert shift({"d6": "p"}, staircases_of("c6")) == {"c6": "p"}


def test_a_piece_on_the_crossing_cannot_ride_both_staircases() -> None:
    with pytest.raises(ValueError, match="two staircases"):
        shift({"c6": "q"}, staircases_of("c6"))
