"""Ender's Chess as views read it: the placement of any board, and its reserves and gates."""

from __future__ import annotations

from games.core.beside import Beside
from games.core.pieces import Piece
from games.core.placement import write_placement
from games.enders.board import EndersBoard
from games.enders.notation import read_fen
from games.enders.position import Position, geometry


def view_placement(board: EndersBoard, fen: str) -> str:
    """Return the placement of a FEN of the board as views read any board."""
    position = _position(board, fen)
    names = board.map.shape.squares
    pieces = {
        names[index]: Piece(symbol.upper(), "white" if symbol.isupper() else "black")
        for index, symbol in enumerate(position.cells)
        if symbol is not None
    }
    return write_placement(pieces, board.map.shape)


def beside(board: EndersBoard, fen: str) -> Beside:
    """Return a FEN's reserves, the board's gates and the pieces moved this turn."""
    position, found = _position(board, fen), board.map
    names = found.shape.squares
    return Beside(
        reserves=(position.reserve(True), position.reserve(False)),
        gates=(found.white_gate, found.black_gate),
        moved=tuple(names[index] for index in sorted(position.moved)),
    )


def _position(board: EndersBoard, fen: str) -> Position:
    """Read a FEN of the board as its own map lays out the cells."""
    position, _, _ = read_fen(fen, geometry(board.map), board.number)
    return position
