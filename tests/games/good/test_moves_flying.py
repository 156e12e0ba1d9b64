"""The flying pieces of Ben Good's Elevator change level once, through the first shaft met on
the level they start from."""

from __future__ import annotations

from games.good.attacks import attacked, in_check
from games.good.cells import NUMBERS
from tests.games.good.scenes import scene, steps, targets

KINGS = {"1a7": "K", "1c7": "k"}
FILE_A = {f"2a{rank}" for rank in range(2, 9)}


def test_flying_rook_slides_on_its_level_when_no_shaft_is_on_it() -> None:
    position = scene({"2a1": "R"} | KINGS, shafts={"c1": 1})  # a shaft below does not count
    assert targets(position, "2a1") == FILE_A | {f"2{file}1" for file in "bcdefgh"}


def test_flying_rook_changes_level_at_the_first_shaft_up_or_down_and_flies_on() -> None:
    position = scene({"2a1": "R"} | KINGS, shafts={"c1": 2})
    across = {"2b1", "2c1", "2d1"} | {f"{level}{file}1" for level in "13" for file in "efgh"}
    assert targets(position, "2a1") == FILE_A | across  # never 2g1 or 2h1, past the shaft


def test_flying_rook_stops_at_a_second_shaft_after_changing_level() -> None:
    position = scene({"2a1": "R"} | KINGS, shafts={"c1": 2, "d1": 3})
    found = targets(position, "2a1")
    assert {"3e1", "3f1", "1e1", "1f1", "1g1", "1h1"} <= found
    assert not {"3g1", "3h1", "4g1", "4h1"} & found


def test_flying_rook_is_stopped_or_takes_on_the_cell_it_flies_into() -> None:
    position = scene({"2a1": "R", "3e1": "N", "1e1": "n"} | KINGS, shafts={"c1": 2})
    found = targets(position, "2a1")
    assert "1e1" in found and not {"1f1", "3e1", "3f1"} & found
    assert [step.captured for step in steps(position, "2a1", "1e1")] == [NUMBERS["1e1"]]


def test_a_flyer_on_the_bottom_level_can_only_fly_up() -> None:
    position = scene({"1a1": "R"} | KINGS, shafts={"c1": 1})
    found = targets(position, "1a1")
    assert {"2e1", "2h1"} <= found and not any(name.startswith("0") for name in found)


def test_flying_bishop_changes_level_on_its_diagonal() -> None:
    position = scene({"2a1": "B"} | KINGS, shafts={"b2": 2})
    assert targets(position, "2a1") == {"2b2"} | {
        f"{level}{cell}" for level in "13" for cell in ("c3", "d4", "e5", "f6", "g7", "h8")
    }


def test_flying_queen_flies_both_ways() -> None:
    position = scene({"2a1": "Q"} | KINGS, shafts={"b2": 2, "c1": 2})
    found = targets(position, "2a1")
    assert {"3h8", "1h8", "3h1", "1h1", "2a8"} <= found


def test_a_flyer_may_attack_another_that_does_not_attack_it_back() -> None:
    position = scene({"2a1": "R", "3h1": "r"} | KINGS, shafts={"c1": 2})
    assert attacked(position, NUMBERS["3h1"], True)
    assert not attacked(position, NUMBERS["2a1"], False)
    assert "3h1" in targets(position, "2a1")
    black = scene({"2a1": "R", "3h1": "r"} | KINGS, shafts={"c1": 2}, white=False)
    assert "2a1" not in targets(black, "3h1")


def test_two_flyers_on_different_levels_may_attack_each_other() -> None:
    position = scene({"2a3": "R", "3g3": "r"} | KINGS, shafts={"b2": 2, "c2": 3})
    assert not attacked(position, NUMBERS["3g3"], True)  # 3e3 is a shaft after the change
    mutual = scene({"2a1": "R", "3e1": "r"} | KINGS, shafts={"a1": 3, "c1": 2})
    assert attacked(mutual, NUMBERS["3e1"], True) and attacked(mutual, NUMBERS["2a1"], False)


def test_a_king_checked_across_levels_is_in_check() -> None:
    position = scene({"2a1": "R", "3h1": "k", "1a7": "K"}, shafts={"c1": 2}, white=False)
    assert in_check(position)
