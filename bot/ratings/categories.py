"""The categories rated apart: each game of the registry, and Elevator Chess by board count."""

from __future__ import annotations

from typing import Final

import games

ELEVATOR: Final = "elevator"
# Elevator Chess's board-count classes: (category, fewest boards, most boards, name's tail)
ELEVATOR_CLASSES: Final = (
    ("elevator:2", 1, 2, "two boards"),
    ("elevator:3-6", 3, 6, "three to six boards"),
    ("elevator:7+", 7, None, "seven or more boards"),
)


def category_of(kind: str, boards: int) -> str:
    """Return the category a game of a kind on some boards is rated in."""
    if kind != ELEVATOR:
        games.game_class(kind)  # refuses a kind the registry does not know
        return kind
    for category, _, most, _ in ELEVATOR_CLASSES:
        if most is None or boards <= most:
            return category
    raise AssertionError("the last class takes every count")


def categories() -> list[str]:
    """Return every category, in the registry's order."""
    found: list[str] = []
    for kind in games.KINDS:
        if kind == ELEVATOR:
            found += [category for category, *_ in ELEVATOR_CLASSES]
        else:
            found.append(kind)
    return found


def category_name(category: str) -> str:
    """Return a category's name as players read it ("Elevator Chess, two boards")."""
    for known, _, _, tail in ELEVATOR_CLASSES:
        if known == category:
            return f"{games.game_class(ELEVATOR).TITLE}, {tail}"
    return games.game_class(category).TITLE
