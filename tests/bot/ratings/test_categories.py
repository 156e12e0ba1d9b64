"""The categories rated apart and their names."""

from __future__ import annotations

import games
from bot.ratings.categories import categories, category_name, category_of


def test_elevator_chess_is_rated_by_board_count_class() -> None:
    classes = {boards: category_of("elevator", boards) for boards in (1, 2, 3, 6, 7, 1000)}
    assert classes == {
        1: "elevator:2",
        2: "elevator:2",
        3: "elevator:3-6",
        6: "elevator:3-6",
        7: "elevator:7+",
        1000: "elevator:7+",
    }
    assert category_name("elevator:2") == "Elevator Chess, two boards"
    assert category_name("elevator:3-6") == "Elevator Chess, three to six boards"
    assert category_name("elevator:7+") == "Elevator Chess, seven or more boards"


def test_every_other_game_of_the_registry_is_a_category_named_by_its_title() -> None:
    others = [kind for kind in games.KINDS if kind != "elevator"]
    assert [category_of(kind, 1) for kind in others] == others
    assert categories() == ["elevator:2", "elevator:3-6", "elevator:7+", *others]
    assert [category_name(kind) for kind in others] == [
        games.game_class(kind).TITLE for kind in others
    ]
