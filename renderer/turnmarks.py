"""The marks of a game whose turns are many actions (Ender's Chess): gates and moved pieces."""

from __future__ import annotations

from PIL import ImageDraw

from games.core.pieces import SIDES, Side
from renderer.palette import BLACK, GATE_MARK, MOVED_MARK, WHITE
from views.model import BoardView


def shows_turns(view: BoardView) -> bool:
    """Tell whether a view's image needs the colours of turns of many actions."""
    return view.reserves is not None


def draw_marks(
    draw: ImageDraw.ImageDraw,
    view: BoardView,
    origins: dict[str, tuple[int, int]],
    corner: tuple[int, int],
    square: int,
) -> None:
    """Frame each gate with its side's disc and tick each piece moved this turn, until the end."""
    left, top = corner
    for side, name in zip(SIDES, view.gates, strict=False):
        x, y = origins[name]
        gate(draw, (left + x, top + y), square, side)
    for name in () if view.finished else view.moved:
        x, y = origins[name]
        tick(draw, (left + x, top + y), square)


def mark_size(square: int) -> float:
    """Return the diameter of a gate's or a tick's disc in a cell square pixels wide."""
    return max(8.0, square * 0.34)


def gate(draw: ImageDraw.ImageDraw, at: tuple[int, int], square: int, side: Side) -> None:
    """Mark the cell whose top-left corner is at as side's gate: a frame and a disc of side."""
    x, y = at
    width = max(2, square // 10)
    draw.rectangle((x, y, x + square - 1, y + square - 1), outline=GATE_MARK, width=width)
    size = mark_size(square)
    inset = width + max(1.0, square / 24)
    box = (x + inset, y + square - inset - size, x + inset + size, y + square - inset)
    fill, edge = (WHITE, BLACK) if side == "white" else (BLACK, WHITE)
    draw.ellipse(box, fill=fill, outline=edge, width=max(1, round(size / 9)))


def tick(draw: ImageDraw.ImageDraw, at: tuple[int, int], square: int) -> None:
    """Put a ticked disc in the top-right corner of the cell at: its piece moved this turn."""
    size = mark_size(square)
    inset = max(1.0, square / 24)
    right, top = at[0] + square - inset, at[1] + inset
    box = (right - size, top, right, top + size)
    draw.ellipse(box, fill=MOVED_MARK, outline=WHITE, width=max(1, round(size / 10)))
    x, y = box[0], box[1]
    points = [
        (x + size * 0.27, y + size * 0.52),
        (x + size * 0.44, y + size * 0.69),
        (x + size * 0.74, y + size * 0.34),
    ]
    draw.line(points, fill=WHITE, width=max(1, round(size / 7)), joint="curve")
