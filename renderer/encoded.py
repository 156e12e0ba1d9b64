"""A board's image as a PNG file: composed in palette indices where the board is plain.

renderer.indexed composes the boards of plain play straight in the palette's indices; the
others are drawn in RGB (renderer.board) and mapped onto the palette. Both give the same bytes.
"""

from __future__ import annotations

from datetime import timedelta

from renderer.board import draw_board
from renderer.cells import Perspective
from renderer.diagram import shows_stairs
from renderer.errors import check_board, check_names_and_clocks, check_perspective, check_size
from renderer.indexed import indexed_board
from renderer.palette import encode, png_bytes
from renderer.turnmarks import shows_turns
from views.model import BoardView, Viewed, board_view


def board_png(
    match: Viewed,
    board: int,
    perspective: Perspective = "white",
    size: int = 640,
    *,
    names: tuple[str, str] | None = None,
    clocks: tuple[timedelta, timedelta] | None = None,
) -> bytes:
    """Return a PNG of one board, size pixels wide with its panels, seen from perspective's side.

    names and clocks, when given, are White's then Black's, shown in the header.
    """
    check_perspective(perspective)
    check_size(size)
    check_board(match, board)
    check_names_and_clocks(names, clocks)
    view = board_view(match, board)
    stairs, turns = bool(match.staircases(board)), match.MANY_ACTIONS
    return _png(view, perspective, size, names, clocks, stairs=stairs, turns=turns)


def board_view_png(
    view: BoardView,
    perspective: Perspective = "white",
    size: int = 640,
    *,
    names: tuple[str, str] | None = None,
    clocks: tuple[timedelta, timedelta] | None = None,
) -> bytes:
    """Return a PNG of a board view read earlier (board_view), as board_png draws it."""
    check_perspective(perspective)
    check_size(size)
    check_names_and_clocks(names, clocks)
    stairs, turns = shows_stairs(view), shows_turns(view)
    return _png(view, perspective, size, names, clocks, stairs=stairs, turns=turns)


def _png(
    view: BoardView,
    perspective: Perspective,
    size: int,
    names: tuple[str, str] | None,
    clocks: tuple[timedelta, timedelta] | None,
    *,
    stairs: bool,
    turns: bool,
) -> bytes:
    """Encode a board's image, composed in indices if it can be, else drawn and mapped."""
    if not (stairs or turns):
        composed = indexed_board(view, perspective, size, names=names, clocks=clocks)
        if composed is not None:
            return encode(composed)
    image = draw_board(view, perspective, size, names=names, clocks=clocks)
    return png_bytes(image, stairs=stairs, turns=turns)
