"""Elevators of Ben Good's Elevator: who controls one, lifts carrying their pieces, and check."""

from __future__ import annotations

from dataclasses import replace

from games.good.attacks import in_check
from games.good.cells import NAMES, POLE_NAMES
from games.good.moves import allows, legal_actions, lifts, play
from games.good.position import Position, Step
from tests.games.good.scenes import board, lift, scene, start

KINGS = {"1a7": "K", "1c7": "k"}
A2, C2, C4 = (POLE_NAMES.index(name) for name in ("a2", "c2", "c4"))


def lift_names(position: Position) -> set[tuple[str, bool]]:
    """Return the lifts the side to move may play, by pole name and direction (up or not)."""
    return {(POLE_NAMES[lift.pole], lift.to_level > lift.level) for lift in lifts(position)}


def test_a_side_moves_an_elevator_only_with_more_pieces_on_it_than_the_other() -> None:
    shafts = {"a2": 4, "b2": 4, "c2": 4, "d2": 4}
    pieces = {"3a3": "P", "3c3": "P", "3d4": "n", "3e3": "P", "3f4": "P", "3f3": "n"} | KINGS
    position = scene(pieces, shafts=shafts)
    # a2: one to none; b2: one to one; c2: two to one; d2: empty
    assert {name for name, up in lift_names(position)} >= {"a2", "c2"}
    assert not {"b2", "d2"} & {name for name, _ in lift_names(position)}
    black = scene(pieces, shafts=shafts, white=False)
    assert not {"a2", "b2", "c2", "d2"} & {name for name, _ in lift_names(black)}


def test_only_the_elevators_next_to_the_shaft_move_into_it() -> None:
    pieces = {f"{level}a3": "P" for level in "134"} | KINGS
    position = scene(pieces, shafts={"a2": 2})
    assert {(name, up) for name, up in lift_names(position) if name == "a2"} == {
        ("a2", True),
        ("a2", False),
    }
    top = scene({"3a3": "P", "2a3": "P"} | KINGS)  # shaft on level 4: only level 3 goes up
    assert {(name, up) for name, up in lift_names(top) if name == "a2"} == {("a2", True)}


def test_a_lift_carries_its_pieces_and_leaves_the_shaft_where_it_was() -> None:
    pieces = {"3a3": "P", "3b4": "n", "3a4": "R"} | KINGS
    before = scene(pieces, shafts={"a2": 4})
    after = play(before, lift(before, "a2", up=True))
    assert {name: piece for name, piece in board(after).items() if name[1] in "ab"} == {
        "4a3": "P",
        "4b4": "n",
        "4a4": "R",
        "1a7": "K",
    }
    assert after.shafts[A2] == 1 << 2 and not after.white and after.ep is None


def test_black_may_open_with_the_elevator_under_its_king() -> None:
    black = replace(start(), white=False)
    assert lift(black, "c4", up=True) in legal_actions(black)
    after = play(black, lift(black, "c4", up=True))
    assert board(after)["4e8"] == "k" and after.shafts[C4] == 1 << 2


def test_a_king_escapes_a_walker_s_check_by_lifting_its_elevator() -> None:
    position = scene({"2e4": "K", "2d2": "n", "1h8": "k"}, shafts={"c2": 3})
    assert in_check(position)
    escape = lift(position, "c2", up=True)
    assert escape in legal_actions(position)
    assert board(play(position, escape))["3e4"] == "K"


def test_a_lift_does_not_escape_a_flyer_on_the_king_s_level() -> None:
    position = scene({"2e4": "K", "2a4": "r", "1h8": "k"}, shafts={"c2": 3})
    assert in_check(position)
    assert lift(position, "c2", up=True) not in legal_actions(position)
    below = scene({"2e4": "K", "2a4": "r", "1h8": "k"}, shafts={"c2": 1})
    assert lift(below, "c2", up=False) not in legal_actions(below)


def test_a_lift_into_an_attack_is_illegal() -> None:
    position = scene({"2e4": "K", "3d2": "n", "1h8": "k"}, shafts={"c2": 3})
    assert not in_check(position) and lift(position, "c2", up=True) not in legal_actions(position)
    assert not allows(position, lift(position, "c2", up=True))


def test_in_check_only_moves_that_end_the_check_are_legal() -> None:
    position = scene({"2e1": "K", "2e8": "r", "2a2": "R", "1h8": "k"})
    assert in_check(position)
    moves = {
        (NAMES[a.start], NAMES[a.target]) for a in legal_actions(position) if isinstance(a, Step)
    }
    assert moves == {("2a2", "2e2"), ("2e1", "2d1"), ("2e1", "2d2"), ("2e1", "2f1"), ("2e1", "2f2")}
