"""The categories rated apart: each game of the registry, and each size of a game that has
several (Elevator Chess by its board count)."""

from __future__ import annotations

import games


def category_of(kind: str, boards: int) -> str:
    """Return the category a game of a kind on some boards is rated in."""
    for size in games.game_class(kind).SIZES:  # refuses a kind the registry does not know
        if size.most is None or boards <= size.most:
            return f"{kind}:{size.name}"
    return kind


def categories() -> list[str]:
    """Return every category, in the registry's order."""
    found: list[str] = []
    for kind in games.KINDS:
        sizes = games.game_class(kind).SIZES
        found += [f"{kind}:{size.name}" for size in sizes] if sizes else [kind]
    return found


def category_name(category: str) -> str:
    """Return a category's name as players read it ("Elevator Chess, two boards")."""
    kind, _, name = category.partition(":")
    game = games.game_class(kind)
    for size in game.SIZES:
        if size.name == name:
            return f"{game.TITLE}, {size.words}"
    return game.TITLE
