from __future__ import annotations

import pytest

from games.elevator.shaft import Shaft


def test_a_line_does_not_wrap() -> None:
    shaft = Shaft(3, "line")
    assert shaft.reach(3, "up") is None
    assert shaft.reach(1, "down") is None
    assert shaft.blocked(3, "up") == "there is no board above board 3"
    assert shaft.blocked(1, "down") == "there is no board below board 1"


def test_a_ring_goes_from_the_penthouse_to_the_basement() -> None:
    shaft = Shaft(5, "ring")
    assert shaft.reach(5, "up") == 1
    assert shaft.reach(1, "down") == 5


def test_a_ride_passes_through_one_closed_floor() -> None:
    shaft = Shaft(6, "line")
    shaft.close(5)
    assert shaft.reach(4, "up") == 6
    assert shaft.reach(6, "down") == 4


def test_two_closed_floors_in_a_row_block_a_ride() -> None:
    shaft = Shaft(6, "line")
    shaft.close(5)
    shaft.close(6)
    shaft.close(2)
    assert shaft.reach(4, "up") is None
    assert shaft.blocked(4, "up") == "no open board above board 4: boards 5 and 6 are finished"
    assert shaft.reach(3, "down") == 1


def test_a_closed_top_floor_leaves_nothing_above() -> None:
    shaft = Shaft(6, "line")
    shaft.close(6)
    assert shaft.reach(5, "up") is None
    assert shaft.blocked(5, "up") == "no open board above board 5: board 6 is finished"


def test_in_a_ring_of_three_both_ways_can_reach_the_same_board() -> None:
    shaft = Shaft(3, "ring")
    shaft.close(2)
    assert shaft.reach(1, "up") == 3
    assert shaft.reach(1, "down") == 3
    shaft.close(3)
    assert shaft.reach(1, "up") is None
    assert shaft.reach(1, "down") is None


@pytest.mark.parametrize(("boards", "layout"), [(7, "line"), (7, "ring"), (3, "ring")])
def test_reaching_is_symmetric_whatever_is_closed(boards: int, layout: str) -> None:
    shaft = Shaft(boards, "ring" if layout == "ring" else "line")
    for closed in (2, 3, 6):
        if closed <= boards:
            shaft.close(closed)
        for board in range(1, boards + 1):
            up = shaft.reach(board, "up")
            if up is not None and shaft.is_open(board):
                assert shaft.reach(up, "down") == board


def test_nearby_lists_two_floors_each_way() -> None:
    assert sorted(Shaft(10, "line").nearby(1)) == [2, 3]
    assert sorted(Shaft(10, "ring").nearby(1)) == [2, 3, 9, 10]
    assert sorted(Shaft(3, "ring").nearby(1)) == [2, 3]
