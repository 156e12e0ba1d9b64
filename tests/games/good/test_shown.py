"""Ben Good's Elevator as views read it: a lift's cells, the placement and the elevators' side."""

from __future__ import annotations

import pytest

from games.good.cells import one_a_pole, shape
from games.good.game import GoodGame
from games.good.shown import lifted

START_SHAFTS = (0,) * 14 + (3, 0)  # pole c4's shaft on level 4, as Black's E3c4U needs


def test_a_lift_up_fills_the_four_cells_of_its_pole_one_level_higher() -> None:
    found = lifted("E3c4U")
    assert found is not None and found.filled == ("4e7", "4f7", "4e8", "4f8")
    assert found.left == ("3e7", "3f7", "3e8", "3f8")


def test_a_lift_down_fills_its_pole_one_level_lower() -> None:
    found = lifted("E2a1D")
    assert found is not None and found.filled == ("1a1", "1b1", "1a2", "1b2")


def test_the_cells_a_lift_fills_are_cells_of_the_board_once_it_has_moved() -> None:
    after = (0,) * 14 + (2, 0)  # E3c4U leaves the shaft on level 3
    found = lifted("E3c4U")
    assert found is not None
    cells = found.filled
    assert all(cell in shape(one_a_pole(after)) for cell in cells)
    assert not any(cell in shape(one_a_pole(START_SHAFTS)) for cell in cells)


@pytest.mark.parametrize("move", ["2b1-2c3", "2b12c3", "O2a3/Pa4", "e2e4", "E3c4"])
def test_a_move_of_a_piece_is_no_lift(move: str) -> None:
    assert lifted(move) is None


@pytest.mark.parametrize("move", ["E4c4U", "E1a1D", "E2e1U", "E3a5D"])
def test_a_lift_off_the_levels_or_poles_is_refused(move: str) -> None:
    with pytest.raises(ValueError, match="moves no elevator"):
        lifted(move)


def test_the_game_tells_views_a_lifts_cells_and_its_elevators_side() -> None:
    game = GoodGame()
    assert game.PLATFORM == 2
    found = game.lifted(1, "E3c4U")
    assert found is not None and found.filled == ("4e7", "4f7", "4e8", "4f8")
    assert game.lifted(1, "2b1-2c3") is None


def test_the_placement_views_read_counts_shafts_as_empty_and_uses_the_registrys_letters() -> None:
    game = GoodGame()
    placement = game.view_placement(1, game.fen(1))
    assert "-" not in placement and placement.count("|") == 3
    assert "L" in placement and "C" not in placement  # Good's camel C is the registry's L
