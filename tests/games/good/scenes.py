"""Positions of Ben Good's Elevator built by hand for the tests of its moves."""

from __future__ import annotations

from games.good.cells import CELLS, NAMES, NUMBERS, POLE_NAMES, POLES, cell, one_a_pole
from games.good.moves import legal_actions
from games.good.position import Lift, Position, Step

# The tests' own full start (helper B's setup.py holds the game's): each side fills the
# three elevators of its four home poles, Black mirrored front to back, levels turned over.
WHITE_SHAFTS = {"a1": 4, "b1": 3, "c1": 1, "d1": 2, "a2": 2, "b2": 4, "c2": 3, "d2": 1}
WHITE_BACK = {1: "RCOI..CR", 2: "RNBQKB..", 3: "ON..INBO", 4: "..COCBNN"}


def scene(
    pieces: dict[str, str],
    *,
    shafts: dict[str, int] | None = None,
    white: bool = True,
    ep: str | None = None,
    captured: str = "",
) -> Position:
    """Build a position from cell names and letters; shafts on level 4 unless named (1-4)."""
    levels = [3] * POLES
    for pole, level in (shafts or {}).items():
        levels[POLE_NAMES.index(pole)] = level - 1
    cells: list[str | None] = [None] * CELLS
    for name, letter in pieces.items():
        cells[NUMBERS[name]] = letter
    shafts_at = one_a_pole(tuple(levels))
    position = Position(tuple(cells), shafts_at, white, NUMBERS[ep] if ep else None, captured)
    assert all(position.exists(NUMBERS[name]) for name in pieces), "a piece stands in a shaft"
    return position


def start() -> Position:
    """Return a full 48-piece-a-side start (the tests' reconstruction, not the game's data)."""
    pieces: dict[str, str] = {}
    for level, row in WHITE_BACK.items():
        for file, letter in enumerate(row):
            if letter != ".":
                pieces[NAMES[cell(level - 1, file, 0)]] = letter
                pieces[NAMES[cell(level - 1, file, 1)]] = "P"
                pieces[NAMES[cell(4 - level, file, 7)]] = letter.lower()
                pieces[NAMES[cell(4 - level, file, 6)]] = "p"
    shafts = dict(WHITE_SHAFTS)
    for pole, level in WHITE_SHAFTS.items():
        shafts[f"{pole[0]}{5 - int(pole[1])}"] = 5 - level
    return scene(pieces, shafts=shafts)


def targets(position: Position, start: str) -> set[str]:
    """Return the cells the piece on a cell may legally move to (pushes and leaps alike)."""
    return {
        NAMES[action.target]
        for action in legal_actions(position)
        if isinstance(action, Step) and action.start == NUMBERS[start]
    }


def steps(position: Position, start: str, target: str) -> list[Step]:
    """Return the legal steps from one cell to another (a leap and a push may share them)."""
    return [
        action
        for action in legal_actions(position)
        if isinstance(action, Step)
        and (action.start, action.target) == (NUMBERS[start], NUMBERS[target])
    ]


def named(pushed: tuple[tuple[int, int | None], ...]) -> list[tuple[str, str | None]]:
    """Return an ox's pushes with cell names."""
    return [(NAMES[start], None if end is None else NAMES[end]) for start, end in pushed]


def board(position: Position) -> dict[str, str]:
    """Return the pieces of a position by cell name."""
    return {NAMES[number]: piece for number, piece in enumerate(position.cells) if piece}


def lift(position: Position, pole: str, *, up: bool) -> Lift:
    """Return the lift of a pole's elevator up or down into its one shaft."""
    number = POLE_NAMES.index(pole)
    shaft = position.shafts[number].bit_length() - 1
    return Lift(number, shaft - 1 if up else shaft + 1, number, shaft)
