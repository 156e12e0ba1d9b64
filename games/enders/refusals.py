"""Why an action a player named is illegal in Ender's Chess, said so that they can act on it."""

from __future__ import annotations

from games.core.pieces import kind_name, side_name
from games.enders.position import Position


def _side(position: Position) -> str:
    return side_name("white" if position.white else "black")


def drop_refusal(position: Position, kind: str, square: str, number: int) -> str:
    """Return why dropping a piece of kind on square is illegal now."""
    side = _side(position)
    board = position.geometry.board
    gate = board.gate("white" if position.white else "black")
    if square != gate:
        return f"{side} drops pieces on {side}'s gate {gate} only"
    if position.acted:
        return f"a drop comes first in a turn, and {side} has already acted this turn"
    if position.cells[position.geometry.gate(position.white)] is not None:
        return f"{side}'s gate {gate} is occupied, so {side} cannot drop this turn"
    return f"{side} has no {kind_name(kind)} in reserve on board {number}"


def move_refusal(
    position: Position, kind: str | None, start: int | None, target: int, number: int
) -> str:
    """Return why no piece of the mover's (of kind, from start) may go to target now."""
    names = position.geometry.board.shape.squares
    side = _side(position)
    piece = kind_name(kind) if kind else "piece"
    if start is None:
        return f"no {piece} of {side}'s can go to {names[target]} now on board {number}"
    symbol = position.cells[start]
    here = f"on {names[start]}"
    if symbol is None:
        return f"there is no piece {here} on board {number}"
    name = kind_name(symbol.upper())
    if not position.own(symbol):
        return f"the {name} {here} is not {side}'s"
    if kind is not None and symbol.upper() != kind:
        return f"the piece {here} is a {name}, not a {piece}"
    if start in position.moved:
        return f"the {name} {here} has already moved this turn"
    if position.own(position.cells[target]):
        return f"{side}'s own piece stands on {names[target]}"
    for step in position.geometry.steps[symbol.upper()][start]:
        if step.target == target and step.through is not None:
            return f"the {name}'s way from {names[start]} to {names[target]} is blocked"
    return f"a {name} cannot go from {names[start]} to {names[target]}"
