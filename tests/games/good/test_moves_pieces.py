"""Each piece of Ben Good's Elevator moves as the rules text gives it, on its own level."""

from __future__ import annotations

from games.good.cells import NAMES, NUMBERS
from games.good.moves import legal_actions, play
from games.good.position import Step
from tests.games.good.scenes import board, scene, steps, targets

KINGS = {"1a1": "K", "1h8": "k"}  # out of the way of every scene on level 2


def test_walking_knight_leaps_over_shafts_steps_orthogonally_and_takes_enemies() -> None:
    position = scene({"2e4": "N", "2f2": "B", "2g5": "r"} | KINGS, shafts={"b2": 2})
    found = {"2d2", "2g3", "2c5", "2g5", "2d6", "2f6", "2e3", "2e5", "2f4"}
    assert targets(position, "2e4") == found  # 2c3 and 2d4 are in the shaft, 2f2 is own


def test_walking_camel_makes_long_leaps_and_single_orthogonal_steps() -> None:
    position = scene({"2e4": "C"} | KINGS, shafts={"b2": 2})
    leaps = {"2f7", "2d7", "2h5", "2h3", "2f1", "2d1", "2b3", "2b5"}
    assert targets(position, "2e4") == leaps | {"2e3", "2e5", "2f4"}


def test_vaulting_prince_steps_any_way_and_vaults_three_without_capturing() -> None:
    pieces = {"2e4": "I", "2f5": "p", "2h4": "p", "2e7": "P"} | KINGS
    position = scene(pieces, shafts={"b2": 2})
    steps_ = {"2e3", "2f3", "2f4", "2d5", "2e5", "2f5"}  # 2d3 and 2d4 are shaft cells
    vaults = {"2e1", "2b4", "2b7", "2h7", "2h1", "2b1"}  # 2h4 enemy, 2e7 own: no vault there
    assert targets(position, "2e4") == steps_ | vaults


def test_king_steps_one_cell_any_way_on_its_level_only() -> None:
    position = scene({"2e4": "K", "2e5": "P", "1h8": "k"}, shafts={"b2": 2})
    assert targets(position, "2e4") == {"2e3", "2f3", "2f4", "2d5", "2f5"}


def test_pawn_steps_forward_or_sideways_and_takes_diagonally_forward() -> None:
    position = scene({"2e3": "P", "2d4": "n", "2f4": "N", "2e2": "n"} | KINGS)
    assert targets(position, "2e3") == {"2e4", "2d3", "2f3", "2d4"}
    black = scene({"3e6": "p", "3d5": "N", "3e5": "N"} | KINGS, white=False)
    assert targets(black, "3e6") == {"3d6", "3f6", "3d5"}


def test_pawn_double_steps_from_its_first_and_second_rank_but_never_jumps() -> None:
    position = scene({"2c1": "P", "2f2": "P", "2a2": "P", "2a3": "n"} | KINGS)
    assert "2c3" in targets(position, "2c1") and "2f4" in targets(position, "2f2")
    assert targets(position, "2a2") == {"2b2"}
    black = scene({"3d8": "p", "3g7": "p"} | KINGS, white=False)
    assert "3d6" in targets(black, "3d8") and "3g5" in targets(black, "3g7")


def test_en_passant_takes_a_double_stepped_pawn_on_the_same_level_on_the_next_move() -> None:
    position = scene({"2e2": "P", "2d4": "p", "3d4": "p"} | KINGS)
    (double,) = steps(position, "2e2", "2e4")
    after = play(position, double)
    assert after.ep == NUMBERS["2e3"]
    (taking,) = steps(after, "2d4", "2e3")
    assert taking.captured == NUMBERS["2e4"] and steps(after, "3d4", "3e3") == []
    taken = play(after, taking)
    assert "2e4" not in board(taken) and taken.captured == "P"


def test_en_passant_after_a_double_step_from_the_first_rank_is_taken_from_the_third() -> None:
    position = scene({"2c1": "P", "2b3": "p"} | KINGS)
    after = play(position, steps(position, "2c1", "2c3")[0])
    assert [step.captured for step in steps(after, "2b3", "2c2")] == [NUMBERS["2c3"]]


def test_en_passant_lapses_after_any_other_action() -> None:
    position = scene({"2e2": "P", "2d4": "p", "1b1": "P"} | KINGS)
    after = play(position, steps(position, "2e2", "2e4")[0])
    later = play(play(after, steps(after, "1h8", "1h7")[0]), Step(NUMBERS["1b1"], NUMBERS["1b2"]))
    assert later.ep is None and steps(later, "2d4", "2e3") == []


def test_promotion_is_optional_and_only_to_a_captured_kind_of_ones_own() -> None:
    none_taken = scene({"2a6": "P"} | KINGS)
    assert [step.promotion for step in steps(none_taken, "2a6", "2a7")] == [None]
    position = scene({"2a6": "P", "2c8": "P"} | KINGS, captured="RnOR")
    assert [step.promotion for step in steps(position, "2a6", "2a7")] == [None, "R", "O"]
    assert [step.promotion for step in steps(position, "2c8", "2d8")] == [None, "R", "O"]
    promoted = play(position, steps(position, "2a6", "2a7")[1])
    assert board(promoted)["2a7"] == "R" and promoted.captured == "nOR"


def test_black_promotes_on_its_own_seventh_rank() -> None:
    position = scene({"3h3": "p"} | KINGS, white=False, captured="qQ")
    assert [step.promotion for step in steps(position, "3h3", "3h2")] == [None, "q"]


def test_pawns_and_walkers_never_stop_in_a_shaft() -> None:
    position = scene({"2c2": "P", "2b3": "N"} | KINGS, shafts={"b2": 2})
    assert targets(position, "2c2") == {"2b2", "2d2"}
    assert not {"2c3", "2c4", "2d4"} & targets(position, "2b3")


def test_a_move_that_exposes_ones_king_is_illegal() -> None:
    position = scene({"2a1": "K", "2a2": "N", "2a8": "r", "1h8": "k"})
    moves = {
        (NAMES[a.start], NAMES[a.target]) for a in legal_actions(position) if isinstance(a, Step)
    }
    assert moves == {("2a2", "2a3"), ("2a1", "2b1"), ("2a1", "2b2")}  # the knight stays in line
