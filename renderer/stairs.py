"""Escher's staircases on a diagram: bands along their squares, chevrons the way they move."""

from __future__ import annotations

from collections.abc import Callable

from PIL import Image, ImageDraw

from renderer.cells import Perspective, Plan, square_colour
from renderer.palette import STAIR, STAIR_MARK
from renderer.sprites import SPRITES
from views.model import BoardView


def stairs_layer(
    view: BoardView, layout: Plan, perspective: Perspective
) -> tuple[Image.Image, frozenset[str]]:
    """Return the staircases drawn on a transparent layer, and the squares they cover."""
    key = ("stairs", view.shape, view.staircases, layout.square, perspective)
    return SPRITES.get(key, lambda: _draw_stairs(view.staircases, layout))


def _draw_stairs(
    staircases: tuple[tuple[str, ...], ...], layout: Plan
) -> tuple[Image.Image, frozenset[str]]:
    """Draw each staircase as a band along its squares, chevrons pointing the way it moves.

    The band starts with a notch on its first square and ends in an arrowhead on its last:
    what leaves the last square comes back on the first. Pieces are drawn over it.
    """
    square = layout.square
    layer = Image.new("RGBA", (layout.width, layout.height))
    draw = ImageDraw.Draw(layer)
    half = max(2.5, square * 0.17)
    marks: list[list[tuple[float, float]]] = []
    for staircase in staircases:
        last = len(staircase) - 1
        for index, name in enumerate(staircase):
            ahead = staircase[index + 1] if index < last else name
            behind = name if index < last else staircase[index - 1]
            to = _cell_frame(layout, behind, ahead, name)
            if index == 0:
                band = [(0, -half), (square, -half), (square, half), (0, half), (half, 0)]
            elif index == last:
                band = [(0, -half), (square * 0.55, -half), (square * 0.55, half), (0, half)]
            else:
                band = [(0, -half), (square, -half), (square, half), (0, half)]
            fill = (*square_colour(name, STAIR), 255)
            draw.polygon([to(u, v) for u, v in band], fill=fill)
            if index == last:
                head = [(square * 0.5, -half * 1.9), (square - 1, 0), (square * 0.5, half * 1.9)]
                marks.append([to(u, v) for u, v in head])
            for at in (0.3, 0.8) if index < last else (0.3,):
                marks.append([to(u, v) for u, v in _chevron(square * at, half)])
    for mark in marks:
        draw.polygon(mark, fill=(*STAIR_MARK, 255))
    return layer, frozenset(name for staircase in staircases for name in staircase)


def _chevron(tip: float, half: float) -> list[tuple[float, float]]:
    """Return a chevron pointing along the band, its tip at tip, in (along, across) terms."""
    depth, arm, thick = half * 0.7, half * 0.8, half * 0.55
    return [
        (tip - depth, -arm),
        (tip - depth + thick, -arm),
        (tip + thick, 0),
        (tip - depth + thick, arm),
        (tip - depth, arm),
        (tip, 0),
    ]


def _cell_frame(
    layout: Plan, behind: str, ahead: str, name: str
) -> Callable[[float, float], tuple[float, float]]:
    """Return how a point (along the way, across it) of a square maps to the image.

    along runs from the edge the staircase enters the square by (0) to its exit (square).
    """
    square = layout.square
    x, y = layout.origins[name]
    (x0, y0), (x1, y1) = layout.origins[behind], layout.origins[ahead]
    dx, dy = x1 - x0, y1 - y0
    cx, cy = x + square / 2, y + square / 2
    if abs(dx) >= abs(dy):
        if dx >= 0:
            return lambda u, v: (x + u, cy + v)
        return lambda u, v: (x + square - u, cy + v)
    if dy > 0:
        return lambda u, v: (cx + v, y + u)
    return lambda u, v: (cx + v, y + square - u)


def restore_stairs(
    image: Image.Image,
    layer: Image.Image,
    at: tuple[int, int],
    square: int,
    origin: tuple[int, int],
) -> None:
    """Draw the staircases again over one square, after a highlight covered it."""
    x, y = at
    part = layer.crop((x, y, x + square, y + square))
    image.paste(part, (origin[0] + x, origin[1] + y), part)
