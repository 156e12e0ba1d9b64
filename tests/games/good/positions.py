"""Positions of Ben Good's Elevator for tests, written as text with the start's shafts."""

from __future__ import annotations

import re

from games.good.position import Position
from games.good.setup import START_FEN
from games.good.text import read_fen

# Every pole's shaft as the start has it, and no piece.
SHAFTS = re.sub("[A-Za-z]", "1", START_FEN.split()[0]).split("|")


def placed(**pieces: str) -> str:
    """Return a placement of the start's shafts with pieces on named cells (`e1_2` is 2e1)."""
    rows = [[list(_expand(row)) for row in level.split("/")] for level in SHAFTS]
    for key, symbol in pieces.items():
        square, level = key.split("_")
        rows[int(level) - 1][8 - int(square[1])][ord(square[0]) - ord("a")] = symbol
    return "|".join("/".join(_pack(row) for row in level) for level in rows)


def at(turn: str = "w", ep: str = "-", captured: str = "-", **pieces: str) -> Position:
    """Return the position of pieces on the start's shafts, the kings added where not given."""
    kings = {
        key: king for key, king in (("e1_2", "K"), ("e8_3", "k")) if king not in pieces.values()
    }
    return read_fen(f"{placed(**kings, **pieces)} {turn} {ep} {captured} 0 1")[0]


def _expand(row: str) -> str:
    return "".join("." * int(c) if c.isdigit() else c for c in row)


def _pack(marks: list[str]) -> str:
    text, empty = "", 0
    for mark in marks:
        if mark == ".":
            empty += 1
            continue
        text += (str(empty) if empty else "") + mark
        empty = 0
    return text + (str(empty) if empty else "")
