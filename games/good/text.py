"""A position of Ben Good's Elevator as one line of text, like FEN: read and written exactly.

Six fields: the placement, level 1 to level 4 joined by '|', each level's ranks from 8
down to 1 joined by '/' (a letter is a piece, upper case White; a digit counts empty cells;
'-' is a cell of its pole's shaft, so each shaft is four dashes in a 2x2 block); the side
to move (w or b); the en passant cell a double step just passed over, or -; the letters of
the captured pieces, in their owner's case, or -; the halfmove and the fullmove counters.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from games.core.errors import MatchConfigError, shown
from games.core.pieces import side_name
from games.good.cells import (
    CELLS,
    LEVELS,
    NAMES,
    NUMBERS,
    POLE_NAMES,
    POLES,
    SIDE,
    cell,
    pole_cells,
    rank_of,
)
from games.good.position import LETTERS, Position

SHAFT: Final = "-"
EMPTY: Final = "."
ARMY: Final = 48  # pieces a side starts with
_SIDES: Final = {"w": True, "b": False}


def _refusal(number: int, reason: str) -> MatchConfigError:
    return MatchConfigError(f"the position for board {number} is not valid: {reason}")


def placed(
    marks: Sequence[str], number: int = 1, *, sideways: bool = False
) -> tuple[tuple[str | None, ...], tuple[int, ...]]:
    """Return the cells and each pole's shaft levels (bits) of 256 marks ('.', '-' or a letter).

    Refuses a shaft that is not one whole elevator of four dashes, and a pole without its
    one shaft; where elevators move sideways (the Wonkavator), a pole may have any number,
    but the board has as many shafts as poles.
    """
    assert len(marks) == CELLS
    cells: list[str | None] = [None] * CELLS
    for index, mark in enumerate(marks):
        if mark.upper() in LETTERS and len(mark) == 1:
            cells[index] = mark
        elif mark not in (SHAFT, EMPTY):
            raise _refusal(number, f"{shown(mark)} is not a piece of Ben Good's Elevator")
    shafts = []
    for pole in range(POLES):
        levels = [
            level
            for level in range(LEVELS)
            if any(marks[index] == SHAFT for index in pole_cells(pole, level))
        ]
        name = POLE_NAMES[pole]
        if len(levels) != 1 and not sideways:
            found = " and ".join(str(level + 1) for level in levels) or "no level"
            raise _refusal(number, f"pole {name} needs its shaft on one level, not on {found}")
        bits = 0
        for level in levels:
            standing = [index for index in pole_cells(pole, level) if marks[index] != SHAFT]
            if standing:
                raise _refusal(
                    number,
                    f"pole {name}'s shaft on level {level + 1} is four cells of '-', "
                    f"but {NAMES[standing[0]]} is not one",
                )
            bits |= 1 << level
        shafts.append(bits)
    count = sum(bits.bit_count() for bits in shafts)
    if count != POLES:
        raise _refusal(number, f"the board has {POLES} shafts, as many as its poles, not {count}")
    return tuple(cells), tuple(shafts)


def problem(position: Position) -> str | None:
    """Return why a position cannot arise in a game, or None if it may."""
    for white in (True, False):
        side = side_name("white" if white else "black")
        king = "K" if white else "k"
        kings = position.cells.count(king)
        if kings != 1:
            return f"{side} has {'no king' if not kings else f'{kings} kings'}, not one"
        pieces = sum(1 for s in position.cells if s is not None and s.isupper() == white)
        lost = sum(1 for s in position.captured if s.isupper() == white)
        if pieces + lost > ARMY:
            return f"{side} has {pieces} pieces and {lost} captured, more than {ARMY}"
    if "K" in position.captured.upper():
        return "a king is never captured: the game ends before"
    if position.ep is not None:
        return _ep_problem(position, position.ep)
    return None


def _ep_problem(position: Position, ep: int) -> str | None:
    """Return why an en passant cell does not fit the position, or None if it does."""
    mover = "black" if position.white else "white"  # the side whose pawn just stepped
    ranks = (6, 5) if position.white else (1, 2)  # ranks passed over, from 0
    ahead = ep - SIDE if position.white else ep + SIDE
    pawn = "p" if position.white else "P"
    if rank_of(ep) not in ranks or not position.exists(ep) or position.cells[ep] is not None:
        return f"{NAMES[ep]} is not an empty cell a {mover} pawn's double step passes over"
    if position.cells[ahead] != pawn:
        return f"no {mover} pawn stands on {NAMES[ahead]}, past the en passant cell {NAMES[ep]}"
    return None


def write_fen(position: Position, halfmove: int = 0, fullmove: int = 1) -> str:
    """Return a position and its move counters as text."""
    levels = []
    for level in range(LEVELS):
        rows = []
        for rank in reversed(range(SIDE)):
            row, empty = "", 0
            for file in range(SIDE):
                number = cell(level, file, rank)
                symbol = position.cells[number]
                if symbol is None and position.exists(number):
                    empty += 1
                    continue
                row += (str(empty) if empty else "") + (symbol or SHAFT)
                empty = 0
            rows.append(row + (str(empty) if empty else ""))
        levels.append("/".join(rows))
    turn = "w" if position.white else "b"
    ep = "-" if position.ep is None else NAMES[position.ep]
    captured = position.captured or "-"
    return f"{'|'.join(levels)} {turn} {ep} {captured} {halfmove} {fullmove}"


def read_fen(text: str, number: int = 1, *, sideways: bool = False) -> tuple[Position, int, int]:
    """Return the position, halfmove count and fullmove number text gives, or refuse it.

    sideways: elevators move sideways too (the Wonkavator), so a pole may have any number
    of shafts.
    """
    fields = text.split() if isinstance(text, str) else []
    if len(fields) != 6:
        raise _refusal(
            number,
            "write six fields: the four levels, the side to move, the en passant cell, "
            "the captured pieces and the two move counters",
        )
    placement, turn, ep_text, captured, halfmove, fullmove = fields
    marks = _marks(placement, number)
    cells, shafts = placed(marks, number, sideways=sideways)
    if turn not in _SIDES:
        raise _refusal(number, f"the side to move is w or b, not {shown(turn)}")
    if ep_text != "-" and ep_text not in NUMBERS:
        raise _refusal(number, f"the en passant cell is a cell (3e3) or -, not {shown(ep_text)}")
    if captured != "-" and any(letter.upper() not in LETTERS for letter in captured):
        raise _refusal(number, f"captured pieces are written with the letters {LETTERS}, or -")
    if not (halfmove.isdigit() and fullmove.isdigit() and int(fullmove) >= 1):
        raise _refusal(number, "its move counters are whole numbers, the fullmove from 1")
    position = Position(
        cells,
        shafts,
        _SIDES[turn],
        None if ep_text == "-" else NUMBERS[ep_text],
        "" if captured == "-" else captured,
        sideways,
    )
    found = problem(position)
    if found is not None:
        raise _refusal(number, found)
    return position, int(halfmove), int(fullmove)


def _marks(placement: str, number: int) -> list[str]:
    """Return the 256 marks of a placement, numbered as cells.py numbers cells."""
    levels = placement.split("|")
    if len(levels) != LEVELS:
        raise _refusal(number, f"its placement has four levels joined by '|', not {len(levels)}")
    marks = [EMPTY] * CELLS
    for level, level_text in enumerate(levels):
        rows = level_text.split("/")
        if len(rows) != SIDE:
            raise _refusal(number, f"level {level + 1} has eight ranks joined by '/'")
        for rank, row in zip(reversed(range(SIDE)), rows, strict=True):
            found: list[str] = []
            for part in re.findall(r"[0-9]+|.", row):
                if part.isdigit():
                    found += [EMPTY] * int(part)
                elif part == SHAFT or part.upper() in LETTERS:
                    found.append(part)
                else:
                    raise _refusal(number, f"{shown(part)} is not a piece of Ben Good's Elevator")
            if len(found) != SIDE:
                raise _refusal(
                    number, f"rank {rank + 1} of level {level + 1} has {len(found)} cells, not 8"
                )
            for file, mark in enumerate(found):
                marks[cell(level, file, rank)] = mark
    return marks
