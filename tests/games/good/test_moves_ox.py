"""The Ox of Ben Good's Elevator: quiet leaps, diagonal captures, and pushes with falls."""

from __future__ import annotations

from games.good.attacks import in_check
from games.good.moves import play
from tests.games.good.scenes import board, named, scene, steps, targets

KINGS = {"1a1": "K", "1h8": "k"}


def test_ox_leaps_like_a_knight_or_two_cells_any_way_and_never_steps_quietly() -> None:
    position = scene({"2d4": "O"} | KINGS)
    knight = {"2c2", "2e2", "2b3", "2f3", "2b5", "2f5", "2c6", "2e6"}
    twos = {"2d2", "2d6", "2b4", "2f4", "2b2", "2f2", "2b6", "2f6"}
    assert targets(position, "2d4") == knight | twos


def test_ox_takes_only_by_one_diagonal_step_onto_an_enemy() -> None:
    position = scene({"2d4": "O", "2e5": "p", "2c3": "P", "2f6": "p"} | KINGS)
    found = targets(position, "2d4")
    assert "2e5" in found and "2c3" not in found and "2f6" not in found
    (take,) = steps(position, "2d4", "2e5")
    assert take.captured is not None and take.pushed == ()


def test_ox_over_a_piece_may_leap_it_or_push_it_and_says_which() -> None:
    position = scene({"2a1": "O", "2a2": "P"} | KINGS)
    leap, shove = steps(position, "2a1", "2a3")
    assert leap.pushed == () and named(shove.pushed) == [("2a2", "2a4")]
    assert board(play(position, leap))["2a2"] == "P"
    pushed = board(play(position, shove))
    assert pushed["2a3"] == "O" and pushed["2a4"] == "P" and "2a2" not in pushed


def test_ox_pushes_a_line_into_a_shaft_where_the_last_pieces_die() -> None:
    position = scene({"2a4": "O", "2b4": "P", "2c4": "c", "2d4": "n"} | KINGS, shafts={"c2": 2})
    (push,) = [step for step in steps(position, "2a4", "2c4") if step.pushed]
    assert named(push.pushed) == [("2b4", "2d4"), ("2c4", None), ("2d4", None)]
    after = play(position, push)
    assert {name: piece for name, piece in board(after).items() if name[0] == "2"} == {
        "2c4": "O",
        "2d4": "P",
    }
    assert sorted(after.captured) == ["c", "n"]


def test_ox_push_closes_a_gap_in_the_line() -> None:
    pieces = {"2a5": "O", "2b5": "B", "2d5": "R", "2e5": "n", "2f5": "n"}
    position = scene(pieces | KINGS)
    (push,) = [step for step in steps(position, "2a5", "2c5") if step.pushed]
    after = board(play(position, push))
    assert [after.get(f"2{file}5") for file in "cdefg"] == ["O", "B", "R", "n", "n"]


def test_ox_pushes_pieces_off_the_board_to_their_death() -> None:
    position = scene({"2a6": "O", "2a7": "P", "2a8": "p"} | KINGS)
    (push,) = [step for step in steps(position, "2a6", "2a7") if step.pushed]
    after = play(position, push)
    assert board(after)["2a8"] == "P" and after.captured == "p"


def test_ox_cannot_push_pieces_it_does_not_touch() -> None:
    position = scene({"2a6": "O", "2c6": "P", "2d6": "P"} | KINGS)
    assert not {"2b6", "2c6"} & targets(position, "2a6")


def test_no_ox_pushes_an_ox_of_either_colour() -> None:
    position = scene({"2a7": "O", "2b7": "o", "2a3": "O", "2b3": "P", "2c3": "o"} | KINGS)
    assert "2b7" not in targets(position, "2a7")
    assert [step for step in steps(position, "2a3", "2b3") if step.pushed] == []
    gap = scene({"2a2": "O", "2b2": "P", "2d2": "O"} | KINGS)
    assert [bool(step.pushed) for step in steps(gap, "2a2", "2b2")] == [True]
    assert [bool(step.pushed) for step in steps(gap, "2a2", "2c2")] == [False]  # leap only


def test_ox_cannot_walk_into_a_shaft_while_pushing() -> None:
    position = scene({"2c4": "O", "2d4": "P"} | KINGS, shafts={"c2": 2})
    assert [named(step.pushed) for step in steps(position, "2c4", "2d4")] == [[("2d4", None)]]
    assert steps(position, "2c4", "2e4") == []


def test_no_push_may_send_ones_own_king_to_its_death() -> None:
    position = scene({"2a6": "O", "2a7": "K", "1h8": "k"})
    assert [named(step.pushed) for step in steps(position, "2a6", "2a7")] == [[("2a7", "2a8")]]
    assert [step.pushed for step in steps(position, "2a6", "2a8")] == [()]  # the leap alone


def test_a_king_an_ox_could_push_to_its_death_is_in_check() -> None:
    position = scene({"2a7": "O", "2a8": "k", "1a1": "K"}, white=False)
    assert in_check(position)
    safe = scene({"2a6": "O", "2a8": "k", "1a1": "K"}, white=False)  # not touching: no push
    assert not in_check(safe)
