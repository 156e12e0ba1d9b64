"""Ben Good's Elevator as views read it: a lift's cells, read from its notation, and the placement.

A lift is written as Good writes it: `E`, the elevator's level before it moves, its pole on
the elevators' own 4x4 grid, then `U` or `D` (`E3c4U`: pole c4's elevator from level 3 up),
or in the Wonkavator `N`, `E`, `S` or `W` to the pole beside it on the same level.
"""

from __future__ import annotations

import re
from typing import Final

from games.core.beside import Lifted
from games.core.geometry import Shape
from games.core.pieces import Piece
from games.core.placement import write_placement
from games.good.cells import LEVELS, NAMES, POLE_NAMES, SIDE, pole_cells
from games.good.kinds import registry_symbol
from games.good.steps import lift_to
from games.good.text import read_fen

ELEVATOR_SIDE: Final = 2  # the side of an elevator, in cells

_LIFT: Final = re.compile(r"E([1-9])([a-z][0-9])([UDNESW])")


def lifted(notation: str) -> Lifted | None:
    """Return the cells a lift's elevator fills after it and those it left, or None for a move.

    Raise ValueError for a lift off the poles or levels of the board.
    """
    found = _LIFT.fullmatch(notation)
    if found is None:
        return None
    level_text, pole_name, way = found.groups()
    level = int(level_text) - 1
    reached = lift_to(POLE_NAMES.index(pole_name), level, way) if pole_name in POLE_NAMES else None
    if reached is None or not 0 <= level < LEVELS:
        raise ValueError(f"{notation!r} moves no elevator of the board")
    pole = POLE_NAMES.index(pole_name)
    return Lifted(_names(pole_cells(*reached)), _names(pole_cells(pole, level)))


def _names(cells: tuple[int, ...]) -> tuple[str, ...]:
    return tuple(NAMES[number] for number in cells)


def view_placement(fen: str, *, sideways: bool = False) -> str:
    """Return the placement a position of Good's as text shows, as views write any board.

    Shaft cells count as empty and Good's camel, prince and ox take the registry's letters.
    """
    position, _, _ = read_fen(fen, sideways=sideways)
    pieces = {
        NAMES[number]: Piece(
            registry_symbol(symbol).upper(), "white" if symbol.isupper() else "black"
        )
        for number, symbol in enumerate(position.cells)
        if symbol is not None
    }
    return write_placement(pieces, Shape(SIDE, SIDE, LEVELS))
